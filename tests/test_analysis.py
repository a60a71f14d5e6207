"""The analysis of a finished game (game.analysis, python -m game.analyse)."""

from __future__ import annotations

import json

import advice_worlds
import pytest

from game.advice import advise, position_seed
from game.analysis import Analysis, Cancelled, analyse, analyse_log
from game.analysis.store import stored, with_analysis
from game.match import replay
from game.review.gamefile import export_game, load_game
from game.review.record import GameRecord
from game.review.sample import play_record
from game.rules.protocol import CHANCE

BUDGET = 16


# The tests of Hunters analyses below check its structure (teams, curves, what a sample or a
# stored label keeps), which does not depend on how many worlds made the figures (advice_worlds).
@pytest.fixture
def few_worlds():
    with advice_worlds.few_worlds("hunters"):
        yield


@pytest.fixture(scope="module")
def chasing():
    rec = play_record("chasing", 3, 21, level="normal")
    return rec, analyse(rec, budget=BUDGET)


def test_every_real_decision_of_every_seat_is_looked_at(chasing):
    rec, a = chasing
    m = replay(rec.game, rec.players, rec.seed, rec.options, [], rec.chance)
    expected = []
    for i, (seat, action) in enumerate(rec.log):
        if seat != CHANCE and len(m.state.legal_actions(seat)) >= 2:
            expected.append((i, seat, action))
        m.apply(seat, action)
    assert [(d.step, d.seat, d.chosen) for d in a.decisions] == expected
    assert {d.seat for d in a.decisions} == {0, 1, 2}
    for d in a.decisions:
        assert 0.0 <= d.after <= d.before <= 1.0
        assert d.lost == pytest.approx(d.before - d.after)
        assert d.chosen.label     # the legal action's words, not the log's bare action
    acc = a.accuracy()
    for seat in range(3):
        mine = [d.lost for d in a.decisions if d.seat == seat]
        assert acc[seat] == pytest.approx(sum(mine) / len(mine))
    assert a.winners == rec.winners


def test_figures_come_from_the_seats_view_at_the_time(chasing):
    rec, a = chasing
    d = next(d for d in a.decisions if d.chosen == d.best)
    m = replay(rec.game, rec.players, rec.seed, rec.options, list(rec.log)[:d.step], rec.chance)
    view = m.state.view(d.seat)
    adv = advise("chasing", view, m.state.legal_actions(d.seat), BUDGET, position_seed(view))
    assert adv.of(d.chosen).win == d.after
    assert adv.best.win == d.before


def test_swings_join_a_seats_decisions_and_name_the_chance_between(chasing):
    rec, a = chasing
    for seat in range(3):
        mine = [d for d in a.decisions if d.seat == seat]
        sw = [s for s in a.swings if s.seat == seat]
        assert len(sw) == len(mine)       # between each two, and from the last to the end
        for prev, nxt, s in zip(mine, mine[1:] + [None], sw):
            now = nxt.before if nxt else (1.0 if seat in rec.winners else 0.0)
            assert s.swing == pytest.approx(now - prev.after)
            assert s.since == prev.step + 1
    assert any("deal" in s.kinds for s in a.swings)   # rounds 2 and 3 are dealt between
    for _step, msg in a.key_moments():
        assert msg.id in ("{when}: {who} chose {chosen} (−{lost}); {best} was better",
                          "{when}: {what} — {who} {swing}")


def test_key_moments_are_catalog_messages_with_names_in_every_language(chasing):
    from game import i18n
    from game.advice.messages import render

    rec, a = chasing
    moments = a.key_moments()
    assert moments
    stored_again = Analysis.from_json(json.loads(json.dumps(a.to_json())))
    assert [m for _s, m in stored_again.key_moments()] == [m for _s, m in moments]
    english = [render(m, rec.names) for _s, m in moments]
    assert all(any(name in t for name in rec.names) for t in english)
    assert all(t.startswith("Round ") for t in english)
    try:
        for lang in ("de", "fr", "ja"):
            i18n.set_language(lang)
            words = [render(m, rec.names) for _s, m in moments]
            assert all(not t.startswith("Round ") for t in words), lang
            assert all(any(name in t for name in rec.names) for t in words), lang
        i18n.set_language(i18n.PSEUDO)
        for _s, m in moments:
            text = render(m, rec.names)
            assert text.startswith("⟦") and "⟦Round" in text
    finally:
        i18n.set_language("en")


