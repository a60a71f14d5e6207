"""What the player may do now: the legal actions of each phase (cached: ``legal_actions``
is on the hot path), why an additional action is not allowed, and why an action is illegal."""

from __future__ import annotations

from itertools import permutations

from game.rules.protocol import CHANCE, Action

from .abilities import ABILITIES
from .data import (
    ABILITY_KEYS,
    ABILITY_NAME,
    BOMB,
    CASE_FILE_NAMES,
    CLUE,
    CLUE2,
    KIND_NAMES,
    LOC_NAME,
    LOC_STAR,
    NEIGHBOUR_SETS,
    NEIGHBOURS,
)
from .phases import (
    ACTION_NAMES,
    ACTIONS,
    BOMB_CHOICE,
    DISCARD,
    MEETING,
    MOVE,
    OVER,
    PHASE_PROMPTS,
    REORDER,
    RESHUFFLE,
    STAKEOUT,
)

# --- cached actions (labels are built once: legal_actions is on the hot path) ---------------------
_ACCUSE = Action("accuse", (), "Accuse the Spy")
_SLIP = Action("slip", (), "Let the Spy go (Safe house: no discard)")
_NO_CARD = Action("no_card", (), "Let the Spy go with no card to discard (the mission fails)")
_KIT_YES = Action("kit", (True,), "Use the Defusing Kit (no discard, the turn goes on)")
_KIT_NO = Action("kit", (False,), "Keep the Defusing Kit (discard a card, the turn ends)")
_KEEP = Action("stakeout", ("keep",), "Leave the Spy card on top")
_BOTTOM = Action("stakeout", ("bottom",), "Put the Spy card at the bottom of the Spy deck")
_BUG_PLACE = Action("bug", (), "Place the Tracking Bug here")
_BUG_MOVE = Action("bug", (), "Move the Tracking Bug here")
_TRACK = Action("track", (), "Track the Spy (look at the top Spy card)")
_END = Action("end", (), "End turn (the Spy moves)")

_MOVES: dict = {}
_DISCARDS = {k: Action("discard", (k,), f"Discard {KIND_NAMES[k]}") for k in range(BOMB)}
_REVEALS: dict = {}
_ORDERS: dict = {}


def _move_action(q: int, loc: int, d: str) -> Action:
    key = (q, loc, d)
    a = _MOVES.get(key)
    if a is None:
        a = _MOVES[key] = Action("move", (q,), f"Move to {LOC_NAME[loc]} ({d})")
    return a


def _discard_action(k: int) -> Action:
    return _DISCARDS[k]


def _reveal_action(f: int, slot: int, x2: int, cost: int) -> Action:
    key = (f, slot, x2, cost)
    a = _REVEALS.get(key)
    if a is None:
        if x2:
            pay = "Clue x2" + (f" + {cost - 2} Clue" + ("s" if cost > 3 else "") if cost > 2 else "")
        else:
            pay = f"{cost} Clue" + ("s" if cost > 1 else "")
        a = _REVEALS[key] = Action("reveal", (f, slot, x2),
                                   f"Reveal {CASE_FILE_NAMES[f]} card {slot + 1} (pay {pay})")
    return a


def _orders(cards: tuple) -> list[Action]:
    acts = _ORDERS.get(cards)
    if acts is None:
        seen = []
        for p in permutations(cards):
            if p not in seen:
                seen.append(p)
        acts = _ORDERS[cards] = [
            Action("order", p, "Put back (top first): " + ", ".join(KIND_NAMES[k] for k in p))
            for p in sorted(seen)]
    return acts


