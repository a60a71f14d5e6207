"""Build the double-click app for the current OS with PyInstaller.

    pip install -e ".[build]" && python build_scripts/build.py [--onefile]

Produces, from a clean checkout:

* ``dist/ShadowsTabletop/`` - the one-folder windowed app (the main artefact: it starts
  fastest). Linux: run ``ShadowsTabletop`` in it; a ``.desktop`` file and an installer
  for the application menu sit beside it. Windows: ``ShadowsTabletop.exe``.
* ``dist/ShadowsTabletop.app`` - on macOS, the same as an application bundle.
* ``dist/ShadowsTabletop-<version>-<os>-<arch>.tar.gz`` (Linux) or ``.zip`` (Windows,
  macOS) - that folder or bundle, packed for download.
* with ``--onefile`` also ``dist/ShadowsTabletop-<version>-<os>-<arch>[.exe]``, a single
  executable (slower to start: it unpacks itself on every launch).

The version comes from pyproject.toml. The icon files in assets/ are drawn by
make_icon.py when missing (or always, with --icons).
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import platform
import re
import shutil
import subprocess
import sys
import tarfile
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "build_scripts" / "shadows.spec"
APP_NAME = "ShadowsTabletop"
DIST = ROOT / "dist"
WORK = ROOT / "build" / "pyinstaller"
BUILD_INFO = ROOT / "build" / "build_info.json"
BUNDLED_PACKAGES = ("pygame-ce", "pygame-gui", "platformdirs", "python-i18n", "pyinstaller")

DESKTOP_FILE = """\
[Desktop Entry]
Type=Application
Version=1.0
Name=Shadows Tabletop
GenericName=Card and board games
Comment=Chasing Shadows, Harsh Shadows and Shadow Hunters on one table
Exec={exec_line}
Icon={icon}
Terminal=false
Categories=Game;CardGame;BoardGame;
Keywords=cards;trick-taking;deduction;hidden identity;
StartupWMClass={app}
"""

# A .desktop file cannot point at files relative to itself, so the one shipped in the
# folder runs the executable found beside it (%k is the .desktop file's own path), and
# this script writes a menu entry with absolute paths for wherever the folder now lives.
INSTALL_SCRIPT = """\
#!/bin/sh
# Adds Shadows Tabletop to your application menu (for this user only).
# Run it again after moving this folder; remove with: {uninstall}
set -e
here=$(cd "$(dirname "$0")" && pwd)
apps="${{XDG_DATA_HOME:-$HOME/.local/share}}/applications"
icons="${{XDG_DATA_HOME:-$HOME/.local/share}}/icons/hicolor/256x256/apps"
mkdir -p "$apps" "$icons"
cp "$here/{icon_file}" "$icons/{icon_name}.png"
sed -e "s|^Exec=.*|Exec=\\"$here/{app}\\"|" -e "s|^Icon=.*|Icon={icon_name}|" \\
    "$here/{desktop_file}" > "$apps/{desktop_file}"
chmod +x "$apps/{desktop_file}"
command -v update-desktop-database >/dev/null 2>&1 && update-desktop-database "$apps" || true
echo "Shadows Tabletop is now in your application menu ($apps/{desktop_file})."
"""
DESKTOP_FILE_NAME = "shadows-tabletop.desktop"
# sh -c 'exec "$(dirname "$1")/ShadowsTabletop"' sh <this .desktop file>, written the way
# the Desktop Entry spec wants it: only double quotes, and inside them \" and \$ - each
# backslash doubled again because the value itself is an escaped string.
RELATIVE_EXEC = r'sh -c "exec \\"\\$(dirname \\"\\$1\\")/{app}\\"" sh %k'
ICON_NAME = "shadows-tabletop"


def read_version(pyproject: Path = ROOT / "pyproject.toml") -> str:
    """The [project] version from pyproject.toml (tomllib on 3.11+, a plain scan on 3.10)."""
    text = pyproject.read_text(encoding="utf-8")
    try:
        import tomllib
    except ImportError:
        return scan_version(text)
    return tomllib.loads(text)["project"]["version"]


def scan_version(text: str) -> str:
    """The [project] table's version line, for Pythons without tomllib."""
    section = re.search(r"^\[project\]\s*$(.*?)(?=^\[|\Z)", text, re.M | re.S)
    found = section and re.search(r'^version\s*=\s*"([^"]+)"', section.group(1), re.M)
    if not found:
        raise ValueError("no version in the [project] table of pyproject.toml")
    return found.group(1)


