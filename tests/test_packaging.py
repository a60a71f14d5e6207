"""Fast checks of the packaging recipe. PyInstaller itself runs in .ci/build_smoke.sh,
never here: a build takes minutes and this suite must stay quick."""

from __future__ import annotations

import ast
import importlib.util
import re
import shutil
import stat
import struct
import subprocess
import sys
import tarfile
from pathlib import Path

import pytest
import source_trees

ROOT = Path(__file__).resolve().parent.parent
BUILD_SCRIPTS = ROOT / "build_scripts"
SPEC = BUILD_SCRIPTS / "shadows.spec"
SMOKE = ROOT / ".ci" / "build_smoke.sh"
posix_shell = pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX sh")


def _load(name: str):
    spec = importlib.util.spec_from_file_location(name, BUILD_SCRIPTS / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def build():
    return _load("build")


@pytest.fixture(scope="module")
def make_icon():
    return _load("make_icon")


@pytest.fixture(scope="module")
def spec_text():
    return SPEC.read_text(encoding="utf-8")


# --- the spec ------------------------------------------------------------------------------

def test_spec_excludes_what_the_app_does_not_use(spec_text):
    excludes = re.search(r"EXCLUDES = \[(.*?)\n\]", spec_text, re.S).group(1)
    for module in ("numpy", "tkinter", "_tkinter", "pytest", "hypothesis", "setuptools",
                   "pygame.tests", "pygame.examples", "pygame.surfarray"):
        assert f'"{module}"' in excludes, module


def test_the_app_imports_nothing_the_spec_excludes(spec_text):
    # A module left out of the frozen app would only fail there, after a double-click.
    excluded = set(re.findall(r'"([\w.]+)"', re.search(r"EXCLUDES = \[(.*?)\n\]", spec_text,
                                                          re.S).group(1)))
    offenders = []
    for path in (ROOT / "game").rglob("*.py"):
        for node in source_trees.nodes(path):
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                names = [node.module]
            else:
                continue
            for name in names:
                parts = name.split(".")
                if any(".".join(parts[:i]) in excluded for i in range(1, len(parts) + 1)):
                    offenders.append(f"{path.relative_to(ROOT)}: {name}")
    assert offenders == []


def test_spec_drops_the_cjk_fonts_but_keeps_their_licences(spec_text):
    for font in ("NotoSansKR-", "NotoSansSC-"):
        assert f'"pygame_gui/data/{font}"' in spec_text
    assert "NotoSansJP" not in spec_text      # the app speaks Japanese (issue 41)
    assert 'glob("*/LC_MESSAGES/*.mo")' in spec_text   # every language's catalog
    assert '"pygame_gui/data/licenses"' in spec_text
    gui = Path(importlib.util.find_spec("pygame_gui").origin).parent
    assert list((gui / "data" / "licenses").glob("*LICENSE*")), "nothing to keep?"


def test_spec_builds_a_windowed_app_without_upx(spec_text):
    # console=False, the Info.plist and the system libraries: spec_parts.py, checked per OS
    # in tests/test_platform_build.py
    assert "spec_parts.exe_options(sys.platform" in spec_text
    assert "upx=True" not in spec_text and spec_text.count("upx=False") >= 2
    assert "BUNDLE(" in spec_text and "spec_parts.mac_info_plist(version)" in spec_text
    assert 'prefix="assets"' in spec_text  # resources.asset_path looks in _MEIPASS/assets
    assert "launcher.py" in spec_text
    assert "spec_parts.keep_binary(entry[0], sys.platform)" in spec_text
    assert "spec_parts.makes_app_bundle(sys.platform)" in spec_text
    # No other platform test in the recipe: each one is a spec_parts function with a test.
    assert spec_text.count("sys.platform") == 3 and "darwin" not in spec_text


def test_spec_collects_the_games_the_catalogue_imports_by_name(spec_text):
    from dataclasses import fields

    from game.catalog import GAMES, Lazy

    assert 'collect_submodules("game")' in spec_text
    stored = [vars(spec)[f.name] for spec in GAMES for f in fields(spec)]  # unresolved
    paths = [value.path for value in stored if isinstance(value, Lazy)]
    assert paths and all(path.startswith("game.") for path in paths)


def test_launcher_calls_the_console_entry_point():
    launcher = (BUILD_SCRIPTS / "launcher.py").read_text(encoding="utf-8")
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert 'shadows-tabletop = "game.__main__:main"' in pyproject
    assert "from game.__main__ import main" in launcher
    import game.__main__

    assert _load("launcher").main is game.__main__.main  # importing it must not start the app


# --- the build command -------------------------------------------------------------------------

def test_version_comes_from_pyproject(build):
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    expected = re.search(r'^version = "([^"]+)"', text, re.M).group(1)
    assert build.read_version() == expected
    assert build.scan_version(text) == expected  # the Python 3.10 path agrees


def test_version_scan_reads_only_the_project_table(build):
    text = ('[tool.other]\nversion = "9.9"\n\n[project]\nname = "x"\nversion = "1.2.3"\n'
            '\n[tool.more]\nversion = "7"\n')
    assert build.scan_version(text) == "1.2.3"
    with pytest.raises(ValueError):
        build.scan_version('[tool.x]\nversion = "1"\n')


def test_artefact_name_holds_version_and_platform(build):
    tag = build.platform_tag()
    assert re.fullmatch(r"(linux|windows|macos|[a-z0-9]+)-[a-z0-9_]+", tag), tag
    assert build.artefact_stem("0.1.0") == f"ShadowsTabletop-0.1.0-{tag}"
    if sys.platform.startswith("linux"):
        assert tag.startswith("linux-")


@posix_shell
def test_linux_extras_desktop_file_and_menu_installer(build, tmp_path):
    build.write_linux_extras(tmp_path)
    desktop = (tmp_path / build.DESKTOP_FILE_NAME).read_text(encoding="utf-8")
    lines = desktop.splitlines()
    assert lines[0] == "[Desktop Entry]"
    entries = dict(line.split("=", 1) for line in lines[1:] if line)
    assert entries["Type"] == "Application" and entries["Name"] == "Shadows Tabletop"
    assert entries["Terminal"] == "false"
    assert entries["Exec"].endswith("%k") and "/ShadowsTabletop" in entries["Exec"]
    # The Desktop Entry spec allows only double quotes, and $ inside them as \\$.
    assert "'" not in entries["Exec"]
    assert re.findall(r"(?<!\\\\)\$", entries["Exec"]) == []
    if shutil.which("desktop-file-validate"):
        subprocess.run(["desktop-file-validate", str(tmp_path / build.DESKTOP_FILE_NAME)],
                       check=True)
    assert entries["Categories"].endswith(";")
    assert (tmp_path / "shadows-tabletop.png").read_bytes() == (
        ROOT / "assets" / "icon.png").read_bytes()
    installer = tmp_path / "install-desktop-entry.sh"
    assert installer.stat().st_mode & stat.S_IXUSR
    subprocess.run(["sh", "-n", str(installer)], check=True)


@posix_shell
def test_linux_menu_installer_writes_absolute_paths(build, tmp_path):
    folder = tmp_path / "Shadows Tabletop folder"
    folder.mkdir()
    build.write_linux_extras(folder)
    data_home = tmp_path / "xdg"
    subprocess.run(["sh", str(folder / "install-desktop-entry.sh")], check=True,
                   capture_output=True, env={"PATH": "/usr/bin:/bin", "HOME": str(tmp_path),
                                             "XDG_DATA_HOME": str(data_home)})
    entry = (data_home / "applications" / build.DESKTOP_FILE_NAME).read_text(encoding="utf-8")
    assert f'Exec="{folder}/ShadowsTabletop"' in entry.splitlines()
    if shutil.which("desktop-file-validate"):
        subprocess.run(["desktop-file-validate",
                        str(data_home / "applications" / build.DESKTOP_FILE_NAME)], check=True)
    assert (data_home / "icons/hicolor/256x256/apps/shadows-tabletop.png").is_file()


def test_pack_keeps_the_executable_bit_under_a_versioned_top_folder(build, tmp_path):
    folder = tmp_path / "ShadowsTabletop"
    (folder / "_internal").mkdir(parents=True)
    exe = folder / "ShadowsTabletop"
    exe.write_bytes(b"#!/bin/sh\n")
    exe.chmod(0o755)
    (folder / "_internal" / "data.txt").write_text("x", encoding="utf-8")
    out = build.pack(folder, tmp_path / "ShadowsTabletop-0.1.0-test")
    if sys.platform.startswith("linux"):
        assert out.name == "ShadowsTabletop-0.1.0-test.tar.gz"
        with tarfile.open(out) as tar:
            member = tar.getmember("ShadowsTabletop-0.1.0-test/ShadowsTabletop")
            assert member.mode & 0o111
            assert "ShadowsTabletop-0.1.0-test/_internal/data.txt" in tar.getnames()
    else:
        assert out.suffix == ".zip"


# --- the icon ----------------------------------------------------------------------------------

def test_icon_generator_draws_a_png_of_the_right_size(make_icon, tmp_path):
    import pygame

    paths = make_icon.write_icons(tmp_path)
    image = pygame.image.load(str(paths["png"]))
    assert image.get_size() == (make_icon.PNG_SIZE, make_icon.PNG_SIZE) == (256, 256)
    assert paths["png"].read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    # Transparent rounded corners, an opaque middle.
    assert image.get_at((0, 0)).a == 0
    assert image.get_at((128, 128)).a == 255


def test_ico_directory_lists_every_size_as_png(make_icon, tmp_path):
    data = make_icon.write_icons(tmp_path)["ico"].read_bytes()
    reserved, kind, count = struct.unpack_from("<HHH", data)
    assert (reserved, kind, count) == (0, 1, len(make_icon.ICO_SIZES))
    sizes = []
    for i in range(count):
        w, h, _, _, planes, bpp, size, offset = struct.unpack_from("<BBBBHHII", data, 6 + 16 * i)
        assert (planes, bpp) == (1, 32) and w == h
        assert data[offset:offset + 8] == b"\x89PNG\r\n\x1a\n"
        assert offset + size <= len(data)
        sizes.append(w or 256)
    assert sizes == sorted(make_icon.ICO_SIZES)


def test_icns_elements_add_up(make_icon, tmp_path):
    data = make_icon.write_icons(tmp_path)["icns"].read_bytes()
    assert data[:4] == b"icns" and struct.unpack(">I", data[4:8])[0] == len(data)
    pos, kinds = 8, []
    while pos < len(data):
        kind, length = data[pos:pos + 4], struct.unpack(">I", data[pos + 4:pos + 8])[0]
        assert data[pos + 8:pos + 16] == b"\x89PNG\r\n\x1a\n"
        kinds.append(kind)
        pos += length
    assert pos == len(data)
    assert kinds == [k for k, _ in make_icon.ICNS_TYPES]


def test_committed_icons_are_present(make_icon):
    import pygame

    for name in ("icon.png", "icon.ico", "icon.icns"):
        assert (ROOT / "assets" / name).stat().st_size > 1000, name
    assert pygame.image.load(str(ROOT / "assets" / "icon.png")).get_size() == (256, 256)


# --- the CI smoke test ------------------------------------------------------------------------------

@posix_shell
def test_build_smoke_script_runs_both_self_tests():
    text = SMOKE.read_text(encoding="utf-8")
    assert SMOKE.stat().st_mode & stat.S_IXUSR
    subprocess.run(["bash", "-n", str(SMOKE)], check=True)
    assert "build_scripts/build.py" in text
    assert text.count("--self-test") >= 2
    assert "SDL_VIDEODRIVER=dummy" in text and "xvfb-run" in text
    assert "set -euo pipefail" in text
