"""The Shadow Hunters table's still layer (game/ui/hunters/layer.py): the felt, Areas,
damage track, player boards, private panel and piles are drawn once and kept while they
do not change. A kept layer that missed a change would show the game wrong (a piece on its
old Area, old damage, another person's panel), so every frame of a played game compares
the layer in use with the same parts drawn fresh, pixel for pixel."""

import random

import pygame
import pytest
from pictures import LayerCheck, pixels
from ui_helpers import post_key, step

from game.session import SeatConfig
from game.ui.hunters.layer import StillLayer
from game.ui.opening import start_game

pytestmark = pytest.mark.animation_speed("fast")   # pieces walk, hits float, cards fly (in fewer frames)


def seats(humans, players):
    return [SeatConfig(f"P{i + 1}", "human" if i < humans else "computer", "easy")
            for i in range(players)]


class Watch(LayerCheck):
    """After each use of the layer, the still parts drawn fresh beside it must be the same
    picture, with the same spots; ``seen``: (damage, Areas, viewer) shown by a kept layer."""

    def __init__(self, monkeypatch):
        self.seen: set = set()
        super().__init__(monkeypatch, StillLayer, self.fresh)

    def fresh(self, table, canvas, v, m) -> bool:
        spots = table.spots
        table.spots = []
        table.draw_still(canvas, v, m)
        same_spots = [(s.rect, s.kind, s.name) for s in table.spots] == \
            [(s.rect, s.kind, s.name) for s in spots]
        table.spots = spots
        self.seen.add((tuple(p["damage"] for p in v["players"]), tuple(p["area"] for p in v["players"]),
                       table.viewer))
        return same_spots


def play(app, table, actions: int, seed: int = 3) -> None:
    rng = random.Random(seed)
    s = table.session
    for _ in range(actions * 40):
        if s.is_over() or len(s.match.log) > actions:
            return
        if app.top is not table:
            post_key(pygame.K_RETURN)       # hand-off, the first look
        elif table.acting_seat() is not None and not table.animating() and rng.random() < 0.3:
            legal = s.legal_actions(table.acting_seat())
            if legal:
                table.choose(rng.choice(legal))
        step(app)


def test_a_kept_layer_is_always_the_picture_drawn_fresh_through_a_game(app, monkeypatch):
    watch = Watch(monkeypatch)
    # the computers' quick pace: a pause after a computer's move only repeats a frame already
    # checked (its animations still play: five ways to keep a stale layer still fail this)
    app.settings.computer_pace = "quick"
    table = start_game(app, "hunters", seats(2, 4), 7, {})
    play(app, table, 120)
    assert watch.stale == []
    assert watch.kept > watch.uses // 2          # most frames only copy it
    damages = {d for d, _a, _v in watch.seen}
    areas = {a for _d, a, _v in watch.seen}
    viewers = {v for _d, _a, v in watch.seen}
    # what changed on the way: damage, pieces' Areas, who sits at the screen
    assert len(damages) > 2 and len(areas) > 2 and None in viewers and len(viewers) > 1


def test_the_layer_is_drawn_again_when_damage_an_area_or_a_note_changes(app, monkeypatch):
    table = start_game(app, "hunters", seats(1, 4), 5, {})
    for _ in range(600):
        if app.top is not table:
            post_key(pygame.K_RETURN)
        step(app)
        if app.top is table and table._dealt() and table.viewer is not None and not table.animating():
            break
    assert table.viewer == 0
    draws = table.layer_draws
    table.draw(app.screen)
    table.draw(app.screen)
    assert table.layer_draws == draws           # nothing changed: kept
    # a note in the person's notebook (no game event): the board's line says it
    table.notebook.set(0, 2, "Hunter")
    table.draw(app.screen)
    assert table.layer_draws == draws + 1
    # a hit still to land: its damage stays off the track until its number floats up
    from game.ui.hunters.anim import Effect
    table.effects.add(Effect("hit", 1.0, seat=1, data={"amount": 2, "text": "-2"}, delay=5.0))
    table.draw(app.screen)
    assert table.layer_draws == draws + 2
    # a piece on its way: it leaves its Area in the layer (and walks over it)
    board = table.view()["board"]
    table.effects.add(Effect("move", 1.0, seat=2, data={"from": board[0], "to": board[1]}))
    table.draw(app.screen)
    assert table.layer_draws == draws + 3
    # another Area to choose: its glow
    table.area_actions = {board[3]: None}
    table.draw(app.screen)
    assert table.layer_draws == draws + 4
    table.effects.clear()
    table.area_actions = {}
    table.draw(app.screen)
    from game.ui import draw
    draw.clear_caches()                          # every kept picture forgotten: this one too
    before = table.layer_draws
    table.draw(app.screen)
    assert table.layer_draws == before + 1
    kept = pixels(app.screen)
    table.drop_layer()
    table.draw(app.screen)                       # drawn whole again: the same picture
    assert pixels(app.screen) == kept


def test_the_log_s_lines_are_worked_out_once_per_change(app):
    """A move's frame asks for the log's lines up to three times (rebuild, the panel's
    refresh, an animation's end): worked out once, and again at a new line or viewer."""
    table = start_game(app, "hunters", seats(1, 4), 5, {})
    s = table.session
    real = type(s).log_events
    for _ in range(3000):
        if app.top is not table:
            post_key(pygame.K_RETURN)
        elif table.acting_seat() is not None and not table.animating():
            table.choose(s.legal_actions(table.acting_seat())[0])
        step(app)
        if len(s.entries) > 12 and not table.effects:
            break
    first = table.log_lines()
    read = table.seen_log.entries_read          # entries turned into lines (game.ui.seen_log)
    assert table.log_lines() == first and table.log_lines() == first
    assert table.seen_log.entries_read == read    # asked again: nothing read again
    expected = table.named([e.text for _step, e in real(s, table.viewer) if e.text])
    assert first == expected
    s.entries.append(s.entries[-1])              # a new line: only it is read, once for the
    # viewer's lines and once for the finished game's whole log (kept during play as well)
    assert len(table.log_lines()) == len(first) + 1 and len(table.log_lines()) == len(first) + 1
    assert table.seen_log.entries_read == read + 2
    s.entries.pop()
    assert table.log_lines() == first
