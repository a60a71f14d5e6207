"""Shadow Hunters at its table, driven through the real app with posted clicks and keys."""

import random
import re

import pygame
import pytest
from ui_helpers import click, click_at, elements, find, key, step, until

from game.rules.hunters.data import CHAR_NAME, HERMIT_CARDS
from game.session import SeatConfig
from game.storage import stats as stats_store
from game.ui import draw
from game.ui.hunters import look
from game.ui.hunters.notebook import Notebook
from game.ui.hunters.overlays import (
    CharacterScene,
    ConfirmScene,
    LookHandoff,
    NotebookScene,
    OutScene,
)
from game.ui.hunters.results import HuntersResults
from game.ui.hunters.table import HuntersTable
from game.ui.opening import start_game
from game.ui.scenes.handoff import HandoffScene
from game.ui.scenes.setup import SetupScene

NAMES = ("Alice", "Bob", "Carol", "Dave", "Erin", "Frank", "Grace", "Heidi")


# conftest's ``app`` (writes not forced to disk), with the animations off
pytestmark = pytest.mark.animation_speed("off")


def start(app, humans: int, players: int, seed: int, options=None) -> HuntersTable:
    seats = [SeatConfig(NAMES[i], "human" if i < humans else "computer", "easy") for i in range(players)]
    start_game(app, "hunters", seats, seed, options or {})
    step(app)
    table = app.find(HuntersTable)
    assert table is not None
    return table


def finish_look(app, table) -> None:
    """The start-of-game pass: every human looks at their character (after a hand-off)."""
    for _ in range(20):
        step(app)
        if isinstance(app.top, LookHandoff):
            click(app, "#ready")
        elif isinstance(app.top, CharacterScene):
            click(app, "#look_done")
        elif table._pass is None:
            return
    raise AssertionError(f"the character look did not finish ({type(app.top).__name__})")


class TextSpy:
    """Every string the drawing toolkit renders while it is installed."""

    def __init__(self, monkeypatch) -> None:
        self.seen: list[str] = []
        original = draw.text

        def spy(s, *args, **kw):
            self.seen.append(str(s))
            return original(s, *args, **kw)

        monkeypatch.setattr(draw, "text", spy)

    def frame(self, app) -> str:
        """Draw one frame from scratch (no cached pictures) and return every text in it."""
        draw.clear_caches()
        look.clear_caches()
        self.seen = []
        for _ in range(50):
            # a screen's first draw stops at the frame's deadline and goes on in the next
            # (App.draw): draw until the whole picture has been made
            put_off = app.fresh_draws_put_off
            app.draw()
            if app.fresh_draws_put_off == put_off:
                break
        buttons = [getattr(el, "text", "") or "" for el in elements(app.top.root)]
        return "\n".join(self.seen + buttons)


def hidden_names(table, seats) -> list[str]:
    view = table.session.view(None)
    out = []
    for seat in seats:
        if not view["players"][seat]["revealed"]:
            out.append(table.session.match.state.view(seat)["me"]["character"])
    return out


def test_one_human_and_computers_play_a_full_game_to_the_results(app, monkeypatch):
    from game.storage import saves

    monkeypatch.setattr(saves, "save_autosave", lambda data: None)  # the session's tests cover it
    click(app, "#tile_hunters")
    assert isinstance(app.top, SetupScene)
    click(app, "#players_4")
    click(app, "#kind_0_human")
    for seat in (1, 2, 3):
        click(app, f"#kind_{seat}_computer")
    click(app, "#start")
    table = app.find(HuntersTable)
    assert isinstance(app.top, CharacterScene)          # one human: no hand-off, just the look
    me = table.session.view(0)["me"]
    assert me["character"] in CHAR_NAME
    click(app, "#look_done")
    assert app.top is table and table.viewer == 0
    rng = random.Random(4)
    decisions = 0
    for _ in range(4000):
        if table.session.is_over():
            break
        if isinstance(app.top, ConfirmScene):
            click(app, "#confirm_yes", frames=1)   # attacking a revealed player of one's own side
        elif isinstance(app.top, OutScene):
            click(app, "#watch", frames=1)         # the only person died: watch the rest
        elif app.top is table and table.choices:
            n = len(table.choices)
            # prefer attacking and moving on, so the game ends in reasonable time
            labels = [c.button.text for c in table.choices]
            pick = next((i for i, t in enumerate(labels) if t.startswith("Attack")), rng.randrange(n))
            click(app, f"#{table.choices[pick].button.get_object_ids()[-1][1:]}", frames=1)
            decisions += 1
        else:
            step(app)
    assert table.session.is_over(), "the game did not finish"
    assert until(app, lambda: isinstance(app.top, HuntersResults), frames=200)
    res = table.session.result()
    text = " ".join(b.text for b in app.top.panel.blocks) + " ".join(
        " ".join(map(str, r)) for b in app.top.panel.blocks for r in b.rows)
    for name in res.details["characters"]:
        assert name in text
    assert decisions > 3
    stats, _ = stats_store.load_stats()
    played = stats.games["hunters"]
    assert played["played"] == 1
    # the people's factions and characters, the computer seats' apart
    assert sum(v["played"] for v in played["factions"].values()) >= 1
    assert set(played["characters"]) | set(played["computer_characters"]) == set(res.details["characters"])


