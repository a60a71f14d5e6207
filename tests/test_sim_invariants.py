"""The simulator's invariant checks for Chasing and Harsh Shadows see broken states
(Shadow Hunters' are in test_hunters_audit.py)."""

from __future__ import annotations

from test_chasing_rules import B, R, Y, cd, follow_example, play
from test_harsh_rules import accusation_game
from test_harsh_support import BINOC, CAMERA, PASSPORT, PHOTO, act, fresh

from game.rules.chasing.invariants import Checker as ChasingChecker
from game.rules.harsh.data import EVIDENCE
from game.rules.harsh.invariants import Checker as HarshChecker


def names(found):
    return {name for name, _ in found}


# --- Chasing Shadows ---------------------------------------------------------------------------------
def test_chasing_checker_follows_a_legal_trick_quietly():
    st = follow_example()
    chk = ChasingChecker(st)
    assert chk.step(st) == []
    play(st, 0, R, 3)
    assert chk.step(st) == []


def test_chasing_checker_sees_a_follower_who_ignored_the_follow_cards():
    st = follow_example()
    chk = ChasingChecker(st)
    chk.step(st)
    play(st, 0, R, 3)
    chk.step(st)
    # Brett holds yellow and grey (Follow Card suits) but plays red: forced past the rules
    st.hands[1].remove(cd(R, 11))
    st.trick.append(cd(R, 11))
    st.turn = 2
    assert "followers match a Follow Card when they can" in names(chk.step(st))


def test_chasing_checker_sees_a_lost_card_and_a_wrong_trick_winner():
    st = follow_example()
    st.hands[0].pop()
    assert "cards conserved" in names(ChasingChecker(st).step(st))
    st = follow_example()
    chk = ChasingChecker(st)
    st.history.append((cd(R, 13), 0, (cd(R, 3), cd(B, 7), cd(R, 4), cd(Y, 2)), 0))
    assert "trick winner re-evaluated" in names(chk.step(st))   # Brett's 7 wins, not Alex


# --- Harsh Shadows --------------------------------------------------------------------------------------
def test_harsh_checker_is_quiet_in_a_fresh_game_and_sees_a_lost_card():
    s = fresh()
    chk = HarshChecker(s)
    assert chk.step(s) == []
    s.deck.pop()
    assert "cards conserved" in names(chk.step(s))


def test_harsh_checker_re_evaluates_the_accusation():
    s = accusation_game([PHOTO, PASSPORT, CAMERA])
    act(s, "accuse")
    chk = HarshChecker(s)
    # (the test position conjures its collection, so only the outcome is looked at)
    assert "outcome re-evaluated" not in names(chk.step(s))
    s.outcome = "won"                                  # what a wrong engine might say
    assert "outcome re-evaluated" in names(chk.step(s))


def test_harsh_checker_sees_a_win_after_it_was_called_impossible():
    s = accusation_game([PHOTO, PASSPORT])
    chk = HarshChecker(s)
    chk.step(s)
    s.discard.append(BINOC)                            # the Binoculars are discarded ...
    s.rev[EVIDENCE][s.conf[EVIDENCE].index(BINOC)] = True   # ... and known as Evidence
    assert not s.win_possible()[0]
    chk.step(s)
    s.coll.append(BINOC)
    s.phase, s.outcome = "over", "won"                 # a wrong engine lets it win anyway
    assert "a win said impossible never happens" in names(chk.step(s))