class Choices:
    """HarshState's legal actions, the action buttons' reasons and the refusals."""

    __slots__ = ()
    # The last list legal_actions made; _apply forgets it, so while it is set nothing has
    # changed and check may trust what it holds (instances have a __dict__ via GameState).
    _legal = None

    def ability_here(self) -> str:
        """The key of the ability at the Agent's Location ("" if it has none usable)."""
        loc = self.grid[self.agent]
        return ABILITY_KEYS[loc]

    def blockers(self) -> list[tuple[str, str]]:
        """(additional action, why it is not allowed now) for the action buttons."""
        if self.phase != ACTIONS:
            why = "only after moving, during your additional actions"
            if self.phase == OVER:
                why = "the game is over"
            return [(name, why) for name in ACTION_NAMES]
        checks = (self._clue_block, self._bug_block, self._track_block, self._ability_block)
        out = []
        for name, block in zip(ACTION_NAMES, checks):
            why = block()
            if why:
                out.append((name, why))
        return out

    def _clue_block(self) -> str:
        if self.clue_used:
            return "you already used clues this turn"
        costs = [self.cost(f) for f in range(3) if not all(self.rev[f])]
        if not costs:
            return "every Confiscated Item is already revealed"
        have = self.clue_total()
        if have < min(costs):
            return f"not enough Clues (you have {have}, the cheapest reveal costs {min(costs)})"
        return ""

    def _bug_block(self) -> str:
        if self.bugged:
            return "the Spy is already bugged"
        if LOC_STAR[self.grid[self.agent]]:
            return "the bug cannot be placed at a ★ Location"
        if self.spy == self.agent:
            return "the Spy is at your Location"
        if self.bug == self.agent:
            return "the bug is already here"
        return ""

    def _track_block(self) -> str:
        if not self.bugged:
            return "the Spy is not bugged yet"
        if self.tracks <= 0:
            return "the Tracking Bug has been used twice"
        if LOC_STAR[self.grid[self.spy]]:
            return "the Spy cannot be tracked at a ★ Location"
        return ""

    def _ability_block(self) -> str:
        loc = self.grid[self.agent]
        key = ABILITY_KEYS[loc]
        if not self.abil[loc]:
            return f"{LOC_NAME[loc]}'s ability is switched off in this game"
        if self.used[loc]:
            return f"{LOC_NAME[loc]}'s ability was already used"
        if self.down[self.agent]:
            return f"{LOC_NAME[loc]} is face down"
        return ABILITIES[key].blocked(self)

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        out = self._legal = self._choices(seat)
        return out

    def _choices(self, seat: int | None) -> list[Action]:
        ph = self.phase
        if ph in ("setup", RESHUFFLE, OVER) or (seat is not None and seat != 0):
            return []
        if ph == MOVE:
            out = []
            if self.spy == self.agent and self.bugged:
                out.append(_ACCUSE)
            a = self.agent
            grid = self.grid
            for d, q in NEIGHBOURS[a]:
                out.append(_move_action(q, grid[q], d))
            return out
        if ph == ACTIONS:
            return self._additional_actions()
        if ph == DISCARD:
            return [_discard_action(k) for k in self.discardable()]
        if ph == MEETING:
            out = [_ACCUSE]
            if self._safe_house_active(False):
                out.append(_SLIP)
            else:
                out += [_discard_action(k) for k in self.discardable()] or [_NO_CARD]
            return out
        if ph == BOMB_CHOICE:
            return [_KIT_YES, _KIT_NO]
        if ph == REORDER:
            return _orders(tuple(self.pending))
        if ph == STAKEOUT:
            return [_KEEP, _BOTTOM]
        return []

    def _additional_actions(self) -> list[Action]:
        out = []
        if not self.clue_used:
            # Same result as _clue_block + _payments, written out: this is the hot path.
            coll = self.coll
            n1 = coll.count(CLUE)
            has2 = CLUE2 in coll
            rev = self.rev
            for f in range(3):
                c = self.cost(f)
                pays = (0,) if n1 >= c else ()
                if has2 and n1 >= c - 2:
                    pays += (1,)
                if not pays:
                    continue
                for slot, shown in enumerate(rev[f]):
                    if not shown:
                        for x2 in pays:
                            a = _REVEALS.get((f, slot, x2, c))
                            out.append(a or _reveal_action(f, slot, x2, c))
        if not self._bug_block():
            out.append(_BUG_MOVE if self.bug >= 0 else _BUG_PLACE)
        if not self._track_block():
            out.append(_TRACK)
        if not self._ability_block():
            loc = self.grid[self.agent]
            key = ABILITY_KEYS[loc]
            for args, suffix in ABILITIES[key].targets(self):
                out.append(Action("ability", (key,) + args,
                                  f"Use {LOC_NAME[loc]}: {ABILITY_NAME[loc]}"
                                  + (f" ({suffix})" if suffix else "")))
        out.append(_END)
        return out

    def check(self, seat: int, action: Action) -> None:
        # Fast paths: an action legal_actions listed since the last change, and the two
        # most common choices (same answer as the full list).
        if seat == 0:
            listed = self._legal
            # (by identity first: the object picked from the list, without Python __eq__s)
            if listed is not None and (id(action) in map(id, listed) or action in listed):
                return
            ph = self.phase
            if ph == MOVE and action.kind == "move" and len(action.args) == 1 \
                    and action.args[0] in NEIGHBOUR_SETS[self.agent]:
                return
            if ph == ACTIONS and action.kind == "end" and not action.args:
                return
        super().check(seat, action)

    def explain_illegal(self, seat: int, action: Action) -> str:
        if self.phase == OVER:
            return "the game is over"
        if seat != 0:
            return "Harsh Shadows has a single player (seat 0)"
        if self.decider() == CHANCE:
            return "waiting for a shuffle"
        kind = action.kind
        if kind == "move" and self.phase == MOVE:
            return "the Agent moves one step to one of the 8 neighbouring Locations"
        if kind == "accuse":
            if not self.bugged:
                return "you can only accuse once the Spy is bugged"
            return "you can only accuse on the Spy's Location when you move there or start there"
        if self.phase != ACTIONS and kind in ("reveal", "bug", "track", "ability", "end"):
            return f"that is an additional action; now you must {PHASE_PROMPTS[self.phase]}"
        reasons = dict(self.blockers())
        key = {"reveal": "Use clues", "bug": "Place the Tracking Bug", "track": "Track the Spy",
               "ability": "Use Location ability"}.get(kind)
        if key and key in reasons:
            return reasons[key]
        if kind == "reveal":
            return "that Case File card cannot be revealed that way (cost or card)"
        if kind == "discard":
            return "you can only discard a card you hold (and not a protected Item)"
        return f"{action} is not allowed now: {PHASE_PROMPTS.get(self.phase, '')}"
