"""The CI and release workflows, and the cross-platform frozen smoke test they run.

actionlint and zizmor check the workflows in .ci/run; these tests hold the project's own
rules for them (full-hash pins, least permissions, the three OSes) and fake each OS for
the smoke test's platform branches."""

from __future__ import annotations

import importlib.util
import io
import os
import re
import tarfile
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
WORKFLOWS = ROOT / ".github" / "workflows"


def _load(name: str):
    path = next((ROOT / "build_scripts").rglob(f"{name}.py"))  # build_scripts/, bench/, research/
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def smoke():
    return _load("frozen_smoke")


def _text(name: str) -> str:
    return (WORKFLOWS / name).read_text(encoding="utf-8")


@pytest.mark.parametrize("name", ["ci.yml", "release.yml"])
def test_every_action_is_pinned_to_a_full_commit_with_its_tag(name):
    uses = re.findall(r"uses:\s*(\S+)(.*)", _text(name))
    assert uses
    for target, rest in uses:
        if target.startswith("$/"):  # this repository's own reusable workflow
            continue
        action, _, ref = target.partition("@")
        assert re.fullmatch(r"[0-9a-f]{40}", ref), (action, ref)
        assert re.search(r"#\s*v\d+\.\d+\.\d+", rest), f"{action}: name the tag in a comment"


@pytest.mark.parametrize("name", ["ci.yml", "release.yml"])
def test_permissions_start_empty_and_only_publish_writes(name):
    text = _text(name)
    assert re.search(r"^permissions: \{\}$", text, re.M)
    writes = re.findall(r"^  (\w[\w-]*):\n(?:    .*\n)*?    permissions:\n      contents: write",
                        text, re.M)
    assert writes == (["publish"] if name == "release.yml" else [])
    assert "persist-credentials: false" in text or "checkout" not in text


def test_ci_builds_on_the_three_desktops_and_runs_the_frozen_self_test():
    text = _text("ci.yml")
    assert "os: [ubuntu-22.04, windows-latest, macos-latest]" in text
    for step in ("build_scripts/constraints.txt", "pytest -n auto",
                 "build_scripts/build.py", "build_scripts/frozen_smoke.py",
                 ".ci/build_smoke.sh", "upload-artifact"):
        assert step in text, step


def test_release_publishes_three_archives_and_their_checksums():
    text = _text("release.yml")
    assert "tags: [\"v*\"]" in text
    assert "sha256sum ShadowsTabletop-* > SHA256SUMS" in text
    assert "-eq 3" in text
    assert "gh release create" in text and "ShadowsTabletop-* SHA256SUMS" in text


def test_ci_run_lints_the_workflows_offline():
    run = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "actionlint" in run and "zizmor --offline" in run


@pytest.mark.parametrize("platform,suffix", [("linux", ".tar.gz"), ("win32", ".zip"),
                                             ("darwin", ".zip")])
def test_archive_suffix_per_platform(smoke, platform, suffix):
    assert smoke.archive_suffix(platform) == suffix


@pytest.mark.parametrize("platform,parts", [
    ("linux", ("S", "ShadowsTabletop")),
    ("win32", ("S", "ShadowsTabletop.exe")),
    ("darwin", ("ShadowsTabletop.app", "Contents", "MacOS", "ShadowsTabletop")),
])
def test_executable_in_the_unpacked_archive_per_platform(smoke, tmp_path, platform, parts):
    assert smoke.executable_in(tmp_path, "S", platform) == tmp_path.joinpath(*parts)


def test_unpack_keeps_the_executable_bit_from_a_zip_and_a_tar(smoke, tmp_path):
    payload = b"#!/bin/sh\nexit 0\n"
    zpath = tmp_path / "a.zip"
    with zipfile.ZipFile(zpath, "w") as zf:
        info = zipfile.ZipInfo("S/ShadowsTabletop")
        info.external_attr = 0o755 << 16
        zf.writestr(info, payload)
    smoke.unpack(zpath, tmp_path / "z")
    assert (tmp_path / "z" / "S" / "ShadowsTabletop").stat().st_mode & 0o100
    tpath = tmp_path / "a.tar.gz"
    with tarfile.open(tpath, "w:gz") as tar:
        info = tarfile.TarInfo("S/ShadowsTabletop")
        info.size, info.mode = len(payload), 0o755
        tar.addfile(info, io.BytesIO(payload))
    smoke.unpack(tpath, tmp_path / "t")
    assert (tmp_path / "t" / "S" / "ShadowsTabletop").read_bytes() == payload


