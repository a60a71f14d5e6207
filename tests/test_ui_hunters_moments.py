"""Issue 37, findings 11 and 12: a reveal, a death, an ability and a stolen card are moments
that hold until seen (their time at the animation speed, or a click), one after the other;
the final blow holds the same way whoever dealt it. Through the real app, on a clock that
advances with the frames (no wall-clock timing)."""

import pytest
from ui_helpers import DT, click, click_at, step, until

from game.match import Match
from game.rules.hunters.scenario import scenario
from game.session import SeatConfig, Session
from game.ui.hunters import look
from game.ui.hunters.anim import MOMENT_SECONDS
from game.ui.hunters.notebook import Notebook
from game.ui.hunters.table import HuntersTable
from game.ui.scenes.handoff import HandoffScene
from game.ui.scenes.results import ResultsScene
from game.ui.scenes.setup import default_names

pytestmark = pytest.mark.animation_speed("normal")


def table_at(app, state, humans, seed=1, plays=None) -> HuntersTable:
    """The table at ``state``; ``plays``: {seat: [(kind, args...), ...]} what that computer
    answers, in order, when it is legal (otherwise it decides as usual)."""
    n = state.num_players
    match = Match("hunters", n, seed, {}, state, [])
    names = default_names("hunters")
    seats = [SeatConfig(names[i], "human" if i in humans else "computer", "easy") for i in range(n)]
    frames = [0]
    session = Session(match, seats, app.bus, pace=0.0, autosave=False, clock=lambda: frames[0] * DT)
    for seat, wanted in (plays or {}).items():
        script(session.bots[seat], list(wanted))
    book = Notebook(seed)
    book.looked = True
    book.save()
    table = app.push(HuntersTable(app, session))
    real_step = app.step

    def counted(dt):
        frames[0] += 1          # the session's clock: one frame, one tick
        real_step(dt)

    app.step = counted
    step(app, 2)
    until(app, lambda: isinstance(app.top, HandoffScene) or table.acting_seat() is not None
          or len(session.match.log), frames=120)
    if isinstance(app.top, HandoffScene):
        click(app, "#ready")
    return table


def script(bot, wanted):
    """The computer answers the next wanted move (through its worker, as it always does)."""
    own = bot.choose

    def choose(view, actions):
        if wanted:
            kind, *args = wanted[0]
            pick = next((a for a in actions if a.kind == kind and tuple(a.args[:len(args)]) == tuple(args)), None)
            if pick is not None:
                wanted.pop(0)
                return pick
        return own(view, actions)

    bot.choose = choose


def frames_on_top(app, table, kind, most=2000):
    """Frames the moment ``kind`` stays on top (the table holds everything meanwhile)."""
    n = 0
    moves = len(table.session.match.log)
    while table.moments.current is not None and table.moments.current.kind == kind and n < most:
        assert app.top is table                         # no hand-off, no results over it
        assert len(table.session.match.log) == moves     # and nobody moves
        step(app)
        n += 1
    return n


def test_a_computer_reveal_and_its_ability_hold_until_seen_then_a_click_goes_on(app):
    s = scenario(["Emi", "Vampire", "Ellen", "Allie"], active=2, phase="start",
                 positions={0: "Church", 1: "Cemetery", 2: "Weird Woods", 3: "Hermit's Cabin"})
    table = table_at(app, s, humans=(0, 1), plays={2: [("reveal",), ("ellen", 0)]})
    assert until(app, lambda: table.moments.current is not None, frames=30)
    reveal = table.moments.current
    assert reveal.kind == "reveal" and reveal.data["character"] == "Ellen"
    shown = frames_on_top(app, table, "reveal")
    # at normal speed it stays its whole time (about 3 s, not the old 1 s)
    assert shown >= int(MOMENT_SECONDS["reveal"] / DT) - 2
    assert until(app, lambda: table.moments.current is not None, frames=120)   # her next move
    ability = table.moments.current
    assert ability.kind == "ability" and ability.data["target"] == 0
    title, lines = table.banner_words("ability", table.seat_name(2), "Ellen", look.CHARACTER["Ellen"],
                                      ability.data)
    assert f"{table.seat_name(0)}'s ability is void for the rest of the game" in [t for t, *_ in lines]
    step(app, 30)
    assert table.moments.current is ability
    click_at(app, table.lay.board_area.center)        # seen: a click ends it at once
    assert not table.moments.holding("ability")
    assert until(app, lambda: len(table.session.match.log) > 0 and not table.moments, frames=600)


def test_a_death_and_daniels_forced_reveal_each_get_their_moment_in_turn(app):
    s = scenario(["Emi", "Daniel", "Vampire", "Allie"], active=2, phase="area", damage={0: 9},
                 positions={0: "Church", 1: "Cemetery", 2: "Weird Woods", 3: "Hermit's Cabin"})
    table = table_at(app, s, humans=(0, 3), plays={2: [("woods", "damage", 0)]})   # Emi (HP 10) dies
    assert until(app, lambda: table.moments.current is not None, frames=120)
    death = table.moments.current
    assert death.kind == "death" and death.data["seat"] == 0
    assert frames_on_top(app, table, "death", most=60) == 60      # still on top after 1 s
    click_at(app, table.lay.board_area.center)
    forced = table.moments.current
    assert forced is not None and forced.kind == "reveal" and forced.data["seat"] == 1
    title, lines = table.banner_words("reveal", table.seat_name(1), "Daniel", look.CHARACTER["Daniel"],
                                      forced.data)
    assert title == f"{table.seat_name(1)} reveals!"
    assert any("Daniel must reveal" in text for text, *_ in lines)
    _, lines = table.banner_words("reveal", "", "Emi", look.CHARACTER["Emi"], {"why": "Advent"})
    assert ("Revealed: to use Advent", 14) == lines[1][:2]      # a card that needs the reveal
    _, lines = table.banner_words("reveal", "", "Emi", look.CHARACTER["Emi"], {"why": "reveal"})
    assert not any(text.startswith("Revealed:") for text, *_ in lines)   # by choice: nothing more
    assert frames_on_top(app, table, "reveal") >= int(MOMENT_SECONDS["reveal"] / DT) - 2
    assert [m.kind for m in table.moments._queue if m.kind in MOMENT_SECONDS] == []


