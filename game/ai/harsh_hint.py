"""Harsh Shadows hint and autopilot: information-set search from the player's view.

``determinize(view, rng)`` samples a full HarshState consistent with everything the view
shows (stack sizes and origins, the one-Bomb-among-the-dealt-cards rule, the known top of the
Discovery deck, revealed Case File cards, the Spy cards flipped since the last shuffle with
their orientations, any Spy card looked at). ``hint(view, actions)`` plays each legal action
in many sampled worlds and finishes each game with the heuristic policy, returning
[(action, win probability, samples)] best first. The autopilot bot uses the hint when it
has a time budget and the heuristic alone when it has none.
"""

from __future__ import annotations

import hashlib
import json
import random
import time
from typing import Any, Mapping, Sequence

from game.ai import clock as think_clock
from game.rules.harsh.data import BOMB, KIND_BY_NAME, N_ITEMS, SPY_CARDS, SPY_TURNED_AT_SHUFFLE
from game.rules.harsh.state import HarshState
from game.rules.protocol import CHANCE, NOBODY, Action

from .harsh_policy import HarshPolicy

ITEM_BY_NAME = {name: k for name, k in KIND_BY_NAME.items() if k < N_ITEMS}
DEFAULT_BUDGET_MS = 1500
POLICY_STREAM = 0x9E3779B97F4A7C15   # the rollout policy's random numbers, apart from chance's
ROLLOUT_TURN_LIMIT = 80   # a rollout still going after this many turns counts as a loss


def _options_of(view: Mapping) -> dict:
    o = view["options"]
    opts = {"difficulty": view["difficulty"], "countdown": str(o["countdown_start"])}
    return opts


