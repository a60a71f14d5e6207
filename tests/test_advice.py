"""The hint engines (game.advice): from the seat's view only, stable, and every number a
reason shows is a number the search measured."""

from __future__ import annotations

import pytest

from game.advice import advise, position_seed
from game.advice.calibration import calibrate
from game.advice.core import pct
from game.advice.messages import card, params, render
from game.i18n import Decimal, Msg, Percent
from game.match import replay
from game.review.sample import play_record
from game.rules.protocol import CHANCE


def position(game_id, players, seed, cut, level="easy"):
    """The match after ``cut`` logged steps of a recorded game, at a seat's decision."""
    rec = play_record(game_id, players, seed, level=level)
    m = replay(game_id, players, rec.seed, rec.options, list(rec.log)[:cut], rec.chance)
    while m.decider() == CHANCE:
        m.chance_step()
    return m


def test_chasing_reasons_quote_the_search():
    m = position("chasing", 4, 3, 12)
    seat = m.decider()
    view = m.state.view(seat)
    adv = advise("chasing", view, m.state.legal_actions(seat), budget=80)
    assert len(adv.choices) == len(m.state.legal_actions(seat)) >= 2
    shown = [c.points() for c in adv.choices[1:]]     # the first: ``steady_first``
    assert shown == sorted(shown, reverse=True)
    for c in adv.choices:
        p = params(c.reason)
        assert p["trick"] == pct(c.stats["trick"])
        assert p["score"] == round(c.score, 1) == round(c.stats["score"], 1)
        assert c.win == calibrate("chasing", c.stats["win"])
        assert p["card"] == card(("card", c.action.args[0], c.action.args[1]))
        text = render(c.reason, ["A", "B", "C", "D"])
        assert f"{p['trick']}% that you take this trick" in text and str(p["score"]) in text
        assert isinstance(p["trick"], Percent) and isinstance(p["score"], Decimal)


def test_chasing_same_position_same_answer_and_close_at_other_seeds():
    m = position("chasing", 4, 8, 30)
    seat = m.decider()
    view, acts = m.state.view(seat), m.state.legal_actions(seat)
    a = advise("chasing", view, acts, budget=120)
    b = advise("chasing", view, acts, budget=120)
    assert [(c.action, c.win, c.score) for c in a.choices] == \
           [(c.action, c.win, c.score) for c in b.choices]
    assert a.worlds == b.worlds
    assert position_seed(view) == position_seed(m.state.clone().view(seat))


def test_chasing_hint_puts_hards_best_worth_first_among_figures_within_noise():
    """The figures are the search's either way; only the first choice changes: of the
    choices whose win chance is not clearly below the highest (world by world), the one
    that leaves the seat furthest ahead of the others at the round's end (Hard's worth,
    ``round_edge``) leads (a win figure from a few dozen played-out games is noise to a
    few points; the points are not)."""
    rec = play_record("chasing", 4, 21, level="normal")
    m = replay("chasing", 4, rec.seed, rec.options, [], rec.chance)
    moved = kept_top = 0
    for seat, action in rec.log:
        acts = m.state.legal_actions(seat) if seat >= 0 else []
        if len(acts) >= 3 and moved + kept_top < 12:
            view = m.state.view(seat)
            bare = advise("chasing", view, acts, budget=96, order="bare")
            steady = advise("chasing", view, acts, budget=96)
            assert sorted((repr(c.action), c.win, c.score) for c in steady.choices) == \
                   sorted((repr(c.action), c.win, c.score) for c in bare.choices)
            assert steady.value == steady.best.win
            assert [c.action for c in steady.choices[1:]] == \
                   [c.action for c in bare.choices if c.action != steady.best.action]
            if steady.best.action != bare.best.action:
                moved += 1
                assert steady.best.stats["edge"] >= bare.best.stats["edge"]
                assert steady.best.points() <= bare.best.points()
            else:
                kept_top += 1
        m.apply(seat, action)
    assert moved >= 2 and kept_top >= 2     # the rule came into play, and not always


