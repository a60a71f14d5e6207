"""The Shadow Hunters protocol's shortcuts for its commonest events (issue 42) say what the
general path says: a bare single-target hit's attack reads, and the private events of one
or two seats told a fact each, checked right after every step of random games."""

from __future__ import annotations

import random

from game.rules.hunters import views as hv
from game.rules.hunters import words
from game.rules.hunters.combat import attack_terms, d4_reason
from game.rules.hunters.state import HuntersState
from game.rules.protocol import CHANCE, NOBODY, Event


def _general_reads(s, e):
    a, targets, (d6, d4) = e[1], e[2], e[4]
    reason = None if d6 else d4_reason(s, a)
    if (abs(d6 - d4) if d6 else d4) == 0:
        return reason, ()
    return reason, tuple(attack_terms(s, a, t) for t in targets)


def _general_private(s, t0):
    new = s.told[t0:]
    out = []
    for i in sorted(set(new)):
        for e in s.private[i][-new.count(i):]:
            out.append(Event("private_" + e[0], {"fact": e}, hv.describe(None, e), (i,)))
    return out


def _said(events):
    return [(e.kind, dict(e.data), e.text, e.seats) for e in events]


def test_event_shortcuts_say_what_the_general_path_says():
    rng = random.Random(2042)
    hits = told_one = told_two = 0
    for g in range(60):
        n = 4 + g % 5
        s = HuntersState.new(n, {"hermit_round": "on" if g % 3 == 0 else "off"})
        while (d := s.decider()) != NOBODY:
            action = s.sample_chance(rng) if d == CHANCE else rng.choice(s.legal_actions(d))
            h0, t0 = len(s.history), len(s.told)
            events = s.apply(d, action)
            for e in s.history[h0:]:
                if e[0] == "attack":
                    assert words.attack_reads(s, e) == _general_reads(s, e)
                    hits += 1
            told = len(s.told) - t0
            if told:
                private = [ev for ev in events if ev.seats is not None]
                assert _said(private) == _said(_general_private(s, t0))
                told_one += told == 1
                told_two += told == 2
    assert hits > 200 and told_one > 50 and told_two > 50
