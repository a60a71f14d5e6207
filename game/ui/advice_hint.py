"""The hint at the Chasing Shadows and Shadow Hunters tables (issue 43).

The person to move presses Hint (or H): ``HintScene`` opens over the table and hands the
seat's view and legal actions to ``game.advice`` on a worker thread, so frames go on
being drawn (three dots move while it thinks). It then shows the best two or three
choices as the Harsh Shadows hint does (win chance with its margin, and in Chasing the
round's expected score), each with its reason, and a button that plays it. The hint is
built from the view of the seat at the screen only, and only once the screen is theirs
(after the hand-off): it is that person's secret like their hand.
"""

from __future__ import annotations

import sys
import threading
import time
from concurrent.futures import Future, ThreadPoolExecutor

import pygame

from game.i18n import Decimal, Percent, _
from game.ui import draw, style
from game.ui.scene import Overlay

HINT_COLOUR = (96, 200, 230)         # the Harsh hint's colour: one look for every game's hint
GAMES = ("chasing", "hunters")       # Harsh has its own hint panel (game/ui/harsh)
SWITCH_WHILE_THINKING = 0.001        # as the Harsh hint: the frame loop keeps its rate
CACHE_SIZE = 64
REASON_LINES = 3

_pool: ThreadPoolExecutor | None = None
_known: dict[int, tuple] = {}        # position seed -> (advice, seconds)


def hints_on(scene, seat: int | None) -> bool:
    """May the person in ``seat`` ask for hints at this table (their Setup option)?"""
    session = scene.session
    if seat is None or session.match.game_id not in GAMES or session.is_over():
        return False
    seats = session.seats
    return 0 <= seat < len(seats) and bool(getattr(seats[seat], "hints", False))


def add_button(scene, m, right: int, y: int, width: int) -> int:
    """A Hint button ending ``m.gap`` left of ``right`` when the seat at the screen may
    ask; returns its left edge (``right`` when there is none)."""
    if not any(hints_on(scene, s) for s in range(len(scene.session.seats))):
        return right
    seat = scene.acting_seat()
    x = right - width - m.gap
    scene.button((x, y, width, m.button_h), _("Hint (H)"), lambda: ask(scene), choice=False,
                 object_id="#advice_hint", enabled=hints_on(scene, seat),
                 tooltip=_("The best choices from what you can see, with their chances"))
    return x


def ask(scene) -> bool:
    """Open the hint for the seat to move at the screen; False if there is none to give."""
    seat = scene.acting_seat()
    if not hints_on(scene, seat):
        return False
    scene.app.push(HintScene(scene.app, scene, seat))
    return True


def _search(game_id: str, view, actions: tuple, seed: int, stop=None):
    from game.advice import advise

    t0 = time.thread_time()
    adv = advise(game_id, view, actions, seed=seed, stop=stop)
    return adv, time.thread_time() - t0


KEPT_NOTE_H = 40     # two lines of the note under the choices (``kept_first``)


