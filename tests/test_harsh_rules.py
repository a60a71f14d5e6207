"""Harsh Shadows turn rules: move and draw, Bombs, Clues, the Tracking Bug, the Spy's move,
On the Run, meetings, accusation, and every way to lose."""

from __future__ import annotations

import random

import pytest
from test_harsh_support import (
    BINOC,
    CAMERA,
    CODED,
    GUN,
    LAPTOP,
    PASSPORT,
    PHONE,
    PHOTO,
    act,
    card_census,
    fresh,
    kinds_of,
)

from game.i18n import shown  # noqa: E402
from game.rules.harsh import HarshState
from game.rules.harsh.data import (
    BOMB,
    CLUE,
    CLUE2,
    EVIDENCE,
    FALSE_LEADS,
    RED_HERRING,
    SPY_CARDS,
    spy_destination,
)
from game.rules.protocol import CHANCE, NOBODY, Action, RuleError


def said(pairs):
    """(action, reason) pairs with each reason in words (the rules keep them as data)."""
    return [(a, shown(why)) for a, why in pairs]


# Bomb at the Spy's corner instead of Sunrise Park, so the Agent can roam safely.
SAFE_DEAL = (BOMB, CLUE, CLUE, PHOTO, BINOC, PASSPORT, CAMERA, CLUE, CLUE)


def at_actions(s, pos=5):
    """Move the Agent (from the bottom-right corner) to ``pos`` and stop at the actions."""
    act(s, "move", pos)
    assert s.phase == "actions"
    return s


# --- moving and drawing ------------------------------------------------------------------------
def test_agent_moves_to_any_of_eight_neighbours_including_diagonals():
    s = fresh()
    assert sorted(a.args[0] for a in s.legal_actions(0)) == [4, 5, 7]   # corner: 3
    s.agent = 4
    assert sorted(a.args[0] for a in s.legal_actions(0)) == [0, 1, 2, 3, 5, 6, 7, 8]
    s.agent = 3
    assert sorted(a.args[0] for a in s.legal_actions(0)) == [0, 1, 4, 6, 7]
    labels = [a.label for a in s.legal_actions(0)]
    assert "Move to Spring Carnival (N)" in labels and len(set(labels)) == len(labels)


def test_moves_beyond_the_neighbours_are_refused():
    s = fresh()
    for bad in ((0,), (8,), (9,), (-1,), ("4",), ()):
        with pytest.raises(RuleError):
            s.apply(0, Action("move", bad))
    assert s.agent == 8 and s.phase == "move"
    with pytest.raises(RuleError, match="additional action"):
        s.apply(0, Action("end", ()))


def test_moving_takes_the_top_discovery_card_into_the_collection():
    s = fresh()
    ev = act(s, "move", 5)
    assert s.agent == 5 and s.coll == [PASSPORT] and s.stacks[5] == []
    found = next(e for e in ev if e.kind == "card_found")
    assert found.data["card"] == "Passport"
    assert s.phase == "actions"


def test_moving_to_an_empty_location_draws_nothing():
    s = fresh()
    s.stacks[5], s.origin[5], s.known[5] = [], [], []
    ev = act(s, "move", 5)
    assert "card_found" not in kinds_of(ev) and s.coll == []


def test_the_agent_takes_the_top_card_and_the_spy_adds_underneath():
    s = fresh()
    at_actions(s)
    act(s, "end")                      # Spy card 1: S to Royal Library, adds the Gun under
    assert s.spy == 3 and s.stacks[3] == [PHOTO, GUN] and s.origin[3] == [True, False]
    s.agent = 7
    act(s, "move", 3)                  # Spy is here: the Agent still takes the top card first
    assert s.coll[-1] == PHOTO and s.stacks[3] == [GUN]


def test_collection_has_no_limit():
    s = fresh()
    s.coll = [CLUE] * 15
    at_actions(s)
    assert len(s.coll) == 16


# --- bombs and the Defusing Kit ---------------------------------------------------------------------
def test_bomb_with_the_kit_is_discarded_and_the_turn_goes_on():
    s = fresh()
    ev = act(s, "move", 7)
    assert s.phase == "bomb" and "bomb" in kinds_of(ev)
    act(s, "kit", True)
    assert s.kit_used and s.discard == [BOMB] and s.phase == "actions" and s.coll == []
    assert s.view(0)["kit"] == "used"


