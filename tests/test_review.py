"""Reviewing finished games without a screen: timeline, jumps, files, history."""

from __future__ import annotations

import json

import pytest

from game.match import Match
from game.review import secrets
from game.review.gamefile import GameFileError, export_game, load_game, parse_game
from game.review.record import GameRecord
from game.review.sample import play_record
from game.review.timeline import ReplayError, Timeline
from game.rules.protocol import CHANCE, Action
from game.storage import history

GAMES = [("chasing", 4, 5), ("harsh", 1, 11), ("hunters", 8, 3)]


@pytest.fixture(scope="module")
def records():
    return {g: play_record(g, n, seed) for g, n, seed in GAMES}


def open_timeline(rec: GameRecord, every: int = 16) -> Timeline:
    return Timeline.open(rec.game, rec.players, rec.seed, rec.options, rec.log, every,
                         rec.chance)


def reference_states(rec: GameRecord) -> list[dict]:
    m = Match.start(rec.game, rec.players, rec.seed, rec.options)
    out = [m.state.to_json()]
    for seat, action in rec.log:
        m.apply(seat, action)
        out.append(m.state.to_json())
    return out


@pytest.mark.parametrize("game", [g for g, _, _ in GAMES])
def test_every_position_both_ways_is_the_exact_replay(records, game):
    rec = records[game]
    ref = reference_states(rec)
    t = open_timeline(rec, every=7)
    assert t.length == len(rec.log) and t.finished
    for pos in range(t.length, -1, -1):              # to the start, one step back at a time
        assert t.state_at(pos).to_json() == ref[pos]
    for pos in range(0, t.length + 1):               # and to the end again
        assert t.match_at(pos).state.to_json() == ref[pos]
    for pos in (t.length // 2, 3, t.length, 0, t.length - 1):   # jumps about
        assert t.state_at(pos).to_json() == ref[pos]


def test_a_step_back_replays_from_the_nearest_snapshot_not_from_the_start(records, monkeypatch):
    rec = records["hunters"]
    t = open_timeline(rec, every=8)
    cls = type(t.state_at(t.length))
    applied = []
    real = cls._apply
    monkeypatch.setattr(cls, "_apply", lambda self, seat, a: (applied.append(1), real(self, seat, a))[1])
    for pos in range(t.length - 1, t.length - 30, -1):
        applied.clear()
        t.state_at(pos)
        assert len(applied) < 8, f"stepping back to {pos} applied {len(applied)} actions"
    applied.clear()
    t.state_at(t.length // 2)
    t.state_at(t.length // 2 + 1)                     # forward: one action from where we are
    assert len(applied) <= 8 and applied


def test_match_at_is_a_copy_the_timeline_keeps_stepping_on_its_own(records):
    rec = records["chasing"]
    t = open_timeline(rec)
    m = t.match_at(40)
    before = m.state.to_json()
    t.state_at(41)
    t.state_at(39)
    assert m.state.to_json() == before and len(m.log) == 40


def test_jump_marks_are_tricks_rounds_turns_and_deaths(records):
    chasing = open_timeline(records["chasing"])
    tricks, rounds = chasing.marks["trick"], chasing.marks["round"]
    assert len(rounds) == 3 and rounds[-1] <= chasing.length
    for pos in tricks:
        assert any(e.kind == "trick_won" for s, e in chasing.entries if s == pos - 1)
    assert chasing.next_mark("trick", 0) == tricks[0]
    assert chasing.next_mark("trick", tricks[0]) == tricks[1]
    assert chasing.previous_mark("trick", tricks[1]) == tricks[0]
    assert chasing.previous_mark("trick", tricks[0]) is None
    assert chasing.next_mark("round", rounds[-1]) is None
    hunters = open_timeline(records["hunters"])
    assert hunters.marks["turn"] and hunters.marks["death"]
    for pos in hunters.marks["death"]:
        assert any(e.kind == "death" for s, e in hunters.entries if s == pos - 1)
    harsh = open_timeline(records["harsh"])
    assert harsh.marks["turn"] and harsh.marks["turn"] == sorted(harsh.marks["turn"])


def test_secrets_show_every_hand_character_and_deck_order(records):
    names = ["A", "B", "C", "D", "E", "F", "G", "H"]
    t = open_timeline(records["chasing"])
    state = t.state_at(t.marks["trick"][0])
    hands = secrets.secrets("chasing", state, names)[0]
    assert hands.title == "Every hand" and len(hands.lines) == 4
    from game.rules.chasing.words import card_of
    for seat, line in enumerate(hands.lines):
        for c in state.hands[seat]:
            assert card_of(c).text() in line      # as the table and its log name a card
    t = open_timeline(records["hunters"])
    state = t.state_at(t.marks["turn"][0])
    text = "\n".join(ln for s in secrets.secrets("hunters", state, names) for ln in s.lines)
    from game.rules.hunters.data import CHAR_NAME
    assert all(CHAR_NAME[c] in text for c in state.chars)
    t = open_timeline(records["harsh"])
    state = t.state_at(t.marks["turn"][0])
    sections = {s.title.split(",")[0].split(" (")[0]: s for s in secrets.secrets("harsh", state, names)}
    assert "Spy deck" in sections and "Discovery deck" in sections
    from game.rules.harsh.data import KIND_NAMES
    assert sections["Discovery deck"].lines[0] == ", ".join(KIND_NAMES[k] for k in reversed(state.deck))


def test_export_then_import_gives_the_same_game(records, tmp_path):
    for rec in records.values():
        path = export_game(rec, tmp_path / "game")
        assert path.name.endswith(".shadows.json")
        data = json.loads(path.read_text(encoding="utf-8"))
        assert {"version", "game", "options", "seats", "seed", "log"} <= set(data)
        again, timeline = load_game(path)
        assert again == rec
        assert timeline.state_at(timeline.length).to_json() == reference_states(rec)[-1]


def _bad(rec: GameRecord, change) -> str:
    data = rec.to_json()
    change(data)
    return json.dumps(data)


def _illegal(data):
    seat, act = next((i, e) for i, e in enumerate(data["log"]) if e[0] >= 0)
    data["log"][seat] = [act[0], ["no_such_move", []]]


def _chance_changed(data):
    i = next(i for i, e in enumerate(data["log"]) if e[0] == CHANCE)
    data["log"][i], data["log"][i + 1] = data["log"][i + 1], data["log"][i]


BAD = {
    "wrong version": (lambda d: d.update(version=99), "version 99"),
    "illegal action": (_illegal, "is not allowed"),
    "changed seed": (lambda d: d.update(seed=d["seed"] + 1), "does not come from seed"),
    "unknown game": (lambda d: d.update(game="chess"), "unknown game"),
    "not a game file": (lambda d: d.update(format="photos"), "not a Shadows Tabletop game file"),
    "bad seat": (lambda d: d["seats"].__setitem__(0, {"name": ""}), "seat 1 is damaged"),
    "bad option": (lambda d: d["options"].update(pool="everything"), "option 'pool'"),
    "no moves": (lambda d: d.update(log=[]), "no moves"),
    "damaged step": (lambda d: d["log"].__setitem__(3, ["x"]), "step 4"),
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_each_bad_file_is_refused_with_a_clear_message(records, case, tmp_path):
    change, words = BAD[case]
    path = tmp_path / f"{case}.shadows.json"
    path.write_text(_bad(records["hunters"], change), encoding="utf-8")
    before = sorted(p.name for p in tmp_path.iterdir())
    with pytest.raises(GameFileError) as err:
        load_game(path)
    assert words in str(err.value)
    assert path.name in str(err.value)
    assert sorted(p.name for p in tmp_path.iterdir()) == before     # nothing moved or written


def test_a_swapped_random_outcome_is_refused(records):
    with pytest.raises(GameFileError, match="random outcome|not allowed"):
        parse_game(_bad(records["chasing"], _chance_changed), "x.shadows.json")


def test_not_json_and_missing_files_are_refused(tmp_path):
    p = tmp_path / "junk.shadows.json"
    p.write_text("{not json", encoding="utf-8")
    with pytest.raises(GameFileError, match="not JSON"):
        load_game(p)
    with pytest.raises(GameFileError, match="could not be read"):
        load_game(tmp_path / "missing.shadows.json")


def test_the_replay_error_names_the_step():
    import tiny_game  # noqa: F401  (registers "tiny")

    with pytest.raises(ReplayError, match="step 1 .*not allowed"):
        Timeline.open("tiny", 2, 1, {}, [(0, Action("bet"))])


def test_a_crash_reports_game_opens_the_same_way(records, shadows_home):
    from game import crash

    rec = records["hunters"]
    partial = rec.log[:120]
    crash.set_context(lambda: {"game": rec.game, "seed": rec.seed, "chance": rec.chance,
                               "options": dict(rec.options), "players": rec.players,
                               "log": [[s, a.to_json()] for s, a in partial]})
    try:
        report = crash.write_crash_report(RuntimeError("boom"))
    finally:
        crash.set_context(None)
    got, timeline = load_game(report)
    assert got.log == partial and got.game == "hunters" and got.players == 8
    assert timeline.length == 120 and not timeline.finished
    assert [s.name for s in got.seats][:2] == ["Player 1", "Player 2"]
    empty = report.with_name("other.txt")
    empty.write_text(report.read_text(encoding="utf-8").split("== game in progress")[0]
                     + "== game in progress (x) ==\n(no game in progress)\n", encoding="utf-8")
    with pytest.raises(GameFileError, match="without a game"):
        load_game(empty)


def test_history_keeps_the_last_50_newest_first(records, shadows_home):
    rec = records["chasing"]
    for i in range(55):
        stored, notice = history.load_history()
        assert notice is None
        stored.insert(0, GameRecord(rec.game, 1000 + i, rec.options, rec.seats, rec.log[:3]))
        history.save_history(stored)
    stored, _ = history.load_history()
    assert len(stored) == 50 and stored[0].seed == 1054 and stored[-1].seed == 1005
    raw = json.loads(history.history_path().read_text(encoding="utf-8"))
    assert raw["kind"] == "history" and raw["version"] == 1
    assert not list(history.history_path().parent.glob(".history.json.*.tmp"))   # atomic


@pytest.mark.parametrize("content", ["garbage", json.dumps({"kind": "history", "version": 1,
                                                            "data": {"games": [{"game": 1}]}}),
                                     json.dumps({"kind": "history", "version": 7, "data": {}})])
def test_a_damaged_history_is_kept_aside_with_a_message(shadows_home, content):
    path = history.history_path()
    path.write_text(content, encoding="utf-8")
    stored, notice = history.load_history()
    assert stored == [] and "kept as history.damaged-" in notice
    assert not path.exists() and list(path.parent.glob("history.damaged-*.json"))


def test_a_finished_session_is_recorded(records, shadows_home):
    from game.session import Session

    rec = records["harsh"]
    m = Match.start(rec.game, rec.players, rec.seed, rec.options)
    for seat, action in rec.log:
        m.apply(seat, action)
    s = Session(m, list(rec.seats), autosave=False)
    assert history.record_game(s) is None
    (got,), _ = history.load_history()
    assert got.log == rec.log and got.finished_at and got.winners == rec.winners


def test_the_review_core_never_imports_pygame():
    import subprocess
    import sys

    code = ("import sys, pkgutil, importlib, game.review\n"
            "for m in pkgutil.iter_modules(game.review.__path__):\n"
            "    importlib.import_module('game.review.' + m.name)\n"
            "import game.storage.history\n"
            "print('pygame' in sys.modules)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
