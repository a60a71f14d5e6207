"""The app with phone seats: Setup's "Phone" option, the join screen, play with the
choices coming from phones, the big screen showing only public information, and the
server stopping with the game. The server binds to loopback only (Settings' choice)."""

from __future__ import annotations

import asyncio
import time

import pytest
from phone_driver import ThreadedPhone
from ui_helpers import click, find, loopback_phone_app, step

from game.net.server import CLOSE_NO_ANSWER
from game.ui.hunters.table import HuntersTable
from game.ui.scenes.handoff import HandoffScene
from game.ui.scenes.join import JoinScene, qr_surface
from game.ui.scenes.setup import SetupScene, seat_configs


@pytest.fixture
def app(shadows_home, monkeypatch):
    yield from loopback_phone_app(monkeypatch)


def until(app, cond, frames=600, pause=0.002):
    for _ in range(frames):
        if cond():
            return True
        step(app)
        time.sleep(pause)
    return cond()


def set_up_hunters(app, phones=(0, 1), computers=(2, 3)):
    click(app, "#tile_hunters")
    assert isinstance(app.top, SetupScene)
    click(app, "#players_4")
    for seat in range(4):
        click(app, f"#kind_{seat}_{'computer' if seat in computers else 'human'}")
    for seat in phones:
        click(app, f"#device_{seat}_phone")
    assert [s.device for s in seat_configs(app.top.setup)] == [
        "phone" if s in phones else "screen" for s in range(4)]
    click(app, "#start")


@pytest.mark.slow  # a whole game through the UI: CI runs it, -m "not slow" skips it
def test_phones_join_and_play_a_whole_game_while_the_screen_shows_only_the_table(app):
    set_up_hunters(app)
    join = app.top
    assert isinstance(join, JoinScene)
    table = app.find(HuntersTable)
    hub = table.phones
    assert hub.host == "127.0.0.1" and hub.seats == [0, 1]
    for seat in hub.seats:
        url = hub.url(seat)
        assert url.startswith(f"http://127.0.0.1:{hub.port}/#") and hub.tokens[seat] in url
        assert qr_surface(url, 200).get_width() <= 200
    find(app, "#join_start")
    phones = [ThreadedPhone(hub.port, hub.tokens[s], seed=s, auto=True) for s in hub.seats]
    # the computers' pace runs on the session's clock: moved 1/60 s a frame, as the frames'
    # own animations are, so the game takes as many frames on any machine (on the wall
    # clock a quick, quiet machine ran out of frames before the game ended)
    now = [1000.0]
    table.session.clock = lambda: now[0]
    try:
        assert until(app, lambda: app.top is not join), "the game did not start once all joined"
        seen_waiting = False
        # Only the frames the table needs are counted. While a phone's seat decides, its
        # thread answers in its own (wall) time, and frames stepped meanwhile draw the same
        # table: on a busy machine a game took more than 20000 of them. So the loop waits for
        # the phone's choice to arrive (a frame then hands it to the game), and the wall
        # clock only guards against a phone that never answers.
        frames, waited = 0, 0.0
        while not table.session.is_over():
            assert frames < 20000, "the game did not finish in 20000 frames of its own"
            assert waited < 300, "the phones did not answer in 5 minutes"
            now[0] += 1 / 60
            assert not isinstance(app.top, HandoffScene), "no hand-off for phone seats"
            assert table.viewer is None, "the big screen shows only public information"
            assert table.acting_seat() is None
            d = table.session.decider()
            if d in (0, 1) and app.top is table:
                text = table.turn_text()
                seen_waiting |= f"{table.seat_name(d)}'s phone" in text
                began = time.monotonic()
                for _wait in range(200):     # (a phone not sent the state yet: a frame sends it)
                    if not hub.inbox.empty():
                        break
                    time.sleep(0.001)
                waited += time.monotonic() - began
            else:
                frames += 1
            step(app)
            time.sleep(0.0005)
        assert seen_waiting, "the top bar names the phone it waits for"
        assert until(app, lambda: not hub.server.running, frames=200)
        for p in phones:
            assert p.last()["over"] and p.last()["result"]
            assert all(m["type"] != "error" for m in p.received), p.received[-3:]
            # a phone is closed mid-game only for not answering, with that code (test_phone_alive);
            # never dropped without a word, as aiohttp's heartbeat did when this process's
            # threads were held past its PONG deadline (two CI runs of 2026-12-07)
            assert all(code == CLOSE_NO_ANSWER for code in p.drops), p.drops
    finally:
        for p in phones:
            p.close()