def test_bomb_without_the_kit_costs_a_card_of_choice_and_ends_the_turn():
    s = fresh()
    s.coll = [CLUE, GUN]
    act(s, "move", 7)
    ev = act(s, "kit", False)
    assert kinds_of(ev) == ["bomb_exploded"]
    assert s.phase == "discard" and s.view(0)["discard_for"] == "bomb"
    assert [a.label for a in s.legal_actions(0)] == ["Discard Gun", "Discard Clue"]
    ev = act(s, "discard", CLUE)
    assert "spy_moved" in kinds_of(ev)      # no additional actions: the Spy moves
    assert s.coll == [GUN] and s.discard == [BOMB, CLUE] and s.turn == 2 and not s.kit_used


def test_bomb_after_the_kit_was_used_goes_straight_to_the_discard():
    s = fresh()
    s.kit_used = True
    s.coll = [CLUE]
    act(s, "move", 7)
    assert s.phase == "discard"


def test_bomb_with_nothing_to_discard_fails_the_mission():
    s = fresh()
    s.kit_used = True
    ev = act(s, "move", 7)
    assert s.decider() == NOBODY and s.outcome == "bomb-no-card"
    assert s.result().winners == () and "Bomb" in shown(s.result().reason)
    assert ev[-1].kind == "game_over" and ev[-1].data["won"] is False


def test_declining_the_kit_with_an_empty_collection_fails_the_mission():
    s = fresh()
    act(s, "move", 7)
    act(s, "kit", False)
    assert s.outcome == "bomb-no-card"


def test_bomb_on_the_spys_location_then_also_costs_the_meeting_discard():
    s = fresh()
    s.kit_used = True
    s.spy = 7
    s.coll = [CLUE, GUN]
    act(s, "move", 7)
    act(s, "discard", CLUE)                 # for the Bomb
    assert s.phase == "discard" and s.discard_for == "meeting"
    act(s, "discard", GUN)                  # for the meeting; then the turn ends
    assert s.turn == 2 and s.coll == []


# --- clues and Case Files --------------------------------------------------------------------
def test_evidence_costs_two_clues_and_reveals_the_chosen_card():
    s = at_actions(fresh())
    s.coll += [CLUE, CLUE, CLUE]
    ev = act(s, "reveal", EVIDENCE, 1, 0)
    assert s.rev[EVIDENCE] == [False, True, False]
    assert s.coll == [PASSPORT, CLUE]
    assert next(e for e in ev if e.kind == "item_revealed").data["item"] == "Binoculars"
    assert s.view(0)["case_files"][EVIDENCE]["slots"] == (None, "Binoculars", None)


def test_clues_are_used_once_per_turn():
    s = at_actions(fresh())
    s.coll += [CLUE] * 4
    act(s, "reveal", FALSE_LEADS, 0, 0)
    assert not any(a.kind == "reveal" for a in s.legal_actions(0))
    assert ("Use clues", "you already used clues this turn") in said(s.blockers())
    with pytest.raises(RuleError, match="already used clues"):
        s.apply(0, Action("reveal", (FALSE_LEADS, 1, 0)))
    act(s, "end")
    act(s, "move", 2)                   # next turn, Reseau Hotel: clues may be used again
    assert any(a.kind == "reveal" for a in s.legal_actions(0))


def test_red_herring_costs_three_then_one_once_evidence_is_known():
    s = at_actions(fresh())
    s.coll += [CLUE] * 5
    assert s.cost(RED_HERRING) == 3
    assert s.view(0)["case_files"][RED_HERRING]["cost"] == 3
    s.rev[EVIDENCE][0] = True
    assert s.cost(RED_HERRING) == 1
    act(s, "reveal", RED_HERRING, 0, 0)
    assert s.coll.count(CLUE) == 4 and s.view(0)["case_files"][RED_HERRING]["revealed"] == ("Hidden Camera",)


def test_clue_x2_pays_two_and_overpayment_is_lost():
    s = at_actions(fresh())
    s.coll += [CLUE2]
    labels = [a.label for a in s.legal_actions(0) if a.kind == "reveal"]
    assert "Reveal Evidence card 1 (pay Clue x2)" in labels
    act(s, "reveal", FALSE_LEADS, 2, 1)      # costs 1, the x2 card is spent whole
    assert CLUE2 not in s.coll and s.discard == [CLUE2]
    assert s.view(0)["clues"] == 0


