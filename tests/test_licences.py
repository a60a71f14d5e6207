"""Licences: the build carries the licence text of everything it bundles, the credits
name it all, the release pins it, and the About screen shows version, build and credits.
The build itself runs in .ci/build_smoke.sh, which checks the same list in the archive."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest
from ui_helpers import click, key, step

from game.ui.scenes import about
from game.ui.scenes.about import AboutScene, about_blocks
from game.ui.scenes.settings import SettingsScene

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def licences():
    spec = importlib.util.spec_from_file_location(
        "licences", ROOT / "build_scripts" / "licences.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _norm(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def test_the_bundled_distributions_are_the_apps_run_time_requirements(licences):
    names = {_norm(n) for n in licences.bundled_distributions()}
    for needed in ("pygame-ce", "pygame-gui", "platformdirs", "aiohttp", "segno",
                   "python-i18n", "multidict", "yarl"):
        assert needed in names
    for tool in ("pytest", "pyinstaller", "ruff", "hypothesis", "selenium", "zizmor"):
        assert tool not in names, "a test or build tool is not bundled"


def test_each_bundled_distribution_has_its_licence_file_in_the_build(licences):
    collected = licences.collect()
    by_folder: dict[str, list[Path]] = {}
    for source, folder in collected:
        by_folder.setdefault(folder, []).append(Path(source))
    for name in licences.bundled_distributions() + ["Python", "SDL2"]:
        files = by_folder.get(f"licenses/{name}", [])
        assert files, f"no licence text for {name}"
        assert all(f.is_file() and f.stat().st_size > 200 for f in files), files
    pygame_ce = [f.name for f in by_folder["licenses/pygame-ce"]]
    assert "LGPL-2.1.txt" in pygame_ce and "pygame-ce-SWAPPING.txt" in pygame_ce
    fonts = [f.name for f in by_folder["licenses/pygame_gui"]]
    assert "NotoSans-LICENSE.txt" in fonts   # the OFL of the font the app draws with


def test_the_lgpl_text_and_how_to_swap_pygame_ce(licences):
    lgpl = (licences.TEXTS / "LGPL-2.1.txt").read_text(encoding="utf-8")
    assert "GNU LESSER GENERAL PUBLIC LICENSE" in lgpl and "Version 2.1" in lgpl
    swap = (licences.TEXTS / "pygame-ce-SWAPPING.txt").read_text(encoding="utf-8")
    assert "Replace the `pygame/` folder" in swap
    spec = (ROOT / "build_scripts" / "shadows.spec").read_text(encoding="utf-8")
    # the swap works only if pygame stays loose files, not packed into the executable
    assert 'module_collection_mode={"pygame": "py"}' in spec
    assert "licences.collect()" in spec and "write_third_party" in spec


def test_third_party_lists_every_bundled_distribution_and_sdl(licences, tmp_path):
    text = licences.write_third_party(tmp_path).read_text(encoding="utf-8")
    for name in licences.bundled_distributions():
        assert f"\n{name} " in text
    assert "SDL2" in text and "Python" in text and "Open Font License" in text


@pytest.mark.parametrize("platform,where", [("win32", "LICENSE.txt"),
                                            ("linux", "lib/python3.12/LICENSE.txt"),
                                            ("darwin", "lib/python3.12/LICENSE.txt")])
def test_pythons_own_licence_per_os(licences, tmp_path, platform, where):
    (tmp_path / where).parent.mkdir(parents=True, exist_ok=True)
    (tmp_path / where).write_text("PSF", encoding="utf-8")
    assert licences.python_licence(str(tmp_path), platform, (3, 12)) == tmp_path / where


def test_every_bundled_distribution_is_pinned_for_the_release(licences):
    pins = {_norm(m.group(1)): m.group(2) for m in re.finditer(
        r"^([A-Za-z0-9_.-]+)==(\S+)", (ROOT / "build_scripts" / "constraints.txt").read_text(
            encoding="utf-8"), re.M)}
    for name in licences.bundled_distributions() + ["pyinstaller"]:
        assert _norm(name) in pins, f"{name} is bundled but not pinned"


def test_the_credits_name_every_bundled_distribution(licences):
    credited = about.credit_names().replace("_", "-")
    for name in licences.bundled_distributions():
        assert _norm(name) in credited, f"{name} is bundled but not credited"


def test_the_version_line_from_source_and_from_a_build(monkeypatch, tmp_path):
    git = tmp_path / ".git"
    (git / "refs" / "heads").mkdir(parents=True)
    (git / "HEAD").write_text("ref: refs/heads/main\n", encoding="utf-8")
    (git / "refs" / "heads" / "main").write_text("0123456789abcdef\n", encoding="utf-8")
    assert about.source_commit(tmp_path) == "0123456"
    assert about.source_commit(tmp_path / "nowhere") == ""
    monkeypatch.setattr(about, "build_info", lambda: {
        "version": "9.9.9", "commit": "abc1234", "built": "2026-12-06 05:00 UTC"})
    monkeypatch.setattr("game.crash.app_version", lambda: "9.9.9")
    assert about.version_line() == "Version 9.9.9, build abc1234 of 2026-12-06 05:00 UTC"
    text = " ".join(b.text for b in about_blocks())
    assert "build abc1234" in text and "pygame-ce: LGPL 2.1" in text


def test_about_opens_from_settings_and_shows_version_and_credits(app):
    click(app, "#settings")
    assert isinstance(app.top, SettingsScene)
    click(app, "#about")
    assert isinstance(app.top, AboutScene)
    text = " ".join(b.text for b in app.top.panel.blocks)
    assert about.version_line() in text and "Version " in text
    assert "SDL 2" in text and "Open Font License" in text
    key(app, 27)   # Esc goes back to Settings
    step(app, 2)
    assert isinstance(app.top, SettingsScene)


def test_a_frozen_build_reads_its_version_and_commit_from_its_build_info(monkeypatch, tmp_path):
    """The frozen-or-source branch (``sys._MEIPASS``, set by PyInstaller's bootloader):
    a build reads build_info.json beside its code, a checkout has none and asks the
    package metadata; a damaged file counts as none."""
    import json
    import sys

    from game import crash

    monkeypatch.delattr(sys, "_MEIPASS", raising=False)
    assert about.build_info() == {} and "commit" not in crash.versions()
    (tmp_path / crash.BUILD_INFO_NAME).write_text(json.dumps({
        "version": "9.9.9", "commit": "abc1234", "built": "2026-12-06 05:00 UTC"}),
        encoding="utf-8")
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert about.build_info()["commit"] == "abc1234"
    assert crash.app_version() == "9.9.9"
    found = crash.versions()
    assert found["app"] == "9.9.9" and found["commit"] == "abc1234"
    assert found["built"] == "2026-12-06 05:00 UTC"
    assert about.version_line() == "Version 9.9.9, build abc1234 of 2026-12-06 05:00 UTC"
    (tmp_path / crash.BUILD_INFO_NAME).write_text("{ damaged", encoding="utf-8")
    assert about.build_info() == {} and crash.app_version() != "9.9.9"
