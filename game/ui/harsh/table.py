"""The Harsh Shadows table scene: the flow of a game at the grid.

Reads the game through ``session.view(viewer)``, the legal actions and the events only.
Clicks: a glowing Location moves the Agent; a glowing card under a Case File pays Clues
for it; the buttons in the middle column are the additional actions (a disabled one says
why in the line beside it, from ``view["unavailable"]``). Forced decisions (Bomb, discard,
meeting, reorder, stakeout) open a dialog. Keys: 1-9 pick a Location (row by row) while
moving, or the n-th button otherwise; Ctrl+Z undoes; H asks for a hint. A choice made
before the check for choices that lose at once has played its worlds is held while
they are played, a few each frame (``HELD_BUDGET``); buttons a build leaves out are
parked for the next (``park_widgets``).

This module holds the scene's state, its buttons, choices, events and input; the drawing
is mixed in from ``paint`` (the board), ``column`` (the middle column and its buttons)
and ``overlays`` (dialog, toast, hint), the check for choices that lose at once from
``checking``.
"""

from __future__ import annotations

import time

import pygame
import pygame_gui

from game.i18n import _, shown
from game.rules.protocol import Action
from game.storage.settings import PACE_SECONDS
from game.ui import draw, howto, style
from game.ui.table_base import TableScene
from game.ui.widgets import ScrollPanel

from . import dialogs, hinting, layout, look
from .anim import Timeline, follow
from .checking import DangerCheck, _same_class
from .column import MiddleColumn
from .dialogs import GRID_ABILITIES
from .overlays import HarshOverlays, dialog_buttons
from .paint import HarshPainter, give_back_base, stock_base


