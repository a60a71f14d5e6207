"""Bad input from a phone: answered or dropped cleanly, nothing changes, no traceback,
and the other seats are served as before. Plus reconnecting and the served files."""

from __future__ import annotations

import asyncio
import base64
import json
import logging
import os

import aiohttp
import pytest
from phone_driver import Table, next_of

from game.net import messages


def run(coro):
    return asyncio.run(coro)


async def decider_phone(table: Table, http):
    """(seat, socket, state) of the seat whose decision it is, and one other seat's."""
    d = table.session.decider()
    ws, state = await table.connect(http, d)
    if not state["mine"]:
        state = await next_of(ws, "state")
    other = next(s for s in table.hub.seats if s != d)
    ows, ostate = await table.connect(http, other)
    return d, ws, state, other, ows, ostate


async def others_still_served(table: Table, http) -> None:
    """The seat to decide can still act, and its choice is applied."""
    d = table.session.decider()
    ws, state = await table.connect(http, d)
    before = len(table.session.match.log)
    await ws.send_str(json.dumps({"type": "act", "seq": state["seq"],
                                  "action": state["actions"][0]["action"]}))
    for _ in range(100):
        await asyncio.sleep(0.01)
        if len(table.session.match.log) > before:
            break
    assert len(table.session.match.log) > before, "the other seat's choice was not applied"
    await ws.close()


@pytest.fixture
def no_tracebacks(caplog):
    caplog.set_level(logging.WARNING)
    yield
    bad = [r for r in caplog.records if r.levelno >= logging.ERROR or r.exc_info]
    assert not bad, [r.getMessage() for r in bad]


# --- the bad-input table -------------------------------------------------------------------

def test_wrong_token_is_told_and_closed(no_tracebacks):
    async def go():
        async with Table() as table, aiohttp.ClientSession() as http:
            before = table.snapshot()
            ws = await http.ws_connect(table.ws_url)
            await ws.send_str(json.dumps({"type": "hello", "token": "A" * 22}))
            err = await next_of(ws, "error")
            assert err["code"] == "bad_token" and "Ask the table for your seat's link" in err["message"]
            msg = await ws.receive()
            assert msg.type == aiohttp.WSMsgType.CLOSE and msg.data == 4001
            # an act without a hello is refused too
            ws2 = await http.ws_connect(table.ws_url)
            await ws2.send_str(json.dumps({"type": "act", "seq": 0, "action": ["roll", []]}))
            assert (await next_of(ws2, "error"))["code"] == "no_hello"
            assert table.snapshot() == before
            assert table.hub.joined() == set()
            await others_still_served(table, http)
    run(go())


def test_another_seats_action_is_refused(no_tracebacks):
    async def go():
        async with Table() as table, aiohttp.ClientSession() as http:
            d, ws, state, other, ows, ostate = await decider_phone(table, http)
            before = table.snapshot()
            theirs = state["actions"][0]["action"]
            await ows.send_str(json.dumps({"type": "act", "seq": ostate["seq"], "action": theirs}))
            err = await next_of(ows, "error")
            assert err["code"] == "not_offered"
            # naming the seat is not part of the protocol at all
            await ows.send_str(json.dumps({"type": "act", "seq": ostate["seq"], "action": theirs,
                                           "seat": d}))
            assert (await next_of(ows, "error"))["code"] == "bad_message"
            # an action nobody has now
            await ws.send_str(json.dumps({"type": "act", "seq": state["seq"],
                                          "action": ["attack", [9]]}))
            assert (await next_of(ws, "error"))["code"] == "not_offered"
            await asyncio.sleep(0.1)
            assert table.snapshot() == before
            await others_still_served(table, http)
    run(go())


def test_a_replayed_choice_is_stale(no_tracebacks):
    async def go():
        async with Table() as table, aiohttp.ClientSession() as http:
            d, ws, state, *_ = await decider_phone(table, http)
            act = json.dumps({"type": "act", "seq": state["seq"],
                              "action": state["actions"][0]["action"]})
            await ws.send_str(act)
            new = await next_of(ws, "state")
            assert new["seq"] > state["seq"]
            await table.settle()
            after_first = table.snapshot()
            await ws.send_str(act)          # the very same message again
            err = await next_of(ws, "error")
            assert err["code"] == "stale"
            await table.settle()
            assert table.snapshot() == after_first
    run(go())


