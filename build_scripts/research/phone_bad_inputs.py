"""The bad-input table for the phone server: each bad message is tried against a running
Shadow Hunters table on 127.0.0.1, and the table says what came back, whether the game
state changed, and whether the seat to decide could still play afterwards. Then the
hostile clients of issue #38, each bounded in count and time: silent sockets, a page
from another site, a second device on a seat, a new key.

    python build_scripts/research/phone_bad_inputs.py

(tests/test_phone_safety.py and tests/test_phone_seats.py assert the same cases; this
prints them as a table. What the page shows for each is checked in a real browser by
tests/test_phone_page.py.)
"""

from __future__ import annotations

import asyncio
import base64
import json
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]
os.environ.setdefault("SHADOWS_HOME", tempfile.mkdtemp(prefix="shadows-bad-"))


async def answers(ws, wait=0.4) -> list[str]:
    out = []
    try:
        while True:
            msg = await asyncio.wait_for(ws.receive(), wait)
            if msg.type.name == "TEXT":
                data = json.loads(msg.data)
                out.append(data.get("code", data["type"]) if data["type"] == "error"
                           else data["type"])
            else:
                out.append(f"closed {msg.data}")
                break
    except asyncio.TimeoutError:
        pass
    return out


def summary(codes: list[str]) -> str:
    seen: dict[str, int] = {}
    for c in codes:
        seen[c] = seen.get(c, 0) + 1
    return ", ".join(f"{k} x{v}" if v > 1 else k for k, v in seen.items()) or "nothing"


