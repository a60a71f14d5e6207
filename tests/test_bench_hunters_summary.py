"""bench_hunters_ai --summarize reads which levels played from the log itself: one line per
(level, base) pair found, each paired with its own all-base games."""

from __future__ import annotations

import json
import sys
from pathlib import Path

BUILD_SCRIPTS = Path(__file__).resolve().parent.parent / "build_scripts"
sys.path[:0] = [str(BUILD_SCRIPTS), str(BUILD_SCRIPTS / "bench"), str(BUILD_SCRIPTS / "research")]

import bench_hunters_ai  # noqa: E402


def _row(seed, levels, won):
    return {"players": 7, "seed": seed, "faction": "S", "levels": levels, "think_ms": 100,
            "clock": "cpu", "won": won, "times": {}}


def test_summary_finds_every_level_pair_in_the_log(tmp_path, capsys):
    log = tmp_path / "games.jsonl"
    rows = []
    for seed in range(10):
        rows.append(_row(seed, "easy,easy,easy", int(seed < 4)))       # all Easy: 4 of 10
        rows.append(_row(seed, "easy,hard,easy", int(seed < 7)))       # Hard vs Easy: 7
    for seed in range(4):
        rows.append(_row(seed, "normal,normal,normal", 0))             # all Normal: 0 of 4
        rows.append(_row(seed, "normal,hard,normal", int(seed < 3)))   # Hard vs Normal: 3
    log.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")

    bench_hunters_ai.summarize(str(log))
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 2
    easy = next(x for x in lines if "by hard vs easy" in x)
    assert "(10 seeds" in easy and "70.0%" in easy and "all easy  40.0%" in easy
    assert "lift +30.0" in easy
    normal = next(x for x in lines if "by hard vs normal" in x)
    assert "(4 seeds" in normal and "75.0%" in normal and "lift +75.0" in normal

    bench_hunters_ai.summarize(str(log), base="normal")        # a filter keeps one pair
    only = capsys.readouterr().out.splitlines()
    assert len(only) == 1 and "by hard vs normal" in only[0]
