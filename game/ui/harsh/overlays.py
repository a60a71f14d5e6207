"""What the Harsh Shadows table draws over the board: the dialog (a forced decision, a
payment, an ability's target, "this ends the game"), the one-line toast, and the hint (its
panel and the ring on the hinted choice). The end screen is ``ending``.

``HarshOverlays`` is mixed into ``HarshTableScene``; what each dialog offers comes from
``dialogs``.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from game.i18n import Decimal, Percent, _, shown
from game.ui import draw, style
from game.ui.table_base import fit
from game.ui.widgets import paragraph

from . import dialogs, look
from .anim import ease
from .dangers import percent_text


def hint_rows(ranked, reasons=()) -> list[tuple]:
    """The hint's choices as (words, chance, ± margin), best first: the cards of one Case
    File that would be paid alike are one line, since the search cannot tell them apart
    (it played one of them for all). With ``reasons`` (one for each of ``ranked``) each row
    ends with its reason."""
    from game.ai.harsh_hint import _class_key, margin

    groups: dict = {}
    for i, (a, p, n) in enumerate(ranked):
        groups.setdefault(_class_key(a), []).append((a, p, n, reasons[i] if reasons else None))
    rows = []
    for members in groups.values():
        a, p, n, why = members[0]
        label = a.label
        if len(members) > 1 and a.kind == "reveal":
            f, _slot, x2 = a.args
            label = _("Reveal one of {n} {file} cards (pay {pay})", n=len(members),
                      file=_(dialogs.CASE_FILES[f]), pay=reveal_pay(a))
        rows.append((label, p, margin(p, n)) + ((why,) if reasons else ()))
    return rows


def reveal_pay(action) -> str:
    """The payment a reveal's label names, in words."""
    pay = dict(getattr(action.label_message, "params", ())).get("pay")
    return shown(pay) if pay is not None else ""


NBSP = "\u00a0"
# the rows as good as the best that keep their reason, when the panel has room for them
REASONED = 2


def hint_lines(answer, reasoned: int = REASONED) -> list:
    """As the hint at the other tables: "Best: choice — chance ±margin" with the reason the
    search gives; then the choices as good as it within the margins (the first ``reasoned``
    with their reasons too; -1: not even the best's), then the rest, likeliest first, each
    figure ahead of its words (a column to compare at a glance), so 76% against 74% is not
    read as a difference."""
    rows = hint_rows(answer.ranked, answer.reasons or (None,) * len(answer.ranked))
    (best, p, mp, why), rest = rows[0], rows[1:]

    def pts(q, mq):
        # one unit: a line may break before "76% ±5" or after it, never inside it
        return _("{percent} ±{margin}", percent=percent_text(q),
                 margin=max(1, round(100 * mq))).replace(" ", NBSP)

    def reason(msg):
        return [paragraph(shown(msg), style.TEXT_DIM)] if msg is not None else []

    blocks = [paragraph(_("Best: {choice} — {chance} win chance", choice=best, chance=pts(p, mp)),
                        look.HINT_COLOUR)] + (reason(why) if reasoned >= 0 else [])
    ties = [r for r in rest if r[1] + r[2] >= p - mp]
    worse = [r for r in rest if r[1] + r[2] < p - mp]
    if ties:
        blocks.append(paragraph(_("As good, within the ±:"), style.TEXT))
        for i, (label, q, mq, why) in enumerate(ties):
            blocks.append(paragraph(f"{pts(q, mq)}  {label}", style.TEXT_MUTED))
            blocks += reason(why) if i < reasoned else []
    if worse:
        blocks.append(paragraph(_("Less good:") if ties or len(worse) > 1 else _("The other choice:"),
                                style.TEXT))
        blocks += [paragraph(f"{pts(q, mq)}  {label}", style.TEXT_MUTED)
                   for label, q, mq, _why in worse]
    if any(round(100 * r[1]) > round(100 * p) for r in rest):
        # the heuristic's choice kept first (advice.harsh.steady_first): say why where a
        # higher figure below it would be misread
        blocks.append(paragraph(_("Best is what a seasoned player would do here: no other "
                                  "choice is clearly better, beyond the ±."), style.TEXT_DIM))
    n, seconds = answer.best[2], Decimal(answer.seconds, 1)
    # Translators: {level} is "95%" written the language's way
    blocks.append(paragraph(_("± is the {level} margin ({n} games a choice, {seconds} s).",
                              level=Percent(95), n=n, seconds=seconds), style.TEXT_DIM))
    return blocks