def test_start_now_seats_a_missing_phone_at_the_screen(app):
    set_up_hunters(app, phones=(0, 1), computers=(2, 3))
    table = app.find(HuntersTable)
    hub = table.phones
    phone = ThreadedPhone(hub.port, hub.tokens[0], auto=False)
    bobs_link = hub.tokens[1]
    try:
        assert until(app, lambda: hub.joined() == {0})
        click(app, "#join_start")
        assert not isinstance(app.top, JoinScene)
        s = table.session
        assert s.seats[1].device == "screen" and s.seats[0].device == "phone"
        assert hub.seats == [0]
        # Bob now plays here: hand-offs for him, never for Ann's phone
        late = ThreadedPhone(hub.port, bobs_link)
        assert until(app, lambda: late.closed, frames=100)
        assert any(m.get("code") == "bad_token" for m in late.received)
        assert table.viewer != 0
    finally:
        phone.close()


def test_the_server_closes_when_leaving_the_table(app):
    set_up_hunters(app)
    hub = app.find(HuntersTable).phones
    port = hub.port
    click(app, "#join_cancel")
    assert not hub.server.running

    async def probe():
        try:
            await asyncio.open_connection("127.0.0.1", port)
        except OSError:
            return True
        return False

    assert asyncio.run(probe()), "the port stays open"


def test_the_server_closes_when_the_app_quits(app):
    set_up_hunters(app)
    hub = app.find(HuntersTable).phones
    assert hub.server.running
    app.quit()
    assert not hub.server.running


def test_a_phones_choice_ends_an_idle_frame_at_once(app):
    import threading

    from game.app import IDLE_FPS

    app._ticked = time.monotonic()
    # set by the server's thread when a choice is queued (here before the wait starts, so
    # the test does not depend on how fast another thread gets scheduled)
    threading.Thread(target=app.wake.set).start()
    time.sleep(0.01)
    t0 = time.monotonic()
    app._pace(idle=True)
    assert time.monotonic() - t0 < 1 / IDLE_FPS, "the idle frame waited its full length"
    assert not app.wake.is_set() and not app.idle(), "woken: full frame rate for a while"
    # without a wake-up an idle frame still lasts a twelfth of a second
    app._ticked = time.monotonic()
    t0 = time.monotonic()
    app._pace(idle=True)
    assert time.monotonic() - t0 >= 1 / IDLE_FPS - 0.005


def test_continuing_a_phone_game_shows_the_join_screen_with_new_links(app, monkeypatch):
    from game.storage import saves
    from game.ui.opening import open_saved_game

    set_up_hunters(app)
    table = app.find(HuntersTable)
    old_tokens = dict(table.phones.tokens)
    data = table.session.to_json()
    assert [s["device"] for s in data["seats"]] == ["phone", "phone", "screen", "screen"]
    click(app, "#join_cancel")
    path = saves.new_save_path("hunters")
    saves.save_game(path, data)
    open_saved_game(app, path)
    assert isinstance(app.top, JoinScene)
    hub = app.find(HuntersTable).phones
    assert hub.seats == [0, 1] and set(hub.tokens.values()).isdisjoint(old_tokens.values())


def test_a_joined_seats_code_and_key_leave_the_join_screen(app, monkeypatch):
    from ui_helpers import drawn_texts

    from game.ui.scenes import join as join_module

    set_up_hunters(app)
    join = app.top
    hub = app.find(HuntersTable).phones
    coded = []
    real = join_module.qr_surface
    monkeypatch.setattr(join_module, "qr_surface", lambda text, size: (
        coded.append(text), real(text, size))[1])
    phone = ThreadedPhone(hub.port, hub.tokens[0])
    try:
        assert until(app, lambda: join._joined == {0})
        drawn = drawn_texts(monkeypatch)
        coded.clear()
        join.draw(app.screen)
        assert "#" + hub.tokens[1] in drawn and hub.url(1) in coded     # not joined: shown
        assert not any(hub.tokens[0] in t for t in drawn + coded), "a joined seat's key"
        assert "Joined" in drawn
        # a second device on the same seat: the newest has it, and the screen says so
        phone2 = ThreadedPhone(hub.port, hub.tokens[0])
        assert until(app, lambda: phone.closed and join.note)
        assert join.note == f"{app.find(HuntersTable).seat_name(0)}'s seat moved to another phone."
        phone2.close()
    finally:
        phone.close()


