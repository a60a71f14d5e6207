"""The nine Location abilities, their limits, and switching them off."""

from __future__ import annotations

import pytest
from test_harsh_support import (
    BINOC,
    CAMERA,
    CODED,
    GUN,
    LAPTOP,
    PASSPORT,
    PHOTO,
    act,
    fresh,
    kinds_of,
)

from game.i18n import shown  # noqa: E402
from game.rules.harsh.data import BOMB, CLUE, EVIDENCE, FALSE_LEADS, LOC_BY_ABILITY, RED_HERRING
from game.rules.protocol import Action, RuleError


def said(pairs):
    """(action, reason) pairs with each reason in words (the rules keep them as data)."""
    return [(a, shown(why)) for a, why in pairs]



def grid_with(key: str, pos: int = 5) -> tuple:
    loc = LOC_BY_ABILITY[key]
    g = [x for x in range(9) if x != loc]
    g.insert(pos, loc)
    return tuple(g)


def on(key: str, **kw):
    """The Agent has just moved onto the Location with ability ``key`` (at position 5)."""
    s = fresh(grid=grid_with(key), **kw)
    act(s, "move", 5)
    assert s.phase == "actions"
    return s


def use(s, key, *target):
    return act(s, "ability", key, *target)


def test_each_ability_is_used_once_and_turns_its_location_face_down():
    s = on("hotel")
    use(s, "hotel")
    assert s.down[5] and s.used[LOC_BY_ABILITY["hotel"]]
    g = s.view(0)["grid"][5]
    assert g["face_down"] and g["ability_used"] and g["location"] == "Reseau Hotel"
    assert ("Use Location ability", "Reseau Hotel's ability was already used") in said(s.blockers())


def test_face_down_centre_location_has_no_ability():
    s = fresh(grid=grid_with("library", 4))
    s.coll = [CLUE]
    act(s, "move", 4)
    assert ("Use Location ability", "Royal Library is face down") in said(s.blockers())


def test_switched_off_ability_cannot_be_used():
    s = on("casino", ability_casino="off")
    reason = dict(said(s.blockers()))["Use Location ability"]
    assert "switched off" in reason
    with pytest.raises(RuleError, match="switched off"):
        s.apply(0, Action("ability", ("casino",)))


def test_abilities_only_after_moving():
    s = fresh(grid=grid_with("casino"))
    with pytest.raises(RuleError, match="additional action"):
        s.apply(0, Action("ability", ("casino",)))


# --- Spring Carnival -------------------------------------------------------------------------
def test_carnival_keeps_the_spy_where_it_is_this_turn():
    s = on("carnival")
    deck, spydeck, countdown = len(s.deck), list(s.spydeck), s.countdown
    use(s, "carnival")
    assert s.view(0)["spy_stays"] is True
    ev = act(s, "end")
    assert "spy_moved" not in kinds_of(ev) and "spy_stayed" in kinds_of(ev)
    assert s.spy == 0 and s.spydeck == spydeck and len(s.deck) == deck
    assert s.countdown == countdown and s.turn == 2
    ev = act(s, "move", 4)
    act(s, "end")
    assert s.spy == 3                     # the next turn the Spy moves again


# --- Espresso Lane Cafe ------------------------------------------------------------------------
def test_cafe_looks_at_three_cards_and_puts_them_back_in_any_order():
    s = on("cafe")
    ev = use(s, "cafe")
    peek = next(e for e in ev if e.kind == "deck_peeked")
    assert peek.seats == (0,) and peek.data["cards"] == ("Gun", "Laptop", "Coded Message")
    assert s.phase == "reorder"
    v = s.view(0)
    assert v["looking_at"] == ("Gun", "Laptop", "Coded Message")
    assert s.view(None)["looking_at"] == ()
    orders = s.legal_actions(0)
    assert len(orders) == 6 and len({a.label for a in orders}) == 6
    act(s, "order", CODED, GUN, LAPTOP)
    assert s.phase == "actions" and s.deck[-3:] == [LAPTOP, GUN, CODED]
    assert s.view(0)["deck_known_top"] == ("Coded Message", "Gun", "Laptop")
    act(s, "end")                          # the Spy takes the Coded Message
    assert s.stacks[3][-1] == CODED
    assert s.view(0)["deck_known_top"] == ("Gun", "Laptop")


def test_a_card_seen_at_the_cafe_stays_known_where_the_spy_lays_it():
    s = on("cafe")
    use(s, "cafe")
    act(s, "order", CODED, GUN, LAPTOP)
    s.stacks[3], s.origin[3], s.known[3] = [CLUE], [True], [False]
    act(s, "end")                          # the Spy lays the Coded Message under the Clue
    assert s.stacks[3] == [CLUE, CODED] and s.known[3] == [False, True]
    assert s.view(0)["grid"][3]["known"] == (None, "Coded Message")
    assert s.view(None)["grid"][3]["known"] == (None, None)   # an onlooker saw nothing
    assert all(k is None for g in s.view(0)["grid"] if g["pos"] != 3 for k in g["known"])
    # the round trip keeps it, and a save from before the grid remembered it still loads
    again = type(s).from_json(s.to_json())
    assert again.view(0) == s.view(0)
    old = s.to_json()
    del old["known"]
    assert type(s).from_json(old).view(0)["grid"][3]["known"] == (None, None)


