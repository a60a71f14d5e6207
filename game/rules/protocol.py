"""The one interface every game's rules implement.

Pure Python: nothing here (or anywhere under game/rules or game/ai) imports pygame.

A game is a state machine. At every moment somebody must decide: a seat (0..n-1) or
chance (CHANCE). The driver (``game.match.Match``) asks chance for an outcome with a
generator seeded from the game seed and the step number, and records that outcome in the
action log like any other action, so replaying the log needs no generator state.
"""

from __future__ import annotations

import random
import struct
from abc import ABC, abstractmethod
from array import array
from dataclasses import dataclass, field
from operator import attrgetter
from types import MappingProxyType
from typing import Any, ClassVar, Iterable, Mapping, Sequence

from game.i18n import current as current_language

CHANCE = -1
"""``decider()`` returns this when the next step is a random outcome."""

NOBODY = -2
"""``decider()`` returns this once the game is over."""


_NO_DATA: Any = object()   # Event's data when none is given: a fresh {} each time


class RuleError(ValueError):
    """An action that the rules do not allow now. The message says why, in one line."""


Recipe = tuple   # (make, *how): a label or event text that make(*how) builds when read


def _made(text: str | Recipe) -> str:
    return text if text.__class__ is str else text[0](*text[1:])


class _Worded:
    """A message as data (``game.i18n.Msg``) and its words in the language they were last
    made in: a log is read again and again (every frame, every phone's update), and put in
    words anew only when the language in force has changed."""

    __slots__ = ("msg", "lang", "words")

    def __init__(self, msg) -> None:
        self.msg, self.lang, self.words = msg, None, ""

    def read(self) -> str:
        lang = current_language()
        if lang != self.lang:
            self.words, self.lang = self.msg.text(), lang
        return self.words


def _built_when_read(slot: str) -> property:
    """A text kept in ``slot`` as given, a string or a recipe, and made once when read.
    A recipe may make a message as data (``game.i18n.Msg``): that is kept, and put in
    words in the language in force when read (a log re-read after the player switched
    languages, or a replayed save, speaks the new one)."""
    def read(self) -> str:
        text = getattr(self, slot)
        if text.__class__ is str:
            return text
        if text.__class__ is tuple:
            text = _made(text)
            while text.__class__ is tuple:     # a recipe that hands back a finer recipe
                text = _made(text)
            if text.__class__ is str:
                setattr(self, slot, text)
                return text
        if text.__class__ is not _Worded:     # a Msg, made now or given as the text
            text = _Worded(text)
            setattr(self, slot, text)
        return text.read()
    return property(read)


def _kept(slot: str) -> property:
    """The text of ``slot`` as kept: a string, or a message as data (a recipe is made)."""
    def read(self):
        text = getattr(self, slot)
        if text.__class__ is tuple:
            while text.__class__ is tuple:
                text = _made(text)
            setattr(self, slot, text)
        return text.msg if text.__class__ is _Worded else text
    return property(read)


class Action:
    """One decision. ``kind`` and ``args`` identify it; ``label`` is for people.

    ``args`` holds JSON primitives (int, str, bool, None) and nested tuples of them.
    Two actions are equal when kind and args are equal, whatever their labels.

    The label may be given as text or, by a game's hot path, as a recipe: a tuple
    ``(make, *how)``, and ``make(*how)`` builds the text when it is first read. Most
    legal lists are never shown to anyone (random playouts, bots), so they should not
    pay for words. ``how`` must hold everything the text depends on, frozen at the time
    (not a state that moves on). Readers see no difference: ``label``, ``str()``,
    ``repr()`` and pickling give the built text.

    Read-only like the frozen dataclass it used to be (kind, args and label are
    properties without setters), but built with plain slot stores: legal lists create
    many of these, and a frozen dataclass's ``object.__setattr__`` per field costs three
    times as much.
    """

    __slots__ = ("_kind", "_args", "_label")

    def __init__(self, kind: str, args: tuple = (), label: str | Recipe = "") -> None:
        self._kind = kind
        self._args = args
        self._label = label

    # attrgetter reads in C: every legal list and apply reads these (a lambda per read
    # was a tenth of the Shadow Hunters protocol loop)
    kind = property(attrgetter("_kind"))
    args = property(attrgetter("_args"))

    label = _built_when_read("_label")
    label_message = _kept("_label")     # the label as data (a Msg) where the game gives one

    def __eq__(self, other: object) -> bool:
        if other.__class__ is self.__class__:
            return self._kind == other._kind and self._args == other._args
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self._kind, self._args))

    def __repr__(self) -> str:
        return f"Action(kind={self._kind!r}, args={self._args!r}, label={self.label!r})"

    def __reduce__(self):
        return (type(self), (self._kind, self._args, self.label_message))

    def to_json(self) -> list:
        return [self._kind, _tuples_to_lists(self._args)]

    @classmethod
    def from_json(cls, data: Sequence) -> "Action":
        if not isinstance(data, (list, tuple)) or len(data) != 2 or not isinstance(data[0], str):
            raise ValueError(f"not an action: {data!r}")
        return cls(data[0], _lists_to_tuples(data[1]))

    def __str__(self) -> str:
        return self.label or f"{self._kind}{self._args}"


