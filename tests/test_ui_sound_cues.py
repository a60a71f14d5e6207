"""The sound cues at their moments, through the real app (SDL's dummy audio driver): each
call is counted through the Sounds.play seam with what the screen showed at that moment,
so no audio is listened to. Dice are heard as they are thrown, damage when the hit shows
(once the dice have settled), a card as it is played, "your turn" when a person must
decide (or is handed the screen), a win or a loss with the results. Each cue's own
volume is set in Settings -> Sounds and kept across a restart."""

import random

import pygame
import pygame_gui
import pytest
from ui_helpers import DT, click, key, make_app, step, until

from game.bus import GameHappened
from game.match import Match
from game.rules.hunters.scenario import scenario
from game.session import SeatConfig, Session
from game.ui.hunters.notebook import Notebook
from game.ui.hunters.table import HuntersTable
from game.ui.scenes.handoff import HandoffScene
from game.ui.scenes.settings import SettingsScene
from game.ui.sound import CUES
from game.ui.sound_settings import SoundCuesScene


def listen(app, table=None) -> list:
    """Every sound asked for from now on: (name, moves made, what the table showed)."""
    heard = []
    real = app.sound.play

    def play(name):
        shown = {}
        if table is not None:
            shown["log"] = len(table.session.match.log)
            shown["top"] = type(app.top).__name__
            effects = getattr(table, "effects", None)
            if effects is not None:
                shown["hits"] = [e.seat for e in effects.of("hit")]
                shown["dice"] = [e.progress for e in effects.of("dice", waiting_too=True)]
            shown["acting"] = table.acting_seat()
        heard.append((name, shown))
        real(name)

    app.sound.play = play
    return heard


def hunters_table(app, state, humans, seed=1) -> HuntersTable:
    """A Shadow Hunters table at ``state`` on a clock that moves one frame a step."""
    n = state.num_players
    match = Match("hunters", n, seed, {}, state, [])
    seats = [SeatConfig(f"P{i}", "human" if i in humans else "computer", "easy") for i in range(n)]
    frames = [0]
    session = Session(match, seats, app.bus, pace=0.0, autosave=False, clock=lambda: frames[0] * DT)
    book = Notebook(seed)
    book.looked = True
    book.save()
    table = app.push(HuntersTable(app, session))
    real_step = app.step

    def counted(dt):
        frames[0] += 1
        real_step(dt)

    app.step = counted
    return table


def events_of(table) -> list:
    """Every event the table animates from now on: (kind, fact)."""
    seen = []
    real = table.animate_event

    def animate(event, step_, fact):
        seen.append((event.kind, fact))
        real(event, step_, fact)

    table.animate_event = animate
    return seen


@pytest.mark.animation_speed("normal")
def test_dice_are_heard_as_thrown_and_damage_once_the_hit_shows(app):
    s = scenario(["Emi", "Vampire", "Franklin", "Allie", "Bob"], active=0, phase="start")
    table = hunters_table(app, s, humans=(), seed=5)
    seen = events_of(table)
    heard = listen(app, table)

    def dice_events():
        return sum(1 for kind, _ in seen if kind in ("roll", "attack", "die", "dynamite"))

    def hits():
        return [f for kind, f in seen if kind == "damage" and f[2]]

    def after_a_roll():
        return any(name == "damage" and shown["dice"] for name, shown in heard)

    assert until(app, lambda: dice_events() >= 3 and after_a_roll() and not table.effects,
                 frames=20000)
    cues = [name for name, _ in heard]
    assert cues.count("dice") == dice_events()            # one throw, one sound
    assert cues.count("damage") == len(hits())            # one hit, one blow
    for name, shown in heard:
        if name == "damage" and shown["dice"]:
            # after dice: the hit already shows, and the dice show their result
            assert shown["hits"] and all(p >= 0.6 for p in shown["dice"]), shown
    assert any(name == "damage" and shown["dice"] for name, shown in heard), \
        "no hit came from a roll: the waiting was not tested"


@pytest.mark.animation_speed("off")
def test_a_card_drawn_is_heard_at_the_hunters_table(app):
    # Allie at the Church draws a White card
    s = scenario(["Emi", "Vampire", "Franklin", "Allie"], active=3, phase="area",
                 positions={3: "Church"})
    table = hunters_table(app, s, humans=(), seed=2)
    seen = events_of(table)
    heard = listen(app, table)
    assert until(app, lambda: any(kind == "draw" for kind, _ in seen), frames=600)
    assert [n for n, _ in heard].count("card") == sum(1 for kind, _ in seen if kind == "draw")


@pytest.mark.animation_speed("off")
def test_every_card_played_at_chasing_is_heard_and_your_turn_when_you_must_play(app):
    from game.ui.opening import start_game

    seats = [SeatConfig("Ann", "human")] + [SeatConfig(f"C{i}", "computer", "easy")
                                            for i in range(1, 4)]
    table = start_game(app, "chasing", seats, 7, {})
    step(app, 2)
    heard = listen(app, table)
    played = []
    unsubscribe = app.bus.subscribe(GameHappened, lambda m: played.append(m.event.kind))
    rng = random.Random(3)
    turns_seen = ready = 0
    for _ in range(4000):
        # the person answers a frame after the choice is up, as a person would
        ready = ready + 1 if table.acting_seat() == 0 and app.top is table else 0
        if ready >= 2:
            turns_seen, ready = turns_seen + 1, 0
            table.choose(rng.choice(table.session.legal_actions(0)))
        step(app)
        if played.count("card_played") >= 12 and table.acting_seat() == 0:
            break
    unsubscribe()
    cues = [name for name, _ in heard]
    assert played.count("card_played") >= 12
    assert cues.count("card") == played.count("card_played")
    turns = [shown for name, shown in heard if name == "turn"]
    assert turns and all(shown["acting"] == 0 for shown in turns)   # with the choice on screen
    assert turns_seen >= 3
    assert turns_seen - 1 <= len(turns) <= turns_seen   # the first may come before we listen


