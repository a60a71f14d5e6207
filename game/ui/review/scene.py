"""The review screen: a finished game at its own table, every secret face up.

``review_class(game_id)`` builds the screen from the game's own table scene (so the board
looks exactly as it did in play) with ``ReviewMixin`` in front of it, and the game's hooks
(``game.ui.review.games``) in front of that: the review view with every secret in it,
where the controls and the secrets go, and any extra (the Chasing scoresheets, the Harsh
hint). The table's session is a ``ReviewSession``: nobody can act.

Keys: Left/Right step, Page Up/Page Down jump (trick, turn), Home/End, Esc back.
"""

from __future__ import annotations

import logging

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIHorizontalSlider

from game.i18n import N_, _, current
from game.review import landmarks
from game.review.record import GameRecord
from game.review.secrets import Section
from game.review.session import ReviewSession
from game.review.timeline import Timeline
from game.ui import draw, style
from game.ui.table_base import fit
from game.ui.wording import with_names

from .export import export_record
from .logview import ReviewLog
from .sections import draw_sections

log = logging.getLogger("shadows.ui")

# Each kind of jump: its two buttons, their tooltips, and what the status says at either
# end of the game (one message each, so that every language words it whole).
JUMP_WORDS = {
    "trick": (N_("‹ Trick"), N_("Trick ›"), N_("Back to the previous trick"),
              N_("On to the next trick"), N_("No earlier trick."), N_("No later trick.")),
    "round": (N_("‹ Round"), N_("Round ›"), N_("Back to the previous round"),
              N_("On to the next round"), N_("No earlier round."), N_("No later round.")),
    "turn": (N_("‹ Turn"), N_("Turn ›"), N_("Back to the previous turn"),
             N_("On to the next turn"), N_("No earlier turn."), N_("No later turn.")),
    "death": (N_("‹ Death"), N_("Death ›"), N_("Back to the previous death"),
              N_("On to the next death"), N_("No earlier death."), N_("No later death.")),
}


