"""Chasing Shadows: every trick is seen, the last one of each round held before its
scoring, round III's scoring before the results, "See the table" after them, a counter
that follows what is drawn, a top bar that never shifts, and the sounds of the table."""

import pytest
from ui_helpers import (
    click,
    continue_game,
    drawn_texts,
    frame_clock,
    make_app,
    played_without_screen,
    step,
)

from game.session import SeatConfig
from game.ui.chasing import model as M
from game.ui.chasing.overlays import ChasingResultsScene, RoundEndScene
from game.ui.opening import start_game

SEATS = [SeatConfig("Ann", "human")] + [SeatConfig(n, "computer", "easy") for n in ("Bo", "Cy", "Di")]


def make(speed: str):
    a = make_app()
    a.settings.animation_speed = speed
    step(a, 2)
    return a


@pytest.fixture
def app(shadows_home):
    a = make("off")
    yield a
    a.quit()


@pytest.fixture
def fast_app(shadows_home, monkeypatch):
    """With animations: the computers' pace and the holds count the frames stepped, as the
    animations do (ui_helpers.frame_clock), not the wall clock."""
    from game.session import Session

    real = Session.__init__

    def init(self, *args, **kw):
        kw.setdefault("clock", frame_clock)
        real(self, *args, **kw)

    monkeypatch.setattr(Session, "__init__", init)
    a = make("fast")
    yield a
    a.quit()


LEFT = 6    # moves of each round played at the table: its last trick and a little more


def round_ends(seed, options):
    """The game played without the screen (Ann's card: the first legal one, as the test
    plays it), and for each round where its table comes up: LEFT moves before its end."""
    from game.match import Match

    log = played_without_screen("chasing", SEATS, seed, options)
    m = Match.start("chasing", len(SEATS), seed, options)
    starts = []
    for i, (seat, action) in enumerate(log):
        before = m.state.view(0)["rounds_done"]
        m.apply(seat, action)
        if m.state.view(0)["rounds_done"] > before:
            starts.append(i + 1 - LEFT)
    return log, starts


@pytest.mark.slow  # three round ends through the UI: CI runs it, -m "not slow" skips it
def test_every_round_ends_on_its_last_trick_then_its_scoring_then_the_results(fast_app):
    """Each round's end at the same game continued near it (the tricks between play no
    round end; the whole game through the screen took 4,515 frames and 14 s of CPU)."""
    from game.ui import navigation

    app = fast_app
    options = {"start": "0"}
    log, starts = round_ends(31, options)
    assert len(starts) == 3
    rounds, held = [], []
    for n, start in enumerate(starts, 1):
        navigation.back_to(app, "menu")
        table = continue_game(app, "chasing", SEATS, 31, options, log[:start])
        for _ in range(4000):
            top = app.top
            if isinstance(top, ChasingResultsScene):
                break
            if isinstance(top, RoundEndScene):
                rounds.append(top.round)
                click(app, "#continue_round")
                if n < len(starts):
                    break           # the next round comes up near its own end
                continue
            if table.round_end_hold is not None:
                last = table.finished_trick()
                assert last is not None and len(last["plays"]) == 4  # the whole last trick
                info = table._round_info(table.live_view(), table.shown()[0])
                held.append((table.live_view()["rounds_done"], info))
            if top is table and table.acting() is not None:
                table.play(table.session.legal_actions(0)[0])
            step(app)
        else:
            pytest.fail(f"round {n} did not end")
    assert rounds == [1, 2, 3]  # round III's scoring too, before the results
    assert {r for r, _ in held} == {1, 2, 3}
    assert all(info == f"Round {r} of 3 · all 12 tricks played" for r, info in held)
    assert {"card", "trick"} <= set(app.sound.played)
    assert app.sound.played[-1] == ("win" if 0 in table.session.result().winners else "loss")
    click(app, "#see_table")
    assert app.top is table
    click(app, "#show_results")
    assert isinstance(app.top, ChasingResultsScene)


