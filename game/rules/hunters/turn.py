"""Setup, the turn (start, move, Area action, attack, end), extra turns and side actions."""

from __future__ import annotations

from game.rules.protocol import CHANCE

from . import frames as F
from .combat import (
    able,
    has_target,
    heal,
    hurt,
    in_range,
    move_equipment,
    resolve_deaths,
    reveal,
    set_damage,
    start_attack,
    win_check,
)
from .data import (
    AGNES,
    ALLIE,
    ALLOCATION,
    AREA_ID,
    AREAS,
    CARD_NAME,
    CATHERINE,
    CEMETERY,
    CHAR_ID,
    CHAR_NAME,
    CHARLES,
    CHURCH,
    DANIEL,
    DAVID,
    ELLEN,
    EMI,
    EQUIP_ID,
    ERSTWHILE_ALTAR,
    FACTION,
    FRANKLIN,
    FUKA,
    GEORGE,
    GREGOR,
    HANDGUN,
    HERMITS_CABIN,
    HUNTER,
    INITIAL,
    MACHINE_GUN,
    MASAMUNE,
    MYSTIC_COMPASS,
    NEUTRAL,
    ROLL_AREA,
    SHADOW,
    ULTRA_SOUL,
    UNDERWORLD_GATE,
    WEIRD_WOODS,
    WIGHT,
    pool_characters,
)


# --- setup (chance) ----------------------------------------------------------------------------
def _deal(s, f, out):
    s.chars = list(out[1])
    s.history.append(("dealt",))


def _board(s, f, out):
    s.board = list(out[1])
    s.history.append(("board", tuple(AREAS[a] for a in s.board)))


def _first(s, f, out):
    s.first = out[1]
    s.history.append(("first", out[1]))
    s.stack.append(("next_turn",))
    if s.hermit_round:
        # Time-saving rule: in turn order each player draws a Hermit card and gives it to
        # the player on their left, who answers it as usual.
        for k in range(s.n - 1, -1, -1):
            p = (s.first + k) % s.n
            s.stack.append(("draw", p, 0, (p + 1) % s.n))


F.CHANCE["c_deal"] = ("deal", _deal)
F.CHANCE["c_board"] = ("board", _board)
F.CHANCE["c_first"] = ("first", _first)

_DEAL_POOLS = {}    # (pool, abilities) -> the deal's candidates (Hunters, Shadows, Neutrals)


def sample_deal(s, rng):
    """The characters dealt (ids, in seat order) for ``s``'s pool, drawn from ``rng``."""
    # the candidates by faction, made once per pool (but "initial", which draws them)
    key = (s.pool, s.abilities)
    cands = _DEAL_POOLS.get(key)
    if cands is None:
        pool = pool_characters(s.pool, s.abilities, rng)
        cands = tuple([c for c in pool if FACTION[c] == fac]
                      for fac in (HUNTER, SHADOW, NEUTRAL))
        if s.pool != "initial":
            _DEAL_POOLS[key] = cands
    # rng.sample of each faction, then rng.shuffle, written out: random.Random's own
    # steps for a population of at most 21 (20 characters in all), so the same draws
    # (tests/test_chance_stream.py); a call and a dozen checks fewer each
    randbelow = rng._randbelow
    chosen = []
    for fac, k in zip(cands, ALLOCATION[s.n]):
        pool = fac[:]       # (the kept lists stay as they are)
        n = len(pool)
        for i in range(k):
            j = randbelow(n - i)
            chosen.append(pool[j])
            pool[j] = pool[n - i - 1]
    for i in range(len(chosen) - 1, 0, -1):
        j = randbelow(i + 1)
        chosen[i], chosen[j] = chosen[j], chosen[i]
    return tuple(chosen)