def open_phones_screen(app, table):
    from game.ui.scenes.phones import PhonesScene

    table.pause()
    step(app)
    click(app, "#pause_phones")
    assert isinstance(app.top, PhonesScene)
    return app.top


def test_the_phones_screen_replaces_a_lost_phone_and_nothing_of_the_game_is_lost(
        app, monkeypatch):
    from ui_helpers import drawn_texts

    set_up_hunters(app)
    table = app.find(HuntersTable)
    hub, s = table.phones, table.session
    ann, bob = table.seat_name(0), table.seat_name(1)
    phones = [ThreadedPhone(hub.port, hub.tokens[seat]) for seat in (0, 1)]
    try:
        assert until(app, lambda: app.top is table), "the game did not start"
        # a second device opens Ann's seat: the first is told, the table says so
        spare = ThreadedPhone(hub.port, hub.tokens[0])
        phones.append(spare)
        assert until(app, lambda: phones[0].closed)
        assert any(m.get("code") == "moved" for m in phones[0].received)
        assert until(app, lambda: table.status == f"{ann}'s seat moved to another phone.")
        log = list(s.match.log)
        screen = open_phones_screen(app, table)
        drawn = drawn_texts(monkeypatch)
        step(app)
        assert "On the phone (connected)" in drawn and ann in drawn and bob in drawn
        assert not any(hub.tokens[0] in t for t in drawn), "no key until asked for"
        # show the link again, with the warning
        click(app, "#phones_show_0")
        drawn.clear()
        step(app)
        assert "#" + hub.tokens[0] in drawn
        assert any("takes " + ann + "'s seat" in t for t in drawn)
        click(app, "#phones_hide")
        # a new key: the device on the old one stops at once; the new link is shown
        old = hub.tokens[0]
        click(app, "#phones_key_0")
        assert until(app, lambda: spare.closed)
        assert any(m.get("code") == "new_key" for m in spare.received)
        assert hub.tokens[0] != old and screen.showing == 0
        drawn.clear()
        step(app)
        assert "#" + hub.tokens[0] in drawn and not any(old in t for t in drawn)
        click(app, "#phones_hide")
        fresh = ThreadedPhone(hub.port, hub.tokens[0])
        phones.append(fresh)
        assert until(app, lambda: fresh.last() is not None and hub.where(0) == "phone")
        assert fresh.last()["seq"] == len(log)
        # Bob's seat to this screen, then back to a phone
        click(app, "#phones_here_1")
        assert until(app, lambda: phones[1].closed)
        assert s.seats[1].device == "screen" and hub.where(1) == "screen"
        drawn.clear()
        step(app)
        assert "Plays at this screen" in drawn
        click(app, "#phones_phone_1")
        assert s.seats[1].on_phone and screen.showing == 1
        back = ThreadedPhone(hub.port, hub.tokens[1])
        phones.append(back)
        assert until(app, lambda: back.last() is not None)
        assert back.last()["seq"] == len(log) and back.last()["seat"] == 1
        click(app, "#phones_hide")
        click(app, "#phones_back")
        assert app.top is table
        # the game stood still meanwhile (its dice may roll once it is back), nothing lost
        assert s.match.log[:len(log)] == log and all(
            seat < 0 for seat, _ in s.match.log[len(log):])
    finally:
        for p in phones:
            p.close()


def test_a_seat_moved_to_the_screen_on_its_turn_is_handed_the_screen(app):
    from game.session import SeatConfig
    from game.ui.opening import start_game

    seats = [SeatConfig("Ann", "human", device="phone"), SeatConfig("Ben", "human", device="phone"),
             SeatConfig("Cid", "computer", "easy")]
    table = start_game(app, "chasing", seats, 11, {}, replace=False)
    hub, s = table.phones, table.session
    phones = [ThreadedPhone(hub.port, hub.tokens[seat]) for seat in (0, 1)]
    try:
        assert until(app, lambda: app.top is table)
        assert until(app, lambda: s.decider() in (0, 1), frames=3000)
        seat = s.decider()
        open_phones_screen(app, table)
        click(app, f"#phones_here_{seat}")
        click(app, "#phones_back")
        assert until(app, lambda: isinstance(app.top, HandoffScene))
        assert app.top.seat == seat
        assert table.viewer is None, "nothing of the seat shows before the hand-off"
    finally:
        for p in phones:
            p.close()