def test_with_animations_off_a_finished_trick_stays_until_the_next_card(app):
    table = start_game(app, "chasing", SEATS, 8, {"start": "0"})
    seen_after_win = 0
    for _ in range(3000):
        if isinstance(app.top, RoundEndScene) or seen_after_win >= 3:
            break
        view = table.live_view()
        if view["phase"] == "play" and not view["trick"] and view["history"]:
            last = table.finished_trick()
            assert last == view["history"][-1]  # still on the table, winner lit
            seen_after_win += 1
            table.play(table.session.legal_actions(0)[0]) if table.acting() is not None else step(app)
            if table.live_view()["trick"]:
                assert table.finished_trick() is None  # gone once the next card is down
            continue
        if table.acting() is not None:
            table.play(table.session.legal_actions(0)[0])
        step(app)
    assert seen_after_win >= 3


def test_a_finished_trick_names_its_winner_under_the_card(app, monkeypatch):
    from game.ui.chasing.paint import trick_label

    assert trick_label(2, 0, 2)[0] == "won" and trick_label(0, 0, 0)[0] == "lead · won"
    assert trick_label(0, 0, 2)[0] == "lead" and trick_label(1, 0, 2)[0] == ""
    assert trick_label(1, 0, None)[0] == ""           # a trick still being played: no winner
    table = start_game(app, "chasing", SEATS, 8, {"start": "0"})
    drawn = drawn_texts(monkeypatch)
    for _ in range(3000):
        view = table.live_view()
        if view["phase"] == "play" and not view["trick"] and view["history"]:
            drawn.clear()
            step(app)
            last = table.finished_trick()
            if last is not None:
                led = last["plays"][0]["seat"]
                assert ("lead · won" if led == last["winner"] else "won") in drawn
                assert drawn.count("won") + drawn.count("lead · won") == 1
                return
        if table.acting() is not None:
            table.play(table.session.legal_actions(0)[0])
        step(app)
    pytest.fail("no finished trick was seen on the table")


def test_the_counter_follows_the_trick_drawn(app):
    table = start_game(app, "chasing", SEATS, 3, {"start": "0"})
    step(app, 2)
    view = table.live_view()
    shown = M.from_view(view)
    assert table._round_info(view, shown) == "Round 1 of 3 · trick 1 of 12"
    shown["tricks_done"] = 7  # the beat still shows trick 8 resolving…
    assert table._round_info(view, shown).endswith("trick 8 of 12")
    after = M.win(dict(shown, trick=[]), 0, ("card", "red", 5), ("card", "red", 3))
    assert table._round_info(view, after).endswith("trick 9 of 12")  # …then the next one


def test_undo_keeps_its_place_in_the_top_bar(app):
    from ui_helpers import find

    table = start_game(app, "chasing", SEATS, 3, {"start": "0"})
    for _ in range(500):
        if table.acting() is not None:
            break
        step(app)
    undo = find(app, "#undo")
    where = undo.rect.copy()
    assert not undo.is_enabled  # nothing to take back yet: greyed, not removed
    table.play(table.session.legal_actions(0)[0])
    step(app, 3)
    undo = find(app, "#undo")
    assert undo.rect == where and find(app, "#sheets").rect.right < where.x


def test_round_end_shows_your_own_set_aside_ranks_and_every_running_total(app, monkeypatch):
    from game.ui import draw

    table = start_game(app, "chasing", SEATS, 5, {"start": "0"})
    for _ in range(4000):
        if isinstance(app.top, RoundEndScene):
            break
        if table.acting() is not None:
            table.play(table.session.legal_actions(0)[0])
        step(app)
    scene = app.top
    assert isinstance(scene, RoundEndScene)
    texts = []
    real_text = draw.blit_text
    monkeypatch.setattr(draw, "blit_text", lambda surf, t, *a, **k: texts.append(t) or real_text(surf, t, *a, **k))
    scene.draw(app.screen)
    rows = scene.rows()
    for seat, row in enumerate(rows):
        drawn = [(r, up) for rect, _, r, up in scene.drawn_cards if row.contains(rect)]
        suits = scene.breakdown[seat]["suits"]
        ignored = sorted(r for d in suits.values() for r in d["ignored"])
        counted = sum(len(d["ranks"]) for d in suits.values()) - len(ignored)
        assert len(drawn) == counted + len(ignored)
        hidden = sorted(r for r, up in drawn if not up)
        # your own set-aside cards keep their ranks; the others' stay face down
        assert hidden == ([] if seat == 0 else ignored)
    assert any(d["ignored"] for b in scene.breakdown[1:] for d in b["suits"].values())
    totals = [seat["total"] for seat in scene.view["scoresheet"]]
    for total in totals:
        assert f"total {total}" in texts
