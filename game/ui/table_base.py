"""The base of every table scene, and the generic table that can play any game.

``TableScene`` owns a ``Session`` and does everything a table needs apart from drawing
the game itself:

* drives the session every frame (chance steps, computer moves at the set pace);
* shows the hand-off screen before a human's private decision when several people
  share the screen (``session.needs_handoff``), and pushes pause on Esc;
* offers a choice list of the legal actions (buttons, number keys + Enter) that game
  scenes may keep for generic decisions or replace with direct clicks;
* submits choices with ``choose(action)``; a refusal shows its one-line reason in the
  status line (``refuse`` does the same for a scene's own checks, e.g. a dimmed card);
* keeps a log panel fed with ``session.log_lines(viewer)`` — only what the person at
  the screen may know;
* on game over records statistics and pushes the results screen.

A game's table subclasses it and usually overrides ``layout`` (where board, choices and
log go), ``draw_board`` (the game itself) and ``on_game_event`` (start animations; call
``hold_for_animation`` so the session waits for them). ``viewer`` is the seat whose
private information may be shown; use ``session.view(self.viewer)``, never the state.
While something moves, make ``busy`` true (``super().busy or animating``): the app then
keeps 60 fps instead of idling. Game tables live in ``game.ui.<game id>``; the catalogue
names each one.

Rooms of the base, mixed into ``TableScene``: ``table_phones`` (seats played on phones),
``table_ending`` (the final linger, the recording of the game, the results) and
``table_ahead`` (the hand-off and the table after it, made while the screen before shows). The
board-less fallback table is ``game.ui.generic_table``.
"""

from __future__ import annotations

import time

import pygame
from pygame_gui.core import ObjectID, UIContainer
from pygame_gui.elements import UIButton

from game import i18n
from game.bus import DecisionNeeded, GameHappened, GameOver
from game.i18n import N_, _
from game.rules.protocol import CHANCE, Action
from game.session import Session
from game.storage.settings import PACE_SECONDS
from game.ui import controls, draw, howto, navigation, style
from game.ui.moments import GUARD, Moments
from game.ui.scene import DIGIT_KEYS, Scene
from game.ui.seen_log import SeenLog
from game.ui.since import SinceBanner
from game.ui.table_ahead import TableAhead
from game.ui.table_ending import TableEnding
from game.ui.table_phones import TablePhones
from game.ui.widgets import LogPanel
from game.ui.wording import with_names

STATUS_SECONDS = 5.0
TURN_LINGER = 0.8   # seconds at normal speed the table is seen before a hand-off covers it
# CPU seconds of a frame (before drawing, which takes about 2 ms) after which work that can
# wait waits for the next frame: a frame after a move stays well inside 8 ms
FRAME_WORK = 0.004
WARM_BUTTON_CLASSES = (None, "@choice", "@primary", "@compact", "@compact_on")
# the share of its length a computer's move's animation takes, by the computers' pace
COMPUTER_ANIMATION_SHARE = {"quick": 0.4, "normal": 1.0, "slow": 1.0}


def warm_button(manager, cls: str | None, container=None) -> None:
    """A button of theme class ``cls`` made and dropped: pygame-gui loads a class's font
    at its first button, and a dialog's first "@primary" button then cost a dropped frame."""
    UIButton(pygame.Rect(-500, -500, 200, 40), "Warm up", manager, container=container,
             object_id=ObjectID(class_id=cls, object_id=None)).kill()


