"""The coach: a panel that walks a person through a tutorial on the real table.

It lives outside the scene stack (like the save banner), with its own pygame-gui manager,
so it stays up while the table's own screens come and go (the end of a round, the
results). Each frame it asks the top screen where the step's part is (``region(name)``,
see docs/tutorials.md), rings that part and draws an arrow to it from the panel; the
panel goes where the screen's ``region("coach")`` says. It hides while a screen that is
not part of the tutorial is on top (pause, rules, settings). The step reached is kept in
the settings after every step, so leaving (Esc, Menu, Leave) and coming back resumes it.
"""

from __future__ import annotations

import math
import random
import time

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton

from game.bus import IntentRefused
from game.i18n import _, p_
from game.ui import draw, navigation, overlay_manager, style
from game.ui.wording import with_names

BODY = 17
SMALL = 14
LABEL_ROOM = 20         # the line above a named part where its label sits (px at 100 %)
MISSING_SECONDS = 6.0   # Next is offered anyway once a step's part stayed away this long


def region_of(scene, name: str | None) -> pygame.Rect | None:
    """The part ``name`` of ``scene`` as one rectangle (several parts: the first)."""
    rects = rects_of(scene, name)
    return rects[0] if rects else None


def rects_of(scene, name: str | None) -> list[pygame.Rect]:
    """A screen's ``region(name)`` may be a rectangle or a list of them (the cards of a
    trick); the first is the one the arrow points at."""
    finder = getattr(scene, "region", None)
    if finder is None or name is None:
        return []
    found = finder(name)
    if found is None:
        return []
    if isinstance(found, (list, tuple)) and found and not isinstance(found[0], (int, float)):
        return [pygame.Rect(r) for r in found]
    return [pygame.Rect(found)]