def determinize(view: Mapping[str, Any], rng: random.Random) -> HarshState:
    """A full state drawn uniformly from the worlds consistent with ``view`` (seat 0)."""
    s = HarshState.new(1, _options_of(view))
    o = view["options"]
    s.abil = list(o["abilities"])
    s.countdown_start = o["countdown_start"]
    s.deal_counts = list(o["deal"])
    s.stage = 5
    grid = view["grid"]
    s.grid = [g["location_id"] for g in grid]
    s.down = [g["face_down"] for g in grid]
    s.used = [False] * 9
    for g in grid:
        s.used[g["location_id"]] = g["ability_used"]
    s.origin = [[o_ == "dealt" for o_ in g["stack"]] for g in grid]
    seen = [[KIND_BY_NAME[n] if n else -1 for n in g.get("known", (None,) * g["cards"])]
            for g in grid]
    s.known = [[k >= 0 for k in row] for row in seen]
    s.dealt_bomb_found = view["dealt_bomb_found"]
    s.coll = [KIND_BY_NAME[n] for n in view["collection"]]
    s.discard = [KIND_BY_NAME[n] for n in view["discovery_discard"]]
    s.protected = ITEM_BY_NAME[view["protected"]] if view["protected"] else -1
    known_top = [KIND_BY_NAME[n] for n in view["deck_known_top"]]

    # --- Discovery cards: what has not been seen goes to the hidden places ----------------------
    pool = s.box()
    for k in s.coll + s.discard + known_top + [k for row in seen for k in row if k >= 0]:
        pool[k] -= 1
    cards = [k for k in pool for _ in range(pool[k])]
    rng.shuffle(cards)
    dealt_slots = [(p, i) for p in range(9) for i, o_ in enumerate(s.origin[p]) if o_]
    s.stacks = [[-1] * len(s.origin[p]) for p in range(9)]
    if dealt_slots:
        non_bombs = [k for k in cards if k != BOMB]
        bombs = [k for k in cards if k == BOMB]
        chosen = []
        if not s.dealt_bomb_found:
            chosen.append(bombs.pop())
        chosen += non_bombs[:len(dealt_slots) - len(chosen)]
        rest = non_bombs[len(dealt_slots) - (0 if s.dealt_bomb_found else 1):] + bombs
        rng.shuffle(chosen)
        rng.shuffle(rest)
        for (p, i), k in zip(dealt_slots, chosen):
            s.stacks[p][i] = k
        cards = rest
    for p in range(9):
        for i, o_ in enumerate(s.origin[p]):
            if not o_:
                s.stacks[p][i] = seen[p][i] if seen[p][i] >= 0 else cards.pop()
    n_deck = view["discovery_deck"]
    hidden = n_deck - len(known_top)
    if hidden != len(cards):
        raise ValueError(f"view inconsistent: {len(cards)} unseen cards for {hidden} places")
    s.deck = cards + list(reversed(known_top))
    s.deck_known = len(known_top)

    # --- Case Files ---------------------------------------------------------------------------------
    files = view["case_files"]
    shown = {ITEM_BY_NAME[n] for f in files for n in f["revealed"]}
    free = [i for i in range(N_ITEMS) if i not in shown]
    rng.shuffle(free)
    s.conf, s.rev = [], []
    for f in files:
        row, rev = [], []
        for name in f["slots"]:
            row.append(ITEM_BY_NAME[name] if name else free.pop())
            rev.append(name is not None)
        s.conf.append(row)
        s.rev.append(rev)

    # --- the Tracking Bug, positions, counters -------------------------------------------------------
    bug = view["bug"]
    s.bug = bug["pos"] if bug["pos"] is not None else -1
    s.bugged = bug["bugged"]
    s.tracks = bug["tracks"]
    s.kit_used = view["kit"] == "used"
    s.spy, s.agent = view["spy"], view["agent"]
    s.countdown = view["countdown"]
    s.turn = view["turn"]
    s.phase = view["phase"]
    s.arrival = view["flags"]["arrival"]
    s.turn_over = view["flags"]["turn_over"]
    s.clue_used = view["clue_used"]
    s.spy_stays = view["spy_stays"]
    s.safe_until = view["safe_until"]
    s.pending = [KIND_BY_NAME[n] for n in view["looking_at"]]
    s.discard_for = view["discard_for"]

    # --- the Spy deck ---------------------------------------------------------------------------------
    moves = view["spy_discards"]
    s.spy_moves = [(m["card"], int(m["turned"]), m["arrow"], m["rotated"], m["direction"],
                    m["from"], m["to"]) for m in moves]
    used = {m["card"] for m in moves}
    turned_left = SPY_TURNED_AT_SHUFFLE - sum(1 for m in moves if m["turned"])
    top, bottom = view["spy_peek"], view["spy_bottom"]
    fixed = [c for c in (top, bottom) if c]
    for c in fixed:
        used.add(c["card"])
        turned_left -= c["turned"]
    rest = [c for c in SPY_CARDS if c not in used]
    rng.shuffle(rest)
    flips = set(rng.sample(rest, max(0, min(len(rest), turned_left))))
    deck = [c * 2 + (c in flips) for c in rest]
    if bottom:
        deck.insert(0, bottom["card"] * 2 + bottom["turned"])
    if top:
        deck.append(top["card"] * 2 + top["turned"])
    if len(deck) != view["spy_deck"]:
        raise ValueError("view inconsistent: Spy deck size")
    s.spydeck = deck
    s.peek_top = top is not None
    s.peek_bottom = bottom is not None
    return s


def rollout(s: HarshState, policy: HarshPolicy, rng: random.Random,
            turn_limit: int = ROLLOUT_TURN_LIMIT, work: list[int] | None = None) -> bool:
    """Finish the game with the policy; True if it was won. ``work[0]`` counts the steps."""
    limit = s.turn + turn_limit
    steps = 0
    try:
        while True:
            steps += 1
            d = s.decider()
            if d == NOBODY:
                return s.outcome == "won"
            if d == CHANCE:
                s._apply(CHANCE, s.sample_chance(rng))
                continue
            if s.turn > limit:
                return False
            s._apply(0, policy.choose(s, s.legal_actions(0)))
    finally:
        if work is not None:
            work[0] += steps