async def main() -> None:
    import aiohttp
    from phone_driver import Table, next_of

    from game.net import messages

    rows = []
    async with Table() as table, aiohttp.ClientSession() as http:
        async def fresh():
            d = table.session.decider()
            ws, st = await table.connect(http, d)
            if not st["mine"]:
                st = await next_of(ws, "state")
            other = next(s for s in table.hub.seats if s != d)
            ows, ost = await table.connect(http, other)
            return ws, st, ows, ost

        async def case(name, coro):
            before = table.snapshot()
            got = await coro()
            await table.settle(0.3)
            unchanged = table.snapshot() == before
            rows.append((name, got, "yes" if unchanged else "NO"))

        ws, st, ows, ost = await fresh()

        async def wrong_token():
            w = await http.ws_connect(table.ws_url)
            await w.send_str(json.dumps({"type": "hello", "token": "A" * 22}))
            return summary(await answers(w))

        async def other_seat():
            await ows.send_str(json.dumps({"type": "act", "seq": ost["seq"],
                                           "action": st["actions"][0]["action"]}))
            return summary(await answers(ows))

        async def naming_a_seat():
            await ows.send_str(json.dumps({"type": "act", "seq": ost["seq"], "seat": 0,
                                           "action": st["actions"][0]["action"]}))
            return summary(await answers(ows))

        async def illegal():
            await ws.send_str(json.dumps({"type": "act", "seq": st["seq"],
                                          "action": ["attack", [9]]}))
            return summary(await answers(ws))

        async def malformed():
            codes = []
            for text in ("{not json", "[1, 2]", '{"type": "dance"}',
                         '{"type": "act", "seq": -1, "action": ["roll", []]}',
                         "[" * 4000 + "]" * 4000):
                await ws.send_str(text)
                codes += await answers(ws, 0.2)
            await ws.send_bytes(b"\x00\x01")
            codes += await answers(ws, 0.2)
            return f"6 sent: {summary(codes)}"

        async def flood():
            for _ in range(1000):
                await ows.send_str(json.dumps({"type": "act", "seq": ost["seq"],
                                               "action": ["roll", []]}))
            got = await answers(ows, 0.6)
            return (f"{summary(got)}; server dropped "
                    f"{table.hub.server.stats['dropped']} unread")

        async def huge():
            await ows.send_str(json.dumps({"type": "ping", "pad": "x" * (1 << 20)}))
            return summary(await answers(ows))

        async def cut():
            r, w = await asyncio.open_connection("127.0.0.1", table.hub.port)
            key = base64.b64encode(os.urandom(16)).decode()
            w.write((f"GET /ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade"
                     f"\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
            await r.readuntil(b"\r\n\r\n")
            w.write(bytes([0x81, 0x80 | 100]) + b"\0\0\0\0" + b'{"type": "hel')
            await w.drain()
            w.close()
            return "the server drops that connection"

        async def shapes():
            w = await http.ws_connect(table.ws_url)        # before any hello
            codes = []
            for text in ('{"type": [1]}', '{"type": {"a": [1]}}', '{"type": null}', "{}"):
                await w.send_str(text)
                codes += await answers(w, 0.2)
            await w.close()
            return f"4 sent: {summary(codes)}"

        def padded(size, **fields):
            head = json.dumps({"type": "ping", "t": 1, **fields})[:-1]
            return head + " " * (size - len(head) - 1) + "}"

        async def at_limit():
            await ows.send_str(padded(messages.MAX_MESSAGE))
            return summary(await answers(ows))

        async def over_limit():
            await ows.send_str(padded(messages.MAX_MESSAGE + 1))
            got = await answers(ows)
            return summary(got) + ("; socket open" if not ows.closed else "")

        async def past_frame():
            third = next(x for x in table.hub.seats if x not in (st["seat"], ost["seat"]))
            w, _ = await table.connect(http, third)
            await w.send_str(padded(messages.MAX_FRAME + 1))
            return summary(await answers(w))

        await case("wrong token", wrong_token)
        await case("type a list / object / null", shapes)
        await case("valid message of exactly 8192 bytes", at_limit)
        await case("message of 8193 bytes", over_limit)
        await case("frame over 64 KB", past_frame)
        await case("another seat's action", other_seat)
        await case("action naming another seat", naming_a_seat)
        await case("illegal action (not offered)", illegal)
        await case("malformed JSON and wrong shapes", malformed)
        await case("1,000 messages at once", flood)
        await case("1 MB message", huge)
        await case("socket closed mid-message", cut)

        async def replay():
            msg = json.dumps({"type": "act", "seq": st["seq"],
                              "action": st["actions"][0]["action"]})
            await ws.send_str(msg)
            await next_of(ws, "state")
            await table.settle(0.3)
            nonlocal_before[0] = table.snapshot()
            await ws.send_str(msg)
            return summary(await answers(ws))

        nonlocal_before = [None]
        got = await replay()
        await table.settle(0.3)
        rows.append(("replayed choice (same seq)", got,
                     "yes" if table.snapshot() == nonlocal_before[0] else "NO"))

        d = table.session.decider()
        w2, s2 = await table.connect(http, d)
        if not s2["mine"]:
            s2 = await next_of(w2, "state")
        n = len(table.session.match.log)
        await w2.send_str(json.dumps({"type": "act", "seq": s2["seq"],
                                      "action": s2["actions"][0]["action"]}))
        await table.settle(0.3)
        served = len(table.session.match.log) > n
    print(f"{'tried':36} | {'answer':58} | state unchanged")
    print("-" * 36 + "-|-" + "-" * 58 + "-|-" + "-" * 15)
    for name, got, same in rows:
        print(f"{name:36} | {got[:58]:58} | {same}")
    print(f"afterwards, the seat to decide played a legal choice: {'applied' if served else 'NOT applied'}")
    print()
    await hostile()


async def hostile() -> None:
    """Issue #38's clients, each bounded: at most 64 sockets and 10 seconds."""
    import time

    import aiohttp
    from phone_driver import Table, next_of

    from game.net import server

    server.HELLO_DEADLINE = 0.5     # the real one is 5 s: the same rule, sooner
    rows = []
    async with Table() as table, aiohttp.ClientSession() as bad, aiohttp.ClientSession() as http:
        srv = table.hub.server
        w = await bad.ws_connect(table.ws_url)
        t0 = time.monotonic()
        got = await answers(w, 3.0)
        rows.append(("silent socket (deadline 0.5 s here)",
                     f"{summary(got)} after {time.monotonic() - t0:.1f} s"))
        silent = [await bad.ws_connect(table.ws_url) for _ in range(64)]
        t0 = time.monotonic()
        ws, state = await asyncio.wait_for(table.connect(http, 0), 10)
        rows.append(("64 silent sockets, then a phone",
                     f"joined in {time.monotonic() - t0:.2f} s; {srv.stats['evicted']} "
                     f"silent ones closed with a reason"))
        for s in silent:
            await s.close()
        try:
            await http.ws_connect(table.ws_url, origin="http://elsewhere.example")
            rows.append(("upgrade with another site's Origin", "ACCEPTED"))
        except aiohttp.WSServerHandshakeError as exc:
            rows.append(("upgrade with another site's Origin", f"HTTP {exc.status}"))
        second, _ = await table.connect(http, 0)
        told = await next_of(ws, "error")
        closed = await ws.receive()
        rows.append(("a second device on seat 0", f"first told {told['code']!r}, closed "
                     f"{closed.data}; table: {table.hub.take_notices()}"))
        table.hub.new_key(0)
        told = await next_of(second, "error")
        rows.append(("table makes a new key for seat 0", f"device told {told['code']!r}, "
                     f"closed {(await second.receive()).data}"))
    print(f"{'hostile client':36} | what happened")
    print("-" * 36 + "-|-" + "-" * 70)
    for name, got in rows:
        print(f"{name:36} | {got}")


if __name__ == "__main__":
    asyncio.run(main())
