"""The phone server: aiohttp on a background thread with its own event loop.

It never touches the game. Phone choices go into ``inbox`` (a thread-safe queue the main
thread drains); what each seat should see comes in through ``publish`` (handed to the
loop with ``call_soon_threadsafe``). It serves three bundled files and one WebSocket:

* ``/``, ``/phone.css``, ``/phone.js``: read from assets/phone/ once, at start, and
  ``/sounds/<cue>.wav``, the six cues of assets/sounds/. Requests never name a file on
  disk, so nothing outside those can be reached.
* ``/ws``: a phone says hello with its seat's token, then gets that seat's state and
  may send choices. A wrong token is told so and the socket closed.

Who may hold a socket: a seat has one live device, the newest to say hello with its key
(the one before is told, in words, and closed). A socket that has not said hello is
"waiting": it must do so within ``HELLO_DEADLINE`` seconds, and only a few may wait per
client address (``MAX_WAITING_PER_ADDRESS``) and in all (``MAX_WAITING``); past either
cap the oldest waiting one is closed to make room, so silent sockets can never keep a
real phone out. The upgrade's Origin, when a browser sends one, must be the page's own.

Every message is size-limited, rate-limited and schema-checked (game.net.messages);
a bad one gets a clear error back and changes nothing.

A phone that stops answering (a sleeping phone's dead socket) is found by the server's own
watch (``_watch``), not aiohttp's heartbeat: that one closed a live phone whenever this
thread was held past its PONG deadline (a GC pause, the app's frame loop holding the GIL),
even with the PONG already waiting in the socket (it handles the deadline before what came
in). Here a phone is closed only after two pings in a row went unanswered, each wait timed
while this thread was there to listen: a wait that ended late does not count.
"""

from __future__ import annotations

import asyncio
import hmac
import itertools
import json
import logging
import queue
import re
import threading
import time
from dataclasses import dataclass

from aiohttp import WSMsgType, web

from game import i18n
from game.i18n import N_
from game.net import messages, phone_words
from game.resources import asset_path

log = logging.getLogger("shadows.net")

STATIC = {"/": ("index.html", "text/html"), "/phone.css": ("phone.css", "text/css"),
          "/phone.js": ("phone.js", "text/javascript")}
# The table's sound cues (game.ui.sound.CUES, assets/sounds/), for the phone's own cues
SOUNDS = ("turn", "card", "dice", "damage", "win", "loss")
HEARTBEAT = 15.0                 # seconds a phone may be quiet before it is pinged
PONG_WAIT = 7.5                  # seconds it then has to send anything (a PONG, a message)
PINGS_MISSED = 2                 # pings in a row unanswered: the socket is dead, closed
LATE = 1.0                       # a wait that ended this much past its time was held up
HELLO_DEADLINE = 5.0             # seconds a new socket has to say which seat it is for
MAX_WAITING = 64                 # sockets not yet bound to a seat, from everywhere
MAX_WAITING_PER_ADDRESS = 8      # ... and from one address (a phone needs one; tests join 8 at once)
CLOSE_BAD_TOKEN = 4001
CLOSE_SEAT_GONE = 4002
CLOSE_NO_HELLO = 4003
CLOSE_MOVED = 4004
CLOSE_NO_ANSWER = 4005
CLOSE_GAME_OVER = 1001
MOVED = N_("Your seat was opened on another device, which plays it from now on. This page "
           "has stopped and shows nothing more.")
HOST = re.compile(r"[A-Za-z0-9.:\[\]-]{1,100}")   # a Host header fit to repeat in a header


@dataclass(frozen=True)
class Submitted:
    """A phone's choice, on its way to the main thread."""

    seat: int
    seq: int
    action: list
    conn: int
    received: float


@dataclass
class Conn:
    id: int
    ws: web.WebSocketResponse
    outbox: asyncio.Queue
    limit: messages.RateLimit
    address: str = ""
    seat: int | None = None
    lang: str = "en"           # the phone page's language (its hello says it)
    warned: float = 0.0
    sender: asyncio.Future | None = None
    deadline: asyncio.TimerHandle | None = None
    heard: int = 0             # frames received from the phone (any kind), for _watch
    heard_at: float = 0.0      # ... the last one's time on the server's loop
    transport: asyncio.BaseTransport | None = None


def load_page() -> dict[str, bytes]:
    return {route: asset_path(f"phone/{name}").read_bytes() for route, (name, _) in STATIC.items()}


