"""The Harsh Shadows state machine (one player, seat 0). See the package docstring.

``HarshState`` holds the data and answers the protocol; the rules of each phase live in
their own modules, mixed in below. Each calls the others through ``self``, so none imports
the state or another phase module (only ``data``, ``phases`` and, for ``actions``, the
abilities) and the package has no import circle (tests/test_rules_cycles.py):

- ``chance``: the set-up shuffles and the Spy deck reshuffle;
- ``movement``: a turn starts, the Agent moves and finds a Discovery card;
- ``bombs``: the Defusing Kit, a Bomb going off, forced discards;
- ``spy``: the end of the turn, the Spy's move, meetings, the Tracking Bug;
- ``accusation``: Clues and Case Files, the accusation, losing, results;
- ``actions``: the legal actions and why others are not allowed;
- ``abilities``: the nine Location abilities.
"""

from __future__ import annotations

from typing import Mapping

from game.i18n import Msg
from game.rules.protocol import CHANCE, NOBODY, Action, Event, GameState, RuleError

from .abilities import reorder, stakeout, use_ability
from .accusation import Accusation
from .actions import Choices
from .bombs import Bombs
from .chance import ChanceSteps
from .data import (
    ABILITY_KEYS,
    AGENT_START,
    DIFFICULTIES,
    SPY_START,
    TRACKS_PER_GAME,
)
from .movement import Movement
from .phases import OVER, PLAYER_PHASES, RESHUFFLE
from .spy import SpyMoves

_TURN_END = Msg("You end your turn.")


def _copy2(rows):
    return [list(r) for r in rows]


class HarshState(Choices, ChanceSteps, Movement, Bombs, SpyMoves, Accusation, GameState):
    """One game of Harsh Shadows. Plain lists and ints so that ``clone`` is cheap."""

    GAME_ID = "harsh"

    __slots__ = ("difficulty", "x2", "deal_counts", "countdown_start", "abil", "stage",
                 "grid", "down", "used", "stacks", "origin", "known", "dealt_bomb_found", "deck",
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
        s.known = [[] for _ in range(9)]   # per card on the grid: the player has seen its face
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

    # --- who decides ---------------------------------------------------------------------------
    def decider(self) -> int:
        ph = self.phase
        if ph == OVER:
            return NOBODY
        if ph == "setup" or ph == RESHUFFLE:
            return CHANCE
        return 0

    # --- applying: each kind of action to the phase module that rules it ---------------------------
    def _apply(self, seat: int, action: Action) -> list[Event]:
        self._legal = self._sampled = None      # what they held was for the state before
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
            return self._slip()
        if kind == "kit":
            return self._kit(a[0])
        if kind == "reveal":
            return self._use_clues(*a)
        if kind == "bug":
            return self._place_bug()
        if kind == "track":
            return self._track()
        if kind == "ability":
            return use_ability(self, *a)
        if kind == "order":
            return reorder(self, a)
        if kind == "stakeout":
            return stakeout(self, a[0])
        if kind == "end":
            return [Event("turn_end", {"turn": self.turn}, _TURN_END)] + self._end_turn()
        raise RuleError(f"unknown action {kind!r}")

    # --- knowledge ------------------------------------------------------------------------------
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
                if f == "known" and f not in data:
                    # a save from before the grid remembered cards seen at the Cafe
                    data = {**data, "known": [[False] * len(st) for st in data["stacks"]]}
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
        s.known = _copy2(self.known)
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
