"""Case Files and the end of the game: Clues and what a reveal costs, revealing Confiscated
Items, the accusation, losing, and what the player knows about the outcome."""

from __future__ import annotations

from game.i18n import Msg
from game.rules.protocol import Event, Result

from .data import (
    CASE_FILE_NAMES,
    CLUE,
    CLUE2,
    DIFFICULTIES,
    EVIDENCE,
    EVIDENCE_COST,
    FALSE_LEAD_COST,
    ITEMS,
    KIND_NAMES,
    N_ITEMS,
    RED_HERRING,
    RED_HERRING_COST,
    RED_HERRING_COST_AFTER_EVIDENCE,
)
from .phases import OUTCOMES, OVER
from .words import item, kind, listed, name, summed


# Event texts, made when read (see protocol.Event): the bots' playouts never read them.
def _revealed_text(how, f, slot, it) -> Msg:
    return Msg("{how}: {file} card {slot} is the {item}.", how=name(how),
               file=name(CASE_FILE_NAMES[f]), slot=slot + 1, item=item(it))


def _spent_text(paid) -> Msg:
    return Msg("You spend {cards}.", cards=summed(kind(k) for k in paid))


def _accused_text(evidence) -> Msg:
    return Msg("You accuse the Spy. The Evidence was: {items}.",
               items=listed(item(i) for i in evidence))


class Accusation:
    """HarshState's Case Files, accusation and results."""

    __slots__ = ()

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
        it = self.conf[f][slot]
        return [Event("item_revealed", {"file": f, "slot": slot, "item": ITEMS[it], "how": how},
                      (_revealed_text, how, f, slot, it))]

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
                    (_spent_text, tuple(paid)))]
        return ev + self._reveal(f, slot, "Clues")

    def _accuse(self) -> list[Event]:
        for f in range(3):
            self.rev[f] = [True] * len(self.conf[f])
        held = set(self.coll)
        rh = [i for i in self.conf[RED_HERRING] if i in held]
        missing = [i for i in self.conf[EVIDENCE] if i not in held]
        code = "red-herring" if rh else ("missing-evidence" if missing else "won")
        self.phase = OVER
        self.outcome = code
        ev = [Event("accusation", {"evidence": tuple(ITEMS[i] for i in self.conf[EVIDENCE]),
                                   "red_herrings": tuple(ITEMS[i] for i in self.conf[RED_HERRING]),
                                   "held_red_herrings": tuple(ITEMS[i] for i in rh),
                                   "missing": tuple(ITEMS[i] for i in missing)},
                    (_accused_text, tuple(self.conf[EVIDENCE])))]
        return ev + [Event("game_over", {"won": code == "won", "reason": code}, OUTCOMES[code])]

    def _lose(self, code: str) -> list[Event]:
        self.phase = OVER
        self.outcome = code
        return [Event("game_over", {"won": False, "reason": code}, OUTCOMES[code])]

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
        for it, f in roles.items():
            if f == EVIDENCE and it in gone:
                return False, Msg("you discarded the {item}, which is Evidence", item=item(it))
        if self.protected in self.coll and roles.get(self.protected) == RED_HERRING:
            return False, Msg("the {item} is a Red Herring and the Bank keeps it in your collection",
                              item=item(self.protected))
        hidden_e = self.rev[EVIDENCE].count(False)
        candidates = [i for i in range(N_ITEMS) if i not in roles and i not in gone]
        if len(candidates) < hidden_e:
            return False, Msg("too many possible Evidence Items have been discarded")
        return True, ""