class HintScene(Overlay):
    """The hint over the table (the table stays visible: it is this person's own view)."""

    shade = 120

    def __init__(self, app, table, seat: int) -> None:
        super().__init__(app)
        from game.advice import position_seed

        global _pool
        self.table = table
        self.seat = seat
        self.game_id = table.session.match.game_id
        self.key = len(table.session.match.log)
        self.view = table.session.view(seat)
        self.actions = tuple(table.session.legal_actions(seat))
        self.seats = table.session.seats
        self.names = [c.name for c in self.seats]
        self.seed = position_seed(self.view)
        self.answer = _known.get(self.seed)
        self.error = ""
        self.future: Future | None = None
        self._switch: float | None = None
        self._stop = threading.Event()   # set when the hint closes before its answer
        self._shown_ready = self.answer is not None
        if self.answer is None:
            if _pool is None:
                _pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="advice")
            self._switch = sys.getswitchinterval()
            sys.setswitchinterval(SWITCH_WHILE_THINKING)
            self.future = _pool.submit(_search, self.game_id, self.view, self.actions, self.seed,
                                       self._stop.is_set)

    def covers_table(self) -> bool:
        return False     # only its own seat's view is shown, and that seat is at the screen

    @property
    def thinking(self) -> bool:
        return self.future is not None and not self.future.done()

    @property
    def busy(self) -> bool:
        return self.thinking

    def update(self, dt: float) -> None:
        if len(self.table.session.match.log) != self.key:
            self._close()            # the position moved on (a move from elsewhere, undo)
            return
        f = self.future
        if f is not None and f.done():
            self.future = None
            self._normal_switching()
            try:
                self.answer = f.result()
            except Exception as exc:  # noqa: BLE001 - a failed hint must not end the game
                self.error = _("The hint failed ({why}).", why=exc)
            else:
                if len(_known) >= CACHE_SIZE:
                    _known.pop(next(iter(_known)))
                _known[self.seed] = self.answer
            self.rebuild()

    def _normal_switching(self) -> None:
        if self._switch is not None:
            sys.setswitchinterval(self._switch)
            self._switch = None

    def _close(self) -> None:
        self._normal_switching()
        if self.app.top is self:
            self.app.pop()

    def on_exit(self) -> None:
        # an answer nobody waits for any more: the search stops at its next world, not
        # seconds later, and gives the table's frames the interpreter back
        self._stop.set()
        self._normal_switching()
        super().on_exit()

    # --- layout -------------------------------------------------------------------------------------
    def rows(self) -> list:
        return [] if self.answer is None else list(self.answer[0].top(3))

    def kept_first(self) -> bool:
        """Is a choice below the best shown with a higher figure? (Shadow Hunters' hint
        keeps the Normal player's choice first unless another is clearly better; Chasing's
        puts Hard's best worth first among the figures within noise of the highest.)"""
        rows = self.rows()
        return any(round(100 * c.win) > round(100 * rows[0].win) for c in rows[1:])

    def build(self, m) -> None:
        w = min(m.px(640), m.width - 2 * m.margin)
        self.row_h = m.px(92)
        h = m.px(64) + max(1, len(self.rows())) * self.row_h + m.button_h + 2 * m.pad + m.px(24)
        h += m.px(KEPT_NOTE_H) if self.kept_first() else 0
        self.box = self.centered(w, min(h, m.height - 2 * m.margin))
        bw = m.px(110)
        for i, c in enumerate(self.rows()):
            y = self.box.y + m.px(56) + i * self.row_h
            self.button((self.box.right - bw - m.pad, y + m.px(4), bw, m.px(34)), _("Play it"),
                        lambda a=c.action: self._play(a), cls="@compact",
                        object_id=f"#advice_play_{i}")
        cw = m.px(160)
        self.button((self.box.centerx - cw // 2, self.box.bottom - m.button_h - m.pad, cw,
                     m.button_h), _("Close (H)"), self._close, choice=False, badge=False,
                    object_id="#advice_close")

    def _play(self, action) -> None:
        table = self.table
        self._close()
        table.choose(action)

    def handle_key(self, event: pygame.event.Event) -> bool:
        if event.key == pygame.K_h:
            self._close()
            return True
        return super().handle_key(event)

    def on_escape(self) -> None:
        self._close()

    def default_action(self) -> None:
        self._close()

    # --- drawing ------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        m = self.metrics
        box = self.box
        draw.panel(surface, box, m.px(style.RADIUS), alpha=250)
        x = box.x + m.pad
        name = self.names[self.seat] if 0 <= self.seat < len(self.names) else ""
        draw.blit_text(surface, _("Hint for {name}", name=name), m.px(style.FONT_HEADING - 4),
                       (x, box.y + m.px(12)), HINT_COLOUR, True)
        if self.error:
            draw.blit_text(surface, self.error, m.px(15), (x, box.y + m.px(56)), style.DANGER)
            return
        if self.thinking or self.answer is None:
            draw.blit_text(surface, _("Thinking… (playing out the deals and turns that could "
                                      "be, from what you can see)"), m.px(15),
                           (x, box.y + m.px(56)), style.ACCENT_BRIGHT)
            t = pygame.time.get_ticks() / 1000.0
            for i in range(3):
                on = int(t * 4) % 3 == i
                pygame.draw.circle(surface, style.ACCENT_BRIGHT if on else style.TEXT_DIM,
                                   (box.right - m.px(40) + i * m.px(12), box.y + m.px(24)), m.px(4))
            return
        self._draw_rows(surface, m, x)

    def _draw_rows(self, surface, m, x) -> None:
        from game.advice.messages import render
        from game.ai.harsh_hint import margin
        from game.i18n import shown, uses_spaces
        from game.ui.wording import with_names

        adv, seconds = self.answer
        text_w = self.box.w - 2 * m.pad - m.px(120)
        for i, c in enumerate(self.rows()):
            y = self.box.y + m.px(56) + i * self.row_h
            pts = max(1, round(100 * margin(c.win, c.samples)))
            # (Chasing's expected round score is in the reason below)
            label = with_names(shown(c.action.label), self.seats)
            win = Percent(round(100 * c.win))
            head = (_("Best: {choice} — {win} ±{margin} win chance", choice=label, win=win,
                      margin=pts) if i == 0 else
                    _("{choice} — {win} ±{margin} win chance", choice=label, win=win,
                      margin=pts))
            colour = HINT_COLOUR if i == 0 else style.TEXT
            draw.blit_text(surface, _fit(head, m.px(16), text_w, True), m.px(16), (x, y), colour, True)
            lines = draw.wrap(render(c.reason, self.names), m.px(14), text_w)
            if len(lines) > REASON_LINES:     # a long translation: cut, and say so
                joint = " " if uses_spaces() else ""
                lines = lines[:REASON_LINES - 1] + [draw.ellipsize(
                    joint.join(lines[REASON_LINES - 1:]), m.px(14), text_w)]
            for j, line in enumerate(lines):
                draw.blit_text(surface, line, m.px(14), (x, y + m.px(24) + j * m.px(18)),
                               style.TEXT_MUTED)
        foot_y = self.box.bottom - m.button_h - m.pad - m.px(22)
        if self.kept_first():
            # why the first is not the highest figure: said where it would be misread
            note = (_("Best leaves you furthest ahead of the others when this round ends, of "
                      "the choices whose win chance is not clearly below the highest.")
                    if self.game_id == "chasing"
                    else _("Best is what a seasoned player would do here: no other choice is "
                           "clearly better, beyond the ±."))
            lines = draw.wrap(note, m.px(13), self.box.w - 2 * m.pad)[:2]
            for j, line in enumerate(lines):
                draw.blit_text(surface, line, m.px(13),
                               (x, foot_y - m.px(KEPT_NOTE_H) + j * m.px(18)), style.TEXT_DIM)
        # Translators: {level} is "95%" written the language's way
        foot = _("± is the {level} margin ({games} sampled games a choice, {seconds} s).",
                 level=Percent(95), games=adv.worlds, seconds=Decimal(seconds, 1))
        draw.blit_text(surface, foot, m.px(13), (x, foot_y), style.TEXT_DIM)


def _fit(s: str, size: int, width: int, bold: bool) -> str:
    f = draw.font(size, bold)
    if f.size(s)[0] <= width:
        return s
    while s and f.size(s + "…")[0] > width:
        s = s[:-1]
    return s + "…"