@lru_cache(maxsize=8)
def veil(size: tuple) -> pygame.Surface:
    """The shade over the board (or the side) behind a dialog (made once per size, not every frame)."""
    shade = pygame.Surface(size, pygame.SRCALPHA)
    shade.fill((0, 0, 0, 150))
    return shade


def dialog_buttons(lay, m: style.Metrics) -> list[tuple]:
    """The buttons of the usual dialogs (``warm_dialogs``), as (rect, text, cls, object_id)."""
    out = []
    bh = m.px(38)
    for area, n, cols in ((lay.dialog_area, 4, 1), (lay.dialog_area, 6, 2),
                          (lay.side_dialog_area, 2, 1), (lay.grid_dialog_area, 4, 1)):
        cw = (area.width - 2 * m.pad - (cols - 1) * m.gap) // cols
        for i in range(n):
            out.append(((area.x + m.pad, area.y + i * bh, cw, bh), "…", "@choice", f"#opt_{i}"))
    out.append(((0, 0, m.px(140), m.button_h), _("Cancel"), None, "#cancel"))
    return out


class HarshOverlays:
    # the dialog --------------------------------------------------------------------------------------
    def build_dialog(self, m: style.Metrics, dlg: dialogs.Dialog) -> None:
        area = self.dialog_area(dlg)
        n = len(dlg.options)
        cols = 1 if n <= 4 or dlg.kind == "reorder" else 2
        inner_w = area.width - 2 * m.pad
        text_lines = draw.wrap(dlg.text, m.px(16), inner_w) if dlg.text else []
        if dlg.kind != "confirm":
            # an option that can end the game says so under it
            options = []
            for o in dlg.options:
                danger = self.shown_danger_of(o.action)
                options.append(dialogs.Option(o.action, o.text, danger.note()) if danger else o)
            dlg = dialogs.Dialog(dlg.kind, dlg.title, dlg.text, tuple(options), dlg.cancel)
            self.dialog = dlg
        bh = m.px(38)
        note_h = m.px(18) if any(o.note for o in dlg.options) else 0
        cell_h = bh + note_h + m.gap
        rows = (n + cols - 1) // cols
        h = (m.px(46) + len(text_lines) * m.px(22) + m.gap + rows * cell_h
             + (m.button_h + m.gap if dlg.cancel else 0) + m.pad)
        h = min(h, area.height)
        rect = pygame.Rect(area.x, area.y + max(0, (area.height - h) // 3), area.width, h)
        self.dialog_rect = rect
        self.dialog_lines = text_lines
        cw = (inner_w - (cols - 1) * m.gap) // cols
        y0 = rect.y + m.px(46) + len(text_lines) * m.px(22) + m.gap
        for i, opt in enumerate(dlg.options):
            r, c = divmod(i, cols)
            x = rect.x + m.pad + c * (cw + m.gap)
            y = y0 + r * cell_h
            text = fit(opt.text, m.px(16), cw - m.px(30))
            btn = self.button((x, y, cw, bh), text, lambda a=opt.action: self.pick(a),
                              object_id=f"#opt_{i}", cls="@choice",
                              tooltip=opt.text if text != opt.text else None)
            self.option_buttons.append((btn, opt))
        if dlg.cancel:
            self.button((rect.right - m.pad - m.px(140), rect.bottom - m.pad - m.button_h, m.px(140),
                         m.button_h), _("Cancel"), self.close_dialog, choice=False, object_id="#cancel")

    def dialog_area(self, dlg: dialogs.Dialog) -> pygame.Rect:
        """Where a dialog goes: beside the grid when it is about the grid (a Stakeout), over
        the grid when it changes the Case Files (they stay in view), else over the board."""
        if dlg.kind in dialogs.BESIDE_GRID:
            return self.lay.side_dialog_area
        if dlg.kind in dialogs.OVER_GRID:
            return self.lay.grid_dialog_area
        return self.lay.dialog_area

    def warm_dialogs(self, m: style.Metrics) -> None:
        """Make the buttons of the usual dialogs (up to four options over the board, or six
        in two columns; two beside the grid; up to four over the grid: paying Clues, a
        Location's ability; Cancel) while the table is put up, parked until a dialog asks
        (``build_dialog`` places them). (The ability's dialog over the grid had none made:
        its first use made three or four buttons in the frame of the press.)"""
        for rect, text, cls, object_id in dialog_buttons(self.lay, m):
            self.park_ahead(rect, text, cls=cls, object_id=object_id)

    def draw_dialog(self, surface, dlg: dialogs.Dialog) -> None:
        m = self.metrics
        under = self.lay.board if self.dialog_area(dlg) is self.lay.dialog_area else self.dialog_area(dlg)
        surface.blit(veil(under.size), under)
        rect = self.dialog_rect
        draw.panel(surface, rect, m.px(12), alpha=250)
        pygame.draw.rect(surface, style.ACCENT, rect, 1, border_radius=m.px(12))
        title_colour = style.DANGER if dlg.kind in ("bomb", "discard") else style.ACCENT_BRIGHT
        draw.blit_text(surface, dlg.title, m.px(22), (rect.x + m.pad, rect.y + m.px(10)), title_colour, True)
        y = rect.y + m.px(46)
        for ln in self.dialog_lines:
            draw.blit_text(surface, ln, m.px(16), (rect.x + m.pad, y), style.TEXT)
            y += m.px(22)
        for btn, opt in self.option_buttons:
            if opt.note:
                r = btn.rect
                draw.blit_text(surface, fit(opt.note, m.px(12), r.width), m.px(12),
                               (r.x + m.px(4), r.bottom + m.px(2)), look.note_colour(opt.note))

    # the end of the game, held until seen ------------------------------------------------------------
    def draw_ending(self, surface, view) -> None:
        """Over the grid, once the Spy has landed: won or lost, and why; a click or key goes
        on to the results (they also come by themselves, after a moment)."""
        m = self.metrics
        res = view["result"] or {}
        won = bool(res.get("won"))
        grid = self.lay.grid
        w = grid.width - 2 * m.pad
        lines = draw.wrap(shown(res.get("text", "")), m.px(16), w - 2 * m.pad)[:4]
        h = m.px(44) + len(lines) * m.px(21) + m.px(34)
        coming = next((a.progress for a in self.timeline.of("ending")), 1.0)
        # over a row of the grid without the Spy or the Agent: the pieces stay in view
        busy = {view["spy"] // 3, view["agent"] // 3}
        row = next((r for r in (1, 2, 0) if r not in busy), 1)
        centre = self.lay.cells[3 * row].centery
        rect = pygame.Rect(grid.x + m.pad, centre - h // 2, w, h).clamp(grid)
        rect.y += int((1 - ease(coming)) * m.px(40))     # it rises into place as the Spy lands
        draw.panel(surface, rect, m.px(12), alpha=252)
        colour = style.GOOD if won else style.DANGER
        pygame.draw.rect(surface, colour, rect, 2, border_radius=m.px(12))
        title = _("Mission accomplished") if won else _("Mission failed")
        draw.blit_text(surface, title, m.px(26), (rect.centerx, rect.y + m.px(8)), colour, True, "midtop")
        y = rect.y + m.px(44)
        for ln in lines:
            draw.blit_text(surface, ln, m.px(16), (rect.centerx, y), style.TEXT, False, "midtop")
            y += m.px(21)
        draw.blit_text(surface, _("Click or press a key for the results"), m.px(13),
                       (rect.centerx, rect.bottom - m.px(8)), style.TEXT_DIM, False, "midbottom")

    # the toast ------------------------------------------------------------------------------------------
    def draw_toast(self, surface) -> None:
        if not self.status:
            return
        m = self.metrics
        board = self.lay.board
        colour = style.DANGER if self.status_refused else style.ACCENT_BRIGHT
        if m.text > 1:
            # large text (issue 44): up to three lines rather than a cut sentence
            lines = draw.wrap(look.plain(self.status), m.px(16), board.width - m.px(40), True)[:3]
            step = draw.font(m.px(16), True).get_linesize()
            img = pygame.Surface((max(draw.font(m.px(16), True).size(ln)[0] for ln in lines),
                                  step * len(lines)), pygame.SRCALPHA)
            for i, ln in enumerate(lines):
                img.blit(draw.text(ln, m.px(16), colour, True), (0, i * step))
        else:
            text = fit(look.plain(self.status), m.px(16), board.width - m.px(40), True)
            img = draw.text(text, m.px(16), colour, True)
        r = self.toast_rect(img.get_size())
        draw.panel(surface, r.inflate(m.px(20), m.px(10)), m.px(8), alpha=245)
        surface.blit(img, r)

    def toast_rect(self, size) -> pygame.Rect:
        """Where a toast's text goes: between the grid and the collection when it fits there,
        else over the collection's title, never over the Locations the player clicks."""
        m = self.metrics
        grid, coll = self.lay.grid, self.lay.collection
        r = pygame.Rect((0, 0), size)
        r.midbottom = (grid.centerx, coll.y - m.px(2))
        if r.top - m.px(5) < grid.bottom:
            r.top = coll.y + m.px(7)
        if r.width > grid.width:
            r.x = self.lay.board.x + m.px(12)
        return r

    # the hint ---------------------------------------------------------------------------------------------------
    def ask_hint(self) -> None:
        if self.acting_seat() is None:
            self.refuse(_("there is no decision to give a hint for"))
            return
        key = self.step_key()
        # seeded by the position itself: asking twice gives the same answer
        self.hints.start(key, self.view(), self.actions(), None)
        self._hint_shown = None

    def refresh_hint_panel(self) -> None:
        """Show the hint panel's words for this position once they change (each frame)."""
        key = self.step_key()
        answer = self.hints.result_for(key)
        shown = (key, answer is not None, self.hints.thinking_for(key), self.hints.error, self.over_shown())
        panel = self.hint_panel
        if panel is None or shown == self._hint_shown:
            return
        self._hint_shown = shown
        for reasoned in (REASONED, 1, 0, -1):
            # the reasons the panel has room for: the figures of every choice stay in view
            panel.set_blocks(self.hint_blocks(answer, reasoned))
            panel.content()
            if panel.max_offset == 0 or answer is None:
                break

    def hint_blocks(self, answer, reasoned: int = REASONED) -> list:
        if self.hints.error:
            return [paragraph(self.hints.error, style.DANGER)]
        if self.hints.thinking_for(self.step_key()):
            return [paragraph(_("Thinking… (playing out sampled games from what you can see)"),
                              style.ACCENT_BRIGHT)]
        if answer is None:
            if self.over_shown():
                return [paragraph(_("The game is over."), style.TEXT_DIM)]
            return [paragraph(_("Stuck? Press Hint (or H): every choice is played out many times, "
                                "with the hidden cards laid each way they could be, and its win "
                                "chance estimated."), style.TEXT_DIM)]
        return hint_lines(answer, reasoned)

    def hint_in_view(self) -> bool:
        """Whether the hint panel shows. In large text it shares the log's place (issue 44)
        and takes it only while there is a hint for this decision: asked, thought about or
        failed; the log has it otherwise (the Hint button and H ask for one)."""
        lay = self.lay
        if lay is None or lay.hint != lay.log:
            return True
        key = self.step_key()
        return bool(self.hints.thinking_for(key) or self.hints.result_for(key) is not None
                    or (self.hints.error and getattr(self.hints, "_key", None) == key))

    def log_in_view(self) -> bool:
        lay = self.lay
        return lay is None or lay.hint != lay.log or not self.hint_in_view()

    def draw_hint_panel(self, surface) -> None:
        self.hint_panel.draw(surface)
        if self.hints.thinking_for(self.step_key()):
            m = self.metrics
            r = self.hint_panel.rect
            t = pygame.time.get_ticks() / 1000.0
            for i in range(3):
                on = int(t * 4) % 3 == i
                pygame.draw.circle(surface, style.ACCENT_BRIGHT if on else style.TEXT_DIM,
                                   (r.right - m.px(40) + i * m.px(12), r.y + m.px(16)), m.px(4))

    def current_hint(self):
        return self.hints.result_for(self.step_key())

    def draw_hint_mark(self, surface) -> None:
        answer = self.current_hint()
        if answer is None:
            return
        best = answer.best[0]
        rect = self.locate(best)
        if rect is None:
            return
        m = self.metrics
        r = rect.inflate(m.px(8), m.px(8))
        look.ring(surface, r, look.HINT_COLOUR, max(2, m.px(3)), m.px(10))
        tag = draw.text(_("Hint"), m.px(12), (10, 30, 40), True)
        # on the middle of the ring's top edge: clear of the title, the Location number
        # (bottom right) and the pieces and stacks (bottom corners) of the cell above
        t = tag.get_rect(center=(r.centerx, r.y))
        pygame.draw.rect(surface, look.HINT_COLOUR, t.inflate(m.px(8), m.px(2)), border_radius=m.px(4))
        surface.blit(tag, t)