def test_shown_figures_are_the_raw_search_figures_through_the_calibration_map(monkeypatch):
    from game.advice import calibration

    rec = play_record("chasing", 3, 5, level="easy")
    log = list(rec.log)[:40]
    raw = analyse_log(rec.game, 3, rec.seed, rec.options, log, rec.chance, budget=BUDGET,
                      calibrated=False)
    monkeypatch.setitem(calibration.KNOTS, "chasing", [(0.0, 0.0), (0.5, 0.3), (1.0, 0.8)])
    shown = analyse_log(rec.game, 3, rec.seed, rec.options, log, rec.chance, budget=BUDGET)
    assert [(d.step, d.chosen, d.best) for d in shown.decisions] == \
        [(d.step, d.chosen, d.best) for d in raw.decisions]
    for d, r in zip(shown.decisions, raw.decisions):
        assert d.after == pytest.approx(calibration.calibrate("chasing", r.after))
        assert d.before == pytest.approx(calibration.calibrate("chasing", r.before))
    assert calibration.calibrate("chasing", 0.25) == pytest.approx(0.15)
    assert calibration.calibrate("chasing", 0.75) == pytest.approx(0.55)


def test_the_shipped_calibration_maps_are_monotone():
    from game.advice import calibration

    for game, knots in calibration.KNOTS.items():
        xs = [x for x, _ in knots]
        ys = [y for _, y in knots]
        assert xs[0] == 0.0 and xs[-1] == 1.0, game
        assert all(a < b for a, b in zip(xs, xs[1:])), game
        assert all(a <= b for a, b in zip(ys, ys[1:])), game
        assert all(0.0 <= y <= 1.0 for y in ys), game


def test_progress_and_cancel():
    rec = play_record("chasing", 3, 4, level="easy")
    seen = []
    log = list(rec.log)[:30]
    analyse_log(rec.game, 3, rec.seed, rec.options, log, rec.chance, budget=8,
                progress=lambda done, total: seen.append((done, total)))
    assert seen[0] == (0, 30) and seen[-1] == (30, 30)
    assert [d for d, _ in seen] == sorted(d for d, _ in seen)
    calls = []

    def stop():
        calls.append(1)
        return len(calls) > 5
    with pytest.raises(Cancelled):
        analyse(rec, budget=8, cancelled=stop)


def test_kept_with_the_game_and_in_its_file(chasing, tmp_path):
    rec, a = chasing
    assert Analysis.from_json(json.loads(json.dumps(a.to_json()))).to_json() == a.to_json()
    assert stored(rec) is None
    kept = with_analysis(rec, a)
    assert kept == rec                       # the same game
    path = export_game(kept, tmp_path / "g")
    again, _ = load_game(path)
    assert stored(again).to_json() == a.to_json()
    # a file from before analyses, and one whose analysis is of another version, still open
    old = rec.to_json()
    assert "analysis" not in old
    assert GameRecord.from_json(old).analysis is None
    newer = dict(kept.to_json(), analysis=dict(a.to_json(), version=99))
    assert stored(GameRecord.from_json(newer)) is None