def test_headless_env_uses_dummy_drivers_and_a_private_home(smoke, tmp_path):
    env = smoke.headless_env(tmp_path)
    assert env["SDL_VIDEODRIVER"] == env["SDL_AUDIODRIVER"] == "dummy"
    assert env["SHADOWS_HOME"] == str(tmp_path)
    assert env["SHADOWS_NO_CRASH_WINDOW"] == "1"


@pytest.mark.skipif(not __import__("sys").platform.startswith("linux"), reason="a sh script")
@pytest.mark.parametrize("script,problem", [
    ("exit 0", None),
    ("exit 3", "--self-test exited with 3"),
    ('touch "$(dirname "$0")/stray"', "the frozen app wrote files beside itself"),
    ("touch here.txt", "the frozen app wrote into the current folder"),
])
def test_smoke_runs_the_unpacked_program_and_reports_what_went_wrong(
        smoke, tmp_path, script, problem):
    payload = f"#!/bin/sh\n{script}\n".encode()
    archive = tmp_path / "S.tar.gz"
    with tarfile.open(archive, "w:gz") as tar:
        info = tarfile.TarInfo("S/ShadowsTabletop")
        info.size, info.mode = len(payload), 0o755
        tar.addfile(info, io.BytesIO(payload))
    assert smoke.smoke(archive, "S") == problem


def test_bench_frozen_fills_the_start_up_code_and_reads_its_figures():
    # it crashed with KeyError: 'hold' (the template's collector line), then ValueError
    # (four figures on the line, not one)
    frozen = _load("bench_frozen")
    code = frozen.bench_startup.APP.format(w=1024, h=640, hold="gc.disable()")
    compile(code, "bench_entry", "exec")
    assert frozen.first_frame_at("noise\n0.5 0.9 1.2 1765000000.25\n") == 1765000000.25


def test_each_xdist_worker_has_its_own_user_folder():
    # conftest.py: the folder for tests without the shadows_home fixture
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    home = os.environ["SHADOWS_HOME"]
    if worker:
        assert Path(home).name == worker
    assert Path(home).is_absolute()


def test_ci_runs_every_benchmark_once():
    smoke_script = (ROOT / ".ci" / "bench_smoke.sh").read_text(encoding="utf-8")
    benches = sorted(p.name for p in (ROOT / "build_scripts").rglob("bench_*.py"))
    assert benches
    for name in benches:
        assert re.search(rf"^bench \d+ {re.escape(name)}\b", smoke_script, re.M), name
    assert "bash .ci/bench_smoke.sh" in (ROOT / ".ci" / "run").read_text(encoding="utf-8")


def test_macos_unpacks_with_ditto_to_keep_the_bundles_symlinks(smoke, tmp_path, monkeypatch):
    monkeypatch.setattr(smoke.shutil, "which", lambda name: f"/usr/bin/{name}")
    archive, into = tmp_path / "a.zip", tmp_path / "out"
    assert smoke.unzip_command(archive, into, "darwin") == [
        "ditto", "-x", "-k", str(archive), str(into)]
    assert smoke.unzip_command(archive, into, "win32") is None
    assert smoke.unzip_command(archive, into, "linux") is None
    monkeypatch.setattr(smoke.shutil, "which", lambda name: None)
    assert smoke.unzip_command(archive, into, "darwin") is None


def test_the_suite_shows_its_progress_wherever_it_is_run():
    """pytest's progress line (dots and a percentage) is what tells a newcomer that a
    ten-minute run is moving: no -q in the project's options, nor in the test command of
    README, .ci/run and ci.yml; each of them runs in parallel (-n auto)."""
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")   # tomllib: 3.11+
    addopts = re.findall(r"^addopts = \[(.*)\]$", pyproject, re.M)
    assert len(addopts) == 1
    assert not {'"-q"', '"--quiet"', '"-qq"'} & {o.strip() for o in addopts[0].split(",")}
    commands = {
        "README.md": re.findall(r"^.*\bpytest -n auto.*$",
                                (ROOT / "README.md").read_text(encoding="utf-8"), re.M),
        ".ci/run": re.findall(r"^pytest .*$", (ROOT / ".ci" / "run").read_text(encoding="utf-8"),
                              re.M),
        "ci.yml": re.findall(r"^\s*python -m pytest .*$", _text("ci.yml"), re.M),
    }
    for where, lines in commands.items():
        assert lines, f"no test command in {where}"
        for line in lines:
            assert "-n auto" in line and not re.search(r"\s-q+\b|--quiet", line), (where, line)
