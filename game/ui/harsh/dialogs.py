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

from game.i18n import N_, _, shown
from game.rules.harsh.data import ITEMS, KIND_NAMES
from game.rules.harsh.words import payment
from game.rules.protocol import Action

from . import forecast

# abilities aimed at a Location: (header over the actions, hint, refusal off-target)
# (English ids, marked for the catalog: shown with _())
GRID_ABILITIES = {
    "bus": (N_("Express: click the Location to go to"), N_("Any Location but your own; you "
            "arrive as after a move."), N_("Express goes to any other Location: click one of the "
                                          "glowing ones")),
    "post": (N_("Dead drop: click a neighbouring Location"), N_("You take the top card of its "
             "stack without moving."), N_("Dead drop takes from a neighbouring Location with a "
                                         "card: click one of the glowing ones")),
}


CASE_FILES = ("Evidence", "Red Herring", "False Leads")
# "Reveal an Evidence card": one sentence per Case File, so each language says it its way
REVEAL_ONE = {"Evidence": N_("Reveal an Evidence card"), "Red Herring": N_("Reveal a Red Herring card"),
              "False Leads": N_("Reveal a False Lead card")}


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


# An option's note as worded -> "good" (green) or "danger" (red); others are plain. Said
# where each note is worded, so the colour does not hang on the words of one language.
NOTE_TONE: dict[str, str] = {}


def toned(text: str, tone: str) -> str:
    if len(NOTE_TONE) > 2000:       # notes with numbers in them, over a long session
        NOTE_TONE.clear()
    NOTE_TONE[text] = tone
    return text


def discard_note(view: Mapping, name: str) -> str:
    if name in ("Clue", "Clue x2"):
        return _("you hold {n} Clue value", n=view["clues"])
    role = roles(view).get(name)
    if role == "Evidence":
        return toned(_("Evidence: discarding it makes a win impossible"), "danger")
    if role == "Red Herring":
        return toned(_("Red Herring: better gone"), "good")
    if role == "False Leads":
        return toned(_("False Lead: safe to lose"), "good")
    return _("not identified yet")


def listed(names) -> str:
    """Names in the language in force, as a list ("Gun, Clue")."""
    names = [_(n) for n in names]
    out = names[-1] if names else ""
    for n in reversed(names[:-1]):
        out = _("{first}, {rest}", first=n, rest=out)
    return out


def discarded_kind(action: Action) -> str:
    """The English id of the card a discard action gives up."""
    return KIND_NAMES[action.args[0]]


PHASE_TEXT = {
    "bomb": (N_("A Bomb!"), N_("Use the Defusing Kit (once per game): the Bomb is discarded, no "
             "other card, and your turn goes on. Or keep the Kit: discard a card and your turn "
             "ends.")),
    "meeting": (N_("The bugged Spy is here"), N_("Accuse now (the game ends and every Case File "
                "is revealed), or let the Spy go.")),
    "reorder": (N_("Overheard"), N_("You looked at the top of the Discovery deck. Choose the "
                "order to put the cards back (top first).")),
    "stakeout": (N_("Stakeout"), N_("You see the top Spy Movement card (shown on the right). "
                 "Leave it on top, or put it at the bottom of the Spy deck without turning it.")),
}
DISCARD_TITLES = {
    "bomb": (N_("The Bomb goes off"), N_("Discard one card from your collection. Your turn then "
                                         "ends.")),
    "meeting": (N_("You walked into the Spy"), N_("Discard one card from your collection. Your "
                "turn ends.")),
    "spy": (N_("The Spy ran into you"), N_("Discard one card from your collection.")),
}


# Dialogs about what the grid shows (a Stakeout weighs the Spy's next step, drawn as an arrow
# on the grid) open beside it and leave it in view.
BESIDE_GRID = frozenset(("stakeout",))
# Dialogs that change the Case Files (paying Clues, the Royal Library's free reveal) open over
# the grid and leave the Case Files in view.
OVER_GRID = frozenset(("clues", "pay", "ability"))


# the dialog's text says which card: the buttons stay short enough to read whole
STAKEOUT_OPTIONS = {("keep",): N_("Leave it on top"), ("bottom",): N_("Put it at the bottom")}


def stakeout_outlook(view: Mapping) -> str:
    """What leaving the seen card on top means: where the Spy then goes (drawn on the grid)."""
    fc = forecast.next_move(view)
    if fc is None:
        return ""
    if fc.stays:
        return _("Left on top, it does not move the Spy this turn (lost in the crowd).")
    where = view["grid"][fc.to]["location"]
    if not where:
        return _("Left on top, it sends the Spy {direction} to a face-down Location.",
                 direction=_(forecast.WORDS[fc.direction]))
    return _("Left on top, it sends the Spy {direction} to {place}.",
             direction=_(forecast.WORDS[fc.direction]), place=_(where))


