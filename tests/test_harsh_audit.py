"""Harsh Shadows defects an independent audit found (issue 10), one test each."""

from __future__ import annotations

from test_harsh_abilities import on, use
from test_harsh_rules import accusation_game
from test_harsh_support import CAMERA, CLUE, PHOTO, act

from game.i18n import shown
from game.rules.harsh import RULES_TEXT
from game.rules.harsh.data import ABILITY_TEXT, LOC_BY_ABILITY, RED_HERRING
from game.ui.harsh.dialogs import phase_dialog


# --- 7. a bugged Spy met with nothing to discard ---------------------------------------------------
def test_meeting_a_bugged_spy_with_no_card_offers_the_discard_path_too():
    s = accusation_game([])
    kinds = [a.kind for a in s.legal_actions(0)]
    assert kinds[0] == "accuse" and len(kinds) == 2
    other = s.legal_actions(0)[1]
    assert "no card" in other.label
    s.apply(0, other)
    assert s.outcome == "meeting-no-card"
    assert s.result().details["outcome"] == "meeting-no-card"


def test_the_no_card_path_has_a_line_in_the_meeting_dialog():
    s = accusation_game([])
    dlg = phase_dialog(s.view(0), s.legal_actions(0))
    assert [o.action.kind for o in dlg.options] == [a.kind for a in s.legal_actions(0)]
    assert "no card" in dlg.options[1].note


# --- 8. a discard at a meeting says why ------------------------------------------------------------
def test_a_discard_at_a_bugged_meeting_is_for_the_meeting():
    s = accusation_game([PHOTO, CLUE])
    events = act(s, "discard", CLUE)
    ev = next(e for e in events if e.kind == "discarded")
    assert ev.data["why"] == "meeting"
    assert "meeting" in ev.text.lower() or "spy" in ev.text.lower(), ev.text


# --- 9. a protected, revealed Red Herring makes a win impossible ----------------------------------
def test_win_is_impossible_once_the_bank_locks_a_known_red_herring_in():
    s = on("bank")
    s.coll += [CAMERA]
    s.rev[RED_HERRING][0] = True                     # the Hidden Camera is the Red Herring
    assert s.win_possible()[0]
    use(s, "bank", CAMERA)
    possible, why = s.win_possible()
    assert not possible and "Hidden Camera" in shown(why)
    assert s.view(0)["win_possible"] is False


def test_win_is_impossible_when_a_protected_item_turns_out_a_red_herring():
    s = on("bank")
    s.coll += [CAMERA]
    use(s, "bank", CAMERA)
    assert s.win_possible()[0]                       # nobody knows it yet
    s.rev[RED_HERRING][0] = True
    assert not s.win_possible()[0]


# --- 10. the Post Office reaches orthogonal neighbours only --------------------------------------
def test_post_office_reaches_only_orthogonal_neighbours():
    s = on("post")                                   # at position 5 (middle of the right column)
    targets = [a.args[1] for a in s.legal_actions(0) if a.kind == "ability"]
    assert targets == [2, 8, 4]                      # N, S, W; never the diagonals 1 and 7


def test_post_office_text_says_orthogonal_on_the_card_and_the_rules_page():
    text = ABILITY_TEXT[LOC_BY_ABILITY["post"]]
    assert "orthogonal" in text and "diagonal" in text
    at = RULES_TEXT.index("Uptown Post Office *")
    entry = RULES_TEXT[at:].split("\n- ")[0]
    assert "orthogonal" in entry, entry