class Event:
    """Something that happened, for the bus, the log panel and the animations.

    ``seats`` is None when every seat (and the public) may know it, otherwise the tuple of
    seats allowed to see it. ``text`` is a one-line description for the game log; like an
    Action's label it may be given as a recipe ``(make, *how)``, built when first read;
    so may ``data`` (a recipe whose ``make`` returns the mapping). Equality compares kind,
    data, text and seats, as the dataclass it used to be did.

    Events are read-only, and a game may hand out the same Event for the same fact again
    (Shadow Hunters and Chasing Shadows share those whose words depend on nothing else):
    never change the mapping ``data`` returns.
    """

    __slots__ = ("_kind", "_data", "_text", "_seats")

    def __init__(self, kind: str, data: Mapping[str, Any] | Recipe | None = _NO_DATA,
                 text: str | Recipe = "", seats: tuple[int, ...] | None = None) -> None:
        self._kind = kind
        self._data = {} if data is _NO_DATA else data
        self._text = text
        self._seats = seats

    kind = property(attrgetter("_kind"))
    seats = property(attrgetter("_seats"))

    @property
    def data(self) -> Mapping[str, Any]:
        data = self._data
        if data.__class__ is tuple:
            data = self._data = data[0](*data[1:])
        return data

    text = _built_when_read("_text")
    message = _kept("_text")     # the text as data (a Msg) where the game gives one

    def _key(self) -> tuple:
        # the text as data: equal in every language
        return (self._kind, self.data, self.message, self._seats)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is self.__class__:
            return self._key() == other._key()
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return (f"Event(kind={self._kind!r}, data={self.data!r}, text={self.text!r}, "
                f"seats={self._seats!r})")

    def __reduce__(self):
        return (type(self), self._key())

    def visible_to(self, seat: int | None) -> bool:
        return self._seats is None or (seat is not None and seat in self._seats)


@dataclass(frozen=True, slots=True)
class Result:
    """How a finished game ended. ``winners`` are seats; ``scores`` is per seat or empty."""

    winners: tuple[int, ...]
    scores: tuple[float, ...] = ()
    reason: str = ""
    details: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Option:
    """A setup option a game offers (shown in the setup scene, accepted by the simulator)."""

    key: str
    label: str
    choices: tuple[str, ...]
    default: str
    help: str = ""
    min_players: int = 0   # below this the option does nothing (setup offers it disabled)


