"""Shadow Hunters' choices are worked out once per position, seat and viewer
(``ChoiceButtons.choice_actions``: asked several times a frame). A kept list that missed a
change would offer a choice that is gone or hide one that came, so every time a played
pass-and-play game asks for them, the kept list is compared with one worked out fresh."""

import random

import pytest
from ui_helpers import play_mixed

from game.session import SeatConfig
from game.ui.hunters.choices import ChoiceButtons
from game.ui.opening import start_game

pytestmark = pytest.mark.animation_speed("normal")   # dice roll, cards are held up to be read


def test_the_kept_choices_are_the_choices_worked_out_fresh(app, monkeypatch):
    asked, differ = [0], []
    real = ChoiceButtons.choice_actions

    def checking(table):
        got = real(table)
        asked[0] += 1
        if got != table._choice_actions():
            differ.append((len(table.session.match.log), table.viewer, table.acting_seat()))
        return got

    monkeypatch.setattr(ChoiceButtons, "choice_actions", checking)
    seats = [SeatConfig(f"P{i + 1}", "human" if i < 2 else "computer", "easy") for i in range(5)]
    table = start_game(app, "hunters", seats, 9, {})
    play_mixed(app, table, random.Random(9), frames=2500)
    assert len(table.session.match.log) > 30
    assert not differ, differ[:5]
    assert asked[0] > 1000
