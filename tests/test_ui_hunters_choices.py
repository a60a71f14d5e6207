"""Shadow Hunters table in chosen positions: clicks on players and Areas, refusals, prompts."""

import pytest
from ui_helpers import click, click_at, step, until

from game.match import Match
from game.rules.hunters.scenario import scenario
from game.rules.protocol import CHANCE, Action
from game.session import SeatConfig, Session
from game.ui.hunters.notebook import Notebook
from game.ui.hunters.overlays import CharacterScene
from game.ui.hunters.table import HuntersTable

NAMES = ("Alice", "Bob", "Carol", "Dave", "Erin")


pytestmark = pytest.mark.animation_speed("off")


def table_at(app, state, humans=(0,), seed=1) -> HuntersTable:
    """A table for a game already set up by ``scenario`` (the look is marked as done)."""
    n = state.num_players
    match = Match("hunters", n, seed, {}, state, [])
    seats = [SeatConfig(NAMES[i], "human" if i in humans else "computer", "easy") for i in range(n)]
    session = Session(match, seats, app.bus, pace=0.0, autosave=False)
    book = Notebook(seed)
    book.looked = True
    book.save()
    table = app.push(HuntersTable(app, session))
    step(app, 2)
    if len(humans) > 1:
        click(app, "#ready")        # the hand-off to whoever decides first
    assert app.top is table
    return table


def board_of(table, seat):
    return table.lay.boards[seat].center


def area_of(table, name):
    board = table.view()["board"]
    return table.lay.areas[board.index(name)].center


# The scenario's default board: slots 0-1 Hermit's Cabin / Underworld Gate, 2-3 Church /
# Cemetery, 4-5 Weird Woods / Erstwhile Altar.

def test_attack_by_clicking_a_player_in_range_and_a_refusal_for_one_out_of_range(app):
    s = scenario(["Emi", "Vampire", "Franklin", "Werewolf"], phase="attack",
                 positions={0: "Church", 1: "Cemetery", 2: "Weird Woods", 3: "Hermit's Cabin"})
    table = table_at(app, s)
    assert set(table.seat_actions) == {1}          # only Bob glows
    click_at(app, board_of(table, 2))
    assert table.status_refused
    assert "Carol is not in range" in table.status
    click_at(app, board_of(table, 1))
    log = table.session.match.log
    assert log[0] == (0, Action("attack", (1,)))
    assert any("attacks Bob" in line for line in table.log_lines())


def test_emi_walks_by_clicking_a_glowing_neighbour_area(app):
    s = scenario(["Emi", "Vampire", "Franklin", "Werewolf"], revealed=(0,), phase="start",
                 positions={0: "Church", 1: "Cemetery", 2: "Weird Woods", 3: "Hermit's Cabin"})
    table = table_at(app, s)
    assert set(table.area_actions) == {"Underworld Gate", "Cemetery"}
    assert "move next door" in table.prompt_text()
    click_at(app, area_of(table, "Weird Woods"))
    assert table.status_refused and "glowing" in table.status
    click_at(app, area_of(table, "Underworld Gate"))
    assert table.session.view(None)["players"][0]["area"] == "Underworld Gate"


def test_at_the_start_of_a_turn_an_area_click_is_refused_with_the_reason(app):
    s = scenario(["Emi", "Vampire", "Franklin", "Werewolf"], phase="start",
                 positions={0: "Church", 1: "Cemetery", 2: "Weird Woods", 3: "Hermit's Cabin"})
    table = table_at(app, s)
    assert table.area_actions == {}
    click_at(app, area_of(table, "Cemetery"))
    assert table.status.startswith("Not allowed:") and "rolling the dice" in table.status


def test_mystic_compass_shows_both_rolls_and_the_choice(app):
    # Look for a seed whose two rolls name different Areas (the chance outcomes are seeded).
    for seed in range(1, 60):
        s = scenario(["Emi", "Vampire", "Franklin", "Werewolf"], phase="start",
                     positions={0: "Church", 1: "Cemetery", 2: "Weird Woods", 3: "Hermit's Cabin"},
                     equipment={0: ["Mystic Compass"]})
        table = table_at(app, s, seed=seed)
        click(app, "#choice_0")        # roll
        step(app, 3)
        if table.view()["pending"].get("kind") == "move_choice":
            break
        app.pop()
    else:
        pytest.fail("no seed gave the Mystic Compass a choice")
    rolls = table.turn_rolls()
    assert len(rolls) >= 2
    assert table.prompt_text().startswith("Mystic Compass") or "7" in table.prompt_text()
    assert table.area_actions                     # the Areas to choose glow
    name = sorted(table.area_actions)[0]
    click_at(app, area_of(table, name))
    assert table.session.view(None)["players"][0]["area"] == name


def test_a_hermit_card_in_hand_is_shown_and_given_by_clicking_a_player(app):
    s = scenario(["Emi", "Vampire", "Franklin", "Werewolf"], phase="area",
                 positions={0: "Hermit's Cabin", 1: "Cemetery", 2: "Weird Woods", 3: "Church"})
    table = table_at(app, s)
    click(app, "#choice_0")        # draw a Hermit card
    assert until(app, lambda: table.view()["pending"].get("kind") == "hermit_give", frames=30)
    holding = table.view()["holding"]
    step(app, 2)
    assert table.focus == ("You hold", holding, "hermit")
    assert set(table.seat_actions) == {1, 2, 3}
    click_at(app, board_of(table, 2))
    assert table.session.match.log[-1][1] == Action("give", (2,)) or any(
        a == Action("give", (2,)) for _, a in table.session.match.log)


def test_werewolf_counterattack_is_offered_to_the_attacked_werewolf_only(app):
    s = scenario(["Emi", "Werewolf", "Franklin", "Vampire"], phase="attack",
                 positions={0: "Church", 1: "Cemetery", 2: "Weird Woods", 3: "Hermit's Cabin"})
    table = table_at(app, s, humans=(0, 1))
    assert table.viewer == 0
    click_at(app, board_of(table, 1))     # Alice attacks Bob
    assert until(app, lambda: table.session.decider() not in (0, CHANCE), frames=30)
    # Bob must answer: a hand-off to Bob, then the same prompt everyone gets, with his options
    assert until(app, lambda: app.top is not table, frames=10)
    click(app, "#ready")
    assert table.viewer == 1
    labels = [c.button.text for c in table.choices]
    assert labels[0] == "No response"
    # what it does and to whom: it reveals him and strikes back at Alice
    assert labels[1] == "Reveal yourself (Werewolf) and counterattack Alice", labels
    assert "attacked you" in table.prompt_text()


def test_my_character_card_screen_shows_only_my_character(app):
    s = scenario(["Emi", "Vampire", "Franklin", "Werewolf"], phase="start",
                 positions={0: "Church", 1: "Cemetery", 2: "Weird Woods", 3: "Hermit's Cabin"})
    table = table_at(app, s)
    click(app, "#my_card")
    assert isinstance(app.top, CharacterScene) and app.top.me["character"] == "Emi"
    click(app, "#look_done")
    assert app.top is table
