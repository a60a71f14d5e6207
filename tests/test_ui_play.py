"""Playing the tiny test game through the real app with posted clicks and keys."""

import pygame
import pytest
import tiny_game  # noqa: F401  (registers "tiny")
from ui_helpers import click, find, key, resize, step, type_text, until

from game.rules.protocol import Action
from game.storage import saves
from game.storage import stats as stats_store
from game.ui.scenes.handoff import HandoffScene
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.notice import NoticeScene
from game.ui.scenes.pause import PauseScene
from game.ui.scenes.results import ResultsScene
from game.ui.scenes.setup import SetupScene
from game.ui.table_base import TableScene

pytestmark = pytest.mark.animation_speed("off")


def start_tiny(app, humans: int = 1, players: int = 2) -> TableScene:
    click(app, "#tile_tiny")
    assert isinstance(app.top, SetupScene)
    click(app, f"#players_{players}")
    for seat in range(players):
        click(app, f"#kind_{seat}_{'human' if seat < humans else 'computer'}")
    click(app, "#start")
    table = app.find(TableScene)
    assert table is not None
    return table


def test_one_human_plays_tiny_to_the_results_screen(app):
    table = start_tiny(app)
    assert until(app, lambda: app.top is table and table.choices)
    labels = [c.button.text for c in table.choices]
    assert labels == ["Bet", "Fold"]
    click(app, "#choice_0")  # Bet
    assert until(app, lambda: isinstance(app.top, ResultsScene), frames=900)
    res = table.session.result()
    assert res is not None
    from game.ui.scenes.results import winners_text

    names = [table.session.seats[w].name for w in res.winners]
    assert winners_text(table.session) == (f"{names[0]} wins!" if names else "Nobody won.")
    assert app.top.session is table.session
    assert table.session.match.log[2][1] == Action("bet")
    stats, notice = stats_store.load_stats()
    assert notice is None and stats.games["tiny"]["played"] == 1
    assert not saves.has_autosave()  # a finished game is not offered for Continue
    click(app, "#to_menu")
    assert isinstance(app.top, MenuScene)
    assert not find(app, "#continue").is_enabled


def test_two_humans_pass_the_screen_and_see_only_their_own_card(app):
    table = start_tiny(app, humans=2)
    assert until(app, lambda: isinstance(app.top, HandoffScene))
    handoff = app.top
    assert handoff.name == "Alice" and handoff.seat == 0
    assert table.session.view(None)  # the hand-off shows only the public log
    key(app, pygame.K_RETURN)
    assert app.top is table and table.viewer == 0
    step(app, 2)
    cards = table.session.match.state.cards
    seen = " ".join(b.text for b in table.view_panel.blocks)
    assert f"(card 0 {cards[0]})" in seen and f"(card 1 {cards[1]})" not in seen
    key(app, pygame.K_2)             # highlights "Fold", the number drawn on it...
    assert table.selected == 1 and len(table.session.match.log) == 2
    key(app, pygame.K_2, frames=2)   # ...and the same number again folds
    assert until(app, lambda: isinstance(app.top, HandoffScene))
    assert app.top.name == "Bob"
    click(app, "#ready")
    assert table.viewer == 1
    step(app, 2)
    seen = " ".join(b.text for b in table.view_panel.blocks)
    assert f"(card 1 {cards[1]})" in seen and f"(card 0 {cards[0]})" not in seen
    click(app, "#choice_0")
    assert until(app, lambda: isinstance(app.top, ResultsScene))
    assert table.session.match.log[-1] == (1, Action("bet"))


def test_a_refused_choice_explains_why_in_the_status_line(app):
    table = start_tiny(app)
    assert until(app, lambda: app.top is table and table.choices)
    assert table.choose(Action("peek")) is False
    assert table.status.startswith("Not allowed:") and table.status_refused


