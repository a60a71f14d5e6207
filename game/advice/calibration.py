"""From a search's raw win chance to an honest one.

A playout search is overconfident at the top: its playout policies play worse than the
people and computer players at a real table (a won-looking position is not yet won), and
the best of several noisy figures is too good by chance. So the figure shown goes through
a monotone map per game, fitted on whole analysed games (``isotonic regression``, kept
as a few knots, linear between them) by ``build_scripts/research/coach_calibration.py fit``,
and checked there on other games that the fit never saw. The map never changes which
choice is best: it is applied after the choices are ranked.
"""

from __future__ import annotations

from bisect import bisect_right

# (raw, shown) knots by game, raw strictly increasing, shown non-decreasing; 0 and 1 fixed.
KNOTS: dict[str, list[tuple[float, float]]] = {}


def calibrate(game: str, raw: float) -> float:
    """The win chance to show for the search's ``raw`` figure (the raw figure itself for a
    game without a map)."""
    pts = KNOTS.get(game)
    if not pts:
        return raw
    raw = min(1.0, max(0.0, raw))
    i = bisect_right([x for x, _ in pts], raw)
    if i >= len(pts):
        return pts[-1][1]
    (x0, y0), (x1, y1) = pts[i - 1], pts[i]
    return y0 + (y1 - y0) * (raw - x0) / (x1 - x0)