def final_blow(app, humans):
    """Franklin (seat 2) deals the last 2 damage to the only Shadow: the Hunters (and Allie, alive) win."""
    s = scenario(["Emi", "Vampire", "Franklin", "Allie"], active=2, phase="area", damage={1: 12},
                 positions={0: "Church", 1: "Cemetery", 2: "Weird Woods", 3: "Hermit's Cabin"})
    table = table_at(app, s, humans=humans, plays=None if 2 in humans else {2: [("woods", "damage", 1)]})
    if 2 in humans:
        assert table.acting_seat() == 2
        click_at(app, table.lay.boards[1].center)       # the person deals the blow with a click
        pick = next(i for i, c in enumerate(table.choices) if c.button.text.startswith("Deal 2 damage"))
        click(app, f"#choice_{pick}")
    assert until(app, lambda: table.moments.current is not None, frames=120)
    assert table.session.is_over()
    blow = table.moments.current
    assert blow.kind == "death" and blow.data.get("final") and blow.data["winners"] == (0, 2, 3)
    held = frames_on_top(app, table, "death")
    assert until(app, lambda: isinstance(app.top, ResultsScene), frames=600)
    return held


@pytest.mark.parametrize("humans", [(0, 1), (0, 2)], ids=["by a computer", "by a person"])
def test_the_final_blow_holds_until_seen_whoever_deals_it(app, humans):
    held = final_blow(app, humans)
    assert held >= int(MOMENT_SECONDS["final_blow"] / DT) - 2     # 4.5 s at normal speed, both ways


def test_the_final_blow_ends_at_a_click_and_the_results_follow(app):
    s = scenario(["Emi", "Vampire", "Franklin", "Allie"], active=2, phase="area", damage={1: 12},
                 positions={0: "Church", 1: "Cemetery", 2: "Weird Woods", 3: "Hermit's Cabin"})
    table = table_at(app, s, humans=(0, 1), plays={2: [("woods", "damage", 1)]})
    assert until(app, lambda: table.moments.current is not None, frames=120)
    step(app, 30)
    assert app.top is table and table.moments.current.kind == "death"
    title, lines = table.banner_words("death", table.seat_name(1), "Vampire", look.CHARACTER["Vampire"],
                                      table.moments.current.data)
    assert title.endswith("the final blow") and any("The game is over" in t for t, *_ in lines)
    click_at(app, table.lay.board_area.center)
    assert until(app, lambda: isinstance(app.top, ResultsScene), frames=200)


def test_a_card_taken_from_a_player_is_shown_face_up_with_from_and_to(app, monkeypatch):
    s = scenario(["Emi", "Vampire", "Franklin", "Allie"], active=2, phase="area", equipment={0: ["Chainsaw"]},
                 positions={0: "Church", 1: "Cemetery", 2: "Erstwhile Altar", 3: "Hermit's Cabin"})
    table = table_at(app, s, humans=(0, 1), plays={2: [("altar", 0)]})
    assert until(app, lambda: table.moments.current is not None, frames=60)
    steal = table.moments.current
    assert steal.kind == "steal" and steal.data["cards"] == ("Chainsaw",)
    assert table.steal_caption(steal.data) == (f"{table.seat_name(2)} takes Chainsaw", f"from {table.seat_name(0)}")
    given = dict(steal.data, why="banana")     # a Banana Peel: the holder gave it, nobody took it
    assert table.steal_caption(given) == (f"{table.seat_name(0)} gives Chainsaw", f"to {table.seat_name(2)}")
    faces = []
    real = look.read_card
    monkeypatch.setattr(look, "read_card", lambda name, deck, size: (faces.append((name, size)),
                                                                       real(name, deck, size))[1])
    step(app, 20)
    app.draw()
    assert faces and faces[-1][0] == "Chainsaw" and faces[-1][1][0] >= 100   # face up, readable
    for rect in table.steal_rects(table.metrics, 1):
        assert app.screen.get_rect().contains(rect)
    assert frames_on_top(app, table, "steal") >= int(MOMENT_SECONDS["steal"] / DT) * 0.6


def test_with_animations_off_nothing_waits(app):
    app.settings.animation_speed = "off"
    s = scenario(["Emi", "Daniel", "Vampire", "Allie"], active=2, phase="area", damage={0: 9},
                 positions={0: "Church", 1: "Cemetery", 2: "Weird Woods", 3: "Hermit's Cabin"})
    table = table_at(app, s, humans=(0, 3), plays={2: [("woods", "damage", 0)]})
    assert until(app, lambda: not table.session.view(None)["players"][0]["alive"], frames=60)
    assert not any(table.moments.holding(kind) for kind in MOMENT_SECONDS) and not table.animating()
