"""Who may hold a phone socket (issue #38): messages of any shape and size get words back,
a silent socket is closed after its hello deadline, silent sockets can never keep a real
phone out, a browser page from another site may not connect, one live device per seat,
and the table's Phones tools (new key, to the screen and back) lose nothing of the game.
Everything is on 127.0.0.1, bounded in count and time."""

from __future__ import annotations

import asyncio
import json
import logging
import time

import aiohttp
import pytest
from phone_driver import Table, _check, next_of

from game.net import messages, server


def run(coro):
    return asyncio.run(coro)


@pytest.fixture
def no_tracebacks(caplog):
    caplog.set_level(logging.WARNING)
    yield
    bad = [r for r in caplog.records if r.levelno >= logging.ERROR or r.exc_info]
    assert not bad, [r.getMessage() for r in bad]


def test_a_type_of_any_shape_is_refused_in_words(no_tracebacks):
    for text in ('{"type": [1]}', '{"type": {"a": 1}}', '{"type": null}', '{"type": 3}',
                 '{"type": true}', '{}'):
        with pytest.raises(messages.BadMessage) as bad:
            messages.parse(text)
        assert "type" in str(bad.value)

    async def go():
        async with Table() as table, aiohttp.ClientSession() as http:
            ws = await http.ws_connect(table.ws_url)       # before any hello, too
            for text in ('{"type": [1]}', '{"type": {"x": [1]}}', '{"token": "x"}'):
                await ws.send_str(text)
                err = await next_of(ws, "error")
                assert err["code"] == "bad_message" and "type" in err["message"]
            assert not ws.closed
            ws2, state = await table.connect(http, 0)
            assert state["seat"] == 0
    run(go())


def padded(kind: str, size: int, **fields) -> str:
    """A valid ``kind`` message of exactly ``size`` bytes (JSON allows the spaces)."""
    head = json.dumps({"type": kind, **fields})[:-1]
    return head + " " * (size - len(head) - 1) + "}"


def test_the_size_limits_of_the_server_and_of_parse_agree_at_8192_bytes(no_tracebacks):
    at, over = padded("ping", messages.MAX_MESSAGE, t=1), padded("ping", messages.MAX_MESSAGE + 1, t=1)
    assert len(at.encode()) == 8192 and len(over.encode()) == 8193
    assert messages.parse(at)["type"] == "ping"
    with pytest.raises(messages.BadMessage):
        messages.parse(over)

    async def go():
        async with Table() as table, aiohttp.ClientSession() as http:
            ws, state = await table.connect(http, 0)
            await ws.send_str(at)
            assert (await next_of(ws, "pong"))["t"] == 1
            await ws.send_str(over)
            err = await next_of(ws, "error")
            assert err["code"] == "bad_message" and "too long" in err["message"]
            # a hello of exactly 8192 bytes opens the seat too
            w2 = await http.ws_connect(table.ws_url)
            await w2.send_str(padded("hello", 8192, token=table.hub.tokens[1]))
            assert (await next_of(w2, "state"))["seat"] == 1
            # the socket stays open up to MAX_FRAME; past it, it closes as too big
            await ws.send_str(padded("ping", messages.MAX_FRAME, t=2))
            assert (await next_of(ws, "error"))["code"] == "bad_message"
            await ws.send_str(padded("ping", messages.MAX_FRAME + 1, t=3))
            msg = await ws.receive()
            while msg.type == aiohttp.WSMsgType.TEXT:
                msg = await ws.receive()
            assert msg.data == 1009
    run(go())


def test_a_socket_that_never_says_hello_is_closed_with_a_reason(monkeypatch, no_tracebacks):
    monkeypatch.setattr(server, "HELLO_DEADLINE", 0.3)

    async def go():
        async with Table() as table, aiohttp.ClientSession() as http:
            ws = await http.ws_connect(table.ws_url)
            await ws.send_str(json.dumps({"type": "ping", "t": 1}))   # talks, never says hello
            err = await next_of(ws, "error", timeout=30)
            while err["code"] != "no_hello" or "in time" not in err["message"]:
                err = await next_of(ws, "error", timeout=30)
            msg = await ws.receive(timeout=30)
            assert msg.type == aiohttp.WSMsgType.CLOSE and msg.data == server.CLOSE_NO_HELLO
            # a phone that said hello is never closed by the deadline
            ok, _ = await table.connect(http, 0)
            await asyncio.sleep(0.6)
            await ok.send_str(json.dumps({"type": "ping", "t": 5}))
            assert (await next_of(ok, "pong"))["t"] == 5
            assert table.hub.server.stats["late"] == 1
    run(go())