class Coach:
    def __init__(self, app, table) -> None:
        self.app = app
        self.table = table
        self.session = table.session
        self.tutorial = self.session.tutorial
        self.manager: pygame_gui.UIManager | None = None
        self.buttons: dict[str, UIButton] = {}
        self._path_cache: tuple | None = None     # the arrow's curve for the same screen
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.target: pygame.Rect | None = None
        self.targets: list[pygame.Rect] = []
        self._missing_index = -1
        self._missing_since = 0.0   # since when the step's part has not been on screen
        self.visible = False
        self.refusal = ""
        self._table_status = ""     # the table's last refused status, already mirrored
        self._layout_key: tuple | None = None
        self._go_seen = False
        self._saved_index: int | None = None
        self._scale = None
        self._unsub = app.bus.subscribe(IntentRefused, self._on_refused)
        self.save_progress()

    # --- life ----------------------------------------------------------------------------
    def detach(self) -> None:
        self._unsub()
        if self.app.coach is self:
            self.app.coach = None

    @property
    def index(self) -> int:
        return self.session.index

    @property
    def step(self):
        return self.session.step

    def save_progress(self) -> None:
        """The step reached, in the settings (written atomically); cleared once done."""
        if self._saved_index == self.index:
            return
        self._saved_index = self.index
        game_id = self.tutorial.key     # a part's own key: each part keeps its own step
        steps = dict(self.app.settings.tutorial_steps)
        if self.session.finished:
            steps.pop(game_id, None)
            if game_id not in self.app.settings.tutorials_done:
                self.app.settings.tutorials_done = [*self.app.settings.tutorials_done, game_id]
        else:
            steps[game_id] = self.index
        self.app.settings.tutorial_steps = steps
        try:
            self.app.save_settings()
        except OSError:
            pass  # the banner says so; the tutorial goes on

    def _on_refused(self, msg: IntentRefused) -> None:
        text = str(msg.reason)
        lead, said = getattr(self.session, "last_refusal", ("", ""))
        lead = lead if lead and said == text else _("Not allowed")
        text = with_names(text, self.session.seats)    # the rules say "Player 2": Carol
        # Translators: a refusal's heading and its reason, "Not allowed: you must play…"
        self.refusal = _("{lead}: {reason}.", lead=lead, reason=text[:1].lower() + text[1:])
        self._layout_key = None

    def _mirror_table_refusal(self) -> None:
        """A refusal the table makes on its own (a click on nothing playable, a Location
        out of reach) replaces the coach's note too: the note must never be the old one."""
        status = getattr(self.table, "status", "")
        refused = getattr(self.table, "status_refused", False)
        if refused and status and status != self._table_status:
            said = status if status.endswith(".") else status + "."
            if said.lower() != self.refusal.lower():
                self.refusal = said
                self._layout_key = None
        self._table_status = status if refused else ""

    # --- per frame -------------------------------------------------------------------------
    def showing_scene(self):
        """The screen the coach talks over, or None (a screen outside the tutorial is up)."""
        top = self.app.top
        if top is None or getattr(top, "region", None) is None:
            return None
        return top

    def update(self, dt: float) -> None:
        if self.table not in self.app.scenes:
            if self.session.is_over():
                self.finish()   # left from the results: the tutorial was played to its end
            self.detach()
            return
        if self.index != getattr(self, "_refusal_index", self.index):
            self.refusal = ""   # a new step: the last refusal was about the one before
        self._refusal_index = self.index
        self._mirror_table_refusal()
        scene = self.showing_scene()
        self.visible = scene is not None
        step = self.step
        self.targets = rects_of(scene, step.point) if (scene is not None and step is not None) else []
        self.target = self.targets[0] if self.targets else None
        if self.target is not None or self._missing_index != self.index:
            self._missing_index, self._missing_since = self.index, time.monotonic()
        if step is not None and step.kind == "go":
            if self.target is not None:
                self._go_seen = True
            elif self._go_seen and self.visible:
                self._go_seen = False
                self.session.next_step()
        self.save_progress()
        if self.visible:
            key = (self.index, self.can_go_on(), self.refusal, tuple(region_of(scene, "coach") or ()),
                   getattr(self.session, "fast_done", 0),
                   self.app.metrics.width, self.app.metrics.height, self.session.finished,
                   tuple(tuple(t) for t in self.targets))
            if key != self._layout_key:
                self.layout(scene)
        if self.manager is not None:
            self.manager.update(dt)

    def can_go_on(self) -> bool:
        """Next is offered once what the step talks about is on screen and still."""
        step = self.step
        if step is None or step.kind != "say" or not self.visible:
            return False
        if not self.session.settled() or (self.app.top is self.table and not self.table.still()):
            return False
        if step.point is None or self.target is not None:
            return True
        # what the step talks about never came up: never leave the person stuck
        return time.monotonic() - self._missing_since > MISSING_SECONDS

    # --- layout -----------------------------------------------------------------------------------
    def layout(self, scene) -> None:
        m = self.app.metrics
        self.manager, self._scale = overlay_manager.fit(self.manager, self._scale, m)
        for b in self.buttons.values():
            b.kill()
        self.buttons = {}
        area = region_of(scene, "coach") or pygame.Rect(m.width - m.px(320) - m.pad, m.px(70),
                                                         m.px(320), m.px(300))
        pad = m.px(14)
        width = area.w
        self.lines = draw.wrap(self.text(), m.px(BODY), width - 2 * pad)
        self.refusal_lines = draw.wrap(self.refusal, m.px(SMALL), width - 2 * pad, True) if self.refusal else []
        height = (m.px(34) + len(self.lines) * m.px(23) + m.px(8)
                  + (len(self.refusal_lines) * m.px(19) + m.px(8) if self.refusal_lines else 0)
                  + m.button_h + 2 * pad)
        # the whole area (a table's log may lie beneath it), or taller if the text needs it
        rect = pygame.Rect(area.x, area.y, width, max(area.h, height))
        # a long note (a refusal under the step) grows the panel: up, never off the screen
        rect.y = max(m.px(64), min(rect.y, m.height - m.px(6) - rect.h))
        self.rect = self._clear_of_targets(rect)
        if (self.session.finished or self.is_last()) and self.tutorial.next_part() is not None:
            pair = [("menu", _("Menu"), "#coach_menu", False),
                    ("part", _("Part {n}", n=self.tutorial.next_part().part), "#coach_next_part", True)]
        elif self.session.finished or self.is_last():
            pair = [("menu", _("Menu"), "#coach_menu", False),
                    ("real", _("Play vs Easy"), "#coach_play", True)]
        else:
            pair = [("leave", _("Leave"), "#coach_leave", False)]
            if self.step is not None and self.step.kind == "say":
                pair.append(("next", _("Next"), "#coach_next", True))
        font = draw.font(m.px(style.FONT_BODY), True)
        need = [font.size(text)[0] for _key, text, _oid, _p in pair]
        for _pass in range(2):     # again with the buttons' own fonts if the guess was short
            for b in self.buttons.values():
                b.kill()
            self.buttons = {}
            rects = self._button_rects(need[0], need[1] if len(pair) > 1 else 0)
            for (key, text, oid, primary), rect in zip(pair, rects):
                b = self._button(key, rect, text, oid, primary=primary)
                if key == "next" and not self.can_go_on():
                    b.disable()
            real = [self.buttons[key].font.size(text)[0] for key, text, _oid, _p in pair]
            if all(r <= n for r, n in zip(real, need)):
                break
            need = real
        self._layout_key = (self.index, self.can_go_on(), self.refusal,
                            tuple(region_of(scene, "coach") or ()),
                            getattr(self.session, "fast_done", 0), m.width, m.height,
                            self.session.finished, tuple(tuple(t) for t in self.targets))

    def _button_rects(self, left_need: int, right_need: int) -> tuple[pygame.Rect, pygame.Rect]:
        """The two buttons at the panel's foot, halves unless one's words (``*_need`` px)
        need more (German "Gegen leichte KI" beside "Menü"): then that one takes what the
        other can spare."""
        m = self.app.metrics
        pad = m.px(14)
        room = self.rect.w - 2 * pad - m.gap
        need = [w + m.px(24) if w else 0 for w in (left_need, right_need)]
        left_w = room // 2
        if need[1] > room - left_w:
            left_w = max(need[0], room - need[1], room // 4)
        elif need[0] > left_w:
            left_w = min(need[0], room - max(need[1], room // 4))
        y = self.rect.bottom - pad - m.button_h
        left = pygame.Rect(self.rect.x + pad, y, left_w, m.button_h)
        return left, pygame.Rect(left.right + m.gap, y, room - left_w, m.button_h)

    def _clear_of_targets(self, rect: pygame.Rect) -> pygame.Rect:
        """The panel where the screen wants it, unless it would cover the part the step
        points at: then just below or above that part, or on the other side of the
        screen, wherever it fits whole."""
        m = self.app.metrics
        rings = [t.inflate(m.px(12), m.px(12)) for t in self.targets]
        if not any(r.colliderect(rect) for r in rings):
            return rect
        top = m.px(64)
        screen = pygame.Rect(0, top, m.width, m.height - top)
        low = max(r.bottom for r in rings) + m.gap
        high = min(r.y for r in rings) - m.gap - rect.h
        xs = (rect.x, m.margin, m.width - m.margin - rect.w)
        candidates = [rect.move(0, low - rect.y), rect.move(0, high - rect.y)]
        candidates += [pygame.Rect(x, y, rect.w, rect.h) for x in xs[1:] for y in (rect.y, top, low, high)]
        candidates += [pygame.Rect(x, m.height - m.margin - rect.h, rect.w, rect.h) for x in xs]
        for c in candidates:
            if screen.contains(c) and not any(r.colliderect(c) for r in rings):
                return c
        return rect

    def _button(self, key: str, rect, text: str, oid: str, primary: bool = False) -> UIButton:
        b = UIButton(rect, text, self.manager,
                     object_id=ObjectID(class_id="@primary" if primary else None, object_id=oid))
        self.buttons[key] = b
        return b

    def is_last(self) -> bool:
        return self.index >= len(self.tutorial.rows) - 1 and self.step is not None \
            and self.step.kind == "say"

    def text(self) -> str:
        step = self.step
        if step is None:
            return _("Well done: that was the whole tutorial.")
        if step.kind == "bot":
            return _("{name} is playing…", name=self.session.seats[step.seat].name)
        if step.kind == "fast":
            done, total = self.session.fast_progress()
            # a tutorial's step texts are marked where they are written (game.tutorial.*)
            return _("{text} (Fast-forward: move {move} of {total}.)", text=_(step.text),
                     move=min(done + 1, total), total=total)
        return _(step.text)

    # --- input ----------------------------------------------------------------------------------
    def process(self, event: pygame.event.Event) -> bool:
        """True when the coach used the event (the screen below does not see it)."""
        if not self.visible or self.manager is None:
            return False
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            for key, b in self.buttons.items():
                if event.ui_element is b:
                    self.app.sound.play("click")
                    self.press(key)
                    return True
            return False
        self.manager.process_events(event)
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            if self.rect.collidepoint(event.pos):
                return True
            if self.step is not None and self.step.kind == "say" and self.app.top is not self.table \
                    and not (self.is_last() and self.session.is_over()):
                # an explanation over one of the table's screens: its buttons wait for Next
                # (after the last step the results' own buttons work: there is no Next)
                if event.type == pygame.MOUSEBUTTONDOWN:
                    self.refusal = _("Read this step, then press Next.")
                    self._layout_key = None
                return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER,
                                                          pygame.K_SPACE):
            if self.step is not None and self.step.kind == "say":
                if self.can_go_on():
                    last = "part" if "part" in self.buttons else "real"
                    self.press(last if self.is_last() else "next")
                return True
        if (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.step is not None
                and self.step.kind == "say" and self.app.top is not self.table):
            # Esc would close one of the table's screens under an explanation of it
            self.refusal = _("Read this step, then press Next (Leave stops the tutorial).")
            self._layout_key = None
            return True
        return False

    def press(self, key: str) -> None:
        if key == "next":
            if self.can_go_on():
                self.refusal = ""
                self.session.next_step()
                self.save_progress()
                self._layout_key = None
        elif key == "leave":
            self.leave()
        elif key == "menu":
            self.finish()
            self.to_menu()
        elif key == "real":
            self.finish()
            self.play_real_game()
        elif key == "part":
            self.finish()
            following = self.tutorial.next_part()
            self.detach()
            navigation.back_to(self.app, "menu")
            start_tutorial(self.app, following.key)

    def finish(self) -> None:
        while not self.session.finished and self.step is not None and not self.step.moves:
            self.session.next_step()
        self.save_progress()

    def leave(self) -> None:
        self.save_progress()
        self.to_menu()

    def to_menu(self) -> None:
        self.detach()
        navigation.back_to(self.app, "menu")

    def play_real_game(self) -> None:
        """A real game with the tutorial's seats: the same names, the computers at Easy
        (the first game after learning should be winnable) and the learner with hints on
        where the game has them as a Setup option (Harsh's hint is always there)."""
        from dataclasses import replace

        from game.ui import advice_hint
        from game.ui.opening import start_game

        game_id = self.tutorial.game_id
        hinted = game_id in advice_hint.GAMES
        seats = [replace(s, hints=hinted and not s.on_phone) if s.is_human
                 else replace(s, level="easy") for s in self.session.seats]
        self.detach()
        navigation.back_to(self.app, "menu")
        start_game(self.app, game_id, seats, random.randrange(1, 1_000_000), {})

    # --- drawing --------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible or self.manager is None:
            return
        m = self.app.metrics
        if self.target is not None and self.step is not None and self.step.kind != "bot":
            for rect in self.targets:
                self._ring(surface, rect)
            self._arrow(surface, self.rect, self.target)
        draw.panel(surface, self.rect, m.px(style.RADIUS), alpha=255)
        pygame.draw.rect(surface, style.ACCENT, self.rect, max(1, m.px(2)),
                         border_radius=m.px(style.RADIUS))
        pad = m.px(14)
        n, of = self.session.step_number()
        head = _("Learn to play · step {n} of {total}", n=n, total=of)
        draw.blit_text(surface, head, m.px(SMALL), (self.rect.x + pad, self.rect.y + m.px(12)),
                       style.ACCENT, True)
        y = self.rect.y + m.px(38)
        colour = style.TEXT_MUTED if self.step is not None and self.step.kind == "bot" else style.TEXT
        for line in self.lines:
            draw.blit_text(surface, line, m.px(BODY), (self.rect.x + pad, y), colour)
            y += m.px(23)
        if self.refusal_lines:
            y += m.px(8)
            for line in self.refusal_lines:
                draw.blit_text(surface, line, m.px(SMALL), (self.rect.x + pad, y), style.DANGER, True)
                y += m.px(19)
        self.manager.draw_ui(surface)

    def _ring(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        m = self.app.metrics
        pulse = 0.5 + 0.5 * math.sin(time.monotonic() * 4.0)
        outer = rect.inflate(m.px(8), m.px(8))
        glow = draw.glow(outer.size, style.ACCENT_BRIGHT, m.px(6), m.px(10))
        glow.set_alpha(int(120 + 100 * pulse))
        surface.blit(glow, (outer.x - m.px(6), outer.y - m.px(6)))
        pygame.draw.rect(surface, style.ACCENT_BRIGHT, outer, max(2, m.px(3)), border_radius=m.px(10))

    def _obstacles(self, scene) -> list[tuple[str, pygame.Rect, pygame.Rect]]:
        """The other named parts of the screen, which the arrow should not cross, each with
        the line above it where a part's label sits (SPOTLIGHT, FOLLOW CARDS, an Area's
        name): an arrow over a label makes it unreadable as much as one over a card.
        Each as (name, its rect, the rect with its label's line)."""
        listing = getattr(scene, "regions", None)
        if listing is None:
            return []
        m = self.app.metrics
        label = m.px(LABEL_ROOM)
        out = []
        for name, found in listing().items():
            if name in ("coach", "log", "table"):
                continue
            rects = found if isinstance(found, list) else [found]
            for r in rects:
                r = pygame.Rect(r)
                out.append((name, r, pygame.Rect(r.x - m.px(4), r.y - label, r.w + m.px(8), r.h + label)))
        # the scene's own buttons (Last trick, Continue…): their words are labels too
        stack = list(getattr(getattr(scene, "root", None), "elements", []))
        while stack:
            el = stack.pop()
            stack.extend(getattr(el, "elements", []))
            if isinstance(el, UIButton) and el.visible:
                out.append((f"button {el.text!r}", pygame.Rect(el.rect), pygame.Rect(el.rect)))
        return out

    def arrow_crossings(self) -> list[str]:
        """The named parts of the screen (other than the target and what lies under the
        panel) that the arrow now drawn runs over, labels included."""
        if not self.visible or self.step is None or self.step.kind == "bot" or self.target is None:
            return []
        points = self.arrow_path(self.rect, self.target)
        if points is None:
            return []
        return sorted({name for name, r in self._clear_obstacles(self.rect, self.target)
                       if any(r.collidepoint(p) for p in points[1:-1])})

    def _clear_obstacles(self, panel: pygame.Rect, target: pygame.Rect) -> list[tuple[str, pygame.Rect]]:
        # a part next to the target or under the panel is left out by its own rect: with
        # its label's line it could touch the target's ring and be left out wrongly
        ring = target.inflate(self.app.metrics.px(8), self.app.metrics.px(8))
        return [(n, grown) for n, r, grown in self._obstacles(self.showing_scene())
                if not r.colliderect(ring) and not r.colliderect(panel)]

    def arrow_path(self, panel: pygame.Rect, target: pygame.Rect) -> list | None:
        """The arrow's curve (49 points, close enough that no line of text slips between
        two, from the panel's edge to the target's ring), or None when the target lies
        against the panel. A curve from the panel's side facing the target: of a few
        (straight, arched higher and higher, from the side, dipping under, bent to either
        side), those that never run back over the panel's own text, and of them the one
        that crosses the fewest other parts of the screen, labels and buttons included."""
        m = self.app.metrics
        outer = target.inflate(m.px(8), m.px(8))
        if outer.colliderect(panel):
            return None
        tx, ty = outer.center
        inset = m.px(24)
        distance = math.hypot(tx - panel.centerx, ty - panel.centery)
        candidates = []
        if outer.y >= panel.bottom:
            # below the panel: down from its bottom, then across into the target's side
            start = (max(panel.x + inset, min(panel.right - inset, tx)), panel.bottom)
            mid = (start[1] + outer.y) / 2     # aimed at the near edge, never the centre
            candidates = [(start, (start[0], mid)), (start, ((start[0] + tx) / 2, mid))]
        elif outer.bottom <= panel.y:
            # above it: up from its top edge
            start = (max(panel.x + inset, min(panel.right - inset, tx)), panel.y)
            mid = (start[1] + outer.bottom) / 2
            candidates = [(start, (start[0], mid)), (start, ((start[0] + tx) / 2, mid))]
        else:
            if outer.right <= panel.x:
                start = (panel.x, max(panel.y + inset, min(panel.bottom - inset, ty)))
            else:
                start = (panel.right, max(panel.y + inset, min(panel.bottom - inset, ty)))
            near = _edge_point(outer, start)    # straight: aimed at the edge facing the panel
            candidates.append((start, ((start[0] + near[0]) / 2, (start[1] + near[1]) / 2)))
            for share in (0.15, 0.3, 0.45, 0.7):
                high = min(start[1], outer.y) - min(m.px(220), distance * share)
                if high >= m.px(80):   # not through the top bar
                    candidates.append((start, (tx + (start[0] - tx) * 0.2, high)))
            candidates.append((start, (tx + (start[0] - tx) * 0.35, ty)))            # from the side
            for depth in (m.px(50), m.px(90)):   # dipping under the row of buttons it is in
                low = max(start[1], outer.bottom) + depth
                if low <= m.height - m.px(4):
                    candidates.append((start, (tx + (start[0] - tx) * 0.2, low)))
        # bent to either side of the straight line, a little or more: a way round the parts
        # between the panel and the target when none of the above finds one
        a = candidates[0][0]
        near = _edge_point(outer, a)
        dx, dy = near[0] - a[0], near[1] - a[1]
        for bend in (0.25, -0.25, 0.5, -0.5):
            c = ((a[0] + near[0]) / 2 - dy * bend, (a[1] + near[1]) / 2 + dx * bend)
            if m.px(80) <= c[1] <= m.height - m.px(4) and 0 <= c[0] <= m.width:
                candidates.append((a, c))
        obstacles = [r for _, r in self._clear_obstacles(panel, target)]
        key = (tuple(panel), tuple(target), tuple(tuple(r) for r in obstacles))
        if self._path_cache is not None and self._path_cache[0] == key:
            return self._path_cache[1]

        def curve(candidate) -> list:
            a, c = candidate
            b = _edge_point(outer, c)
            return [_bezier(a, c, b, i / 48) for i in range(49)]

        def crossings(candidate) -> tuple[int, int, int]:
            points = curve(candidate)
            over_self = sum(1 for p in points[1:] if panel.inflate(-2, -2).collidepoint(p))
            into = sum(1 for p in points if target.collidepoint(p))
            hits = [sum(1 for p in points[1:-1] if r.collidepoint(p)) for r in obstacles]
            # fewest parts crossed (a short cut through a label is as bad as a long run
            # over a card), then the shortest run over them
            return over_self + into, sum(1 for h in hits if h), sum(hits)

        best = curve(min(candidates, key=crossings))
        self._path_cache = (key, best)
        return best

    def _arrow(self, surface: pygame.Surface, panel: pygame.Rect, target: pygame.Rect) -> None:
        points = self.arrow_path(panel, target)
        if points is None:
            return
        m = self.app.metrics
        start, end = points[0], points[-1]
        # the head follows the curve's last stretch
        hx, hy = points[-3]
        dx, dy = end[0] - hx, end[1] - hy
        length = math.hypot(dx, dy)
        if length == 0:
            return
        ux, uy = dx / length, dy / length
        head = m.px(16)
        base = (end[0] - ux * head, end[1] - uy * head)
        shaft = [p for p in points if math.hypot(p[0] - end[0], p[1] - end[1]) > head] + [base]
        width = max(3, m.px(4))
        if len(shaft) >= 2:
            pygame.draw.lines(surface, style.BG_DEEP, False, shaft, width + 4)
            pygame.draw.lines(surface, style.ACCENT_BRIGHT, False, shaft, width)
        left = (base[0] - uy * head * 0.6, base[1] + ux * head * 0.6)
        right = (base[0] + uy * head * 0.6, base[1] - ux * head * 0.6)
        pygame.draw.polygon(surface, style.BG_DEEP, [(end[0] + ux * 2, end[1] + uy * 2),
                                                     (left[0] - ux * 2, left[1] - uy * 2),
                                                     (right[0] - ux * 2, right[1] - uy * 2)])
        pygame.draw.polygon(surface, style.ACCENT_BRIGHT, [end, left, right])
        pygame.draw.circle(surface, style.ACCENT_BRIGHT, (round(start[0]), round(start[1])),
                           max(3, m.px(5)))

    def geometry_problems(self) -> list[str]:
        """What the coach draws that covers something it must not: the panel over a ring
        it draws, the arrow back over the panel's own text or into the part it points at.
        Empty when all is clear (tests check it at every step, at both window sizes)."""
        if not self.visible:
            return []
        m = self.app.metrics
        problems = []
        if not pygame.Rect(0, 0, m.width, m.height).contains(self.rect):
            problems.append(f"the panel {tuple(self.rect)} runs off the screen")
        if self.step is None or self.step.kind == "bot" or not self.targets:
            return problems
        for t in self.targets:
            if t.inflate(m.px(8), m.px(8)).colliderect(self.rect):
                problems.append(f"the panel {tuple(self.rect)} covers the ring on {tuple(t)}")
        points = self.arrow_path(self.rect, self.target)
        if points is not None:
            inner = self.rect.inflate(-2, -2)
            if any(inner.collidepoint(p) for p in points[1:]):
                problems.append("the arrow runs over the panel's text")
            if any(self.target.collidepoint(p) for p in points):
                problems.append("the arrow runs into its target")
        return problems


def _bezier(a: tuple, c: tuple, b: tuple, t: float) -> tuple[float, float]:
    u = 1 - t
    return (u * u * a[0] + 2 * u * t * c[0] + t * t * b[0],
            u * u * a[1] + 2 * u * t * c[1] + t * t * b[1])


def _edge_point(rect: pygame.Rect, towards: tuple) -> tuple[float, float]:
    """Where the line from ``rect``'s centre towards ``towards`` leaves ``rect``."""
    cx, cy = rect.center
    dx, dy = towards[0] - cx, towards[1] - cy
    if dx == 0 and dy == 0:
        return cx, cy
    sx = (rect.w / 2) / abs(dx) if dx else math.inf
    sy = (rect.h / 2) / abs(dy) if dy else math.inf
    s = min(sx, sy)
    return cx + dx * s, cy + dy * s


# --- starting, resuming, offering ---------------------------------------------------------------

def learner_name(app, game_id: str) -> str:
    """The name of the first person in this game's last setup, else the tutorial's own
    (the same "Alice" in every game: Hunters' setup would say "Red"). Never "You": the
    tables' sentences read "Alice wins"."""
    from game.tutorial import tutorial_for
    from game.ui.scenes.setup import default_names

    setup = app.settings.last_setup.get(game_id) or {}
    for seat in setup.get("seats", [])[:1]:
        if isinstance(seat, dict) and seat.get("kind") == "human":
            name = str(seat.get("name", "")).strip()[:16]
            if name:
                return name
    tutorial = tutorial_for(game_id)
    if tutorial is not None:
        return p_("name", tutorial.seat_names[tutorial.learner])
    return default_names(game_id)[0]


def saved_step(app, key: str) -> int:
    value = app.settings.tutorial_steps.get(key, 0)
    return value if isinstance(value, int) and not isinstance(value, bool) and value > 0 else 0


def start_tutorial(app, game_id: str, resume: bool = True):
    """Put the tutorial's table on screen (at the saved step when ``resume``); ``game_id``
    may be a later part's key (``Tutorial.key``)."""
    from game.tutorial import tutorial_for
    from game.tutorial.session import TutorialSession
    from game.ui.opening import table_for

    tutorial = tutorial_for(game_id)
    if tutorial is None:
        app.notify(_("This game has no tutorial yet."), title=_("Learn to play"))
        return None
    index = saved_step(app, tutorial.key) if resume else 0
    session = TutorialSession.begin(tutorial, learner_name(app, tutorial.game_id), index, app.bus,
                                    pace=app.settings.pace)
    table = app.push(table_for(tutorial.game_id)(app, session))
    if app.coach is not None:
        app.coach.detach()
    app.coach = Coach(app, table)
    return table
