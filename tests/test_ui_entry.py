"""The command line: --self-test, --size, unknown flags."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.__main__ import build_parser, parse_size

ROOT = Path(__file__).resolve().parent.parent


def run(*args):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    return subprocess.run([sys.executable, "-m", "game", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)


def test_self_test_builds_every_scene_and_exits_0():
    proc = run("--self-test")
    assert proc.returncode == 0, proc.stderr
    assert "self-test passed" in proc.stdout


def test_self_test_reports_a_broken_scene_and_exits_non_zero(monkeypatch, shadows_home):
    from game import selftest
    from game.ui.scenes import settings

    def broken(self, m):
        raise RuntimeError("boom")

    monkeypatch.setattr(settings.SettingsScene, "build", broken)
    failures = selftest.run_self_test((1024, 640))
    assert [name for name, _ in failures] == ["settings"]
    assert "boom" in failures[0][1]


def test_unknown_flags_get_a_clear_message():
    proc = run("--frobnicate")
    assert proc.returncode == 2
    assert "unrecognized arguments: --frobnicate" in proc.stderr


def test_size_flag_is_checked():
    assert parse_size("1280x720") == (1280, 720)
    with pytest.raises(SystemExit):
        build_parser().parse_args(["--size", "800x600"])
    with pytest.raises(SystemExit):
        build_parser().parse_args(["--size", "big"])
    args = build_parser().parse_args(["--size", "1024x640", "--fullscreen"])
    assert args.size == (1024, 640) and args.fullscreen is True


def test_no_screen_is_reported_instead_of_an_invisible_window(monkeypatch):
    import pygame

    from game.__main__ import no_screen

    monkeypatch.setattr(pygame.display, "get_driver", lambda: "offscreen")
    assert no_screen("")            # SDL fell back on its own: tell the player
    assert not no_screen("dummy")   # tests and --self-test ask for a headless driver
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "x11")
    assert not no_screen("")