class GameState(ABC):
    """The state of one game. Subclasses hold only plain data so that copying is cheap."""

    GAME_ID: ClassVar[str] = ""

    # --- creation -----------------------------------------------------------------
    @classmethod
    @abstractmethod
    def new(cls, num_players: int, options: Mapping[str, str] | None = None) -> "GameState":
        """A fresh game. Anything random at setup is a chance step taken through the driver."""

    # --- the questions every game answers ------------------------------------------
    @abstractmethod
    def decider(self) -> int:
        """The seat that must decide now, CHANCE, or NOBODY once the game is over."""

    @abstractmethod
    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """Actions ``seat`` (default: the decider) may take now, in a stable order.

        A game may allow seats other than the decider to act (e.g. reveal a character at
        any decision point); then they appear here for that seat.
        """

    @abstractmethod
    def sample_chance(self, rng: random.Random) -> Action:
        """A random outcome for the pending chance step, drawn from ``rng``."""

    @abstractmethod
    def _apply(self, seat: int, action: Action) -> list[Event]:
        """Change the state. Called only after ``check`` accepted the action."""

    @abstractmethod
    def view(self, seat: int | None) -> Mapping[str, Any]:
        """What ``seat`` may see (``None``: what everyone may see), as immutable data."""

    @abstractmethod
    def result(self) -> Result | None:
        """None while the game goes on."""

    @abstractmethod
    def to_json(self) -> dict:
        """Everything needed to rebuild this state exactly."""

    @classmethod
    @abstractmethod
    def from_json(cls, data: Mapping) -> "GameState":
        """Rebuild from ``to_json``; raise ValueError on damaged data."""

    @property
    @abstractmethod
    def num_players(self) -> int: ...

    # --- shared behaviour ------------------------------------------------------------
    def is_over(self) -> bool:
        return self.decider() == NOBODY

    def public_view(self) -> Mapping[str, Any]:
        return self.view(None)

    def clone(self) -> "GameState":
        return type(self).from_json(self.to_json())

    def secret_tokens(self) -> Iterable[tuple[int | tuple[int, ...] | None, Any]]:
        """Pairs (owner, token) of hidden facts, for the conformance tests.

        ``token`` must not occur (as a leaf value or sub-tuple) in the view of any seat
        other than ``owner`` nor in the public view. ``owner`` None: nobody may see it
        (e.g. the order of a deck); a tuple of seats: each of them may see it (e.g. a
        card shown privately to another player).
        """
        return ()

    def explain_illegal(self, seat: int, action: Action) -> str:
        """Why ``action`` is not allowed for ``seat`` now. Games override for better text."""
        if self.is_over():
            return "the game is over"
        d = self.decider()
        if d == CHANCE:
            return "waiting for a random outcome"
        if seat != d:
            return f"it is not seat {seat}'s decision"
        return f"{action} is not allowed now"

    def check(self, seat: int, action: Action) -> None:
        """Raise RuleError (with the reason) unless ``seat`` may take ``action`` now."""
        if self.is_over():
            raise RuleError("the game is over")
        if seat == CHANCE:
            if self.decider() != CHANCE:
                raise RuleError("no random outcome is pending")
            self.check_chance(action)
            return
        if action not in self.legal_actions(seat):
            raise RuleError(self.explain_illegal(seat, action))

    def check_chance(self, action: Action) -> None:
        """Validate a chance outcome (from a log or a test). Games override to be strict."""
        if not isinstance(action, Action):
            raise RuleError(f"not an action: {action!r}")

    def apply(self, seat: int, action: Action) -> list[Event]:
        """Apply one action; an illegal one raises RuleError and changes nothing."""
        self.check(seat, action)
        return self._apply(seat, action)


# --- helpers -------------------------------------------------------------------------

_SCALARS = (str, int, float, bool, type(None))


def freeze(obj: Any) -> Any:
    """Deep-convert dicts and lists into read-only mappings and tuples."""
    t = type(obj)
    if t in _SCALARS:
        return obj
    if t is dict or t is MappingProxyType or isinstance(obj, Mapping):
        return MappingProxyType({k: freeze(v) for k, v in obj.items()})
    if t is list or t is tuple or isinstance(obj, (list, tuple)):
        return tuple(freeze(v) for v in obj)
    if isinstance(obj, (set, frozenset)):
        return frozenset(freeze(v) for v in obj)
    return obj


def leaves(obj: Any) -> set:
    """Every value in a view: leaves and every sub-tuple (used to look for secrets)."""
    out: set = set()
    stack = [obj]
    while stack:
        o = stack.pop()
        t = type(o)
        if t in _SCALARS:
            out.add(o)
        elif t is dict or t is MappingProxyType or isinstance(o, Mapping):
            for k, v in o.items():
                stack.append(k)
                stack.append(v)
        elif t is tuple or t is list or isinstance(o, (list, tuple, set, frozenset)):
            try:
                out.add(tuple(o) if t is list else o)
            except TypeError:
                pass
            stack.extend(o)
        else:
            try:
                out.add(o)
            except TypeError:
                pass
    return out