def test_64_silent_sockets_then_a_real_phone_joins_within_10_seconds(no_tracebacks):
    """The hostile client of the issue: it opens 64 sockets on loopback, answers pings and
    never says hello. Bounded: 64 sockets, 10 seconds, and it closes them itself."""
    async def go():
        async with Table() as table, aiohttp.ClientSession() as hostile, \
                aiohttp.ClientSession() as phone:
            silent = []
            for _ in range(64):
                silent.append(await hostile.ws_connect(table.ws_url, autoping=True))
            start = time.monotonic()
            ws, state = await asyncio.wait_for(table.connect(phone, 0), 10)
            assert time.monotonic() - start < 10 and state["seat"] == 0
            assert 0 in table.hub.online()
            # the silent ones were told why they were closed, oldest first
            first = silent[0]
            err = await next_of(first, "error")
            assert err["code"] == "too_many" and "Reload" in err["message"]
            assert table.hub.server.stats["evicted"] >= 64 - server.MAX_WAITING_PER_ADDRESS
            for s in silent:
                await s.close()
            # and the phone plays on
            await ws.send_str(json.dumps({"type": "ping", "t": 9}))
            assert (await next_of(ws, "pong"))["t"] == 9
    run(go())


def test_waiting_sockets_are_capped_per_address_and_in_all(monkeypatch, no_tracebacks):
    monkeypatch.setattr(server, "MAX_WAITING_PER_ADDRESS", 3)
    monkeypatch.setattr(server, "MAX_WAITING", 5)

    async def go():
        # two client addresses, both loopback (127.0.0.2 reaches the 127.0.0.1 server)
        other = aiohttp.TCPConnector(local_addr=("127.0.0.2", 0))
        async with Table() as table, aiohttp.ClientSession() as http, \
                aiohttp.ClientSession(connector=other) as http2:
            srv = table.hub.server
            held = [await http.ws_connect(table.ws_url) for _ in range(6)]
            await table.settle(0.2)
            assert [c.address for c in srv._waiting.values()] == ["127.0.0.1"] * 3
            held += [await http2.ws_connect(table.ws_url) for _ in range(3)]
            await table.settle(0.2)
            where = [c.address for c in srv._waiting.values()]
            assert len(where) == 5 and where.count("127.0.0.2") == 3
            # the bound sockets do not count: every seat joins past the waiting ones
            phones = [await table.connect(http, seat) for seat in table.hub.seats]
            assert table.hub.online() == set(table.hub.seats)
            for s in held:
                await s.close()
            for ws, _ in phones:
                await ws.close()
    run(go())


def test_a_page_from_another_site_may_not_open_a_socket(no_tracebacks):
    async def go():
        async with Table() as table, aiohttp.ClientSession() as http:
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                await http.ws_connect(table.ws_url, origin="http://evil.example")
            assert refused.value.status == 403
            own = f"http://127.0.0.1:{table.hub.port}"
            ws = await http.ws_connect(table.ws_url, origin=own)
            await ws.send_str(json.dumps({"type": "hello", "token": table.hub.tokens[0]}))
            assert (await next_of(ws, "state"))["seat"] == 0
            assert table.hub.server.stats["origin"] == 1
    run(go())


