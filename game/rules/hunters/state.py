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
    ALLIE,
    ALLOCATION,
    AREA_ID,
    AREAS,
    CHAR_ID,
    CHAR_NAME,
    DANIEL,
    DAVID,
    DECK_CARDS,
    WEREWOLF,
    pool_characters,
)
from .views import (
    EVENTS,
    NAMES_ONE_SEAT,
    PLAIN_LABELS,
    Seen,
    build_view,
    events_since,
    explain,
    label,
    result_of,
    secret_tokens,
)
from .views import Listed as _Listed

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
# One look-up tells the engine loop what a frame is: 0 a seat's chance step (-1 the
# set-up's), 1 a decision, 2 the respond decision (dropped if the attacker has died), 3 the
# attack decision (dropped when there is nobody to attack), 4 and up an automatic step (its
# handler in _AUTO_FNS).
_AUTO_FNS = [None] * 4 + list(_AUTO.values())
_ROLE = {k: 0 for k in _CHANCE}
_ROLE.update(c_deal=-1, c_board=-1, c_first=-1)     # the set-up's: nobody's, never dropped
_ROLE.update({k: 1 for k in _DECIDE}, respond=2, attack=3)
_ROLE.update({k: 4 + i for i, k in enumerate(_AUTO)})
_OPTS = {k: v[0] for k, v in _DECIDE.items()}
# Decisions whose options are one shared list for all but a few characters (their own
# options functions say the same): kind -> (those characters, the list)
_only_get = {"start": (_turn.START_CHARS, _turn.ROLL_ONLY),
             "end": (_turn.END_CHARS, _turn.END_ONLY),
             "respond": (frozenset((WEREWOLF,)), _combat.NO_RESPONSE_ONLY)}.get
_DO = {k: v[1] for k, v in _DECIDE.items()}
_OUTCOME = {k: v[0] for k, v in _CHANCE.items()}
_ROLLED = {k: v[1] for k, v in _CHANCE.items()}
_has_target = _combat.has_target
_sample_deal, _valid_deal = _turn.sample_deal, _turn.valid_deal
_REVEAL = [("reveal",)]
_NO_RESPONSE = ("respond", "none")     # its words read nothing (a counterattack's do)
_NONE = []          # (never changed: fast_legal returns a copy or a sum)
_D6, _D4 = range(1, 7), range(1, 5)
_DANIEL, _ALLIE_DAVID = DANIEL, frozenset((ALLIE, DAVID))    # (revealed: side actions)
_PLAIN = {}     # action tuple -> its shared Action, for the kinds in PLAIN_LABELS; or, for
                # one naming a seat, [its index in the tuple] + its Actions by what they
                # say of the seat they name (see legal_actions):
                # [1] yourself, [2] a hidden seat, [3 + c] revealed character c
_OUTCOMES = {}  # chance outcome tuple -> its shared Action (not deal and board)
_plain_get, _outcome_get, _event_get = _PLAIN.get, _OUTCOMES.get, EVENTS.get
_MEMO = {}      # a shared options list's kind (revealed seat) or (kind,) (hidden seat, so
                # with 'reveal') -> (its engine list, its Actions): see legal_actions
_memo_get = _MEMO.get
for _d6 in _D6:
    for _d4 in _D4:
        _OUTCOMES[("dice", _d6, _d4)] = Action("dice", (_d6, _d4), "")
