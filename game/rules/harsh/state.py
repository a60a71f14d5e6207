"""The Harsh Shadows state machine (one player, seat 0). See the package docstring."""

from __future__ import annotations

import random
from itertools import permutations
from typing import Mapping

from game.rules.protocol import CHANCE, NOBODY, Action, Event, GameState, Result, RuleError

from .abilities import ABILITIES
from .data import (
    ABILITY_KEYS,
    ABILITY_NAME,
    AGENT_START,
    BOMB,
    CASE_FILE_NAMES,
    CENTRE,
    CLUE,
    CLUE2,
    DIFFICULTIES,
    DISCOVERY_COUNTS,
    EVIDENCE,
    EVIDENCE_COST,
    FALSE_LEAD_COST,
    ITEMS,
    KIND_NAMES,
    LOC_BY_ABILITY,
    LOC_NAME,
    LOC_STAR,
    MAX_STACK_FROM_SPY,
    N_ITEMS,
    NEIGHBOUR_SETS,
    NEIGHBOURS,
    RED_HERRING,
    RED_HERRING_COST,
    RED_HERRING_COST_AFTER_EVIDENCE,
    SPY_CARDS,
    SPY_START,
    SPY_TURNED_AT_SHUFFLE,
    STARTING_DEAL,
    TRACKS_PER_GAME,
    arrows,
    spy_destination,
)

# Phases. The first five setup steps and the Spy deck reshuffle are chance steps.
SETUP_STEPS = ("grid", "deal", "deck", "cases", "spydeck")
MOVE, BOMB_CHOICE, DISCARD, MEETING, ACTIONS = "move", "bomb", "discard", "meeting", "actions"
REORDER, STAKEOUT, RESHUFFLE, OVER = "reorder", "stakeout", "reshuffle", "over"
PLAYER_PHASES = (MOVE, BOMB_CHOICE, DISCARD, MEETING, ACTIONS, REORDER, STAKEOUT)

# How a game can end: code -> one-sentence explanation used in the result and the events.
OUTCOMES = {
    "won": "You accused the Spy holding all three Evidence Items and no Red Herring: "
           "the Spy is apprehended.",
    "red-herring": "You accused the Spy while holding a Red Herring Item: the mission fails.",
    "missing-evidence": "You accused the Spy without all three Evidence Items: the Spy walks free.",
    "countdown": "The Countdown reached zero while the Spy was On the Run: time ran out.",
    "bomb-no-card": "A Bomb went off and you had no card left to discard: the mission fails.",
    "meeting-no-card": "You met the Spy and had no card left to discard: the mission fails.",
}

# What a forced discard paid for, as the log says it.
_DISCARD_WHY = {"bomb": " (the Bomb)", "meeting": " (you met the Spy)",
                "spy": " (the Spy ran into you)"}

ACTION_NAMES = ("Use clues", "Place the Tracking Bug", "Track the Spy", "Use Location ability")


def _copy2(rows):
    return [list(r) for r in rows]


