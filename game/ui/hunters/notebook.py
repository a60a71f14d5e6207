"""Each player's private deduction notes: what they believe every other player is.

Notes belong to the seat that wrote them and are shown only while that seat is at the
screen. They live in memory and in a small side file next to the autosave, keyed by the
game's seed, so Continue brings them back without touching the session's save format.
"""

from __future__ import annotations

import logging
import re
import threading
from dataclasses import dataclass, field

from game.i18n import N_, _
from game.storage.jsonfile import DamagedFile, UnreadableFile, read_json, write_versioned
from game.storage.paths import user_dirs

from .look import CHARACTER, CHARACTER_NAMES

log = logging.getLogger("shadows.ui")

KIND, VERSION = "hunters-notes", 1
FACTION_GUESSES = ("?", "Hunter", "Shadow", "Neutral")
NOTES_NAME = re.compile(r"^seed-\d+\.json$")   # never matches a file kept aside


_clearing: threading.Thread | None = None   # Notebook.fresh(later=True) at work


def wait_for_clearing() -> None:
    if _clearing is not None and _clearing.is_alive():
        _clearing.join()


def _clear_old_notes(seed: int) -> None:
    from game.storage import saves

    folder = notes_path(seed).parent
    keep = set()
    for info in saves.list_saves():
        if info.seed is not None:
            keep.add(notes_path(info.seed).name)
    keep.discard(notes_path(seed).name)
    if not folder.is_dir():
        return
    try:
        for old in folder.iterdir():
            if NOTES_NAME.match(old.name) and old.name not in keep and old.is_file():
                old.unlink()
    except OSError as exc:
        log.warning("old notes not removed: %s", exc)


def notes_path(seed: int):
    return user_dirs().data_dir / "hunters-notes" / f"seed-{int(seed)}.json"


@dataclass
class Notebook:
    seed: int
    # writer seat -> about seat -> {"faction": one of FACTION_GUESSES, "character": name or ""}
    notes: dict = field(default_factory=dict)
    looked: bool = False          # the start-of-game character look is done
    problem: str | None = None    # a message if the side file could not be read

    # --- reading and writing ---------------------------------------------------------
    @classmethod
    def load(cls, seed: int) -> "Notebook":
        wait_for_clearing()
        book = cls(seed)
        try:
            data = read_json(notes_path(seed), KIND, VERSION)
        except DamagedFile as exc:
            book.problem = exc.message(_("the notes start empty"))
            return book
        except UnreadableFile as exc:
            book.problem = exc.message(_("the notes start empty"))
            return book
        except OSError as exc:
            book.problem = _("Your notes could not be read ({problem}).", problem=exc.strerror or exc)
            return book
        if isinstance(data, dict):
            book.looked = data.get("looked") is True
            notes = data.get("notes")
            for writer, rows in (notes.items() if isinstance(notes, dict) else ()):
                if not isinstance(rows, dict) or not str(writer).isdecimal():
                    continue
                for about, note in rows.items():
                    if isinstance(note, dict) and str(about).isdecimal() and len(about) < 4:
                        faction, character = note.get("faction", "?"), note.get("character", "")
                        book.set(int(writer), int(about),
                                 faction if isinstance(faction, str) else "?",
                                 character if isinstance(character, str) else "", save=False)
        return book

    @classmethod
    def fresh(cls, seed: int, later: bool = False) -> "Notebook":
        """A new game: empty notes. This seed's old notes go, and so do notes whose game
        has no save any more. Files kept aside (``seed-N.damaged-….json``) stay. ``later``:
        the old notes are cleared on a worker thread (reading every save to know which
        games are still kept took 10-25 ms of the frame of Start); this book's first save
        waits for it."""
        global _clearing
        if not later:
            _clear_old_notes(seed)
            return cls(seed)
        wait_for_clearing()
        _clearing = threading.Thread(target=_clear_old_notes, args=(seed,), daemon=True,
                                     name="clear-old-notes")
        _clearing.start()
        return cls(seed)

    def save(self) -> None:
        from game.storage import problems

        wait_for_clearing()     # the old notes of this seed go first, then these are written
        try:
            write_versioned(notes_path(self.seed), KIND, VERSION,
                            {"looked": self.looked, "notes": self.notes})
        except OSError as exc:  # notes are a convenience: never stop the game for them
            problems.failed("notes", notes_path(self.seed), exc)
            return
        problems.succeeded("notes")

    def discard(self) -> None:
        try:
            notes_path(self.seed).unlink(missing_ok=True)
        except OSError:
            pass

    # --- the notes ----------------------------------------------------------------------
    def get(self, writer: int, about: int) -> dict:
        return self.notes.get(str(writer), {}).get(str(about), {"faction": "?", "character": ""})

    def set(self, writer: int, about: int, faction: str = "?", character: str = "",
            save: bool = True) -> None:
        if faction not in FACTION_GUESSES:
            faction = "?"
        if character not in CHARACTER:
            character = ""
        if character and faction != "?" and CHARACTER[character]["faction"] != faction:
            character = ""   # a guess of the other side would contradict the faction mark
        self.notes.setdefault(str(writer), {})[str(about)] = {"faction": faction,
                                                              "character": character}
        if save:
            self.save()

    def cycle_faction(self, writer: int, about: int) -> str:
        note = self.get(writer, about)
        nxt = FACTION_GUESSES[(FACTION_GUESSES.index(note["faction"]) + 1) % len(FACTION_GUESSES)]
        self.set(writer, about, nxt, note["character"])
        return nxt

    def cycle_character(self, writer: int, about: int, step: int = 1,
                        allowed: tuple[str, ...] = CHARACTER_NAMES) -> str:
        """Move the character guess through the names that fit the faction mark."""
        note = self.get(writer, about)
        names = [n for n in allowed
                 if note["faction"] == "?" or CHARACTER[n]["faction"] == note["faction"]]
        options = [""] + names
        i = options.index(note["character"]) if note["character"] in options else 0
        nxt = options[(i + step) % len(options)]
        self.set(writer, about, note["faction"], nxt)
        return nxt

    def summary(self, writer: int, about: int) -> str:
        """A short line for a player board ("" when nothing is marked)."""
        note = self.get(writer, about)
        parts = []
        if note["faction"] != "?":
            parts.append(_(note["faction"]))
        if note["character"]:
            parts.append(_("{character}?", character=_(note["character"])))
        return " · ".join(parts)


OUTCOME_WORDS = {"nothing": N_("nothing happened"), "heal": N_("healed"), "damage": N_("took damage"),
                 "give": N_("gave Equipment"), "show": N_("showed the card")}


def hermit_clues(view, about: int) -> list[str]:
    """What the viewer learnt about ``about`` from Hermit cards: each card the viewer gave
    them with their answer, and each card they gave the viewer. From the viewer's own
    private record joined with the public outcomes."""
    outcome = {fact[3]: fact[4] for fact in view.get("history", ()) if fact[0] == "hermit"}
    out = []
    for entry in view.get("private", ()):
        if entry[0] == "gave" and entry[2] == about:
            what = _(OUTCOME_WORDS.get(outcome.get(entry[1]), N_("not answered yet")))
            out.append(_("you gave {card}: {outcome}", card=_(entry[3]), outcome=what))
        elif entry[0] == "got" and entry[2] == about:
            out.append(_("gave you {card}", card=_(entry[3])))
        elif entry[0] == "saw" and entry[1] == about:
            out.append(_("showed you their character: {character}", character=_(entry[2])))
    return out
