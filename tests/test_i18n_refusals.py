"""Every refusal names the action in words, translated: at every table an action the rules
refuse is said as its label ("Move to the Royal Library is not allowed now: ..."), never
as the raw ``move(7,)`` a click or a phone hands in without words. Under the pseudo-locale
every word of a refusal is in the catalog (marked)."""

from __future__ import annotations

import random
import re

import pytest
from test_i18n_screens import unmarked_lines

from game import i18n
from game.match import Match
from game.rules.chasing.state import ChasingState
from game.rules.harsh.state import HarshState
from game.rules.hunters.state import HuntersState
from game.rules.protocol import CHANCE, NOBODY, Action, RuleError
from game.session import SeatConfig, Session

# "move(7,)", "attack(1,)", "woods('damage', 4)", "order(2, 8, 10)": a kind and its args
RAW = re.compile(r"\b[a-z_]+\d*\((?:[-\w'\", ]*|\(.*\))\)")
SEAT = re.compile(r"Player \d+")      # a seat as the rules name it: the screen puts the name in


@pytest.fixture(autouse=True)
def pseudo():
    i18n.set_language(i18n.PSEUDO)
    yield
    i18n.set_language("en")


def refusals(cls, players: int, seeds: int, tries: int = 12) -> set[str]:
    """Play random games; at each decision hand in actions seen at other moments, stripped
    of their words as a click or a phone would send them, and keep what the rules say."""
    said: set[str] = set()
    for seed in range(seeds):
        rng = random.Random(seed)
        s = cls.new(players, {})
        pool: list[Action] = []
        for _ in range(400):
            d = s.decider()
            if d == NOBODY:
                break
            if d == CHANCE:
                s.apply(CHANCE, s.sample_chance(rng))
                continue
            legal = s.legal_actions(d)
            pool = (pool + [Action(a.kind, a.args) for a in legal])[-200:]
            for a in rng.sample(pool, min(tries, len(pool))) + [Action("nonsense", (1,))]:
                if a in legal:
                    continue
                with pytest.raises(RuleError) as refused:
                    s.apply(d, a)
                said.add(str(refused.value))
            s.apply(d, rng.choice(legal))
    return said


@pytest.mark.parametrize("cls, players", [(HarshState, 1), (ChasingState, 4), (HuntersState, 5)],
                         ids=["harsh", "chasing", "hunters"])
def test_a_refused_action_is_named_in_words_and_every_word_is_translated(cls, players):
    said = refusals(cls, players, seeds=3)
    assert len(said) > 10
    raw = sorted(t for t in said if RAW.search(t.replace("⟦", " ").replace("⟧", " ")))
    assert raw == [], raw[:5]
    untranslated = unmarked_lines(SEAT.sub("", t) for t in said)
    assert untranslated == [], untranslated[:5]


def test_the_detector_sees_the_raw_forms_it_was_written_for():
    for text in ("move(7,) is not allowed now", "attack(1,) is not one of your choices now",
                 "woods('damage', 4) is not one", "order(2, 8, 10) is not allowed now"):
        assert RAW.search(text), text
    assert not RAW.search("Move to Royal Library (NW) is not allowed now: move your Agent")


def test_a_harsh_move_clicked_after_moving_is_named_by_its_location():
    """The case seen at the table: a Location clicked once the Agent has moved."""
    rng = random.Random(1)
    s = HarshState.new(1, {})
    while s.decider() == CHANCE:
        s.apply(CHANCE, s.sample_chance(rng))
    first, second = [a for a in s.legal_actions(0) if a.kind == "move"][:2]
    s.apply(0, first)
    i18n.set_language("de")
    why = str(s.explain_illegal(0, Action("move", second.args)))
    assert why.startswith("Ziehen nach: ") and "geht jetzt nicht" in why and "move(" not in why
    assert "Entschärfungsset benutzen" in str(s.explain_illegal(0, Action("kit", (True,))))


def test_the_session_refuses_in_words_too():
    """What the table's status line shows comes through ``Session.submit``."""
    match = Match.start("chasing", 4, 5)
    session = Session(match, [SeatConfig("Ann")] + [SeatConfig(n, kind="computer") for n in "BCD"],
                      autosave=False)
    while match.decider() == CHANCE:
        match.apply(CHANCE, match.state.sample_chance(match.chance_rng()))
    why = session.submit(1, Action("play", (0,)))        # a computer's seat
    assert why and unmarked_lines([why]) == []
    seat = match.decider()
    why = session.submit(seat, Action("nonsense", ()))
    assert why and not RAW.search(why) and unmarked_lines([SEAT.sub("", why)]) == []
