"""The modal choices of the Harsh table, built from the view and the legal actions.

Some phases are a decision the player cannot walk away from (a Bomb, a forced discard,
meeting a bugged Spy, putting looked-at cards back, the Stakeout): they open a dialog on
their own. Two more dialogs open from buttons: paying Clues for a Case File card, and an
ability with several targets (Express and Dead drop, ``GRID_ABILITIES``, are aimed on the
grid instead). Each option keeps the rules' own action; the dialog only adds
a note of what the player knows (e.g. "Evidence: discarding it makes a win impossible").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Sequence

from game.rules.harsh.data import ITEMS
from game.rules.protocol import Action

from . import forecast

# abilities aimed at a Location: (header over the actions, hint, refusal off-target)
GRID_ABILITIES = {
    "bus": ("Express: click the Location to go to", "Any Location but your own; you arrive as "
            "after a move.", "Express goes to any other Location: click one of the glowing ones"),
    "post": ("Dead drop: click a neighbouring Location", "You take the top card of its stack "
             "without moving.", "Dead drop takes from a neighbouring Location with a card: "
             "click one of the glowing ones"),
}


CASE_FILES = ("Evidence", "Red Herring", "False Leads")
ARTICLE = {"Evidence": "an Evidence", "Red Herring": "a Red Herring", "False Leads": "a False Lead"}


@dataclass(frozen=True)
class Option:
    action: Action
    text: str
    note: str = ""


@dataclass(frozen=True)
class Dialog:
    kind: str
    title: str
    text: str
    options: tuple[Option, ...]
    cancel: bool = False       # user-opened dialogs can be closed without choosing


def revealed_roles(view: Mapping) -> dict[str, str]:
    """Item name -> Case File name, for every Confiscated Item turned face up."""
    out = {}
    for f in view["case_files"]:
        for name in f["revealed"]:
            out[name] = f["name"]
    return out


def roles(view: Mapping) -> dict[str, str]:
    """What the turned cards prove: every Item is confiscated once, so when the face-down
    cards left all lie under one Case File, every Item not yet seen belongs to it."""
    out = revealed_roles(view)
    open_files = {f["name"] for f in view["case_files"] if any(x is None for x in f["slots"])}
    if len(open_files) == 1:
        (name,) = open_files
        for item in ITEMS:
            out.setdefault(item, name)
    return out


def deduced(view: Mapping) -> list[str]:
    """The Items whose role is proven without their card being turned."""
    shown = revealed_roles(view)
    return [n for n in roles(view) if n not in shown]


def discard_note(view: Mapping, name: str) -> str:
    if name in ("Clue", "Clue x2"):
        return f"you hold {view['clues']} Clue value"
    role = roles(view).get(name)
    if role == "Evidence":
        return "Evidence: discarding it makes a win impossible"
    if role == "Red Herring":
        return "Red Herring: better gone"
    if role == "False Leads":
        return "False Lead: safe to lose"
    return "not identified yet"


PHASE_TEXT = {
    "bomb": ("A Bomb!", "Use the Defusing Kit (once per game): the Bomb is discarded, no other "
             "card, and your turn goes on. Or keep the Kit: discard a card and your turn ends."),
    "meeting": ("The bugged Spy is here", "Accuse now (the game ends and every Case File is "
                "revealed), or let the Spy go."),
    "reorder": ("Overheard", "You looked at the top of the Discovery deck. Choose the order to "
                "put the cards back (top first)."),
    "stakeout": ("Stakeout", "You see the top Spy Movement card (shown on the right). Leave it "
                 "on top, or put it at the bottom of the Spy deck without turning it."),
}
DISCARD_TITLES = {
    "bomb": ("The Bomb goes off", "Discard one card from your collection. Your turn then ends."),
    "meeting": ("You walked into the Spy", "Discard one card from your collection. Your turn "
                "ends."),
    "spy": ("The Spy ran into you", "Discard one card from your collection."),
}


# Dialogs about what the grid shows (a Stakeout weighs the Spy's next step, drawn as an arrow
# on the grid) open beside it and leave it in view.
BESIDE_GRID = frozenset(("stakeout",))
# Dialogs that change the Case Files (paying Clues, the Royal Library's free reveal) open over
# the grid and leave the Case Files in view.
OVER_GRID = frozenset(("clues", "pay", "ability"))


# the dialog's text says which card: the buttons stay short enough to read whole
STAKEOUT_OPTIONS = {("keep",): "Leave it on top", ("bottom",): "Put it at the bottom"}


def stakeout_outlook(view: Mapping) -> str:
    """What leaving the seen card on top means: where the Spy then goes (drawn on the grid)."""
    fc = forecast.next_move(view)
    if fc is None:
        return ""
    if fc.stays:
        return "Left on top, it does not move the Spy this turn (lost in the crowd)."
    where = view["grid"][fc.to]["location"] or "a face-down Location"
    return f"Left on top, it sends the Spy {forecast.WORDS[fc.direction]} to {where}."


def phase_dialog(view: Mapping, actions: Sequence[Action]) -> Dialog | None:
    """The dialog the current phase forces, or None."""
    phase = view["phase"]
    if not actions:
        return None
    if phase == "discard":
        title, text = DISCARD_TITLES.get(view["discard_for"], ("Discard a card", ""))
        opts = tuple(Option(a, a.label, discard_note(view, a.label.removeprefix("Discard ")))
                     for a in actions)
        return Dialog("discard", title, text, opts)
    if phase == "meeting":
        title, text = PHASE_TEXT["meeting"]
        opts = []
        for a in actions:
            if a.kind == "accuse":
                opts.append(Option(a, "Accuse the Spy", accuse_note(view)))
            elif a.kind == "slip":
                opts.append(Option(a, "Let the Spy go", "Safe house: no card is lost"))
            elif a.kind == "no_card":
                opts.append(Option(a, "Let the Spy go", "You hold no card to discard: "
                                                        "the mission fails"))
            else:
                opts.append(Option(a, a.label + " and let the Spy go",
                                   discard_note(view, a.label.removeprefix("Discard "))))
        return Dialog("meeting", title, text, tuple(opts))
    if phase == "reorder":
        title, text = PHASE_TEXT[phase]
        seen = ", ".join(view["looking_at"])
        opts = tuple(Option(a, a.label.removeprefix("Put back (top first): ")) for a in actions)
        return Dialog(phase, title, f"{text} You saw: {seen}.", opts)
    if phase == "stakeout":
        title, text = PHASE_TEXT[phase]
        return Dialog(phase, title, f"{text} {stakeout_outlook(view)}",
                      tuple(Option(a, STAKEOUT_OPTIONS.get(a.args, a.label)) for a in actions))
    if phase == "bomb":
        title, text = PHASE_TEXT[phase]
        return Dialog(phase, title, text, tuple(Option(a, a.label) for a in actions))
    return None


def accuse_note(view: Mapping) -> str:
    """What the collection proves about an accusation now."""
    if not view["win_possible"]:
        return "a win is no longer possible"
    r = roles(view)
    held = set(view["collection"])
    known_e = [n for n, f in r.items() if f == "Evidence"]
    have = sum(1 for n in known_e if n in held)
    bad = [n for n, f in r.items() if f == "Red Herring" and n in held]
    if bad:
        return f"you hold the Red Herring {bad[0]}: you would lose"
    missing = [n for n in known_e if n not in held]
    if missing:
        return f"the Evidence {missing[0]} is not in your collection: you would lose"
    found = [n for n in deduced(view) if r[n] == "Evidence"]
    note = f"{have} of 3 Evidence known and held"
    if found:
        note += f" ({' and '.join(found)}: the only Evidence left)"
    elif len(known_e) < 3:
        unknown = [n for n in held if n in ITEMS and n not in r]
        need = 3 - len(known_e)
        if len(unknown) < need:
            return f"{note}; too few unidentified Items held to be the rest: you would lose"
    return note


def clue_dialog(view: Mapping, actions: Sequence[Action]) -> Dialog:
    """One option per Case File and way to pay; the face-down card taken is the first one
    (they are alike until turned; a click on a card under a Case File picks that card)."""
    seen: dict = {}
    for a in actions:
        if a.kind == "reveal":
            f, _slot, x2 = a.args
            seen.setdefault((f, x2), a)
    opts = []
    for (f, _x2), a in seen.items():
        name = CASE_FILES[f]
        pay = a.label.split("(pay ", 1)[-1].rstrip(")")
        opts.append(Option(a, f"Reveal {ARTICLE[name]} card", f"pay {pay}"))
    return Dialog("clues", "Use clues", f"You hold {view['clues']} Clue value. Once per turn, pay "
                  "a Case File's cost to turn one of its cards.", tuple(opts), cancel=True)


def ability_dialog(view: Mapping, actions: Sequence[Action]) -> Dialog:
    """The targets of the ability here (the Royal Library's grouped by Case File)."""
    abil = [a for a in actions if a.kind == "ability"]
    here = view["grid"][view["agent"]]
    opts = []
    if abil and abil[0].args[0] == "library":
        by_file: dict = {}
        for a in abil:
            by_file.setdefault(a.args[1], a)
        opts = [Option(a, f"Reveal {ARTICLE[CASE_FILES[f]]} card", "free")
                for f, a in by_file.items()]
    else:
        for a in abil:
            suffix = a.label[a.label.index("(") + 1:-1] if "(" in a.label else a.label
            opts.append(Option(a, suffix[:1].upper() + suffix[1:]))
    return Dialog("ability", f"{here['location']}: {here['ability_name']}", here["ability_text"],
                  tuple(opts), cancel=True)
