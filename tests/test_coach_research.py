"""The coach's research tools (build_scripts/research): the hint-follower's games are the
real games of each kind of seat 0, resumable, and paired seed by seed; the calibration's
cross-validation judges every position with a map that never saw its game."""

import json
import sys
from pathlib import Path

BUILD_SCRIPTS = Path(__file__).resolve().parent.parent / "build_scripts"
sys.path[:0] = [str(BUILD_SCRIPTS / "research")]

import coach_calibration as CC  # noqa: E402
import coach_follower as CF  # noqa: E402


def test_follower_games_are_written_as_they_end_resumed_and_paired(tmp_path, capsys):
    out = tmp_path / "f.jsonl"
    argv = ["run", str(out), "--game", "hunters", "--seeds", "3:5", "--budget", "12"]
    CF.main(argv)
    rows = [json.loads(x) for x in out.read_text(encoding="utf-8").splitlines()]
    assert [(r["seed"], r["who"]) for r in rows] == [
        (3, "follower"), (3, "hard"), (4, "follower"), (4, "hard")]
    assert all(r["decisions"] > 0 and r["cpu"] >= 0 for r in rows)
    CF.main(argv)                           # nothing left to play: nothing added
    assert len(out.read_text(encoding="utf-8").splitlines()) == 4
    # the same seed is the same game: played again, the same result
    again = tmp_path / "g.jsonl"
    CF.main(["run", str(again), "--game", "hunters", "--seeds", "3:4", "--budget", "12",
             "--who", "hard"])
    assert json.loads(again.read_text(encoding="utf-8"))["won"] == rows[1]["won"]
    capsys.readouterr()
    CF.main(["summary", str(out)])
    text = capsys.readouterr().out
    assert "(2 paired games)" in text and "follower minus hard" in text


def test_harsh_follower_tries_another_margin_under_its_own_name(tmp_path):
    f = CF.Follower("harsh", 200, "app", "2:0.5")
    assert f.kw == {"lead": 2, "z": 0.5}
    assert CF.Follower("harsh", 200, "app").kw == {}
    assert CF.Follower("harsh", 200, "raw").kw == {"steady": False}
    out = tmp_path / "h.jsonl"
    CF.main(["run", str(out), "--game", "harsh", "--seeds", "3:4", "--budget", "200",
             "--who", "follower", "--rule", "2:0.5"])
    row = json.loads(out.read_text(encoding="utf-8"))
    assert row["who"] == "follower-2:0.5" and row["decisions"] > 0


def test_cross_validation_fits_on_other_games_only():
    # a raw figure that says 80% where a quarter are won: the map must pull it down, and
    # only maps fitted on the other games judge each game
    data = []
    for g in range(40):
        for i in range(8):
            data.append({"game": "chasing", "seed": g, "after": 0.8 if i % 2 else 0.2,
                         "won": g % 4 == 0})
    lines = CC.cross_validated(data)
    assert lines[0].startswith("320 positions of 40 games")
    raw, mapped = (float(x.split()[-1].rstrip(";,")) for x in
                   (lines[1].split(",")[0], lines[1].split(",")[1].split(";")[0]))
    assert mapped < raw                     # the map helps an overconfident figure
    bins = [int(r[2:].split("-")[0]) for r in lines if r.startswith("| ") and r[2:3].isdigit()]
    assert bins and max(bins) < 40          # nothing is shown at 80% any more
