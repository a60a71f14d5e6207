"""The unchecked loop bench_harsh --ratio divides by plays the very games the protocol
loop plays (the same draws, the same end), so the ratio compares like with like."""

from __future__ import annotations

import random
import sys
from pathlib import Path

BUILD_SCRIPTS = Path(__file__).resolve().parent.parent / "build_scripts"
sys.path[:0] = [str(BUILD_SCRIPTS), str(BUILD_SCRIPTS / "bench")]

import bench_harsh  # noqa: E402


def test_unchecked_loop_plays_the_same_games_as_the_protocol():
    ends = set()
    for seed in range(40):
        checked = bench_harsh.protocol_game(random.Random(seed)).to_json()
        unchecked = bench_harsh.unchecked_game(random.Random(seed)).to_json()
        assert checked == unchecked, f"seed {seed}"
        ends.add((checked["outcome"], checked["turn"]))
    assert len(ends) > 5               # many different games, not one repeated