def platform_tag(system: str | None = None, machine: str | None = None) -> str:
    """linux-x86_64, windows-x86_64, macos-arm64 and so on."""
    system = system or sys.platform
    system = {"win32": "windows", "darwin": "macos"}.get(system, system)
    if system.startswith("linux"):
        system = "linux"
    machine = (machine or platform.machine()).lower()
    machine = {"amd64": "x86_64", "x64": "x86_64", "aarch64": "arm64"}.get(machine, machine)
    return f"{system}-{machine}"


def artefact_stem(version: str) -> str:
    return f"{APP_NAME}-{version}-{platform_tag()}"


def folder_size(path: Path) -> int:
    if path.is_file():
        return path.stat().st_size
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink())


def mib(n: int) -> str:
    return f"{n / 2**20:.1f} MiB"


def check_environment() -> None:
    """Fail early, with the fix, on the usual mistakes."""
    try:
        import PyInstaller  # noqa: F401
    except ImportError:
        sys.exit('PyInstaller is missing: pip install -e ".[build]"')
    import importlib.metadata as md

    try:
        md.version("pygame")
    except md.PackageNotFoundError:
        pass
    else:
        sys.exit("classic 'pygame' is installed beside pygame-ce and breaks pygame-gui: "
                 "pip uninstall pygame && pip install --force-reinstall pygame-ce")
    for dist in ("pygame-ce", "pygame-gui", "platformdirs"):
        try:
            md.version(dist)
        except md.PackageNotFoundError:
            sys.exit(f'{dist} is missing from this Python: pip install -e ".[build]"')


def ensure_icons(force: bool) -> None:
    wanted = [ROOT / "assets" / n for n in ("icon.png", "icon.ico", "icon.icns")]
    if force or not all(p.is_file() for p in wanted):
        sys.path.insert(0, str(ROOT / "build_scripts"))
        import make_icon

        make_icon.write_icons(ROOT / "assets")