class HarshState(GameState):
    """One game of Harsh Shadows. Plain lists and ints so that ``clone`` is cheap."""

    GAME_ID = "harsh"

    __slots__ = ("difficulty", "x2", "deal_counts", "countdown_start", "abil", "stage",
                 "grid", "down", "used", "stacks", "origin", "dealt_bomb_found", "deck",
                 "deck_known", "coll", "protected", "discard", "conf", "rev", "kit_used",
                 "bug", "bugged", "tracks", "spy", "agent", "spydeck", "spy_moves",
                 "peek_top", "peek_bottom", "countdown", "turn", "phase", "arrival",
                 "turn_over", "clue_used", "spy_stays", "safe_until", "pending",
                 "discard_for", "outcome")

    # --- creation ------------------------------------------------------------------------------
    @classmethod
    def new(cls, num_players: int = 1, options: Mapping[str, str] | None = None) -> "HarshState":
        if num_players != 1:
            raise ValueError("Harsh Shadows is a solo game (1 player)")
        opts = dict(options or {})
        difficulty = opts.get("difficulty", "standard")
        if difficulty not in DIFFICULTIES:
            raise ValueError(f"unknown difficulty {difficulty!r}")
        x2, deal_counts, countdown = DIFFICULTIES[difficulty]
        if opts.get("countdown", "auto") not in ("auto", "", None):
            countdown = int(opts["countdown"])
        abil = [opts.get(f"ability_{key}", "on") != "off" for key in ABILITY_KEYS]
        s = cls.__new__(cls)
        s.difficulty = difficulty
        s.x2 = x2
        s.deal_counts = list(deal_counts)
        s.countdown_start = countdown
        s.abil = abil
        s.stage = 0
        s.grid = []
        s.down = [False] * 9
        s.used = [False] * 9
        s.stacks = [[] for _ in range(9)]
        s.origin = [[] for _ in range(9)]
        s.dealt_bomb_found = False
        s.deck = []
        s.deck_known = 0
        s.coll = []
        s.protected = -1
        s.discard = []
        s.conf = [[], [], []]
        s.rev = [[], [], []]
        s.kit_used = False
        s.bug = -1
        s.bugged = False
        s.tracks = TRACKS_PER_GAME
        s.spy = SPY_START
        s.agent = AGENT_START
        s.spydeck = []
        s.spy_moves = []
        s.peek_top = False
        s.peek_bottom = False
        s.countdown = countdown
        s.turn = 0
        s.phase = "setup"
        s.arrival = False
        s.turn_over = False
        s.clue_used = False
        s.spy_stays = False
        s.safe_until = -1
        s.pending = []
        s.discard_for = ""
        s.outcome = None
        return s

    @property
    def num_players(self) -> int:
        return 1

    def box(self) -> dict[int, int]:
        """Discovery cards of each kind in this game (the difficulty may remove Clue x2)."""
        counts = dict(DISCOVERY_COUNTS)
        if not self.x2:
            counts[CLUE2] = 0
        return counts

    # --- who decides ---------------------------------------------------------------------------
    def decider(self) -> int:
        ph = self.phase
        if ph == OVER:
            return NOBODY
        if ph == "setup" or ph == RESHUFFLE:
            return CHANCE
        return 0

    # --- chance --------------------------------------------------------------------------------
    def _chance_kind(self) -> str:
        return "spydeck" if self.phase == RESHUFFLE else SETUP_STEPS[self.stage]

    def sample_chance(self, rng: random.Random) -> Action:
        kind = self._chance_kind()
        if kind == "grid":
            order = list(range(9))
            rng.shuffle(order)
            return Action("grid", tuple(order), "Shuffle the Locations into the grid")
        if kind == "deal":
            pool = [k for k, n in self.box().items() if k != BOMB for _ in range(n)]
            rng.shuffle(pool)
            nine = pool[:STARTING_DEAL - 1] + [BOMB]
            rng.shuffle(nine)
            return Action("deal", tuple(nine), "Deal one Discovery card to each Location")
        if kind == "deck":
            rest = self._undealt()
            rng.shuffle(rest)
            return Action("deck", tuple(rest), "Shuffle the Discovery deck")
        if kind == "cases":
            items = list(range(N_ITEMS))
            rng.shuffle(items)
            return Action("cases", tuple(items), "Deal the Confiscated Items under the Case Files")
        cards = list(SPY_CARDS)
        rng.shuffle(cards)
        turned = tuple(sorted(rng.sample(cards, SPY_TURNED_AT_SHUFFLE)))
        return Action("spydeck", (tuple(cards), turned), "Shuffle the Spy deck")

    def _undealt(self) -> list[int]:
        counts = self.box()
        for pos in range(9):
            for k in self.stacks[pos]:
                counts[k] -= 1
        return [k for k in sorted(counts) for _ in range(counts[k])]

    def check_chance(self, action: Action) -> None:
        kind = self._chance_kind()
        if action.kind != kind:
            raise RuleError(f"expected a {kind!r} random outcome, not {action.kind!r}")
        a = action.args
        ok = True
        if kind == "grid":
            ok = sorted(a) == list(range(9))
        elif kind == "deal":
            box = self.box()
            ok = (len(a) == STARTING_DEAL and a.count(BOMB) == 1
                  and all(isinstance(k, int) and 0 <= k <= BOMB and a.count(k) <= box[k]
                          for k in a))
        elif kind == "deck":
            ok = sorted(a) == self._undealt()
        elif kind == "cases":
            ok = sorted(a) == list(range(N_ITEMS))
        else:
            ok = (len(a) == 2 and sorted(a[0]) == sorted(SPY_CARDS)
                  and len(set(a[1])) == SPY_TURNED_AT_SHUFFLE and set(a[1]) <= set(SPY_CARDS))
        if not ok:
            raise RuleError(f"not a valid {kind!r} outcome: {a!r}")

    def _apply_chance(self, action: Action) -> list[Event]:
        a = action.args
        kind = action.kind
        if kind == "spydeck":
            turned = set(a[1])
            # args list the deck top first; the list keeps the top at the end.
            self.spydeck = [c * 2 + (c in turned) for c in reversed(a[0])]
            self.peek_top = self.peek_bottom = False
            self.spy_moves = []
            if self.phase == RESHUFFLE:
                ev = [Event("spy_deck_shuffled", {"cards": len(self.spydeck)},
                            "The Spy deck ran out: it is reshuffled with 4 cards turned.")]
                return ev + self._start_turn()
            self.stage += 1
            return [Event("spy_deck_shuffled", {"cards": len(self.spydeck)},
                          "The Spy deck is shuffled with 4 cards turned.")] + self._start_turn()
        self.stage += 1
        if kind == "grid":
            self.grid = list(a)
            self.down = [p == CENTRE for p in range(9)]
            return [Event("grid", {"grid": tuple(LOC_NAME[i] for i in a)},
                          "The nine Locations are laid out; the centre one face down.")]
        if kind == "deal":
            self.stacks = [[k] for k in a]
            self.origin = [[True] for _ in a]
            return [Event("dealt", {}, "One face-down Discovery card lies at each Location.")]
        if kind == "deck":
            self.deck = list(reversed(a))
            return [Event("deck", {"cards": len(self.deck)},
                          f"The Discovery deck holds {len(self.deck)} cards.")]
        items = list(a)
        n_e, n_r, _ = self.deal_counts
        self.conf = [items[:n_e], items[n_e:n_e + n_r], items[n_e + n_r:]]
        self.rev = [[False] * len(f) for f in self.conf]
        return [Event("cases", {"counts": tuple(self.deal_counts)},
                      "The Confiscated Items are dealt face down under the Case Files.")]

    # --- turn structure ----------------------------------------------------------------------------
    def _start_turn(self) -> list[Event]:
        self.turn += 1
        self.phase = MOVE
        self.clue_used = False
        self.turn_over = False
        self.arrival = False
        return [Event("turn", {"turn": self.turn}, f"Turn {self.turn}: move your Agent.")]

    def _arrive(self, pos: int, how: str) -> list[Event]:
        frm = self.agent
        self.agent = pos
        name = LOC_NAME[self.grid[pos]]
        ev = [Event("agent_moved", {"from": frm, "to": pos, "how": how},
                    f"The Agent moves to {name}" + (f" ({how})." if how != "move" else "."))]
        if self.stacks[pos]:
            kind = self.stacks[pos].pop(0)
            dealt = self.origin[pos].pop(0)
            ev += self._found(kind, pos, name, dealt=dealt, arrival=True)
        else:
            ev += self._after_arrival()
        return ev

    def _found(self, kind: int, pos: int, where: str, dealt: bool, arrival: bool) -> list[Event]:
        """Resolve a Discovery card the Agent turned over."""
        self.arrival = arrival
        ev = [Event("card_found", {"card": KIND_NAMES[kind], "pos": pos, "source": where,
                                   "dealt": dealt},
                    f"Found: {KIND_NAMES[kind]} ({where}).")]
        if kind != BOMB:
            self.coll.append(kind)
            return ev + self._after_found()
        if dealt:
            self.dealt_bomb_found = True
        # The Bomb is discarded whatever the player decides.
        self.discard.append(BOMB)
        if not self.kit_used:
            self.phase = BOMB_CHOICE
            return ev + [Event("bomb", {"pos": pos}, "A Bomb! Use the Defusing Kit?")]
        return ev + self._bomb_goes_off()

    def _after_found(self) -> list[Event]:
        if self.arrival:
            return self._after_arrival()
        self.phase = ACTIONS
        return []

    def _bomb_goes_off(self) -> list[Event]:
        self.turn_over = True
        ev = [Event("bomb_exploded", {},
                    "The Bomb goes off: discard it and one card; your turn ends.")]
        if not self.discardable():
            return ev + self._lose("bomb-no-card")
        self.phase = DISCARD
        self.discard_for = "bomb"
        return ev

    def _after_arrival(self) -> list[Event]:
        """Step (b) of an arrival: the Spy may be here."""
        if self.spy == self.agent:
            ev = [Event("meeting", {"pos": self.agent, "by": "agent"},
                        "The Agent walks into the Spy.")]
            if self.bugged:
                self.phase = MEETING
                self.discard_for = "meeting"
                return ev
            return ev + self._meeting_cost(spy_move=False)
        if self.turn_over:
            return self._end_turn()
        self.phase = ACTIONS
        return []

    def _safe_house_active(self, spy_move: bool) -> bool:
        if self.safe_until < 0:
            return False
        return self.turn < self.safe_until or (self.turn == self.safe_until and not spy_move)

    def _meeting_cost(self, spy_move: bool) -> list[Event]:
        """The discard a meeting forces (cancelled by the Safe house)."""
        if self._safe_house_active(spy_move):
            self.safe_until = -1
            ev = [Event("safe_house", {}, "Safe house: this meeting costs no card.")]
            return ev + (self._after_spy() if spy_move else self._end_turn())
        if not self.discardable():
            return self._lose("meeting-no-card")
        self.phase = DISCARD
        self.discard_for = "spy" if spy_move else "meeting"
        return []

    def _end_turn(self) -> list[Event]:
        self.turn_over = False
        self.arrival = False
        if self.spy_stays:
            self.spy_stays = False
            return [Event("spy_stayed", {"pos": self.spy},
                          "The Spy is lost in the crowd and does not move.")] + self._after_spy()
        return self._spy_move()

    def _spy_move(self) -> list[Event]:
        code = self.spydeck.pop()
        card, turned = divmod(code, 2)
        self.peek_top = False
        if not self.spydeck:
            self.peek_bottom = False
        frm = self.spy
        to, arrow, rotated, d = spy_destination(frm, card, bool(turned))
        self.spy = to
        self.spy_moves.append((card, turned, arrow, rotated, d, frm, to))
        ev = [Event("spy_moved", {"from": frm, "to": to, "card": card, "turned": bool(turned),
                                  "arrow": arrow, "rotated": rotated, "direction": d},
                    f"Spy card {card}{' (turned)' if turned else ''}: the Spy moves {d} "
                    f"({arrow} arrow{', card rotated' if rotated else ''}) to "
                    f"{LOC_NAME[self.grid[to]]}.")]
        if self.bug == to and not self.bugged:
            self.bugged = True
            self.bug = -1
            ev.append(Event("spy_bugged", {"pos": to}, "The Spy walks onto the Tracking Bug: "
                                                       "the Spy is bugged!"))
        if self.deck:
            if len(self.stacks[to]) < MAX_STACK_FROM_SPY:
                self.stacks[to].append(self.deck.pop())
                self.origin[to].append(False)
                if self.deck_known:
                    self.deck_known -= 1
                ev.append(Event("card_added", {"pos": to, "deck": len(self.deck)},
                                "The Spy leaves a Discovery card there."
                                + (" The Discovery deck is empty: the Spy is On the Run!"
                                   if not self.deck else "")))
        elif not self.stacks[to]:
            self.countdown -= 1
            ev.append(Event("countdown", {"value": self.countdown},
                            f"On the Run: the Countdown drops to {self.countdown}."))
            if self.countdown <= 0:
                return ev + self._lose("countdown")
        if to == self.agent:
            ev.append(Event("meeting", {"pos": to, "by": "spy"}, "The Spy runs into the Agent."))
            return ev + self._meeting_cost(spy_move=True)
        return ev + self._after_spy()

    def _after_spy(self) -> list[Event]:
        if not self.spydeck:
            self.phase = RESHUFFLE
            return []
        return self._start_turn()

    def _lose(self, code: str) -> list[Event]:
        self.phase = OVER
        self.outcome = code
        return [Event("game_over", {"won": False, "reason": code}, OUTCOMES[code])]

    # --- helpers the abilities and the views share --------------------------------------------------
    def discardable(self) -> list[int]:
        """Kinds the player may discard now, in a stable order."""
        p = self.protected
        return sorted({k for k in self.coll if k != p})

    def clue_total(self) -> int:
        return sum(2 if k == CLUE2 else 1 for k in self.coll if k == CLUE or k == CLUE2)

    def cost(self, f: int) -> int:
        if f == EVIDENCE:
            return EVIDENCE_COST
        if f == RED_HERRING:
            return RED_HERRING_COST_AFTER_EVIDENCE if any(self.rev[EVIDENCE]) else RED_HERRING_COST
        return FALSE_LEAD_COST

    def _payments(self, c: int) -> list[int]:
        """Ways to pay ``c`` without a useless card: how many Clue x2 cards (0 or 1) to use."""
        n1 = self.coll.count(CLUE)
        out = []
        if n1 >= c:
            out.append(0)
        if CLUE2 in self.coll and n1 >= max(0, c - 2):
            out.append(1)
        return out

    def _reveal(self, f: int, slot: int, how: str) -> list[Event]:
        self.rev[f][slot] = True
        item = self.conf[f][slot]
        return [Event("item_revealed", {"file": f, "slot": slot, "item": ITEMS[item], "how": how},
                      f"{how}: {CASE_FILE_NAMES[f]} card {slot + 1} is the {ITEMS[item]}.")]

    def ability_here(self) -> str:
        """The key of the ability at the Agent's Location ("" if it has none usable)."""
        loc = self.grid[self.agent]
        return ABILITY_KEYS[loc]

    def blockers(self) -> list[tuple[str, str]]:
        """(additional action, why it is not allowed now) for the action buttons."""
        out = []
        if self.phase != ACTIONS:
            why = "only after moving, during your additional actions"
            if self.phase == OVER:
                why = "the game is over"
            return [(name, why) for name in ACTION_NAMES]
        r = self._clue_block()
        if r:
            out.append(("Use clues", r))
        r = self._bug_block()
        if r:
            out.append(("Place the Tracking Bug", r))
        r = self._track_block()
        if r:
            out.append(("Track the Spy", r))
        r = self._ability_block()
        if r:
            out.append(("Use Location ability", r))
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

    # --- legal actions -------------------------------------------------------------------------
    def legal_actions(self, seat: int | None = None) -> list[Action]:
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
        # Fast paths for the two most common choices (same answer as the full list).
        if seat == 0:
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

    # --- applying --------------------------------------------------------------------------------
    def _apply(self, seat: int, action: Action) -> list[Event]:
        if seat == CHANCE:
            return self._apply_chance(action)
        kind = action.kind
        a = action.args
        if kind == "move":
            return self._arrive(a[0], "move")
        if kind == "accuse":
            return self._accuse()
        if kind == "discard":
            return self._discard(a[0])
        if kind == "no_card":
            return self._lose("meeting-no-card")
        if kind == "slip":
            self.discard_for = ""
            self.safe_until = -1
            return [Event("safe_house", {}, "Safe house: you let the Spy go; no card is lost.")] \
                + self._end_turn()
        if kind == "kit":
            if a[0]:
                self.kit_used = True
                return [Event("kit_used", {}, "The Defusing Kit disarms the Bomb.")] \
                    + self._after_found()
            return self._bomb_goes_off()
        if kind == "reveal":
            return self._use_clues(*a)
        if kind == "bug":
            frm = self.bug
            self.bug = self.agent
            name = LOC_NAME[self.grid[self.agent]]
            return [Event("bug_placed", {"pos": self.agent, "from": frm},
                          f"The Tracking Bug is {'moved' if frm >= 0 else 'placed'} at {name}.")]
        if kind == "track":
            return self._track()
        if kind == "ability":
            loc = LOC_BY_ABILITY[a[0]]
            self.used[loc] = True
            self.down[self.grid.index(loc)] = True
            return ABILITIES[a[0]].use(self, *a[1:])
        if kind == "order":
            n = len(a)
            self.deck[-n:] = list(reversed(a))
            self.pending = []
            self.phase = ACTIONS
            return [Event("deck_reordered", {"cards": tuple(KIND_NAMES[k] for k in a)},
                          "You put the cards back: " + ", ".join(KIND_NAMES[k] for k in a)
                          + " (top first).", seats=(0,))]
        if kind == "stakeout":
            self.phase = ACTIONS
            if a[0] == "bottom":
                self.spydeck.insert(0, self.spydeck.pop())
                self.peek_top = False
                self.peek_bottom = True
                return [Event("stakeout_bottom", {}, "The Spy card goes to the bottom of the deck.")]
            return [Event("stakeout_keep", {}, "The Spy card stays on top.")]
        if kind == "end":
            return [Event("turn_end", {"turn": self.turn}, "You end your turn.")] + self._end_turn()
        raise RuleError(f"unknown action {kind!r}")

    def _discard(self, kind: int) -> list[Event]:
        self.coll.remove(kind)
        self.discard.append(kind)
        why = self.discard_for
        self.discard_for = ""
        ev = [Event("discarded", {"card": KIND_NAMES[kind], "why": why},
                    f"You discard the {KIND_NAMES[kind]}{_DISCARD_WHY.get(why, '')}.")]
        if why == "bomb":
            if self.arrival:
                return ev + self._after_arrival()
            return ev + self._end_turn()
        if why == "spy":
            return ev + self._after_spy()
        # a meeting on the Agent's turn: the turn ends at once
        return ev + self._end_turn()

    def _use_clues(self, f: int, slot: int, x2: int) -> list[Event]:
        c = self.cost(f)
        paid = []
        if x2:
            self.coll.remove(CLUE2)
            paid.append(CLUE2)
            c -= 2
        for _ in range(max(0, c)):
            self.coll.remove(CLUE)
            paid.append(CLUE)
        self.discard.extend(paid)
        self.clue_used = True
        ev = [Event("clues_spent", {"cards": tuple(KIND_NAMES[k] for k in paid), "file": f},
                    "You spend " + " + ".join(KIND_NAMES[k] for k in paid) + ".")]
        return ev + self._reveal(f, slot, "Clues")

    def _track(self) -> list[Event]:
        self.tracks -= 1
        self.peek_top = True
        card, turned = divmod(self.spydeck[-1], 2)
        large, small = arrows(card, bool(turned))
        return [Event("tracked", {"card": card, "turned": bool(turned), "large": large,
                                  "small": small, "tracks_left": self.tracks},
                      f"Tracked: the next Spy card is card {card} (large {large}, small {small})."
                      + (" The bug is spent." if self.tracks == 0 else ""), seats=(0,))]

    def _accuse(self) -> list[Event]:
        for f in range(3):
            self.rev[f] = [True] * len(self.conf[f])
        held = set(self.coll)
        rh = [i for i in self.conf[RED_HERRING] if i in held]
        missing = [i for i in self.conf[EVIDENCE] if i not in held]
        code = "red-herring" if rh else ("missing-evidence" if missing else "won")
        self.phase = OVER
        self.outcome = code
        names = ", ".join(ITEMS[i] for i in self.conf[EVIDENCE])
        ev = [Event("accusation", {"evidence": tuple(ITEMS[i] for i in self.conf[EVIDENCE]),
                                   "red_herrings": tuple(ITEMS[i] for i in self.conf[RED_HERRING]),
                                   "held_red_herrings": tuple(ITEMS[i] for i in rh),
                                   "missing": tuple(ITEMS[i] for i in missing)},
                    f"You accuse the Spy. The Evidence was: {names}.")]
        return ev + [Event("game_over", {"won": code == "won", "reason": code}, OUTCOMES[code])]

    # --- results, knowledge ------------------------------------------------------------------------
    def result(self) -> Result | None:
        if self.phase != OVER:
            return None
        won = self.outcome == "won"
        return Result((0,) if won else (), (1.0 if won else 0.0,), OUTCOMES[self.outcome],
                      {"outcome": self.outcome, "turns": self.turn,
                       "difficulty": self.stats_difficulty()})

    def stats_difficulty(self) -> str:
        """The difficulty a result counts under; custom set-ups keep their own records."""
        standard = DIFFICULTIES[self.difficulty][2] == self.countdown_start and all(self.abil)
        return self.difficulty if standard else f"{self.difficulty} (custom)"

    def known_roles(self) -> dict[int, int]:
        """Item -> Case File, for every revealed Confiscated Item."""
        out = {}
        for f in range(3):
            for slot, shown in enumerate(self.rev[f]):
                if shown:
                    out[self.conf[f][slot]] = f
        return out

    def win_possible(self) -> tuple[bool, str]:
        """Whether, from what the player knows, a win can still happen, and why not."""
        if self.phase == OVER:
            return self.outcome == "won", OUTCOMES[self.outcome]
        roles = self.known_roles()
        gone = set(k for k in self.discard if k < N_ITEMS)
        for item, f in roles.items():
            if f == EVIDENCE and item in gone:
                return False, f"you discarded the {ITEMS[item]}, which is Evidence"
        if self.protected in self.coll and roles.get(self.protected) == RED_HERRING:
            return False, (f"the {ITEMS[self.protected]} is a Red Herring and the Bank keeps it "
                           "in your collection")
        hidden_e = self.rev[EVIDENCE].count(False)
        candidates = [i for i in range(N_ITEMS) if i not in roles and i not in gone]
        if len(candidates) < hidden_e:
            return False, "too many possible Evidence Items have been discarded"
        return True, ""

    def secret_tokens(self):
        out = [(None, ("discovery-deck", tuple(self.deck)))] if self.deck else []
        for p in range(9):
            if self.stacks[p]:
                out.append((None, ("stack", p, tuple(self.stacks[p]))))
        if self.phase != OVER:
            for f in range(3):
                for slot, shown in enumerate(self.rev[f]):
                    if not shown:
                        out.append((None, ("confiscated", f, slot, self.conf[f][slot])))
        if self.spydeck:
            out.append((None, ("spy-deck", tuple(self.spydeck))))
        return out

    # --- persistence ---------------------------------------------------------------------------------
    _FIELDS = __slots__

    def to_json(self) -> dict:
        d = {}
        for f in self._FIELDS:
            v = getattr(self, f)
            if isinstance(v, list):
                v = [list(x) if isinstance(x, (list, tuple)) else x for x in v]
            d[f] = v
        return d

    @classmethod
    def from_json(cls, data: Mapping) -> "HarshState":
        s = cls.__new__(cls)
        try:
            for f in cls._FIELDS:
                v = data[f]
                if isinstance(v, list):
                    v = [list(x) if isinstance(x, list) else x for x in v]
                setattr(s, f, v)
            s.spy_moves = [tuple(m) for m in s.spy_moves]
            if s.difficulty not in DIFFICULTIES or not (0 <= s.spy < 9 and 0 <= s.agent < 9):
                raise ValueError("impossible positions or difficulty")
            if s.phase not in PLAYER_PHASES + ("setup", RESHUFFLE, OVER):
                raise ValueError(f"unknown phase {s.phase!r}")
        except (KeyError, TypeError) as exc:
            raise ValueError(f"damaged Harsh Shadows state: {exc!r}") from exc
        return s

    def clone(self) -> "HarshState":
        s = HarshState.__new__(HarshState)
        s.difficulty = self.difficulty
        s.x2 = self.x2
        s.deal_counts = self.deal_counts
        s.countdown_start = self.countdown_start
        s.abil = self.abil
        s.stage = self.stage
        s.grid = self.grid
        s.down = self.down[:]
        s.used = self.used[:]
        s.stacks = _copy2(self.stacks)
        s.origin = _copy2(self.origin)
        s.dealt_bomb_found = self.dealt_bomb_found
        s.deck = self.deck[:]
        s.deck_known = self.deck_known
        s.coll = self.coll[:]
        s.protected = self.protected
        s.discard = self.discard[:]
        s.conf = self.conf
        s.rev = _copy2(self.rev)
        s.kit_used = self.kit_used
        s.bug = self.bug
        s.bugged = self.bugged
        s.tracks = self.tracks
        s.spy = self.spy
        s.agent = self.agent
        s.spydeck = self.spydeck[:]
        s.spy_moves = self.spy_moves[:]
        s.peek_top = self.peek_top
        s.peek_bottom = self.peek_bottom
        s.countdown = self.countdown
        s.turn = self.turn
        s.phase = self.phase
        s.arrival = self.arrival
        s.turn_over = self.turn_over
        s.clue_used = self.clue_used
        s.spy_stays = self.spy_stays
        s.safe_until = self.safe_until
        s.pending = self.pending[:]
        s.discard_for = self.discard_for
        s.outcome = self.outcome
        return s

    def view(self, seat: int | None):
        from .view import build_view
        return build_view(self, seat)


PHASE_PROMPTS = {
    "setup": "wait for the setup",
    MOVE: "move your Agent to a neighbouring Location",
    BOMB_CHOICE: "decide whether to use the Defusing Kit on the Bomb",
    DISCARD: "choose a card to discard",
    MEETING: "accuse the Spy or discard a card",
    ACTIONS: "take additional actions or end your turn",
    REORDER: "choose the order of the Discovery cards you looked at",
    STAKEOUT: "keep the Spy card on top or put it at the bottom",
    RESHUFFLE: "wait for the Spy deck to be reshuffled",
    OVER: "the game is over",
}

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