def test_a_hermit_card_passes_between_two_people_with_a_handoff_and_no_peeking(app, monkeypatch):
    # Hermit round (6 players): Alice and Bob sit next to each other, so one of them
    # draws a Hermit card and must give it to the other.
    table = start(app, humans=2, players=6, seed=11, options={"hermit_round": "on"})
    assert isinstance(app.top, LookHandoff)
    spy = TextSpy(monkeypatch)
    shown = spy.frame(app)
    for name in hidden_names(table, (0, 1)):
        assert not re.search(rf"\b{re.escape(name)}\b", shown), name
    finish_look(app, table)
    hermit_names = {row[0] for row in HERMIT_CARDS}
    gave = None
    for _ in range(3000):
        top = app.top
        if isinstance(top, HandoffScene) and not isinstance(top, LookHandoff):
            # the frame already drawn showed the hand-off's own buttons, not the table's
            assert not app.manager.get_sprite_group().should_update_visibility
            shown = spy.frame(app)
            for name in hidden_names(table, (0, 1)):
                assert not re.search(rf"\b{re.escape(name)}\b", shown), (name, "on the hand-off")
            if gave is not None:
                assert top.seat == gave[1]
                assert gave[0] not in spy.seen and gave[0] not in shown
                click(app, "#ready")
                answer = table.session.view(gave[1])
                assert answer["pending"]["kind"] == "hermit_answer"
                shown = spy.frame(app)
                assert gave[0] in shown          # the receiver now reads the card
                break
            click(app, "#ready")
        elif top is table and table.choices:
            view = table.session.view(table.viewer)
            if view["pending"].get("kind") == "hermit_give" and view.get("holding"):
                shown = spy.frame(app)
                assert view["holding"] in shown   # the giver reads the card at the table
                receiver = table.session.legal_actions(table.viewer)[0].args[0]
                if table.session.seats[receiver].is_human:
                    gave = (view["holding"], receiver)
                assert view["holding"] in hermit_names
            click(app, "#choice_0", frames=1)
        else:
            step(app)
    assert gave is not None, "no Hermit card went from one person to the other"


def test_reveal_control_and_a_refused_click_explained(app):
    table = start(app, humans=1, players=5, seed=3)
    finish_look(app, table)
    assert until(app, lambda: app.top is table and table.choices
                 and table.session.view(0)["pending"].get("kind") == "start"
                 and table.session.view(0)["pending"].get("seat") == 0, frames=600)
    # an Area card is not a choice at the start of a turn: roll the dice
    area = table.lay.areas[0]
    click_at(app, area.center)
    assert table.status_refused and "rolling the dice" in table.status
    me = table.session.view(0)["me"]
    click(app, "#reveal")
    assert not table.session.view(None)["players"][0]["revealed"]   # the first press only arms it
    assert "again" in table.status
    click(app, "#reveal")
    p = table.session.view(None)["players"][0]
    if me["character"] == "Daniel":
        assert not p["revealed"] and table.status_refused and "Daniel" in table.status
    else:
        assert p["revealed"] and p["character"] == me["character"]
        assert any("reveals" in line for line in table.log_lines())
        with pytest.raises(LookupError):
            find(app, "#reveal")     # nothing left to reveal


def sit_down(app, table, seat: int) -> None:
    """Give the screen to ``seat`` the way people do: pass it, then a hand-off."""
    if isinstance(app.top, HandoffScene):
        click(app, "#ready")
    if table.viewer == seat:
        return
    click(app, "#pass" if table.viewer is not None else "#take_screen")
    click(app, f"#pick_{seat}")
    assert isinstance(app.top, LookHandoff) and app.top.seat == seat
    click(app, "#ready")
    assert table.viewer == seat


