"""A table's first frame (issue 37, frames): Start puts up a curtain that keeps animating
while the table is made ready behind it in pieces, a few a frame; nothing plays and no
input reaches the table before it shows. The work is counted, never timed."""

import itertools
import time

import pygame
import pytest
from ui_helpers import click, find, post_key, step

from game.ui import draw
from game.ui.opening import Curtain
from game.ui.scenes.setup import SetupScene


def open_setup(app, tile: str) -> SetupScene:
    click(app, f"#tile_{tile}")
    assert isinstance(app.top, SetupScene)
    return app.top


def press_start(app, monkeypatch) -> tuple:
    """Start pressed: (the curtain, the table under it)."""
    click(app, "#start", frames=0)
    for _ in range(5):                # the press reaches the setup screen a frame later
        if isinstance(app.top, Curtain):
            break
        step(app)
    curtain = app.top
    assert isinstance(curtain, Curtain)
    return curtain, curtain.table


def test_draw_until_makes_one_new_piece_past_its_deadline_then_stops_and_keeps_what_it_made(app):
    words = [f"until test {i}" for i in range(3)]
    with draw.until(0.0):                       # long past: one new piece, then no more
        first = draw.text(words[0], 15)
        with pytest.raises(draw.OutOfFrame):
            draw.text(words[1], 15)
        assert draw.text(words[0], 15) is first  # made before: found, not made
    assert draw.text(words[2], 15) is not None   # no deadline outside the block


@pytest.mark.parametrize("game_id", ["chasing", "harsh", "hunters"])
def test_start_shows_a_curtain_that_makes_the_table_ready_over_several_frames(app, monkeypatch,
                                                                             game_id):
    open_setup(app, game_id)
    step(app, 5)
    curtain, table = press_start(app, monkeypatch)
    assert app.scenes[-2] is table and table.curtained
    assert not table._warmed                     # the frame of the press did not draw it
    log = len(table.session.match.log)
    looks = []
    real = Curtain.draw_over

    def seen(self, surface):
        real(self, surface)
        looks.append(self.t)

    monkeypatch.setattr(Curtain, "draw_over", seen)
    frames = 0
    # A CPU clock that every reading moves on by 1 ms: how many pieces fit in a frame is
    # then the same on a fast machine and a loaded one.
    ticks = itertools.count()
    with monkeypatch.context() as mp:
        mp.setattr(time, "thread_time", lambda: next(ticks) / 1000)
        while app.top is curtain and frames < 3000:
            step(app)
            frames += 1
    assert app.top is table and not table.curtained and table._warmed
    assert frames >= 2                           # in pieces, not in the frame of the press
    assert len(looks) >= frames - 1 and looks == sorted(looks)   # the curtain kept moving
    # behind the curtain only the deal is made (as the table warms), no one plays
    assert all(seat < 0 for seat, _ in table.session.match.log[log:])
    if game_id == "harsh":                       # the dialogs' buttons made ahead, parked
        assert sum(len(bs) for bs in table._parked.values()) >= 13


@pytest.mark.parametrize("game_id", ["harsh", "hunters"])
def test_the_first_build_takes_buttons_made_one_a_step_behind_the_curtain(app, monkeypatch, game_id):
    """The table's eight or nine buttons made in the one step of ``on_enter`` cost more
    than a frame: a dry build lists them, the curtain makes one a step, the build takes
    them; after the deal, the buttons the lifting build wants too. Counted: buttons made
    per step of the curtain's work, by ``on_enter`` and by the lift."""
    from pygame_gui.elements import UIButton

    open_setup(app, game_id)
    step(app, 5)
    curtain, table = press_start(app, monkeypatch)
    made = [0]
    real_init = UIButton.__init__

    def counting_init(self, *args, **kwargs):
        made[0] += 1
        real_init(self, *args, **kwargs)

    monkeypatch.setattr(UIButton, "__init__", counting_init)
    by_enter = []
    real_enter = type(table).on_enter

    def counted_enter(self):
        before = made[0]
        real_enter(self)
        by_enter.append(made[0] - before)

    monkeypatch.setattr(type(table), "on_enter", counted_enter)
    per_step = []

    def counted(steps):
        while True:
            before = made[0]
            try:
                next(steps)
            except StopIteration:
                return
            per_step.append(made[0] - before)
            yield

    curtain.steps = counted(curtain.steps)
    frames = 0
    while app.top is curtain and frames < 3000:
        step(app)
        frames += 1
    assert app.top is table and by_enter == [0]   # every button of the first build found
    assert max(per_step) <= 1 and sum(per_step) >= 6
    assert made[0] == sum(per_step)     # the frame that lifts the curtain makes none
    assert find(app, "#pause") is not None and find(app, "#pause").visible
    if game_id == "harsh":
        for key in ("clues", "bug", "track", "ability"):
            assert table.buttons[key].alive() and table.buttons[key].visible