def test_command_line_prints_every_decision(chasing, tmp_path, capsys):
    from game.analyse import main

    rec, a = chasing
    path = export_game(with_analysis(rec, a), tmp_path / "g")
    assert main([str(path), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert len(out["decisions"]) == len(a.decisions)
    first = out["decisions"][0]
    assert {"step", "seat", "chosen", "best", "before", "after", "lost"} <= set(first)
    assert out["names"] == rec.names
    assert main([str(path)]) == 0
    assert "lost per decision" in capsys.readouterr().out


@pytest.mark.parametrize("game_id,players,budget", [("hunters", 5, 12), ("harsh", 1, 800)])
def test_other_games(game_id, players, budget, few_worlds):
    rec = play_record(game_id, players, 3, level="easy")
    a = analyse_log(rec.game, players, rec.seed, rec.options, list(rec.log)[:50], rec.chance,
                    budget=budget)
    assert a.decisions and a.skipped == 0
    assert {d.seat for d in a.decisions} == set(range(players))
    for d in a.decisions:
        assert 0.0 <= d.after <= d.before <= 1.0


def test_harsh_swings_between_two_decisions_are_what_the_action_turned_up():
    """In Harsh Shadows a move or a reveal turns up hidden cards itself (no chance step in
    the log): such a swing is luck ("what the last action turned up"), marked and told
    like the others; in the other games nothing is called luck without chance between."""
    from game.advice.messages import render
    from game.analysis.core import _swing

    swings = []
    _swing(swings, {0: (5, 0.9)}, 0, 6, 0.55, [], [(5, 0)], True)
    _swing(swings, {0: (5, 0.9)}, 0, 6, 0.55, [], [(5, 0)], False)
    _swing(swings, {0: (5, 0.9)}, 0, 9, 0.55, [(7, "draw")], [(5, 0)], True)
    assert [s.kinds for s in swings] == [("found",), (), ("draw",)]
    rec = play_record("harsh", 1, 3, level="easy")
    a = analyse_log(rec.game, 1, rec.seed, rec.options, list(rec.log)[:40], rec.chance,
                    budget=800)
    found = [s for s in a.swings if s.kinds == ("found",)]
    assert found and all(not s.others for s in found)
    import dataclasses

    big = dataclasses.replace(a, swings=(dataclasses.replace(found[0], swing=-0.3),))
    (_step, msg), = [m for m in big.key_moments() if m[1].id.startswith("{when}: {what}")]
    text = render(msg, ["Ann"])
    assert "what the last action turned up — Ann −30%" in text


def test_shadow_hunters_keeps_the_teams_and_draws_a_line_per_team(few_worlds):
    rec = play_record("hunters", 5, 7, level="easy")
    a = analyse(rec, budget=12)
    assert len(a.teams) == 5 and set(a.teams) <= {"Hunter", "Shadow", "Neutral"}
    assert Analysis.from_json(json.loads(json.dumps(a.to_json()))).teams == a.teams
    for team in set(a.teams):
        members = [s for s, t in enumerate(a.teams) if t == team]
        curve = a.team_curve(team)
        assert curve[-1] == (a.length, sum(s in a.winners for s in members) / len(members))
        first = next(d for d in a.decisions if d.seat in members)
        assert curve[0] == (first.step, first.before)
        assert [s for s, _ in curve] == sorted(s for s, _ in curve)


def test_a_sampled_decision_has_the_full_analysiss_figures(few_worlds):
    """The calibration tool looks at a few decisions of many games: each sampled one must
    get the figures the whole analysis gives it (Shadow Hunters' beliefs still learn from
    the decisions skipped)."""
    rec = play_record("hunters", 5, 9, level="easy")
    log = list(rec.log)[:70]
    full = analyse_log(rec.game, 5, rec.seed, rec.options, log, rec.chance, budget=12)
    picked = {d.step for d in full.decisions[1::3]}
    some = analyse_log(rec.game, 5, rec.seed, rec.options, log, rec.chance, budget=12,
                       only=picked.__contains__)
    assert {d.step for d in some.decisions} == picked
    want = {d.step: d for d in full.decisions}
    for d in some.decisions:
        assert (d.before, d.after, d.chosen, d.best) == \
            (want[d.step].before, want[d.step].after, want[d.step].chosen, want[d.step].best)


def test_a_stored_label_is_data_and_speaks_the_language_in_force(few_worlds):
    from game.i18n import speaking
    rec = play_record("hunters", 5, 7, level="easy")
    a = analyse_log(rec.game, 5, rec.seed, rec.options, list(rec.log)[:40], rec.chance,
                    budget=12)
    assert all(d.chosen.label for d in a.decisions)    # read: the rules cache its words
    data = json.loads(json.dumps(a.to_json()))
    kept = [d["chosen_label"] for d in data["decisions"]]
    assert any(isinstance(k, dict) and "msg" in k for k in kept)
    back = Analysis.from_json(data)
    i = next(i for i, k in enumerate(kept) if isinstance(k, dict))
    english = back.decisions[i].chosen.label
    with speaking("de"):
        assert back.decisions[i].chosen.label != english
    assert back.decisions[i].chosen.label == english
    assert json.loads(json.dumps(back.to_json()))["decisions"][i]["chosen_label"] == kept[i]
