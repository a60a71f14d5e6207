"""What a phone may send, checked before anything else looks at it.

Every message is one JSON object of at most ``MAX_MESSAGE`` bytes (8192 is accepted,
8193 is not; the server reads frames up to ``MAX_FRAME`` so that a longer message is
refused here, in words, rather than by closing the socket):

    {"type": "hello", "token": "<the seat's token>", "lang": "de"}   first, binds the
                                                   socket; lang (optional): the page's language
    {"type": "act", "seq": 17, "action": ["play", ["red", 5]]}  a choice made at step 17
    {"type": "ping", "t": 123.4}                                 keep-alive (echoed)

``seq`` is the table's step count the phone saw when it offered the choice: a choice
sent for an older step (a replay, or a tap that crossed an update) is refused as stale.
"""

from __future__ import annotations

import json
import time
from typing import Any

MAX_MESSAGE = 8 * 1024          # bytes, for any message from a phone
MAX_FRAME = 8 * MAX_MESSAGE     # bytes the server reads at all; beyond, the socket closes
RATE_PER_SECOND = 10.0          # sustained messages a second per connection
RATE_BURST = 20                 # messages allowed at once before the rate applies
MAX_TOKEN = 64
MAX_ACTION_DEPTH = 4

FIELDS = {
    "hello": {"type", "token", "lang"},
    "act": {"type", "seq", "action"},
    "ping": {"type", "t"},
}


class BadMessage(ValueError):
    """A message that is not what the protocol allows; the text goes back to the phone."""


def parse(text: str | bytes) -> dict:
    """The message as a dict, or BadMessage saying what is wrong with it."""
    if isinstance(text, bytes):
        raise BadMessage("send text (JSON), not binary data")
    if len(text.encode("utf-8", "surrogatepass")) > MAX_MESSAGE:
        raise BadMessage(f"the message is too long (at most {MAX_MESSAGE} bytes)")
    try:
        msg = json.loads(text)
    except (ValueError, RecursionError):
        raise BadMessage("the message is not valid JSON") from None
    if not isinstance(msg, dict):
        raise BadMessage("a message must be a JSON object")
    kind = msg.get("type")
    # ``type`` may be anything a sender wrote (a list, an object): only a short string is
    # looked up, so nothing unhashable reaches the table of kinds
    if not isinstance(kind, str):
        raise BadMessage('the message needs a type, a word such as "hello"')
    if kind not in FIELDS:
        raise BadMessage(f"unknown message type {kind[:20]!r}")
    extra = set(msg) - FIELDS[kind]
    if extra:
        raise BadMessage(f"unexpected field {sorted(extra)[0][:20]!r} in {kind!r}")
    if kind == "hello":
        token = msg.get("token")
        if not isinstance(token, str) or not 0 < len(token) <= MAX_TOKEN:
            raise BadMessage("hello needs the seat's token")
        lang = msg.get("lang", "")
        if not isinstance(lang, str) or len(lang) > 16:
            raise BadMessage("hello's lang must be a short language code such as \"de\"")
    elif kind == "act":
        seq = msg.get("seq")
        if not isinstance(seq, int) or isinstance(seq, bool) or seq < 0:
            raise BadMessage("act needs seq, the step number the choice was made at")
        action = msg.get("action")
        if not (isinstance(action, list) and len(action) == 2 and isinstance(action[0], str)
                and isinstance(action[1], list) and _plain(action[1], 0)):
            raise BadMessage("act needs action as [kind, [arguments]]")
    elif kind == "ping":
        t = msg.get("t", 0)
        if not isinstance(t, (int, float)) or isinstance(t, bool):
            raise BadMessage("ping's t must be a number")
    return msg


def _plain(value: Any, depth: int) -> bool:
    """Action arguments are JSON scalars and short nested lists of them."""
    if depth > MAX_ACTION_DEPTH:
        return False
    if value is None or isinstance(value, (str, int, float, bool)):
        return True
    if isinstance(value, list):
        return len(value) <= 16 and all(_plain(v, depth + 1) for v in value)
    return False


class RateLimit:
    """A token bucket: ``burst`` messages at once, then ``rate`` a second."""

    def __init__(self, rate: float = RATE_PER_SECOND, burst: int = RATE_BURST,
                 clock=time.monotonic) -> None:
        self.rate, self.burst, self.clock = rate, burst, clock
        self.tokens = float(burst)
        self.stamp = clock()
        self.dropped = 0

    def allow(self) -> bool:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        self.dropped += 1
        return False