def test_a_key_under_the_curtain_lifts_it_at_once_and_does_not_reach_the_table(app, monkeypatch):
    open_setup(app, "chasing")
    curtain, table = press_start(app, monkeypatch)
    log = len(table.session.match.log)
    post_key(pygame.K_1)
    step(app)
    assert app.top is not curtain and table._warmed and not table.curtained
    assert table.selected is None                 # the key was not a choice
    assert all(seat < 0 for seat, _ in table.session.match.log[log:])   # the deal at most
    assert find(app, "#pause") is not None        # the table's own buttons are there


def test_with_animations_off_the_table_is_up_in_the_frame_of_start(app):
    app.settings.animation_speed = "off"
    open_setup(app, "chasing")
    click(app, "#start")
    assert not isinstance(app.top, (Curtain, SetupScene))
    assert app.top._warmed


@pytest.mark.animation_speed("off")
def test_the_game_is_recorded_in_a_frame_of_the_final_linger_before_the_results_frame(app,
                                                                                      monkeypatch):
    """The end of a game is spread: its statistics and history are written in a still
    frame while the final board lingers, and the results come in a later frame."""
    import random

    from game.session import SeatConfig
    from game.storage import history, stats
    from game.ui.opening import start_game
    from game.ui.scenes.results import ResultsScene

    recorded = []
    real_stats, real_history = stats.record_result, history.record_game
    monkeypatch.setattr(stats, "record_result",
                        lambda s: recorded.append(("stats", app.frames)) or real_stats(s))
    monkeypatch.setattr(history, "record_game",
                        lambda s: recorded.append(("history", app.frames)) or real_history(s))
    seats = [SeatConfig("Ann", "human", "easy"), SeatConfig("C1", "computer", "easy"),
             SeatConfig("C2", "computer", "easy")]
    table = start_game(app, "chasing", seats, 8, {})
    rng = random.Random(2)
    results_at = None
    for _ in range(40000):
        if isinstance(app.top, ResultsScene):
            results_at = app.frames
            break
        if app.top is table and table.acting_seat() is not None:
            table.choose(rng.choice(table.session.legal_actions(table.acting_seat())))
        elif app.top is not table:
            post_key(pygame.K_RETURN)       # a round's scores
        step(app)
    assert results_at is not None
    assert [k for k, _ in recorded] == ["stats", "history"]          # once each
    assert all(frame < results_at - 1 for _, frame in recorded)     # frames before the results'


def test_a_new_screen_s_first_draw_past_the_frame_s_deadline_waits_a_frame_and_goes_on(app,
                                                                                        monkeypatch):
    """A screen put up in a frame that has spent its time (here: any new piece is past
    the deadline) keeps the last picture while its pieces are made, at least one a frame,
    and shows once its draw is whole; a screen already drawn is never held back."""
    import game.app as app_module

    monkeypatch.setattr(app_module, "FRESH_DRAW_UNTIL", -1.0)
    words = [f"A notice never drawn before, line {i}" for i in range(4)]
    app.notify("\n".join(words), title="Fresh words")
    notice = app.top
    frames = 0
    while app._shown_top is not notice and frames < 200:
        step(app)
        frames += 1
    assert app._shown_top is notice
    assert 1 <= app.fresh_draws_put_off <= frames     # held back, then whole
    put_off = app.fresh_draws_put_off
    step(app, 3)
    assert app.fresh_draws_put_off == put_off         # drawn as usual from then on


@pytest.mark.animation_speed("normal")
def test_a_curtain_put_up_over_a_screen_it_does_not_replace_covers_that_screen(app):
    """start_game with the curtain but without replace (over the menu): the menu is
    covered as a push covers it, so none of its buttons is left over the table."""
    from game.session import SeatConfig
    from game.ui.opening import start_game

    menu = app.top
    assert menu.root is not None and menu.root.visible
    seats = [SeatConfig("Ann", "human", "easy"), SeatConfig("C1", "computer", "easy"),
             SeatConfig("C2", "computer", "easy")]
    table = start_game(app, "chasing", seats, 4, {}, curtain=True)
    assert isinstance(app.top, Curtain) and app.scenes[-3] is menu
    post_key(pygame.K_SPACE)           # lifted at once
    step(app, 3)
    assert app.top is table
    assert not menu.active and (menu.root is None or not menu.root.visible)   # its buttons gone


