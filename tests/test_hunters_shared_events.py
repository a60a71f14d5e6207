"""Shadow Hunters events shared between steps and games (issue 42): apply hands out the
same Event for the same fact, and what it says is what a freshly made one says; a roll is
shared by whether it is rolled again, which apply reads off the stack."""

from __future__ import annotations

import random

from game.rules.hunters import views as hv
from game.rules.hunters.state import HuntersState
from game.rules.protocol import CHANCE, NOBODY


def _said(events):
    return [(e.kind, dict(e.data), e.text, e.seats) for e in events]


def test_shared_events_say_what_fresh_ones_say(monkeypatch):
    rng = random.Random(42)
    shared_seen = 0
    for g in range(40):
        n = 4 + g % 5
        s = HuntersState.new(n, {"hermit_round": "on" if g % 4 == 0 else "off"})
        while (d := s.decider()) != NOBODY:
            action = s.sample_chance(rng) if d == CHANCE else rng.choice(s.legal_actions(d))
            h0, t0 = len(s.history), len(s.told)
            before = dict(hv.EVENTS)
            events = s.apply(d, action)
            shared_seen += sum(1 for e in events if any(e is x for x in before.values()))
            # the same facts made afresh, with nothing shared
            monkeypatch.setattr(hv, "EVENTS", {})
            fresh = hv.events_since(s, h0, t0)
            monkeypatch.undo()
            assert _said(events) == _said(fresh)
    assert shared_seen > 1000


def test_the_shared_events_stay_bounded(monkeypatch):
    monkeypatch.setattr(hv, "EVENTS_MAX", 50)
    hv.EVENTS.clear()           # (a cache: emptying it changes no event)
    rng = random.Random(7)
    for _ in range(10):
        s = HuntersState.new(5)
        while (d := s.decider()) != NOBODY:
            action = s.sample_chance(rng) if d == CHANCE else rng.choice(s.legal_actions(d))
            s.apply(d, action)
            assert len(hv.EVENTS) <= 50
