"""Test setup: headless SDL before pygame is ever imported, and a private user folder."""

import os
import sys
import tempfile
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
os.environ.setdefault("SHADOWS_HOME", tempfile.mkdtemp(prefix="shadows-test-home-"))

sys.path.insert(0, str(Path(__file__).parent))

import pytest  # noqa: E402


@pytest.fixture
def shadows_home(tmp_path, monkeypatch):
    """A fresh, empty user folder for one test."""
    monkeypatch.setenv("SHADOWS_HOME", str(tmp_path))
    return tmp_path