def test_esc_pauses_and_save_and_quit_can_be_continued(app):
    table = start_tiny(app)
    assert until(app, lambda: app.top is table and table.choices)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, PauseScene)
    key(app, pygame.K_ESCAPE)
    assert app.top is table
    key(app, pygame.K_ESCAPE)
    click(app, "#save_quit")
    assert isinstance(app.top, MenuScene)
    seed, log_len = table.session.match.seed, len(table.session.match.log)
    assert find(app, "#continue").is_enabled
    click(app, "#continue")
    resumed = app.top
    assert isinstance(resumed, TableScene) and resumed is not table
    assert resumed.session.match.seed == seed and len(resumed.session.match.log) == log_len


def test_continue_with_a_damaged_save_shows_a_message_and_keeps_the_file(app):
    path = saves.legacy_path()   # an old version's single autosave, damaged
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("not a save", encoding="utf-8")
    app.top.rebuild()            # the menu looks for saves: the old file is dealt with
    step(app, 2)
    assert isinstance(app.top, NoticeScene)
    assert "autosave.json was damaged" in app.top.text
    assert list(path.parent.glob("autosave.damaged-*.json")) and not path.exists()
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, MenuScene)
    assert not find(app, "#continue").is_enabled


def test_setup_is_remembered_per_game(app):
    click(app, "#tile_tiny")
    click(app, "#players_3")
    click(app, "#name_0")
    type_text(app, "X")
    click(app, "#kind_2_human")
    click(app, "#start")
    step(app, 2)
    key(app, pygame.K_ESCAPE)
    click(app, "#save_quit")
    click(app, "#tile_tiny")
    setup = app.top
    assert setup.setup["players"] == 3
    assert setup.setup["seats"][0]["name"] == "AliceX"
    assert setup.setup["seats"][2]["kind"] == "human"


@pytest.mark.parametrize("size", [(1024, 640), (1280, 720)])
def test_table_pause_handoff_and_results_fit_the_window(app, size):
    from test_ui_shell import assert_fits

    resize(app, *size)
    table = start_tiny(app, humans=2, players=4)
    assert until(app, lambda: isinstance(app.top, HandoffScene))
    assert_fits(app)
    key(app, pygame.K_RETURN)
    step(app, 2)
    assert_fits(app)
    key(app, pygame.K_ESCAPE)
    assert_fits(app)
    key(app, pygame.K_ESCAPE)
    resize(app, 1100, 700)
    assert app.top is table and table.choices
    assert_fits(app)
    while not table.session.is_over():
        if isinstance(app.top, HandoffScene):
            key(app, pygame.K_RETURN)
        elif app.top is table and table.choices:
            click(app, "#choice_1")
        else:
            step(app)
    assert until(app, lambda: isinstance(app.top, ResultsScene))
    assert_fits(app)


def test_options_drop_down_is_remembered_and_the_typed_seed_used_once(app):
    import pygame_gui

    from game.catalog import get_game

    click(app, "#tile_tiny")
    setup = app.top
    dd = find(app, "#option_mode")
    # As pygame-gui sends it: the shown label and the option's value as its id.
    pygame.event.post(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, text="Plain",
                                         selected_option_id="plain", ui_element=dd,
                                         ui_object_id="#option_mode"))
    step(app)
    click(app, "#seed")
    type_text(app, "4242")
    assert setup.setup["seed"] == "4242" and setup.setup["options"]["mode"] == "plain"
    click(app, "#start")
    table = app.find(TableScene)
    assert table.session.match.seed == 4242
    assert "seed" not in app.settings.last_setup["tiny"]      # the next setup deals afresh
    assert get_game("tiny").normalise_options(table.session.match.options) == {"mode": "plain"}


def test_continuing_a_pass_and_play_game_hands_off_first(app):
    table = start_tiny(app, humans=2)
    assert until(app, lambda: isinstance(app.top, HandoffScene))
    key(app, pygame.K_RETURN)
    assert app.top is table and table.viewer == 0
    key(app, pygame.K_ESCAPE)
    click(app, "#save_quit")
    click(app, "#continue")
    assert until(app, lambda: isinstance(app.top, HandoffScene))
    assert app.top.name == "Alice"