def test_chasing_edge_is_hards_own_worth_in_the_same_worlds():
    """The worth the hint leads with is Hard's rollout value (``HardBot._rollout``), world by
    world: replaying the hint's worlds through Hard's own code gives the same means."""
    import random

    from game.advice import chasing as advice_chasing
    from game.ai.chasing_bots import HardBot, _action_move, determinize

    m = position("chasing", 4, 3, 12)
    seat = m.decider()
    view, acts = m.state.view(seat), m.state.legal_actions(seat)
    adv = advice_chasing.advise(view, acts, budget=40, seed=5, order="bare")
    rng, hard = random.Random(5), HardBot(seat)
    sums = {a: 0.0 for a in acts}
    for _ in range(adv.worlds):
        world = determinize(view, rng)
        rng.getrandbits(64)                   # the later deals' seed, as the hint draws it
        for a in acts:
            st = world.clone()
            st.step(_action_move(a))
            sums[a] += hard._rollout(st, world.rnd)
    assert len({round(v, 6) for v in sums.values()}) >= 2      # the choices differ
    for c in adv.choices:
        assert c.stats["edge"] == pytest.approx(sums[c.action] / adv.worlds)


@pytest.mark.parametrize("game_id,players,seed", [("chasing", 4, 12), ("hunters", 5, 9)])
def test_asked_twice_in_the_same_position_the_figures_agree_within_3_points(
        game_id, players, seed):
    """Two asks in the same position, the second in the game rebuilt from its record (as
    after loading a save), at the table's budget: every figure within 3 points (the worlds
    come from the position alone, so they are the same)."""
    rec = play_record(game_id, players, seed, level="normal")
    asked = 0
    for cut in range(6, len(rec.log), 7):
        m = position(game_id, players, seed, cut, level="normal")
        seat = m.decider()
        acts = m.state.legal_actions(seat)
        if len(acts) < 2 or asked >= 2:
            continue
        again = replay(game_id, players, rec.seed, rec.options, list(m.log), rec.chance)
        a = advise(game_id, m.state.view(seat), acts)
        b = advise(game_id, again.state.view(seat), again.state.legal_actions(seat))
        assert a.worlds == b.worlds >= 8
        assert [c.action for c in a.choices] == [c.action for c in b.choices]
        assert max(abs(x.win - y.win) for x, y in zip(a.choices, b.choices)) <= 0.03
        asked += 1
    assert asked == 2


