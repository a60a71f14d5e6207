"""An analysis kept with its game: in the game record (so in the history and in an
exported ``.shadows.json`` file), made once and read back at once afterwards."""

from __future__ import annotations

import dataclasses

from .core import Analysis


def stored(record) -> Analysis | None:
    """The record's analysis if it has a usable one (this version, this game)."""
    data = getattr(record, "analysis", None)
    if not data:
        return None
    try:
        a = Analysis.from_json(data)
    except ValueError:
        return None
    if a.game != record.game or a.players != record.players or a.length != len(record.log):
        return None
    return a


def with_analysis(record, analysis: Analysis):
    """The same record carrying ``analysis``."""
    return dataclasses.replace(record, analysis=analysis.to_json())


def same_game(a, b) -> bool:
    return (a.game, a.seed, a.chance, tuple(a.log), a.players) == \
        (b.game, b.seed, b.chance, tuple(b.log), b.players)


def find_in_history(record):
    """The history's entry for the game of ``record`` (newest first), or None."""
    from game.storage.history import load_history

    try:
        records, _ = load_history()
    except OSError:
        return None
    return next((r for r in records if same_game(r, record)), None)


def keep(record, analysis: Analysis):
    """Attach ``analysis`` and store it in the history entry of the game, if it has one.
    Returns the record with the analysis."""
    from game.storage.history import replace_game

    out = with_analysis(record, analysis)
    try:
        entry = find_in_history(record)
        if entry is not None:
            replace_game(with_analysis(entry, analysis))
    except OSError:
        pass        # the history cannot be written now: the analysis is simply made again
    return out