def test_clue_x2_plus_clue_pays_the_red_herring():
    s = at_actions(fresh())
    s.coll += [CLUE2, CLUE]
    assert s.view(0)["clues"] == 3
    act(s, "reveal", RED_HERRING, 0, 1)
    assert s.coll == [PASSPORT]


def test_not_enough_clues_is_explained():
    s = at_actions(fresh())
    assert ("Use clues", "not enough Clues (you have 0, the cheapest reveal costs 1)") \
        in said(s.blockers())
    assert dict(said(s.view(0)["unavailable"]))["Use clues"].startswith("not enough Clues")


def test_difficult_has_two_red_herrings_each_with_the_red_herring_cost():
    s = at_actions(fresh(difficulty="difficult", deal=(CLUE,) * 8 + (BOMB,)))
    assert [len(f) for f in s.conf] == [3, 2, 3]
    s.coll += [CLUE] * 3
    act(s, "reveal", RED_HERRING, 1, 0)
    assert s.coll.count(CLUE) == 1 and s.rev[RED_HERRING] == [False, True]


def test_discarding_revealed_evidence_makes_a_win_impossible():
    s = at_actions(fresh())
    s.coll += [CLUE, CLUE]
    act(s, "reveal", EVIDENCE, 2, 0)             # Passport is Evidence, and held
    assert s.view(0)["win_possible"] is True
    s.coll.remove(PASSPORT)
    s.discard.append(PASSPORT)
    v = s.view(0)
    assert v["win_possible"] is False and "Passport" in shown(v["win_reason"])


def test_discarding_an_unrevealed_item_does_not_leak_its_role():
    s = at_actions(fresh())
    s.coll.remove(PASSPORT)
    s.discard.append(PASSPORT)
    assert s.view(0)["win_possible"] is True


# --- the Tracking Bug --------------------------------------------------------------------------------
def test_bug_cannot_be_placed_at_a_star_location():
    s = at_actions(fresh())        # Crystal Globe Casino
    assert ("Place the Tracking Bug", "the bug cannot be placed at a ★ Location") in said(s.blockers())
    assert not any(a.kind == "bug" for a in s.legal_actions(0))


def test_bug_cannot_be_placed_where_the_spy_is():
    s = at_actions(fresh(SAFE_DEAL), 7)
    s.spy = 7
    assert ("Place the Tracking Bug", "the Spy is at your Location") in said(s.blockers())


def bug_game():
    """Turn 1 at Sunrise Park with the bug placed; the Spy deck is 1 (S), 6 (S) ..."""
    s = fresh(SAFE_DEAL, spy_cards=(1, 6, 2, 3, 4, 5, 7, 8), turned=(2, 3, 4, 5))
    at_actions(s, 7)
    ev = act(s, "bug")
    assert s.bug == 7 and ev[0].kind == "bug_placed"
    assert s.view(0)["bug"]["state"] == "placed"
    return s


def test_bug_can_be_picked_up_and_placed_again_while_the_spy_is_not_bugged():
    s = bug_game()
    act(s, "end")                      # Spy to Royal Library
    act(s, "move", 6)                  # Zenith Bus Station
    assert next(a for a in s.legal_actions(0) if a.kind == "bug").label == \
        "Move the Tracking Bug here"
    act(s, "bug")
    assert s.bug == 6


def test_spy_moving_onto_the_bug_is_bugged_and_can_be_accused_next_turn():
    s = bug_game()
    act(s, "end")
    act(s, "move", 6)
    act(s, "bug")
    ev = act(s, "end")                 # card 6 upright: S onto the Agent and the bug
    assert "spy_bugged" in kinds_of(ev) and "meeting" in kinds_of(ev)
    assert s.bugged and s.bug == -1 and s.spy == 6
    assert s.phase == "discard" and s.discard_for == "spy"
    act(s, "discard", CLUE)
    assert s.turn == 3 and s.phase == "move"
    assert s.legal_actions(0)[0] == Action("accuse", ())
    assert s.view(0)["bug"]["state"] == "active"


def test_bug_cannot_be_placed_once_the_spy_is_bugged():
    s = bug_game()
    s.bugged, s.bug = True, -1
    assert ("Place the Tracking Bug", "the Spy is already bugged") in said(s.blockers())