class ReviewMixin:
    """Put in front of a TableScene subclass: the review behaviour."""

    is_review = True
    review_viewer: int | None = None      # whose private parts the table itself shows

    def __init__(self, app, record: GameRecord, timeline: Timeline, start: int | None = None) -> None:
        session = ReviewSession(record, timeline)
        self.record, self.replay = record, timeline
        self.rlog: ReviewLog | None = None
        self.slider: UIHorizontalSlider | None = None
        super().__init__(app, session)
        self.spec = session.spec
        try:
            from game import crash

            crash.set_context(session.crash_context)
        except ImportError:
            pass
        self.go(self.first_position() if start is None else start, follow=False)

    # --- hooks a game overrides ----------------------------------------------------------------
    def review_rects(self, m: style.Metrics) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect | None]:
        """(log, controls, secrets or None) rects, from the table's own layout."""
        r = self.log_panel_rect()
        ch = self.controls_height(m)
        return (pygame.Rect(r.x, r.y, r.w, r.h - ch - m.gap),
                pygame.Rect(r.x, r.bottom - ch, r.w, ch), None)

    def log_panel_rect(self) -> pygame.Rect:
        return self._table_log_rect

    def caption(self) -> str:
        return ""

    def extra_top_buttons(self, m: style.Metrics, x: int) -> int:
        return x

    def draw_secrets(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        draw_sections(surface, rect, self.metrics, self.sections())

    # --- the position -----------------------------------------------------------------------------
    @property
    def position(self) -> int:
        return self.session.position

    def first_position(self) -> int:
        """The first decision: after the shuffles and deals, where there is a table to see."""
        t = self.replay
        for pos, (seat, _action) in enumerate(t.log):
            if seat >= 0:
                return pos
        return t.length

    def sections(self) -> list[Section]:
        key = (self.position, current())
        if getattr(self, "_sections_key", None) != key:
            self._sections_key = key
            names = [s.name for s in self.session.seats]
            self._sections = [Section(s.title, tuple(with_names(x, self.session.seats)
                                                     for x in s.lines))
                              for s in self.session.secrets(names)]
        return self._sections

    def go(self, pos: int, follow: bool = True) -> None:
        before = self.session.position
        pos = self.session.go(pos)
        self.on_position(before, pos)
        if self.rlog is not None:
            self.rlog.follow(pos)
        if self.slider is not None and int(self.slider.get_current_value()) != pos:
            self.slider.set_current_value(pos)

    @property
    def position_label(self) -> str:
        return _("Step {step} of {steps}", step=self.position, steps=self.replay.length)

    def on_position(self, before: int, after: int) -> None:
        """The position changed (games drop animations or cached drawings here)."""

    def step(self, delta: int) -> None:
        self.go(self.position + delta)

    def jump(self, kind: str, forward: bool) -> None:
        t = self.replay
        pos = t.next_mark(kind, self.position) if forward else t.previous_mark(kind, self.position)
        if pos is None:
            words = JUMP_WORDS.get(kind)
            self.set_status(_(words[5] if forward else words[4]) if words else "")
            return
        self.go(pos)

    # --- what the table scene must not do in a review -----------------------------------------
    @property
    def viewer(self) -> int | None:
        return self.review_viewer

    def acting_seat(self) -> int | None:
        return None

    def choose(self, action) -> bool:
        return False

    def refuse(self, reason: str) -> None:
        self.set_status(_("This is a review: nothing can be played here."))

    def pause(self) -> None:
        self.app.pop()

    def on_escape(self) -> None:
        self.app.pop()

    def game_over(self) -> None:
        pass

    def on_game_event(self, event, step: int) -> None:
        pass

    @property
    def busy(self) -> bool:
        return False

    def update(self, dt: float) -> None:
        if self.status_timer > 0:
            self.status_timer -= dt
            if self.status_timer <= 0:
                self.status = ""

    turn_band = True        # large text: "Review · Step n of m · …" on a line of its own

    def turn_text(self) -> str:
        parts = [_("Review"), self.position_label, self.caption(),
                 _("The game is over") if self.session.is_over() else ""]
        return " · ".join(p for p in parts if p)

    # --- layout -----------------------------------------------------------------------------------
    def controls_height(self, m: style.Metrics) -> int:
        kinds = self.jump_kinds()
        rows = 3 if len(kinds) > 1 or kinds and m.text <= 1 else 2
        head, bh = controls_rows(m)
        return head + rows * (bh + m.px(6)) + m.px(6)

    def jump_kinds(self) -> tuple[str, ...]:
        return landmarks.KINDS.get(self.record.game, ())

    def make_log_panel(self, rect: pygame.Rect):
        self._table_log_rect = pygame.Rect(rect)
        return _Placeholder(rect)

    def build_top_bar(self, m: style.Metrics) -> None:
        bw = draw.label_width(m, _("Back"), minimum=m.px(112))
        y = m.gap
        x = m.width - bw - m.pad
        self.button((x, y, bw, m.button_h), _("Back"), self.app.pop, choice=False,
                    object_id="#review_back", tooltip=_("Leave the review (Esc)"))
        bw = draw.label_width(m, _("Export…"), minimum=m.px(112))
        x -= bw + m.gap
        self.button((x, y, bw, m.button_h), _("Export…"), self.export, choice=False,
                    object_id="#review_export",
                    tooltip=_("Save this game as a .shadows.json file"))
        from game.ui.analysis import add_review_button

        x = add_review_button(self, m, x)       # issue 43
        x = self.extra_top_buttons(m, x)
        self.top_bar_right = x

    def build(self, m: style.Metrics) -> None:
        self.slider = None
        super().build(m)
        log_rect, controls, secret = self.review_rects(m)
        self.secrets_rect = secret
        if self.rlog is None or self.rlog.rect != log_rect or self.rlog.m is not m:
            rows = self.log_rows()
            self.rlog = ReviewLog(log_rect, m, rows, self.go)
        self.log_panel = self.rlog
        self.rlog.follow(self.position)
        self.build_controls(m, controls)

    def log_rows(self) -> list[tuple[int, str]]:
        seats = self.session.seats
        rows = []
        for step, e in self.replay.entries:
            if not e.text:
                continue
            text = with_names(e.text, seats)
            if e.seats is not None:
                who = ", ".join(seats[s].name for s in e.seats if 0 <= s < len(seats))
                text = _("[{who} only] {text}", who=who, text=text)
            rows.append((step, text))
        return rows

    def build_controls(self, m: style.Metrics, rect: pygame.Rect) -> None:
        self.controls_rect = rect
        pad = m.px(10)
        head, bh = controls_rows(m)
        gap = m.px(6)
        x0, w = rect.x + pad, rect.w - 2 * pad
        y = rect.y + head
        # (words, the arrow alone where the words do not fit, ...)
        row = [(_("« Start"), lambda: self.go(0), "#review_start", _("First step (Home)")),
               (_("‹ Back"), lambda: self.step(-1), "#review_back_step", _("One step back (Left)")),
               (_("Next ›"), lambda: self.step(1), "#review_next_step", _("One step on (Right)")),
               (_("End »"), lambda: self.go(self.replay.length), "#review_end",
                _("The last step (End)"))]
        self._button_row(row, x0, y, w, bh, gap)
        y += bh + gap
        kinds = self.jump_kinds()
        n = self.replay.length
        if len(kinds) == 1 and m.text > 1:
            # large text, one kind of jump (Harsh: turns): the slider between its two
            # buttons, a row fewer for a panel that has little height
            back, on, back_tip, on_tip = (_(w) for w in JUMP_WORDS[kinds[0]][:4])
            bw = max(draw.font(m.px(16)).size(t)[0] for t in (back, on)) + m.px(16)
            self.button((x0, y, bw, bh), back, lambda k=kinds[0]: self.jump(k, False), choice=False,
                        object_id=f"#review_prev_{kinds[0]}", cls="@compact",
                        tooltip=_("{tip} (Page Up)", tip=back_tip))
            self.slider = UIHorizontalSlider(pygame.Rect(x0 + bw + gap, y, w - 2 * (bw + gap), bh),
                                             self.position, (0, max(1, n)), self.manager,
                                             container=self.root,
                                             object_id=ObjectID(object_id="#review_slider"),
                                             click_increment=1)
            self.ring.add(self.slider)
            self.button((x0 + w - bw, y, bw, bh), on, lambda k=kinds[0]: self.jump(k, True), choice=False,
                        object_id=f"#review_next_{kinds[0]}", cls="@compact",
                        tooltip=_("{tip} (Page Down)", tip=on_tip))
            return
        if kinds:
            row = []
            for i, kind in enumerate(kinds[:2]):
                back, on, back_tip, on_tip = (_(w) for w in JUMP_WORDS[kind][:4])
                if i == 0:       # the first kind is also on Page Up / Page Down
                    # Translators: a tooltip, then the key that does the same
                    back_tip = _("{tip} (Page Up)", tip=back_tip)
                    on_tip = _("{tip} (Page Down)", tip=on_tip)
                row.append((back, lambda k=kind: self.jump(k, False), f"#review_prev_{kind}",
                            back_tip))
                row.append((on, lambda k=kind: self.jump(k, True), f"#review_next_{kind}", on_tip))
            self._button_row(row, x0, y, w, bh, gap)
            y += bh + gap
        self.slider = UIHorizontalSlider(pygame.Rect(x0, y, w, bh), self.position, (0, max(1, n)),
                                         self.manager, container=self.root,
                                         object_id=ObjectID(object_id="#review_slider"),
                                         click_increment=1)
        self.ring.add(self.slider)

    def _button_row(self, row, x0: int, y: int, w: int, bh: int, gap: int) -> None:
        bw = (w - gap * (len(row) - 1)) // len(row)
        for i, (text, fn, oid, tip) in enumerate(row):
            button = self.button((x0 + i * (bw + gap), y, bw, bh), text, fn, choice=False,
                                 object_id=oid, tooltip=tip, cls="@compact")
            face = getattr(button, "font", None)      # the theme's, as it draws the words
            if face is not None and face.size(text)[0] > bw - self.metrics.px(6):
                # a narrow panel in a long language (or large text): the arrows alone; the
                # tooltip says it, and the words show under it while it has the focus
                button.set_text("".join(ch for ch in text if ch in "«‹›»").strip() or text)
                button.full_words = text

    # --- input ---------------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED and event.ui_element is self.slider:
            self.go(int(event.value))
            return True
        if event.type == pygame.KEYDOWN and self.handle_key(event):
            return True     # before any panel of the table takes Page Up/Down, Home, End
        return super().handle_event(event)

    def handle_key(self, event: pygame.event.Event) -> bool:
        key = event.key
        kinds = self.jump_kinds()
        if key == pygame.K_RIGHT:
            self.step(1)
        elif key == pygame.K_LEFT:
            self.step(-1)
        elif key == pygame.K_HOME:
            self.go(0)
        elif key == pygame.K_END:
            self.go(self.replay.length)
        elif key == pygame.K_PAGEDOWN and kinds:
            self.jump(kinds[0], True)
        elif key == pygame.K_PAGEUP and kinds:
            self.jump(kinds[0], False)
        elif key == pygame.K_ESCAPE:
            self.app.pop()
        else:
            return self.game_key(key) or self.ring.tab(event)
        return True

    def game_key(self, key: int) -> bool:
        return False

    # --- export ------------------------------------------------------------------------------------
    def export(self) -> None:
        export_record(self.app, self.record)

    # --- drawing -------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        m = self.metrics
        r = self.controls_rect
        draw.panel(surface, r, m.px(style.RADIUS), alpha=252)    # it may lie over the dice tray
        draw.blit_text(surface, self.position_label, m.px(16), (r.x + m.px(12), r.y + m.px(8)),
                       style.ACCENT_BRIGHT, True)
        if self.status:
            draw.blit_text(surface, fit(self.status, m.px(14), r.w // 2), m.px(14),
                           (r.right - m.px(12), r.y + m.px(10)), style.TEXT_MUTED, False, "topright")
        if self.secrets_rect is not None:
            self.draw_secrets(surface, self.secrets_rect)


def controls_rows(m: style.Metrics) -> tuple[int, int]:
    """(the controls' head, a row of buttons): under the "Step n of m" line and as high as
    the buttons' words (the theme's @compact type), as large text draws them (issue 44)."""
    return (max(m.px(34), m.px(10) + draw.font(m.px(16), True).get_linesize()),
            max(m.px(34), draw.font(m.px(16)).get_linesize() + m.px(6)))


class _Placeholder:
    """Stands in for the table's log panel while the table lays itself out."""

    def __init__(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)
        self.m = None

    def set_lines(self, lines) -> None:
        pass

    def scroll_to_end(self) -> None:
        pass

    def handle_event(self, event) -> bool:
        return False

    def draw(self, surface) -> None:
        pass


def review_class(game_id: str) -> type:
    from game.ui.opening import table_for

    from . import games

    table = table_for(game_id)
    hooks = games.HOOKS.get(game_id)
    bases = (hooks, ReviewMixin, table) if hooks else (ReviewMixin, table)
    return type(f"{table.__name__}Review", bases, {})


def open_review(app, record: GameRecord, timeline: Timeline, start: int | None = None):
    """Push the review of ``record`` (already checked into ``timeline``)."""
    scene = review_class(record.game)(app, record, timeline, start)
    log.info("reviewing %s (seed %s, %d steps)", record.game, record.seed, timeline.length)
    return app.push(scene)
