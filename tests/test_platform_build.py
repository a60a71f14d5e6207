"""Each OS's branch of the build and of the app's start, checked here with the platform
faked: the recipe's per-OS parts (build_scripts/spec_parts.py), the build command's
archive and names, where the user data lands, and the window's class name."""

from __future__ import annotations

import importlib.util
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
ASSETS = ROOT / "assets"


def _load(name: str):
    spec = importlib.util.spec_from_file_location(name, ROOT / "build_scripts" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def parts():
    return _load("spec_parts")


@pytest.fixture(scope="module")
def build():
    return _load("build")


# --- the recipe's per-OS parts ---------------------------------------------------------------

@pytest.mark.parametrize("platform,icon", [("win32", "icon.ico"), ("darwin", "icon.icns"),
                                           ("linux", None)])
def test_the_icon_per_os(parts, platform, icon):
    got = parts.icon_file(ASSETS, platform)
    assert (got and Path(got).name) == icon
    if icon:
        assert (ASSETS / icon).is_file(), "make_icon.py draws it; the build needs it"


@pytest.mark.parametrize("platform", ["win32", "darwin", "linux"])
def test_no_console_window_on_any_os(parts, platform, tmp_path):
    options = parts.exe_options(platform, "0.1.0", ASSETS, tmp_path)
    assert options["console"] is False


def test_windows_gets_a_version_resource(parts, tmp_path):
    import ast

    options = parts.exe_options("win32", "1.2.3rc1", ASSETS, tmp_path)
    text = Path(options["version"]).read_text(encoding="utf-8")
    call = ast.parse(text, mode="eval").body   # PyInstaller evaluates it as one expression
    assert isinstance(call, ast.Call) and call.func.id == "VSVersionInfo"
    assert "filevers=(1, 2, 3, 0), prodvers=(1, 2, 3, 0)" in text
    for key, value in (("ProductName", "Shadows Tabletop"), ("FileVersion", "1.2.3rc1"),
                       ("OriginalFilename", "ShadowsTabletop.exe")):
        assert f"StringStruct('{key}', '{value}')" in text
    assert parts.exe_options("darwin", "1.2.3", ASSETS, tmp_path)["version"] is None
    assert parts.exe_options("linux", "1.2.3", ASSETS, tmp_path)["version"] is None


@pytest.mark.parametrize("version,numbers", [("0.1.0", (0, 1, 0, 0)), ("0.1.0rc1", (0, 1, 0, 0)),
                                             ("2", (2, 0, 0, 0)), ("1.2.3.4.5", (1, 2, 3, 4))])
def test_windows_version_numbers(parts, version, numbers):
    assert parts.windows_version_numbers(version) == numbers


def test_the_mac_bundle_info_plist(parts):
    plist = parts.mac_info_plist("0.4.2")
    assert plist["CFBundleName"] == plist["CFBundleDisplayName"] == "Shadows Tabletop"
    assert plist["CFBundleShortVersionString"] == plist["CFBundleVersion"] == "0.4.2"
    assert plist["NSHighResolutionCapable"] is True
    assert plist["LSBackgroundOnly"] is False
    assert plist["CFBundleIdentifier"] == parts.BUNDLE_ID
    import plistlib

    plistlib.dumps(plist)   # every value is one a plist can hold


@pytest.mark.parametrize("platform,bundle", [("darwin", True), ("win32", False),
                                             ("linux", False)])
def test_only_macos_wraps_the_app_in_a_bundle(parts, platform, bundle):
    assert parts.makes_app_bundle(platform) is bundle


@pytest.mark.parametrize("platform,strip,keeps_libstdcxx", [
    ("linux", True, False), ("win32", False, True), ("darwin", False, True)])
def test_strip_and_the_system_libraries_per_os(parts, platform, strip, keeps_libstdcxx):
    assert parts.strip_symbols(platform) is strip
    assert parts.keep_binary("pygame.libs/libstdc++.so.6", platform) is keeps_libstdcxx
    assert parts.keep_binary("libSDL2-2.0.so.0", platform)


# --- the build command -----------------------------------------------------------------------

@pytest.mark.parametrize("system,machine,tag", [
    ("linux", "x86_64", "linux-x86_64"), ("win32", "AMD64", "windows-x86_64"),
    ("darwin", "arm64", "macos-arm64"), ("linux", "aarch64", "linux-arm64")])
def test_platform_tag(build, system, machine, tag):
    assert build.platform_tag(system, machine) == tag


@pytest.mark.parametrize("system,suffix", [("win32", ".exe"), ("darwin", ""), ("linux", "")])
def test_one_file_executable_suffix(build, system, suffix):
    assert build.executable_suffix(system) == suffix


@pytest.mark.parametrize("system", ["win32", "darwin"])
def test_windows_and_macos_get_a_zip_linux_a_tar(build, tmp_path, system, monkeypatch):
    monkeypatch.setattr(build.shutil, "which", lambda name: None)  # no ditto off a Mac
    folder = tmp_path / "ShadowsTabletop"
    (folder / "_internal").mkdir(parents=True)
    (folder / "_internal" / "x.txt").write_text("x", encoding="utf-8")
    out = build.pack(folder, tmp_path / "Stem", system)
    assert out.name == "Stem.zip"
    assert zipfile.ZipFile(out).namelist() == ["Stem/_internal/", "Stem/_internal/x.txt"]
    tar = build.pack(folder, tmp_path / "Stem", "linux")
    assert tar.name == "Stem.tar.gz" and "Stem/_internal/x.txt" in tarfile.open(tar).getnames()


@pytest.mark.parametrize("system", ["win32", "darwin"])
def test_windows_and_macos_get_nothing_beside_the_app(build, tmp_path, system):
    assert build.write_os_extras(tmp_path, system) == []
    assert list(tmp_path.iterdir()) == []


@pytest.mark.skipif(sys.platform == "win32", reason="the installer's mode bits need POSIX")
def test_linux_gets_the_desktop_entry_icon_and_menu_installer(build, tmp_path):
    assert build.write_os_extras(tmp_path, "linux") == sorted(
        [build.DESKTOP_FILE_NAME, "shadows-tabletop.png", "install-desktop-entry.sh"])


# --- where the user data lands -----------------------------------------------------------------

def test_macos_keeps_data_in_application_support_and_logs_in_library_logs():
    from platformdirs.macos import MacOS

    from game.storage.paths import platform_dirs

    dirs = platform_dirs(MacOS)
    home = Path.home()
    assert dirs.config_dir == dirs.data_dir == home / "Library/Application Support/ShadowsTabletop"
    assert dirs.log_dir == home / "Library/Logs/ShadowsTabletop"


def test_windows_keeps_everything_in_local_appdata_without_the_name_twice(monkeypatch):
    import platformdirs.windows as windows

    from game.storage.paths import platform_dirs

    folders = {"CSIDL_LOCAL_APPDATA": "C:/Users/ann/AppData/Local",
               "CSIDL_APPDATA": "C:/Users/ann/AppData/Roaming"}
    monkeypatch.setattr(windows, "get_win_folder", folders.__getitem__)
    dirs = platform_dirs(windows.Windows)
    assert dirs.data_dir == Path("C:/Users/ann/AppData/Local/ShadowsTabletop")
    assert dirs.config_dir == dirs.data_dir
    assert dirs.log_dir == dirs.data_dir / "Logs"


def test_linux_follows_xdg(monkeypatch, tmp_path):
    from platformdirs.unix import Unix

    from game.storage.paths import platform_dirs

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    dirs = platform_dirs(Unix)
    assert dirs.data_dir == tmp_path / "data" / "ShadowsTabletop"
    assert dirs.config_dir == tmp_path / "config" / "ShadowsTabletop"
    assert dirs.log_dir == tmp_path / "state" / "ShadowsTabletop" / "log"


# --- the window's name -----------------------------------------------------------------------

def test_the_window_class_is_the_apps_name_and_a_set_value_wins():
    from game.__main__ import APP_ID, name_the_app

    environ: dict[str, str] = {}
    name_the_app(environ)
    assert environ["SDL_VIDEO_X11_WMCLASS"] == environ["SDL_VIDEO_WAYLAND_WMCLASS"] == APP_ID
    assert environ["SDL_APP_NAME"] == "Shadows Tabletop"
    mine = {"SDL_VIDEO_X11_WMCLASS": "mine"}
    name_the_app(mine)
    assert mine["SDL_VIDEO_X11_WMCLASS"] == "mine"
    build = _load("build")
    assert "StartupWMClass={app}" in build.DESKTOP_FILE and build.APP_NAME == APP_ID