def test_tracking_twice_then_the_bug_is_spent_but_the_spy_stays_bugged():
    s = at_actions(fresh(SAFE_DEAL), 7)
    assert ("Track the Spy", "the Spy is not bugged yet") in said(s.blockers())
    s.bugged = True
    s.spy = 1
    ev = act(s, "track")
    t = next(e for e in ev if e.kind == "tracked")
    assert t.seats == (0,) and t.data["card"] == 1 and t.data["tracks_left"] == 1
    v = s.view(0)
    assert v["spy_peek"]["card"] == 1 and v["spy_peek"]["large"] == "S"
    assert s.view(None)["spy_peek"] is None             # onlookers do not see it
    act(s, "track")
    assert s.tracks == 0 and s.view(0)["bug"]["state"] == "spent" and s.bugged
    assert ("Track the Spy", "the Tracking Bug has been used twice") in said(s.blockers())


def test_spy_cannot_be_tracked_at_a_star_location():
    s = at_actions(fresh(SAFE_DEAL), 7)
    s.bugged = True
    s.spy = 4                             # Paragon Bank
    assert ("Track the Spy", "the Spy cannot be tracked at a ★ Location") in said(s.blockers())


def test_tracked_card_is_forgotten_once_it_is_flipped():
    s = at_actions(fresh(SAFE_DEAL), 7)
    s.bugged = True
    s.spy = 1
    act(s, "track")
    act(s, "end")
    assert s.view(0)["spy_peek"] is None


# --- the Spy's move -----------------------------------------------------------------------------------
@pytest.mark.parametrize("pos,card,turned,expected", [
    (0, 1, False, (3, "large", False, "S")),      # large arrow
    (6, 1, False, (7, "small", False, "E")),      # large off the grid: small arrow
    (8, 4, False, (7, "large", True, "W")),       # both off: card rotated, large arrow
    (0, 5, False, (3, "small", True, "S")),       # rotated, small arrow
    (0, 1, True, (3, "large", True, "S")),        # turned (N, W) at the corner: rotated back
])
def test_spy_arrow_fallbacks(pos, card, turned, expected):
    assert spy_destination(pos, card, turned) == expected


def test_turned_cards_reverse_both_arrows():
    # card 1 turned: large N, small W; from the centre the large arrow goes up
    assert spy_destination(4, 1, True) == (1, "large", False, "N")
    assert spy_destination(4, 1, False) == (7, "large", False, "S")


def test_the_spy_always_finds_a_move_on_the_grid():
    for pos in range(9):
        for card in SPY_CARDS:
            for turned in (False, True):
                to, arrow, _, _ = spy_destination(pos, card, turned)
                assert arrow != "none" and to != pos


def test_spy_move_event_names_card_and_arrow_for_the_animation():
    s = fresh(spy_cards=(4, 1, 2, 3, 5, 6, 7, 8), turned=(1, 2, 3, 5))
    s.spy = 8
    s.agent, s.stacks[1] = 2, []
    act(s, "move", 1)
    ev = act(s, "end")
    moved = next(e for e in ev if e.kind == "spy_moved")
    assert moved.data == {"from": 8, "to": 7, "card": 4, "turned": False, "arrow": "large",
                          "rotated": True, "direction": "W"}
    d = s.view(0)["spy_discards"][-1]
    assert (d["card"], d["arrow"], d["rotated"], d["to"]) == (4, "large", True, 7)


def test_spy_deck_is_reshuffled_with_four_cards_turned_when_it_runs_out():
    s = at_actions(fresh())
    s.spydeck = s.spydeck[-1:]
    act(s, "end")
    assert s.phase == "reshuffle" and s.decider() == CHANCE
    with pytest.raises(RuleError):
        s.apply(0, Action("end", ()))
    s.apply(CHANCE, Action("spydeck", ((8, 7, 6, 5, 4, 3, 2, 1), (1, 2, 3, 4))))
    assert len(s.spydeck) == 8 and sum(c % 2 for c in s.spydeck) == 4
    assert s.view(0)["spy_discards"] == () and s.phase == "move" and s.turn == 2


def test_spy_adds_no_card_where_two_already_lie():
    s = at_actions(fresh())
    s.stacks[3] = [PHOTO, CLUE]
    s.origin[3], s.known[3] = [True, False], [False, False]
    before = len(s.deck)
    act(s, "end")
    assert s.spy == 3 and len(s.deck) == before and s.stacks[3] == [PHOTO, CLUE]