@pytest.mark.parametrize("game_id", ["chasing", "harsh"])
def test_the_curtains_big_pieces_each_begin_a_frame(app, monkeypatch, game_id):
    """The table's widgets, each try at its first picture, its dry builds (2-3 ms: after
    a frame's other pieces, one made a frame of 8.7 ms) and the build before the lift are
    the first piece of their frame: begun late in a frame, one ran the frame past 16 ms."""
    open_setup(app, game_id)
    step(app, 5)
    curtain, table = press_start(app, monkeypatch)
    begun: list[int] = []           # the frame each piece of the work began in
    inner = curtain.steps

    class Counted:
        def __iter__(self):
            return self

        def __next__(self):
            begun.append(app.frames)
            return next(inner)

    curtain.steps = Counted()
    big: list[tuple[str, int]] = []   # (piece, pieces begun in its frame when it ran)

    def watch(name):
        real = getattr(table, name)

        def run(*args, **kwargs):
            if isinstance(app.top, Curtain) or table.curtained:
                big.append((name, begun.count(app.frames)))
            return real(*args, **kwargs)
        monkeypatch.setattr(table, name, run)

    for name in ("on_enter", "warm_up", "rebuild", "planned_buttons"):
        watch(name)
    for _ in range(400):
        if not isinstance(app.top, Curtain):
            break
        step(app)
    assert app.top is table
    names = {n for n, _ in big}
    assert {"on_enter", "warm_up", "planned_buttons"} <= names
    assert all(count == 1 for _, count in big), big


def test_while_the_look_dims_a_new_piece_starts_only_early_in_a_frame(app, monkeypatch):
    """The veil over the whole window is drawn with alpha while the look dims (2.5-3 ms):
    a piece then starts only in the first millisecond of a frame, afterwards in the first
    three. Counted with a clock that each piece moves on 0.8 ms (never timed)."""
    from game.ui import opening

    open_setup(app, "harsh")
    step(app, 5)
    curtain, _ = press_start(app, monkeypatch)
    clock = [100.0]
    monkeypatch.setattr(opening, "time", type("Clock", (), {"thread_time": lambda: clock[0]}))
    app.frame_began = clock[0]
    ran = []

    def pieces():
        while True:
            ran.append(clock[0])
            clock[0] += 0.0008
            yield

    curtain.shown = True
    for dimmed, expected in ((False, 2), (True, 4)):
        curtain.dimmed = dimmed
        curtain.steps = pieces()
        ran.clear()
        app.frame_began = clock[0]
        curtain.update(1 / 60)
        assert len(ran) == expected, (dimmed, len(ran))


def test_the_dimmed_look_once_kept_draws_as_the_veil_over_the_look(app, monkeypatch):
    open_setup(app, "harsh")
    step(app, 5)
    curtain, _ = press_start(app, monkeypatch)
    pressed_on = curtain.look.copy()
    curtain.t = curtain.FADE + 1.0
    surface = app.screen.copy()
    curtain.draw_over(surface)          # dims all the way, and keeps the dimmed look
    assert curtain.dimmed
    veil = pygame.Surface(surface.get_size())
    veil.fill(curtain.veil.get_at((0, 0)))
    veil.set_alpha(180)
    expected = pressed_on.copy()
    expected.blit(veil, (0, 0))
    assert pygame.image.tobytes(curtain.look, "RGB") == pygame.image.tobytes(expected, "RGB")
    again = app.screen.copy()
    curtain.draw_over(again)            # now without a veil of its own: the same picture
    assert pygame.image.tobytes(again, "RGB") == pygame.image.tobytes(surface, "RGB")