def test_a_second_device_takes_the_seat_and_neither_sees_the_others_secrets(no_tracebacks):
    async def go():
        async with Table("hunters", 4, 5) as table, aiohttp.ClientSession() as a, \
                aiohttp.ClientSession() as b, aiohttp.ClientSession() as rest:
            seat = 0
            first, s1 = await table.connect(a, seat)
            got_first = [s1]
            second, s2 = await table.connect(b, seat)
            got_second = [s2]
            err = await next_of(first, "error")
            assert err["code"] == "moved" and "another device" in err["message"]
            close = await first.receive()
            while close.type == aiohttp.WSMsgType.TEXT:
                got_first.append(json.loads(close.data))
                close = await first.receive()
            assert close.data == server.CLOSE_MOVED
            assert table.hub.take_notices() == ["Ann's seat moved to another phone."]
            assert table.hub.take_notices() == []
            assert table.hub.online() == {seat}
            # play on: the second device follows the game; the first is sent nothing more
            socks, states = {seat: second}, {seat: got_second}
            for other in table.hub.seats:
                if other != seat:
                    socks[other], st = await table.connect(rest, other)
                    states[other] = [st]

            async def drain(s, wait=0.05):
                try:
                    while True:
                        m = await asyncio.wait_for(socks[s].receive(), wait)
                        if m.type == aiohttp.WSMsgType.TEXT and json.loads(m.data)["type"] == "state":
                            states[s].append(json.loads(m.data))
                except asyncio.TimeoutError:
                    pass

            steps = len(table.session.match.log)
            for _ in range(40):
                d = table.session.decider()
                for s in socks:
                    await drain(s)
                last = states.get(d, [])[-1:] if d in socks else []
                if last and last[0]["mine"] and last[0]["seq"] == len(table.session.match.log):
                    await socks[d].send_str(json.dumps({"type": "act", "seq": last[0]["seq"],
                                                        "action": last[0]["actions"][0]["action"]}))
                await table.settle(0.02)
                if len(table.session.match.log) > steps + 6:
                    break
            assert len(table.session.match.log) > steps + 2, "the game did not go on"
            assert len(got_second) > 1
            assert all(m.get("seat", seat) == seat for m in got_first + got_second)
            from game.match import Match
            replay = Match.start("hunters", 4, 5, {})
            log = table.session.match.log
            for step in range(len(log) + 1):
                for m in got_first + got_second:
                    if m["type"] == "state" and m["seq"] == step:
                        assert not _check(replay.state, seat, m), "another seat's secret was sent"
                if step < len(log):
                    replay.apply(*log[step])
            assert all(m["seq"] <= s1["seq"] for m in got_first if m["type"] == "state")
    run(go())


def test_a_new_key_shuts_the_old_link_at_once_and_the_game_is_kept(no_tracebacks):
    async def go():
        async with Table() as table, aiohttp.ClientSession() as http:
            old = table.hub.tokens[1]
            ws, state = await table.connect(http, 1)
            before = table.snapshot()
            table.hub.new_key(1)
            err = await next_of(ws, "error")
            assert err["code"] == "new_key" and "new key" in err["message"]
            assert (await ws.receive()).data == server.CLOSE_BAD_TOKEN
            w2 = await http.ws_connect(table.ws_url)
            await w2.send_str(json.dumps({"type": "hello", "token": old}))
            assert (await next_of(w2, "error"))["code"] == "bad_token"
            assert table.hub.tokens[1] != old
            w3, s3 = await table.connect(http, 1)
            assert s3["seq"] == state["seq"] and s3.get("character") == state.get("character")
            assert table.snapshot() == before
    run(go())


def test_a_seat_moves_to_the_screen_and_back_to_a_phone(no_tracebacks):
    async def go():
        async with Table() as table, aiohttp.ClientSession() as http:
            session = table.session
            ws, state = await table.connect(http, 2)
            before = table.snapshot()
            table.hub.play_here(2)
            assert (await next_of(ws, "error"))["code"] == "seat_gone"
            assert table.hub.where(2) == "screen" and session.at_this_screen(2)
            table.hub.play_on_phone(2)
            assert session.seats[2].on_phone and table.hub.where(2) == "away"
            back, bstate = await table.connect(http, 2)
            assert bstate["seq"] == state["seq"] and bstate["character"] == state["character"]
            assert table.hub.where(2) == "phone"
            assert table.snapshot() == before
    run(go())
