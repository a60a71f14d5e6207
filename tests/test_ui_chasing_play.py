"""Chasing Shadows at its table, driven like a person would: posted clicks and keys on the
real app (animations off, so computer players move at once)."""

import pygame
import pytest
from ui_helpers import click, click_at, key, step, type_text, until

from game.storage import stats as stats_store
from game.ui.chasing import model as M
from game.ui.chasing.overlays import ChasingResultsScene, RoundEndScene, SheetsScene
from game.ui.chasing.table import ChasingTable
from game.ui.scenes.handoff import HandoffScene
from game.ui.scenes.setup import SetupScene
from game.ui.scenes.stats import StatsScene

pytestmark = pytest.mark.animation_speed("off")


def start(app, humans: int, players: int = 4, seed: str = "2024") -> ChasingTable:
    click(app, "#tile_chasing")
    assert isinstance(app.top, SetupScene)
    click(app, f"#players_{players}")
    for seat in range(players):
        click(app, f"#kind_{seat}_{'human' if seat < humans else 'computer'}")
        if seat >= humans:
            click(app, f"#level_{seat}_easy")
    click(app, "#seed")
    type_text(app, seed)
    click(app, "#start")
    table = app.find(ChasingTable)
    assert isinstance(table, ChasingTable)
    return table


def my_turn(app, table) -> bool:
    return app.top is table and table.acting() is not None and bool(table.hand_hits)


def click_a_legal_move(app, table) -> None:
    """Click the first playable card, or the first Follow Card when the discard is a choice."""
    view = table.live_view()
    legal = table.session.legal_actions(table.acting())
    if view["phase"] == "discard":
        rect = next(r for r, suit in table.follow_hits if suit == legal[0].args[0])
    else:
        wanted = ("card", legal[0].args[0], legal[0].args[1])
        rect = next(r for r, c in table.hand_hits if c == wanted)
    click_at(app, rect.center)


def test_one_human_and_three_computers_play_a_whole_game_by_clicking(app):
    table = start(app, humans=1)
    rounds_seen, discards, plays = [], 0, 0
    for _ in range(20000):
        top = app.top
        assert not isinstance(top, HandoffScene), "no hand-off with one person at the table"
        if isinstance(top, ChasingResultsScene):
            break
        if isinstance(top, RoundEndScene):
            rounds_seen.append(top.round)
            # every player's taken cards are there, grouped by suit, with the box scores
            for seat, info in enumerate(top.breakdown):
                row = top.view["scoresheet"][seat]["rounds"][top.round - 1]
                assert [info["suits"][s]["score"] for s in M.SUIT_ORDER] == list(row)
            click(app, "#continue_round")
            continue
        if my_turn(app, table):
            log_len = len(table.session.match.log)
            phase = table.live_view()["phase"]
            click_a_legal_move(app, table)
            log = table.session.match.log
            assert len(log) > log_len and log[log_len][0] == 0, table.status
            discards += phase == "discard"
            plays += phase == "play"
            continue
        step(app)
    else:
        pytest.fail("the game did not finish")
    assert rounds_seen == [1, 2, 3]
    assert plays == 3 * 12  # the last card in hand is never played
    res = table.session.result()
    view = table.session.view(None)
    assert [s["total"] for s in view["scoresheet"]] == list(res.scores)
    assert app.top.reason_lines(600, 16)  # the results say why
    names = [c.name for c in table.session.seats]
    assert not any(f"Player {i}" in " ".join(app.top.reason_lines(2000, 16)) for i in range(1, 5))
    # statistics: games, wins and mean final score of the person; computer seats apart
    stats, _ = stats_store.load_stats()
    players = stats.games["chasing"]["players"]
    assert set(players) == {names[0]}
    assert players[names[0]]["played"] == 1
    assert players[names[0]]["won"] == (0 in res.winners)
    assert players[names[0]]["score_sum"] == res.scores[0]
    easy = stats.games["chasing"]["computers"]["easy"]
    assert easy["played"] == 3 and easy["score_sum"] == sum(res.scores[1:])
    click(app, "#to_menu")
    click(app, "#statistics")
    assert isinstance(app.top, StatsScene)
    assert app.top.current == "chasing"  # opens on the game just played
    blocks = app.top.panel.blocks
    assert blocks[0].text == "Chasing Shadows · 1 game"
    people, computers = [b for b in blocks if b.kind == "table"]
    assert people.rows == ((names[0], 1, int(0 in res.winners), "100%" if 0 in res.winners else "0%",
                            f"{res.scores[0]:.1f}"),)
    assert people.headers[-1] == "Mean final score"
    assert computers.rows[0][:2] == ("Easy", 3)


