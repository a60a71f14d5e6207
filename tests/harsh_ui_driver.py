"""Helpers for the Harsh Shadows table tests: start a seeded game from the menu and take
an action the way a person would (click the Location, the Case File card, the button or
the dialog option), then check that exactly that action reached the game."""

from __future__ import annotations

from ui_helpers import click, click_at, step, type_text, until

from game.rules.protocol import Action
from game.ui.harsh.table import HarshTableScene, _same_class
from game.ui.scenes.setup import SetupScene


def start_harsh(app, seed: int, difficulty: str = "standard") -> HarshTableScene:
    click(app, "#tile_harsh")
    setup = app.top
    assert isinstance(setup, SetupScene)
    setup.setup["options"]["difficulty"] = difficulty
    setup.rebuild()
    click(app, "#seed")
    type_text(app, str(seed))
    click(app, "#start")
    table = app.top
    assert isinstance(table, HarshTableScene)
    assert until(app, lambda: table.acting_seat() == 0)
    assert table.session.match.seed == seed
    assert table.session.match.options["difficulty"] == difficulty
    return table


def last_choice(table) -> Action:
    return next(a for seat, a in reversed(table.session.match.log) if seat == 0)


def perform(app, table: HarshTableScene, action: Action) -> None:
    """Take ``action`` through the screen; fails if the screen offers no way to do it."""
    before = len(table.session.match.log)
    if table.dialog is None and action.kind == "ability":
        click(app, "#act_ability")
    elif table.dialog is None and action.kind in ("bug", "track", "end", "accuse"):
        click(app, f"#act_{action.kind}")
    else:
        rect = table.locate(action)
        assert rect is not None, f"nowhere to click for {action.label}"
        click_at(app, rect.center)
    if len(table.session.match.log) == before and table.dialog is not None:
        rect = table.locate(action)  # a dialog opened (a payment or an ability's target)
        assert rect is not None, f"the dialog offers no {action.label}"
        click_at(app, rect.center)
    assert len(table.session.match.log) > before, f"{action.label} was not taken"
    taken = table.session.match.log[before][1]
    assert _same_class(taken, action), (taken, action)
    step(app)