def test_cafe_with_identical_cards_needs_no_choice():
    s = on("cafe", deck=(CLUE, CLUE, CLUE, GUN, LAPTOP, CODED, 7, CLUE, CLUE, 9, BOMB, BOMB,
                         BOMB))
    use(s, "cafe")
    assert s.phase == "actions" and s.view(0)["deck_known_top"] == ("Clue",) * 3


def test_cafe_needs_a_discovery_deck():
    s = on("cafe")
    s.discard += s.deck
    s.deck = []
    assert ("Use Location ability", "the Discovery deck is empty") in said(s.blockers())


# --- Reseau Hotel --------------------------------------------------------------------------------
def hotel_on_the_spys_path():
    # the Hotel at Royal Library's place (3): the Spy's first card takes it S onto the Agent
    s = fresh(grid=grid_with("hotel", 3))
    s.agent = 7
    act(s, "move", 3)
    use(s, "hotel")
    return s


def test_hotel_cancels_the_discard_when_the_spy_walks_in():
    s = hotel_on_the_spys_path()
    coll = list(s.coll)
    ev = act(s, "end")
    assert "safe_house" in kinds_of(ev) and s.coll == coll and s.phase == "move"


def test_hotel_cancels_only_one_meeting():
    s = hotel_on_the_spys_path()
    act(s, "end")                           # first meeting: free
    s.spy = 4
    s.stacks[4], s.origin[4], s.known[4] = [], [], []
    act(s, "move", 4)                       # second meeting, same next turn: pay
    assert s.phase == "discard"


def test_hotel_protects_a_meeting_on_the_next_turn():
    s = fresh(grid=grid_with("hotel"))
    act(s, "move", 5)
    use(s, "hotel")
    act(s, "end")                           # Spy to 3
    s.stacks[4], s.origin[4], s.known[4] = [], [], []
    s.spy = 4
    ev = act(s, "move", 4)                  # turn 2: walk into the Spy
    assert "safe_house" in kinds_of(ev) and "spy_moved" in kinds_of(ev)   # the turn ended


def test_hotel_protection_ends_with_the_next_turn():
    s = fresh(grid=grid_with("hotel"))
    act(s, "move", 5)
    use(s, "hotel")
    act(s, "end")                           # Spy to 3; turn 2
    act(s, "move", 2)
    act(s, "end")                           # turn 2 ends without a meeting
    assert s.turn == 3 and not s._safe_house_active(False)
    s.spy = 1
    s.stacks[1], s.origin[1], s.known[1] = [], [], []
    act(s, "move", 1)                       # turn 3: walking into the Spy costs a card
    assert s.phase == "discard" and s.discard_for == "meeting"


def test_hotel_offers_to_let_a_bugged_spy_go_without_a_discard():
    s = fresh(grid=grid_with("hotel"))
    act(s, "move", 5)
    use(s, "hotel")
    act(s, "end")
    s.bugged = True
    s.spy = 4
    s.stacks[4], s.origin[4], s.known[4] = [], [], []
    act(s, "move", 4)
    assert [a.kind for a in s.legal_actions(0)] == ["accuse", "slip"]
    coll = list(s.coll)
    act(s, "slip")
    assert s.coll == coll and s.turn == 3


# --- Royal Library -----------------------------------------------------------------------------------
def test_library_reveals_evidence_or_false_lead_for_free():
    s = on("library")
    targets = [a.args[1:] for a in s.legal_actions(0) if a.kind == "ability"]
    assert targets == [(EVIDENCE, 0), (EVIDENCE, 1), (EVIDENCE, 2), (FALSE_LEADS, 0),
                       (FALSE_LEADS, 1), (FALSE_LEADS, 2), (FALSE_LEADS, 3)]
    assert all(f != RED_HERRING for f, _ in targets)
    ev = use(s, "library", EVIDENCE, 2)
    assert s.rev[EVIDENCE][2] and ev[-1].data["item"] == "Passport"
    assert not s.clue_used                 # not the turn's clue use
    s.coll += [CLUE]
    assert any(a.kind == "reveal" for a in s.legal_actions(0))


# --- Paragon Bank -------------------------------------------------------------------------------------
def test_bank_protects_an_item_from_every_discard():
    s = on("bank")
    s.coll += [PHOTO]
    labels = [a.label for a in s.legal_actions(0) if a.kind == "ability"]
    assert labels == ["Use Paragon Bank: Safe-deposit box (protect the Photographs)",
                      "Use Paragon Bank: Safe-deposit box (protect the Passport)"]
    use(s, "bank", PASSPORT)
    assert s.view(0)["protected"] == "Passport"
    assert s.discardable() == [PHOTO]


