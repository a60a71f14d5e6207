"""The app with phone seats: Setup's "Phone" option, the join screen, play with the
choices coming from phones, the big screen showing only public information, and the
server stopping with the game. The server binds to loopback only (Settings' choice)."""

from __future__ import annotations

import asyncio
import time

import pytest
from phone_driver import ThreadedPhone
from ui_helpers import click, find, make_app, step

from game.ui.hunters.table import HuntersTable
from game.ui.scenes.handoff import HandoffScene
from game.ui.scenes.join import JoinScene, qr_surface
from game.ui.scenes.setup import SetupScene, seat_configs


@pytest.fixture
def app(shadows_home, monkeypatch):
    from game.storage import saves

    monkeypatch.setattr(saves, "save_autosave", lambda data: None)
    a = make_app()
    a.settings.phone_address = "127.0.0.1"
    a.settings.animation_speed = "off"
    yield a
    a.quit()


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
    try:
        assert until(app, lambda: app.top is not join), "the game did not start once all joined"
        seen_waiting = False
        for _ in range(20000):
            if table.session.is_over():
                break
            assert not isinstance(app.top, HandoffScene), "no hand-off for phone seats"
            assert table.viewer is None, "the big screen shows only public information"
            assert table.acting_seat() is None
            d = table.session.decider()
            if d in (0, 1) and app.top is table:
                text = table.turn_text()
                seen_waiting |= f"{table.seat_name(d)}'s phone" in text
            step(app)
            time.sleep(0.0005)
        assert table.session.is_over(), "the game did not finish"
        assert seen_waiting, "the top bar names the phone it waits for"
        assert until(app, lambda: not hub.server.running, frames=200)
        for p in phones:
            assert p.last()["over"] and p.last()["result"]
            assert all(m["type"] != "error" for m in p.received), p.received[-3:]
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