def _tuples_to_lists(obj: Any) -> Any:
    if isinstance(obj, tuple):
        return [_tuples_to_lists(v) for v in obj]
    return obj


def _lists_to_tuples(obj: Any) -> Any:
    if isinstance(obj, list):
        return tuple(_lists_to_tuples(v) for v in obj)
    return obj


def chance_rng(seed: int, step: int, stream: int = 1) -> random.Random:
    """The generator for the chance step number ``step`` of the game seeded ``seed``.

    ``stream`` 1 is how every game before stream 2 drew its chance (a Mersenne Twister
    seeded afresh for each step: about as costly as a whole Shadow Hunters step), kept so
    that their saves and files go on the same way. Stream 2 is a ``StepRandom``, stream 3 a
    ``SmallStepRandom``. Each gives the outcome of step ``step`` from the seed and ``step``
    alone, so a game loaded, undone or opened for review draws what it drew the first time."""
    if stream == 1:
        return random.Random(f"shadows/{seed}/{step}")
    if stream == 2:
        return StepRandom(seed, step)
    return SmallStepRandom(seed, step)


CHANCE_STREAMS = (1, 2, 3)
_M64 = (1 << 64) - 1


class StepRandom(random.Random):
    """Chance stream 2: a counter-based generator (SplitMix64), keyed by the game's seed
    and the step number. Keying it (``at``) costs a few integer operations, so a game keeps
    one and moves it to each chance step, where stream 1 built and seeded a new Mersenne
    Twister. Every ``random.Random`` method works (they are built on ``random`` and
    ``getrandbits``); the numbers are fixed by the arithmetic here, the same on every
    machine and Python version, which saved games rely on: never change it (add a stream)."""

    def __init__(self, seed: int = 0, step: int = 0) -> None:
        self._seed = seed
        self._base = (seed * 0x9E3779B97F4A7C15 + 0x5851F42D4C957F2D) & _M64
        self.gauss_next = None
        self.at(step)

    def at(self, step: int) -> "StepRandom":
        """Key the generator to chance step ``step`` of its game; returns itself."""
        x = (self._base + step * 0xD1B54A32D192ED03) & _M64
        x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _M64     # one mixing round, so that
        self._x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _M64  # near keys part at once
        self.gauss_next = None
        return self

    def _next64(self) -> int:
        x = self._x = (self._x + 0x9E3779B97F4A7C15) & _M64
        x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _M64
        x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _M64
        return x ^ (x >> 31)

    def random(self) -> float:
        # _next64 written out (a call saved: chance draws one or two of these per step)
        x = self._x = (self._x + 0x9E3779B97F4A7C15) & _M64
        x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _M64
        x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _M64
        return ((x ^ (x >> 31)) >> 11) * 1.1102230246251565e-16    # 53 bits / 2**53

    def getrandbits(self, k: int) -> int:
        if k <= 64:
            return self._next64() >> (64 - k) if k else 0
        out, bits = 0, 0
        while bits < k:
            out = (out << 64) | self._next64()
            bits += 64
        return out >> (bits - k)

    def seed(self, a=None, version=2) -> None:   # random.Random's API; keys step 0 of ``a``
        self.__init__(a if isinstance(a, int) else 0)

    def getstate(self):
        return (self._seed, self._x)

    def setstate(self, state) -> None:
        seed, x = state
        self.__init__(seed)
        self._x = x




_M30 = (1 << 30) - 1
_TABLE_SIZE = 1 << 16
_TABLE = array("d")     # stream 3's fixed floats, twice over (see _table)


def _table() -> array:
    """Stream 3's table: 65,536 floats in [0, 1) from a Mersenne Twister with a fixed int
    seed (``random()`` of an int-seeded Random is the sequence Python promises to keep
    across versions), written twice in a row so that a run read from any start has 65,536
    numbers ahead. Made once a process, the first time stream 3 is used.

    An array of doubles (1 MB), not a list of floats (1 MB of pointers to 1.5 MB of float
    objects): each chance step starts reading at a random place, and one cache line there
    is cheaper than two. The same numbers; measured pinned, interleaved, 5 rounds of 2 s at
    load 7-8: the app's Match at 4 players 34.6k -> 36.1k turns/s (+4 %), at +0.2 %
    instructions (a float is made per number read)."""
    if not _TABLE:
        first = list(map(random.Random.random, [random.Random(0x5EED_0003)] * _TABLE_SIZE))
        # (packed in one C call: array.extend converts a list item by item, 3x slower)
        _TABLE.frombytes(struct.pack(f"{_TABLE_SIZE}d", *first))
        _TABLE.extend(_TABLE)       # (an array extended by itself: a copy of the block)
    return _TABLE


