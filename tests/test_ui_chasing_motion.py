"""Chasing Shadows animations: computer moves wait for them, a trick resolves in two beats
(the full trick with the winner lit, then the sweep), and "off" means no beats at all."""

import pygame
from ui_helpers import step, until

from game.session import SeatConfig
from game.ui.chasing.table import ChasingTable
from game.ui.opening import start_game


def table_for(app, speed: str, start: str = "1") -> ChasingTable:
    app.settings.animation_speed = speed
    seats = [SeatConfig(n, "human" if i == 0 else "computer", "easy")
             for i, n in enumerate(("Alice", "Bob", "Carol", "Dave"))]
    table = start_game(app, "chasing", seats, 31, {"start": start})
    assert isinstance(table, ChasingTable)
    return table


def test_computer_moves_wait_while_a_trick_is_animated(app):
    table = table_for(app, "fast")
    saw_winner_beat = saw_sweep = False
    for _ in range(3000):
        busy = not table.motion.idle
        before = len(table.session.match.log)
        beats = list(table.motion.beats)
        for i, beat in enumerate(beats):
            if beat.highlight is not None and i + 1 < len(beats):
                saw_winner_beat = True
                sweep = beats[i + 1]
                assert len(beat.shown["trick"]) == 4           # the whole trick stays in view
                assert len(sweep.flights) == 5                 # Spotlight, winner's card, 3 others
                assert sum(f.back is not None for f in sweep.flights) == 3  # they turn face down
                assert ("spotlight",) in sweep.hide and ("follow",) in sweep.hide
                saw_sweep = True
        if table.acting() is not None and table.motion.idle:
            legal = table.session.legal_actions(0)
            table.choose(legal[-1])
            continue
        step(app)
        if busy and table.acting() is None:
            assert len(table.session.match.log) == before, "a computer moved during an animation"
        if saw_winner_beat and saw_sweep:
            break
    assert saw_winner_beat and saw_sweep


def test_a_played_card_flies_to_its_place_and_the_place_waits_for_it(app):
    table = table_for(app, "slow", start="0")  # Alice leads: no waiting for computers
    assert until(app, lambda: table.acting() is not None and table.motion.idle, frames=3000)
    card = table.session.legal_actions(0)[0]
    table.choose(card)
    beat, _ = table.motion.current()
    assert beat is not None and ("trick", 0) in beat.hide
    assert beat.flights[0].end == table.geo.slots[0]
    assert table.session._hold_until > table.session.clock()
    step(app)
    assert table.drawn["trick"][-1] == (0, ("card", card.args[0], card.args[1]))


def test_animation_off_never_queues_a_beat(app):
    table = table_for(app, "off")
    for _ in range(150):
        assert table.motion.idle
        if table.acting() is not None:
            table.choose(table.session.legal_actions(0)[0])
        step(app)
    assert len(table.session.match.log) > 10


def test_a_click_skips_the_animation(app):
    table = table_for(app, "slow", start="0")  # Alice leads: no waiting for computers
    assert until(app, lambda: table.acting() is not None and table.motion.idle, frames=3000)
    table.choose(table.session.legal_actions(0)[0])
    assert not table.motion.idle
    rect, _ = table.hand_hits[0]
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1))
    step(app)
    assert table.motion.idle