@pytest.mark.parametrize("game_id", ["chasing", "hunters"])
def test_the_frame_of_start_only_makes_the_game_and_shows_the_curtain(app, monkeypatch, game_id):
    """What the curtain and the table would open or make first (each font size, the
    backdrops, the buttons' looks, the curtain's window-sized surfaces) is made while the
    setup screen is read; the frame of Start then makes the game and its table and draws
    the curtain, and the curtain's work begins a frame later. Counted by frame."""
    from game.ui import opening

    open_setup(app, game_id)
    assert app.ahead.pending("start")
    app.ahead.finish("start")          # a second of the setup screen, read
    hits = draw.shade.cache_info().hits
    for alpha in opening.TRANSITION_SHADES:      # a round's end, the results: their veils
        draw.shade(app.screen.get_size(), (0, 0, 0, alpha))
    assert draw.shade.cache_info().hits == hits + len(opening.TRANSITION_SHADES)
    opened, pieces, made_at = [], [], []
    real_open = draw._open
    monkeypatch.setattr(draw, "_open", lambda *a: opened.append(app.frames) or real_open(*a))
    real_work = Curtain.work

    def work(self):
        for said in real_work(self):
            pieces.append(app.frames)
            yield said

    monkeypatch.setattr(Curtain, "work", work)
    real_init = Curtain.__init__

    def init(self, *args, **kwargs):
        made_at.append(app.frames)
        seen.append(app.screen.copy())
        real_init(self, *args, **kwargs)

    monkeypatch.setattr(Curtain, "__init__", init)
    pads = dict(opening._pads)
    seen = []
    curtain, table = press_start(app, monkeypatch)
    start = made_at[0]
    assert start not in opened and start not in pieces     # nothing opened, no work
    assert opening._pads == pads and curtain.look is pads["look"]   # the kept surfaces
    # the look is what was on screen when Start was pressed
    assert pygame.image.tobytes(curtain.look, "RGB") == pygame.image.tobytes(seen[0], "RGB")
    step(app, 2)
    assert pieces and min(pieces) > start                  # the work, from the next frame
    assert curtain.veil is pads["veil"]


def test_behind_the_curtain_hunters_deals_in_a_frame_of_its_own(app, monkeypatch):
    """The deal (and the game's first save) is one frame's piece; the first look's
    picture (or its hand-off) and the table's first picture come in later frames."""
    from game.ui.hunters.table import HuntersTable

    open_setup(app, "hunters")
    step(app, 5)
    curtain, table = press_start(app, monkeypatch)
    frames_of = {"deal": [], "look": [], "picture": []}
    real_update = table.session.update

    def update(*args, **kwargs):
        before = len(table.session.match.log)
        real_update(*args, **kwargs)
        if len(table.session.match.log) != before:
            frames_of["deal"].append(app.frames)

    monkeypatch.setattr(table.session, "update", update)
    real_look = HuntersTable._prepare_look
    monkeypatch.setattr(HuntersTable, "_prepare_look",
                        lambda self: frames_of["look"].append(app.frames) or real_look(self))
    real_picture = HuntersTable.draw_off_screen
    monkeypatch.setattr(HuntersTable, "draw_off_screen",
                        lambda self: frames_of["picture"].append(app.frames) or real_picture(self))
    for _ in range(600):
        if app.top is not curtain:
            break
        step(app)
    assert app.top is not curtain and table._warmed
    deal = frames_of["deal"][0]
    assert frames_of["look"] and min(frames_of["look"]) > deal
    assert frames_of["picture"] and min(frames_of["picture"]) > min(frames_of["look"])


def test_behind_the_curtain_chasing_deals_in_a_frame_of_its_own_and_is_built_before_it_lifts(
        app, monkeypatch):
    """The deal (and the game's first save) is one frame's piece and the first picture
    comes in later frames; the table's build after the deal is made behind the curtain
    (the frame that lifts it only takes it up again), and that frame does not deal."""
    import threading

    from game.ui.chasing import paint
    from game.ui.chasing.table import ChasingTable

    monkeypatch.setattr(paint, "_LAMPS", {})
    open_setup(app, "chasing")
    for worker in threading.enumerate():
        if worker.name == "prepare-chasing":
            worker.join()
    assert app.metrics.px(190) in paint._LAMPS     # the table top's light, made on the thread
    step(app, 5)
    curtain, table = press_start(app, monkeypatch)
    deals, pictures, builds = [], [], []
    real_update = table.session.update

    def update(*args, **kwargs):
        before = len(table.session.match.log)
        real_update(*args, **kwargs)
        if len(table.session.match.log) != before:
            deals.append(app.frames)

    monkeypatch.setattr(table.session, "update", update)
    real_picture = ChasingTable.draw_off_screen
    monkeypatch.setattr(ChasingTable, "draw_off_screen",
                        lambda self: pictures.append(app.frames) or real_picture(self))
    real_build = ChasingTable.build
    monkeypatch.setattr(ChasingTable, "build",
                        lambda self, m: builds.append(app.frames) or real_build(self, m))
    for _ in range(600):
        if app.top is not curtain:
            break
        step(app)
    lifted = app.frames - 1
    assert app.top is table and table._warmed and deals
    assert pictures and min(pictures) > deals[0]
    assert any(deals[0] < b < lifted for b in builds)      # built after the deal, behind it
    assert lifted not in deals