def test_spy_adds_a_card_to_an_empty_location():
    s = at_actions(fresh())
    s.stacks[3], s.origin[3], s.known[3] = [], [], []
    act(s, "end")
    assert s.stacks[3] == [GUN] and s.origin[3] == [False]


# --- On the Run and the Countdown ------------------------------------------------------------
def test_on_the_run_the_countdown_drops_when_the_spy_reaches_an_empty_location():
    s = at_actions(fresh())
    s.discard += s.deck
    s.deck = []
    assert s.view(0)["on_the_run"] is True
    s.stacks[3], s.origin[3], s.known[3] = [], [], []
    ev = act(s, "end")
    assert s.countdown == 3 and "countdown" in kinds_of(ev)


def test_on_the_run_a_location_with_a_card_costs_no_time():
    s = at_actions(fresh())
    s.discard += s.deck
    s.deck = []
    act(s, "end")
    assert s.countdown == 4 and s.stacks[3] == [PHOTO]


def test_countdown_reaching_zero_loses():
    s = at_actions(fresh())
    s.discard += s.deck
    s.deck = []
    s.countdown = 1
    s.stacks[3], s.origin[3], s.known[3] = [], [], []
    ev = act(s, "end")
    assert s.outcome == "countdown" and s.is_over()
    assert ev[-1].text.startswith("The Countdown reached zero")


def test_countdown_does_not_drop_while_the_deck_still_has_cards():
    s = at_actions(fresh())
    s.deck = s.deck[-1:]
    s.stacks[3], s.origin[3], s.known[3] = [], [], []
    act(s, "end")
    assert s.countdown == 4 and s.deck == [] and s.stacks[3] == [GUN]


# --- meetings ---------------------------------------------------------------------------------------
def test_agent_walking_into_the_spy_discards_and_ends_the_turn():
    s = fresh()
    s.spy = 4
    s.coll = [CLUE]
    ev = act(s, "move", 4)
    assert "meeting" in kinds_of(ev) and s.phase == "discard" and s.discard_for == "meeting"
    assert not any(a.kind == "accuse" for a in s.legal_actions(0))   # not bugged
    ev = act(s, "discard", BINOC)
    assert "spy_moved" in kinds_of(ev) and s.turn == 2


def test_agent_walking_into_the_spy_with_no_card_loses():
    s = fresh()
    s.spy = 4
    s.stacks[4], s.origin[4], s.known[4] = [], [], []
    act(s, "move", 4)
    assert s.outcome == "meeting-no-card"


def test_spy_walking_into_the_agent_with_no_card_loses():
    s = fresh()
    s.agent = 7
    s.stacks[3], s.origin[3], s.known[3] = [], [], []
    act(s, "move", 3)
    assert s.coll == []
    act(s, "end")                         # card 1: the Spy goes S onto the Agent
    assert s.outcome == "meeting-no-card"


def test_spy_walking_into_the_agent_costs_a_card_and_the_turn_continues_normally():
    s = fresh()
    s.agent = 7
    act(s, "move", 3)                     # takes the Photographs
    ev = act(s, "end")
    assert "meeting" in kinds_of(ev) and s.phase == "discard" and s.discard_for == "spy"
    act(s, "discard", PHOTO)
    assert s.phase == "move" and s.turn == 2
    assert not any(a.kind == "accuse" for a in s.legal_actions(0))   # not bugged


# --- accusation -------------------------------------------------------------------------------------
def accusation_game(coll):
    s = fresh()
    s.bugged = True
    s.spy = 4
    s.stacks[4], s.origin[4], s.known[4] = [], [], []
    s.coll = list(coll)
    act(s, "move", 4)
    assert s.phase == "meeting"
    assert s.legal_actions(0)[0].label == "Accuse the Spy"
    return s


def test_accusation_with_all_evidence_and_no_red_herring_wins():
    s = accusation_game([PHOTO, BINOC, PASSPORT, GUN])
    ev = act(s, "accuse")
    assert s.outcome == "won" and s.result().winners == (0,)
    assert all(all(r) for r in s.rev)             # every Confiscated Item revealed
    v = s.view(0)
    assert v["result"]["won"] and v["case_files"][RED_HERRING]["slots"] == ("Hidden Camera",)
    assert [e.kind for e in ev] == ["accusation", "game_over"]


