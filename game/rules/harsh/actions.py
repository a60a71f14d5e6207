"""What the player may do now: the legal actions of each phase (cached: ``legal_actions``
is on the hot path), why an additional action is not allowed, and why an action is illegal."""

from __future__ import annotations

from itertools import permutations

from game.i18n import Msg
from game.rules.protocol import CHANCE, Action, Event

from .abilities import ABILITIES
from .data import (
    ABILITY_KEYS,
    ABILITY_NAME,
    BOMB,
    CASE_FILE_NAMES,
    CLUE,
    CLUE2,
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
from .words import kind, listed, name, payment, place

# --- cached actions (labels are built once: legal_actions is on the hot path) ---------------------
# Labels are messages as data (game.i18n.Msg): shown in the language in force when read.
_ACCUSE = Action("accuse", (), Msg("Accuse the Spy"))
_SLIP = Action("slip", (), Msg("Let the Spy go (Safe house: no discard)"))
_NO_CARD = Action("no_card", (), Msg("Let the Spy go with no card to discard (the mission fails)"))
_KIT_YES = Action("kit", (True,), Msg("Use the Defusing Kit (no discard, the turn goes on)"))
_KIT_NO = Action("kit", (False,), Msg("Keep the Defusing Kit (discard a card, the turn ends)"))
_KEEP = Action("stakeout", ("keep",), Msg("Leave the Spy card on top"))
_BOTTOM = Action("stakeout", ("bottom",), Msg("Put the Spy card at the bottom of the Spy deck"))
_BUG_PLACE = Action("bug", (), Msg("Place the Tracking Bug here"))
_BUG_MOVE = Action("bug", (), Msg("Move the Tracking Bug here"))
_TRACK = Action("track", (), Msg("Track the Spy (look at the top Spy card)"))
_END = Action("end", (), Msg("End turn (the Spy moves)"))

# the actions whose words do not depend on the moment (a refusal names them)
_LABELLED = (_ACCUSE, _SLIP, _NO_CARD, _KIT_YES, _KIT_NO, _KEEP, _BOTTOM, _TRACK, _END)
_MOVES: dict = {}
_DISCARDS = {k: Action("discard", (k,), Msg("Discard {card}", card=kind(k))) for k in range(BOMB)}
_REVEALS: dict = {}
_ORDERS: dict = {}


# reasons an additional action is not allowed (made once: blockers() is in every view)
_AFTER_MOVING = Msg("only after moving, during your additional actions")
_OVER = Msg("the game is over")
_BUGGED = Msg("the Spy is already bugged")
_NO_BUG_AT_STAR = Msg("the bug cannot be placed at a ★ Location")
_SPY_HERE = Msg("the Spy is at your Location")
_BUG_HERE = Msg("the bug is already here")
_NOT_BUGGED = Msg("the Spy is not bugged yet")
_TRACKED_TWICE = Msg("the Tracking Bug has been used twice")
_NO_TRACK_AT_STAR = Msg("the Spy cannot be tracked at a ★ Location")


# per Location, made once: the bots ask for the legal actions many times a second
_SWITCHED_OFF = tuple(Msg("{place}'s ability is switched off in this game", place=place(loc))
                      for loc in range(len(LOC_NAME)))
_ALREADY_USED = tuple(Msg("{place}'s ability was already used", place=place(loc))
                      for loc in range(len(LOC_NAME)))
_FACE_DOWN = tuple(Msg("{place} is face down", place=place(loc)) for loc in range(len(LOC_NAME)))


def _ability_label(loc: int, suffix) -> Msg:
    """``suffix``: "" or the recipe of the target's words (abilities.py)."""
    if suffix:
        return Msg("Use {place}: {ability} ({target})", place=place(loc),
                   ability=name(ABILITY_NAME[loc]), target=suffix[0](*suffix[1:]))
    return Msg("Use {place}: {ability}", place=place(loc), ability=name(ABILITY_NAME[loc]))


def _move_action(q: int, loc: int, d: str) -> Action:
    key = (q, loc, d)
    a = _MOVES.get(key)
    if a is None:
        a = _MOVES[key] = Action("move", (q,), Msg("Move to {place} ({direction})",
                                                    place=place(loc), direction=name(d)))
    return a


def _discard_action(k: int) -> Action:
    return _DISCARDS[k]


def _reveal_action(f: int, slot: int, x2: int, cost: int) -> Action:
    key = (f, slot, x2, cost)
    a = _REVEALS.get(key)
    if a is None:
        a = _REVEALS[key] = Action("reveal", (f, slot, x2), Msg(
            "Reveal {file} card {slot} (pay {pay})", file=name(CASE_FILE_NAMES[f]),
            slot=slot + 1, pay=payment(cost, x2)))
    return a


def _orders(cards: tuple) -> list[Action]:
    acts = _ORDERS.get(cards)
    if acts is None:
        seen = []
        for p in permutations(cards):
            if p not in seen:
                seen.append(p)
        acts = _ORDERS[cards] = [
            Action("order", p, Msg("Put back (top first): {cards}", cards=listed(kind(k) for k in p)))
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
            why = _AFTER_MOVING
            if self.phase == OVER:
                why = _OVER
            return [(name, why) for name in ACTION_NAMES]
        checks = (self._clue_block, self._bug_block, self._track_block, self._ability_block)
        out = []
        for action_name, block in zip(ACTION_NAMES, checks):
            why = block()
            if why:
                out.append((action_name, why))
        return out

    def _clue_block(self) -> str:
        if self.clue_used:
            return Msg("you already used clues this turn")
        costs = [self.cost(f) for f in range(3) if not all(self.rev[f])]
        if not costs:
            return Msg("every Confiscated Item is already revealed")
        have = self.clue_total()
        if have < min(costs):
            return Msg("not enough Clues (you have {have}, the cheapest reveal costs {cost})",
                       have=have, cost=min(costs))
        return ""

    def _bug_block(self) -> str:
        if self.bugged:
            return _BUGGED
        if LOC_STAR[self.grid[self.agent]]:
            return _NO_BUG_AT_STAR
        if self.spy == self.agent:
            return _SPY_HERE
        if self.bug == self.agent:
            return _BUG_HERE
        return ""

    def _track_block(self) -> str:
        if not self.bugged:
            return _NOT_BUGGED
        if self.tracks <= 0:
            return _TRACKED_TWICE
        if LOC_STAR[self.grid[self.spy]]:
            return _NO_TRACK_AT_STAR
        return ""

    def _ability_block(self) -> str:
        loc = self.grid[self.agent]
        key = ABILITY_KEYS[loc]
        if not self.abil[loc]:
            return _SWITCHED_OFF[loc]
        if self.used[loc]:
            return _ALREADY_USED[loc]
        if self.down[self.agent]:
            return _FACE_DOWN[loc]
        return ABILITIES[key].blocked(self)

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        # the caller gets a copy: the list kept is the engine's own, so that an action a
        # caller adds to what it was given is still checked (apply trusts the kept list)
        out = self._legal = self._choices(seat)
        return out[:]

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
                out.append(Action("ability", (key,) + args, (_ability_label, loc, suffix)))
        out.append(_END)
        return out

    def apply(self, seat: int, action: Action) -> list[Event]:
        # check()'s first fast path written in (the protocol loop is legal_actions, then
        # apply of an action picked from that list): the very object listed since the last
        # change is legal. Found by identity in a plain loop (the list is short: no map,
        # no id() calls, no Python __eq__). Anything else: the full check.
        listed = self._legal
        if seat == 0 and listed is not None:
            for a in listed:
                if a is action:
                    return self._apply(0, action)
        self.check(seat, action)
        return self._apply(seat, action)

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
            return _OVER
        if seat != 0:
            return Msg("Harsh Shadows has a single player (seat 0)")
        if self.decider() == CHANCE:
            return Msg("waiting for a shuffle")
        kind = action.kind
        if kind == "move" and self.phase == MOVE:
            return Msg("the Agent moves one step to one of the 8 neighbouring Locations")
        if kind == "accuse":
            if not self.bugged:
                return Msg("you can only accuse once the Spy is bugged")
            return Msg("you can only accuse on the Spy's Location when you move there or start there")
        if self.phase != ACTIONS and kind in ("reveal", "bug", "track", "ability", "end"):
            return Msg("that is an additional action; now you must {prompt}",
                       prompt=PHASE_PROMPTS[self.phase])
        reasons = dict(self.blockers())
        key = {"reveal": "Use clues", "bug": "Place the Tracking Bug", "track": "Track the Spy",
               "ability": "Use Location ability"}.get(kind)
        if key and key in reasons:
            return reasons[key]
        if kind == "reveal":
            return Msg("that Case File card cannot be revealed that way (cost or card)")
        if kind == "discard":
            return Msg("you can only discard a card you hold (and not a protected Item)")
        words = self._action_words(action)
        prompt = PHASE_PROMPTS.get(self.phase, "")
        if words is None:
            return Msg("that is not allowed now: {prompt}", prompt=prompt)
        return Msg("{action} is not allowed now: {prompt}", action=words, prompt=prompt)

    def _action_words(self, action: Action):
        """An action in words for a refusal: its label, or for a move made from a click
        (no label) the Location it heads for; None where nothing fits (never the raw
        ``move(7,)``, which no player could read)."""
        words = action.label_message
        if words:
            return words
        for known in _LABELLED:
            if known == action:
                return known.label_message
        args = action.args
        if action.kind == "discard" and len(args) == 1 and args[0] in _DISCARDS:
            return _DISCARDS[args[0]].label_message
        if action.kind == "move" and len(args) == 1 and isinstance(args[0], int) \
                and 0 <= args[0] < len(self.grid):
            return Msg("Move to {place}", place=place(self.grid[args[0]]))
        return None
