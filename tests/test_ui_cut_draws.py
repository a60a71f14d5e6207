"""Drawing cut short (``draw.until``: a frame's deadline passed) must leave nothing behind
but what the caches made. On 2026-12-07 a clip did stay: the Shadow Hunters private panel
sets one around its words, a draw of the table's still layer was cut inside it, and every
later drawing of the layer changed only that small rectangle. After "Pass to Bob" the
screen showed Alice's board and private panel, frozen from before her turn, while Bob
played (1280x720, a real window: only there was a frame's deadline hit at that point).

These tests cut the drawing on purpose, at every point it can be cut, so that they do not
depend on how fast the machine is."""

import pathlib
import random
import re

import pygame
import pytest
from pictures import pixels, same_picture
from ui_helpers import post_key, step

from game.session import SeatConfig
from game.ui import draw
from game.ui.hunters import look
from game.ui.hunters.layer import StillLayer
from game.ui.opening import start_game

GAME = pathlib.Path(__file__).resolve().parents[1] / "game"


def seats(humans, players):
    return [SeatConfig(f"P{i + 1}", "human" if i < humans else "computer", "easy")
            for i in range(players)]


def fresh_still(table, size):
    """The still parts drawn from nothing for the table's viewer now."""
    fresh = pygame.Surface(size, 0, table._layer)
    spots = table.spots
    table.spots = []
    table.draw_still(fresh, table.view(), table.metrics)
    table.spots = spots
    return fresh


def test_clipped_puts_the_clip_back_however_the_block_ends():
    surf = pygame.Surface((100, 80))
    surf.set_clip((10, 10, 50, 50))
    with draw.clipped(surf, (20, 20, 100, 5)):
        assert surf.get_clip() == pygame.Rect(20, 20, 40, 5)     # inside the clip before
    assert surf.get_clip() == pygame.Rect(10, 10, 50, 50)
    with pytest.raises(draw.OutOfFrame):
        with draw.clipped(surf, (30, 30, 5, 5)):
            raise draw.OutOfFrame
    assert surf.get_clip() == pygame.Rect(10, 10, 50, 50)


def test_no_clip_is_set_but_by_draw_clipped():
    """``set_clip`` with a rectangle only inside ``draw.clipped`` (which puts it back);
    ``set_clip(None)`` (a clip cleared) anywhere."""
    found = []
    for path in GAME.rglob("*.py"):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if re.search(r"\.set_clip\((?!None\))", line):
                found.append(f"{path.relative_to(GAME)}:{n}")
    assert [f for f in found if not f.startswith("ui/draw.py:")] == []
    assert len(found) == 2, found        # clipped's own two


def play_a_frame(app, table, rng) -> None:
    """One frame of play: Enter on a hand-off or look, a random legal choice now and then
    for the person at the screen."""
    if app.top is not table:
        post_key(pygame.K_RETURN)
    elif table.acting_seat() is not None and not table.animating() and rng.random() < 0.3:
        legal = table.session.legal_actions(table.acting_seat())
        if legal:
            table.choose(rng.choice(legal))
    step(app)


def to_turn(app, table, seat, rng, limit=6000):
    """Play until ``seat`` sits at the screen with the table on top and nothing moving."""
    for _ in range(limit):
        if app.top is table and table.viewer == seat and not table.animating() \
                and table.acting_seat() == seat:
            return
        play_a_frame(app, table, rng)
    raise AssertionError(f"seat {seat} never came to the screen")


def test_a_hand_off_after_a_cut_short_layer_shows_the_next_person_s_table(app):
    """Alice's layer is drawn with a deadline always passed (one new thing a try, as a
    frame that runs out of time makes it), try after try until whole; then the game goes
    on to Bob's turn through the real hand-off. What the table draws for Bob is the
    picture drawn fresh for him: his panel, not Alice's."""
    table = start_game(app, "hunters", seats(2, 4), 7, {})
    rng = random.Random(5)
    to_turn(app, table, 0, rng)
    size = app.screen.get_size()
    draw.clear_caches()
    look.clear_caches()
    table.drop_layer()
    cuts = 0
    while True:
        try:
            with draw.until(-1.0):
                table.blit_still(draw.scratch(size), table.view(), table.metrics)
            break
        except draw.OutOfFrame:
            assert table._layer_key is None        # a cut layer is never kept
            cuts += 1
            assert cuts < 2000, "each try made one thing, and the drawing never got further"
    assert cuts > 20                                # cut at many points, the panel's words among them
    assert table._layer.get_clip() == table._layer.get_rect()
    assert pixels(table._layer) == pixels(fresh_still(table, size))

    to_turn(app, table, 1, rng)
    step(app, 3)
    assert app.top is table and table.viewer == 1
    fresh = fresh_still(table, size)
    assert same_picture(table._layer, fresh)
    panel = table.lay.private
    assert pixels(app.screen, panel.clip(pygame.Rect(panel.x, panel.y, panel.w, panel.h // 2))) == \
        pixels(fresh, panel.clip(pygame.Rect(panel.x, panel.y, panel.w, panel.h // 2)))


@pytest.mark.slow   # a game of six hand-offs drawn a thing a frame; CI runs it
@pytest.mark.animation_speed("fast")      # the game's moves animate, in fewer frames
def test_every_hand_off_shows_the_new_viewer_s_table_when_every_frame_runs_out_of_time(app, monkeypatch):
    """A pass-and-play game (two people, two computers) at 1280x720 in which every drawing
    under a deadline makes one new thing and is cut (the slowest machine there can be):
    after each hand-off, the layer the table shows is the picture drawn fresh for the
    person now at the screen, and so is each layer it keeps or draws again."""
    monkeypatch.setattr(draw.until, "__enter__", lambda self: draw._until.__setitem__(slice(None), [-1.0, 0]))
    stale, checked, handoffs = [], [0], []
    real = StillLayer.blit_still

    def checking(table, surface, v, m):
        real(table, surface, v, m)
        if table.app.top is table and surface is table.app.screen:
            checked[0] += 1
            if not same_picture(table._layer, fresh_still(table, surface.get_size())):
                stale.append((len(table.session.match.log), table.viewer))

    monkeypatch.setattr(StillLayer, "blit_still", checking)
    table = start_game(app, "hunters", seats(2, 4), 11, {})
    assert app.screen.get_size() == (1280, 720)
    rng = random.Random(2)
    s = table.session
    last = None
    for _ in range(5000):
        if s.is_over() or len(handoffs) >= 6:
            break
        if app.top is table and table.viewer is not None and table.viewer != last:
            handoffs.append(table.viewer)
            last = table.viewer
        play_a_frame(app, table, rng)
    assert len(set(handoffs)) == 2 and len(handoffs) >= 4, handoffs
    assert checked[0] > 100
    assert stale == []
