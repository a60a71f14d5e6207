"""A phone is closed for silence only when it has stopped answering, never because the table's
server thread was held (a GC pause, the app's frame loop holding the GIL) while it waited for
the phone's answer (issue #39).

In two quiet CI runs the whole-game phone test lost a phone's socket mid-game. The server used
aiohttp's heartbeat (a PING after 15 s of quiet, a PONG due within 7.5 s), which drops the
socket whenever its PONG deadline passes before the server's loop has read the PONG: even one
that had waited in the socket all along. Here the server's thread is held deterministically,
from the moment its ping has left until its own clock has passed the wait, while the phone
answers at once (it is another device) or only once the server runs again (a phone in the
same process, as the tests' scripted phones are, is held with it). Everything is on 127.0.0.1.
"""

from __future__ import annotations

import asyncio
import json
import threading
import time

import aiohttp
import pytest
from aiohttp._websocket.writer import WebSocketWriter
from phone_driver import Table

from game.net import server

PING, TEXT = aiohttp.WSMsgType.PING, aiohttp.WSMsgType.TEXT


@pytest.fixture
def quick(monkeypatch):
    """The server's waits in tenths of a second (the old code read only HEARTBEAT)."""
    monkeypatch.setattr(server, "HEARTBEAT", 0.4)
    monkeypatch.setattr(server, "PONG_WAIT", 1.0, raising=False)
    monkeypatch.setattr(server, "LATE", 0.3, raising=False)


class Hold:
    """Holds the server's thread just after its first ping has left: the loop runs nothing
    (reads nothing, fires no timer) until the test says ``go`` and then until the server's
    own clock is ``seconds`` past the ping. A deterministic starvation: no race with the
    machine's load decides whether the wait was overrun."""

    def __init__(self, monkeypatch, seconds: float) -> None:
        self.seconds = seconds
        self.held, self.go, self.released = (threading.Event() for _ in range(3))
        real = WebSocketWriter.send_frame

        async def send_frame(writer, message, opcode, compress=None):
            await real(writer, message, opcode, compress)
            # the server's frames are the unmasked ones (a client masks its own)
            if opcode == PING and not writer.use_mask and not self.held.is_set():
                loop = asyncio.get_running_loop()
                loop.call_soon(self._hold, loop, loop.time())

        monkeypatch.setattr(WebSocketWriter, "send_frame", send_frame)

    def _hold(self, loop, sent: float) -> None:
        self.held.set()
        self.go.wait(30)
        while loop.time() <= sent + self.seconds:
            time.sleep(0.01)
        self.released.set()

    @staticmethod
    async def until(event: threading.Event) -> None:
        assert await asyncio.get_running_loop().run_in_executor(None, event.wait, 30)


async def phone(table: Table, http: aiohttp.ClientSession, seat: int = 0):
    """A phone that answers pings only when the test says so; said hello, state read."""
    ws = await http.ws_connect(table.ws_url, autoping=False)
    await ws.send_str(json.dumps({"type": "hello", "token": table.hub.tokens[seat]}))
    while True:
        msg = await ws.receive(timeout=30)
        if msg.type == PING:
            await ws.pong(msg.data)
        elif msg.type == TEXT and json.loads(msg.data)["type"] == "state":
            return ws


async def next_ping(ws):
    while True:
        msg = await ws.receive(timeout=30)
        if msg.type == PING:
            return msg
        assert msg.type == TEXT, f"the socket ended ({msg.type}, code {ws.close_code})"


async def still_plays(ws, t: int) -> None:
    """The socket is open and the server answers it (pings answered meanwhile)."""
    await ws.send_str(json.dumps({"type": "ping", "t": t}))
    while True:
        msg = await ws.receive(timeout=30)
        if msg.type == PING:
            await ws.pong(msg.data)
            continue
        assert msg.type == TEXT, f"the phone was dropped ({msg.type}, code {ws.close_code})"
        data = json.loads(msg.data)
        if data["type"] == "pong" and data["t"] == t:
            return


def test_a_phone_that_answered_at_once_is_kept_when_the_server_was_held_past_its_wait(
        quick, monkeypatch):
    hold = Hold(monkeypatch, seconds=1.2)      # past the wait (1.0; aiohttp's was 0.2)

    async def go():
        async with Table() as table, aiohttp.ClientSession() as http:
            ws = await phone(table, http)
            ping = await next_ping(ws)
            await hold.until(hold.held)
            await ws.pong(ping.data)        # the answer waits in the held server's socket
            hold.go.set()
            await hold.until(hold.released)
            await still_plays(ws, 1)
            srv = table.hub.server
            assert srv.stats["silent"] == 0 and table.hub.online() == {0}
    asyncio.run(go())


def test_a_phone_held_with_the_server_is_kept_when_it_answers_once_the_server_runs(
        quick, monkeypatch):
    # a phone in the table's own process (the tests' scripted phones) is held with it: it
    # answers only after the server's wait has long passed, which says nothing of the phone
    hold = Hold(monkeypatch, seconds=1.9)      # the wait (1.0), then LATE (0.3) and more

    async def go():
        async with Table() as table, aiohttp.ClientSession() as http:
            ws = await phone(table, http)
            ping = await next_ping(ws)
            await hold.until(hold.held)
            hold.go.set()
            # the server pings again (its wait ended late, so it did not count) and only then
            # does the phone answer: nothing it sent can reach the server before its check
            again = await next_ping(ws)
            await ws.pong(ping.data)
            await ws.pong(again.data)
            await still_plays(ws, 2)
            srv = table.hub.server
            assert srv.stats["silent"] == 0 and srv.stats["held"] >= 1
            assert table.hub.online() == {0}
    asyncio.run(go())


def test_a_phone_that_never_answers_is_closed_with_its_own_code(quick):
    async def go():
        async with Table() as table, aiohttp.ClientSession() as http:
            ws = await phone(table, http)
            assert table.hub.online() == {0}
            pings = 0
            while True:                     # reads everything, answers no ping
                msg = await ws.receive(timeout=30)
                if msg.type != PING:
                    break
                pings += 1
            assert msg.type == aiohttp.WSMsgType.CLOSE and msg.data == server.CLOSE_NO_ANSWER
            assert pings >= server.PINGS_MISSED
            srv = table.hub.server
            assert srv.stats["silent"] == 1
            assert table.hub.online() == set(), "the seat shows as away"
            # the page connects again (phone.js, for any code but the table's goodbyes)
            ws2 = await phone(table, http)
            await still_plays(ws2, 3)
            assert table.hub.online() == {0}
    asyncio.run(go())


def test_a_phones_own_ping_is_answered():
    # the server reads PINGs itself now (no autoping, so that every frame is heard); this
    # guards that branch (aiohttp's autoping answered them before)
    async def go():
        async with Table() as table, aiohttp.ClientSession() as http:
            ws = await phone(table, http)
            await ws.ping(b"are you there")
            while True:
                msg = await ws.receive(timeout=30)
                if msg.type == aiohttp.WSMsgType.PONG:
                    break
                if msg.type == PING:
                    await ws.pong(msg.data)
                assert msg.type in (TEXT, PING), f"the socket ended ({msg.type})"
            assert msg.data == b"are you there"
            await still_plays(ws, 4)
    asyncio.run(go())
