"""Shadow Hunters' private panel (Reveal, Notes, Card, Pass…) finds its buttons made
ahead: a person's panel used to make three or four buttons in the frame it first showed
(a turn frame of 12-16 ms under load). Made and parked while the table is put up, they are
only taken when a person sits down; what they show is the person's own buttons, as a
panel built without them shows."""

import pytest
from pygame_gui.elements import UIButton
from ui_helpers import step

from game.session import SeatConfig
from game.ui.opening import start_game

pytestmark = pytest.mark.animation_speed("off")

PRIVATE = ("#reveal", "#notebook", "#my_card", "#pass")


def test_a_persons_panel_takes_buttons_made_ahead(app, monkeypatch):
    seats = [SeatConfig(f"P{i + 1}", "human" if i < 2 else "computer", "easy") for i in range(5)]
    table = start_game(app, "hunters", seats, 3, {})
    table.session.handed_to(None)
    step(app, 5)
    assert table.viewer is None
    parked = {k[3] for k, bs in table._parked.items() if bs}
    assert set(PRIVATE) <= parked           # made ahead, hidden and out of pygame-gui's way
    made = []
    real = UIButton.__init__

    def counting(self, *args, **kwargs):
        made.append(kwargs.get("object_id"))
        real(self, *args, **kwargs)

    monkeypatch.setattr(UIButton, "__init__", counting)
    table.session.handed_to(0)              # P1 sits down: her panel
    table.rebuild()
    shown = {b.get_object_ids()[-1]: b for bs in table._made.values() for b in bs}
    assert {"#notebook", "#my_card", "#pass"} <= set(shown)
    assert not any(getattr(oid, "object_id", oid) in PRIVATE for oid in made), made
    assert shown["#my_card"].text == "Card" and shown["#my_card"].visible
