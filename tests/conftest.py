"""Test setup: headless SDL before pygame is ever imported, and a private user folder."""

import os
import sys
import tempfile
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
# The app's first start follows the system's language: the tests expect English words
# whatever the machine's locale (a test of another language sets it itself).
os.environ["LANGUAGE"] = "en"
# A user folder of this process's own. Under pytest-xdist (-n auto) each worker gets its
# own even when SHADOWS_HOME is set for the whole run (.ci/run does): a test without the
# shadows_home fixture must never share files with a test on another worker.
_home = os.environ.get("SHADOWS_HOME") or tempfile.mkdtemp(prefix="shadows-test-home-")
if os.environ.get("PYTEST_XDIST_WORKER"):
    _home = os.path.join(_home, os.environ["PYTEST_XDIST_WORKER"])
os.environ["SHADOWS_HOME"] = _home

sys.path.insert(0, str(Path(__file__).parent))

import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def no_frame_deadline(monkeypatch):
    """A new screen's first draw waits a frame when the frame has used 11 ms of CPU
    (game.app.FRESH_DRAW_UNTIL): how often depends on the machine's speed, so tests draw
    every screen whole; test_ui_curtain sets the deadline itself to test the waiting."""
    import math

    from game import app as app_module

    monkeypatch.setattr(app_module, "FRESH_DRAW_UNTIL", math.inf)


@pytest.fixture(autouse=True)
def think_clock_restored():
    """The bots' think clock is process-wide by design (the simulator and benchmarks
    switch every bot to counted budgets); a test that switches it must not hand its
    choice to the next test in the same worker."""
    from game.ai import clock

    kind = clock.kind()
    yield
    if clock.kind() != kind:
        clock.use(kind)


@pytest.fixture
def shadows_home(tmp_path, monkeypatch):
    """A fresh, empty user folder for one test."""
    monkeypatch.setenv("SHADOWS_HOME", str(tmp_path))
    return tmp_path


@pytest.fixture
def app(shadows_home, request):
    """The real app on its menu, headless, in a fresh user folder; it quits after the test.
    ``pytest.mark.animation_speed("off")`` on a test or module sets the speed before the
    first frame ("off": computer moves go without waiting for animations)."""
    from ui_helpers import make_app, step

    a = make_app()
    speed = request.node.get_closest_marker("animation_speed")
    if speed is not None:
        a.settings.animation_speed = speed.args[0]
    step(a, 2)
    yield a
    a.quit()


@pytest.fixture
def disk_home(tmp_path, monkeypatch):
    """SHADOWS_HOME on a tiny disk of its own (1 MiB), for what a full disk does."""
    from faults import tiny_disk

    from game.storage.paths import user_dirs

    home = tmp_path / "home"
    with tiny_disk(home, kb=1024):
        monkeypatch.setenv("SHADOWS_HOME", str(home))
        user_dirs()
        yield home
