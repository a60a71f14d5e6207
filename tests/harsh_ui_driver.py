"""Helpers for the Harsh Shadows table tests: start a seeded game from the menu and take
an action the way a person would (click the Location, the Case File card, the button or
the dialog option), then check that exactly that action reached the game."""

from __future__ import annotations

from contextlib import contextmanager

from ui_helpers import click, click_at, step, type_text, until

from game.rules.protocol import Action
from game.ui.harsh.table import HarshTableScene, _same_class
from game.ui.scenes.setup import SetupScene

# A hint from a fifth of the app's work (0.3 s of CPU, not 1.1-1.7), for the tests of its
# words and where they go, not its figures (test_harsh_hint_stability checks the app's own
# budget). Fewer worlds widen the margins (more choices are listed as good as the best) and
# the games a choice may lose a digit: the same texts.
WORDS_HINT_MS = 300


@contextmanager
def hint_budget(ms: int = WORDS_HINT_MS):
    """The Harsh tables made inside the block think ``ms`` a hint (a table reads
    ``HarshTableScene.hint_budget_ms`` when it is made)."""
    before, HarshTableScene.hint_budget_ms = HarshTableScene.hint_budget_ms, ms
    try:
        yield
    finally:
        HarshTableScene.hint_budget_ms = before


def start_harsh(app, seed: int, difficulty: str = "standard") -> HarshTableScene:
    click(app, "#tile_harsh")
    setup = app.top
    assert isinstance(setup, SetupScene)
    setup.setup["options"]["difficulty"] = difficulty
    setup.rebuild()
    if getattr(setup, "paged", False) and setup.page == "players":
        click(app, "#setup_page")       # large text: the seed is on the Options page
    click(app, "#seed")
    type_text(app, str(seed))
    click(app, "#start")
    table = app.top
    assert isinstance(table, HarshTableScene)
    assert until(app, lambda: table.acting_seat() == 0)
    assert table.session.match.seed == seed
    assert table.session.match.options["difficulty"] == difficulty
    table.session.autosave_enabled = False  # saving is tested elsewhere; it costs disk syncs here
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
    if len(table.session.match.log) == before and (table.dialog is not None
                                                   or table.grid_pick is not None):
        # a dialog opened (a payment or an ability's target), or Express / Dead drop is
        # being aimed on the grid
        rect = table.locate(action)
        assert rect is not None, f"the dialog offers no {action.label}"
        click_at(app, rect.center)
    assert len(table.session.match.log) > before, f"{action.label} was not taken"
    taken = table.session.match.log[before][1]
    assert _same_class(taken, action), (taken, action)
    step(app)


def autopilot_game(seed: int, difficulty: str):
    """The easy autopilot's game for ``seed`` without the screen: (outcome, phases seen).

    The UI tests look for a seed with the outcome they need this way instead of naming
    one, so that tuning the autopilot does not quietly change what a test covers.
    """
    from game.ai.harsh_hint import make_bot
    from game.match import Match
    from game.rules.protocol import CHANCE, NOBODY, chance_rng

    m = Match.start("harsh", 1, seed, {"difficulty": difficulty})
    bot = make_bot("easy", 0, seed=seed)
    phases = set()
    while m.decider() != NOBODY:
        if m.decider() == CHANCE:
            m.apply(CHANCE, m.state.sample_chance(chance_rng(m.seed, len(m.log))))
            continue
        view = m.state.view(0)
        phases.add(view["phase"])
        m.apply(0, bot.choose(view, m.state.legal_actions(0)))
    return m.state.view(0)["result"]["reason"], phases


def find_seed(difficulty: str, want, limit: int = 60) -> int:
    for seed in range(1, limit):
        outcome, phases = autopilot_game(seed, difficulty)
        if want(outcome, phases):
            return seed
    raise AssertionError(f"no seed below {limit} gives what the test needs")