def valid_deal(s, names):
    """Whether ``names`` is a deal ``s`` could have drawn."""
    if not isinstance(names, tuple) or len(names) != s.n:
        return False
    if any(nm not in CHAR_ID for nm in names) or len(set(names)) != s.n:
        return False
    ids = [CHAR_ID[nm] for nm in names]
    allowed = pool_characters("all" if s.pool == "initial" else s.pool, s.abilities)
    if any(c not in allowed for c in ids):
        return False
    if s.pool == "initial" and len({INITIAL[c] for c in ids}) != s.n:
        return False
    counts = tuple(sum(1 for c in ids if FACTION[c] == f) for f in (HUNTER, SHADOW, NEUTRAL))
    return counts == ALLOCATION[s.n]


# --- turn order ------------------------------------------------------------------------------------
# A turn's five frames, the same tuples for every turn of a seat (frames are immutable).
_NEXT = ("next_turn",)
_TURN_FRAMES = tuple((_NEXT, ("end", p), ("attack", p), ("area", p), ("start", p))
                     for p in range(8))
_END_F, _ATTACK_F, _AREA_F = ([t[i] for t in _TURN_FRAMES] for i in (1, 2, 3))

# HINTS. A handler of a decision or a chance step may return who decides next (a seat, or
# CHANCE) when it knows for sure: the engine then skips its loop over the stack. It knows
# when the step it leaves on top is one of the turn's own frames (checked by identity, so a
# stack built by hand or loaded from a file takes the loop) or one it just pushed for a
# seat that is alive; None means "look". A seat that decides is alive.


@F.auto("next_turn")
def _next_turn(s, f):
    p = s.active
    alive = s.alive
    if s.extra > 0 and p >= 0 and alive[p]:    # (extra turns are rare: asked first)
        s.extra -= 1
    else:
        s.extra = 0
        n = s.n
        p = s.first if p < 0 else (p + 1) % n
        while not alive[p]:
            p = (p + 1) % n
    s.active = p
    s.turn_no = t = s.turn_no + 1
    s.barrier[p] = False
    s.guardian[p] = False
    s.ultra_done = False
    s.last_targets = ()
    s.history.append(("turn", p, t))
    if s.chars[p] == CATHERINE and able(s, p, CATHERINE):
        heal(s, p, 1, "catherine")
    s.stack += _TURN_FRAMES[p]


# --- start of turn: abilities, then the move -------------------------------------------------------
def _others(s, p):
    return [t for t in range(s.n) if t != p and s.alive[t]]


# The commonest answers of the start and end of a turn, one shared list each (no list
# made per decision): nobody may change what an options function returns.
ROLL_ONLY = [("roll",)]
END_ONLY = [("end_turn",)]

# Who may do more than roll at the start of a turn (Emi's move, the start abilities).
START_CHARS = frozenset((EMI, FRANKLIN, GEORGE, ELLEN, FUKA, AGNES, ULTRA_SOUL))


def _start_opts(s, f):
    p = f[1]
    c = s.chars[p]
    if c not in START_CHARS:
        return ROLL_ONLY
    opts = [("roll",)]
    if s.pos[p] >= 0 and able(s, p, EMI):
        slot = s.pos[p]
        for nb in ((slot + 5) % 6, (slot + 1) % 6):
            opts.append(("emi", AREAS[s.board[nb]]))
    if not s.abilities or not s.rev[p] or s.voided[p]:
        return opts
    if c == FRANKLIN and not s.used[p]:
        opts += [("franklin", t) for t in _others(s, p)]
    elif c == GEORGE and not s.used[p]:
        opts += [("george", t) for t in _others(s, p)]
    elif c == ELLEN and not s.used[p]:
        opts += [("ellen", t) for t in _others(s, p)]
    elif c == FUKA and not s.used[p]:
        opts += [("fuka", t) for t in range(s.n) if s.alive[t]]
    elif c == AGNES and not s.used[p]:
        opts.append(("agnes",))
    elif c == ULTRA_SOUL and not s.ultra_done:
        opts += [("ultra_soul", t) for t in _others(s, p)
                 if s.pos[t] >= 0 and s.board[s.pos[t]] == UNDERWORLD_GATE]
    return opts