def write_build_info(version: str) -> Path:
    commit = ""
    try:
        commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT,
                                capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        pass
    import importlib.metadata as md

    info = {
        "version": version,
        "built": dt.datetime.now(dt.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        "commit": commit,
        "platform": platform_tag(),
        # The frozen app has no package metadata to ask; crash reports read these.
        "packages": {name: md.version(name) for name in BUNDLED_PACKAGES},
    }
    BUILD_INFO.parent.mkdir(parents=True, exist_ok=True)
    BUILD_INFO.write_text(json.dumps(info, indent=1) + "\n", encoding="utf-8", newline="\n")
    return BUILD_INFO


def run_pyinstaller(distpath: Path, onefile: bool, entry: Path | None) -> None:
    spec_args = ["--build-info", str(BUILD_INFO)]
    if onefile:
        spec_args.append("--onefile")
    if entry is not None:
        spec_args += ["--entry", str(entry)]
    cmd = [sys.executable, "-m", "PyInstaller", str(SPEC), "--noconfirm", "--clean",
           "--log-level", "WARN", "--distpath", str(distpath),
           "--workpath", str(WORK / ("onefile" if onefile else "onedir")),
           "--", *spec_args]
    print("+", " ".join(cmd), flush=True)
    subprocess.run(cmd, cwd=ROOT, check=True)


def executable_suffix(system: str | None = None) -> str:
    return ".exe" if (system or sys.platform) == "win32" else ""


def write_linux_extras(folder: Path) -> None:
    icon_file = "shadows-tabletop.png"
    shutil.copy2(ROOT / "assets" / "icon.png", folder / icon_file)
    desktop = folder / DESKTOP_FILE_NAME
    desktop.write_text(DESKTOP_FILE.format(
        exec_line=RELATIVE_EXEC.format(app=APP_NAME),
        icon=ICON_NAME, app=APP_NAME), encoding="utf-8", newline="\n")
    desktop.chmod(0o755)
    installer = folder / "install-desktop-entry.sh"
    installer.write_text(INSTALL_SCRIPT.format(
        app=APP_NAME, icon_file=icon_file, icon_name=ICON_NAME,
        desktop_file=DESKTOP_FILE_NAME,
        uninstall=f"rm ~/.local/share/applications/{DESKTOP_FILE_NAME}"), encoding="utf-8",
        newline="\n")
    installer.chmod(0o755)


def write_os_extras(folder: Path, system: str | None = None) -> list[str]:
    """What the one-folder app gets beside it for this OS: on Linux the desktop entry, its
    icon and the menu installer; Windows and macOS need nothing (the .exe and the .app
    carry their icons). Returns the names written."""
    if not (system or sys.platform).startswith("linux"):
        return []
    write_linux_extras(folder)
    return sorted(p.name for p in folder.iterdir()
                  if p.name in (DESKTOP_FILE_NAME, "shadows-tabletop.png",
                                "install-desktop-entry.sh"))


def pack(source: Path, archive_stem: Path, system: str | None = None) -> Path:
    """Pack a folder (or .app bundle): .tar.gz on Linux, .zip elsewhere."""
    system = system or sys.platform
    if system.startswith("linux"):
        out = archive_stem.with_name(archive_stem.name + ".tar.gz")
        with tarfile.open(out, "w:gz", compresslevel=6) as tar:
            tar.add(source, arcname=archive_stem.name)
        return out
    out = archive_stem.with_name(archive_stem.name + ".zip")
    if system == "darwin" and shutil.which("ditto"):
        # ditto keeps the bundle's symlinks, permissions and signature intact.
        subprocess.run(["ditto", "-c", "-k", "--sequesterRsrc", "--keepParent",
                        str(source), str(out)], check=True)
        return out
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=6) as zf:
        for path in sorted(source.rglob("*")):
            zf.write(path, Path(archive_stem.name) / path.relative_to(source))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build the Shadows Tabletop app for this OS.")
    parser.add_argument("--onefile", action="store_true",
                        help="also build a single-file executable")
    parser.add_argument("--no-archive", action="store_true",
                        help="skip the .tar.gz/.zip (faster, for smoke tests)")
    parser.add_argument("--icons", action="store_true", help="redraw the icon files first")
    parser.add_argument("--entry", type=Path, default=None,
                        help=argparse.SUPPRESS)  # another entry script, to try the recipe
    args = parser.parse_args(argv)

    started = time.monotonic()
    check_environment()
    version = read_version()
    stem = artefact_stem(version)
    print(f"Building Shadows Tabletop {version} for {platform_tag()}", flush=True)
    ensure_icons(args.icons)
    write_build_info(version)
    DIST.mkdir(exist_ok=True)
    for old in DIST.glob(f"{APP_NAME}*"):
        # Old builds would be packed along with the new one otherwise.
        if old.is_dir() and not old.is_symlink():
            shutil.rmtree(old)
        else:
            old.unlink()

    run_pyinstaller(DIST, onefile=False, entry=args.entry)
    folder = DIST / APP_NAME
    write_os_extras(folder)
    bundle = DIST / f"{APP_NAME}.app"
    made = {"one-folder app": folder}
    if bundle.is_dir():
        made["macOS bundle"] = bundle
    if not args.no_archive:
        made["archive"] = pack(bundle if bundle.is_dir() else folder, DIST / stem)

    if args.onefile:
        staging = ROOT / "build" / "onefile-dist"
        shutil.rmtree(staging, ignore_errors=True)
        run_pyinstaller(staging, onefile=True, entry=args.entry)
        suffix = executable_suffix()
        single = DIST / (stem + suffix)
        shutil.move(str(staging / (APP_NAME + suffix)), single)
        made["one-file executable"] = single

    print(f"\nDone in {time.monotonic() - started:.0f} s:")
    for what, path in made.items():
        print(f"  {what:20} {path.relative_to(ROOT)}  ({mib(folder_size(path))})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
