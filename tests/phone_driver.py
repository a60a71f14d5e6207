"""Scripted phones for the network tests: aiohttp WebSocket clients that play a seat.

``play_over_phones`` starts a session whose human seats are all on phones, its phone
server on 127.0.0.1 with a free port, and one client per seat that picks a random legal
choice whenever the state it was sent says it is its decision. The test's own thread is
the "main thread" here: it drives the session and pumps the hub, as the table does.
Nothing connects anywhere but loopback.
"""

from __future__ import annotations

import asyncio
import json
import random
import re
import time
from dataclasses import dataclass, field

import aiohttp

from game.match import Match
from game.net.hub import PhoneHub
from game.rules.protocol import CHANCE, NOBODY, Action, leaves
from game.session import SeatConfig, Session

NAMES = ("Ann", "Ben", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal")


@dataclass
class Phone:
    seat: int
    token: str
    rng: random.Random
    received: list[dict] = field(default_factory=list)
    sent: list[Action] = field(default_factory=list)
    errors: list[dict] = field(default_factory=list)
    last: dict | None = None


def phone_session(game_id: str, n: int, seed: int, options=None, phones=None) -> Session:
    phones = range(n) if phones is None else phones
    seats = [SeatConfig(NAMES[i], "human", "normal", "phone" if i in phones else "screen")
             for i in range(n)]
    return Session.new(game_id, seats, seed, options or {}, autosave=False, pace=0.0)


async def drive(session: Session, hub: PhoneHub, until, timeout: float = 120.0) -> None:
    """Be the main loop: update the session and pump the hub until ``until()``."""
    end = time.monotonic() + timeout
    while not until():
        if time.monotonic() > end:
            raise AssertionError("the phones' game did not finish in time")
        session.update()
        hub.pump()
        await asyncio.sleep(0.001)
    session.update()
    hub.pump()


async def phone_client(url: str, phone: Phone, stop: asyncio.Event) -> None:
    async with aiohttp.ClientSession() as http:
        async with http.ws_connect(url) as ws:
            await ws.send_str(json.dumps({"type": "hello", "token": phone.token}))
            acted_at = -1
            while not stop.is_set():
                try:
                    msg = await asyncio.wait_for(ws.receive(), 0.2)
                except asyncio.TimeoutError:
                    continue
                if msg.type != aiohttp.WSMsgType.TEXT:
                    break
                data = json.loads(msg.data)
                phone.received.append(data)
                if data["type"] == "error":
                    phone.errors.append(data)
                    continue
                if data["type"] != "state":
                    continue
                phone.last = data
                if data["mine"] and data["actions"] and data["seq"] != acted_at:
                    choice = phone.rng.choice(data["actions"])
                    acted_at = data["seq"]
                    phone.sent.append(Action.from_json(choice["action"]))
                    await ws.send_str(json.dumps({"type": "act", "seq": data["seq"],
                                                  "action": choice["action"]}))


# The scripted phones choose at machine speed, far above any person's taps.
FAST = (10_000.0, 10_000)


async def play_over_phones(game_id: str, n: int, seed: int, options=None):
    session = phone_session(game_id, n, seed, options)
    hub = PhoneHub(session, rate=FAST)
    hub.started = True      # no join screen here: play begins at once
    hub.start()
    phones = [Phone(s, hub.tokens[s], random.Random(seed * 100 + s)) for s in hub.seats]
    stop = asyncio.Event()
    url = f"http://127.0.0.1:{hub.port}/ws"
    clients = [asyncio.ensure_future(phone_client(url, p, stop)) for p in phones]
    try:
        await drive(session, hub, lambda: session.is_over() and all(
            p.last is not None and p.last["over"] for p in phones))
    finally:
        stop.set()
        await asyncio.gather(*clients, return_exceptions=True)
        hub.stop()
    return session, hub, phones


def replay_without_server(game_id: str, n: int, seed: int, options, phones: list[Phone]) -> Match:
    """The same game from the seed and the choices the phones sent, with no server."""
    m = Match.start(game_id, n, seed, options or {})
    queues = {p.seat: list(p.sent) for p in phones}
    while m.decider() != NOBODY:
        d = m.decider()
        if d == CHANCE:
            m.apply(CHANCE, m.state.sample_chance(m.chance_rng()))
        else:
            assert queues[d], f"seat {d} must decide but its phone sent nothing more"
            m.apply(d, queues[d].pop(0))
    assert all(not q for q in queues.values()), "a phone sent a choice that was never used"
    return m


def _tuples(obj):
    if isinstance(obj, list):
        return tuple(_tuples(v) for v in obj)
    if isinstance(obj, dict):
        return {k: _tuples(v) for k, v in obj.items()}
    return obj


def leaks(game_id: str, n: int, seed: int, options, phones: list[Phone]) -> list[str]:
    """Every other seat's secret found in a phone's messages, checked at the step each
    message was made for (as leaves, as the view-leak tests do, and as words in text)."""
    m = Match.start(game_id, n, seed, options or {})
    by_seq: dict[int, list[tuple[int, dict]]] = {}
    for p in phones:
        for msg in p.received:
            if msg["type"] == "state":
                by_seq.setdefault(msg["seq"], []).append((p.seat, msg))
    found = []
    final = Match.start(game_id, n, seed, options or {})
    log = list(_applied_log(phones, final))
    for step in range(len(log) + 1):
        for seat, msg in by_seq.get(step, ()):
            found += _check(m.state, seat, msg)
        if step < len(log):
            m.apply(*log[step])
    return found


def _applied_log(phones: list[Phone], m: Match):
    queues = {p.seat: list(p.sent) for p in phones}
    while m.decider() != NOBODY:
        d = m.decider()
        if d == CHANCE:
            a = m.state.sample_chance(m.chance_rng())
        else:
            a = queues[d].pop(0)
        m.apply(d, a)
        yield d, a


def _check(state, seat: int, msg: dict) -> list[str]:
    lv = leaves(_tuples(msg))
    # The log tail tells past public events; a card named there may be back in a hand
    # after the next deal. Its lines are checked against the seat's own log instead
    # (log_is_the_seats_own).
    texts = [x for x in leaves(_tuples({k: v for k, v in msg.items() if k != "log"}))
             if isinstance(x, str)]
    out = []
    for owner, token in state.secret_tokens():
        if owner == seat:
            continue
        if token in lv:
            out.append(f"seat {seat} was sent {token!r} (secret of {owner}) at step {msg['seq']}")
        words = _words(token)
        if words and any(re.search(words, t) for t in texts):
            out.append(f"seat {seat} was told {token!r} (secret of {owner}) at step {msg['seq']}")
    return out


def _words(token) -> str | None:
    """How a secret reads in text: a card as "red 5", a character by its name."""
    if isinstance(token, str):
        return rf"\b{re.escape(token)}\b"
    if isinstance(token, tuple) and len(token) == 3 and token[0] == "card":
        return rf"\b{re.escape(str(token[1]))} {token[2]}\b"
    return None


def log_is_the_seats_own(session: Session, phones: list[Phone]) -> list[str]:
    """Log lines a phone was sent that are not in that seat's own log at the table."""
    from game.ui.wording import with_names

    bad = []
    for p in phones:
        own = {with_names(line, session.seats) for line in session.log_lines(p.seat)}
        for msg in p.received:
            for line in msg.get("log", ()):
                if line not in own:
                    bad.append(f"seat {p.seat} was told {line!r}")
    return bad


class Table:
    """A running table for the bad-input tests: a session whose human seats are phones,
    its server on loopback, and a task that pumps it like the main loop does."""

    def __init__(self, game_id: str = "hunters", n: int = 4, seed: int = 5, rate=None) -> None:
        self.session = phone_session(game_id, n, seed)
        self.hub = PhoneHub(self.session, rate=rate)
        self.hub.started = True     # no join screen here: play begins at once
        self._task: asyncio.Task | None = None

    async def __aenter__(self) -> "Table":
        self.hub.start()
        self._task = asyncio.ensure_future(self._run())
        await self.settle()
        return self

    async def __aexit__(self, *exc) -> None:
        self._task.cancel()
        self.hub.stop()

    async def _run(self) -> None:
        while True:
            self.session.update()
            self.hub.pump()
            await asyncio.sleep(0.002)

    async def settle(self, seconds: float = 0.15) -> None:
        await asyncio.sleep(seconds)

    @property
    def ws_url(self) -> str:
        return f"http://127.0.0.1:{self.hub.port}/ws"

    def snapshot(self) -> str:
        return json.dumps(self.session.match.to_json(), sort_keys=True)

    async def connect(self, http: aiohttp.ClientSession, seat: int):
        """A phone for ``seat``, said hello, with its first state read."""
        ws = await http.ws_connect(self.ws_url)
        await ws.send_str(json.dumps({"type": "hello", "token": self.hub.tokens[seat]}))
        state = await next_of(ws, "state")
        return ws, state


async def next_of(ws, kind: str, timeout: float = 3.0) -> dict:
    """The next message of type ``kind`` (others are skipped)."""
    end = time.monotonic() + timeout
    while True:
        msg = await asyncio.wait_for(ws.receive(), max(0.01, end - time.monotonic()))
        if msg.type != aiohttp.WSMsgType.TEXT:
            raise AssertionError(f"socket ended ({msg.type}, {msg.data!r}) waiting for {kind}")
        data = json.loads(msg.data)
        if data["type"] == kind:
            return data


class ThreadedPhone:
    """A scripted phone on its own thread (its own event loop), for tests that run the
    real app on the main thread. With ``auto`` it picks a random choice whenever it is
    its decision; ``sent_at`` records when each choice left (for latency figures)."""

    def __init__(self, port: int, token: str, seed: int = 0, auto: bool = False,
                 host: str = "127.0.0.1", think: float = 0.11) -> None:
        import threading

        self.think = think
        self.url = f"http://{host}:{port}/ws"
        self.token = token
        self.rng = random.Random(seed)
        self.auto = auto
        self.received: list[dict] = []
        self.sent_at: dict[int, float] = {}     # seq -> monotonic time the choice was sent
        self.closed = False
        self.drops: list = []    # close codes of sockets dropped mid-game (then connected again)
        self.loop = asyncio.new_event_loop()
        self._ws = None
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()
        if not self._ready.wait(5):
            raise AssertionError("the scripted phone did not connect")

    def _run(self) -> None:
        asyncio.set_event_loop(self.loop)
        try:
            self.loop.run_until_complete(self._main())
        finally:
            # a loop left open was closed by the collector in some later test, whose run
            # then showed "Exception ignored in BaseEventLoop.__del__" (an invalid fd)
            self.loop.run_until_complete(self.loop.shutdown_asyncgens())
            self.loop.close()

    async def _main(self) -> None:
        # as the real page does (assets/phone/phone.js): a socket dropped for any reason but
        # the table's own goodbye (the game over, a seat revoked, moved or with a new key)
        # connects again and says hello; ``drops`` keeps the close codes of those drops
        for attempt in range(6):
            try:
                code = await self._connection()
            except (aiohttp.ClientError, ConnectionError):
                code = None
            last = self.last() or {}
            if code in (1001, 4001, 4002, 4004) or last.get("over") or not self.auto:
                break
            self.drops.append(code)
            await asyncio.sleep(0.3 * (attempt + 1))
        self.closed = True
        self._ready.set()

    async def _connection(self):
        """One socket, from hello to its close; its close code."""
        async with aiohttp.ClientSession() as http:
            async with http.ws_connect(self.url) as ws:
                self._ws = ws
                await ws.send_str(json.dumps({"type": "hello", "token": self.token}))
                self._ready.set()
                acted = -1
                async for msg in ws:
                    if msg.type != aiohttp.WSMsgType.TEXT:
                        break
                    data = json.loads(msg.data)
                    self.received.append(data)
                    if data.get("code") == "too_fast" and self.auto:
                        await asyncio.sleep(1.0)    # as a person would: wait, tap again
                        acted = -1
                        data = self.last() or {}
                    if (self.auto and data.get("type") == "state" and data["mine"]
                            and data["actions"] and data["seq"] != acted):
                        acted = data["seq"]
                        # a person taps a few times a second at most (the server's limit
                        # is set for that)
                        await asyncio.sleep(self.think)
                        await self._act(data, self.rng.choice(data["actions"]))
                return ws.close_code

    async def _act(self, state: dict, choice: dict) -> None:
        self.sent_at[state["seq"]] = time.monotonic()
        await self._ws.send_str(json.dumps({"type": "act", "seq": state["seq"],
                                            "action": choice["action"]}))

    def states(self) -> list[dict]:
        return [m for m in list(self.received) if m["type"] == "state"]

    def last(self) -> dict | None:
        s = self.states()
        return s[-1] if s else None

    def act(self, choice: dict) -> None:
        state = self.last()
        asyncio.run_coroutine_threadsafe(self._act(state, choice), self.loop).result(5)

    def close(self) -> None:
        if self._ws is not None and not self.closed:
            try:
                asyncio.run_coroutine_threadsafe(self._ws.close(), self.loop).result(5)
            except Exception:  # noqa: BLE001 - already closed by the server
                pass
        self._thread.join(5)