def _start_apply(s, f, act):
    p, k = f[1], act[0]
    if k == "roll":
        st = s.stack
        st.pop()
        st.append(_MOVE_ROLL[p])
        return CHANCE       # (a seat that decides is alive: see HINTS)
    elif k == "emi":
        s.stack.pop()
        move_to(s, p, s.board.index(AREA_ID[act[1]]))
    elif k == "ultra_soul":
        s.ultra_done = True
        s.history.append(("ability", p, "Ultra Soul", act[1]))
        hurt(s, act[1], 3, p, "ability")
        resolve_deaths(s, p)
    else:
        s.used[p] = True
        t = act[1] if len(act) > 1 else -1
        s.history.append(("ability", p, CHAR_NAME[s.chars[p]], t))
        if k == "franklin":
            s.stack.append(("c_d6", p, "franklin", t))
        elif k == "george":
            s.stack.append(("c_d4", p, "george", t))
        elif k == "ellen":
            s.voided[t] = True
        elif k == "fuka":
            set_damage(s, t, 7, p, "fuka")


F.DECIDE["start"] = (_start_opts, _start_apply)
F.PROMPT["start"] = "start of turn"


def move_to(s, p, slot):
    s.pos[p] = slot
    s.history.append(("move", p, AREAS[s.board[slot]]))


_ROLL_TO = tuple(ROLL_AREA.get(t) for t in range(11))     # dice total -> Area (7: None)
_MOVE_ROLL = tuple(("c_move", p, -1) for p in range(8))    # a turn's first roll, shared
_OTHER_AREAS = {c: tuple(a for a in range(6) if a != c) for c in range(-1, 6)}


def _move_roll(s, f, out):
    _, p, first = f
    _, d6, d4 = out
    s.dice = (d6, d4)
    area = _ROLL_TO[d6 + d4]
    board = s.board
    slot = s.pos[p]
    cur = board[slot] if slot >= 0 else -1
    s.history.append(("roll", p, d6, d4))
    if area == cur:
        s.stack.append(f)           # roll again
        return CHANCE
    if first == -1:
        if MYSTIC_COMPASS in s.equip[p]:
            s.stack.append(("c_move", p, -7 if area is None else area))
            return CHANCE
        elif area is None:
            s.stack.append(("move_choice", p, _OTHER_AREAS[cur]))
        else:
            # move_to, written out (one move a turn)
            s.pos[p] = board.index(area)
            s.history.append(("move", p, AREAS[area]))
            if s.stack[-1] is _AREA_F[p]:
                return p
        return None
    # the Mystic Compass's second roll: either roll's Area (a 7: any other Area)
    dest = -7 if area is None else area
    options = set()
    for d in (dest, first):
        if d == -7:
            options.update(a for a in range(6) if a != cur)
        elif d >= 0:
            options.add(d)
    if len(options) == 1:
        move_to(s, p, s.board.index(options.pop()))
    else:
        s.stack.append(("move_choice", p, tuple(sorted(options))))


F.CHANCE["c_move"] = ("dice", _move_roll)


_MOVE_CHOICES = {}      # a move choice's Areas -> its options (shared: see ROLL_ONLY)


def _move_choice_opts(s, f):
    opts = _MOVE_CHOICES.get(f[2])
    if opts is None:
        opts = _MOVE_CHOICES[f[2]] = [("move", AREAS[a]) for a in f[2]]
    return opts


def _move_choice_apply(s, f, act):
    s.stack.pop()
    move_to(s, f[1], s.board.index(AREA_ID[act[1]]))


F.DECIDE["move_choice"] = (_move_choice_opts, _move_choice_apply)
F.PROMPT["move_choice"] = "choose where to move"


# --- the Area action -------------------------------------------------------------------------------
def can_draw(s, d):
    return bool(s.decks[d] or s.disc[d])


_DRAW_OR_SKIP = tuple([("draw", d), ("skip",)] for d in ("hermit", "white", "black"))
_SKIP_ONLY = [("skip",)]    # (these lists are shared: see ROLL_ONLY)


