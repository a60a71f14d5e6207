"""Writes that are failing right now (disk full, read-only folder), for the app's banner.

Storage code reports here instead of raising into the game: play goes on, the banner
says what is not being saved and why, and the next successful write clears it.
"""

from __future__ import annotations

import logging
import os
from dataclasses import dataclass
from pathlib import Path

from game import i18n
from game.i18n import N_

from .jsonfile import write_problem

log = logging.getLogger("shadows.storage")

# what is failing -> the problem; "game" is the game in progress
WHAT_WORDS = {"game": N_("the game"), "settings": N_("the settings"),
              "statistics": N_("the statistics"), "notes": N_("the notes"),
              "history": N_("the history")}


@dataclass(frozen=True)
class WriteProblem:
    what: str
    path: Path
    why: str


_failing: dict[str, WriteProblem] = {}
_changes = 0
# Things said once (a file kept aside, a folder unblocked), with the user folder they
# are about: a message about another folder (SHADOWS_HOME changed) is not for this one.
_notices: list[tuple[str, str]] = []


def _home() -> str:
    return os.environ.get("SHADOWS_HOME", "")


def tell(text: str) -> None:
    """Something the person should hear once, at the next frame."""
    log.info("notice: %s", text)
    item = (_home(), text)
    if item not in _notices:
        _notices.append(item)


def take_notices() -> list[str]:
    home = _home()
    out = [text for where, text in _notices if where == home]
    _notices.clear()
    return out


def failed(what: str, path: Path, exc: BaseException) -> WriteProblem:
    """``what`` could not be written to ``path``; remember why for the banner."""
    global _changes
    problem = WriteProblem(what, Path(path), write_problem(exc))
    if _failing.get(what) != problem:
        log.warning("%s not saved to %s: %s (%s)", what, path, problem.why, exc)
        _changes += 1
    _failing[what] = problem
    return problem


def succeeded(what: str) -> None:
    global _changes
    if _failing.pop(what, None) is not None:
        log.info("%s saved again", what)
        _changes += 1


def failing() -> list[WriteProblem]:
    return list(_failing.values())


def changes() -> int:
    """A counter that moves whenever the list of problems changes."""
    return _changes


def banner_text() -> str:
    """One calm sentence for everything that is failing ("" when all is well)."""
    if not _failing:
        return ""
    whys = sorted({p.why for p in _failing.values()})
    things = [i18n._(WHAT_WORDS[w]) if w in WHAT_WORDS else w
              for w in sorted(_failing, key=lambda w: w != "game")]
    names = things[0]
    for i, thing in enumerate(things[1:], 1):
        # Translators: a list of things being saved, built a pair at a time
        names = (i18n._("{list} and {item}", list=names, item=thing) if i == len(things) - 1
                 else i18n._("{list}, {item}", list=names, item=thing))
    why = "; ".join(whys)
    if "game" in _failing:
        return i18n._("Saving {things} is failing: {why}. Play goes on; it tries again after "
                      "your next move.", things=names, why=why)
    return i18n._("Saving {things} is failing: {why}. Play goes on; it tries again next time.",
                  things=names, why=why)


def clear() -> None:
    """Forget everything (a new app, or a test)."""
    global _changes
    _failing.clear()
    _changes += 1
