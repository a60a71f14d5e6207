"""HuntersState: the game state as plain lists, driven by the frame stack in ``frames``."""

from __future__ import annotations

import random
from typing import Mapping

from game.rules.protocol import (
    CHANCE,
    NOBODY,
    Action,
    Event,
    GameState,
    Result,
    RuleError,
    _lists_to_tuples,
)

from . import cards as _cards  # noqa: F401  (registers card frames)
from . import combat as _combat  # noqa: F401  (registers attack frames)
from . import frames as F
from . import turn as _turn
from .data import (
    ALLOCATION,
    AREA_ID,
    AREAS,
    BOB,
    CHAR_ID,
    CHAR_NAME,
    CHAR_SET,
    DANIEL,
    DECK_CARDS,
    FACTION,
    HUNTER,
    INITIAL,
    NEUTRAL,
    SHADOW,
)
from .views import (
    NAMES_ONE_SEAT,
    PLAIN_LABELS,
    Seen,
    build_view,
    events_since,
    explain,
    label,
    result_of,
)

POOLS = ("all", "base", "expansion", "initial")
_FIELDS = ("n", "pool", "abilities", "hermit_round", "chars", "rev", "alive", "dmg", "pos",
           "equip", "board", "decks", "disc", "in_play", "first", "active", "turn_no", "extra",
           "used", "voided", "barrier", "guardian", "shown", "ultra_done", "last_targets",
           "att_dealt", "dead_order", "first_dead", "charles_won", "bryan_won", "hermit_k",
           "history", "private", "stack", "over", "winners", "dice", "steps")
_SIDE = _turn.SIDE_KINDS
_side_actions = _turn.side_actions
_AUTO, _DECIDE, _CHANCE = F.AUTO, F.DECIDE, F.CHANCE
# The handlers split by role, one dict look-up per step (every frame kind is registered by
# now: cards, combat and turn were imported above).
_AUTO_GET = _AUTO.get
_OPTS = {k: v[0] for k, v in _DECIDE.items()}
_DO = {k: v[1] for k, v in _DECIDE.items()}
_OUTCOME = {k: v[0] for k, v in _CHANCE.items()}
_ROLLED = {k: v[1] for k, v in _CHANCE.items()}
_has_target = _combat.has_target
_REVEAL = [("reveal",)]
_D6, _D4 = range(1, 7), range(1, 5)
_DANIEL = DANIEL
_PLAIN = {}     # action tuple -> its shared Action, for the kinds in PLAIN_LABELS
_NAMING = {}    # (action tuple, seat, the named seat's character or -1) -> its Action
_OUTCOMES = {}  # chance outcome tuple -> its shared Action (not deal and board)


def pool_characters(pool, abilities, rng=None):
    """Character ids the deal may use; for "initial" one per initial (needs ``rng``)."""
    chars = list(range(20))
    if pool == "base":
        chars = [c for c in chars if CHAR_SET[c] == "base"]
    elif pool == "expansion":
        chars = [c for c in chars if CHAR_SET[c] == "expansion"]
    if not abilities:
        chars = [c for c in chars if c != BOB]
    if pool == "initial" and rng is not None:
        by_initial = {}
        for c in chars:
            by_initial.setdefault(INITIAL[c], []).append(c)
        chars = sorted(rng.choice(v) for v in by_initial.values())
    return chars