class SmallStepRandom(random.Random):
    """Chance stream 3: like stream 2, one generator per game keyed by seed and step and
    moved from step to step, at a fraction of the cost. On CPython each interpreted
    integer operation costs about the same whatever the size of the numbers, and a
    Python-level ``random()`` costs a call, so stream 3 does a little arithmetic once per
    step and none per number: keying step ``s`` hashes (game key, s) to 30 bits, 16 of
    which pick where the step starts reading a table of fixed random floats; ``random``
    is the ``__next__`` of the game's one iterator over that table (in C), moved there. ``getrandbits`` (and so ``randrange``, ``choice``,
    ``shuffle``, ``sample``) adds an offset modulo 1 to each number: 14 more bits of the
    hash pick it from the table and the game's own 53-bit offset shifts it, so that deals
    are not limited to the table's 65,536 starts. A step may draw up to 65,536 numbers.
    The numbers are fixed by the arithmetic here and the table's seed, the same on every
    machine and Python version, which saved games rely on: never change it (add a
    stream)."""

    def __init__(self, seed: int = 0, step: int = 0) -> None:
        self._seed = seed
        self._t = _table()
        # the whole seed (any size) folded once into a 30-bit key and a float offset
        k = (seed * 0x9E3779B97F4A7C15 + 0x5851F42D4C957F2D) & _M64
        k = ((k ^ (k >> 30)) * 0xBF58476D1CE4E5B9) & _M64
        k = ((k ^ (k >> 27)) * 0x94D049BB133111EB) & _M64
        k ^= k >> 31
        self._k = k & _M30
        self._kf = (k >> 11) * 1.1102230246251565e-16         # 53 bits / 2**53
        self.gauss_next = None
        it = self._it = iter(self._t)
        self.random = it.__next__
        self.at(step)

    def at(self, step: int) -> "SmallStepRandom":
        """Key the generator to chance step ``step`` of its game; returns itself."""
        x = ((self._k + step * 0x2545F491) * 0x2C1B3C6D) & _M30
        x = self._x = x ^ (x >> 15)
        # the one iterator is moved (never exhausted: a step reads at most 65,536 entries
        # of the doubled table), so ``random`` stays the same bound method
        self._it.__setstate__(x >> 14)
        return self

    def random(self) -> float:      # (shadowed by each step's own: see at)
        raise AssertionError("at() gives every generator its random")

    def getrandbits(self, k: int) -> int:
        u = self._t[self._x & 0x3FFF] + self._kf
        if k <= 32:
            return int((self.random() + u) % 1.0 * (1 << k))
        out, bits = 0, 0
        while bits < k:
            out = (out << 32) | int((self.random() + u) % 1.0 * 4294967296)
            bits += 32
        return out >> (bits - k)

    def _randbelow(self, n: int) -> int:
        # random.Random's _randbelow_with_getrandbits with getrandbits written out: the
        # same numbers (tests/test_chance_stream.py), a Python call fewer for each of the
        # dozen a Shadow Hunters deal draws through sample and shuffle (callgrind: a deal
        # 136k -> 121k instructions)
        k = n.bit_length()
        if k > 32:
            return self._randbelow_with_getrandbits(n)
        u = self._t[self._x & 0x3FFF] + self._kf
        m = 1 << k
        nxt = self.random
        r = int((nxt() + u) % 1.0 * m)
        while r >= n:
            r = int((nxt() + u) % 1.0 * m)
        return r

    def seed(self, a=None, version=2) -> None:   # random.Random's API; keys step 0 of ``a``
        self.__init__(a if isinstance(a, int) else 0)

    def getstate(self):
        return (self._seed, self._x, self._it.__reduce__()[2])

    def setstate(self, state) -> None:
        seed, x, at = state
        self.__init__(seed)
        self._x = x
        self._it.__setstate__(at)

    def __getstate__(self):         # pickled by getstate (the iterator is not picklable)
        return {}