def play_world(world: HarshState, seed: int, actions: Sequence[Action],
               work: list[int] | None = None) -> list[bool]:
    """Each action played out in one sampled world with the same random numbers (so two
    actions can be compared world by world): whether it won. Every playout meets the same
    Spy reshuffles, whatever its policy drew."""
    out = []
    for a in actions:
        w = world.clone()
        w._apply(0, a)
        # chance and the policy's tie-breaks draw from streams of their own: with one
        # stream, a tie-break drawn in one playout and not in the other shifted every
        # later Spy reshuffle, and the two actions met different Spy decks
        out.append(rollout(w, HarshPolicy(random.Random(seed ^ POLICY_STREAM)),
                           random.Random(seed), work=work))
    return out


def position_seed(view: Mapping[str, Any]) -> int:
    """A seed that depends on nothing but the position, so that asking for a hint twice
    in the same position samples the same worlds and gives the same answer."""
    def plain(o):
        if hasattr(o, "to_data"):
            return o.to_data()      # a text as data (game.i18n.Msg): the same in every language
        return dict(o) if isinstance(o, Mapping) else list(o)
    text = json.dumps(view, sort_keys=True, default=plain)
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


def margin(p: float, n: int) -> float:
    """Half the width of the 95% interval of a win chance estimated from ``n`` worlds."""
    return 1.96 * (max(p * (1 - p), 0.25 / max(n, 1)) / max(n, 1)) ** 0.5


def _class_key(a: Action):
    """Actions that differ only in which face-down Case File card is picked are alike."""
    if a.kind == "reveal":
        return ("reveal", a.args[0], a.args[2])
    if a.kind == "ability" and a.args[0] == "library":
        return ("library", a.args[1])
    return (a.kind, a.args)


def representatives(actions: Sequence[Action]) -> dict:
    """One action of each class (see ``_class_key``), by class, in the order given."""
    reps: dict = {}
    for a in actions:
        reps.setdefault(_class_key(a), a)
    return reps


def hint(view: Mapping[str, Any], actions: Sequence[Action], budget_ms: int = DEFAULT_BUDGET_MS,
         rng: random.Random | None = None, max_samples: int | None = None,
         work_budget: int | None = None, clock=time.perf_counter) -> list[tuple[Action, float, int]]:
    """Estimated win chance of each legal action, best first: [(action, p, samples)].

    Every sampled world is used for every action, and each action's playout in it uses
    the same random numbers (common random numbers), so differences between actions are
    measured more sharply than their absolute values.

    With ``work_budget`` the search stops after that many playout steps, not on the clock:
    the same view and seed then give the same answer however busy the machine is
    (``budget_ms`` on ``clock`` only stops a search that runs far over on a slow one;
    ``time.thread_time`` makes that CPU time, which a busy machine does not shorten).
    """
    rng = rng or random.Random()
    actions = list(actions)
    if not actions:
        return []
    reps = representatives(actions)
    keys = list(reps)
    wins = {k: 0 for k in keys}
    n = 0
    deadline = clock() + budget_ms / 1000.0
    work = [0]
    while True:
        world = determinize(view, rng)
        world_seed = rng.getrandbits(64)
        for k, won in zip(keys, play_world(world, world_seed, [reps[k] for k in keys], work)):
            wins[k] += won
        n += 1
        if max_samples is not None and n >= max_samples:
            break
        if work_budget is not None and work[0] >= work_budget:
            break
        if clock() >= deadline:
            break
    out = [(a, wins[_class_key(a)] / n, n) for a in actions]
    order = {a: i for i, a in enumerate(actions)}
    out.sort(key=lambda t: (-t[1], order[t[0]]))
    return out


MIN_WORLDS_TO_DEVIATE = 16   # the oracle's rule (build_scripts/research/harsh_oracle.py)

