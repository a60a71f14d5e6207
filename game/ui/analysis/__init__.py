"""The Analyse screen (issue 43): opened from the results and from the review.

``add_results_button`` and ``add_review_button`` are the hooks those screens call; the
screen itself is ``scene.AnalysisScene`` and its graph ``graph``.
"""

from __future__ import annotations

import pygame

from game.i18n import _

GAMES = ("chasing", "hunters", "harsh")      # the games game.advice can play out


def record_of_session(session):
    """The finished game of a results screen as a record: the history's entry for it when
    there is one (so its analysis is stored there), else made from the session."""
    from game.analysis.store import find_in_history
    from game.review.record import GameRecord

    made = GameRecord.from_session(session)
    return find_in_history(made) or made


def add_results_button(scene, m) -> None:
    """An Analyse button at the top right of a results box (not after a tutorial)."""
    session = scene.session
    if (getattr(session, "tutorial", None) is not None or session.result() is None
            or session.match.game_id not in GAMES):
        return
    box = scene.box
    bw = m.px(130)
    scene.button(pygame.Rect(box.right - bw - m.pad, box.y + m.pad, bw, m.px(34)),
                 _("Analyse"), lambda: open_from_results(scene), choice=False, cls="@compact",
                 object_id="#analyse", tooltip=_("Where this game was won and lost, move by move"))


def open_from_results(scene) -> None:
    # by name: the screen opens the review, whose own button is made here
    from game.ui import navigation

    navigation.push(scene.app, "analysis", record_of_session(scene.session))


def add_review_button(scene, m, x: int) -> int:
    """An Analyse button in the review's top bar, left of ``x``; returns its left edge."""
    if scene.record.game not in GAMES:
        return x
    from game.ui import draw

    bw = draw.label_width(m, _("Analyse"), minimum=m.px(112))     # large text: its words whole
    x -= bw + m.gap
    scene.button((x, m.gap, bw, m.button_h), _("Analyse"), lambda: open_from_review(scene),
                 choice=False, object_id="#analyse",
                 tooltip=_("Where this game was won and lost, move by move"))
    return x


def open_from_review(review) -> None:
    from game.ui import navigation

    navigation.push(review.app, "analysis", review.record, review=review)
