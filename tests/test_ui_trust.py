"""Trust at the table (issue 11): hand-off screens that ignore early input, overlays that
cover the table when several people share it, endings people can see, and the small
Shadow Hunters flow points. Each drives the real app with posted events."""

import random
import time

import pygame
import pytest
import tiny_game  # noqa: F401  (registers "tiny")
from ui_helpers import (
    click,
    continue_game,
    find,
    make_app,
    played_without_screen,
    post_key,
    step,
    until,
)

from game.session import SeatConfig
from game.ui.opening import start_game
from game.ui.scenes.handoff import HandoffScene
from game.ui.scenes.pause import PauseScene
from game.ui.scenes.results import ResultsScene
from game.ui.scenes.setup import SetupScene

NAMES = ("Ann", "Ivo", "Cy", "Dot", "Ed", "Fay", "Gus")


@pytest.fixture
def app(shadows_home, monkeypatch):
    monkeypatch.setattr("game.storage.jsonfile.os.fsync", lambda fd: None)
    a = make_app()
    a.settings.animation_speed = "off"
    step(a, 2)
    yield a
    a.quit()


def start(app, game_id, humans, players, seed, options=None):
    seats = [SeatConfig(NAMES[i], "human" if i < humans else "computer", "easy")
             for i in range(players)]
    start_game(app, game_id, seats, seed, options or {})
    step(app)
    return next(s for s in app.scenes if hasattr(s, "session") and hasattr(s, "viewer"))


def first_handoff(app, table):
    """Step to the first hand-off before a decision (Hunters: after the character look)."""
    from game.ui.hunters.overlays import CharacterScene, LookHandoff

    for _ in range(3000):
        top = app.top
        if isinstance(top, HandoffScene) and not isinstance(top, LookHandoff):
            return top
        if isinstance(top, LookHandoff):
            click(app, "#ready")
        elif isinstance(top, CharacterScene):
            click(app, "#look_done")
        else:
            step(app)
    raise AssertionError("no hand-off came")


# --- a hand-off screen ignores input for its first moments ------------------------------------

def test_handoff_drops_an_enter_from_the_screen_before_and_needs_a_fresh_press(app):
    table = start(app, "tiny", humans=2, players=2, seed=3)
    assert until(app, lambda: isinstance(app.top, HandoffScene))
    handoff = app.top
    post_key(pygame.K_RETURN)           # the previous person's second Enter, a frame later
    step(app)
    assert app.top is handoff and table.session.at_screen is None
    step(app, 10)
    post_key(pygame.K_RETURN)           # still too early (under half a second)
    step(app)
    assert app.top is handoff
    assert not find(app, "#ready").is_enabled
    step(app, 30)
    assert find(app, "#ready").is_enabled
    post_key(pygame.K_RETURN)           # a fresh press once it has been seen
    step(app)
    assert app.top is table and table.session.at_screen == 0