def load_sounds() -> dict[str, bytes]:
    return {f"/sounds/{cue}.wav": asset_path(f"sounds/{cue}.wav").read_bytes() for cue in SOUNDS}


class PhoneServer:
    def __init__(self, tokens: dict[int, str], inbox: queue.Queue, host: str = "127.0.0.1",
                 port: int = 0, rate: tuple[float, int] | None = None,
                 wake: threading.Event | None = None) -> None:
        self.tokens = dict(tokens)      # read and changed on the server's loop only
        self.wake = wake        # set when a choice is queued: the main loop stops idling
        # (messages a second, burst) per connection; tests that play at machine speed
        # raise it, people never reach the default
        self.rate = rate or (messages.RATE_PER_SECOND, messages.RATE_BURST)
        self.inbox = inbox
        self.host = host
        self.port = port
        self.pages = load_page()
        self.sounds = load_sounds()
        self.loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._ready = threading.Event()
        self._error: BaseException | None = None
        self._runner: web.AppRunner | None = None
        self._conns: dict[int, Conn] = {}
        self._ids = itertools.count(1)
        self._latest: dict[int, str] = {}       # seat -> last state message (JSON text)
        self._offered: dict[int, tuple[int, list]] = {}   # seat -> (seq, offered actions)
        self._waiting: dict[int, Conn] = {}     # not yet bound, oldest first
        self._lock = threading.Lock()           # guards the three below
        self._joined: set[int] = set()
        self._holder: dict[int, int] = {}       # seat -> the one socket that plays it
        self._moves: list[int] = []             # seats taken over by a newer device
        # seat -> the language its phone's page speaks (written here, read by the hub)
        self.langs: dict[int, str] = {}
        self._catalogs: dict[str, object] = {}
        self.stats = {"received": 0, "refused": 0, "dropped": 0, "oversize": 0,
                      "evicted": 0, "late": 0, "origin": 0, "pings": 0, "held": 0,
                      "silent": 0}

    # --- life -----------------------------------------------------------------------------
    def start(self, timeout: float = 10.0) -> None:
        self._thread = threading.Thread(target=self._run, name="phone-server", daemon=True)
        self._thread.start()
        if not self._ready.wait(timeout):
            raise OSError("the phone server did not start in time")
        if self._error is not None:
            raise OSError(f"the phone server could not start: {self._error}") from self._error

    def _run(self) -> None:
        loop = self.loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        try:
            loop.run_until_complete(self._open())
        except BaseException as exc:  # noqa: BLE001 - reported to start()
            self._error = exc
            self._ready.set()
            loop.close()
            return
        self._ready.set()
        try:
            loop.run_forever()
        finally:
            loop.run_until_complete(loop.shutdown_asyncgens())
            loop.close()

    async def _open(self) -> None:
        app = web.Application(client_max_size=messages.MAX_MESSAGE, middlewares=[_headers])
        app.router.add_get("/ws", self._socket)
        app.router.add_get("/words.js", self._words)
        for route in STATIC:
            app.router.add_get(route, self._page)
        for route in self.sounds:
            app.router.add_get(route, self._sound)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False,
                                     shutdown_timeout=1.0)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.host, self.port)
        await site.start()
        self.port = self._runner.addresses[0][1]
        log.info("phone server on %s:%s", self.host, self.port)

    def stop(self, timeout: float = 5.0) -> None:
        """Close every socket and the listening port; safe to call twice."""
        loop, thread = self.loop, self._thread
        if loop is None or thread is None or not thread.is_alive():
            return
        try:
            asyncio.run_coroutine_threadsafe(self._close(), loop).result(timeout)
        except Exception as exc:  # noqa: BLE001 - stopping must not fail the app
            log.warning("phone server did not close cleanly: %r", exc)
        loop.call_soon_threadsafe(loop.stop)
        thread.join(timeout)
        self._thread = None
        log.info("phone server stopped")

    async def _close(self) -> None:
        # what was queued (the final state) goes out first, then the goodbye
        senders = []
        for conn in list(self._conns.values()):
            conn.outbox.put_nowait((CLOSE_GAME_OVER, b"the game has ended"))
            senders.append(conn.sender)
        if senders:
            await asyncio.wait(senders, timeout=1.0)
        if self._runner is not None:
            await self._runner.cleanup()

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    # --- called from the main thread ----------------------------------------------------
    def publish(self, seat: int, state: dict) -> None:
        """From now on ``seat``'s phones see ``state`` (a dict with ``seq`` and ``actions``)."""
        text = json.dumps(state, separators=(",", ":"))
        offered = (state["seq"], [a["action"] for a in state.get("actions", ())])
        self._call(self._deliver, seat, text, offered)

    def reply(self, conn_id: int, message: dict) -> None:
        self._call(self._send_to, conn_id, json.dumps(message))

    def revoke(self, seat: int, why: str) -> None:
        """``seat``'s link stops working (it plays at the table's screen now)."""
        with self._lock:
            self._joined.discard(seat)
        self._call(self._drop_seat, seat, why, None)

    def set_token(self, seat: int, token: str, why: str = "") -> None:
        """``seat`` opens with ``token`` from now on; a device on the old key is told ``why``
        and closed at once (a new key), or the seat is a phone seat again (no device)."""
        with self._lock:
            self._joined.discard(seat)
        self._call(self._drop_seat, seat, why, token)

    def joined(self) -> set[int]:
        with self._lock:
            return set(self._joined)

    def online(self) -> set[int]:
        with self._lock:
            return set(self._holder)

    def take_moves(self) -> list[int]:
        """Seats whose device was replaced by a newer one since the last call."""
        with self._lock:
            moves, self._moves = self._moves, []
        return moves

    def _call(self, fn, *args) -> None:
        if self.loop is not None and self.running:
            self.loop.call_soon_threadsafe(fn, *args)

    # --- on the server's loop -----------------------------------------------------------
    def _deliver(self, seat: int, text: str, offered: tuple[int, list]) -> None:
        self._latest[seat] = text
        self._offered[seat] = offered
        for conn in self._conns.values():
            if conn.seat == seat:
                conn.outbox.put_nowait(text)

    def _send_to(self, conn_id: int, text: str) -> None:
        conn = self._conns.get(conn_id)
        if conn is not None:
            conn.outbox.put_nowait(text)

    def _drop_seat(self, seat: int, why: str, token: str | None) -> None:
        # tokens are only ever changed here, on the server's loop
        if token is None:
            self.tokens.pop(seat, None)
            self._latest.pop(seat, None)
            self._offered.pop(seat, None)
        else:
            self.tokens[seat] = token
        for conn in list(self._conns.values()):
            if conn.seat == seat:
                code = "seat_gone" if token is None else "new_key"
                self._unbind(conn)
                conn.outbox.put_nowait(json.dumps({"type": "error", "code": code,
                                                   "message": self._say(conn, why)}))
                conn.outbox.put_nowait((CLOSE_SEAT_GONE if token is None else CLOSE_BAD_TOKEN,
                                        b"seat moved to the table" if token is None
                                        else b"the seat has a new key"))

    def _unbind(self, conn: Conn) -> None:
        """``conn`` no longer plays its seat (it is closing or was replaced)."""
        if conn.seat is not None:
            with self._lock:
                if self._holder.get(conn.seat) == conn.id:
                    del self._holder[conn.seat]
            conn.seat = -1          # never bound again, and never sent a seat's state

    def _evict(self, conn: Conn, why: str) -> None:
        self._waiting.pop(conn.id, None)
        self.stats["evicted"] += 1
        self._error_to(conn, "too_many", why)
        conn.outbox.put_nowait((CLOSE_NO_HELLO, b"too many connections waiting"))

    def _make_room(self, address: str) -> None:
        """Close the oldest waiting sockets so that one more may wait (from ``address``)."""
        mine = [c for c in self._waiting.values() if c.address == address]
        if len(mine) >= MAX_WAITING_PER_ADDRESS:
            self._evict(mine[0], "Too many connections from this device are waiting: this "
                        "one was closed. Reload the page to try again.")
        if len(self._waiting) >= MAX_WAITING:
            self._evict(next(iter(self._waiting.values())), "The table is busy with other "
                        "connections: this one was closed. Reload the page to try again.")

    def _hello_late(self, conn_id: int) -> None:
        conn = self._waiting.pop(conn_id, None)
        if conn is None:
            return
        self.stats["late"] += 1
        self._error_to(conn, "no_hello", N_("This page did not say which seat it is for in "
                                            "time, so the table closed the connection. "
                                            "Reload the page."))
        conn.outbox.put_nowait((CLOSE_NO_HELLO, b"no hello in time"))

    async def _words(self, request: web.Request) -> web.Response:
        """The page's words in the language chosen on it (a cookie), else the browser's."""
        lang = i18n.browser_language(request.headers.get("Accept-Language"),
                                     request.cookies.get(phone_words.COOKIE))
        return web.Response(body=phone_words.script(lang), content_type="text/javascript",
                            charset="utf-8")

    def _say(self, conn: Conn, text: str) -> str:
        """``text`` in the language of ``conn``'s page (one catalog a language, loaded on
        this loop: never the app's language in force, which belongs to the main thread)."""
        tr = self._catalogs.get(conn.lang)
        if tr is None:
            tr = self._catalogs[conn.lang] = i18n.translations(conn.lang)
        return tr.gettext(text) if text else text

    async def _page(self, request: web.Request) -> web.Response:
        body = self.pages[request.path]
        return web.Response(body=body, content_type=STATIC[request.path][1], charset="utf-8")

    async def _sound(self, request: web.Request) -> web.Response:
        return web.Response(body=self.sounds[request.path], content_type="audio/wav")

    async def _socket(self, request: web.Request) -> web.StreamResponse:
        origin = request.headers.get("Origin")
        if origin is not None and origin != f"http://{request.host}":
            # another site's page in a phone's browser may not drive a seat
            self.stats["origin"] += 1
            return web.Response(status=403, text="this page may connect only from the "
                                "table's own address")
        address = request.remote or ""
        self._make_room(address)
        # aiohttp refuses a frame of exactly its limit, hence the + 1: frames up to
        # MAX_FRAME are read, and parse() refuses those over MAX_MESSAGE in words
        # no aiohttp heartbeat (see _watch); PINGs and PONGs come to this loop, to be heard
        ws = web.WebSocketResponse(max_msg_size=messages.MAX_FRAME + 1, autoping=False)
        await ws.prepare(request)
        conn = Conn(next(self._ids), ws, asyncio.Queue(), messages.RateLimit(*self.rate),
                    address, transport=request.transport)
        self._conns[conn.id] = conn
        self._waiting[conn.id] = conn
        conn.deadline = asyncio.get_running_loop().call_later(
            HELLO_DEADLINE, self._hello_late, conn.id)
        sender = conn.sender = asyncio.ensure_future(self._sender(conn))
        conn.heard_at = asyncio.get_running_loop().time()
        watch = asyncio.ensure_future(self._watch(conn))
        try:
            async for msg in ws:
                conn.heard += 1
                conn.heard_at = asyncio.get_running_loop().time()
                if msg.type == WSMsgType.PING:
                    try:
                        await ws.pong(msg.data)
                    except ConnectionError:     # closing meanwhile: the loop ends
                        break
                elif msg.type == WSMsgType.TEXT:
                    await self._receive(conn, msg.data)
                elif msg.type == WSMsgType.BINARY:
                    self._error_to(conn, "bad_message", "send text (JSON), not binary data")
                elif msg.type == WSMsgType.ERROR:
                    self.stats["oversize"] += 1   # e.g. a message over the size limit
                    break
        finally:
            self._conns.pop(conn.id, None)
            self._waiting.pop(conn.id, None)
            conn.deadline.cancel()
            self._unbind(conn)
            sender.cancel()
            watch.cancel()
            if not ws.closed:
                await ws.close()
        return ws

    async def _sender(self, conn: Conn) -> None:
        # one writer per socket keeps every phone's messages in order
        try:
            while True:
                text = await conn.outbox.get()
                if isinstance(text, tuple):    # (close code, reason): say goodbye
                    await conn.ws.close(code=text[0], message=text[1])
                    return
                if conn.ws.closed:
                    return
                await conn.ws.send_str(text)
        except (ConnectionError, RuntimeError, asyncio.CancelledError):
            return

    async def _watch(self, conn: Conn) -> None:
        """Close ``conn`` once it has stopped answering: quiet for ``HEARTBEAT``, it is
        pinged, and ``PINGS_MISSED`` pings in a row, each given ``PONG_WAIT``, bring
        nothing back. A wait that ends more than ``LATE`` past its time means this thread
        was held (and did not read what came in meanwhile): it pings again without
        counting a miss. A second wait also lets an answer already in the socket be read
        before anything is decided."""
        loop = asyncio.get_running_loop()
        missed = 0
        pinged = False
        while True:
            heard = conn.heard
            # quiet: HEARTBEAT from the last thing heard, as aiohttp's heartbeat counted
            wait = PONG_WAIT if pinged else conn.heard_at + HEARTBEAT - loop.time()
            due = loop.time() + wait
            await asyncio.sleep(wait)
            if conn.heard != heard:
                missed, pinged = 0, False
                continue
            if pinged:
                if loop.time() - due > LATE:
                    self.stats["held"] += 1
                else:
                    missed += 1
                if missed >= PINGS_MISSED:
                    self._silent(conn)
                    return
            pinged = True
            self.stats["pings"] += 1
            try:
                await conn.ws.ping()
            except (ConnectionError, RuntimeError):
                return

    def _silent(self, conn: Conn) -> None:
        """``conn`` answered nothing: closed with its own code (a page that still hears it
        connects again, phone.js), and its transport dropped soon after in case the close
        cannot get through to a phone that is gone."""
        self.stats["silent"] += 1
        self._unbind(conn)
        conn.outbox.put_nowait((CLOSE_NO_ANSWER, b"no answer to pings"))
        if conn.transport is not None:
            asyncio.get_running_loop().call_later(PONG_WAIT, conn.transport.close)

    def _error_to(self, conn: Conn, code: str, text: str, **extra) -> None:
        self.stats["refused"] += 1
        conn.outbox.put_nowait(json.dumps({"type": "error", "code": code,
                                           "message": self._say(conn, text), **extra}))

    async def _receive(self, conn: Conn, text: str) -> None:
        self.stats["received"] += 1
        if not conn.limit.allow():
            self.stats["dropped"] += 1
            now = time.monotonic()
            if now - conn.warned > 1.0:     # one warning a second, the rest dropped quietly
                conn.warned = now
                self._error_to(conn, "too_fast", "too many messages: slow down")
            return
        try:
            msg = messages.parse(text)
        except messages.BadMessage as exc:
            self._error_to(conn, "bad_message", str(exc))
            return
        kind = msg["type"]
        if kind == "hello":
            conn.lang = i18n.browser_language(None, msg.get("lang"))
            self._hello(conn, msg["token"])
            return
        if conn.seat is None or conn.seat < 0:
            self._error_to(conn, "no_hello", "say hello with your seat's token first")
            return
        if kind == "ping":
            conn.outbox.put_nowait(json.dumps({"type": "pong", "t": msg.get("t", 0)}))
            return
        seq, offered = self._offered.get(conn.seat, (-1, []))
        if msg["seq"] != seq:
            self._error_to(conn, "stale", N_("the table has moved on since that choice: "
                                             "here is what you can do now"), seq=seq)
            if conn.seat in self._latest:
                conn.outbox.put_nowait(self._latest[conn.seat])
            return
        if msg["action"] not in offered:
            self._error_to(conn, "not_offered", N_("that is not one of your choices now"))
            return
        self.inbox.put(Submitted(conn.seat, seq, msg["action"], conn.id, time.monotonic()))
        if self.wake is not None:
            self.wake.set()

    def _hello(self, conn: Conn, token: str) -> None:
        seat = None
        for s, t in self.tokens.items():
            if hmac.compare_digest(t.encode(), token.encode("utf-8", "surrogatepass")):
                seat = s
        if seat is None or (conn.seat is not None and conn.seat != seat):
            self._waiting.pop(conn.id, None)
            self._error_to(conn, "bad_token", N_("This link does not open a seat in the game "
                                                 "on the table now. Ask the table for your "
                                                 "seat's link (Menu, then Phones) and open it "
                                                 "again."))
            conn.outbox.put_nowait((CLOSE_BAD_TOKEN, b"unknown seat"))
            return
        if conn.seat is None:
            self._waiting.pop(conn.id, None)
            conn.deadline.cancel()
            for other in list(self._conns.values()):
                if other.seat == seat and other is not conn:
                    # one live device per seat: the newest takes it, the older is told
                    self._unbind(other)
                    self._error_to(other, "moved", MOVED)
                    other.outbox.put_nowait((CLOSE_MOVED, b"seat opened on another device"))
                    with self._lock:
                        self._moves.append(seat)
            conn.seat = seat
            self.langs[seat] = conn.lang
            with self._lock:
                self._joined.add(seat)
                self._holder[seat] = conn.id
        if seat in self._latest:
            conn.outbox.put_nowait(self._latest[seat])


@web.middleware
async def _headers(request: web.Request, handler):
    try:
        response = await handler(request)
    except web.HTTPException as exc:
        response = exc
    response.headers["X-Content-Type-Options"] = "nosniff"
    response.headers["Referrer-Policy"] = "no-referrer"
    response.headers["Cache-Control"] = "no-store"
    host = request.host if HOST.fullmatch(request.host or "") else ""
    response.headers["Content-Security-Policy"] = (
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        "media-src 'self'; "
        f"connect-src 'self'{f' ws://{host}' if host else ''}; base-uri 'none'; "
        "form-action 'none'; frame-ancestors 'none'")
    if isinstance(response, web.HTTPException):
        raise response
    return response