def test_chasing_hint_caps_its_worlds_by_the_cards_left_to_play():
    """Early in the game every playout plays ~150 cards: the worlds are cut to keep within
    CARDS_CAP cards (a count: the answer does not depend on the machine); late positions
    keep the whole budget."""
    from game.advice import HINT_PLAYOUTS
    from game.advice.chasing import CARDS_CAP, MIN_WORLDS, cards_left

    first = position("chasing", 4, 3, 0)
    seat = first.decider()
    view, acts = first.state.view(seat), first.state.legal_actions(seat)
    k = len(acts)
    assert cards_left(view) == 3 * 4 * 13 - len(first.state.history) * 4 - len(view["trick"])
    adv = advise("chasing", view, acts)
    assert adv.worlds == max(MIN_WORLDS, CARDS_CAP // (k * cards_left(view))) \
        < HINT_PLAYOUTS["chasing"] // k
    assert adv.worlds * k * cards_left(view) <= CARDS_CAP
    late = position("chasing", 4, 3, 120)
    seat = late.decider()
    acts = late.state.legal_actions(seat)
    assert advise("chasing", late.state.view(seat), acts, budget=200).worlds == \
        max(MIN_WORLDS, 200 // len(acts))


def _swap_hidden_chasing(state, viewer):
    """The same table with two other seats' same-suit cards exchanged (ranks differ)."""
    other = state.clone()
    seats = [s for s in range(other.n) if s != viewer]
    for a in seats:
        for b in seats:
            if a >= b:
                continue
            for ca in other.hands[a]:
                for cb in other.hands[b]:
                    if ca >> 4 == cb >> 4 and ca != cb:
                        other.hands[a] = sorted(x for x in other.hands[a] if x != ca) + []
                        other.hands[b] = sorted(x for x in other.hands[b] if x != cb)
                        other.hands[a] = sorted(other.hands[a] + [cb])
                        other.hands[b] = sorted(other.hands[b] + [ca])
                        return other
    raise AssertionError("no two hidden cards of one suit to exchange")


def test_chasing_advice_sees_only_the_seats_view():
    m = position("chasing", 4, 5, 9)
    seat = m.decider()
    other = _swap_hidden_chasing(m.state, seat)
    assert other.to_json() != m.state.to_json()
    assert other.view(seat) == m.state.view(seat)
    acts = m.state.legal_actions(seat)
    a = advise("chasing", m.state.view(seat), acts, budget=60)
    b = advise("chasing", other.view(seat), other.legal_actions(seat), budget=60)
    assert [(c.action, c.win, c.score, c.reason) for c in a.choices] == \
           [(c.action, c.win, c.score, c.reason) for c in b.choices]


def _hunters_decision(seed, kinds=("attack", "area", "start", "card_target")):
    rec = play_record("hunters", 5, seed, level="normal")
    m = replay("hunters", 5, rec.seed, rec.options, [], rec.chance)
    for seat, action in rec.log:
        if seat >= 0 and m.state.view(seat)["pending"].get("kind") in kinds \
                and len(m.state.legal_actions(seat)) >= 2 and m.state.view(seat)["turn"] > 2:
            return m, seat
        m.apply(seat, action)
    raise AssertionError("no decision of those kinds")


def test_hunters_reasons_quote_the_search_and_answers_repeat():
    m, seat = _hunters_decision(4, ("attack",))
    view, acts = m.state.view(seat), m.state.legal_actions(seat)
    a = advise("hunters", view, acts, budget=60)
    assert {c.action for c in a.choices} == set(acts)
    hits = [c for c in a.choices if "dead by the end of this turn" in c.reason.id]
    assert hits
    for c in a.choices:
        p = params(c.reason)
        assert c.win == calibrate("hunters", c.stats["win"])
        if "target" in p and "dies" in p:
            assert p["target"] == c.action.args[0]
            assert p["dies"] == pct(c.stats["dies"])
        if "enemy" in p:
            assert p["enemy"] in (pct(c.stats["p_S"]), pct(c.stats["p_H"]))
        elif "alive" in p:
            assert p["alive"] == pct(c.stats["alive"])
            assert p["hurt"] == round(c.stats["hurt"], 1)
    b = advise("hunters", view, acts, budget=60)
    assert [(c.action, c.win) for c in a.choices] == [(c.action, c.win) for c in b.choices]


def test_hunters_hint_keeps_normals_choice_unless_another_is_clearly_better():
    """The figures are the search's either way; only the order changes: Normal's choice
    leads when the best figure is not ahead of it by more than noise (paired)."""
    from game.advice.core import clearly_better
    from game.advice.hunters import normal_pick

    assert clearly_better([1.0] * 20, [0.0] * 20)
    assert not clearly_better([1.0, 0.0] * 10, [0.0, 1.0] * 10)
    assert not clearly_better([1.0] * 2 + [0.0] * 18, [0.0] * 19 + [1.0])   # 2 against 1
    assert clearly_better([1.0] * 4 + [0.0] * 16, [0.0] * 20)    # 4 of 20 and no loss
    rec = play_record("hunters", 5, 11, level="normal")
    m = replay("hunters", 5, rec.seed, rec.options, [], rec.chance)
    moved = 0
    for seat, action in rec.log:
        acts = m.state.legal_actions(seat) if seat >= 0 else []
        if len(acts) >= 2 and moved < 2:
            view = m.state.view(seat)
            bare = advise("hunters", view, acts, budget=60, steady=False)
            kept = advise("hunters", view, acts, budget=60)
            assert sorted((repr(c.action), c.win) for c in kept.choices) == \
                   sorted((repr(c.action), c.win) for c in bare.choices)
            assert kept.value == kept.best.win
            if kept.best.action != bare.best.action:
                moved += 1
                assert kept.best.action == normal_pick(view, acts)
                assert kept.best.win <= bare.best.win
                assert [c.action for c in kept.choices[1:]] == \
                       [c.action for c in bare.choices if c.action != kept.best.action]
        m.apply(seat, action)
    assert moved == 2     # the rule came into play in this game


def test_hunters_advice_sees_only_the_seats_view():
    m, seat = _hunters_decision(6)
    hidden = [i for i in range(m.state.n) if i != seat and not m.state.rev[i]]
    assert len(hidden) >= 2
    other = m.state.clone()
    a_, b_ = hidden[:2]
    other.chars[a_], other.chars[b_] = other.chars[b_], other.chars[a_]
    assert other.chars != m.state.chars
    assert other.view(seat) == m.state.view(seat)
    acts = m.state.legal_actions(seat)
    a = advise("hunters", m.state.view(seat), acts, budget=40)
    b = advise("hunters", other.view(seat), other.legal_actions(seat), budget=40)
    assert [(c.action, c.win, c.reason) for c in a.choices] == \
           [(c.action, c.win, c.reason) for c in b.choices]


def test_harsh_advice_has_the_same_shape():
    from game.advice.harsh import LOSSES

    m = position("harsh", 1, 5, 10)
    view, acts = m.state.view(0), m.state.legal_actions(0)
    a = advise("harsh", view, acts, budget=3000)
    assert {c.action for c in a.choices} == set(acts)
    for c in a.choices:
        p = params(c.reason)
        assert c.win == calibrate("harsh", c.stats["win"])
        ends = {k: v for k, v in c.stats.items() if k.startswith("end_") and k != "end_won"}
        if "lost" in p:         # the commonest way the played-out games were lost
            assert p["lost"] == pct(max(ends.values()))
            code = max(ends, key=ends.get)[4:]
            assert p["how"] == Msg(LOSSES[code])
        else:                   # no loss at all
            assert not ends and p["games"] == c.samples
    assert any("lost" in params(c.reason) for c in a.choices)
    # the win figures are the Harsh hint's own for the same view, seed and budget
    import random

    from game.ai.harsh_hint import hint
    ranked = hint(view, acts, budget_ms=10**9, rng=random.Random(position_seed(view)),
                  work_budget=3000)
    assert {c.action: c.stats["win"] for c in a.choices} == {x: p for x, p, _n in ranked}
    b = advise("harsh", view, acts, budget=3000)
    assert [(c.action, c.win) for c in a.choices] == [(c.action, c.win) for c in b.choices]


def test_harsh_steady_rule_overrules_the_heuristic_only_when_clearly_beaten():
    """``steady_first`` on worlds won (True) and lost: the heuristic's class leads unless
    the leader wins STEADY_LEAD more worlds than it, net, and is STEADY_Z standard errors
    ahead on the worlds where the two differ (Hard's own test)."""
    from game.advice.harsh import STEADY_LEAD, STEADY_Z, steady_first

    base, other = "mine", "other"
    W, L = True, False

    def worlds(ahead, behind, same=10):     # other wins ``ahead`` worlds mine loses, ...
        return {base: [L] * ahead + [W] * behind + [W] * same,
                other: [W] * ahead + [L] * behind + [W] * same}
    assert (STEADY_LEAD, STEADY_Z) == (4, 1.0)
    assert steady_first([base, other], worlds(3, 0), base) == base       # a lead of 3: noise
    assert steady_first([base, other], worlds(4, 0), base) == other      # 4 and no loss
    assert steady_first([base, other], worlds(10, 6), base) == base      # 4 net of 16: 1 SE
    assert steady_first([base, other], worlds(11, 6), base) == other     # 5 net of 17
    assert steady_first([base, other], worlds(0, 5), base) == base       # mine ahead anyway
    # a looser margin overrules sooner
    assert steady_first([base, other], worlds(3, 0), base, lead=2, z=1.0) == other


def test_harsh_hint_keeps_the_heuristics_choice_unless_clearly_overruled():
    """At the follower's budget (1000 playout steps) the figures are the search's either way;
    only the order changes: the heuristic's choice leads unless the search overrules it,
    and a loose margin (any lead) gives the bare top back."""
    from game.advice.harsh import heuristic_choice
    from game.ai.harsh_hint import _class_key

    rec = play_record("harsh", 1, 11, level="easy")
    m = replay("harsh", 1, rec.seed, rec.options, [], rec.chance)
    moved = looked = 0
    for seat, action in rec.log:
        acts = m.state.legal_actions(seat) if seat >= 0 else []
        if len(acts) >= 3 and looked < 12:
            looked += 1
            view = m.state.view(seat)
            bare = advise("harsh", view, acts, budget=1000, steady=False)
            kept = advise("harsh", view, acts, budget=1000)
            assert sorted((repr(c.action), c.win) for c in kept.choices) == \
                   sorted((repr(c.action), c.win) for c in bare.choices)
            assert kept.value == kept.best.win
            mine = heuristic_choice(view, acts, position_seed(view))
            assert mine in acts
            loose = advise("harsh", view, acts, budget=1000, lead=1, z=0.0)
            assert _class_key(loose.best.action) == _class_key(bare.best.action) \
                or loose.best.win == bare.best.win
            if _class_key(kept.best.action) != _class_key(bare.best.action) \
                    and kept.best.win < bare.best.win:
                moved += 1
                assert kept.best.action == mine
                # then the cards of mine's class (paid alike, one figure), then the rest, in
                # the bare order
                key = _class_key(mine)
                rest = [c.action for c in bare.choices if c.action != mine]
                assert [c.action for c in kept.choices[1:]] == \
                       [a for a in rest if _class_key(a) == key] + \
                       [a for a in rest if _class_key(a) != key]
        m.apply(seat, action)
    assert moved >= 2     # the rule came into play in this game


def test_harsh_panel_says_why_a_lower_figure_leads():
    from game.ai.harsh_hint import _class_key
    from game.ui.harsh.hinting import HintAnswer
    from game.ui.harsh.overlays import hint_lines

    m = position("harsh", 1, 5, 10)
    acts = [a for a in m.state.legal_actions(0)]
    firsts = {}
    for a in acts:
        firsts.setdefault(_class_key(a), a)
    a, b = list(firsts.values())[:2]
    note = "no other choice is clearly better"
    kept = HintAnswer(1, ((a, 0.6, 20), (b, 0.7, 20)), 0.5)
    assert any(note in blk.text for blk in hint_lines(kept))
    bare = HintAnswer(1, ((b, 0.7, 20), (a, 0.6, 20)), 0.5)
    assert not any(note in blk.text for blk in hint_lines(bare))


def test_messages_are_data_and_render_in_the_language_of_the_moment():
    from game import i18n

    msg = Msg("{card} stays under the Spotlight ({spotlight}): {trick} that you take "
              "this trick; {score} points this round on average",
              card=card(("card", "red", 7)), spotlight=card(("card", "red", 9)), trick=Percent(3),
              score=Decimal(12.5))
    assert Msg.from_data(msg.to_data()) == msg
    assert render(msg) == ("red 7 stays under the Spotlight (red 9): 3% that you take this "
                           "trick; 12.5 points this round on average")
    assert render(msg.to_data()) == render(msg)
    help_ = Msg("{target}: {ally} that they are on your side", target=1, ally=Percent(62))
    assert render(help_, ["Ann", "Emi"]) == "Emi: 62% that they are on your side"
    try:
        i18n.set_language("de")
        german = render(msg)
        # numbers the German way: a decimal comma, a (no-break) space before "%"
        assert "7" in german and "9" in german and "12,5 Punkte" in german
        assert "Spotlight" not in german
        assert render(help_, ["Ann", "Emi"]) == "Emi: zu 62\u00a0% auf deiner Seite"
        assert "3\u00a0%" in german and "%" not in german.replace("3\u00a0%", "")
        i18n.set_language("fr")
        assert "12,5 points" in render(msg) and "3\u00a0% de chances" in render(msg)
        assert german.startswith("Rot 7 bleibt unter dem Scheinwerfer (Rot 9)")
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("game_id", ["chess"])
def test_unknown_game_is_refused(game_id):
    with pytest.raises(ValueError):
        advise(game_id, {}, [])


def test_games_with_hints_are_marked_in_history_and_statistics():
    from game.review.record import GameRecord
    from game.session import SeatConfig
    from game.storage.stats import Statistics
    from game.ui.scenes.history import seats_text
    from game.ui.scenes.stats import hinted

    rec = play_record("chasing", 3, 2)
    seats = (SeatConfig("Ann", hints=True), SeatConfig("Bo"), SeatConfig("Cy", "computer"))
    marked = GameRecord.from_json(dict(rec.to_json(), seats=[
        {"name": s.name, "kind": s.kind, "level": s.level, "hints": s.hints} for s in seats]))
    assert marked.with_hints and not rec.with_hints
    assert GameRecord.from_json(marked.to_json()).seats[0].hints
    assert "Ann (hints)" in seats_text(marked) and "Bo (hints)" not in seats_text(marked)
    st = Statistics()
    st.record("chasing", ["Ann", "Bo", "Cy"], (0,), humans=[0, 1], hinted=[0])
    st.record("chasing", ["Ann", "Bo", "Cy"], (1,), humans=[0, 1])
    g = st.games["chasing"]
    assert g["with_hints"] == 1 and g["players"]["Ann"]["hinted"] == 1
    assert "1 of these games was played with hints." in hinted(g)[0].text


def test_chasing_fast_playout_policy_is_the_bots_own():
    import random

    from game.advice.chasing import greedy_move as fast
    from game.ai.chasing_bots import determinize, greedy_move

    rng = random.Random(4)
    checked = 0
    for seed in range(3):
        m = position("chasing", 3 + seed, seed, 5)
        world = determinize(m.state.view(m.decider()), rng)
        while world.rnd == m.state.rnd:
            assert fast(world) == greedy_move(world)
            world.step(greedy_move(world))
            checked += 1
    assert checked > 60


def test_a_view_holding_messages_has_a_seed():
    """A view's prompt or refusal may be a Msg (Harsh): the seed reads it as its data."""
    view = {"prompt": Msg("End your turn"), "unavailable": [["x", Msg("not {n}", n=1)]]}
    assert position_seed(view) == position_seed(
        {"prompt": Msg("End your turn"), "unavailable": (("x", Msg("not {n}", n=1)),)})
    assert position_seed(view) != position_seed({**view, "prompt": Msg("Roll")})


def test_a_rules_label_names_its_seats_by_their_names_in_a_key_moment():
    # The Hunters labels name a seat "Player 2 (George)"; the analysis keeps a label as data
    # and shows it later: the name chosen at setup must stand there, as it does at the table.
    from game.advice.messages import label_data, label_msg
    from game.rules.hunters.scenario import scenario

    s = scenario(["Emi", "George", "Franklin", "Werewolf"], phase="area", revealed=(1,),
                 positions={0: "Weird Woods", 1: "Church", 2: "Cemetery", 3: "Hermit's Cabin"})
    names = ["Ann", "Ben", "Cleo", "Dov"]
    shown_labels = {a.args: render(label_msg(label_data(a)), names)
                    for a in s.legal_actions(0) if a.kind == "woods"}
    assert shown_labels[("damage", 1)] == "Weird Woods: deal 2 damage to Ben (George)"
    assert shown_labels[("heal", 2)] == "Weird Woods: heal 1 damage of Cleo"
    assert shown_labels[("damage", 0)] == "Weird Woods: deal 2 damage to yourself"
    assert render(label_msg(label_data(s.legal_actions(0)[2]))) == "Weird Woods: deal 2 damage to Player 2 (George)"


@pytest.mark.parametrize("game_id", ["chasing", "hunters", "harsh"])
def test_a_search_asked_to_stop_ends_between_two_worlds(game_id):
    """``stop`` (the hint closed) is asked before each world: the search ends with Stopped
    after the worlds already begun, whatever its budget."""
    from game.advice import Stopped

    if game_id == "hunters":
        m, seat = _hunters_decision(3)
    else:
        m, seat = position(game_id, 4 if game_id == "chasing" else 1, 5, 10), None
        seat = m.decider()
    view, acts = m.state.view(seat), m.state.legal_actions(seat)
    asked = []

    def stop():
        asked.append(1)
        return len(asked) > 3
    with pytest.raises(Stopped):
        advise(game_id, view, acts, budget=10**9, seed=1, stop=stop)
    assert len(asked) == 4