def _area_opts(s, f):
    p = f[1]
    area = s.board[s.pos[p]]
    decks, disc = s.decks, s.disc
    if area == HERMITS_CABIN:
        return _DRAW_OR_SKIP[0] if decks[0] or disc[0] else _SKIP_ONLY
    if area == CHURCH:
        return _DRAW_OR_SKIP[1] if decks[1] or disc[1] else _SKIP_ONLY
    if area == CEMETERY:
        return _DRAW_OR_SKIP[2] if decks[2] or disc[2] else _SKIP_ONLY
    opts = []
    if area == UNDERWORLD_GATE:
        for d, name in ((0, "hermit"), (1, "white"), (2, "black")):
            if decks[d] or disc[d]:
                opts.append(("draw", name))
    elif area == WEIRD_WOODS:
        for t in range(s.n):
            if s.alive[t]:
                opts.append(("woods", "damage", t))
                opts.append(("woods", "heal", t))
    elif area == ERSTWHILE_ALTAR:
        for t in range(s.n):
            if t != p and s.alive[t]:
                opts += [("altar", t, c) for c in s.equip[t]]
    opts.append(("skip",))
    return opts


_DECK_OF = {"hermit": 0, "white": 1, "black": 2}


def _area_apply(s, f, act):
    p, k = f[1], act[0]
    st = s.stack
    st.pop()
    if k == "skip":
        if st[-1] is _ATTACK_F[p]:
            # the engine's attack step (see state's loop): asked only with someone in range
            if has_target(s, p):
                return p
            st.pop()
            if st[-1] is _END_F[p]:
                return p
        return None
    if k == "draw":
        # the automatic "draw" step, taken at once (see _draw)
        d = _DECK_OF[act[1]]
        if s.decks[d] or s.disc[d]:
            _draw(s, (None, p, d, -1))
            return CHANCE
    elif k == "woods":
        t = act[2]
        if act[1] == "damage":
            hurt(s, t, 2, p, "woods")
            resolve_deaths(s, p)
        else:
            heal(s, t, 1, "woods")
    elif k == "altar":
        move_equipment(s, act[1], p, act[2], "altar")


F.DECIDE["area"] = (_area_opts, _area_apply)
F.PROMPT["area"] = "Area action"


@F.auto("draw")
def _draw(s, f):
    p, d, forced = f[1], f[2], f[3]
    if not s.decks[d]:
        if not s.disc[d]:
            return
        s.decks[d] = s.disc[d]
        s.disc[d] = []
        s.history.append(("reshuffle", d))
    s.stack.append(("c_card", p, d, forced))


# --- attack ------------------------------------------------------------------------------------------
_ATTACK = tuple(("attack", t) for t in range(8))


def _attack_opts(s, f):
    p = f[1]
    eq = s.equip[p]
    if MACHINE_GUN in eq:
        opts = [("attack_all",)]
    else:
        # in_range, written out: a target is on the attacker's pair of Areas (or, with the
        # Handgun, off it)
        pos, alive = s.pos, s.alive
        slot = pos[p]
        pair = slot >> 1
        outside = HANDGUN in eq
        opts = []
        for t in range(s.n if slot >= 0 else 0):
            if t != p and alive[t]:
                ts = pos[t]
                if ts >= 0 and ((ts >> 1) != pair) == outside:
                    opts.append(_ATTACK[t])
    if MASAMUNE not in eq:
        opts.append(("no_attack",))
    return opts


def _attack_apply(s, f, act):
    p = f[1]
    st = s.stack
    st.pop()
    if act[0] == "attack":
        start_attack(s, p, (act[1],), 0)
        return CHANCE
    elif act[0] == "attack_all":
        start_attack(s, p, tuple(in_range(s, p)), 0)
        return CHANCE
    return p if st[-1] is _END_F[p] else None


F.DECIDE["attack"] = (_attack_opts, _attack_apply)
F.PROMPT["attack"] = "attack"


# --- end of turn -----------------------------------------------------------------------------------------
END_CHARS = frozenset((GREGOR, WIGHT, CHARLES))


