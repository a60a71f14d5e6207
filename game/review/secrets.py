"""Every secret of a position, in words, for the review (and only the review).

One small function per game turns the state into sections: a title and lines, in the
language in force (the review asks again after a change of language). Seat numbers become
names with ``names`` (the names chosen at setup). This reads the engines' own fields on
purpose: the review is the one place where nothing is hidden.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Sequence

from game.i18n import _, n_
from game.rules.protocol import GameState


def joined(items) -> str:
    """A list as the language writes one ("a, b, c"; Japanese "a、b、c")."""
    out = ""
    for item in items:
        out = _("{list}, {item}", list=out, item=item) if out else str(item)
    return out


@dataclass(frozen=True)
class Section:
    title: str
    lines: tuple[str, ...]


def _chasing(s, names: Sequence[str]) -> list[Section]:
    from game.rules.chasing.words import card_of

    def card(c: int) -> str:
        return card_of(c).text()

    def hand(h) -> str:
        return joined(card(c) for c in sorted(h, key=lambda c: (c >> 4, c & 15)))

    hands = tuple(_("{name}: {cards}", name=names[i], cards=hand(h)) if h else
                  _("{name}: no cards", name=names[i]) for i, h in enumerate(s.hands))
    out = [Section(_("Every hand"), hands)]
    hidden = tuple(card(c) for c in s.hidden)
    if hidden:
        out.append(Section(_("Face-down cards this round"), (joined(hidden),)))
    return out


def _hunters(s, names: Sequence[str]) -> list[Section]:
    from game.rules.hunters.data import CARD_NAME, CHAR_NAME, FACTION, FACTION_NAME, HP

    chars = []
    for i in range(s.n):
        c = s.chars[i]
        if c < 0:
            chars.append(_("{name}: not dealt yet", name=names[i]))
            continue
        words = dict(name=names[i], character=_(CHAR_NAME[c]),
                     faction=_(FACTION_NAME[FACTION[c]]), hp=HP[c])
        chars.append(_("{name}: {character} ({faction}, HP {hp}), revealed", **words)
                     if s.rev[i] else
                     _("{name}: {character} ({faction}, HP {hp}), hidden", **words))
    out = [Section(_("Characters"), tuple(chars))]
    f = s.stack[-1] if s.stack else None
    if f and f[0] == "hermit_give":
        out.append(Section(_("Hermit card in hand"),
                           (_("{name} holds {card}", name=names[f[1]], card=_(CARD_NAME[f[2]])),)))
    elif f and f[0] == "hermit_answer":
        out.append(Section(_("Hermit card in hand"),
                           (_("{name} was given {card} by {giver}", name=names[f[1]],
                              card=_(CARD_NAME[f[3]]), giver=names[f[2]]),)))
    # the public history orders the gifts; each giver's own record names the cards
    cards = {i: [e[3] for e in s.private[i] if e[0] == "gave"] for i in range(s.n)}
    given = []
    for e in s.history:
        if e[0] == "hermit_give" and cards.get(e[1]):
            given.append(_("{giver} gave {card} to {name}", giver=names[e[1]],
                           card=_(cards[e[1]].pop(0)), name=names[e[2]]))
    if given:
        out.append(Section(_("Hermit cards given, the latest first"), tuple(reversed(given))))
    left = sorted(_(CARD_NAME[c]) for c in s.decks[0])
    out.append(Section(n_("Hermit deck ({n} card, drawn at random)",
                          "Hermit deck ({n} cards, drawn at random)", len(left)),
                       (joined(left) if left else _("empty"),)))
    return out


def _harsh(s, names: Sequence[str]) -> list[Section]:
    from game.rules.harsh.data import CASE_FILE_NAMES, ITEMS, KIND_NAMES, LOC_NAME
    from game.rules.harsh.view import _spy_card

    out = []
    if s.spydeck:
        cards = []
        for code in reversed(s.spydeck):          # top first
            c = _spy_card(code)
            # Translators: a Spy card: its number, then its two compass directions
            arrows = dict(number=c["card"] + 1, large=_(c["large"]), small=_(c["small"]))
            cards.append(_("{number} turned ({large}, {small})", **arrows) if c["turned"] else
                         _("{number} ({large}, {small})", **arrows))
        out.append(Section(_("Spy deck, top first ({n})", n=len(cards)), (" · ".join(cards),)))
    if s.deck:
        out.append(Section(_("Discovery deck, top first ({n})", n=len(s.deck)),
                           (joined(_(KIND_NAMES[k]) for k in reversed(s.deck)),)))
    if len(s.grid) == 9:
        stacks = [_("{place}: {cards}", place=_(LOC_NAME[s.grid[p]]),
                    cards=joined(_(KIND_NAMES[k]) for k in s.stacks[p]))
                  for p in range(9) if s.stacks[p]]
        if stacks:
            out.append(Section(_("Face down at the Locations, top first"), (" · ".join(stacks),)))
    files = []
    for f in range(3):
        hidden = [_(ITEMS[i]) for i, shown in zip(s.conf[f], s.rev[f]) if not shown]
        if hidden:
            files.append(_("{place}: {cards}", place=_(CASE_FILE_NAMES[f]), cards=joined(hidden)))
    if files:
        out.append(Section(_("Case Files, face down"), (" · ".join(files),)))
    return out or [Section(_("Nothing is hidden"), (_("Every card is face up at this step."),))]


SECRETS: dict[str, Callable[[GameState, Sequence[str]], list[Section]]] = {
    "chasing": _chasing,
    "hunters": _hunters,
    "harsh": _harsh,
}


def secrets(game_id: str, state: GameState, names: Sequence[str]) -> list[Section]:
    fn = SECRETS.get(game_id)
    return fn(state, names) if fn else []
