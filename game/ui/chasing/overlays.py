"""Screens over the Chasing Shadows table: the scoresheets (key S), the end of a round
(cards taken, grouped by suit, the ignored half face down, the suit scores) and the
final results (the sheets with their strike-throughs, the winners and why)."""

from __future__ import annotations

from typing import Mapping

import pygame

from game.i18n import N_, _, n_, shown
from game.ui import draw, style
from game.ui.scene import Overlay
from game.ui.scenes.results import ResultsScene, winners_text

from .look import draw_sheet, fit_text, live_rounds, score_card, sheet_grid, tint
from .model import SUIT_ORDER

ROUND_ENDS = (N_("End of the first round"), N_("End of the second round"),
              N_("End of the third round"))
SUB_LINE = 18             # the round-end subtitle's line height (px at 100 %)


def _box(m, max_w: int, max_h: int, room: int = 0) -> pygame.Rect:
    """A centred box; ``room`` px kept free on the right (for a tutorial's coach)."""
    w = min(m.px(max_w), m.width - 2 * m.px(24) - room)
    h = min(m.px(max_h), m.height - 2 * m.px(20))
    return pygame.Rect((m.width - room - w) // 2, (m.height - h) // 2, w, h)


def coach_room(app) -> int:
    """Width a tutorial's coach panel takes beside these screens (0 without one)."""
    return app.metrics.px(COACH_W) + app.metrics.px(24) if getattr(app, "coach", None) else 0


def coach_rect(m, box: pygame.Rect) -> pygame.Rect:
    return pygame.Rect(box.right + m.px(24), box.y, m.px(COACH_W), m.px(250))


COACH_W = 300


class SheetsScene(Overlay):
    """Every player's scoresheet, as it stands now."""

    def __init__(self, app, table) -> None:
        super().__init__(app)
        self.table = table

    def build(self, m: style.Metrics) -> None:
        self.box = _box(m, 1060, 640)
        bw = m.px(180)
        self.button((self.box.centerx - bw // 2, self.box.bottom - m.button_h - m.pad, bw, m.button_h),
                    _("Close (S)"), self.app.pop, cls="@primary", object_id="#close_sheets", badge=False)

    def handle_key(self, event: pygame.event.Event) -> bool:
        if event.key == pygame.K_s:
            self.app.pop()
            return True
        return super().handle_key(event)

    def default_action(self) -> None:
        self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        m = self.metrics
        view = self.table.live_view()
        draw.panel(surface, self.box, m.px(style.RADIUS), alpha=250)
        title = (_("Final scoresheets") if view["phase"] == "over"
                 else _("Scoresheets · round {round} of 3", round=view["round"]))
        draw.blit_text(surface, title, m.px(style.FONT_HEADING), (self.box.centerx, self.box.y + m.px(30)),
                       style.ACCENT_BRIGHT, True, "center")
        note = (_("Struck: a suit scored in exactly two rounds loses its earlier score.")
                if view["phase"] == "over" else
                _("Grey: this round so far, if it ended now. Empty box: no card of that suit "
                  "taken (not 0). At the end, a suit scored in exactly two rounds is struck."))
        for i, line in enumerate(draw.wrap(note, m.px(14), self.box.w - 2 * m.margin)[:2]):
            draw.blit_text(surface, line, m.px(14), (self.box.centerx, self.box.y + m.px(56) + i * m.px(19)),
                           style.TEXT_MUTED, False, "midtop")
        area = pygame.Rect(self.box.x + m.pad, self.box.y + m.px(100), self.box.w - 2 * m.pad,
                           self.box.h - m.px(100) - m.button_h - 2 * m.pad)
        names = [c.name for c in self.table.session.seats]
        winners = view["result"]["winners"] if view["result"] else ()
        current = None if view["phase"] == "over" else view["round"]
        live = live_rounds(self.table.shown()[0], view)
        for seat, rect in enumerate(sheet_grid(area, len(names), m)):
            draw_sheet(surface, rect, m, names[seat], seat, view["scoresheet"][seat],
                       winner=seat in winners, current_round=current,
                       live=live[seat] if live else None)


class RoundEndScene(Overlay):
    """The end of a round: what everyone took, how each suit scored; Continue."""

    shade = 190
    every_secret = False     # a review: every set-aside card face up, not only your own
    # its Continue button is made while the round's last trick is seen (``prepare``)
    keep_widgets = True
    park_widgets = True

    def __init__(self, app, table, view: Mapping) -> None:
        super().__init__(app)
        self.table = table
        self.view = view
        self.drawn_cards: list[tuple] = []   # (rect, uncovered width, rank, face up) drawn
        self.round = view["rounds_done"]
        self.breakdown = view["breakdowns"][self.round - 1]
        self.names = [c.name for c in table.session.seats]

    def build(self, m: style.Metrics) -> None:
        self.box = _box(m, 1180, 680, coach_room(self.app))
        bw = m.px(280)
        last = self.round >= 3
        text = (_("See the final scores") if last
                else _("Continue to round {round}", round=self.round + 1))
        self.continue_rect = pygame.Rect(self.box.centerx - bw // 2,
                                         self.box.bottom - m.button_h - m.pad, bw, m.button_h)
        self.button(self.continue_rect, text, self.proceed, cls="@primary",
                    object_id="#continue_round", badge=False)

    def handle_key(self, event: pygame.event.Event) -> bool:
        if event.key == pygame.K_l:
            # the round's last trick, as at the table (the view of the round's end: the
            # table below may have dealt the next round already)
            from .last_trick import LastTrickScene

            history = self.view.get("history") or ()
            self.app.push(LastTrickScene(self.app, self.table, history[-1] if history else None))
            return True
        return super().handle_key(event)

    def subtitle_lines(self) -> list[str]:
        """How the scoring is read, in as many lines as the box's width needs (two when
        the coach narrows the box at 1024x640: one line touched its edges)."""
        m = self.metrics
        text = (_("Cards taken, by suit. Even count: the higher half is set aside (dimmed) "
                  "and ignored. A lone 0 counts 15.") if self.every_secret else
                _("Cards taken, by suit. Even count: the higher half is set aside (dimmed, "
                  "face down for others) and ignored. A lone 0 counts 15."))
        return draw.wrap(text, m.px(14), self.box.w - 2 * m.pad)

    def rows(self) -> list[pygame.Rect]:
        m, box = self.metrics, self.box
        top = box.y + m.px(80) + (len(self.subtitle_lines()) - 1) * m.px(SUB_LINE)
        bottom = box.bottom - m.button_h - 2 * m.pad
        n = len(self.names)
        row_h = min(m.px(118), (bottom - top) // n)
        return [pygame.Rect(box.x + m.pad, top + seat * row_h, box.w - 2 * m.pad, row_h - m.px(6))
                for seat in range(n)]

    def suit_areas(self, rect: pygame.Rect) -> dict[str, pygame.Rect]:
        m = self.metrics
        name_w, total_w = m.px(150), m.px(96)
        group_w = (rect.w - name_w - total_w) // 4
        return {suit: pygame.Rect(rect.x + name_w + i * group_w, rect.y + m.px(6),
                                  group_w - m.px(10), rect.h - m.px(12))
                for i, suit in enumerate(SUIT_ORDER)}

    def regions(self) -> dict[str, pygame.Rect]:
        """Named parts for a tutorial's coach: round_end.row.<seat>,
        round_end.suit.<seat>.<suit>, round_end.score.<seat>, round_end.continue, coach."""
        if not hasattr(self, "box"):
            return {}
        m = self.metrics
        out = {"coach": coach_rect(m, self.box), "round_end.continue": self.continue_rect}
        for seat, row in enumerate(self.rows()):
            out[f"round_end.row.{seat}"] = row
            out[f"round_end.score.{seat}"] = pygame.Rect(row.right - m.px(96), row.y, m.px(96), row.h)
            for suit, area in self.suit_areas(row).items():
                out[f"round_end.suit.{seat}.{suit}"] = area
        return out

    def region(self, name: str) -> pygame.Rect | None:
        return self.regions().get(name)

    def proceed(self) -> None:
        self.app.pop()

    def default_action(self) -> None:
        self.proceed()

    def on_escape(self) -> None:
        self.proceed()

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        m = self.metrics
        box = self.box
        draw.panel(surface, box, m.px(style.RADIUS), alpha=250)
        draw.blit_text(surface, _(ROUND_ENDS[self.round - 1]),
                       m.px(style.FONT_HEADING), (box.centerx, box.y + m.px(28)), style.ACCENT_BRIGHT,
                       True, "center")
        self.drawn_cards = []
        for i, line in enumerate(self.subtitle_lines()):
            draw.blit_text(surface, line, m.px(14), (box.centerx, box.y + m.px(52) + i * m.px(SUB_LINE)),
                           style.TEXT_MUTED, False, "midtop")
        for seat, rect in enumerate(self.rows()):
            self._row(surface, rect, seat)

    def _row(self, surface, rect: pygame.Rect, seat: int) -> None:
        m = self.metrics
        tint(surface, rect, (255, 255, 255, 12) if seat % 2 else (0, 0, 0, 40), m.px(8))
        pygame.draw.rect(surface, style.PANEL_EDGE, rect, 1, border_radius=m.px(8))
        info = self.breakdown[seat]
        sheet_row = self.view["scoresheet"][seat]["rounds"][self.round - 1]
        name_w = m.px(150)
        token = draw.player_token(seat, m.px(26), self.names[seat])
        surface.blit(token, (rect.x + m.px(10), rect.y + m.px(8)))
        draw.blit_text(surface, fit_text(self.names[seat], m.px(16), name_w - m.px(44), True),
                       m.px(16), (rect.x + m.px(42), rect.y + m.px(21)), style.TEXT, True, "midleft")
        draw.blit_text(surface, n_("took {n} card", "took {n} cards", info["cards"]),
                       m.px(13), (rect.x + m.px(12), rect.y + m.px(46)), style.TEXT_MUTED)
        values = [v for v in sheet_row if v is not None]
        draw.blit_text(surface, _("this round"), m.px(13), (rect.right - m.px(12), rect.y + m.px(8)),
                       style.TEXT_MUTED, False, "topright")
        at = draw.blit_text(surface, str(sum(values)) if values else "0", m.px(26),
                            (rect.right - m.px(12), rect.y + m.px(24)), style.ACCENT_BRIGHT, True,
                            "topright")
        total = self.view["scoresheet"][seat]["total"]
        draw.blit_text(surface, _("total {score}", score=total), m.px(14), (rect.right - m.px(12), at.bottom + m.px(2)),
                       style.TEXT, True, "topright")
        card_h = min(m.px(74), rect.h - m.px(34))
        card_w = int(card_h * 0.71)
        for suit, area in self.suit_areas(rect).items():
            self._suit_group(surface, area, suit, info["suits"][suit], (card_w, card_h),
                             own=seat == self.table.viewer or self.every_secret)

    def _suit_group(self, surface, area: pygame.Rect, suit: str, data: Mapping, size,
                    own: bool = False) -> None:
        """One suit of one player: counted cards face up, the ignored half face down (your
        own ignored cards show their ranks, dimmed, since you saw them)."""
        m = self.metrics
        ranks = list(data["ranks"])
        ignored = list(data["ignored"])
        score = data["score"]
        mark = draw.suit_symbol(suit, m.px(16))
        surface.blit(mark, (area.x, area.bottom - m.px(18)))
        if score is None:
            text, colour = _("empty box"), style.TEXT_DIM
        elif len(ranks) == 1 and ranks[0] == 0:
            text, colour = _("15 (lone 0)"), style.ACCENT_BRIGHT
        else:
            text, colour = f"= {score}", style.ACCENT_BRIGHT
        draw.blit_text(surface, text, m.px(15), (area.x + m.px(20), area.bottom - m.px(10)), colour,
                       True, "midleft")
        if not ranks:
            return
        w, h = size
        room = area.w - w
        step = min(w + m.px(4), room / max(1, len(ranks) - 1)) if len(ranks) > 1 else 0
        counted = list(ranks)
        for r in ignored:
            counted.remove(r)
        x = area.x
        cards = [(r, True) for r in counted] + [(r, own) for r in ignored]
        for i, (r, face_up) in enumerate(cards):
            # each card's rank in the part the next card leaves uncovered
            shown_w = w if i == len(cards) - 1 else min(w, max(1, round(step)))
            at = (round(x), area.y)
            if face_up:
                surface.blit(score_card(r, suit, (w, h), shown_w, dim=i >= len(counted)), at)
            else:
                surface.blit(draw.card_back((w, h), suit), at)
            self.drawn_cards.append((pygame.Rect(at, (w, h)), shown_w, r, face_up))
            x += step


class ChasingResultsScene(ResultsScene):
    """The end of the game: final sheets with strike-throughs, the winners and why."""

    shade = 190

    def __init__(self, app, session, table) -> None:
        super().__init__(app, session)
        self.table = table

    def build(self, m: style.Metrics) -> None:
        self.box = _box(m, 1120, 680, coach_room(self.app))
        self.place_buttons(m, self.buttons(), m.px(210))

    def regions(self) -> dict[str, pygame.Rect]:
        """Named parts for a tutorial's coach: results.sheet.<seat>, results.winner, coach."""
        if not hasattr(self, "box"):
            return {}
        m = self.metrics
        # the winner's line and why
        reason = self.reason_lines(self.box.w - 2 * m.margin, m.px(16))[:2]
        width = max([draw.font(m.px(style.FONT_TITLE - 10), True).size(winners_text(self.session))[0]]
                    + [draw.font(m.px(16)).size(line)[0] for line in reason])
        out = {"coach": coach_rect(m, self.box),
               "results.winner": pygame.Rect(self.box.centerx - width // 2 - m.px(10),
                                             self.box.y + m.px(40), width + m.px(20),
                                             m.px(52) + m.px(22) * len(reason))}
        for seat, rect in enumerate(self.sheet_rects()):
            out[f"results.sheet.{seat}"] = rect
        return out

    def region(self, name: str) -> pygame.Rect | None:
        return self.regions().get(name)

    def sheet_rects(self) -> list[pygame.Rect]:
        m, box = self.metrics, self.box
        y = box.y + m.px(88) + m.px(22) * len(self.reason_lines(box.w - 2 * m.margin, m.px(16))[:2])
        seed_y = box.bottom - m.button_h - m.pad - m.px(26)
        area = pygame.Rect(box.x + m.pad, y + m.px(10), box.w - 2 * m.pad, seed_y - y - m.px(18))
        return sheet_grid(area, len(self.session.seats), m)

    def see_table(self) -> None:
        """Back to the finished table (its last trick and plates); "Results" returns here."""
        self.app.pop()

    def handle_event(self, event: pygame.event.Event) -> bool:
        return Overlay.handle_event(self, event)

    def reason_lines(self, width: int, size: int) -> list[str]:
        res = self.session.result()
        if res is None or not res.reason:
            return []
        reason = self.table.named([shown(res.reason)])[0]
        # Translators: a sentence's full stop after the rules' reason for the result
        return draw.wrap(_("{sentence}.", sentence=reason[:1].upper() + reason[1:]), size, width)

    def draw(self, surface: pygame.Surface) -> None:
        Overlay.draw(self, surface)
        m = self.metrics
        box = self.box
        draw.panel(surface, box, m.px(style.RADIUS), alpha=250)
        draw.blit_text(surface, _("Game over · {game}", game=_("Chasing Shadows")), m.px(16), (box.centerx, box.y + m.px(22)),
                       style.TEXT_MUTED, True, "center")
        draw.blit_text(surface, winners_text(self.session), m.px(style.FONT_TITLE - 10),
                       (box.centerx, box.y + m.px(58)), style.ACCENT_BRIGHT, True, "center")
        y = box.y + m.px(88)
        for line in self.reason_lines(box.w - 2 * m.margin, m.px(16))[:2]:
            draw.blit_text(surface, line, m.px(16), (box.centerx, y), style.TEXT, False, "midtop")
            y += m.px(22)
        seed_y = box.bottom - m.button_h - m.pad - m.px(26)
        view = self.session.view(None)
        winners = view["result"]["winners"] if view["result"] else ()
        names = [c.name for c in self.session.seats]
        for seat, rect in enumerate(self.sheet_rects()):
            draw_sheet(surface, rect, m, names[seat], seat, view["scoresheet"][seat],
                       winner=seat in winners)
        struck = _("Struck scores: a suit scored in exactly two rounds loses the earlier one.")
        note = struck if getattr(self.session, "tutorial", None) is not None else _(
            "Seed {seed}: enter it in Setup to play these deals again. {struck}",
            seed=self.session.match.seed, struck=struck)
        draw.blit_text(surface, note, m.px(13), (box.centerx, seed_y), style.TEXT_MUTED, False, "midtop")