def test_handoff_button_held_down_before_it_lit_up_does_not_count(app):
    table = start(app, "tiny", humans=2, players=2, seed=3)
    assert until(app, lambda: isinstance(app.top, HandoffScene))
    pos = find(app, "#ready").rect.center
    pygame.mouse.set_pos(pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    step(app, 40)                       # pressed while it ignored input, released later
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    step(app, 2)
    assert isinstance(app.top, HandoffScene)
    click(app, "#ready")
    assert app.top is table and table.session.at_screen == 0


# --- pause and open overlays cover the table when several people share it -------------------

def drawn_scenes(app, monkeypatch):
    drawn = []
    for scene in app.scenes:
        original = scene.draw
        monkeypatch.setattr(scene, "draw", lambda surface, o=original, s=scene: (drawn.append(s),
                                                                                  o(surface)))
    return drawn


@pytest.mark.parametrize("game_id,players", [("chasing", 4), ("hunters", 5)])
def test_pause_covers_the_table_when_several_people_play(app, monkeypatch, game_id, players):
    table = start(app, game_id, humans=2, players=players, seed=5)
    first_handoff(app, table)
    click(app, "#ready")
    assert table.viewer is not None     # someone's private view is on the table
    post_key(pygame.K_ESCAPE)
    step(app)
    assert isinstance(app.top, PauseScene)
    drawn = drawn_scenes(app, monkeypatch)
    step(app, 3)
    assert table not in drawn and app.top in drawn


def test_pause_only_dims_the_table_for_one_person_against_computers(app, monkeypatch):
    table = start(app, "chasing", humans=1, players=4, seed=5)
    assert until(app, lambda: app.top is table)
    post_key(pygame.K_ESCAPE)
    step(app)
    assert isinstance(app.top, PauseScene)
    drawn = drawn_scenes(app, monkeypatch)
    step(app, 3)
    assert table in drawn


def test_chasing_sheets_overlay_covers_the_table_in_pass_and_play(app, monkeypatch):
    table = start(app, "chasing", humans=2, players=4, seed=5)
    first_handoff(app, table)
    click(app, "#ready")
    click(app, "#sheets")
    assert type(app.top).__name__ == "SheetsScene"
    drawn = drawn_scenes(app, monkeypatch)
    step(app, 3)
    assert table not in drawn


# --- endings people can see ----------------------------------------------------------------------

def play_out(app, table, rng, seconds=300):
    # the computers' pace and the animations run on the wall clock, not on frames
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if isinstance(app.top, ResultsScene):
            return
        if app.top is table and table.acting_seat() is not None:
            legal = [a for a in table.session.legal_actions(table.acting_seat()) if a.kind != "reveal"]
            table.choose(rng.choice(legal or table.session.legal_actions(table.acting_seat())))
        elif app.top is not table:
            post_key(pygame.K_RETURN)
        step(app)
    raise AssertionError(f"no results: {type(app.top).__name__}, over {table.session.is_over()}, "
                         f"decider {table.session.decider()}, moving {table.animating()}")


LEFT = 12     # moves (chance steps included) played at the table before the game's end


@pytest.mark.parametrize("game_id,players,speed", [("hunters", 4, "off"),  # fast: CI only
                                                   pytest.param("hunters", 4, "fast", marks=pytest.mark.slow),
                                                   ("chasing", 3, "off")])
def test_results_come_only_after_the_final_board_and_log_were_drawn(app, monkeypatch, game_id,
                                                                    players, speed):
    app.settings.animation_speed = speed
    rng = random.Random(2)
    # the end is what is watched: the moves before the last LEFT are made without the screen
    # (the same choices as play_out's), and the table comes up there as a continued game
    seats = [SeatConfig(NAMES[i], "human" if i == 0 else "computer", "easy") for i in range(players)]
    log = played_without_screen(game_id, seats, 8, {}, lambda legal: rng.choice(
        [a for a in legal if a.kind != "reveal"] or legal))
    table = continue_game(app, game_id, seats, 8, {}, log[:-LEFT])
    frames = []
    original = table.draw

    def draw(surface):
        original(surface)
        frames.append((table.session.is_over(), list(table.log_panel.lines), table.animating()))

    monkeypatch.setattr(table, "draw", draw)
    play_out(app, table, rng)
    final = table.log_lines()
    seen = [lines for over, lines, moving in frames if over and not moving]
    assert seen and seen[-1] == final, "the results covered the table before its end was shown"
    assert len(seen) >= 3           # on screen for a moment, not a single frame


def test_results_can_be_closed_to_see_the_revealed_board_and_full_log_and_brought_back(app):
    table = start(app, "hunters", humans=2, players=4, seed=8)
    rng = random.Random(1)
    for _ in range(20000):
        if isinstance(app.top, ResultsScene):
            break
        if isinstance(app.top, HandoffScene) or type(app.top).__name__ == "CharacterScene":
            post_key(pygame.K_RETURN)
        elif app.top is table and table.acting_seat() is not None:
            legal = table.session.legal_actions(table.acting_seat())
            table.choose(rng.choice([a for a in legal if a.kind != "reveal"] or legal))
        step(app)
    assert isinstance(app.top, ResultsScene)
    click(app, "#see_table")
    assert app.top is table
    view = table.view()
    assert all(p["character"] for p in view["players"])      # every character face up
    log = table.log_panel.lines
    private = table.named([e.text for _, e in table.session.entries
                           if e.text and not e.visible_to(None)])
    assert private and all(any(t in line for line in log) for t in private)
    click(app, "#results")
    assert isinstance(app.top, ResultsScene)


def test_hunters_only_person_dies_watch_or_skip_to_the_result(app):
    from game.ui.hunters.overlays import OutScene

    table = start(app, "hunters", humans=1, players=6, seed=21)
    rng = random.Random(3)
    for _ in range(20000):
        top = app.top
        if isinstance(top, OutScene) or table.session.is_over():
            break
        if top is table and table.acting_seat() is not None:
            legal = table.session.legal_actions(table.acting_seat())
            # walk into trouble: never attack, never heal, take every Black card
            table.choose(next((a for a in legal if a.kind == "draw"), None)
                         or rng.choice([a for a in legal if a.kind != "reveal"] or legal))
        elif top is not table:
            post_key(pygame.K_RETURN)
        step(app)
    assert isinstance(app.top, OutScene), "the only person did not die in this game"
    assert not table.session.is_over()
    app.settings.animation_speed = "normal"   # skip ignores the pace: full speed
    click(app, "#skip")
    assert until(app, lambda: isinstance(app.top, ResultsScene), frames=1500)


# --- small ones seen in Shadow Hunters -------------------------------------------------------

def test_hermit_round_is_disabled_with_a_reason_below_six_players(app, monkeypatch):
    from game.ui import draw

    click(app, "#tile_hunters")
    assert isinstance(app.top, SetupScene)
    click(app, "#players_5")
    assert not find(app, "#option_hermit_round").is_enabled
    texts = []
    original = draw.text
    monkeypatch.setattr(draw, "text", lambda s, *a, **k: (texts.append(s), original(s, *a, **k))[1])
    app.draw()
    assert "Needs 6 or more players" in texts
    assert app.top.chosen_options()["hermit_round"] == "off"
    click(app, "#players_6")
    assert find(app, "#option_hermit_round").is_enabled


def scripted_hunters(bus):
    """Two people and two computers, the people drawing cards whenever they can, played
    headless until a person is at the end of a turn with an extra turn to come (Concealed
    Knowledge). Seeds are tried in order, so the search does not hang on how the engine or
    the computers happen to play today."""
    from game.rules.protocol import CHANCE, NOBODY
    from game.session import Session

    seats = [SeatConfig("Ann"), SeatConfig("Ivo"), SeatConfig("Cy", "computer", "easy"),
             SeatConfig("Dot", "computer", "easy")]
    for seed in range(1, 400):
        s = Session.new("hunters", seats, seed=seed, pace=0, autosave=False, bus=bus)
        rng = random.Random(seed)

        def pick(d, s=s, rng=rng):
            legal = s.legal_actions(d)
            return (next((a for a in legal
                          if a.kind == "move" and a.args and a.args[0] == "Church"), None)
                    or next((a for a in legal if a.kind == "draw"), None)
                    or rng.choice([a for a in legal if a.kind != "reveal"] or legal))

        while not s.is_over() and len(s.match.log) < 3000:
            d = s.decider()
            if d == NOBODY:
                break
            if d == CHANCE or not s.seats[d].is_human:
                s.update()
                s.wait_for_computer()
                continue
            legal = s.legal_actions(d)
            view = s.view(None)
            if view["extra_turns"] > 0 and view["active"] == d and any(
                    a.kind == "end_turn" for a in legal):
                return s, next(a for a in legal if a.kind == "end_turn")
            s.submit(d, pick(d))
        s.close()
    raise AssertionError("no seed gave a person an extra turn from Concealed Knowledge")


def test_no_handoff_from_a_player_to_herself_after_concealed_knowledge(app):
    from game.ui.hunters.overlays import CharacterScene, LookHandoff
    from game.ui.opening import table_for

    session, end_turn = scripted_hunters(app.bus)
    seat = session.decider()
    table = app.push(table_for("hunters")(app, session))
    for _ in range(400):
        top = app.top
        if top is table and table.acting_seat() == seat:
            break
        if isinstance(top, (HandoffScene, LookHandoff)):
            click(app, "#ready")
        elif isinstance(top, CharacterScene):
            click(app, "#look_done")
        else:
            step(app)
    assert table.acting_seat() == seat
    assert table.choose(end_turn)        # her last step of the turn: the extra turn follows
    handoffs = []
    for _ in range(120):
        step(app)
        if isinstance(app.top, HandoffScene):
            handoffs.append(app.top.seat)
            break
    turns = [e.data["fact"] for _, e in session.entries if e.kind == "turn"]
    assert turns[-1][1] == turns[-2][1] == seat       # the same person's next turn began
    assert handoffs == [] and table.session.at_screen == seat and table.acting_seat() == seat


def test_handoff_says_what_she_is_about_to_answer_off_turn(app):
    table = start(app, "hunters", humans=2, players=5, seed=11)
    rng = random.Random(5)
    labels = []
    for _ in range(20000):
        top = app.top
        if isinstance(top, ResultsScene) or table.session.is_over():
            break
        if type(top) is HandoffScene:
            labels.append((top.seat, table.session.view(None)["active"], find(app, "#ready").text))
            click(app, "#ready")
        elif top is not table:
            post_key(pygame.K_RETURN)
            step(app)
        elif table.acting_seat() is not None:
            legal = table.session.legal_actions(table.acting_seat())
            table.choose(rng.choice([a for a in legal if a.kind != "reveal"] or legal))
            step(app)
        else:
            step(app)
    answering = [text for seat, active, text in labels if seat != active]
    assert answering, "nobody answered out of turn in this game"
    assert all("show my turn" not in t for t in answering), answering
    assert all("show my turn" in t or "continue my turn" in t
               for seat, active, t in labels if seat == active)


def test_pass_menu_marks_who_the_game_is_waiting_for(app, monkeypatch):
    from game.ui import draw
    from game.ui.hunters.overlays import SeatPickerScene

    table = start(app, "hunters", humans=2, players=5, seed=5)
    first_handoff(app, table)
    click(app, "#ready")
    waiting = table.session.human_to_act()
    assert waiting == table.viewer
    click(app, "#pass")
    assert isinstance(app.top, SeatPickerScene)
    texts = []
    original = draw.text
    monkeypatch.setattr(draw, "text", lambda s, *a, **k: (texts.append(s), original(s, *a, **k))[1])
    app.draw()
    assert f"The game is waiting for {NAMES[waiting]}." in texts
    other = 1 - waiting
    assert "waits" not in find(app, f"#pick_{other}").text
    click(app, f"#pick_{other}")     # Ivo looks at his cards while Ann's decision waits
    click(app, "#ready")
    step(app, 2)
    click(app, "#pass")
    assert "the game waits for you" in find(app, f"#pick_{waiting}").text


def test_undo_never_takes_back_a_reveal_in_a_solo_game(app):
    from game.ui.hunters.overlays import CharacterScene

    table = start(app, "hunters", humans=1, players=4, seed=9)
    for _ in range(600):
        if isinstance(app.top, CharacterScene):
            click(app, "#look_done")
        if app.top is table and table.session.human_to_act() == 0:
            break
        step(app)
    legal = table.session.legal_actions(0)
    table.choose(next(a for a in legal if a.kind != "reveal"))
    step(app, 2)
    click(app, "#reveal")
    click(app, "#reveal")
    assert table.session.view(None)["players"][0]["revealed"]
    assert not table.session.can_undo()
    with pytest.raises(LookupError):
        find(app, "#undo")


def test_hunters_with_two_people_has_no_undo_and_no_hole_in_the_top_bar(app):
    from game.ui.hunters.overlays import CharacterScene

    table = start(app, "hunters", humans=2, players=4, seed=8)
    moved = False
    for _ in range(3000):
        if isinstance(app.top, HandoffScene) or isinstance(app.top, CharacterScene):
            post_key(pygame.K_RETURN)
        elif app.top is table and table.acting_seat() is not None:
            if moved and table.session.can_undo():
                break   # one person's move that could be taken back if she were alone
            legal = table.session.legal_actions(table.acting_seat())
            moved = table.choose(next(a for a in legal if a.kind != "reveal"))
        step(app)
    assert app.top is table and table.session.can_undo()
    step(app, 2)
    with pytest.raises(LookupError):
        find(app, "#undo")
    gap = table.metrics.gap
    # Menu, How to play and Equipment sit side by side: no space kept for a hidden Undo
    assert find(app, "#howto").rect.right + gap == find(app, "#pause").rect.left
    assert find(app, "#equipment").rect.right + gap == find(app, "#howto").rect.left


# --- undo is yours alone -------------------------------------------------------------------------

def test_chasing_next_player_cannot_take_back_the_previous_players_card(app):
    table = start(app, "chasing", humans=3, players=3, seed=4)
    first_handoff(app, table)
    click(app, "#ready")
    first = table.session.at_screen
    assert until(app, lambda: table.acting_seat() == first, frames=300)
    legal = table.session.legal_actions(first)
    assert table.choose(legal[0])
    assert table.session.at_screen is None          # her card is down: the screen goes public
    assert until(app, lambda: isinstance(app.top, HandoffScene), frames=600)
    nxt = app.top.seat
    assert nxt != first
    click(app, "#ready")
    assert table.session.at_screen == nxt
    assert not table.session.can_undo()
    assert not find(app, "#undo").is_enabled
    log = list(table.session.match.log)
    table.undo()
    assert table.session.match.log == log and table.status_refused


def test_handoff_ignores_input_again_after_the_pause_menu_closes(app):
    table = start(app, "tiny", humans=2, players=2, seed=3)
    assert until(app, lambda: isinstance(app.top, HandoffScene))
    handoff = app.top
    post_key(pygame.K_ESCAPE)
    step(app)
    assert isinstance(app.top, PauseScene)
    step(app, 40)
    post_key(pygame.K_RETURN)           # "Resume", and a second Enter right behind it
    step(app)
    post_key(pygame.K_RETURN)
    step(app)
    assert app.top is handoff and table.session.at_screen is None
    click(app, "#ready")
    assert app.top is table and table.session.at_screen == 0
