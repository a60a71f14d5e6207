"""The end of a Harsh Shadows game: every Case File revealed, and why it was won or lost.

An accusation turns every Confiscated Item in the view. A game lost another way (the
Countdown, a Bomb or a meeting with no card left) leaves some face down in the view, yet
nothing is secret once the game is over: the Case Files were dealt by a recorded chance
step ("cases" in the match log), which is read only when the game has ended.
"""

from __future__ import annotations

from typing import Mapping

import pygame

from game.i18n import N_, _, shown
from game.rules.harsh.data import ITEMS
from game.rules.protocol import CHANCE
from game.ui import draw, style
from game.ui.scenes.results import ResultsScene
from game.ui.widgets import paragraph, table

TITLES = {True: N_("Mission accomplished"), False: N_("Mission failed")}
# the difficulties by their option values (the Setup's words for them)
DIFFICULTY_NAMES = {"standard": N_("Standard"), "hard": N_("Hard"), "difficult": N_("Difficult"),
                    "expert": N_("Expert")}


def final_case_files(session, view: Mapping) -> list[tuple]:
    """Item names under each Case File: all of them once the game is over, else the view's."""
    files = [tuple(f["slots"]) for f in view["case_files"]]
    if not session.is_over() or all(None not in f for f in files):
        return files
    deal = view["options"]["deal"]
    for seat, action in session.match.log:
        if seat == CHANCE and action.kind == "cases":
            items = [ITEMS[i] for i in action.args]
            out, start = [], 0
            for n in deal:
                out.append(tuple(items[start:start + n]))
                start += n
            return out
    return files


def outcome_blocks(session, view: Mapping, stats_row: dict | None) -> list:
    res = view["result"] or {}
    files = final_case_files(session, view)
    held = set(view["collection"])
    gone = set(view["discovery_discard"])
    blocks = [paragraph(shown(res.get("text", "")), style.TEXT)]
    rows = []
    for f, names in zip(view["case_files"], files):
        for name in names:
            where = _("in your collection") if name in held else (_("discarded") if name in gone
                                                                  else _("never found"))
            rows.append((_(f["name"]), _(name), where))
    blocks.append(table((_("Case File"), _("Item"), _("Your copy")), rows))
    # the rest in a few plain lines, so that all of it fits the box whole at 1024x640
    from .dialogs import listed

    coll = listed(view["collection"]) or _("empty")
    level = _(DIFFICULTY_NAMES.get(view["difficulty"], view["difficulty"]))
    blocks.append(paragraph(_("Your collection: {cards}. Turns played: {turns}. Difficulty: {level}.",
                              cards=coll, turns=view["turn"], level=level), style.TEXT_MUTED))
    if stats_row:
        blocks.append(paragraph(_(
            "Your record at {level}: {won} won of {played} played; streak {streak}, best {best}.",
            level=level, won=stats_row["won"], played=stats_row["played"],
            streak=stats_row["streak"], best=stats_row["best_streak"]), style.TEXT_MUTED))
    return blocks


COACH_W = 300   # the width of a tutorial's coach panel beside the box


class HarshResultsScene(ResultsScene):
    """The results overlay with the revealed Case Files and the record at this difficulty."""

    def __init__(self, app, session, table_scene) -> None:
        super().__init__(app, session)
        self.table_scene = table_scene

    def build(self, m: style.Metrics) -> None:
        from game.storage import stats as stats_store

        view = self.session.view(0)
        stats, _notice = stats_store.load_stats()
        row = stats.games.get("harsh", {}).get("difficulty", {}).get(view["difficulty"])
        self.won = bool((view["result"] or {}).get("won"))
        w = min(m.px(780), m.width - 2 * m.margin)
        h = min(m.px(600), m.height - 2 * m.margin)
        self.box = self.centered(w, h)
        room = m.px(COACH_W + 24) if getattr(self.app, "coach", None) else 0
        if room:   # a tutorial's coach stands beside the box
            w = min(w, m.width - 2 * m.margin - room)
            self.box = pygame.Rect((m.width - room - w) // 2, self.box.y, w, h)
        top = self.box.y + m.px(104)
        bottom = self.box.bottom - m.button_h - m.px(56)
        self.panel = self.make_panel(pygame.Rect(self.box.x + m.pad, top, w - 2 * m.pad, bottom - top), m)
        self.panel.set_blocks(outcome_blocks(self.session, view, row))
        self.place_buttons(m, ((_("Play again"), self.play_again, "#play_again"),
                               (_("Same deal"), self.same_deal, "#same_deal"),
                               (_("See the table"), self.see_table, "#see_table"),
                               (_("Menu"), self.to_menu, "#to_menu")))

    def regions(self) -> dict[str, pygame.Rect]:
        """Named parts for a tutorial's coach: results.outcome, results.case_files, coach."""
        if not hasattr(self, "box"):
            return {}
        m = self.metrics
        return {"coach": pygame.Rect(self.box.right + m.px(24), self.box.y, m.px(COACH_W), m.px(250)),
                "results.outcome": self._title_rect(m),
                "results.case_files": self.panel.rect}

    def _title_rect(self, m) -> pygame.Rect:
        w, h = draw.font(m.px(style.FONT_TITLE - 8), True).size(_(TITLES[self.won]))
        return pygame.Rect(0, 0, w + m.px(16), h + m.px(4)).move(
            self.box.centerx - (w + m.px(16)) // 2, self.box.y + m.px(62) - (h + m.px(4)) // 2)

    def region(self, name: str) -> pygame.Rect | None:
        return self.regions().get(name)

    def see_table(self) -> None:
        self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        # made once per window size (a new full-window layer each frame cost some 3 ms)
        surface.blit(draw.shade(surface.get_size(), (0, 0, 0, self.shade)), (0, 0))
        m = self.metrics
        draw.panel(surface, self.box, m.px(style.RADIUS), alpha=250)
        draw.blit_text(surface, _("Game over · {game}", game=_("Harsh Shadows")), m.px(17),
                       (self.box.centerx, self.box.y + m.px(24)), style.TEXT_MUTED, True, "center")
        colour = style.GOOD if self.won else style.DANGER
        draw.blit_text(surface, _(TITLES[self.won]), m.px(style.FONT_TITLE - 8),
                       (self.box.centerx, self.box.y + m.px(62)), colour, True, "center")
        self.panel.draw(surface)
        draw.blit_text(surface, _("Seed {seed}: enter it in Setup to play this deal again.",
                                  seed=self.session.match.seed), m.px(14), (self.box.centerx, self.panel.rect.bottom + m.px(8)),
                       style.TEXT_MUTED, False, "midtop")
