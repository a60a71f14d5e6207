"""Undo boundaries: the player may take back choices, never past something revealed."""

from __future__ import annotations

from test_harsh_support import GUN, fresh

from game.catalog import get_game
from game.match import Match, replay
from game.rules.harsh import HarshState, reveals_information, undo_floor
from game.rules.harsh.data import CLUE, EVIDENCE, LOC_BY_ABILITY
from game.rules.protocol import CHANCE, Action

SPEC = get_game("harsh")


def step(s, kind, *args):
    before = s.clone()
    action = next(a for a in s.legal_actions(0) if a.kind == kind and a.args == args)
    events = s.apply(0, action)
    return reveals_information(before, 0, action, events)


def test_registered_for_the_session():
    assert SPEC.reveals is reveals_information


def test_chance_steps_always_reveal():
    s = HarshState.new(1, {})
    a = Action("grid", tuple(range(9)))
    assert reveals_information(s.clone(), CHANCE, a, s.apply(CHANCE, a))


def test_turning_a_discovery_card_reveals():
    assert step(fresh(), "move", 5)


def test_moving_to_an_empty_location_reveals_nothing():
    s = fresh()
    s.stacks[5], s.origin[5], s.known[5] = [], [], []
    assert not step(s, "move", 5)


def test_placing_the_bug_reveals_nothing_but_ending_the_turn_flips_a_spy_card():
    s = fresh(grid=(0, 1, 2, 3, 4, 7, 6, 5, 8))      # Sunrise Park at position 5
    step(s, "move", 5)
    assert not step(s, "bug")
    assert step(s, "end")


def test_spending_clues_reveals_a_confiscated_item():
    s = fresh()
    step(s, "move", 5)
    s.coll += [CLUE, CLUE]
    assert step(s, "reveal", EVIDENCE, 0, 0)


def test_tracking_and_peeking_reveal():
    s = fresh()
    step(s, "move", 5)
    s.bugged = True
    s.spy = 1
    assert step(s, "track")


def test_carnival_turn_end_reveals_nothing():
    grid = [x for x in range(9) if x != LOC_BY_ABILITY["carnival"]]
    grid.insert(5, LOC_BY_ABILITY["carnival"])
    s = fresh(grid=tuple(grid))
    step(s, "move", 5)
    assert not step(s, "ability", "carnival")
    assert not step(s, "end")                         # the Spy stays: no card flipped
    assert step(s, "move", 2)                         # the next move turns a Clue


def test_cafe_peek_reveals_but_the_reorder_choice_does_not():
    grid = [x for x in range(9) if x != LOC_BY_ABILITY["cafe"]]
    grid.insert(5, LOC_BY_ABILITY["cafe"])
    s = fresh(grid=tuple(grid))
    step(s, "move", 5)
    assert step(s, "ability", "cafe")
    order = s.legal_actions(0)[0]
    assert not step(s, "order", *order.args)
    assert s.deck[-1] in (GUN, 5, 6)


def scripted_match():
    """A Match whose setup outcomes are chosen (a log may hold any valid chance outcome)."""
    m = Match.start("harsh", 1, 0, {})
    template = fresh(grid=(0, 1, 2, 3, 4, 7, 6, 5, 8))   # Sunrise Park at position 5
    m.apply(CHANCE, Action("grid", tuple(template.grid)))
    m.apply(CHANCE, Action("deal", tuple(st[0] for st in template.stacks)))
    m.apply(CHANCE, Action("deck", tuple(reversed(template.deck))))
    m.apply(CHANCE, Action("cases", tuple(range(8))))
    m.apply(CHANCE, Action("spydeck", ((1, 2, 3, 4, 5, 6, 7, 8), (5, 6, 7, 8))))
    return m


def play(m, kind, *args):
    m.apply(0, next(a for a in m.state.legal_actions(0) if a.kind == kind and a.args == args))


def test_undo_floor_stops_at_the_last_reveal():
    m = scripted_match()
    assert undo_floor(m.options, m.log) == 5     # the setup cannot be undone
    play(m, "move", 5)                                        # turns the Passport
    assert undo_floor(m.options, m.log) == 6
    play(m, "bug")                                            # a free choice
    assert undo_floor(m.options, m.log) == 6
    back = replay("harsh", 1, 0, m.options, m.log[:6])        # what the app's undo does
    assert back.state.phase == "actions" and back.state.bug == -1
    assert [a.kind for a in back.state.legal_actions(0)] == ["bug", "ability", "end"]
    play(m, "end")                                            # flips a Spy card
    assert undo_floor(m.options, m.log) == 8