# The autopilot's search: how sure a paired comparison must be before an action is
# dropped from the search, and before the heuristic's own choice is overruled. Chosen by
# what the overrules gain in the true world (build_scripts/research/harsh_overrule_gain.py: the
# leader and the heuristic's choice played out in the real state, on the autopilot's own
# games). At Expert (seeds 3001-3120) a sign test at 2 standard errors gained 0.11 wins a
# game, at 1 standard error with a lead of 4 worlds 0.21; at Standard (seeds 4001-4055) 0.09
# and 0.10. At Expert a lead of under 3 worlds gave back most of that gain. In full games
# (2000 playout steps a decision, seeds 1-500) Expert went from 59.8% to 63.6% and
# Standard from 79.4% to 78.8% (level within the noise). Checked again once every action's
# playout met the same Spy reshuffles (Expert, seeds 5001-5160): this rule's overrules gain
# 0.125 wins a game against 0.085 before, and no other z (0-1.5) or lead (2-5) does better.
PRUNE_EVERY = 4        # worlds between two looks at the standings
# Actions clearly behind the leader leave the search, so the contenders get the worlds.
# Full Expert games, 2000 steps a decision, seeds 2001-2500: 65.0% without pruning,
# 66.6% at z 1.5, 69.0% at z 1.0, 69.6% at z 0.5 (1.0 taken: the middle of the gain).
Z_PRUNE = 1.0
Z_DEVIATE = 1.0       # McNemar's sign test, in standard errors
MIN_LEAD = 4           # worlds won by the challenger and lost by the heuristic's choice, net


def _paired(a: list[bool], b: list[bool]) -> tuple[int, int]:
    """Worlds won by ``a`` and lost by ``b``, and the other way round."""
    ab = sum(1 for x, y in zip(a, b) if x and not y)
    ba = sum(1 for x, y in zip(a, b) if y and not x)
    return ab, ba


def _clearly_ahead(wins: int, losses: int, z: float) -> bool:
    """McNemar's sign test on the worlds where the two actions disagree."""
    return wins - losses > z * (wins + losses) ** 0.5


def _leader(live: list, won: dict, base) -> Any:
    """The most worlds won (the heuristic's choice ``base`` first among equals)."""
    return max(live, key=lambda k: (sum(won[k]), k == base))


def prune(live: list, won: dict, base, z: float = Z_PRUNE) -> list:
    """``live`` without the actions clearly behind the leader (``base`` always stays).
    ``won[k]``: per world so far, whether action ``k`` won it."""
    lead = _leader(live, won, base)
    return [k for k in live if k in (lead, base)
            or not _clearly_ahead(*_paired(won[lead], won[k]), z)]


def overrule(live: list, won: dict, base, min_lead: int | None = None,
             z: float | None = None) -> Any:
    """The action that clearly beats the heuristic's choice ``base``, else ``base``."""
    min_lead = MIN_LEAD if min_lead is None else min_lead
    z = Z_DEVIATE if z is None else z
    best = _leader(live, won, base)
    if best == base:
        return base
    ahead, behind = _paired(won[best], won[base])
    return best if ahead - behind >= min_lead and _clearly_ahead(ahead, behind, z) else base


def improve(view: Mapping[str, Any], actions: Sequence[Action], mine: Action, budget_ms: int,
            rng: random.Random, clock=time.perf_counter,
            work_budget: int | None = None) -> tuple[Action, int]:
    """The heuristic's choice ``mine``, unless the search finds a clearly better action.

    Every live action is played in the same sampled worlds with the same random numbers,
    so two actions are compared world by world (a paired test): most worlds end the same
    either way and only the worlds where they differ count as evidence, which is far
    sharper than comparing two win rates. Every few worlds, actions clearly behind the
    leader are dropped, so the budget goes to the contenders. Returns (action, worlds).

    With ``work_budget`` the search stops after that many playout steps instead of after
    ``budget_ms`` on ``clock``: the same view and seed then give the same choice on any
    machine, fast or slow, busy or idle (what the benchmarks' ``--work`` measures).
    """
    reps, base, live, won, n = standings(view, actions, mine, budget_ms, rng, clock, work_budget)
    best = overrule(live, won, base)
    return (mine if best == base else reps[best]), n