@pytest.mark.animation_speed("off")
def test_every_card_the_spy_draws_or_the_agent_finds_is_heard_at_harsh(app):
    from game.ui.opening import start_game

    table = start_game(app, "harsh", [SeatConfig("Ann", "human")], 9, {})
    step(app, 2)
    heard = listen(app, table)
    kinds = []
    unsubscribe = app.bus.subscribe(
        GameHappened, lambda m: kinds.append(m.event.kind) if m.event.visible_to(table.viewer) else None)
    rng = random.Random(5)
    ready = 0
    for _ in range(3000):
        ready = ready + 1 if table.acting_seat() == 0 and app.top is table else 0
        if ready >= 2:
            ready = 0
            table.choose(rng.choice(table.session.legal_actions(0)))
        step(app)
        if sum(k in ("card_found", "card_added") for k in kinds) >= 3 or table.session.is_over():
            break
    unsubscribe()
    cards = sum(k in ("card_found", "card_added") for k in kinds)
    assert cards >= 1
    assert [name for name, _ in heard].count("card") == cards


@pytest.mark.animation_speed("off")
def test_your_turn_is_heard_with_the_hand_off_between_two_people(app):
    s = scenario(["Emi", "Vampire", "Franklin", "Allie"], active=0, phase="start")
    table = hunters_table(app, s, humans=(0, 1), seed=3)
    heard = listen(app, table)
    assert until(app, lambda: isinstance(app.top, HandoffScene), frames=600)
    turn = [shown for name, shown in heard if name == "turn"]
    assert len(turn) == 1 and turn[0]["top"] == "HuntersTable"    # heard as it is pushed
    click(app, "#ready")
    assert app.top is table


@pytest.mark.animation_speed("off")
@pytest.mark.parametrize("humans,cue", [((0, 1), "win"), ((1,), "loss")])
def test_a_win_or_a_loss_is_heard_with_the_results(app, humans, cue):
    """Franklin (a computer) deals the last 2 damage to the Vampire, the only Shadow: the
    Hunters and Allie win. Seat 0 (Emi) is a person in the first case; in the second the
    only person is the Vampire."""
    s = scenario(["Emi", "Vampire", "Franklin", "Allie"], active=2, phase="area",
                 damage={1: 12}, positions={0: "Church", 1: "Cemetery", 2: "Weird Woods",
                                            3: "Hermit's Cabin"})
    table = hunters_table(app, s, humans=humans, seed=4)
    bot = table.session.bots[2]
    own = bot.choose
    bot.choose = lambda view, actions: next(
        (a for a in actions if a.kind == "woods" and tuple(a.args[:2]) == ("damage", 1)),
        None) or own(view, actions)
    heard = listen(app, table)
    assert until(app, lambda: any(n in ("win", "loss") for n, _ in heard), frames=3000)
    ends = [name for name, _ in heard if name in ("win", "loss")]
    assert ends == [cue]
    assert table.session.is_over()
    step(app, 3)
    assert type(app.top).__name__.endswith("Results")          # never the only signal


def test_each_cue_has_its_own_volume_set_in_settings_and_kept_across_a_restart(shadows_home):
    a = make_app()
    try:
        step(a, 2)
        a.push(SettingsScene(a))
        step(a, 2)
        click(a, "#sound_cues")
        assert isinstance(a.top, SoundCuesScene)
        scene = a.top
        assert set(scene.sliders) == set(CUES)
        heard = listen(a)
        slider = scene.sliders["dice"]
        slider.set_current_value(40)
        pygame.event.post(pygame.event.Event(pygame_gui.UI_HORIZONTAL_SLIDER_MOVED,
                                             {"ui_element": slider, "value": 40}))
        step(a, 2)
        assert a.settings.cue_volumes["dice"] == 40
        assert heard[-1][0] == "dice"                 # heard at its new level
        assert a.sound.level("dice") == pytest.approx(a.settings.volume / 100 * 0.4)
        assert a.sound.level("card") == pytest.approx(a.settings.volume / 100)
        click(a, "#hear_win")
        assert heard[-1][0] == "win"
        scene.set_volume("loss", 0)
        a.sound.play("loss")
        assert a.sound.counts["loss"] == 1 and ("loss", 0.0) not in a.sound.heard
        assert a.sound.level("loss") == 0.0
        # and without a mouse: 3 picks the dice, Left turns them down by 10
        key(a, pygame.K_3)
        key(a, pygame.K_LEFT)
        assert a.settings.cue_volumes["dice"] == 30 and scene.sliders["dice"].get_current_value() == 30
        key(a, pygame.K_RIGHT)
        key(a, pygame.K_RIGHT)
        assert a.settings.cue_volumes["dice"] == 50
        key(a, pygame.K_LEFT)
        assert a.settings.cue_volumes["dice"] == 40 and heard[-1][0] == "dice"
    finally:
        a.quit()
    b = make_app()
    try:
        assert b.settings.cue_volumes == {"dice": 40, "loss": 0}
        assert b.sound.cue_volumes == {"dice": 40, "loss": 0}
        assert b.sound.level("dice") == pytest.approx(b.settings.volume / 100 * 0.4)
    finally:
        b.quit()