def test_a_one_megabyte_message_closes_only_that_socket(no_tracebacks):
    async def go():
        async with Table() as table, aiohttp.ClientSession() as http:
            d, ws, state, other, ows, ostate = await decider_phone(table, http)
            before = table.snapshot()
            huge = json.dumps({"type": "ping", "t": 1, "pad": "x" * (1 << 20)})
            await ows.send_str(huge)
            msg = await ows.receive()
            while msg.type == aiohttp.WSMsgType.TEXT:
                msg = await ows.receive()
            assert msg.type == aiohttp.WSMsgType.CLOSE and msg.data == 1009   # "too big"
            assert table.snapshot() == before
            # the seat may come back, and the rest play on
            back, bstate = await table.connect(http, other)
            assert bstate["seq"] == ostate["seq"]
            await others_still_served(table, http)
            # and the HTTP side refuses big bodies too
            async with http.post(f"http://127.0.0.1:{table.hub.port}/", data=b"x" * (1 << 20)) as r:
                assert r.status in (405, 413)
    run(go())


def test_a_thousand_messages_a_second_are_dropped(no_tracebacks):
    async def go():
        async with Table() as table, aiohttp.ClientSession() as http:
            d, ws, state, other, ows, ostate = await decider_phone(table, http)
            before = table.snapshot()
            flood = json.dumps({"type": "act", "seq": ostate["seq"], "action": ["roll", []]})
            for _ in range(1000):
                await ows.send_str(flood)
            await table.settle(0.5)
            stats = dict(table.hub.server.stats)
            assert stats["dropped"] >= 1000 - messages.RATE_BURST - 20
            errors = []
            try:
                while True:
                    m = await asyncio.wait_for(ows.receive(), 0.2)
                    if m.type == aiohttp.WSMsgType.TEXT and json.loads(m.data)["type"] == "error":
                        errors.append(json.loads(m.data)["code"])
            except asyncio.TimeoutError:
                pass
            assert "too_fast" in errors and len(errors) < 60   # answered a little, not 1,000 times
            assert table.snapshot() == before
            await others_still_served(table, http)
    run(go())


def test_malformed_json_and_wrong_shapes_get_clear_errors(no_tracebacks):
    bad = ["{not json", "[1, 2]", '"hello"', '{"type": "dance"}', '{"type": "hello"}',
           '{"type": "act", "seq": -1, "action": ["roll", []]}',
           '{"type": "act", "seq": 0, "action": "roll"}',
           '{"type": "act", "seq": true, "action": ["roll", []]}',
           '{"type": "act", "seq": 0, "action": ["roll", [[[[[[1]]]]]]]}',
           '{"type": "ping", "t": "soon"}', "[" * 4000 + "]" * 4000]

    async def go():
        async with Table() as table, aiohttp.ClientSession() as http:
            d, ws, state, *_ = await decider_phone(table, http)
            before = table.snapshot()
            for text in bad:
                await ws.send_str(text)
                err = await next_of(ws, "error")
                assert err["code"] == "bad_message" and err["message"], text
            await ws.send_bytes(b"\x00\x01")
            assert (await next_of(ws, "error"))["code"] == "bad_message"
            assert table.snapshot() == before
            assert not ws.closed
            await others_still_served(table, http)
    run(go())