class HarshTableScene(DangerCheck, HarshPainter, MiddleColumn, HarshOverlays, TableScene):
    hint_budget_ms = hinting.BUDGET_MS
    turn_band = True       # large text: the turn's words on a line of their own
    park_widgets = True    # the action buttons and a dialog's options come and go each turn

    def __init__(self, app, session) -> None:
        super().__init__(app, session)
        self.timeline = Timeline()
        self.hints = hinting.HintRunner(self.hint_budget_ms)
        self.user_dialog: dialogs.Dialog | None = None
        self.dialog: dialogs.Dialog | None = None
        self._dialog_step = -1
        self.lay: layout.HarshLayout | None = None
        self.buttons: dict[str, object] = {}
        self.option_buttons: list[tuple[object, dialogs.Option]] = []
        self.dialog_rect: pygame.Rect | None = None
        self.hint_panel: ScrollPanel | None = None
        self._view_key = None
        self._view = None
        self._batch_step = -1
        self._cursor = 0.0
        self._hint_shown = None
        self._dangers: tuple[int, dict] = (-1, {})
        self._confirming: tuple[int, Action] | None = None
        self.grid_pick: str | None = None      # an ability whose target is a Location
        self._grid_pick_step = -1
        self._input = False                    # handling a person's click or key now
        # a choice held for the danger check (HELD_BUDGET): step, frame, action, asked, picked
        # from a dialog
        self._held: tuple | None = None
        self._log_shown: list[str] | None = None  # the log's lines as last shown
        self._log_held = False                    # ... kept while the Spy is on its way
        self._verdict_made = False
        howto.greet(self)

    # --- what the player sees ---------------------------------------------------------------------
    def view(self):
        key = (id(self.session.match), len(self.session.match.log))
        if key != self._view_key:
            self._view_key, self._view = key, self.session.view(self.viewer)
        return self._view

    def actions(self) -> list[Action]:
        seat = self.acting_seat()
        return [] if seat is None else list(self.session.legal_actions(seat))

    def step_key(self) -> int:
        return len(self.session.match.log)

    def turn_text(self) -> str:
        v = self.view()
        if self.ending_waits() or self.spy_on_its_way():
            return _("The Spy moves…")
        if self.session.is_over():
            res = v["result"] or {}
            return _("Mission accomplished.") if res.get("won") else _("Mission failed.")
        if v["phase"] in ("setup", "reshuffle"):
            return _("Shuffling…")
        prompt = shown(v["prompt"])
        return _("Turn {turn}: {prompt}.", turn=v["turn"], prompt=prompt[:1].upper() + prompt[1:])

    @property
    def busy(self) -> bool:
        return super().busy or self.timeline.running or self.hints.thinking

    # --- layout and UI elements -----------------------------------------------------------------
    def layout(self, m: style.Metrics) -> None:
        self.lay = lay = layout.compute(m, self.top_bar_h(m))
        if m.text > 1 and self.view()["grid"]:
            # in large text the status panel is as high as its longest entry's lines
            lines = self.status_lines(self.view(), lay.status)
            if lines > 2:
                self.lay = lay = layout.compute(m, self.top_bar_h(m), min(lines, 4))
        self.choice_area = None
        self.buttons = {}
        self.option_buttons = []
        self.dialog_rect = None
        if self._dialog_step != self.step_key():
            self.user_dialog = None
        view, actions = self.view(), self.actions()
        self.build_top_bar(m)
        self.log_panel = self.make_log_panel(lay.log)
        self.hint_panel = self.make_hint_panel(lay.hint, m)
        forced = dialogs.phase_dialog(view, actions)
        # let the Spy's move (or the card found) play out in view before the dialog covers it
        self.dialog_deferred = forced is not None and self.timeline.running
        confirm = self.user_dialog if self.user_dialog is not None and self.user_dialog.kind == "confirm" \
            else None
        self.dialog = None if self.dialog_deferred else (confirm or forced or self.user_dialog)
        if self._grid_pick_step != self.step_key():
            self.grid_pick = None
        if self.dialog is not None:
            self.build_dialog(m, self.dialog)
            return
        self.build_actions(m, view, actions)

    def make_hint_panel(self, rect: pygame.Rect, m: style.Metrics) -> ScrollPanel:
        panel = self.hint_panel
        if panel is not None and panel.rect == rect and panel.m == m:
            # the same place: its words are kept rendered (refresh_hint_panel changes them)
            panel.offset = 0
            return panel
        self._hint_shown = None
        return ScrollPanel(rect, m, title=_("Hint"), font_size=style.FONT_SMALL)

    def build_top_bar(self, m: style.Metrics) -> None:
        bw = m.px(112)
        y = m.gap
        x = self.metrics.width - bw - m.pad
        self.button((x, y, bw, m.button_h), _("Menu"), self.pause, choice=False, object_id="#pause")
        x -= bw + m.gap
        can = self.session.can_undo()
        self.buttons["undo"] = self.button(
            (x, y, bw, m.button_h), _("Undo"), self.undo, choice=False, object_id="#undo", enabled=can,
            tooltip=_("Take back your last choice (Ctrl+Z)") if can else
            _("Nothing to undo: undo stops at the last card, Spy move or Case File revealed"))
        x -= bw + m.gap
        if self.session.is_over():
            # made with the last move, shown when the Spy lands (``show_over``): no rebuild then
            self.buttons["results"] = self.button((x, y, bw, m.button_h), _("Results"), self.show_results,
                                                  choice=False, object_id="#results")
        if not self.over_shown():
            can_hint = self.acting_seat() is not None
            self.buttons["hint"] = self.button(
                (x, y, bw, m.button_h), _("Hint"), self.ask_hint, choice=False, object_id="#hint",
                enabled=can_hint, tooltip=_("Estimate the win chance of every choice (H)"))
            if self.buttons.get("results") is not None:
                self.buttons["results"].hide()
        self.top_bar_right = howto.add_button(self, m, x, y, bw)

    # --- choosing ----------------------------------------------------------------------------------
    def pick(self, action: Action) -> None:
        asked = self.dialog is not None and self.dialog.kind in ("confirm", "accuse")
        self.user_dialog = None
        if not self.choose(action, asked=asked):
            self.rebuild()

    def choose_kind(self, kind: str) -> None:
        acts = [a for a in self.actions() if a.kind == kind]
        if acts:
            self.choose(acts[0])
        else:
            self.refuse(self._why_not(kind))

    def _why_not(self, kind: str) -> str:
        names = {"reveal": "Use clues", "bug": "Place the Tracking Bug", "track": "Track the Spy",
                 "ability": "Use Location ability"}
        reasons = dict(self.view()["unavailable"])
        why = reasons.get(names.get(kind, ""))
        return shown(why) if why else _("that is not possible now")

    def open_dialog(self, dlg: dialogs.Dialog) -> None:
        self.user_dialog = dlg
        self._dialog_step = self.step_key()
        self.rebuild()

    def close_dialog(self) -> None:
        self.user_dialog = None
        self._confirming = None
        self.rebuild()

    def confirm_accusation(self) -> None:
        acts = [a for a in self.actions() if a.kind == "accuse"]
        if not acts:
            self.refuse(_("you can accuse only when the bugged Spy is on your Location"))
            return
        view = self.view()
        self.open_dialog(dialogs.Dialog(
            "accuse", _("Accuse the Spy?"), _("The game ends: every Case File is revealed. You win "
                                              "with all three Evidence Items and no Red Herring in "
                                              "your collection."),
            (dialogs.Option(acts[0], _("Accuse the Spy"), dialogs.accuse_note(view)),), cancel=True))

    def open_clues(self) -> None:
        acts = self.actions()
        if not any(a.kind == "reveal" for a in acts):
            self.refuse(self._why_not("reveal"))
            return
        self.open_dialog(dialogs.clue_dialog(self.view(), acts))

    def use_ability(self) -> None:
        acts = [a for a in self.actions() if a.kind == "ability"]
        if not acts:
            self.refuse(self._why_not("ability"))
        elif len(acts) == 1:
            self.choose(acts[0])
        elif acts[0].args[0] in GRID_ABILITIES:
            # Express, Dead drop: the Location is picked on the grid, which stays in view
            self.grid_pick = acts[0].args[0]
            self._grid_pick_step = self.step_key()
            self.rebuild()
        else:
            self.open_dialog(dialogs.ability_dialog(self.view(), self.actions()))

    def grid_targets(self) -> dict[int, Action]:
        """While a Location ability is being aimed: Location -> its action."""
        if self.grid_pick is None:
            return {}
        return {a.args[1]: a for a in self.actions()
                if a.kind == "ability" and a.args[0] == self.grid_pick}

    def cancel_grid_pick(self) -> None:
        self.grid_pick = None
        self.rebuild()

    def click_cell(self, pos: int) -> None:
        targets = self.grid_targets()
        if targets:
            if pos in targets:
                self.choose(targets[pos])
            else:
                self.refuse(_(GRID_ABILITIES[self.grid_pick][2]))
            return
        view = self.view()
        if view["phase"] != "move":
            if self.acting_seat() is not None and view["phase"] == "actions":
                self.refuse(_("you already moved this turn: take additional actions or end your turn"))
            return
        for a in self.actions():
            if a.kind == "move" and a.args == (pos,):
                self.choose(a)
                return
        if pos == view["agent"]:
            self.refuse(_("the Agent must move to a neighbouring Location"))
        else:
            self.choose(Action("move", (pos,)))  # refused with the rules' reason

    def click_slot(self, f: int, slot: int) -> None:
        acts = [a for a in self.actions() if a.kind == "reveal" and a.args[:2] == (f, slot)]
        if not acts:
            view = self.view()
            if view["case_files"][f]["slots"][slot] is not None:
                self.refuse(_("that Confiscated Item is already revealed"))
            elif view["phase"] != "actions":
                self.refuse(_("Clues are used during your additional actions, after moving"))
            else:
                why = dict(view["unavailable"]).get("Use clues")
                self.refuse(shown(why) if why else _("you cannot pay for that Case File now"))
            return
        if len(acts) == 1:
            self.choose(acts[0])
            return
        opts = tuple(dialogs.Option(a, _("Pay {pay}", pay=dialogs.pay_text(self.view(), a))) for a in acts)
        self.open_dialog(dialogs.Dialog("pay", _("How do you pay?"), _(
            "Reveal {file} card {slot}.", file=_(dialogs.CASE_FILES[f]), slot=slot + 1), opts, cancel=True))

    # --- undo, results --------------------------------------------------------------------
    def undo(self) -> None:
        if self.session.undo():
            self.hints.forget()
            self.timeline.clear()
            self.user_dialog = None
            self.set_status(_("Your last choice was taken back."))
            self.rebuild()
        else:
            self.refuse(_("nothing to undo: undo stops at the last card, Spy move or Case File "
                          "revealed"))

    # --- the end: the final board holds until it has been seen -------------------------------------
    def animating(self) -> bool:
        """The move that ended the game still plays: the verdict's hold (the "game_end"
        moment) starts when the Spy lands, while the Countdown still ticks."""
        return any(a.kind not in AFTERMATH or a.progress < 0 for a in self.timeline.anims)

    def show_over(self) -> None:
        """While the Spy walks to the game's end, its verdict is made a little each frame
        (``draw.until``); when it lands, the Results button takes the Hint's place."""
        results = self.buttons.get("results")
        if results is None:
            return
        if self.ending_waits():
            if not self._verdict_made and self.lay is not None and self.frame_room() > 0:
                try:
                    with draw.until(time.thread_time() + self.frame_room()):
                        self.draw_ending(VERDICT_SCRATCH, self.view())
                        self.make_final_cases(self.view())
                    self._verdict_made = True
                except draw.OutOfFrame:
                    pass        # the rest in the next frame; what was made is kept
        elif not results.visible:
            results.show()
            hint = self.buttons.get("hint")
            if hint is not None:
                hint.hide()

    def log_lines(self) -> list[str]:
        """The log says what happened once the board shows it: while the Spy is on its
        way, the lines as they were before its move."""
        if self.spy_on_its_way() and self._log_shown is not None:
            self._log_held = True
            return self._log_shown
        self._log_shown = super().log_lines()
        return self._log_shown

    def refresh_log(self) -> None:
        if self._log_held and not self.spy_on_its_way():
            self._log_held, self._log_key = False, None     # the Spy has landed: say it now
        super().refresh_log()

    def make_final_cases(self, view) -> None:
        """The Case File cards the end turns over, made before it does (``look`` keeps them)."""
        from .ending import final_case_files

        rects = self.slot_rects(view)
        held = set(view["collection"])
        for f, names in enumerate(final_case_files(self.session, view)):
            cf = view["case_files"][f]
            for slot, name in enumerate(names):
                if cf["slots"][slot] is None and name is not None:
                    look.item_card(rects[(f, slot)].size, name, cf["name"], held=name in held)

    def ending_held(self) -> bool:
        """The final board is up with its verdict, the results not yet over it: from the
        Spy's landing through the shared "game_end" moment (``moments``), which a click,
        Enter or Space ends."""
        return self.over_shown() and not self._over_handled and self.app.top is self

    def results_scene(self):
        from .ending import HarshResultsScene

        return HarshResultsScene(self.app, self.session, self)

    def game_over(self) -> None:
        """Record the result (the engine names the difficulty) and show the end screen."""
        self.rebuild()  # the table behind the end screen shows the finished game, no dialog
        super().game_over()

    def on_cover(self) -> None:
        if self._held is not None:
            self._take_held()       # chosen before the pause (or hand-off) opened
        super().on_cover()

    def on_exit(self) -> None:
        self.hints.close()
        super().on_exit()
        give_back_base(self._base)      # the next game's table draws into it (take_base)
        self._base = self._base_key = self._in_base = None

    @classmethod
    def setup_surfaces(cls, app):
        """While the setup screen is read: a spare base picture (``stock_base``)."""
        yield
        stock_base(app.screen)

    @classmethod
    def ahead_shapes(cls, app) -> list[tuple]:
        """The usual dialogs' buttons at the sizes this window gives them (no hand-off: one
        seat); behind the curtain they were pieces of 3-7 ms (one per new size and state)."""
        m = app.metrics
        # top_bar_h reads only the class's turn_band and the metrics
        lay = layout.compute(m, TableScene.top_bar_h(cls, m))
        shapes = [(*rect[2:], klass, object_id) for rect, _t, klass, object_id in dialog_buttons(lay, m)]
        # the results' four buttons across their box (ending.HarshResultsScene, no coach)
        bw = (min(m.px(780), m.width - 2 * m.margin) - 2 * m.pad - 3 * m.gap) // 4
        return shapes + [(bw, m.button_h, "@primary", "#play_again"), (bw, m.button_h, None, "#same_deal")]

    # --- events and animation ------------------------------------------------------------------------
    def speed(self) -> float:
        pace = self.app.settings.pace
        return pace / PACE_SECONDS["normal"] if pace else 0.0

    def on_game_event(self, event, step: int) -> None:
        f = self.speed()
        sound = EVENT_SOUNDS.get(event.kind)
        if sound is None and not f:
            sound = LANDING_SOUNDS.get(event.kind)  # no animation to wait for
        if sound and event.visible_to(self.viewer):
            self.app.sound.play(sound)
        if not f or not event.visible_to(self.viewer):
            return
        if step != self._batch_step:
            self._batch_step = step
            self._cursor = self.timeline.end_time()
        self._cursor = follow(self.timeline, event.kind, event.data, self.view, f, self._cursor)
        if self.timeline.running:
            self.hold_for_animation(self.timeline.end_time() / f)

    def warm_up(self) -> None:
        """The opening shuffle and deal too, while the table is put up: the first frames
        of the game then find the Locations and Case Files drawn once already."""
        first = not self._warmed and self.root is not None
        if not self._warmed and self.app.top is self and not self.session.match.log:
            self.session.update()
            if self.curtained and self.session.match.log:
                # behind a curtain the shuffle and the Spy's first step are this frame's
                # piece; the first picture is drawn in the next ones
                raise draw.OutOfFrame
        super().warm_up()
        if first and self.lay is not None:
            self.warm_dialogs(self.metrics)

    def update(self, dt: float) -> None:
        self.timeline.update(dt)
        for a in self.timeline.anims:
            if a.kind in LANDING_SOUNDS and a.progress >= 0 and not a.data.get("heard"):
                a.data["heard"] = True      # heard when the Spy lands, not when it sets off
                self.app.sound.play(LANDING_SOUNDS[a.kind])
        if self._held is not None and self._held[1] != self.app.frames and self._held_ready():
            self._take_held()
        super().update(dt)
        self._assess_some()
        self.show_over()
        if getattr(self, "dialog_deferred", False) and not self.timeline.running and self.active:
            self.rebuild()
        self.refresh_hint_panel()

    # --- input -----------------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        self._input = True
        try:
            return self._handle_event(event)
        finally:
            self._input = False

    def _handle_event(self, event: pygame.event.Event) -> bool:
        if self._held is not None and event.type in ACTING_EVENTS:
            self._take_held()       # what was chosen first is taken first
        if self.hint_panel is not None and self.hint_in_view() and self.hint_panel.handle_event(event):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.lay is not None:
            if self.dialog is None and self.acting_seat() is not None:
                for p, cell in enumerate(self.lay.cells):
                    if cell.collidepoint(event.pos):
                        self.click_cell(p)
                        return True
                for (f, slot), r in self.slot_rects(self.view()).items():
                    if r.collidepoint(event.pos):
                        self.click_slot(f, slot)
                        return True
        return super().handle_event(event)

    def handle_key(self, event: pygame.event.Event) -> bool:
        if event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL:
            self.undo()
            return True
        if event.key == pygame.K_h and not event.mod & pygame.KMOD_CTRL:
            self.ask_hint()
            return True
        if event.key == pygame.K_a and not event.mod & pygame.KMOD_CTRL:
            acts = [a for a in self.actions() if a.kind == "accuse"]
            if acts and self.dialog is not None and self.dialog.kind in ("meeting", "accuse"):
                self.pick(acts[0])  # the dialog on screen already asked
                return True
            if acts and self.dialog is None:
                self.confirm_accusation()
                return True
        from game.ui.scene import CONFIRM_KEYS, DIGIT_KEYS

        if (event.key in DIGIT_KEYS and self.dialog is None and self.acting_seat() is not None
                and (self.view()["phase"] == "move" or self.grid_targets())):
            # the tables' digit rule (controls.TABLE_DIGITS): a Location's number highlights it,
            # the same number again or Enter goes there; one it cannot go to says why at once
            p = DIGIT_KEYS[event.key] - 1
            self.named_cell = (p, self.step_key())    # read whole beside the grid (reader)
            if p == self.key_cell_now() or p not in self.cell_choices():
                self.key_cell = None
                self.click_cell(p)
            else:
                self.key_cell = (p, self.step_key(), self.grid_pick)
            return True
        if event.key in CONFIRM_KEYS and self.dialog is None and self.key_cell_now() is not None:
            p, self.key_cell = self.key_cell_now(), None
            self.click_cell(p)
            return True
        if event.key == pygame.K_ESCAPE and self.user_dialog is not None:
            self.close_dialog()
            return True
        if event.key == pygame.K_ESCAPE and self.grid_pick is not None:
            self.cancel_grid_pick()
            return True
        return super().handle_key(event)

    key_cell: tuple | None = None     # (Location, step, aimed ability) a number key highlit
    named_cell: tuple | None = None   # (Location, step) a number key last named

    def cell_choices(self) -> dict:
        """The Locations a click would choose now: the ability's targets, else the moves."""
        return self.grid_targets() or {a.args[0]: a for a in self.actions() if a.kind == "move"}

    def key_cell_now(self) -> int | None:
        """The Location a number key highlit in this very decision, else None."""
        if self.key_cell is None or self.dialog is not None or self.acting_seat() is None:
            return None
        p, step, pick = self.key_cell
        if step != self.step_key() or pick != self.grid_pick or p not in self.cell_choices():
            return None
        return p

    # --- where things are (clicks, the hint's highlight, tests) ------------------------------------------
    def slot_rects(self, view) -> dict[tuple[int, int], pygame.Rect]:
        return layout.slot_rects(self.metrics, self.lay.cases, view)

    def token_spot(self, kind: str, pos: int) -> tuple[float, float]:
        return layout.token_spot(self.lay, kind, pos)

    def token_d(self) -> int:
        return layout.token_d(self.lay)


    # --- the parts a tutorial's coach points at (docs/tutorials.md) ----------------------------------
    def still(self) -> bool:
        return not self.timeline.running and not getattr(self, "dialog_deferred", False)

    def regions(self) -> dict:
        out = super().regions()
        lay = self.lay
        if lay is None:
            return out
        view = self.view()
        out.update({"grid": lay.grid, "status": lay.status, "case_files": lay.cases,
                    "actions": lay.actions, "collection": lay.collection, "spy_deck": lay.spy,
                    "hint": lay.hint})
        for p, cell in enumerate(lay.cells):
            out[f"location.{p}"] = cell
        if view["grid"]:
            d = self.token_d()
            for kind in ("agent", "spy"):
                x, y = self.token_spot(kind, view[kind])
                out[kind] = pygame.Rect(int(x - d / 2), int(y - d / 2), d, d)
            if view["bug"]["state"] == "placed":
                cell = lay.cells[view["bug"]["pos"]]
                out["bug.placed"] = pygame.Rect(int(cell.x + d * 2.55), int(cell.bottom - d), int(d * 0.8),
                                                int(d * 0.8))
        box = lay.status
        half_w, half_h = box.width // 2, box.height // 2
        for i, name in enumerate(("countdown", "kit", "bug", "deck")):
            out[name] = pygame.Rect(box.x + (i % 2) * half_w, box.y + (i // 2) * half_h, half_w, half_h)
        if view["case_files"]:
            row_h = lay.cases.height // 3
            for f in range(3):
                out[f"case.{f}"] = pygame.Rect(lay.cases.x, lay.cases.y + f * row_h, lay.cases.width, row_h)
            for (f, slot), r in self.slot_rects(view).items():
                out[f"case.{f}.{slot}"] = r
        out.update(look.spy_deck_slots(self.metrics, lay.spy))
        for key, btn in self.buttons.items():
            if btn is not None and btn.visible:
                out[f"button.{key}"] = btn.rect
        if self.dialog is not None and self.dialog_rect is not None:
            out["dialog"] = self.dialog_rect
            for i, (btn, _opt) in enumerate(self.option_buttons):
                out[f"option.{i}"] = btn.rect
        return out

    def region(self, name: str):
        """A step that asks for a move follows it into the dialog it opens (the Location
        ability's targets, a payment, "this may end the game"): the part to click is then
        the dialog's option for that move."""
        step = getattr(self.session, "step", None)
        if (step is not None and step.kind == "do" and name == step.point and self.dialog is not None
                and self.option_buttons):
            at = self.locate(step.action)
            if at is not None:
                return at
        return self.regions().get(name)

    def locate(self, action: Action) -> pygame.Rect | None:
        """Where on screen ``action`` is taken now (a cell, a card, a button, a dialog option)."""
        for btn, opt in self.option_buttons:
            if opt.action == action:
                return btn.rect
        if self.dialog is not None:
            for btn, opt in self.option_buttons:
                if _same_class(opt.action, action):
                    return btn.rect
            return None
        if action.kind == "move" or (action.kind == "ability" and self.grid_pick is not None
                                     and action.args[0] == self.grid_pick):
            return self.lay.cells[action.args[-1]]   # a step, or Express / Dead drop being aimed
        if action.kind == "reveal":
            return self.slot_rects(self.view()).get(tuple(action.args[:2]))
        key = {"bug": "bug", "track": "track", "ability": "ability", "end": "end",
               "accuse": "accuse"}.get(action.kind)
        btn = self.buttons.get(key) if key else None
        return btn.rect if btn is not None else None


ACTING_EVENTS = (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame_gui.UI_BUTTON_PRESSED)

EVENT_SOUNDS = {"spy_moved": "spy", "bomb": "refused", "bomb_exploded": "bomb", "card_found": "card",
                "spy_deck_shuffled": "shuffle"}
# heard when the Spy lands: the animation kind (or, with animations off, the event kind)
LANDING_SOUNDS = {"tick": "tick", "countdown": "tick", "drop": "card", "card_added": "card"}
AFTERMATH = ("tick", "drop", "ending", "flash")   # what plays on once the Spy has landed
VERDICT_SCRATCH = pygame.Surface((1, 1), pygame.SRCALPHA)   # the verdict drawn ahead, unseen
