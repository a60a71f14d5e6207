"""The Harsh board shows what the Spy's move has reached: the card it leaves appears when
it lands, the Countdown ticks (seen and heard) when it lands, and a loss shows only then,
held until seen before the results cover it. Driven through the real app at normal speed:
the animations run on the frames' own clock (``ui_helpers.DT``), never the wall clock."""

import pygame
import pytest
from ui_helpers import click, click_at, drawn_texts, find, step, until

from game.ai.harsh_hint import make_bot
from game.match import Match
from game.rules.harsh.data import MAX_STACK_FROM_SPY, spy_destination
from game.rules.protocol import CHANCE, NOBODY, chance_rng
from game.session import SeatConfig, Session
from game.ui.harsh.ending import HarshResultsScene
from game.ui.opening import table_for

pytestmark = pytest.mark.animation_speed("normal")


def match_at_actions(seed: int, turn: int) -> Match:
    """A standard game played by the autopilot until its additional actions on ``turn``."""
    m = Match.start("harsh", 1, seed, {"difficulty": "standard"})
    bot = make_bot("easy", 0, seed=seed)
    while True:
        d = m.decider()
        if d == CHANCE:
            m.apply(CHANCE, m.state.sample_chance(chance_rng(m.seed, len(m.log))))
            continue
        assert d != NOBODY, "the game ended too soon"
        if m.state.phase == "actions" and m.state.turn >= turn:
            return m
        m.apply(0, bot.choose(m.state.view(0), m.state.legal_actions(0)))


def spy_goes_to(m: Match) -> int:
    s = m.state
    card, turned = divmod(s.spydeck[-1], 2)
    return spy_destination(s.spy, card, bool(turned))[0]


def on_the_run(m: Match, countdown: int) -> int:
    """The Discovery deck spent (its cards to the discard, so every card stays counted) and
    the Spy's next square bare: its move ticks the Countdown. Returns that square."""
    s = m.state
    s.discard.extend(s.deck)
    s.deck, s.deck_known, s.countdown = [], 0, countdown
    to = spy_goes_to(m)
    s.discard.extend(s.stacks[to])
    s.stacks[to], s.origin[to], s.known[to] = [], [], []
    return to


def open_table(app, m: Match):
    session = Session(m, [SeatConfig("You", "human")], app.bus, autosave=False)
    table = app.push(table_for("harsh")(app, session))
    step(app, 2)
    return table


def on_screen(app, monkeypatch) -> list:
    """Every text drawn onto the window from now on (not what is made ahead, unseen)."""
    from game.ui import draw

    shown, real = [], draw.blit_text
    monkeypatch.setattr(draw, "blit_text", lambda surf, text, *a, **k: (
        shown.append(text) if surf is app.screen else None, real(surf, text, *a, **k))[1])
    return shown


def spy_on_its_way(table) -> bool:
    return any(a.progress < 1 for a in table.timeline.anims if a.kind in ("flip_spy", "spy"))


def test_the_card_the_spy_leaves_appears_when_it_lands(app):
    m = match_at_actions(3, 2)
    to = spy_goes_to(m)
    s = m.state
    assert not s.spy_stays and s.deck and len(s.stacks[to]) < MAX_STACK_FROM_SPY and to != s.agent
    before = len(s.stacks[to])
    table = open_table(app, m)
    click(app, "#act_end")
    assert table.view()["spy"] == to and table.view()["grid"][to]["cards"] == before + 1
    assert spy_on_its_way(table)
    seen_moving = 0
    while spy_on_its_way(table):
        g = table.view()["grid"][to]
        assert table.shown_stack(to, g) == (before, None)   # still in the Spy's hand
        assert "card" not in app.sound.played
        # the top bar and the log wait for the landing too
        assert table.turn_text() == "The Spy moves…"
        assert not any("leaves a Discovery card" in ln for ln in table.log_panel.lines)
        seen_moving += 1
        step(app)
    assert seen_moving > 20        # the flip and the walk: about 0.9 s at normal speed
    step(app)
    g = table.view()["grid"][to]
    shown, falling = table.shown_stack(to, g)
    assert shown == before + 1 and falling is not None and falling < 1   # it drops now
    assert app.sound.played[-1] == "card"
    assert any("leaves a Discovery card" in ln for ln in table.log_panel.lines)
    assert until(app, lambda: not table.timeline.running, frames=120)
    assert table.shown_stack(to, table.view()["grid"][to]) == (before + 1, None)


def test_the_countdown_ticks_when_the_spy_lands_seen_and_heard(app, monkeypatch):
    m = match_at_actions(3, 4)
    on_the_run(m, 3)
    assert spy_goes_to(m) != m.state.agent and not m.state.spy_stays
    table = open_table(app, m)
    texts = drawn_texts(monkeypatch)
    click(app, "#act_end")
    assert table.view()["countdown"] == 2
    while True:
        texts.clear()
        step(app)
        if not spy_on_its_way(table):
            break
        assert "Countdown 3" in texts and "Countdown 2" not in texts
        assert "tick" not in app.sound.played
    texts.clear()
    step(app, 2)
    tick = table.timeline.of("tick")
    assert tick and 0 <= tick[0].progress < 1             # the tick plays after the landing
    assert "Countdown 2" in texts
    assert "tick" in app.sound.played
    corner = table.regions()["countdown"].move(2, 2).topleft    # under the red wash
    washed = app.screen.get_at(corner)
    assert until(app, lambda: not table.timeline.running, frames=120)
    texts.clear()
    # a still table may skip frames once idle (wall clock): a hover draws the next one
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(1, 1), rel=(0, 0), buttons=(0, 0, 0)))
    step(app, 2)
    calm = app.screen.get_at(corner)
    assert washed.r > calm.r + 40 and "Countdown 2" in texts


def test_a_loss_shows_when_the_spy_lands_and_holds_until_seen(app, monkeypatch):
    m = match_at_actions(3, 4)
    on_the_run(m, 1)
    assert spy_goes_to(m) != m.state.agent and not m.state.spy_stays
    table = open_table(app, m)
    texts = on_screen(app, monkeypatch)
    click(app, "#act_end")
    assert table.dialog is not None and table.dialog.kind == "confirm"   # it ends the game
    click(app, "#opt_0")
    assert table.session.is_over() and table.view()["countdown"] == 0
    while True:
        texts.clear()
        step(app)
        if not spy_on_its_way(table):
            break
        assert not any("Mission failed" in t for t in texts), texts
        assert "Countdown 1" in texts
        assert "Mission" not in table.turn_text()
        assert not find(app, "#results").visible
    assert until(app, lambda: "Mission failed" in texts, frames=30)
    assert "Countdown 0" in texts and table.turn_text() == "Mission failed."
    assert find(app, "#results").visible and not find(app, "#hint").visible
    # held: the results do not cover it by themselves for a while (the "game_end" moment)
    for _ in range(40):
        step(app)
        assert app.top is table
    assert table.moments.holding("game_end")
    click_at(app, table.lay.grid.center, frames=2)      # seen: on to the results
    assert until(app, lambda: isinstance(app.top, HarshResultsScene), frames=10)


def test_the_results_come_by_themselves_when_nobody_clicks(app):
    m = match_at_actions(3, 4)
    on_the_run(m, 1)
    table = open_table(app, m)
    click(app, "#act_end")
    click(app, "#opt_0")
    assert until(app, lambda: table.moments.holding("game_end"), frames=120)
    held = 0
    while app.top is table and held < 400:
        step(app)
        held += 1
    assert isinstance(app.top, HarshResultsScene)
    assert held >= 60       # the verdict stayed about a second (OVER_LINGER) on its own