class TableScene(TablePhones, TableEnding, TableAhead, Scene):
    felt = True
    keep_widgets = True    # a move rebuilds the choices; unchanged buttons stay as they are
    game_table = True      # the app freezes what it is made of while it plays (App.collect_garbage)
    choices_first = True   # Tab: the choices, then Menu, Undo... (game.ui.focus)
    # put up behind a curtain (game.ui.opening.Curtain), which makes it ready a few
    # milliseconds a frame: its own on_enter then leaves the warming to the curtain
    curtained = False

    def __init__(self, app, session: Session) -> None:
        super().__init__(app)
        self.session = session
        self._named: dict[str, str] = {}   # a log line as the table shows it (see named)
        self.seen_log = SeenLog()          # each viewer's lines, kept between moves
        session.save_in_background = True   # a move's frame does not wait for the disk
        self.spec = session.spec
        self.status = ""
        self.status_refused = False
        self.status_timer = 0.0
        self.page = 0
        self._pages = 1
        self.log_panel: LogPanel | None = None
        self._handoff_due: int | None = None
        self._over_due = False
        self._over_handled = False
        self._over_moment = None   # the final board stays a moment first (a "game_end" moment)
        self.fast_forward = False                # "skip to the result": no pauses, no animation
        self.moments = Moments(self.moment_speed)   # what must be seen before play goes on
        self.since = SinceBanner(self)     # "since your last turn", atop a person's table
        self._shown_key: tuple | None = None
        self._warmed = False      # drawn once off screen (warm_up)
        self.phones = None   # a game.net.hub.PhoneHub while any seat plays on a phone
        # The backdrop is made now, with the scene, not in the first frame after a move.
        draw.table_background(app.screen.get_size(), felt=self.felt)
        bus = app.bus
        self._unsubscribe = [
            bus.subscribe(GameHappened, self._on_game_happened),
            bus.subscribe(DecisionNeeded, self._on_decision),
            bus.subscribe(GameOver, self._on_game_over),
        ]
        try:
            from game import crash

            crash.set_context(session.crash_context)
        except ImportError:
            pass

    # --- who is at the screen ------------------------------------------------------------
    @property
    def viewer(self) -> int | None:
        """The seat whose private information may be on screen now (None: public only)."""
        s = self.session
        if s.at_screen is not None:
            return s.at_screen
        return s.humans[0] if len(s.humans) == 1 and s.at_this_screen(s.humans[0]) else None

    def acting_seat(self) -> int | None:
        """The human seat that may act from this screen now, if any (never a phone's)."""
        s = self.session
        seat = s.human_to_act()
        if seat is not None and s.at_this_screen(seat) and not s.needs_handoff(seat) and (
                not s.several() or s.at_screen == seat):
            # (with several people, only once the screen is hers: back to her without a
            # hand-off, it becomes hers when her decision is announced, not before)
            return seat
        v = self.viewer
        if v is not None and s.seats[v].is_human and not s.is_over() and s.legal_actions(v):
            return v
        return None

    def seat_name(self, seat: int) -> str:
        return self.session.seats[seat].name

    def log_lines(self) -> list[str]:
        """The log for the person at the screen, with "Player 3" shown as that seat's name.
        Once the game is over every line is shown, private ones marked with whose they were."""
        if self.session.is_over():
            return self.full_log()
        self.keep_full_log()
        return self.seen_lines(self.viewer)[1]

    def seen_lines(self, viewer: int | None) -> tuple[list[int], list[str]]:
        """The steps and named lines of what ``viewer`` may see (kept: game.ui.seen_log)."""
        def line(_step, e):
            return self.named([e.text])[0] if e.text and e.visible_to(viewer) else None
        return self.seen_log.lines(self.session.entries, (viewer, i18n.current()), line)

    def full_log(self) -> list[str]:
        """Every line of the finished game; a private line names who saw it."""
        def line(_step, e):
            if not e.text:
                return None
            if e.visible_to(None):
                return self.named([e.text])[0]
            who = [self.seat_name(i) for i in range(len(self.session.seats)) if e.visible_to(i)]
            return self.named([f"[{', '.join(who)}] {e.text}" if who else e.text])[0]
        return self.seen_log.lines(self.session.entries, ("all", i18n.current()), line)[1]

    def handoff_purpose(self, seat: int) -> str:
        """What the hand-off button says ``seat`` is about to do ("show my turn")."""
        return N_("show my turn")     # translated where shown (the hand-off's button)

    def named(self, lines: list[str]) -> list[str]:
        # the whole log is named again after every move: each line is worked out once
        # (the seats' names do not change during a game)
        cache = self._named
        out = []
        for line in lines:
            shown = cache.get(line)
            if shown is None:
                shown = cache[line] = with_names(line, self.session.seats)
            out.append(shown)
        return out

    # --- lifecycle ----------------------------------------------------------------------------
    @property
    def busy(self) -> bool:
        return not self.session.is_over() and self.session.human_to_act() is None

    def on_exit(self) -> None:
        super().on_exit()
        self.stop_phones()
        self.drop_handoff_ahead()
        self.app.ahead.cancel("seat")
        for unsub in self._unsubscribe:
            unsub()
        self._unsubscribe = []
        self.session.close()
        howto.mark_seen(self.app, self.session.match.game_id)  # offered at the first game only
        try:
            from game import crash

            crash.set_context(None)
        except ImportError:
            pass

    def on_enter(self) -> None:
        super().on_enter()
        if not self.curtained:
            self.warm_up()

    def on_uncover(self) -> None:
        # back from Settings: the computers' pace (and the animations') as set there
        self.session.pace = 0.0 if self.fast_forward else self.app.settings.computer_gap
        super().on_uncover()

    def warm_up(self) -> None:
        """Draw the table once off screen while it is being put up (the frame of the
        transition): card faces, texts and panels are then made, and the first frame
        after the first move only finds them. Only what this screen may show now is
        drawn (``viewer``), and onto a surface nobody sees."""
        if self._warmed or self.root is None:
            return
        self.draw_off_screen()    # behind a curtain it may stop part-way (draw.OutOfFrame)
        self._warmed = True
        if not self.curtained:    # a curtain makes them one a frame, before
            for cls in WARM_BUTTON_CLASSES:
                self.warm_button(cls)

    def warm_steps(self):
        """Behind the curtain, after ``on_enter``: pieces (a generator) a table makes one a
        step before its first picture, each too big to share a frame with others."""
        return iter(())

    def first_buttons(self):
        """Behind the curtain, before ``on_enter``: the first build's buttons, made one a
        step (a generator) and parked, so that the build only takes them (a table's eight
        or nine buttons made in one frame cost more than a frame). Tables that park."""
        if not self.park_widgets or self.root is not None:
            return
        m = self.metrics
        planned = self.planned_buttons(m)
        self.root = UIContainer(pygame.Rect(0, 0, m.width, m.height), self.manager)
        yield from self.buttons_missing(planned)

    def warm_button(self, cls: str | None) -> None:
        warm_button(self.manager, cls, self.root)

    def draw_off_screen(self) -> None:
        """Draw the table onto a surface nobody sees (its pieces are then ready)."""
        self.draw(draw.scratch(self.app.screen.get_size()))

    def skip_to_result(self) -> None:
        """Play the rest at full speed (the person at the screen is out of the game)."""
        self.fast_forward = True
        self.session.pace = 0.0

    # --- bus handlers --------------------------------------------------------------------------
    def _on_game_happened(self, msg: GameHappened) -> None:
        self.on_game_event(msg.event, msg.step)

    def _on_decision(self, msg: DecisionNeeded) -> None:
        if msg.human and self.session.needs_handoff(msg.seat):
            self._handoff_due = msg.seat
            self.prepare_handoff(msg.seat)
            # the last move stays on the public table a moment before the hand-off covers it
            if not self.moments.holding("turn"):
                self.moments.add("turn", TURN_LINGER, data={"seat": msg.seat})
        elif msg.human:
            self.app.sound.play("turn")

    def _on_game_over(self, msg: GameOver) -> None:
        self._over_due = True

    def on_game_event(self, event, step: int) -> None:
        """A rules event happened (visible or not to the viewer: check ``event.visible_to``)."""

    def moment_speed(self) -> float:
        """The animation speed as a factor of normal (0: off, or skipping to the result)."""
        pace = 0.0 if self.fast_forward else self.app.settings.pace
        return pace / PACE_SECONDS["normal"] if pace else 0.0

    def computer_share(self) -> float:
        """How much of its length an animation takes while the computers play, by the
        computers' pace: "quick" plays their moves' animations (and waits for them) in
        less time; the pace's gap between their moves (``Settings.computer_gap``) alone
        was lost under the animations, so "quick" was barely quicker than "normal"."""
        s = self.session
        if s.is_over():
            return 1.0
        seat = s.decider()
        if seat == CHANCE:        # dice, a draw: part of the move that brought them
            seat = next((a for a, _ in reversed(s.match.log) if a != CHANCE), CHANCE)
        if seat < 0 or seat >= len(s.seats) or s.seats[seat].is_human:
            return 1.0
        return COMPUTER_ANIMATION_SHARE.get(self.app.settings.computer_pace, 1.0)

    def hold_for_animation(self, seconds_at_normal: float) -> float:
        """Ask the session to wait while an animation plays; returns its scaled length."""
        pace = 0.0 if self.fast_forward else self.app.settings.pace
        seconds = (seconds_at_normal * pace / PACE_SECONDS["normal"] * self.computer_share()
                   if pace else 0.0)
        if seconds:
            self.session.hold(seconds)
        return seconds

    # --- acting ---------------------------------------------------------------------------------
    def choose(self, action: Action) -> bool:
        """Submit ``action`` for the acting seat. Returns True if it was applied."""
        seat = self.acting_seat()
        if seat is None:
            self.refuse(_("It is not your turn.") if not self.session.is_over()
                        else _("The game is over."))
            return False
        if not self.moments_seen():
            return False
        reason = self.session.submit(seat, action)
        if reason:
            self.refuse(reason)
            return False
        self.set_status("")
        return True

    def moments_seen(self) -> bool:
        """Whether a choice may be taken now: not while a moment (a trick's end, a reveal, a
        damage banner) is still to be seen. A press first ends the moment on top, as a click
        on the table does, and is taken when none is left; in a moment's first ``GUARD``
        seconds (a press meant for the move before) or while one only time ends is up, it
        does nothing."""
        top = self.moments.current
        if top is None:
            return True
        if top.skippable and top.elapsed >= GUARD:
            self.moments.see()
        return not self.moments

    def refuse(self, reason: str) -> None:
        """Show why a click was refused, in one line."""
        text = with_names(reason[:1].upper() + reason[1:], self.session.seats)
        # a tutorial refuses legal moves too: its session says how to lead those
        lead, said = getattr(self.session, "last_refusal", ("", ""))
        lead = lead if lead and said == reason else _("Not allowed")
        # Translators: a refusal's heading and its reason on the table's status line
        self.set_status(_("{lead}: {reason}", lead=lead, reason=text), refused=True)
        self.app.sound.play("refused")

    def refuse_off(self, btn) -> None:
        """Enter on a switched-off control: its reason, as any refusal is said."""
        self.refuse(self.why_off(btn))

    def set_status(self, text: str, refused: bool = False) -> None:
        self.status, self.status_refused = text, refused
        self.status_timer = STATUS_SECONDS if text else 0.0

    def turn_text(self) -> str:
        s = self.session
        if s.is_over():
            return _("The game is over.")
        step = getattr(s, "step", None)
        if step is not None and step.kind == "say":
            return _("Read the coach's note.")   # short: it shares the top bar with the buttons
        seat = s.decider()
        if seat < 0:
            return "…"
        cfg = s.seats[seat]
        if cfg.is_human:
            if self.acting_seat() == seat:
                return (_("{name}, your decision.", name=cfg.name) if len(s.humans) > 1
                        else _("Your decision."))
            return _("Waiting for {name}.", name=self.waiting_name(seat))
        from game.ui.wording import seat_label

        return (_("{player} is thinking…", player=seat_label(cfg)) if s.computer_thinking()
                else _("{player} plays.", player=seat_label(cfg)))

    # --- per frame -----------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        if self.phones is not None:
            self.phones.pump()
            for note in self.phones.take_notices():    # "Ann's seat moved to another phone."
                self.set_status(note)
        if self.status_timer > 0:
            self.status_timer -= dt
            if self.status_timer <= 0:
                self.status = ""
        turn = self.moments.find("turn")
        if turn is not None and not self.session.needs_handoff(turn.data["seat"]):
            # the screen became hers another way first (her first look came last and led
            # to her turn): no hand-off follows, so nothing is left to linger before
            self.moments.see("turn")
        if self.app.top is self:
            self.moments.update(dt)
            if not self.moments:     # a moment still to be seen holds the game where it is
                self.session.update()
        if self._over_due and not self._over_handled and self.ending_shown(dt):
            self._over_handled = True
            self.game_over()
            return
        if self._handoff_due is not None and self.app.top is self and not self.moments:
            seat, self._handoff_due = self._handoff_due, None
            if self.session.needs_handoff(seat) and self.session.human_to_act() == seat:
                self.app.sound.play("turn")   # with "Pass to ..." on the screen
                navigation.push(self.app, "handoff", made=self.handoff_scene(seat))
                return
        key = self.ui_key()
        if key != self._shown_key and self.active:
            if self._shown_key is None or key[0] != self._shown_key[0]:
                self.page = 0
            self.rebuild()
        self.refresh_log()

    def refresh_log(self) -> None:
        """Feed the log panel when something new happened or someone else sits down."""
        key = (len(self.session.entries), self.viewer)
        if self.log_panel is not None and key != getattr(self, "_log_key", None):
            self._log_key = key
            self.log_panel.set_lines(self.log_lines())

    def frame_room(self, budget: float = FRAME_WORK) -> float:
        """Seconds of CPU this frame may still spend on work that can wait (a few worlds
        of a check, a surface made ahead): ``budget`` less what the frame has used."""
        began = getattr(self.app, "frame_began", None)
        return budget if began is None else budget - (time.thread_time() - began)

    def ui_key(self) -> tuple:
        """When this changes, the UI is rebuilt (new choices, someone else at the screen)."""
        s = self.session
        return (len(s.match.log), self.acting_seat(), s.at_screen, s.is_over(), s.can_undo(),
                self._over_handled)

    def animating(self) -> bool:
        """True while the table still shows something moving (a game's table overrides)."""
        return False

    # --- the tutorial's coach points at named parts ---------------------------------------------------
    def regions(self) -> dict[str, pygame.Rect]:
        """Named parts of this table for the coach (docs/tutorials.md); "coach" is where its
        panel goes. Game tables add theirs."""
        out = {}
        if self.log_panel is not None:
            out["coach"] = self.log_panel.rect
            out["log"] = self.log_panel.rect
        if getattr(self, "choice_area", None) is not None:
            out["prompt"] = self.choice_area
        return out

    def region(self, name: str) -> pygame.Rect | None:
        return self.regions().get(name)

    def still(self) -> bool:
        """Nothing is moving on the table (a tutorial's Next waits for it)."""
        return True

    def coach_point(self) -> str | None:
        """The part a tutorial's current step talks about, if one is on."""
        step = getattr(self.session, "step", None)
        return step.point if step is not None and step.kind != "bot" else None

    def coach_holds(self) -> bool:
        """A tutorial step talks about this table: it must not move on to another screen
        (a round's scoring, the results) by itself until the step is done."""
        point = self.coach_point()
        return point is not None and self.region(point) is not None

    # --- input ---------------------------------------------------------------------------------------
    def on_escape(self) -> None:
        self.pause()

    def pause(self) -> None:
        navigation.push(self.app, "pause", self)

    def handle_key(self, event: pygame.event.Event) -> bool:
        """The digit rule of every table (controls.TABLE_DIGITS): a number highlights the
        n-th choice, the same number again or Enter confirms it. A highlight belongs to the
        decision it was made in: the next one (another seat, the same words) starts bare."""
        if self.selected is not None and getattr(self, "_selected_at", None) != self.ui_key():
            self.select(None)
        if event.key in DIGIT_KEYS:
            n = DIGIT_KEYS[event.key] - 1
            if n >= len(self.choices) or not self.choices[n].button.visible:
                return False
            if self.selected == n:
                self.activate(n)
            else:
                self.select(n)
            return True
        return super().handle_key(event)

    def select(self, index: int | None) -> None:
        super().select(index)
        self._selected_at = self.ui_key()

    def activate(self, index: int) -> None:
        self.select(None)        # confirmed: the highlight does not outlive the choice
        super().activate(index)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if (event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1
                and self.since.click(event.pos)):
            return True      # the "since your last turn" banner closes
        if self.moments.take_input(event):
            return True      # "seen": the moment on top ends, the click does nothing else
        if self.log_panel is not None and self.log_panel.handle_event(event):
            return True
        return super().handle_event(event)

    def offers_undo(self) -> bool:
        """Whether the top bar shows Undo now."""
        # a choice made on a phone is not this screen's to take back
        return self.session.can_undo() and self.phones is None

    def undo(self) -> None:
        if self.phones is not None:
            self.refuse(_("there is no undo while phones play: their choices are theirs"))
            return
        if not self.session.undo():
            self.refuse(_("there is nothing to take back (undo stops at anything revealed)"))

    # --- layout ----------------------------------------------------------------------------------------
    def build(self, m: style.Metrics) -> None:
        self._shown_key = self.ui_key()
        self.layout(m)

    def layout(self, m: style.Metrics) -> None:
        """Place the top bar, the log panel and the choice list. Game tables override."""
        self.build_top_bar(m)
        log_w = int(m.width * 0.27)
        top = self.top_bar_h(m)
        self.log_panel = self.make_log_panel(pygame.Rect(m.width - log_w - m.pad, top + m.gap,
                                                         log_w, m.height - top - m.gap - m.pad))
        width = m.width - log_w - 3 * m.pad
        height = self.choice_height(m, rows=3)
        self.choice_rect = pygame.Rect(m.pad, m.height - height - m.pad, width, height)
        self.build_choices(m, self.choice_rect)

    def choice_height(self, m: style.Metrics, rows: int = 3) -> int:
        """Room for the choice list: a header line and ``rows`` rows of buttons. Kept the
        same whatever the choices, so the table does not jump between turns."""
        return m.px(30) + rows * (m.px(40) + m.gap)

    # In large text (issue 44) a table that sets this says the turn and its prompt on a line
    # of its own under the top bar's buttons: beside them it would be cut.
    turn_band = False

    def top_bar_h(self, m: style.Metrics) -> int:
        band = draw.font(m.px(18)).get_linesize() + m.gap if self.turn_band and m.text > 1 else 0
        return m.button_h + 2 * m.gap + band

    def build_top_bar(self, m: style.Metrics) -> None:
        bw = m.px(120)
        y = m.gap
        x = m.width - bw - m.pad
        self.button((x, y, bw, m.button_h), i18n._("Menu"), self.pause, choice=False, object_id="#pause")
        if self.offers_undo():
            x -= bw + m.gap
            self.button((x, y, bw, m.button_h), i18n._("Undo"), self.undo, choice=False, object_id="#undo")
        if self.session.is_over() and self._over_handled:
            x -= bw + m.gap
            self.button((x, y, bw, m.button_h), "Results", self.show_results, choice=False,
                        object_id="#results", tooltip="Back to the results")
        self.top_bar_right = howto.add_button(self, m, x, y, bw)

    def make_log_panel(self, rect: pygame.Rect) -> LogPanel:
        if self._dry is not None:
            # a dry build (planned_buttons) wants the buttons only: an empty stand-in (laying
            # out the whole log of the person a hand-off waits for cost 1-2 ms late in a game);
            # the panel shown stays as it is
            return self.log_panel if self.log_panel is not None else LogPanel(rect, self.metrics)
        panel = self.log_panel
        if panel is not None and panel.rect == rect and panel.m == self.metrics:
            # the same place: keep what is rendered (and where the reader scrolled to)
            panel.set_lines(self.log_lines())
            self._log_key = (len(self.session.entries), self.viewer)
            return panel
        panel = LogPanel(rect, self.metrics)
        panel.set_lines(self.log_lines())
        panel.scroll_to_end()
        self._log_key = (len(self.session.entries), self.viewer)
        return panel

    def choice_actions(self) -> list[Action]:
        seat = self.acting_seat()
        return [] if seat is None else list(self.session.legal_actions(seat))

    def build_choices(self, m: style.Metrics, rect: pygame.Rect) -> None:
        """Buttons for the acting seat's legal actions, paged if there are many."""
        actions = self.choice_actions()
        self.choice_area = rect
        if not actions:
            return
        cols = 3 if rect.width > m.px(600) else 2
        bh = m.px(40)
        rows = max(1, (rect.height - m.px(30)) // (bh + m.gap))
        per_page = max(1, cols * rows - (1 if len(actions) > cols * rows else 0))
        pages = self._pages = (len(actions) + per_page - 1) // per_page
        self.page = min(self.page, pages - 1)
        shown = actions[self.page * per_page:(self.page + 1) * per_page]
        bw = (rect.width - m.gap * (cols - 1)) // cols
        y0 = rect.y + m.px(30)
        for i, action in enumerate(shown):
            r, c = divmod(i, cols)
            label = action.label or str(action)
            self.button((rect.x + c * (bw + m.gap), y0 + r * (bh + m.gap), bw, bh),
                        fit(label, m.px(17), bw - m.px(34)), lambda a=action: self.choose(a),
                        cls="@choice", object_id=f"#choice_{self.page * per_page + i}",
                        tooltip=label if fit(label, m.px(17), bw - m.px(34)) != label else None)
        if pages > 1:
            i = len(shown)
            r, c = divmod(i, cols)
            self.button((rect.x + c * (bw + m.gap), y0 + r * (bh + m.gap), bw, bh),
                        f"More… (page {self.page + 1} of {pages})", self.next_page,
                        object_id="#more", choice=False)

    def next_page(self) -> None:
        self.page = (self.page + 1) % max(1, self._pages)
        self.rebuild()

    # --- drawing -------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        self.draw_background(surface)
        self.draw_board(surface)
        self.draw_top_bar(surface)
        self.draw_choice_header(surface)
        if self.log_panel is not None:
            self.refresh_log()
            self.log_panel.draw(surface)

    def draw_background(self, surface: pygame.Surface) -> None:
        """The felt (a table whose board layer holds it draws nothing here)."""
        surface.blit(draw.table_background(surface.get_size(), felt=self.felt), (0, 0))

    def draw_board(self, surface: pygame.Surface) -> None:
        """The game itself. Game tables override this."""

    def draw_over(self, surface: pygame.Surface) -> None:
        super().draw_over(surface)
        self.since.draw(surface)     # above the buttons: it is closed by a click on it

    def draw_top_bar(self, surface: pygame.Surface) -> None:
        m = self.metrics
        h = self.top_bar_h(m)
        if self.turn_band and m.text > 1:
            self.draw_banded_top_bar(surface)
            return
        surface.blit(draw.shade((m.width, h), (*style.BG_DEEP, 200)), (0, 0))
        pygame.draw.line(surface, style.PANEL_EDGE, (0, h), (m.width, h))
        title_w = draw.font(m.px(22), True).size(_(self.spec.title))[0]
        x = m.pad + title_w + m.px(24)
        right = getattr(self, "top_bar_right", m.width - m.pad)
        room = right - x - m.gap
        if m.text > 1 and draw.font(m.px(18)).size(self.turn_text())[0] > room:
            # large text (issue 44): the game's name gives its place to the turn's words
            x, room = m.pad, right - m.pad - m.gap
        else:
            draw.blit_text(surface, _(self.spec.title), m.px(22), (m.pad, h // 2), style.ACCENT_BRIGHT, True,
                           "midleft")
        draw.blit_text(surface, fit(self.turn_text(), m.px(18), room), m.px(18), (x, h // 2),
                       style.TEXT, False, "midleft")

    def draw_banded_top_bar(self, surface: pygame.Surface) -> None:
        """The top bar in large text (``turn_band``): the title beside the buttons, the turn
        under them across the window, in a smaller size if it must."""
        m = self.metrics
        h = self.top_bar_h(m)
        row = m.button_h + 2 * m.gap
        surface.blit(draw.shade((m.width, h), (*style.BG_DEEP, 200)), (0, 0))
        pygame.draw.line(surface, style.PANEL_EDGE, (0, h), (m.width, h))
        room = getattr(self, "top_bar_right", m.width - m.pad) - m.pad - m.gap
        draw.blit_text(surface, draw.fit_first((_(self.spec.title),), m.px(22), room, True), m.px(22),
                       (m.pad, row // 2), style.ACCENT_BRIGHT, True, "midleft")
        text, width = self.turn_text(), m.width - 2 * m.pad
        size = next((s for s in (18, 16, 14) if draw.font(m.px(s)).size(text)[0] <= width), 14)
        draw.blit_text(surface, fit(text, m.px(size), width), m.px(size),
                       (m.pad, row + (h - row - m.gap) // 2), style.TEXT, False, "midleft")

    def draw_choice_header(self, surface: pygame.Surface) -> None:
        m = self.metrics
        rect = getattr(self, "choice_area", None)
        if rect is None:
            return
        if self.status:
            colour = style.DANGER if self.status_refused else style.ACCENT_BRIGHT
            draw.blit_text(surface, fit(self.status, m.px(17), rect.width), m.px(17), rect.topleft,
                           colour, True)
        elif self.choice_actions():
            n = len(self.choice_actions())
            hint = i18n._("Choose:") if n == 1 else i18n._(controls.CHOOSE_HINT)
            draw.blit_text(surface, fit(hint, m.px(16), rect.width), m.px(16), rect.topleft,
                           style.TEXT_MUTED)


# --- helpers ---------------------------------------------------------------------------------

def fit(text: str, size: int, width: int, bold: bool = False) -> str:
    """``text`` shortened with an ellipsis to fit ``width`` px."""
    return draw.ellipsize(text, size, width, bold)
