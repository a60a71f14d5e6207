"""The bare trick-taking loop that bench_chasing divides by plays the real game: with the
same random draws it reaches the same totals and winners as the public protocol."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

BUILD_SCRIPTS = Path(__file__).resolve().parent.parent / "build_scripts"
sys.path[:0] = [str(BUILD_SCRIPTS), str(BUILD_SCRIPTS / "bench"), str(BUILD_SCRIPTS / "research")]

import bench_chasing  # noqa: E402


@pytest.mark.parametrize("n", [3, 4, 5])
def test_bare_loop_plays_the_same_games_as_the_protocol(n):
    outcomes = set()
    for seed in range(60):
        bare = bench_chasing.bare_game(n, random.Random(seed))
        real = bench_chasing.protocol_game(n, random.Random(seed))
        assert bare == real, f"seed {seed}"
        outcomes.add(bare[1])
    assert len(outcomes) > 50          # many different games, not one repeated
