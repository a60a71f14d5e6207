"""The per-OS parts of the PyInstaller recipe (shadows.spec), as small functions that
take the platform, so that tests/test_platform_build.py can check each OS's branch on
any machine. shadows.spec calls them with ``sys.platform``."""

from __future__ import annotations

import re
from pathlib import Path

APP_NAME = "ShadowsTabletop"
DISPLAY_NAME = "Shadows Tabletop"
BUNDLE_ID = "io.github.shadows-tabletop"

# The C++ runtime is needed only by pygame's MIDI synth (fluidsynth, linked by SDL_mixer).
# The build machine's copy can ask for a newer glibc than the rest of the app, which
# would stop pygame.mixer loading on older systems; pygame's manylinux wheels are made
# to use the system's copy, which every Linux desktop has.
LINUX_SYSTEM_LIBS = ("libstdc++.so", "libgcc_s.so")


def is_linux(platform: str) -> bool:
    return platform.startswith("linux")


def makes_app_bundle(platform: str) -> bool:
    """Only macOS wraps the one-folder app in a .app bundle (with mac_info_plist)."""
    return platform == "darwin"


def icon_file(assets: Path, platform: str) -> str | None:
    """Windows takes an .ico, macOS an .icns; a Linux executable has no icon of its own
    (the .desktop file names one)."""
    if platform == "win32":
        return str(assets / "icon.ico")
    if platform == "darwin":
        return str(assets / "icon.icns")
    return None


def strip_symbols(platform: str) -> bool:
    """Stripping saves megabytes on Linux; Windows has no strip, and on macOS it would
    break the code signature PyInstaller applies."""
    return is_linux(platform)


def keep_binary(name: str, platform: str) -> bool:
    return not (is_linux(platform) and Path(name).name.startswith(LINUX_SYSTEM_LIBS))


def windows_version_numbers(version: str) -> tuple[int, int, int, int]:
    """Windows wants four numbers; "0.1.0rc1" gives (0, 1, 0, 0)."""
    numbers = [int(re.match(r"\d*", part).group() or 0) for part in version.split(".")[:4]]
    return tuple(numbers + [0] * (4 - len(numbers)))  # type: ignore[return-value]


def windows_version_strings(version: str) -> dict[str, str]:
    """What Explorer shows under Properties -> Details."""
    return {
        "CompanyName": "Shadows Tabletop contributors",
        "FileDescription": DISPLAY_NAME,
        "FileVersion": version,
        "InternalName": APP_NAME,
        "LegalCopyright": "MIT licence",
        "OriginalFilename": APP_NAME + ".exe",
        "ProductName": DISPLAY_NAME,
        "ProductVersion": version,
    }


def windows_version_file(version: str) -> str:
    """The .exe's version resource as PyInstaller's version-file text (what
    ``pyi-grab_version`` prints). A text rather than PyInstaller's VSVersionInfo object:
    that module imports pywin32 and exists only on Windows, the text can be checked on
    any OS."""
    numbers = windows_version_numbers(version)
    strings = ",\n".join(f"          StringStruct({k!r}, {v!r})"
                         for k, v in windows_version_strings(version).items())
    return f"""VSVersionInfo(
  ffi=FixedFileInfo(filevers={numbers}, prodvers={numbers}, mask=0x3f, flags=0x0,
                    OS=0x40004, fileType=0x1, subtype=0x0, date=(0, 0)),
  kids=[
    StringFileInfo([
      StringTable('040904B0', [
{strings}])]),
    VarFileInfo([VarStruct('Translation', [1033, 1200])])
  ]
)
"""


def exe_options(platform: str, version: str, assets: Path, work: Path) -> dict:
    """EXE() arguments that differ by OS. console=False everywhere: no terminal window
    opens beside the game on Windows, and macOS gets a windowed .app. On Windows the
    version resource is written to ``work``/version_info.txt, which EXE() reads."""
    version_file = None
    if platform == "win32":
        work.mkdir(parents=True, exist_ok=True)
        version_file = work / "version_info.txt"
        version_file.write_text(windows_version_file(version), encoding="utf-8")
    return {
        "console": False,
        "icon": icon_file(assets, platform),
        "version": None if version_file is None else str(version_file),
        "strip": strip_symbols(platform),
    }


def mac_info_plist(version: str) -> dict:
    """The .app bundle's Info.plist entries (PyInstaller adds the executable's name)."""
    return {
        "CFBundleName": DISPLAY_NAME,
        "CFBundleDisplayName": DISPLAY_NAME,
        "CFBundleIdentifier": BUNDLE_ID,
        "CFBundleShortVersionString": version,
        "CFBundleVersion": version,
        "NSHighResolutionCapable": True,     # sharp text on Retina screens
        "LSBackgroundOnly": False,           # a windowed app with a Dock icon, no terminal
        "LSApplicationCategoryType": "public.app-category.board-games",
        "LSMinimumSystemVersion": "11.0",    # the oldest macOS with Apple silicon
        "NSHumanReadableCopyright": "MIT licence",
    }