def _end_opts(s, f):
    p = f[1]
    c = s.chars[p]
    if c not in END_CHARS or not s.abilities or not s.rev[p] or s.voided[p]:
        return END_ONLY
    opts = [("end_turn",)]
    if c == GREGOR and not s.used[p]:
        opts.append(("gregor",))
    elif c == WIGHT and not s.used[p] and len(s.dead_order) > 0:
        opts.append(("wight",))
    elif c == CHARLES and any(s.alive[t] for t in s.last_targets):
        opts.append(("charles",))
    return opts


def _end_apply(s, f, act):
    p, k = f[1], act[0]
    if k == "end_turn":
        st = s.stack
        st.pop()
        if st[-1] is _NEXT:
            # the next turn's start, which is a living seat's decision
            st.pop()
            _next_turn(s, _NEXT)
            return s.active
    elif k == "gregor":
        s.used[p] = True
        s.barrier[p] = True
        s.history.append(("ability", p, "Gregor", -1))
        return p
    elif k == "wight":
        s.used[p] = True
        s.extra += len(s.dead_order)
        s.history.append(("ability", p, "Wight", len(s.dead_order)))
        return p
    elif k == "charles":
        s.history.append(("ability", p, "Charles", -1))
        hurt(s, p, 2, p, "charles")
        resolve_deaths(s, p)
        if s.alive[p] and not s.over:
            start_attack(s, p, tuple(t for t in s.last_targets if s.alive[t]), 0)


F.DECIDE["end"] = (_end_opts, _end_apply)
F.PROMPT["end"] = "end of turn"


# --- ability dice ----------------------------------------------------------------------------------------
def _ability_die(s, f, out):
    p, what, t = f[1], f[2], f[3]
    v = out[1]
    if f[0] == "c_d6":
        s.dice = (v, 0)
    else:
        s.dice = (0, v)
    s.history.append(("die", p, what, v))
    if what in ("franklin", "george"):
        hurt(s, t, v, p, "ability")
        resolve_deaths(s, p)
    elif what == "blessing":
        heal(s, t, v, "blessing")
    elif what == "doll":
        if v <= 4:
            hurt(s, t, 3, p, "doll")
        else:
            hurt(s, p, 3, p, "doll")
        resolve_deaths(s, p)


F.CHANCE["c_d6"] = ("d6", _ability_die)
F.CHANCE["c_d4"] = ("d4", _ability_die)


# --- actions any seat may take at any decision point --------------------------------------------------------
def side_actions(s, seat):
    if not s.alive[seat]:
        return []
    out = []
    c = s.chars[seat]
    if not s.rev[seat]:
        # Daniel may not reveal by choice; the list is private to its seat (see views).
        if not (c == DANIEL and s.abilities and not s.voided[seat]):
            out.append(("reveal",))
        return out
    if c == ALLIE and able(s, seat, ALLIE) and not s.used[seat] and s.dmg[seat] > 0:
        out.append(("allie_heal",))
    elif c == DAVID and s.active == seat and able(s, seat, DAVID) and not s.used[seat]:
        seen = set()
        for d in (1, 2):
            for card in s.disc[d]:
                if card in EQUIP_ID.values() and card not in seen:
                    seen.add(card)
                    out.append(("david", card))
    return out


def apply_side(s, seat, act):
    """A side action; returns the decider when unchanged (see HINTS): a reveal or Allie's
    heal changes nothing the pending step's decider depends on."""
    k = act[0]
    if k == "reveal":
        reveal(s, seat)
        return s.dec
    elif k == "allie_heal":
        s.used[seat] = True
        s.history.append(("ability", seat, "Allie", seat))
        heal(s, seat, s.dmg[seat], "allie")
        return s.dec
    elif k == "david":
        s.used[seat] = True
        card = act[1]
        s.disc[1 if card in s.disc[1] else 2].remove(card)
        s.equip[seat].append(card)
        s.history.append(("ability", seat, "David", -1))
        s.history.append(("equipment", -1, seat, CARD_NAME[card], "david"))
        win_check(s)


SIDE_KINDS = frozenset(("reveal", "allie_heal", "david"))
