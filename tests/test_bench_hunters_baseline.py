"""bench_hunters --baseline: both checkouts measured every round, in alternating order, and
the table gives medians, min-max, the ratio of the medians and the Match's share of its own
checkout's protocol figure."""

from __future__ import annotations

import sys
from pathlib import Path

BUILD_SCRIPTS = Path(__file__).resolve().parent.parent / "build_scripts"
sys.path[:0] = [str(BUILD_SCRIPTS), str(BUILD_SCRIPTS / "bench"), str(BUILD_SCRIPTS / "research")]

import bench_hunters  # noqa: E402


def test_rounds_alternate_and_the_table_gives_median_ratios(monkeypatch, tmp_path):
    ours = bench_hunters.HERE.parents[2]   # the checkout (bench_hunters is in build_scripts/bench/)
    base = tmp_path / "base"
    calls = []
    figures = {("protocol", ours): [30e3, 31e3, 29e3], ("protocol", base): [10e3, 12e3, 11e3],
               ("match", ours): [27e3, 27e3, 27e3], ("match", base): [7e3, 8e3, 9e3]}

    def fake(root, what, n, seconds):
        calls.append((root, what, n))
        k = sum(1 for c in calls if c == (root, what, n)) - 1
        return figures[(what, root)][k]

    monkeypatch.setattr(bench_hunters, "_measure_once", fake)
    got = bench_hunters.against_baseline(base, [4], 3, 0.1, ["protocol", "match"])
    firsts = [calls[i][0] for i in range(0, len(calls), 2)]
    assert firsts == [ours, ours, base, base, ours, ours]     # who goes first alternates
    assert all({calls[i][0], calls[i + 1][0]} == {ours, base} for i in range(0, len(calls), 2))
    assert got[("protocol", 4)] == ([30e3, 31e3, 29e3], [10e3, 12e3, 11e3])

    lines = []
    bench_hunters.print_table(got, [4], ["protocol", "match"], 3, out=lines.append)
    protocol = next(x for x in lines if "public protocol" in x)
    assert "30.0k (29.0-31.0)" in protocol and "11.0k (10.0-12.0)" in protocol
    assert "x2.73" in protocol
    match = next(x for x in lines if "Match" in x)
    assert "x3.38" in match and "Match/protocol 0.90 (baseline 0.73)" in match