def test_a_socket_closed_mid_message(no_tracebacks):
    async def go():
        async with Table() as table, aiohttp.ClientSession() as http:
            before = table.snapshot()
            for cut in (3, 40):
                reader, writer = await asyncio.open_connection("127.0.0.1", table.hub.port)
                key = base64.b64encode(os.urandom(16)).decode()
                writer.write((f"GET /ws HTTP/1.1\r\nHost: 127.0.0.1:{table.hub.port}\r\n"
                              "Upgrade: websocket\r\nConnection: Upgrade\r\n"
                              f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n")
                             .encode())
                await writer.drain()
                head = await reader.readuntil(b"\r\n\r\n")
                assert b" 101 " in head.split(b"\r\n")[0]
                # a masked text frame that announces 100 bytes, cut off after ``cut``
                payload = b'{"type": "hello", "token": "' + b"x" * 80
                frame = bytes([0x81, 0x80 | 100]) + b"\x00\x00\x00\x00" + payload
                writer.write(frame[:cut])
                await writer.drain()
                writer.close()
                await writer.wait_closed()
            await table.settle(0.3)
            assert table.snapshot() == before
            assert table.hub.server.running
            await others_still_served(table, http)
    run(go())


# --- serving files -------------------------------------------------------------------------

def test_only_the_bundled_page_is_served():
    async def go():
        async with Table() as table, aiohttp.ClientSession() as http:
            base = f"http://127.0.0.1:{table.hub.port}"
            for path in ("/", "/phone.js", "/phone.css"):
                async with http.get(base + path) as r:
                    assert r.status == 200
                    assert r.headers["X-Content-Type-Options"] == "nosniff"
                    assert "default-src 'none'" in r.headers["Content-Security-Policy"]
            for path in ("/index.html", "/../pyproject.toml", "/%2e%2e/game/session.py",
                         "/assets/theme.json", "/phone/phone.js", "/state", "/favicon.ico"):
                async with http.get(base + path) as r:
                    assert r.status == 404, path
            async with http.get(base + "/") as r:
                page = await r.text()
            assert "http" not in page.replace("http-equiv", ""), "no outside resources"
    run(go())


def test_the_page_loads_nothing_from_outside():
    from game.resources import asset_path

    for name in ("index.html", "phone.js", "phone.css"):
        text = asset_path(f"phone/{name}").read_text(encoding="utf-8")
        assert "https://" not in text and "//cdn" not in text and "@import" not in text


# --- reconnecting ------------------------------------------------------------------------------

def test_a_dropped_phone_comes_back_to_the_same_view(no_tracebacks):
    async def go():
        async with Table() as table, aiohttp.ClientSession() as http:
            d, ws, state, other, ows, ostate = await decider_phone(table, http)
            assert table.hub.online() >= {d, other}
            await ows.close()                      # the phone sleeps
            await ws.send_str(json.dumps({"type": "act", "seq": state["seq"],
                                          "action": state["actions"][0]["action"]}))
            await next_of(ws, "state")
            await table.settle()
            assert other not in table.hub.online()
            back, bstate = await table.connect(http, other)     # same link, new socket
            now = table.session
            assert bstate["seq"] == len(now.match.log)
            assert bstate["seat"] == other and bstate.get("character") == ostate.get("character")
            assert other in table.hub.online() and other in table.hub.joined()
            # a second tab on the same link takes the seat: the first is told and closed
            tab2, t2 = await table.connect(http, other)
            assert t2["seq"] == bstate["seq"]
            assert (await next_of(back, "error"))["code"] == "moved"
            assert (await back.receive()).data == 4004
    run(go())


def test_the_server_stops_and_frees_its_port():
    async def go():
        async with Table() as table:
            port = table.hub.port
        assert not table.hub.server.running
        try:
            await asyncio.open_connection("127.0.0.1", port)
        except OSError:
            return
        raise AssertionError("the port is still open after the game")
    run(go())


def test_tokens_are_fresh_and_long():
    t1, t2 = Table(), Table()
    tokens = list(t1.hub.tokens.values()) + list(t2.hub.tokens.values())
    assert len(set(tokens)) == len(tokens)
    for t in tokens:
        assert len(base64.urlsafe_b64decode(t + "==")) * 8 >= 128


def test_the_packaging_ships_the_phone_page_and_the_server():
    import re
    from pathlib import Path

    tomllib = pytest.importorskip("tomllib")
    root = Path(__file__).resolve().parent.parent
    data = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))
    deps = " ".join(data["project"]["dependencies"])
    assert "aiohttp" in deps and "segno" in deps
    globs = data["tool"]["setuptools"]["data-files"]["share/shadows-tabletop/assets/phone"]
    shipped = {p.name for g in globs for p in root.glob(g)}
    assert {"index.html", "phone.css", "phone.js"} <= shipped
    spec = (root / "build_scripts" / "shadows.spec").read_text(encoding="utf-8")
    tree = re.search(r"Tree\(str\(ASSETS\).*?excludes=\[(.*?)\]", spec, re.S).group(1)
    assert "phone" not in tree, "the frozen app bundles assets/phone/"
    excludes = re.search(r"EXCLUDES = \[(.*?)\n\]", spec, re.S).group(1)
    for module in ("aiohttp", "segno", "asyncio", "multidict", "yarl", "json"):
        assert f'"{module}"' not in excludes


def test_the_rules_have_the_last_word_even_past_the_servers_check(no_tracebacks):
    """A choice that reached the queue (as if the server's own check were wrong) is still
    refused by the rules, with their reason, and changes nothing."""
    from game.net.server import Submitted

    async def go():
        async with Table() as table, aiohttp.ClientSession() as http:
            d, ws, state, *_ = await decider_phone(table, http)
            before = table.snapshot()
            conn = min(table.hub.server._conns)       # the decider's socket (opened first)
            table.hub.inbox.put(Submitted(d, state["seq"], ["attack", [9]], conn, 0.0))
            err = await next_of(ws, "error")
            assert err["code"] == "refused" and err["message"][:1].isupper()
            table.hub.inbox.put(Submitted(d, state["seq"] - 1, state["actions"][0]["action"],
                                          conn, 0.0))
            assert (await next_of(ws, "error"))["code"] == "stale"
            await table.settle()
            assert table.snapshot() == before
    run(go())
