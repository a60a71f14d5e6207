"""Smoke-test the archive that build.py made, on any OS: unpack it the way a user would,
run the frozen executable's ``--self-test`` headless, and check that it wrote nothing
beside itself or into the current folder.

    python build_scripts/frozen_smoke.py [--dist dist]

CI runs it on Windows, macOS and Linux after ``build.py`` (Linux also runs
``.ci/build_smoke.sh``, which adds a run under Xvfb). Exit status 0 when the self-test
passed, 1 with the reason otherwise.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import build  # noqa: E402 - build_scripts/ is not a package

TIMEOUT_S = 300  # a cold first start of a one-folder app on a CI runner takes ~20 s


def archive_suffix(platform: str = sys.platform) -> str:
    """build.pack: .tar.gz on Linux (keeps the executable bit), .zip on Windows and macOS."""
    return ".tar.gz" if platform.startswith("linux") else ".zip"


def executable_in(unpacked: Path, stem: str, platform: str = sys.platform) -> Path:
    """Where the double-clickable program sits once the archive is unpacked.

    macOS packs the .app bundle itself (ditto --keepParent), the others a folder named
    after the archive."""
    if platform == "darwin":
        return unpacked / f"{build.APP_NAME}.app" / "Contents" / "MacOS" / build.APP_NAME
    if platform == "win32":
        return unpacked / stem / f"{build.APP_NAME}.exe"
    return unpacked / stem / build.APP_NAME


def unzip_command(archive: Path, into: Path, platform: str = sys.platform) -> list[str] | None:
    """On macOS, ditto: a .app holds symlinks (PyInstaller links Contents/Frameworks and
    Resources), which zipfile would unpack as small text files and break the bundle; ditto
    is how build.py packed it. None elsewhere (zipfile does)."""
    if platform == "darwin" and shutil.which("ditto"):
        return ["ditto", "-x", "-k", str(archive), str(into)]
    return None


def unpack(archive: Path, into: Path) -> None:
    command = unzip_command(archive, into)
    if command and archive.suffix == ".zip":
        into.mkdir(parents=True, exist_ok=True)
        subprocess.run(command, check=True)
        return
    if archive.name.endswith(".tar.gz"):
        with tarfile.open(archive) as tar:
            if hasattr(tarfile, "data_filter"):  # 3.10.12+/3.11.4+: no links out of `into`
                tar.extractall(into, filter="tar")
            else:
                tar.extractall(into)
        return
    with zipfile.ZipFile(archive) as zf:
        zf.extractall(into)
        # zipfile drops the permission bits; macOS keeps them in external_attr.
        for info in zf.infolist():
            mode = info.external_attr >> 16
            if mode:
                os.chmod(into / info.filename, mode & 0o7777)


def listing(folder: Path) -> list[str]:
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*"))


def headless_env(home: Path) -> dict[str, str]:
    """SDL's dummy drivers (no display or sound card on a CI runner), a private user
    folder, and no crash window that would wait for a click."""
    env = dict(os.environ)
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", SHADOWS_HOME=str(home),
               SHADOWS_NO_CRASH_WINDOW="1", PYGAME_HIDE_SUPPORT_PROMPT="1")
    return env


def smoke(archive: Path, stem: str) -> str | None:
    """None when the frozen self-test passed, else what went wrong."""
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        unpack(archive, work / "app")
        exe = executable_in(work / "app", stem)
        if not exe.is_file():
            return f"no executable at {exe.relative_to(work)} in {archive.name}"
        before = listing(work / "app")
        elsewhere = work / "elsewhere"
        elsewhere.mkdir()
        # subprocess waits for a windowed (GUI-subsystem) Windows program too, and gives
        # its exit status, which a shell started from a terminal would not. Once per
        # language: the self-test fails when a language's catalog or font is missing.
        for extra in ((), ("--lang", "ja"), ("--lang", "de"), ("--lang", "fr")):
            what = " ".join(("--self-test",) + extra)
            try:
                done = subprocess.run([str(exe), "--self-test", *extra], cwd=elsewhere,
                                      env=headless_env(work / "home"), timeout=TIMEOUT_S,
                                      capture_output=True, text=True, encoding="utf-8",
                                      errors="replace")
            except subprocess.TimeoutExpired:
                return f"{what} did not finish within {TIMEOUT_S} s"
            print(done.stdout, end="")
            print(done.stderr, end="", file=sys.stderr)
            if done.returncode != 0:
                return f"{what} exited with {done.returncode}"
        if listing(work / "app") != before:
            return "the frozen app wrote files beside itself"
        if any(elsewhere.iterdir()):
            return "the frozen app wrote into the current folder"
    return None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dist", type=Path, default=build.DIST)
    args = parser.parse_args(argv)
    stem = build.artefact_stem(build.read_version())
    archive = args.dist / (stem + archive_suffix())
    if not archive.is_file():
        print(f"missing {archive}: run build_scripts/build.py first", file=sys.stderr)
        return 1
    problem = smoke(archive, stem)
    if problem:
        print(f"frozen smoke test FAILED: {problem}", file=sys.stderr)
        return 1
    print(f"frozen smoke test passed: {archive.name} ({build.mib(archive.stat().st_size)})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