def phase_dialog(view: Mapping, actions: Sequence[Action]) -> Dialog | None:
    """The dialog the current phase forces, or None."""
    phase = view["phase"]
    if not actions:
        return None
    if phase == "discard":
        title, text = DISCARD_TITLES.get(view["discard_for"], (N_("Discard a card"), ""))
        opts = tuple(Option(a, a.label, discard_note(view, discarded_kind(a))) for a in actions)
        return Dialog("discard", _(title), _(text) if text else "", opts)
    if phase == "meeting":
        title, text = PHASE_TEXT["meeting"]
        opts = []
        for a in actions:
            if a.kind == "accuse":
                opts.append(Option(a, _("Accuse the Spy"), accuse_note(view)))
            elif a.kind == "slip":
                opts.append(Option(a, _("Let the Spy go"), toned(_("Safe house: no card is lost"),
                                                                 "good")))
            elif a.kind == "no_card":
                opts.append(Option(a, _("Let the Spy go"), toned(_("You hold no card to discard: "
                                                                  "the mission fails"), "danger")))
            else:
                opts.append(Option(a, _("Discard {card} and let the Spy go",
                                        card=_(discarded_kind(a))),
                                   discard_note(view, discarded_kind(a))))
        return Dialog("meeting", _(title), _(text), tuple(opts))
    if phase == "reorder":
        title, text = PHASE_TEXT[phase]
        seen = listed(view["looking_at"])
        opts = tuple(Option(a, listed(KIND_NAMES[k] for k in a.args)) for a in actions)
        return Dialog(phase, _(title), _("{text} You saw: {cards}.", text=_(text), cards=seen), opts)
    if phase == "stakeout":
        title, text = PHASE_TEXT[phase]
        return Dialog(phase, _(title), f"{_(text)} {stakeout_outlook(view)}",
                      tuple(Option(a, _(STAKEOUT_OPTIONS[a.args]) if a.args in STAKEOUT_OPTIONS
                                   else a.label) for a in actions))
    if phase == "bomb":
        title, text = PHASE_TEXT[phase]
        return Dialog(phase, _(title), _(text), tuple(Option(a, a.label) for a in actions))
    return None


def accuse_note(view: Mapping) -> str:
    """What the collection proves about an accusation now."""
    if not view["win_possible"]:
        return toned(_("a win is no longer possible"), "danger")
    r = roles(view)
    held = set(view["collection"])
    known_e = [n for n, f in r.items() if f == "Evidence"]
    have = sum(1 for n in known_e if n in held)
    bad = [n for n, f in r.items() if f == "Red Herring" and n in held]
    if bad:
        return toned(_("you hold the Red Herring {item}: you would lose", item=_(bad[0])), "danger")
    missing = [n for n in known_e if n not in held]
    if missing:
        return toned(_("the Evidence {item} is not in your collection: you would lose",
                       item=_(missing[0])), "danger")
    found = [n for n in deduced(view) if r[n] == "Evidence"]
    note = _("{have} of 3 Evidence known and held", have=have)
    if found:
        return _("{note} ({items}: the only Evidence left)", note=note, items=listed(found))
    elif len(known_e) < 3:
        unknown = [n for n in held if n in ITEMS and n not in r]
        need = 3 - len(known_e)
        if len(unknown) < need:
            return toned(_("{note}; too few unidentified Items held to be the rest: you would lose",
                           note=note), "danger")
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
        opts.append(Option(a, _(REVEAL_ONE[name]), _("pay {pay}", pay=pay_text(view, a))))
    return Dialog("clues", _("Use clues"), _("You hold {n} Clue value. Once per turn, pay a Case "
                  "File's cost to turn one of its cards.", n=view["clues"]), tuple(opts), cancel=True)


def pay_text(view: Mapping, action: Action) -> str:
    """How a reveal is paid ("2 Clues", "Clue x2 + 1 Clue"), in the language in force."""
    f, _slot, x2 = action.args
    return shown(payment(view["case_files"][f]["cost"], x2))


def ability_target(action: Action) -> str:
    """The target an ability's label names ("go to Royal Library"), in words, else ""."""
    msg = action.label_message
    target = dict(getattr(msg, "params", ())).get("target")
    return shown(target) if target is not None else ""


def ability_dialog(view: Mapping, actions: Sequence[Action]) -> Dialog:
    """The targets of the ability here (the Royal Library's grouped by Case File)."""
    abil = [a for a in actions if a.kind == "ability"]
    here = view["grid"][view["agent"]]
    opts = []
    if abil and abil[0].args[0] == "library":
        by_file: dict = {}
        for a in abil:
            by_file.setdefault(a.args[1], a)
        opts = [Option(a, _(REVEAL_ONE[CASE_FILES[f]]), _("free"))
                for f, a in by_file.items()]
    else:
        for a in abil:
            suffix = ability_target(a) or a.label
            opts.append(Option(a, suffix[:1].upper() + suffix[1:]))
    return Dialog("ability", _("{place}: {ability}", place=_(here["location"]),
                               ability=_(here["ability_name"])), _(here["ability_text"]),
                  tuple(opts), cancel=True)