def standings(view: Mapping[str, Any], actions: Sequence[Action], mine: Action, budget_ms: int,
              rng: random.Random, clock=time.perf_counter, work_budget: int | None = None):
    """``improve``'s search without its verdict: (representatives by class, the class of
    ``mine``, the classes still live, per class whether it won each world, worlds)."""
    reps = representatives(actions)
    base = _class_key(mine)
    live = list(reps)
    won: dict = {k: [] for k in live}
    deadline = clock() + budget_ms / 1000.0
    n = 0
    work = [0]
    while True:
        world = determinize(view, rng)
        world_seed = rng.getrandbits(64)
        for k, w in zip(live, play_world(world, world_seed, [reps[k] for k in live], work)):
            won[k].append(w)
        n += 1
        if len(live) == 1:
            break
        if work_budget is not None:
            if work[0] >= work_budget:
                break
        elif clock() >= deadline:
            break
        if n % PRUNE_EVERY == 0 and len(live) > 2:
            live = prune(live, won, base)
    return reps, base, live, won, n


class HarshBot:
    """The autopilot: heuristic alone with no budget, else the heuristic's choice unless
    the search shows clearly that another action wins more often."""

    def __init__(self, seat: int = 0, seed: int = 0, think_ms: int | None = 0,
                 work: int | None = None) -> None:
        self.seat = seat
        self.rng = random.Random(seed * 7919 + 17)
        self.think_ms = think_ms or 0
        self.work = work   # playout steps a decision, in place of think_ms (benchmarks)
        self.policy = HarshPolicy(self.rng)
        self.last_worlds = 0

    def choose(self, view: Mapping[str, Any], actions: Sequence[Action]) -> Action:
        actions = list(actions)
        if len(actions) == 1:
            return actions[0]
        world = determinize(view, self.rng)
        mine = self.policy.choose(world, world.legal_actions(0))
        if self.work is None and self.think_ms <= 0:
            return mine
        work = self.work
        if work is None and think_clock.counted():
            work = think_clock.counted_budget(self.think_ms, STEPS_PER_SECOND)
        # the think clock: wall time in the app; in the simulator a count of playout steps
        choice, self.last_worlds = improve(view, actions, mine, self.think_ms, self.rng,
                                           clock=think_clock.now, work_budget=work)
        return choice


LEVEL_BUDGETS = {"easy": 0, "normal": 40, "hard": DEFAULT_BUDGET_MS}
# Playout steps the search gets through per second of think time, measured once (python
# -m game.ai.calibrate harsh): with the clock "count" (simulator, benchmarks) a decision's
# search stops after think_ms / 1000 * this many steps instead of on the clock.
STEPS_PER_SECOND = 22900


def make_bot(level: str, seat: int = 0, seed: int = 0, think_ms: int | None = None,
             work: int | None = None) -> HarshBot:
    """bot_factory: easy = heuristic, normal = short search, hard = full hint search.

    An explicit ``think_ms`` overrides the level's budget (0: heuristic alone); ``work``
    (playout steps a decision) replaces the clock with a count, for machine-independent
    benchmarks.
    """
    if level not in LEVEL_BUDGETS:
        raise ValueError(f"unknown bot level {level!r} (easy, normal, hard)")
    if work is not None and work <= 0:
        raise ValueError(f"work must be a positive number of playout steps, not {work}")
    budget = LEVEL_BUDGETS[level] if think_ms is None else think_ms
    return HarshBot(seat, seed=seed, think_ms=budget, work=work)
