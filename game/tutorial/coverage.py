"""The rule coverage table of a tutorial: every rule of its game's rulebook
(/work/shared/rules/) as an id and a short sentence in our own words, with the step that
teaches it.

A rule is ``play`` when a step shows it happening at the table (a move, a trick, a
score), ``explained`` when a step only tells it with the table pointed at (play cannot
reach it in this deal), and ``uncovered`` when no step teaches it yet. ``step`` is a phrase
of that step's text, so the table breaks loudly if the step's text no longer says it
(tests/test_tutorial.py). Uncovered rules are listed in the module's ``UNCOVERED`` and the
test keeps that set from growing.
"""

from __future__ import annotations

from dataclasses import dataclass

HOWS = ("play", "explained", "uncovered")


@dataclass(frozen=True)
class Rule:
    id: str
    text: str
    how: str
    step: str = ""   # a phrase of the row that teaches it (empty when uncovered)


def rule(rid: str, text: str, how: str = "uncovered", step: str = "") -> Rule:
    if how not in HOWS:
        raise ValueError(f"{rid}: unknown coverage {how!r}")
    return Rule(rid, text, how, step)


def step_of(tutorial, r: Rule) -> list[int]:
    """The rows (not the computers' moves) whose text holds the rule's phrase."""
    if not r.step:
        return []
    return [i for i, row in enumerate(tutorial.rows)
            if row.kind != "bot" and r.step.lower() in row.text.lower()]


def steps_in_parts(parts, r: Rule) -> list[tuple]:
    """(part, row index) of every row of a tutorial in parts whose text holds the phrase."""
    return [(t, i) for t in parts for i in step_of(t, r)]


def counts(rules) -> dict[str, int]:
    out = {h: sum(1 for r in rules if r.how == h) for h in HOWS}
    out["total"] = len(rules)
    return out