def test_behind_the_curtain_chasing_makes_the_memory_aid_a_suit_a_frame_before_its_picture(
        app, monkeypatch):
    """The memory aid's chips (every rank of every suit, lit and dimmed; a dimmed one works
    out its ink) are made a suit a frame behind the curtain: the first picture, which made
    them all (5-7 ms), only finds them."""
    from game.ui.chasing import look
    from game.ui.chasing.table import ChasingTable

    look.chip.cache_clear()
    inks, pictures = [], []
    real_ink = look.dim_ink
    monkeypatch.setattr(look, "dim_ink", lambda ground: inks.append(app.frames) or real_ink(ground))
    real_picture = ChasingTable.draw_off_screen
    monkeypatch.setattr(ChasingTable, "draw_off_screen",
                        lambda self: pictures.append(app.frames) or real_picture(self))
    open_setup(app, "chasing")
    step(app, 5)
    curtain, table = press_start(app, monkeypatch)
    for _ in range(600):
        if app.top is not curtain:
            break
        step(app)
    assert app.top is table and pictures
    top = table.live_view()["deck_top_rank"]
    assert len(inks) == len(look.SUIT_ORDER) * (top + 1)     # each dimmed chip made once
    assert max(inks) < min(pictures)
    assert all(inks.count(f) == top + 1 for f in set(inks))  # a suit a frame


def test_the_curtains_words_are_in_the_players_language(monkeypatch):
    """"Shuffling and dealing…" under the dealt cards comes from the catalog (it was
    drawn in English in every language)."""
    from game import i18n
    from game.ui import style
    from game.ui.opening import deal_picture

    drawn = []
    real = draw.blit_text
    monkeypatch.setattr(draw, "blit_text", lambda surf, text, *a, **k: (
        drawn.append(text), real(surf, text, *a, **k))[1])
    surface = pygame.Surface((1024, 640))
    m = style.Metrics.for_size(1024, 640)
    try:
        for lang in (i18n.PSEUDO, "de"):
            i18n.set_language(lang)
            deal_picture(surface, m, 0.3)
    finally:
        i18n.set_language("en")
    assert drawn == ["⟦Shuffling and dealing…⟧", "Mischen und Geben…"]


def test_the_apps_work_ahead_runs_as_the_curtains_steps_not_after_its_frames(app, monkeypatch):
    """While the curtain is up, the app does not run its queue of work ahead after each
    frame's drawing (the curtain's own piece and one of the queue's made a frame of both):
    the curtain runs the queue as its own steps, and it is empty when the curtain lifts."""
    open_setup(app, "hunters")
    step(app, 5)
    curtain, table = press_start(app, monkeypatch)
    ran_under, pieces = [], []

    def job():
        for _ in range(3):
            pieces.append(app.frames)
            yield

    app.ahead.add("test job", job())
    real_run = app.ahead.run
    monkeypatch.setattr(app.ahead, "run", lambda began, *a: ran_under.append(type(app.top).__name__)
                        or real_run(began, *a))
    for _ in range(600):
        if not isinstance(app.top, Curtain):
            break
        step(app)
    assert not isinstance(app.top, Curtain)
    assert "Curtain" not in ran_under
    assert len(pieces) == 3 and not app.ahead.pending("test job")


def test_a_picture_drawn_ahead_under_the_curtain_stops_at_the_curtains_deadline(app, monkeypatch):
    """The first hand-off's picture, drawn ahead as one of the curtain's steps, makes
    nothing new past the curtain's own deadline (its frames also draw the curtain); under
    any other screen, past the app's."""
    from game.ui import ahead

    open_setup(app, "hunters")
    step(app, 5)
    curtain, _table = press_start(app, monkeypatch)
    room = []
    real_until = draw.until

    class until(real_until):
        def __init__(self, deadline):
            room.append(round(deadline - app.frame_began, 6))
            super().__init__(deadline)

    monkeypatch.setattr(draw, "until", until)
    for _ in ahead.drawn_ahead(app, lambda surface: None):
        pass
    assert room == [Curtain.DRAW_UNTIL] and Curtain.DRAW_UNTIL < ahead.DRAW_UNTIL
    curtain.finish()                   # (its own last pieces, all at once)
    assert not isinstance(app.top, Curtain)
    room.clear()
    for _ in ahead.drawn_ahead(app, lambda surface: None):
        pass
    assert room == [ahead.DRAW_UNTIL]