# [d6 - 1][d4 - 1] -> (outcome tuple, its shared Action)
_DICE = tuple(tuple((k, _OUTCOMES[k]) for k in (("dice", d6, d4) for d4 in _D4)) for d6 in _D6)


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
            r = _ROLE[f[0]]
            if r > 3:
                st.pop()
                _AUTO_FNS[r](self, f)
                continue
            if r == 1:
                seat = f[1]
                if alive[seat]:
                    self.dec = seat
                    return
            elif r == 0:
                if f[1] < 0 or alive[f[1]]:
                    self.dec = CHANCE
                    return
            elif r < 0:
                self.dec = CHANCE
                return
            else:
                # respond (2) is dropped if the attacker has died, attack (3) if nobody is
                # in range
                seat = f[1]
                if alive[seat] and (alive[f[2]] if r == 2 else _has_target(self, seat)):
                    self.dec = seat
                    return
            st.pop()        # a step of someone who has died meanwhile, or no step at all
        self.dec = NOBODY

    def decider(self):
        return self.dec

    # --- fast path (tuples, no labels): used by random playouts and search --------------------------
    def fast_legal(self, seat):
        """Internal actions (kind, *args) for ``seat``; the decider's come first."""
        dec = self.dec
        if dec < 0:
            return []
        # side_actions, asked only of those who may have one: a hidden living seat may
        # reveal (Daniel: see side_actions), a revealed one only if Allie or David
        c = self.chars[seat]
        if self.rev[seat] or not self.alive[seat]:
            out = _side_actions(self, seat) if c in _ALLIE_DAVID else _NONE
        elif c == _DANIEL:
            out = _side_actions(self, seat)
        else:
            out = _REVEAL
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
            d = _ROLLED[f[0]](self, f, act)
        elif act[0] in _SIDE:
            # A side action can change the pending step (David's Handgun empties the
            # range): then the loop below looks at it again.
            d = _turn.apply_side(self, seat, act)
        else:
            f = st[-1]
            d = _DO[f[0]](self, f, act)
        if d is not None:       # the handler knows who decides next (turn.HINTS)
            self.dec = d
            return
        # _run, inlined: a call saved on every step
        alive = self.alive
        while not self.over:
            f = st[-1]
            r = _ROLE[f[0]]
            if r > 3:
                st.pop()
                _AUTO_FNS[r](self, f)
                continue
            if r == 1:
                seat = f[1]
                if alive[seat]:
                    self.dec = seat
                    return
            elif r == 0:
                if f[1] < 0 or alive[f[1]]:
                    self.dec = CHANCE
                    return
            elif r < 0:
                self.dec = CHANCE
                return
            else:
                # respond (2) is dropped if the attacker has died, attack (3) if nobody is
                # in range
                seat = f[1]
                if alive[seat] and (alive[f[2]] if r == 2 else _has_target(self, seat)):
                    self.dec = seat
                    return
            st.pop()
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
            return ("deal", _sample_deal(self, rng))
        if kind == "board":
            areas = list(range(6))
            rng.shuffle(areas)
            return ("board", tuple(areas))
        return ("first", rng.randrange(self.n))

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
                k = f[0]
                c = self.chars[d]           # (the decider is alive: see fast_legal)
                q = _only_get(k)
                acts = q[1] if q is not None and c not in q[0] else _OPTS[k](self, f)
                # (a new list: the options may be a shared one, see turn.ROLL_ONLY)
                if rev[d]:
                    if c in _ALLIE_DAVID:
                        acts = acts + _side_actions(self, d)
                elif c == _DANIEL:
                    acts = acts + _side_actions(self, d)
                else:
                    acts = acts + _REVEAL
                act = acts[int(r() * len(acts))]
            self.fast_apply(d, act)
            steps += 1
        return steps

    # --- the protocol -----------------------------------------------------------------------------------
    # (steps, seat, fast_legal list) of the last legal_actions, and (steps, Action, its
    # tuple) of the last sample_chance; steps -1 before any (so apply need not test for None)
    _legal = (-1, -1, ())
    _sampled = (-1, None, None)
    told = ()       # seats told a private fact, in order (cards.tell); a tuple, so clones share it

    def legal_actions(self, seat=None):
        dec = self.dec
        if seat == dec or seat is None:     # (the decider: a seat, if anyone is)
            if dec < 0:
                return []
            seat = dec
        elif not 0 <= seat < self.n:
            return []
        elif dec < 0:
            return []
        # fast_legal, written out (a call saved on every decision)
        c = self.chars[seat]
        memo = None
        if seat == dec:
            f = self.stack[-1]
            k = f[0]
            # (only read: the options may be a shared list, see turn.ROLL_ONLY)
            q = _only_get(k)
            if q is not None and c not in q[0]:
                # The commonest decisions (start, end, respond) answer one shared list,
                # plus 'reveal' for a hidden seat: their Actions are the same every time
                # (made once, see _MEMO), so the list is copied, not built.
                if self.rev[seat]:
                    if c not in _ALLIE_DAVID:
                        memo = k
                elif c != _DANIEL:
                    memo = (k,)
                if memo is not None:
                    got = _memo_get(memo)
                    if got is not None:
                        self._legal = (self.steps, seat, got[0])
                        return [*got[1]]
                fast = q[1]
            else:
                fast = _OPTS[k](self, f)
            if self.rev[seat]:      # (the decider is alive)
                if c in _ALLIE_DAVID:
                    fast = fast + _side_actions(self, seat)
            elif c == _DANIEL:
                fast = fast + _side_actions(self, seat)
            else:
                fast = fast + _REVEAL
        elif self.rev[seat] or not self.alive[seat]:
            fast = _side_actions(self, seat) if c in _ALLIE_DAVID else _NONE
        elif c == _DANIEL:
            fast = _side_actions(self, seat)
        else:
            fast = _REVEAL
        # An action whose words depend on nothing but itself is made once and shared
        # (Actions are immutable); so is one whose words name one seat, per what they
        # say of it (yourself, a hidden seat, a revealed character). The others get their
        # label built when read (most lists are only picked from), from a snapshot of
        # what it mentions, so a late read still says what it would have said now.
        out = []
        for a in fast:
            act = _plain_get(a)
            if act.__class__ is not _Listed:
                if act is None:
                    act = self._unshared(seat, a)
                else:
                    # naming one seat: [where that seat is in a, then an Action per what
                    # is said of it: yourself, a hidden seat, revealed character c]
                    t = a[act[0]]
                    i = 1 if t == seat else 3 + self.chars[t] if self.rev[t] else 2
                    act = act[i] or self._naming(seat, a, act, i)
            out.append(act)
        # Every change goes through fast_apply, which counts steps: while steps is the
        # same, what this list holds is still legal and apply's check may trust it.
        self._legal = (self.steps, seat, fast)
        if memo is not None and all(a.__class__ is _Listed and _plain_get(a._t) is a
                                    for a in out):
            # (the list, never handed out, and Actions that are all shared ones)
            _MEMO[memo] = (fast, tuple(out))
        return out

    def _unshared(self, seat, a):
        """The Action of ``a`` for ``seat``, of a kind not yet in _PLAIN, or never shared."""
        k = a[0]
        if k in NAMES_ONE_SEAT:
            acts = _PLAIN[a] = [NAMES_ONE_SEAT[k]] + [None] * (2 + len(CHAR_NAME))
            t = a[acts[0]]
            i = 1 if t == seat else 3 + self.chars[t] if self.rev[t] else 2
            return self._naming(seat, a, acts, i)
        if k in PLAIN_LABELS or a == _NO_RESPONSE:
            act = _PLAIN[a] = _Listed(k, a[1:], label(None, None, a))
        else:
            act = _Listed(k, a[1:], (label, Seen(self), seat, a))
        act._t = a
        return act

    def _naming(self, seat, a, acts, i):
        """The shared Action of ``a`` (naming one seat) for what ``i`` says of that seat."""
        act = acts[i] = _Listed(a[0], a[1:], label(self, seat, a))
        act._t = a
        return act

    def sample_chance(self, rng):
        f = self.stack[-1]
        k = _OUTCOME[f[0]]
        if k == "dice":
            # fast_chance's commonest cases, written out: the same two draws pick the
            # outcome's tuple and its shared Action from a table
            r = rng.random
            a, out = _DICE[int(r() * 6)][int(r() * 4)]
            self._sampled = (self.steps, out, a)
            return out
        if k == "card":
            d = self.decks[f[2]]
            a = ("card", d[int(rng.random() * len(d))])
        else:
            a = self.fast_chance(rng)
        out = _outcome_get(a)
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
        # check() and _apply() in one pass for what sample_chance or legal_actions just
        # handed out (nearly every call): the outcome drawn for this very step, or a listed
        # Action, which carries its engine tuple: legal if the seat's list of this very step
        # holds it. Anything else takes the long way, with the same verdicts.
        st, history = self.stack, self.history
        if seat == CHANCE:
            known = self._sampled
            if known[1] is not action or known[0] != self.steps \
                    or self.dec != CHANCE or self.over:
                return super().apply(seat, action)
            h0, t0 = len(history), self.told
            # fast_apply, written out (a call saved on every step of the protocol)
            self.steps += 1
            f0 = st.pop()
            d = _ROLLED[f0[0]](self, f0, known[2])
        else:
            known = self._legal
            if action.__class__ is not _Listed or known[0] != self.steps \
                    or known[1] != seat or self.over:
                return super().apply(seat, action)
            act = action._t
            if act not in known[2]:
                return super().apply(seat, action)
            h0, t0 = len(history), self.told
            self.steps += 1
            f0 = st[-1]
            if act[0] in _SIDE:
                d = _turn.apply_side(self, seat, act)
            else:
                d = _DO[f0[0]](self, f0, act)
        if d is not None:       # the handler knows who decides next (turn.HINTS)
            self.dec = d
        else:
            # _run, written out: 1.6k instructions a turn cheaper at 4 players than the call
            alive = self.alive
            while not self.over:
                f = st[-1]
                r = _ROLE[f[0]]
                if r > 3:
                    st.pop()
                    _AUTO_FNS[r](self, f)
                    continue
                if r == 1:
                    d = f[1]
                    if alive[d]:
                        self.dec = d
                        break
                elif r == 0:
                    if f[1] < 0 or alive[f[1]]:
                        self.dec = CHANCE
                        break
                elif r < 0:
                    self.dec = CHANCE
                    break
                else:
                    # respond (2) is dropped if the attacker has died, attack (3) if
                    # nobody is in range
                    d = f[1]
                    if alive[d] and (alive[f[2]] if r == 2 else _has_target(self, d)):
                        self.dec = d
                        break
                st.pop()
            else:
                self.dec = NOBODY
        # events_since's commonest answers, without the call: nothing, or one or two
        # public facts whose events are shared (views.EVENTS). A roll of the dice to move
        # is shared by whether it is rolled again: so it is when no move follows and its
        # frame is back on top (turn._move_roll).
        if self.told is t0:
            n = len(history)
            if n == h0:
                return []
            e = history[h0]
            if e[0] == "roll":
                ev = _event_get((e, n == h0 + 1 and st[-1] is f0))
            else:
                ev = _event_get(e)
            if ev is not None:
                if n == h0 + 1:
                    return [ev]
                if n == h0 + 2:
                    ev2 = _event_get(history[h0 + 1])
                    if ev2 is not None:
                        return [ev, ev2]
        return events_since(self, h0, len(t0))

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
        if known[0] == self.steps and known[1] == seat and act in known[2]:
            return      # listed by legal_actions, and nothing has been applied since
        # Anything else is looked up afresh (also after fields were edited by hand, as
        # test scenarios do: a choice they add is found here).
        if act not in self.fast_legal(seat):
            raise RuleError(self.explain_illegal(seat, action))

    def explain_illegal(self, seat, action):
        return explain(self, seat, action)

    def check_chance(self, action):
        known = self._sampled
        if known[0] == self.steps and known[1] == action:
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
            ok = len(a) == 1 and _valid_deal(self, a[0])
        elif kind == "board":
            ok = len(a) == 1 and isinstance(a[0], tuple) and sorted(a[0]) == sorted(AREAS)
        elif kind == "first":
            ok = len(a) == 1 and a[0] in range(self.n)
        if not ok:
            raise RuleError(f"not a valid {kind} outcome: {action.args!r}")

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
        return secret_tokens(self)

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
