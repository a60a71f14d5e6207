"""Helpers for the Harsh Shadows tests: a game set up with chosen (not shuffled) cards.

Default layout (position: Location): 0 Spring Carnival (Spy), 1 Espresso Lane Cafe,
2 Reseau Hotel, 3 Royal Library, 4 Paragon Bank (centre, face down), 5 Crystal Globe Casino,
6 Zenith Bus Station, 7 Sunrise Park, 8 Uptown Post Office (Agent).
Case Files by default: Evidence = Photographs, Binoculars, Passport; Red Herring = Hidden
Camera; False Leads = Gun, Laptop, Coded Message, Phone.
"""

from __future__ import annotations

from collections import Counter

from game.rules.harsh import HarshState
from game.rules.harsh.data import BOMB, CLUE, CLUE2
from game.rules.protocol import CHANCE, Action

PHOTO, BINOC, PASSPORT, CAMERA, GUN, LAPTOP, CODED, PHONE = range(8)

DEFAULT_DEAL = (CLUE, CLUE, CLUE, PHOTO, BINOC, PASSPORT, CAMERA, BOMB, CLUE)


def fresh(deal=DEFAULT_DEAL, deck=None, grid=tuple(range(9)), cases=tuple(range(8)),
          spy_cards=(1, 2, 3, 4, 5, 6, 7, 8), turned=(5, 6, 7, 8), **options) -> HarshState:
    """A game at turn 1 (move phase) with the given cards. ``deck`` is listed top first;
    by default it holds the undealt cards in kind order."""
    s = HarshState.new(1, options)
    s.apply(CHANCE, Action("grid", tuple(grid)))
    s.apply(CHANCE, Action("deal", tuple(deal)))
    if deck is None:
        deck = tuple(s._undealt())
    s.apply(CHANCE, Action("deck", tuple(deck)))
    s.apply(CHANCE, Action("cases", tuple(cases)))
    s.apply(CHANCE, Action("spydeck", (tuple(spy_cards), tuple(sorted(turned)))))
    return s


def act(s: HarshState, kind: str, *args):
    """Apply the legal action with this kind and args (its label comes from the rules)."""
    for a in s.legal_actions(0):
        if a.kind == kind and a.args == args:
            return s.apply(0, a)
    raise AssertionError(f"{kind}{args} is not legal in phase {s.phase}: "
                         f"{[x.label for x in s.legal_actions(0)]}")


def kinds_of(events):
    return [e.kind for e in events]


def card_census(s: HarshState) -> Counter:
    """Every Discovery card in the game, wherever it is."""
    c = Counter(s.deck) + Counter(s.coll) + Counter(s.discard)
    for st in s.stacks:
        c.update(st)
    return c


def test_fresh_layout_is_a_legal_setup():
    s = fresh()
    assert s.phase == "move" and s.turn == 1
    assert s.spy == 0 and s.agent == 8
    assert card_census(s) == Counter({k: n for k, n in s.box().items() if n})
    assert s.conf == [[PHOTO, BINOC, PASSPORT], [CAMERA], [GUN, LAPTOP, CODED, PHONE]]


def test_act_refuses_an_illegal_choice():
    s = fresh()
    try:
        act(s, "move", 0)
    except AssertionError as exc:
        assert "not legal" in str(exc)
    else:
        raise AssertionError("moving three squares away was accepted")
    assert CLUE2 in s.deck