class HuntersState(GameState):
    GAME_ID = "hunters"

    # --- creation ----------------------------------------------------------------------------
    @classmethod
    def new(cls, num_players, options=None):
        if num_players not in ALLOCATION:
            raise ValueError(f"Shadow Hunters takes 4-8 players, not {num_players}")
        opts = dict(options or {})
        s = cls.__new__(cls)
        n = num_players
        s.n = n
        s.pool = opts.get("pool", "all")
        if s.pool not in POOLS:
            raise ValueError(f"pool must be one of {', '.join(POOLS)}")
        s.abilities = opts.get("abilities", "on") == "on"
        s.hermit_round = opts.get("hermit_round", "off") == "on" and n >= 6
        s.chars = [-1] * n
        s.rev = [False] * n
        s.alive = [True] * n
        s.dmg = [0] * n
        s.pos = [-1] * n
        s.equip = [[] for _ in range(n)]
        s.board = []
        s.decks = [list(d) for d in DECK_CARDS]
        s.disc = [[], [], []]
        s.in_play = []
        s.first = -1
        s.active = -1
        s.turn_no = 0
        s.extra = 0
        s.used = [False] * n
        s.voided = [False] * n
        s.barrier = [False] * n
        s.guardian = [False] * n
        s.shown = [False] * n
        s.ultra_done = False
        s.last_targets = ()
        s.att_dealt = 0
        s.dead_order = []
        s.first_dead = []
        s.charles_won = False
        s.bryan_won = False
        s.hermit_k = 0
        s.history = []
        s.private = [[] for _ in range(n)]
        s.stack = [("c_first",), ("c_board",), ("c_deal",)]
        s.over = False
        s.winners = ()
        s.dice = (0, 0)
        s.steps = 0
        s.dec = CHANCE
        return s

    @property
    def num_players(self):
        return self.n

    # --- the engine loop ----------------------------------------------------------------------------
    def _run(self):
        """Run automatic frames until a seat or chance must decide."""
        st = self.stack
        alive = self.alive
        while not self.over:
            f = st[-1]
            k = f[0]
            fn = _AUTO_GET(k)
            if fn is not None:
                st.pop()
                fn(self, f)
                continue
            if k in _DO:
                seat = f[1]
                if not alive[seat] or (k == "respond" and not alive[f[2]]) or (
                        k == "attack" and not _has_target(self, seat)):
                    st.pop()
                    continue
                self.dec = seat
                return
            if len(f) > 1 and f[1] >= 0 and not alive[f[1]]:
                st.pop()            # a chance step of someone who has died meanwhile
                continue
            self.dec = CHANCE
            return
        self.dec = NOBODY

    def decider(self):
        return self.dec

    # --- fast path (tuples, no labels): used by random playouts and search --------------------------
    def fast_legal(self, seat):
        """Internal actions (kind, *args) for ``seat``; the decider's come first."""
        dec = self.dec
        if dec < 0:
            return []
        if self.rev[seat] or not self.alive[seat] or self.chars[seat] == _DANIEL:
            out = _side_actions(self, seat)
        else:
            out = _REVEAL      # a hidden living seat other than Daniel: reveal, nothing else
        if seat == dec:
            f = self.stack[-1]
            return _OPTS[f[0]](self, f) + out
        return out[:]

    def fast_apply(self, seat, act):
        """Apply an internal action tuple without checking it (chance: seat == CHANCE)."""
        self.steps += 1
        st = self.stack
        if seat == CHANCE:
            f = st.pop()
            _ROLLED[f[0]](self, f, act)
        elif act[0] in _SIDE:
            # A side action can change the pending step (David's Handgun empties the
            # range): the loop below looks at it again.
            _turn.apply_side(self, seat, act)
        else:
            f = st[-1]
            _DO[f[0]](self, f, act)
        # _run, inlined: a call saved on every step
        alive = self.alive
        while not self.over:
            f = st[-1]
            k = f[0]
            fn = _AUTO_GET(k)
            if fn is not None:
                st.pop()
                fn(self, f)
                continue
            if k in _DO:
                seat = f[1]
                if not alive[seat] or (k == "respond" and not alive[f[2]]) or (
                        k == "attack" and not _has_target(self, seat)):
                    st.pop()
                    continue
                self.dec = seat
                return
            if len(f) > 1 and f[1] >= 0 and not alive[f[1]]:
                st.pop()
                continue
            self.dec = CHANCE
            return
        self.dec = NOBODY

    def fast_chance(self, rng):
        f = self.stack[-1]
        kind = _OUTCOME[f[0]]
        if kind.__class__ is not str:
            kind = kind(self, f)
        r = rng.random
        if kind == "dice":
            return ("dice", int(r() * 6) + 1, int(r() * 4) + 1)
        if kind == "card":
            d = self.decks[f[2]]
            return ("card", d[int(r() * len(d))])
        if kind == "d6":
            return ("d6", int(r() * 6) + 1)
        if kind == "d4":
            return ("d4", int(r() * 4) + 1)
        if kind == "deal":
            return ("deal", self._sample_deal(rng))
        if kind == "board":
            areas = list(range(6))
            rng.shuffle(areas)
            return ("board", tuple(areas))
        return ("first", rng.randrange(self.n))

    def _sample_deal(self, rng):
        pool = pool_characters(self.pool, self.abilities, rng)
        counts = dict(zip((HUNTER, SHADOW, NEUTRAL), ALLOCATION[self.n]))
        chosen = []
        for fac in (HUNTER, SHADOW, NEUTRAL):
            chosen += rng.sample([c for c in pool if FACTION[c] == fac], counts[fac])
        rng.shuffle(chosen)
        return tuple(chosen)

    def chance_kind(self):
        f = self.stack[-1]
        kind = _CHANCE[f[0]][0]
        return kind if isinstance(kind, str) else kind(self, f)

    def playout(self, rng, max_steps=100000):
        """Random play to the end through the fast path (for search and the benchmark).

        The same steps as ``fast_chance`` / ``fast_legal`` / ``fast_apply`` in a loop, with
        the commonest of them (a roll of the dice; a hidden seat's one side action)
        written out here: this loop is what search spends its time in."""
        r = rng.random
        rev, st = self.rev, self.stack     # never replaced in play (chars is, at the deal)
        steps = 0
        while steps < max_steps:
            d = self.dec
            if d == CHANCE:
                f = st[-1]
                if _OUTCOME[f[0]] == "dice":
                    act = ("dice", int(r() * 6) + 1, int(r() * 4) + 1)
                else:
                    act = self.fast_chance(rng)
            elif d == NOBODY:
                break
            else:
                f = st[-1]
                acts = _OPTS[f[0]](self, f)
                if rev[d] or self.chars[d] == _DANIEL:
                    acts += _side_actions(self, d)
                else:
                    acts.append(_REVEAL[0])
                act = acts[int(r() * len(acts))]
            self.fast_apply(d, act)
            steps += 1
        return steps

    # --- the protocol -----------------------------------------------------------------------------------
    _legal = None   # (steps, seat, fast_legal list, its Actions) of the last legal_actions
    _sampled = None     # (steps, Action, its tuple) of the last sample_chance, for check_chance
    told = ()       # seats told a private fact, in order (cards.tell); a tuple, so clones share it

    def legal_actions(self, seat=None):
        if seat is None:
            seat = self.dec
            if seat < 0:
                return []
        if not 0 <= seat < self.n:
            return []
        fast = self.fast_legal(seat)
        # An action whose words depend on nothing but itself is made once and shared
        # (Actions are immutable); so is one whose words name one seat, per what they
        # say of it (yourself, a hidden seat, a revealed character). The others get their
        # label built when read (most lists are only picked from), from a snapshot of
        # what it mentions, so a late read still says what it would have said now.
        out = []
        seen = None
        rev = chars = None
        for a in fast:
            act = _PLAIN.get(a)
            if act is None:
                k = a[0]
                if k in PLAIN_LABELS:
                    act = _PLAIN[a] = Action(k, a[1:], label(None, None, a))
                elif k in NAMES_ONE_SEAT:
                    if rev is None:
                        rev, chars = self.rev, self.chars
                    t = a[NAMES_ONE_SEAT[k]]
                    key = (a, seat, chars[t] if rev[t] else -1)
                    act = _NAMING.get(key)
                    if act is None:
                        act = _NAMING[key] = Action(k, a[1:], label(self, seat, a))
                else:
                    if seen is None:
                        seen = Seen(self)
                    act = Action(k, a[1:], (label, seen, seat, a))
            out.append(act)
        # Every change goes through fast_apply, which counts steps: while steps is the
        # same, what this list holds is still legal and apply's check may trust it.
        self._legal = (self.steps, seat, fast, out)
        return out

    def sample_chance(self, rng):
        a = self.fast_chance(rng)
        out = _OUTCOMES.get(a)
        if out is None:
            k = a[0]
            if k == "deal":
                out = Action("deal", (tuple(CHAR_NAME[c] for c in a[1]),), "characters dealt")
            elif k == "board":
                out = Action("board", (tuple(AREAS[x] for x in a[1]),), "Areas laid out")
            else:
                # dice, dice and cards: a few dozen outcomes in all, each made once
                out = _OUTCOMES[a] = Action(k, a[1:], "")
        # An outcome drawn here for this very step needs no second look in check_chance.
        self._sampled = (self.steps, out, a)
        return out

    def apply(self, seat, action):
        # check() and _apply() in one pass for what legal_actions or sample_chance just
        # handed out (nearly every call), found by identity, with the tuple it was made
        # from. Anything else takes the long way, with the same verdicts.
        if not self.over:
            if seat == CHANCE:
                known = self._sampled
                if known is not None and known[1] is action and known[0] == self.steps \
                        and self.dec == CHANCE:
                    h0, t0 = len(self.history), len(self.told)
                    self.fast_apply(CHANCE, known[2])
                    return events_since(self, h0, t0)
            else:
                known = self._legal
                if known is not None and known[1] == seat and known[0] == self.steps:
                    i = 0
                    for x in known[3]:
                        if x is action:
                            h0, t0 = len(self.history), len(self.told)
                            self.fast_apply(seat, known[2][i])
                            return events_since(self, h0, t0)
                        i += 1
        return super().apply(seat, action)

    def check(self, seat, action):
        if self.over:
            raise RuleError("the game is over")
        if seat == CHANCE:
            if self.dec != CHANCE:
                raise RuleError("no random outcome is pending")
            self.check_chance(action)
            return
        if not isinstance(seat, int) or not 0 <= seat < self.n:
            raise RuleError(f"there is no seat {seat}")
        act = (action.kind,) + tuple(action.args)
        known = self._legal
        if known is not None and known[0] == self.steps and known[1] == seat and act in known[2]:
            return      # listed by legal_actions, and nothing has been applied since
        # Anything else is looked up afresh (also after fields were edited by hand, as
        # test scenarios do: a choice they add is found here).
        if act not in self.fast_legal(seat):
            raise RuleError(self.explain_illegal(seat, action))

    def explain_illegal(self, seat, action):
        return explain(self, seat, action)

    def check_chance(self, action):
        known = self._sampled
        if known is not None and known[0] == self.steps and known[1] == action:
            return
        kind = self.chance_kind()
        a = action.args
        if action.kind != kind:
            raise RuleError(f"expected a {kind} outcome, not {action.kind}")
        ok = False
        if kind == "dice":
            ok = len(a) == 2 and a[0] in _D6 and a[1] in _D4
        elif kind == "d6":
            ok = len(a) == 1 and a[0] in _D6
        elif kind == "d4":
            ok = len(a) == 1 and a[0] in _D4
        elif kind == "card":
            f = self.stack[-1]
            ok = len(a) == 1 and a[0] in self.decks[f[2]]
        elif kind == "deal":
            ok = len(a) == 1 and self._valid_deal(a[0])
        elif kind == "board":
            ok = len(a) == 1 and isinstance(a[0], tuple) and sorted(a[0]) == sorted(AREAS)
        elif kind == "first":
            ok = len(a) == 1 and a[0] in range(self.n)
        if not ok:
            raise RuleError(f"not a valid {kind} outcome: {action.args!r}")

    def _valid_deal(self, names):
        if not isinstance(names, tuple) or len(names) != self.n:
            return False
        if any(nm not in CHAR_ID for nm in names) or len(set(names)) != self.n:
            return False
        ids = [CHAR_ID[nm] for nm in names]
        allowed = pool_characters("all" if self.pool == "initial" else self.pool, self.abilities)
        if any(c not in allowed for c in ids):
            return False
        if self.pool == "initial" and len({INITIAL[c] for c in ids}) != self.n:
            return False
        counts = tuple(sum(1 for c in ids if FACTION[c] == f) for f in (HUNTER, SHADOW, NEUTRAL))
        return counts == ALLOCATION[self.n]

    def _apply(self, seat, action):
        h0, t0 = len(self.history), len(self.told)
        kind, args = action.kind, action.args
        if seat == CHANCE and kind == "deal":
            act = ("deal", tuple(CHAR_ID[nm] for nm in args[0]))
        elif seat == CHANCE and kind == "board":
            act = ("board", tuple(AREA_ID[nm] for nm in args[0]))
        else:
            act = (kind,) + tuple(args)
        self.fast_apply(seat, act)
        return events_since(self, h0, t0)

    def result(self):
        if not self.over:
            return None
        return result_of(self)

    def view(self, seat):
        return build_view(self, seat)

    def secret_tokens(self):
        if self.over:
            return []
        out = []
        saw = {}
        for g in range(self.n):
            for entry in self.private[g]:
                if entry[0] == "saw":
                    saw.setdefault(entry[1], set()).add(g)
        for i in range(self.n):
            if self.chars[i] >= 0 and not self.rev[i]:
                # the bare name: only its owner and whoever it was shown to may see it
                seen = saw.get(i)
                owner = tuple(sorted(seen | {i})) if seen else i
                out.append((owner, CHAR_NAME[self.chars[i]]))
            for entry in self.private[i]:
                if entry[0] in ("drew", "gave", "got"):
                    out.append((i, entry))
        out.append((None, ("hermit deck", tuple(sorted(self.decks[0])))))
        return out

    # --- copying and saving ------------------------------------------------------------------------------
    def clone(self):
        c = HuntersState.__new__(HuntersState)
        d = self.__dict__.copy()
        for k in ("chars", "rev", "alive", "dmg", "pos", "board", "in_play", "used", "voided",
                  "barrier", "guardian", "shown", "dead_order", "first_dead", "history",
                  "stack"):
            d[k] = d[k][:]
        d["equip"] = [e[:] for e in self.equip]
        d["decks"] = [x[:] for x in self.decks]
        d["disc"] = [x[:] for x in self.disc]
        d["private"] = [x[:] for x in self.private]
        c.__dict__ = d
        return c

    def to_json(self):
        out = {}
        for k in _FIELDS:
            out[k] = _plain(getattr(self, k))
        return out

    @classmethod
    def from_json(cls, data: Mapping):
        try:
            s = cls.__new__(cls)
            for k in _FIELDS:
                v = data[k]
                if k in ("stack", "history", "private", "winners", "dice", "last_targets"):
                    v = _lists_to_tuples(v)
                    if k in ("stack", "history"):
                        v = list(v)
                    elif k == "private":
                        v = [list(x) for x in v]
                elif isinstance(v, list):
                    v = [list(x) if isinstance(x, list) else x for x in v]
                setattr(s, k, v)
            if not isinstance(s.n, int) or s.n not in ALLOCATION:
                raise ValueError("bad player count")
            if not s.over and not s.stack:
                raise ValueError("no work pending in an unfinished game")
        except (KeyError, TypeError, IndexError) as exc:
            raise ValueError(f"damaged Shadow Hunters state: {exc!r}") from exc
        s.dec = NOBODY
        if not s.over:
            s._run()
        return s


def _plain(v):
    if isinstance(v, (list, tuple)):
        return [_plain(x) for x in v]
    return v


def new_game(num_players, options=None, seed=0):
    """A state with setup done by a seeded generator (handy for tests and the benchmark)."""
    s = HuntersState.new(num_players, options)
    rng = random.Random(seed)
    while s.dec == CHANCE and s.first < 0:
        s.fast_apply(CHANCE, s.fast_chance(rng))
    return s


__all__ = ["HuntersState", "Event", "Result", "new_game", "pool_characters"]