def test_a_click_on_an_unplayable_card_says_why_in_one_line(app):
    table = start(app, humans=1, seed="77")
    for _ in range(5000):
        if isinstance(app.top, RoundEndScene):
            click(app, "#continue_round")
        elif my_turn(app, table):
            view = table.live_view()
            legal = {(a.args[0], a.args[1]) for a in table.session.legal_actions(table.acting())
                     if a.kind == "play"}
            barred = [(r, c) for r, c in table.hand_hits if (c[1], c[2]) not in legal]
            if view["phase"] == "play" and barred:
                break
            click_a_legal_move(app, table)
        else:
            step(app)
    else:
        pytest.fail("never had to follow suit")
    log_len = len(table.session.match.log)
    rect, card = barred[-1]
    click_at(app, (rect.x + 4, rect.bottom - 6))  # its visible left edge
    assert len(table.session.match.log) == log_len
    assert table.status_refused
    assert table.status.startswith("You must follow: play a ")
    assert table.status.endswith(("— you hold some.", "— you hold one."))
    assert card[1] not in table.status.split("—")[0]


def test_number_keys_select_a_playable_card_and_enter_plays_it(app):
    table = start(app, humans=1, seed="5")
    assert until(app, lambda: my_turn(app, table), frames=2000)
    legal = table.session.legal_actions(table.acting())
    log_len = len(table.session.match.log)
    n = min(2, len(legal))
    key(app, getattr(pygame, f"K_{n}"))
    assert table.key_selected == n - 1
    key(app, pygame.K_RETURN)
    assert table.session.match.log[log_len] == (0, legal[n - 1])


def test_the_scoresheets_open_with_s_and_close_again(app):
    table = start(app, humans=1)
    assert until(app, lambda: my_turn(app, table), frames=2000)
    key(app, pygame.K_s)
    assert isinstance(app.top, SheetsScene)
    key(app, pygame.K_s)
    assert app.top is table
    click(app, "#sheets")
    assert isinstance(app.top, SheetsScene)
    click(app, "#close_sheets")
    assert app.top is table


def test_two_humans_get_the_hand_off_and_no_ranks_of_the_next_player_are_drawn(app):
    table = start(app, humans=2, players=4)
    handoffs = 0
    for _ in range(6000):
        top = app.top
        if isinstance(top, HandoffScene):
            seat = top.seat
            assert table.viewer != seat
            shown, _, _ = table.shown()
            assert M.has_no_ranks_of(shown, seat)
            if table.drawn is not None:
                assert M.has_no_ranks_of(table.drawn, seat)
            step(app, 2)  # the table stays hidden and unchanged while the hand-off shows
            assert app.top is top
            key(app, pygame.K_RETURN)
            assert table.viewer == seat
            step(app)
            assert all(c[0] == "card" for c in table.drawn["hands"][seat])
            other = 1 - seat
            assert M.has_no_ranks_of(table.drawn, other)
            handoffs += 1
            if handoffs == 4:
                break
            continue
        if isinstance(top, RoundEndScene):
            click(app, "#continue_round")
            continue
        if my_turn(app, table):
            click_a_legal_move(app, table)
            continue
        step(app)
    assert handoffs == 4


def test_memory_aid_panel_follows_the_setting(app):
    table = start(app, humans=1)
    assert until(app, lambda: my_turn(app, table), frames=2000)
    assert table.geo.memory is not None
    app.settings.memory_aids = False
    table.rebuild()
    assert table.geo.memory is None and table.geo.log.y < table.geo.scores.bottom + 3 * app.metrics.gap
