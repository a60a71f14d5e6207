"""The rules in our own words, for the in-app rules viewer, in the language in force.

``RULES_TEXT`` is the English text (a ``str``, what the tests and the catalogue read); its
``text()`` gives it in the language in force, section by section from the catalog, with
the characters' and cards' names and texts translated (``game.ui.scenes.rules`` asks for
it so).
"""

from __future__ import annotations

from game.i18n import N_, _

from .data import BLACK_CARDS, CARD_TEXT, CHARACTERS, HERMIT_CARDS, WHITE_CARDS

# Translators: one section of the Shadow Hunters rules: its first line is the heading (in
# capitals), lines starting "1." or "- " are list items, other lines are joined into
# paragraphs (a translation need not break its lines where the English does)
SECTIONS = (
    N_("""SHADOW HUNTERS — 4 to 8 players"""),
    N_("""GOAL
Everyone is secretly a Hunter, a Shadow or a Neutral. Hunters win when every Shadow is
dead. Shadows win when every Hunter is dead, or when three Neutrals are dead. Each
Neutral has a goal of their own, printed on their character. Dead Hunters and Shadows
still win if their side wins, so play for your team."""),
    N_("""SETUP
Characters are dealt face down: 4 players 2 Hunters and 2 Shadows; 5 players add one
Neutral; 6 players two; 7 players three; 8 players 3 Hunters, 3 Shadows and 2 Neutrals.
Nobody knows which characters are in play. The six Areas are laid out in three pairs;
the two Areas of a pair make one attack range. A random player starts, and play goes
round the table. Options: the character pool (all 20, the base 10, the expansion 10, or
one per initial), playing without special abilities (Bob is then left out), and for 6+
players a Hermit round before the first turn, where each player draws a Hermit card and
gives it to the player on their left."""),
    N_("""YOUR TURN
1. Move (compulsory). Roll the six-sided and the four-sided die and go to the Area whose
   number is the total: Hermit's Cabin 2-3, Underworld Gate 4-5, Church 6, Cemetery 8,
   Weird Woods 9, Erstwhile Altar 10. On a 7 you pick any other Area. You must leave your
   Area: if the roll names it, roll again.
2. Area action (optional).
   Hermit's Cabin: draw a Hermit card, read it secretly and give it to another player.
   Underworld Gate: draw from the Hermit, White or Black deck, your choice.
   Church: draw a White card. Cemetery: draw a Black card.
   Weird Woods: pick any character (yourself too) and deal them 2 damage or heal 1.
   Erstwhile Altar: take an Equipment card from another player.
3. Attack (optional). Pick one character on your Area or its pair-mate, roll both dice;
   the damage is the difference. Equal dice miss. Weapons add to a hit, a Holy Robe takes
   one off. Some Equipment changes this (see the cards)."""),
    N_("""HERMIT CARDS
The receiver reads the card secretly. If it matches their character (faction, HP or
anyone), they do what it says; otherwise they say "nothing happens". Only the giver and
the receiver know the card; everyone sees the outcome. Only the Unknown may lie."""),
    N_("""WHITE AND BLACK CARDS
Read aloud and resolve at once. Equipment stays face up in front of you and works for as
long as you hold it; you may hold any number. Used cards go to the face-up discard piles.
An empty deck is reshuffled from its discards."""),
    N_("""REVEALING AND ABILITIES
You may reveal your character at any decision point, even on another player's turn.
Special abilities work only once you are revealed (the Unknown's lie and the Werewolf's
counterattack say otherwise), and never for the dead. Daniel may not reveal by choice.
After a hit of 2 or more on a player holding Equipment (4-6 players), every hidden
attacker is asked the same question, so a hidden Bob can reveal and take a card instead."""),
    N_("""DEATH
Damage runs from 0 to 14; you die when your damage reaches your HP. The dead reveal, leave
the board and never act again. Damage from one effect (a Machine Gun attack, the Flare,
the Dynamite) is dealt to everyone it hits before anyone dies; they die together. Whoever caused the death takes one Equipment card of their
choice from the victim (all of them with the Silver Rosary); the rest is discarded. If
the active player dies the turn ends at once."""),
    N_("""END OF THE GAME
The game ends the moment any goal that ends games is met. Then every player whose goal
holds wins, alive or dead; several sides can win together."""),
)


def _intro() -> str:
    return "\n\n".join(_(section) for section in SECTIONS) + "\n"


def _characters() -> str:
    """One list entry per character, under a heading per faction (the rules page shows
    lines starting "- " as a list)."""
    lines = [_("CHARACTERS (HP in brackets)")]
    for fac, title in (("H", N_("HUNTERS")), ("S", N_("SHADOWS")), ("N", N_("NEUTRALS"))):
        lines += ["", _(title)]
        for name, f, hp, _set, win, ability in CHARACTERS:
            if f == fac:
                if fac == "N":
                    lines.append(_("- {name} ({hp}). Wins: {win}. {ability}", name=_(name), hp=hp,
                                   win=_(win), ability=_(ability)))
                else:
                    lines.append(_("- {name} ({hp}). {ability}", name=_(name), hp=hp,
                                   ability=_(ability)))
    return "\n".join(lines)


def _card_line(name: str, copies: int, text: str) -> str:
    if copies > 1:
        return _("- {name} x{copies}: {text}", name=_(name), copies=copies, text=_(text))
    return _("- {name}: {text}", name=_(name), text=_(text))


def _cards() -> str:
    lines = [_("HERMIT CARDS (16)")]
    for name, copies, *_rest in HERMIT_CARDS:
        lines.append(_card_line(name, copies, CARD_TEXT[name]))
    for title, table in ((N_("WHITE CARDS (16)"), WHITE_CARDS), (N_("BLACK CARDS (16)"), BLACK_CARDS)):
        lines.append("")
        lines.append(_(title))
        for name, copies, _equip, text in table:
            lines.append(_card_line(name, copies, text))
    return "\n".join(lines)


def rules_text() -> str:
    """The whole rules text in the language in force."""
    return _intro() + "\n" + _characters() + "\n\n" + _cards() + "\n"


class RulesText(str):
    """The English rules, and ``text()``: the same in the language in force."""

    def text(self) -> str:
        return rules_text()


def _english() -> str:
    from game.i18n import speaking

    with speaking("en"):
        return rules_text()


RULES_TEXT = RulesText(_english())
