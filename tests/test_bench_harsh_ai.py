"""build_scripts/bench/bench_harsh_ai.py: with --work every game is the same on every run."""

import json
import sys
from pathlib import Path

import pytest

BUILD_SCRIPTS = Path(__file__).resolve().parent.parent / "build_scripts"
sys.path[:0] = [str(BUILD_SCRIPTS), str(BUILD_SCRIPTS / "bench"), str(BUILD_SCRIPTS / "research")]

import bench_harsh_ai  # noqa: E402


def rows(tmp_path, name, *extra):
    out = tmp_path / name
    assert bench_harsh_ai.main(["--games", "2", "--players", "heuristic,search,oracle",
                                "--difficulties", "expert", "--seed", "3",
                                "--out", str(out), *extra]) == 0
    got = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    for r in got:
        r.pop("seconds")
    return got


def test_a_step_budget_makes_the_rows_repeat_exactly(tmp_path, capsys):
    first = rows(tmp_path, "a.jsonl", "--work", "300")
    assert [r["player"] for r in first] == ["heuristic", "search", "oracle"]
    assert all(r["work"] == 300 and r["games"] == 2 and r["seeds"] == [3, 4] for r in first)
    assert rows(tmp_path, "b.jsonl", "--work", "300") == first
    printed = capsys.readouterr().out
    assert "work 300 steps" in printed and "gap closed" in printed


def test_a_step_budget_must_be_positive(tmp_path):
    with pytest.raises(SystemExit):
        bench_harsh_ai.main(["--games", "1", "--work", "0", "--out", str(tmp_path / "x")])
