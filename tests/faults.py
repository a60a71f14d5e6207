"""Real faults for the hardening tests, not mocks.

* a full disk: a tiny tmpfs mounted for the test and filled to the last byte (root and a
  working ``mount``), or a file-size limit (RLIMIT_FSIZE) in a child process elsewhere;
* a read-only folder: a read-only bind mount (root ignores permission bits), or chmod
  when the tests do not run as root;
* a file nobody may read: chmod 000, read by a child process that runs as user
  ``nobody`` when the tests run as root;
* FIFOs and folders where files belong are made with os.mkfifo / mkdir.
"""

from __future__ import annotations

import contextlib
import errno
import functools
import os
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

import pytest

ROOT = os.geteuid() == 0 if hasattr(os, "geteuid") else False
NOBODY = 65534
REPO = Path(__file__).resolve().parent.parent


@functools.lru_cache(maxsize=1)
def can_mount() -> bool:
    if not ROOT:
        return False
    probe = Path(tempfile.mkdtemp(prefix="shadows-mount-probe-"))
    try:
        ok = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(probe)],
                            capture_output=True).returncode == 0
        if ok:
            subprocess.run(["umount", str(probe)], capture_output=True)
        return ok
    except OSError:
        return False
    finally:
        with contextlib.suppress(OSError):
            probe.rmdir()


def need_mount() -> None:
    if not can_mount():
        pytest.skip("this machine cannot mount a tmpfs (not root, or no mount permission); "
                    "the RLIMIT_FSIZE tests make the full-disk fault instead")


@contextlib.contextmanager
def tiny_disk(folder: Path, kb: int = 512):
    """A tmpfs of ``kb`` KiB mounted at ``folder`` for the duration."""
    need_mount()
    folder.mkdir(parents=True, exist_ok=True)
    subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={kb}k", "tmpfs", str(folder)],
                   check=True)
    try:
        yield folder
    finally:
        subprocess.run(["umount", "-l", str(folder)], capture_output=True)


def fill(folder: Path) -> Path:
    """Fill the disk under ``folder`` to the last byte; delete the returned file to free it."""
    filler = folder / "filler.bin"
    chunk = b"\0" * 4096
    with open(filler, "wb", buffering=0) as fh:
        while True:
            try:
                fh.write(chunk)
            except OSError as exc:
                assert exc.errno == errno.ENOSPC, exc
                break
        # fill the last partial block too
        while True:
            try:
                fh.write(b"\0")
            except OSError:
                break
    return filler


@contextlib.contextmanager
def read_only(folder: Path):
    """``folder`` cannot be written (a read-only bind mount as root, chmod otherwise)."""
    if ROOT:
        need_mount()
        subprocess.run(["mount", "--bind", str(folder), str(folder)], check=True)
        try:
            subprocess.run(["mount", "-o", "remount,bind,ro", str(folder)], check=True)
            yield folder
        finally:
            subprocess.run(["umount", "-l", str(folder)], capture_output=True)
    else:
        mode = folder.stat().st_mode
        folder.chmod(0o555)
        try:
            yield folder
        finally:
            folder.chmod(mode)


def run_python(code: str, home: Path, *, as_nobody: bool = False, fsize: int | None = None,
               timeout: float = 60.0) -> subprocess.CompletedProcess:
    """Run ``code`` in a child Python with SHADOWS_HOME=home and this worktree's code.

    ``as_nobody``: drop to user nobody first (root reads any file; nobody does not).
    ``fsize``: a file-size limit in bytes (writes past it fail with EFBIG, like a full
    disk). A hang is a failure: the child is killed after ``timeout`` seconds."""
    env = dict(os.environ, SHADOWS_HOME=str(home), PYTHONPATH=str(REPO),
               SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PYGAME_HIDE_SUPPORT_PROMPT="1", HOME=str(home))

    def before():
        if fsize is not None:
            import resource
            import signal

            signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
            resource.setrlimit(resource.RLIMIT_FSIZE, (fsize, fsize))

    code = textwrap.dedent(code)
    if as_nobody and ROOT:
        # The interpreter lives under /root, which nobody may not enter: load what the
        # code needs first, then drop to nobody before it touches the user's files.
        code = textwrap.dedent("""
            import json, os, sys, tiny_game
            import game.session, game.match
            from game.storage import jsonfile, paths, problems, saves, settings, stats
            os.setgroups([]); os.setgid(%d); os.setuid(%d)
        """ % (NOBODY, NOBODY)) + code
    env["PYTHONPATH"] = os.pathsep.join((str(REPO), str(REPO / "tests")))
    return subprocess.run([sys.executable, "-c", code], env=env,
                          capture_output=True, text=True, timeout=timeout, preexec_fn=before,
                          cwd=str(home))


def give_to_nobody(path: Path) -> None:
    """Let user nobody use a test folder (only matters when the tests run as root)."""
    if ROOT:
        for p in [path, *path.rglob("*")]:
            os.chown(p, NOBODY, NOBODY, follow_symlinks=False)