def test_accusation_holding_the_red_herring_loses_even_with_all_evidence():
    s = accusation_game([PHOTO, BINOC, PASSPORT, CAMERA])
    act(s, "accuse")
    assert s.outcome == "red-herring" and s.result().winners == ()


def test_accusation_without_all_evidence_loses():
    s = accusation_game([PHOTO, BINOC, LAPTOP, CODED, PHONE])
    act(s, "accuse")
    assert s.outcome == "missing-evidence"


def test_meeting_a_bugged_spy_may_discard_instead_of_accusing():
    s = accusation_game([PHOTO, CLUE])
    act(s, "discard", CLUE)
    assert not s.is_over() and s.turn == 2


def test_accusation_needs_a_bugged_spy():
    s = fresh()
    s.spy = 4
    s.coll = [CLUE]
    act(s, "move", 4)
    with pytest.raises(RuleError, match="bugged"):
        s.apply(0, Action("accuse", ()))


def test_accusation_at_the_start_of_the_turn_when_the_spy_walked_in():
    s = fresh()
    s.bugged = True
    s.agent = 7
    s.coll = [PHOTO, BINOC, PASSPORT, CLUE]
    s.stacks[3], s.origin[3], s.known[3] = [], [], []
    act(s, "move", 3)
    act(s, "end")                          # the Spy walks onto the Agent: pay a card
    act(s, "discard", CLUE)
    act(s, "accuse")
    assert s.outcome == "won"


# --- conservation in a scripted game ---------------------------------------------------------
def test_cards_are_conserved_through_a_scripted_turn_sequence():
    s = fresh()
    total = card_census(s)
    act(s, "move", 7)
    act(s, "kit", True)
    act(s, "end")
    act(s, "move", 3)
    assert card_census(s) == total


def test_refusals_say_why_in_one_line():
    s = fresh()
    s.coll = [CLUE, GUN]
    s.kit_used = True
    act(s, "move", 7)                         # Bomb: a discard is due
    with pytest.raises(RuleError, match="now you must choose a card to discard"):
        s.apply(0, Action("bug", ()))
    assert dict(said(s.view(0)["unavailable"]))["Track the Spy"] == \
        "only after moving, during your additional actions"
    with pytest.raises(RuleError, match="you can only discard a card you hold"):
        s.apply(0, Action("discard", (LAPTOP,)))
    with pytest.raises(RuleError, match="single player"):
        s.apply(1, Action("discard", (GUN,)))


def _dealt(seed: int) -> HarshState:
    """A standard game dealt with ``seed``, at the Agent's first decision."""
    rng = random.Random(seed)
    s = HarshState.new(1, {})
    while s.decider() == CHANCE:
        s.apply(CHANCE, s.sample_chance(rng))
    return s


def test_listed_actions_are_trusted_only_until_the_state_changes():
    # apply() takes an action picked from legal_actions without the full check, by
    # identity; once any step is made the old list is worth nothing.
    s = _dealt(4)
    first = s.legal_actions(0)
    moves = [a for a in first if a.kind == "move"]
    s.apply(0, moves[0])                                  # listed: taken as it is
    before = s.to_json()
    for a in first:                                       # stale: each is checked afresh
        if a not in s.legal_actions(0):
            with pytest.raises(RuleError):
                s.apply(0, a)
            assert s.to_json() == before
    with pytest.raises(RuleError):
        s.apply(1, s.legal_actions(0)[0])                 # listed, but not this seat's
    assert s.to_json() == before
    copy = Action.from_json(s.legal_actions(0)[-1].to_json())      # an equal one, not the listed object
    s.apply(0, copy)
    assert s.to_json() != before


def test_an_action_added_to_the_listed_actions_is_still_checked():
    # apply() trusts the actions legal_actions listed; what a caller adds to the list it was
    # given is not among them, and an illegal one is refused with nothing changed
    s = _dealt(4)
    given = s.legal_actions(0)
    wrong = Action("move", (s.agent,))                    # stay put: not a move of the rules
    assert wrong not in given
    given.append(wrong)
    before = s.to_json()
    with pytest.raises(RuleError):
        s.apply(0, wrong)
    assert s.to_json() == before
