"""Every secret of a position, in words, for the review (and only the review).

One small function per game turns the state into sections: a title and lines. Seat
numbers become names with ``names`` (the names chosen at setup). This reads the engines'
own fields on purpose: the review is the one place where nothing is hidden.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Sequence

from game.rules.protocol import GameState


@dataclass(frozen=True)
class Section:
    title: str
    lines: tuple[str, ...]


def _chasing(s, names: Sequence[str]) -> list[Section]:
    from game.rules.chasing import cards as C

    def card(c: int) -> str:
        return f"{C.SUITS[c >> 4].title()} {c & 15}"

    hands = tuple(f"{names[i]}: " + (", ".join(card(c) for c in sorted(h, key=lambda c: (c >> 4, c & 15)))
                                     or "no cards")
                  for i, h in enumerate(s.hands))
    out = [Section("Every hand", hands)]
    hidden = tuple(card(c) for c in s.hidden)
    if hidden:
        out.append(Section("Face-down cards this round", (", ".join(hidden),)))
    return out


def _hunters(s, names: Sequence[str]) -> list[Section]:
    from game.rules.hunters.data import CARD_NAME, CHAR_NAME, FACTION, FACTION_NAME, HP

    chars = []
    for i in range(s.n):
        c = s.chars[i]
        if c < 0:
            chars.append(f"{names[i]}: not dealt yet")
            continue
        state = "revealed" if s.rev[i] else "hidden"
        chars.append(f"{names[i]}: {CHAR_NAME[c]} ({FACTION_NAME[FACTION[c]]}, HP {HP[c]}), "
                     f"{state}")
    out = [Section("Characters", tuple(chars))]
    f = s.stack[-1] if s.stack else None
    if f and f[0] == "hermit_give":
        out.append(Section("Hermit card in hand", (f"{names[f[1]]} holds {CARD_NAME[f[2]]}",)))
    elif f and f[0] == "hermit_answer":
        out.append(Section("Hermit card in hand",
                           (f"{names[f[1]]} was given {CARD_NAME[f[3]]} by {names[f[2]]}",)))
    # the public history orders the gifts; each giver's own record names the cards
    cards = {i: [e[3] for e in s.private[i] if e[0] == "gave"] for i in range(s.n)}
    given = []
    for e in s.history:
        if e[0] == "hermit_give" and cards.get(e[1]):
            given.append(f"{names[e[1]]} gave {cards[e[1]].pop(0)} to {names[e[2]]}")
    if given:
        out.append(Section("Hermit cards given, the latest first", tuple(reversed(given))))
    left = sorted(CARD_NAME[c] for c in s.decks[0])
    out.append(Section(f"Hermit deck ({len(left)} cards, drawn at random)",
                       (", ".join(left) if left else "empty",)))
    return out


def _harsh(s, names: Sequence[str]) -> list[Section]:
    from game.rules.harsh.data import CASE_FILE_NAMES, ITEMS, KIND_NAMES, LOC_NAME
    from game.rules.harsh.view import _spy_card

    out = []
    if s.spydeck:
        cards = []
        for code in reversed(s.spydeck):          # top first
            c = _spy_card(code)
            cards.append(f"{c['card'] + 1}{' turned' if c['turned'] else ''} "
                         f"({c['large']}, {c['small']})")
        out.append(Section(f"Spy deck, top first ({len(cards)})", (" · ".join(cards),)))
    if s.deck:
        out.append(Section(f"Discovery deck, top first ({len(s.deck)})",
                           (", ".join(KIND_NAMES[k] for k in reversed(s.deck)),)))
    if len(s.grid) == 9:
        stacks = [f"{LOC_NAME[s.grid[p]]}: " + ", ".join(KIND_NAMES[k] for k in s.stacks[p])
                  for p in range(9) if s.stacks[p]]
        if stacks:
            out.append(Section("Face down at the Locations, top first", (" · ".join(stacks),)))
    files = []
    for f in range(3):
        hidden = [ITEMS[i] for i, shown in zip(s.conf[f], s.rev[f]) if not shown]
        if hidden:
            files.append(f"{CASE_FILE_NAMES[f]}: " + ", ".join(hidden))
    if files:
        out.append(Section("Case Files, face down", (" · ".join(files),)))
    return out or [Section("Nothing is hidden", ("Every card is face up at this step.",))]


SECRETS: dict[str, Callable[[GameState, Sequence[str]], list[Section]]] = {
    "chasing": _chasing,
    "hunters": _hunters,
    "harsh": _harsh,
}


def secrets(game_id: str, state: GameState, names: Sequence[str]) -> list[Section]:
    fn = SECRETS.get(game_id)
    return fn(state, names) if fn else []