def test_notebook_is_private_per_seat_and_kept_in_a_side_file(app):
    table = start(app, humans=2, players=4, seed=5)
    finish_look(app, table)
    sit_down(app, table, 0)
    click(app, "#notebook")
    assert isinstance(app.top, NotebookScene)
    click(app, "#nb_2_s")
    click(app, "#nb_2_next")
    key(app, pygame.K_ESCAPE)
    note = table.notebook.get(0, 2)
    assert note["faction"] == "Shadow" and note["character"]
    again = Notebook.load(table.session.match.seed)
    assert again.get(0, 2) == note and again.looked
    if not table.session.view(None)["players"][2]["revealed"]:
        assert any(t.startswith("Note: Shadow") for t in draw_texts(app))
        sit_down(app, table, 1)          # Bob at the screen: Alice's notes are not drawn
        assert not any(t.startswith("Note:") for t in draw_texts(app))


def draw_texts(app) -> list[str]:
    draw.clear_caches()
    look.clear_caches()
    seen = []
    original = draw.text

    def spy(s, *a, **k):
        seen.append(str(s))
        return original(s, *a, **k)

    draw.text = spy
    try:
        app.draw()
    finally:
        draw.text = original
    return seen


@pytest.mark.parametrize("size,players", [((1024, 640), 8), ((1280, 720), 7), ((1024, 640), 4)])
def test_the_table_fits_the_window(app, size, players):
    from test_ui_shell import assert_fits
    from ui_helpers import resize

    resize(app, *size)
    table = start(app, humans=1, players=players, seed=8)
    finish_look(app, table)
    assert until(app, lambda: app.top is table and table.choices, frames=600)
    assert_fits(app)
    window = app.screen.get_rect()
    lay = table.lay
    parts = lay.boards + lay.areas + [lay.track, lay.tray, lay.choices, lay.private, lay.decks, lay.log]
    for r in parts:
        assert window.contains(r), r
    left = lay.boards + lay.areas + [lay.track, lay.tray, lay.choices]
    for i, a in enumerate(left):
        for b in left[i + 1:]:
            assert not a.colliderect(b), (a, b)
    for r in left:
        assert r.right <= lay.log.x


def test_continue_keeps_notes_skips_the_look_and_hides_every_card(app):
    from game.ui.scenes.menu import MenuScene
    from game.ui.scenes.pause import PauseScene

    table = start(app, humans=2, players=4, seed=9)
    finish_look(app, table)
    sit_down(app, table, 1)
    table.notebook.set(1, 0, "Hunter")
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, PauseScene)
    click(app, "#save_quit")
    assert isinstance(app.top, MenuScene)
    click(app, "#continue")
    again = app.find(HuntersTable)
    assert again is not None and again is not table
    step(app, 2)
    assert again._pass is None                     # the look was done before
    assert again.notebook.get(1, 0)["faction"] == "Hunter"
    assert again.session.at_screen is None         # nobody's cards until a hand-off
    if again.session.human_to_act() is not None:
        assert isinstance(app.top, HandoffScene)


def _seed_where_first_player_is(seat: int, players: int) -> int:
    from game.match import Match
    from game.rules.protocol import CHANCE

    for seed in range(1, 60):
        m = Match.start("hunters", players, seed, {})
        while m.decider() == CHANCE:
            m.apply(CHANCE, m.state.sample_chance(m.chance_rng()))
        if m.decider() == seat:
            return seed
    raise AssertionError("no seed found")


def test_who_plays_first_looks_last_and_goes_straight_to_her_turn(app):
    # Bob (a person) starts: Alice looks first, then Bob, whose card screen leads into his
    # turn; no second "Pass to Bob" for the person already at the screen
    table = start(app, humans=2, players=4, seed=_seed_where_first_player_is(1, 4))
    order, handoffs = [], 0
    for _ in range(40):
        step(app)
        top = app.top
        if isinstance(top, LookHandoff):
            click(app, "#ready")
        elif isinstance(top, CharacterScene):
            order.append(top.seat)
            last_text = find(app, "#look_done").text
            click(app, "#look_done")
        elif isinstance(top, HandoffScene):
            handoffs += 1
            break
        elif table._pass is None and top is table:
            break
    assert order == [0, 1]
    assert last_text == "Got it: start my turn"
    assert handoffs == 0 and app.top is table
    assert table.session.at_screen == 1 and table.acting_seat() == 1
    assert table.viewer == 1                     # his own turn, his own card in the panel