def test_bank_protected_item_alone_cannot_pay_a_discard():
    s = on("bank")
    use(s, "bank", PASSPORT)
    s.stacks[3], s.origin[3], s.known[3] = [], [], []
    s.agent = 7
    s.phase = "move"
    act(s, "move", 3)
    act(s, "end")                          # the Spy walks in: only the protected Passport
    assert s.outcome == "meeting-no-card"


def test_bank_needs_an_item():
    s = fresh(grid=grid_with("bank"), deal=(CLUE,) * 8 + (BOMB,))
    act(s, "move", 5)
    assert ("Use Location ability", "you hold no Item to protect") in said(s.blockers())


# --- Crystal Globe Casino ------------------------------------------------------------------------------
def test_casino_resolves_the_top_deck_card():
    s = on("casino")
    ev = use(s, "casino")
    assert s.coll == [PASSPORT, GUN] and ev[0].data["source"] == "Gamble"
    assert s.phase == "actions"


def test_casino_bomb_is_resolved_at_once():
    s = on("casino", deck=(BOMB, GUN, LAPTOP, CODED, 7, CLUE, CLUE, CLUE, CLUE, CLUE, 9, BOMB,
                           BOMB))
    s.kit_used = True
    use(s, "casino")
    assert s.phase == "discard" and s.discard_for == "bomb"
    ev = act(s, "discard", PASSPORT)
    assert "spy_moved" in kinds_of(ev)     # the Bomb ended the turn


# --- Zenith Bus Station ---------------------------------------------------------------------------------
def test_bus_moves_anywhere_and_resolves_the_arrival():
    s = on("bus")
    targets = [a.args[1] for a in s.legal_actions(0) if a.kind == "ability"]
    assert targets == [0, 1, 2, 3, 4, 6, 7, 8]
    ev = use(s, "bus", 1)
    assert s.agent == 1 and s.coll[-1] == CLUE and "agent_moved" in kinds_of(ev)
    assert s.phase == "actions"


def test_bus_into_the_spy_is_a_meeting():
    s = on("bus")
    s.coll.append(CLUE)
    use(s, "bus", 0)                        # the Spy's corner (its card is a Clue here)
    assert s.phase == "discard" and s.discard_for == "meeting"


# --- Sunrise Park --------------------------------------------------------------------------------------
def test_park_looks_at_the_top_spy_card_and_may_bury_it():
    s = on("park")
    ev = use(s, "park")
    peek = next(e for e in ev if e.kind == "stakeout")
    assert peek.seats == (0,) and peek.data["card"] == 1
    assert s.phase == "stakeout" and s.view(0)["spy_peek"]["card"] == 1
    act(s, "stakeout", "bottom")
    assert s.spydeck[0] == 2 and s.view(0)["spy_bottom"]["card"] == 1
    assert s.view(0)["spy_peek"] is None
    act(s, "end")                           # card 2 (NW, SW) then rotated: SE to the centre
    assert s.spy == 4


def test_park_keep_leaves_the_card_on_top():
    s = on("park")
    use(s, "park")
    act(s, "stakeout", "keep")
    assert s.spydeck[-1] == 2 and s.view(0)["spy_peek"]["card"] == 1
    act(s, "end")
    assert s.spy == 3


# --- Uptown Post Office ---------------------------------------------------------------------------------
def test_post_office_takes_an_adjacent_card_without_moving():
    s = on("post")
    targets = [a.args[1] for a in s.legal_actions(0) if a.kind == "ability"]
    assert targets == [2, 8, 4]                # orthogonal neighbours of 5, compass order
    use(s, "post", 2)
    assert s.agent == 5 and s.stacks[2] == [] and s.coll == [PASSPORT, CLUE]


def test_post_office_bomb_is_resolved():
    s = on("post", deal=(CLUE, CLUE, CLUE, PHOTO, BOMB, PASSPORT, CAMERA, BINOC, CLUE))
    use(s, "post", 4)                           # the dealt Bomb, west of the Post Office
    assert s.phase == "bomb" and s.dealt_bomb_found


def test_post_office_needs_a_neighbouring_card():
    s = on("post")
    for p in (2, 4, 8):                         # the diagonals 1 and 7 still hold cards
        s.stacks[p], s.origin[p], s.known[p] = [], [], []
    assert ("Use Location ability",
            "no orthogonally adjacent Location has a Discovery card") in said(s.blockers())


def test_every_ability_has_a_rulebook_entry():
    from game.rules.harsh import RULES_TEXT
    for name in ("Spring Carnival", "Espresso Lane Cafe", "Reseau Hotel", "Royal Library",
                 "Paragon Bank", "Crystal Globe Casino", "Zenith Bus Station", "Sunrise Park",
                 "Uptown Post Office"):
        assert name in RULES_TEXT
    assert 600 <= len(RULES_TEXT.split()) <= 1000
