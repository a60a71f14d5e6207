"""The Harsh Shadows table scene: the grid, the Spy, the Case Files, the hint and undo.

Reads the game through ``session.view(viewer)``, the legal actions and the events only.
Clicks: a glowing Location moves the Agent; a glowing card under a Case File pays Clues
for it; the buttons in the middle column are the additional actions (a disabled one says
why in the line beside it, from ``view["unavailable"]``). Forced decisions (Bomb, discard,
meeting, reorder, stakeout) open a dialog. Keys: 1-9 pick a Location (row by row) while
moving, or the n-th button otherwise; Ctrl+Z undoes; H asks for a hint.
"""

from __future__ import annotations

import pygame

from game.rules.harsh.data import OPPOSITE
from game.rules.protocol import Action
from game.storage.settings import PACE_SECONDS
from game.ui import draw, howto, style
from game.ui.table_base import TableScene, fit
from game.ui.widgets import ScrollPanel, paragraph

from . import dangers, dialogs, forecast, hinting, layout, pieces
from .anim import Anim, Timeline, ease

ACTION_ROWS = (
    # (key, button text, name in view["unavailable"])
    ("clues", "Use clues…", "Use clues"),
    ("bug", "Place the bug", "Place the Tracking Bug"),
    ("track", "Track the Spy", "Track the Spy"),
    ("ability", "Use the ability", "Use Location ability"),
)
MOVE_SECONDS = 0.55     # lengths at the "normal" animation speed
FLIP_SECONDS = 0.35
FOUND_SECONDS = 0.9
REVEAL_SECONDS = 0.45
FLASH_SECONDS = 0.6


class HarshTableScene(TableScene):
    hint_budget_ms = hinting.BUDGET_MS

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
        if self.session.is_over():
            res = v["result"] or {}
            return "Mission accomplished." if res.get("won") else "Mission failed."
        if v["phase"] in ("setup", "reshuffle"):
            return "Shuffling…"
        prompt = v["prompt"]
        return f"Turn {v['turn']}: {prompt[:1].upper()}{prompt[1:]}."

    @property
    def busy(self) -> bool:
        return super().busy or self.timeline.running or self.hints.thinking

    # --- layout and UI elements -----------------------------------------------------------------
    def layout(self, m: style.Metrics) -> None:
        self.lay = lay = layout.compute(m, self.top_bar_h(m))
        self.choice_area = None
        self.buttons = {}
        self.option_buttons = []
        self.dialog_rect = None
        if self._dialog_step != self.step_key():
            self.user_dialog = None
        view, actions = self.view(), self.actions()
        self.build_top_bar(m)
        self.log_panel = self.make_log_panel(lay.log)
        self.hint_panel = ScrollPanel(lay.hint, m, title="Hint", font_size=style.FONT_SMALL)
        self._hint_shown = None
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

    def build_top_bar(self, m: style.Metrics) -> None:
        bw = m.px(112)
        y = m.gap
        x = self.metrics.width - bw - m.pad
        self.button((x, y, bw, m.button_h), "Menu", self.pause, choice=False, object_id="#pause")
        x -= bw + m.gap
        can = self.session.can_undo()
        self.buttons["undo"] = self.button(
            (x, y, bw, m.button_h), "Undo", self.undo, choice=False, object_id="#undo", enabled=can,
            tooltip="Take back your last choice (Ctrl+Z)" if can else
            "Nothing to undo: undo stops at the last card, Spy move or Case File revealed")
        x -= bw + m.gap
        if self.session.is_over():
            self.button((x, y, bw, m.button_h), "Results", self.show_results, choice=False,
                        object_id="#results")
        else:
            can_hint = self.acting_seat() is not None
            self.buttons["hint"] = self.button(
                (x, y, bw, m.button_h), "Hint", self.ask_hint, choice=False, object_id="#hint",
                enabled=can_hint, tooltip="Estimate the win chance of every choice (H)")
        self.top_bar_right = howto.add_button(self, m, x, y, bw)

    def build_actions(self, m: style.Metrics, view, actions: list[Action]) -> None:
        lay = self.lay
        kinds = {a.kind for a in actions}
        rows = len(ACTION_ROWS) + 1
        head = m.px(24)
        rh = min(m.px(46), (lay.actions.height - head) // rows)
        bh = max(m.px(28), rh - m.px(8))
        bw = int(lay.actions.width * 0.47)
        y = lay.actions.y + head
        here = view["grid"][view["agent"]] if view["grid"] else None
        texts = {"bug": "Move the bug" if view["bug"]["state"] == "placed" else "Place the bug",
                 "ability": here["ability_name"] if here and here["ability_name"]
                 and not here["face_down"] else "Use the ability"}
        presses = {"clues": self.open_clues, "bug": lambda: self.choose_kind("bug"),
                   "track": lambda: self.choose_kind("track"), "ability": self.use_ability}
        present = {"clues": "reveal" in kinds, "bug": "bug" in kinds, "track": "track" in kinds,
                   "ability": "ability" in kinds}
        for key, text, _name in ACTION_ROWS:
            label = texts.get(key, text)
            self.buttons[key] = self.button(
                (lay.actions.x, y, bw, bh), fit(label, m.px(16), bw - m.px(30)), presses[key],
                enabled=present[key], object_id=f"#act_{key}", cls="@choice")
            y += rh
        if "accuse" in kinds:
            self.buttons["accuse"] = self.button(
                (lay.actions.x, y, bw, bh), "Accuse the Spy", self.confirm_accusation, choice=False,
                object_id="#act_accuse", cls="@primary", tooltip="Key A")
        elif view["phase"] in ("actions", "move"):
            self.buttons["end"] = self.button(
                (lay.actions.x, y, bw, bh), "End turn", lambda: self.choose_kind("end"),
                enabled="end" in kinds, object_id="#act_end", cls="@primary",
                tooltip="The Spy moves next" if "end" in kinds else "Move your Agent first")
        self.row_h, self.button_w = rh, bw
        if self.grid_pick is not None:
            for key in ACTION_ROWS:
                btn = self.buttons.get(key[0])
                if btn is not None:
                    btn.hide()
            for key in ("end", "accuse"):
                btn = self.buttons.get(key)
                if btn is not None:
                    btn.hide()
            self.buttons["cancel_pick"] = self.button(
                (lay.actions.x, lay.actions.y + head + 3 * rh, bw, bh), "Cancel", self.cancel_grid_pick,
                choice=False, object_id="#cancel_pick")

    def build_dialog(self, m: style.Metrics, dlg: dialogs.Dialog) -> None:
        area = self.lay.dialog_area
        n = len(dlg.options)
        cols = 1 if n <= 4 or dlg.kind == "reorder" else 2
        inner_w = area.width - 2 * m.pad
        text_lines = draw.wrap(dlg.text, m.px(16), inner_w) if dlg.text else []
        if dlg.kind != "confirm":
            # an option that can end the game says so under it
            options = []
            for o in dlg.options:
                danger = self.danger_of(o.action)
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
                         m.button_h), "Cancel", self.close_dialog, choice=False, object_id="#cancel")

    # --- choosing ----------------------------------------------------------------------------------
    def pick(self, action: Action) -> None:
        asked = self.dialog is not None and self.dialog.kind in ("confirm", "accuse")
        self.user_dialog = None
        if not self.choose(action, asked=asked):
            self.rebuild()

    # --- choices that lose at once: said on the option, asked once ---------------------------------
    def dangers(self) -> dict:
        """{action: Danger} for the choices now that may lose the game at once."""
        key = self.step_key()
        if self._dangers[0] != key:
            acts = self.actions()
            found = dangers.assess(self.view(), acts, seed=key) if acts else {}
            self._dangers = (key, found)
        return self._dangers[1]

    def danger_of(self, action: Action):
        return next((d for a, d in self.dangers().items() if _same_class(a, action)), None)

    def choose(self, action: Action, asked: bool = False) -> bool:
        danger = self.danger_of(action) if self.acting_seat() is not None else None
        if danger is not None and not asked:
            self._confirming = (self.step_key(), action)
            label = action.label[:1].lower() + action.label[1:] if action.label else str(action)
            self.open_dialog(dialogs.Dialog(
                "confirm", "This ends the game" if danger.certain else "This may end the game",
                danger.question(), (dialogs.Option(action, fit_label("Yes, " + label), danger.note()),),
                cancel=True))
            return False
        self._confirming = None
        self.grid_pick = None
        return super().choose(action)

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
        return reasons.get(names.get(kind, ""), "that is not possible now")

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
            self.refuse("you can accuse only when the bugged Spy is on your Location")
            return
        view = self.view()
        self.open_dialog(dialogs.Dialog(
            "accuse", "Accuse the Spy?", "The game ends: every Case File is revealed. You win "
            "with all three Evidence Items and no Red Herring in your collection.",
            (dialogs.Option(acts[0], "Accuse the Spy", dialogs.accuse_note(view)),), cancel=True))

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
                self.refuse(GRID_ABILITIES[self.grid_pick][2])
            return
        view = self.view()
        if view["phase"] != "move":
            if self.acting_seat() is not None and view["phase"] == "actions":
                self.refuse("you already moved this turn: take additional actions or end your turn")
            return
        for a in self.actions():
            if a.kind == "move" and a.args == (pos,):
                self.choose(a)
                return
        if pos == view["agent"]:
            self.refuse("the Agent must move to a neighbouring Location")
        else:
            self.choose(Action("move", (pos,)))  # refused with the rules' reason

    def click_slot(self, f: int, slot: int) -> None:
        acts = [a for a in self.actions() if a.kind == "reveal" and a.args[:2] == (f, slot)]
        if not acts:
            view = self.view()
            if view["case_files"][f]["slots"][slot] is not None:
                self.refuse("that Confiscated Item is already revealed")
            elif view["phase"] != "actions":
                self.refuse("Clues are used during your additional actions, after moving")
            else:
                reason = self._why_not("reveal")
                self.refuse(reason if reason != "that is not possible now" else
                            "you cannot pay for that Case File now")
            return
        if len(acts) == 1:
            self.choose(acts[0])
            return
        opts = tuple(dialogs.Option(a, "Pay " + a.label.split("(pay ", 1)[-1].rstrip(")")) for a in acts)
        self.open_dialog(dialogs.Dialog("pay", "How do you pay?", f"Reveal {dialogs.CASE_FILES[f]} "
                                        f"card {slot + 1}.", opts, cancel=True))

    # --- undo, hint, results --------------------------------------------------------------------
    def undo(self) -> None:
        if self.session.undo():
            self.hints.forget()
            self.timeline.clear()
            self.user_dialog = None
            self.set_status("Your last choice was taken back.")
            self.rebuild()
        else:
            self.refuse("nothing to undo: undo stops at the last card, Spy move or Case File "
                        "revealed")

    def ask_hint(self) -> None:
        if self.acting_seat() is None:
            self.refuse("there is no decision to give a hint for")
            return
        key = self.step_key()
        # seeded by the position itself: asking twice gives the same answer
        self.hints.start(key, self.view(), self.actions(), None)
        self._hint_shown = None

    def show_results(self) -> None:
        from .ending import HarshResultsScene

        self.app.push(HarshResultsScene(self.app, self.session, self))

    def game_over(self) -> None:
        """Record the result (the engine names the difficulty) and show the end screen."""
        self.rebuild()  # the table behind the end screen shows the finished game, no dialog
        super().game_over()

    def on_exit(self) -> None:
        self.hints.close()
        super().on_exit()

    # --- events and animation ------------------------------------------------------------------------
    def speed(self) -> float:
        pace = self.app.settings.pace
        return pace / PACE_SECONDS["normal"] if pace else 0.0

    def on_game_event(self, event, step: int) -> None:
        sound = EVENT_SOUNDS.get(event.kind)
        if sound and event.visible_to(self.viewer):
            self.app.sound.play(sound)
        f = self.speed()
        if not f or not event.visible_to(self.viewer):
            return
        if step != self._batch_step:
            self._batch_step = step
            self._cursor = self.timeline.end_time()
        d = event.data
        kind = event.kind

        def add(name: str, seconds: float, **data) -> None:
            self.timeline.add(Anim(name, seconds * f, data, delay=self._cursor))
            self._cursor += seconds * f

        if kind == "agent_moved":
            add("agent", MOVE_SECONDS * 0.7, frm=d["from"], to=d["to"])
        elif kind == "card_found":
            add("found", FOUND_SECONDS, pos=d["pos"], card=d["card"])
        elif kind == "item_revealed":
            add("reveal", REVEAL_SECONDS, file=d["file"], slot=d["slot"], item=d["item"])
        elif kind == "spy_moved":
            add("flip_spy", FLIP_SECONDS)
            add("spy", MOVE_SECONDS, frm=d["from"], to=d["to"])
        elif kind in ("bomb", "countdown", "meeting") and not d.get("defused", False):
            where = d.get("pos", self.view()["agent" if kind == "bomb" else "spy"])
            self.timeline.add(Anim("flash", FLASH_SECONDS * f, {"pos": where, "kind": kind},
                                   delay=max(0.0, self._cursor - FLIP_SECONDS * f)))
        if self.timeline.running:
            self.hold_for_animation(self.timeline.end_time() / f)

    def update(self, dt: float) -> None:
        self.timeline.update(dt)
        super().update(dt)
        if getattr(self, "dialog_deferred", False) and not self.timeline.running and self.active:
            self.rebuild()
        key = self.step_key()
        answer = self.hints.result_for(key)
        shown = (key, answer is not None, self.hints.thinking_for(key), self.hints.error)
        if self.hint_panel is not None and shown != self._hint_shown:
            self._hint_shown = shown
            self.hint_panel.set_blocks(self.hint_blocks(answer))

    # --- input -----------------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.hint_panel is not None and self.hint_panel.handle_event(event):
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
        from game.ui.scene import DIGIT_KEYS

        if (event.key in DIGIT_KEYS and self.dialog is None and self.acting_seat() is not None
                and (self.view()["phase"] == "move" or self.grid_targets())):
            self.click_cell(DIGIT_KEYS[event.key] - 1)
            return True
        if event.key == pygame.K_ESCAPE and self.user_dialog is not None:
            self.close_dialog()
            return True
        if event.key == pygame.K_ESCAPE and self.grid_pick is not None:
            self.cancel_grid_pick()
            return True
        return super().handle_key(event)

    # --- where things are (clicks, the hint's highlight, tests) ------------------------------------------
    def slot_rects(self, view) -> dict[tuple[int, int], pygame.Rect]:
        m, box = self.metrics, self.lay.cases
        row_h = box.height // 3
        head = m.px(20)
        sh = row_h - head - m.px(8)
        out = {}
        for f, cf in enumerate(view["case_files"]):
            n = len(cf["slots"])
            sw = min(int(sh * 1.45), (box.width - (n - 1) * m.px(6)) // max(1, n))
            for slot in range(n):
                out[(f, slot)] = pygame.Rect(box.x + slot * (sw + m.px(6)), box.y + f * row_h + head, sw, sh)
        return out

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
        if action.kind == "move":
            return self.lay.cells[action.args[0]]
        if action.kind == "reveal":
            return self.slot_rects(self.view()).get(tuple(action.args[:2]))
        key = {"bug": "bug", "track": "track", "ability": "ability", "end": "end",
               "accuse": "accuse"}.get(action.kind)
        btn = self.buttons.get(key) if key else None
        return btn.rect if btn is not None else None

    # --- drawing ------------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(draw.table_background(surface.get_size(), felt=True), (0, 0))
        if self.lay is None:
            return
        view = self.view()
        if not view["grid"] or view["grid"][0]["location_id"] < 0:
            self.draw_top_bar(surface)
            return
        self.draw_grid(surface, view)
        self.draw_status(surface, view)
        self.draw_cases(surface, view)
        self.draw_action_notes(surface, view)
        self.draw_collection(surface, view)
        self.draw_spy_deck(surface, view)
        self.draw_top_bar(surface)
        if self.log_panel is not None:
            self.log_panel.draw(surface)
        if self.hint_panel is not None:
            self.draw_hint_panel(surface)
        self.draw_animations(surface, view)
        self.draw_toast(surface)
        if self.dialog is not None and self.dialog_rect is not None:
            self.draw_dialog(surface, self.dialog)

    def draw_over(self, surface: pygame.Surface) -> None:
        super().draw_over(surface)
        if self.lay is not None:
            self.draw_hint_mark(surface)

    # the grid -------------------------------------------------------------------------------------
    def cell_centre(self, pos: int) -> tuple[int, int]:
        return self.lay.cells[pos].center

    def piece_at(self, kind: str, pos: int) -> tuple[float, float] | None:
        """Where the Spy or Agent is drawn now (None: at its cell as usual)."""
        for a in self.timeline.of(kind):
            p = a.progress
            frm, to = self.token_spot(kind, a.data["frm"]), self.token_spot(kind, a.data["to"])
            if p < 0:
                return frm
            e = ease(p)
            return (frm[0] + (to[0] - frm[0]) * e, frm[1] + (to[1] - frm[1]) * e)
        return None

    def token_spot(self, kind: str, pos: int) -> tuple[float, float]:
        cell = self.lay.cells[pos]
        d = self.token_d()
        x = cell.x + d * 0.6 + (d * 1.1 if kind == "spy" else 0)
        return (x, cell.bottom - d * 0.62)

    def token_d(self) -> int:
        return max(18, int(self.lay.cells[0].height * 0.26))

    def draw_grid(self, surface: pygame.Surface, view) -> None:
        m = self.metrics
        lay = self.lay
        acting = self.acting_seat() is not None and self.dialog is None
        targets = self.grid_targets() if acting else {}
        moves = targets or ({a.args[0]: a for a in self.actions() if a.kind == "move"} if acting else {})
        risks = {p: self.danger_of(a) for p, a in moves.items()}
        d = self.token_d()
        reserve = int(d * 1.25)
        for p, g in enumerate(view["grid"]):
            cell = lay.cells[p]
            if p in moves:
                spread = m.px(9)
                surface.blit(draw.glow(cell.size, style.ACCENT, spread, m.px(10)),
                             (cell.x - spread, cell.y - spread))
            card = pieces.location_card(cell.size, g["location"], g["star"], g["face_down"],
                                        g["ability_name"], g["ability_text"], g["ability_used"],
                                        g["ability_enabled"], reserve)
            surface.blit(card, cell)
            if p in moves:
                pieces.ring(surface, cell, style.ACCENT_BRIGHT, max(2, m.px(2)), m.px(8))
            self.draw_stack(surface, cell, g, d)
            if g["bug"]:
                bug = pieces.bug_icon(int(d * 0.8))
                surface.blit(bug, bug.get_rect(center=(cell.x + d * 2.95, cell.bottom - d * 0.62)))
        for p in moves:  # the key for each destination: a dot on the corner, clear of the text
            cell = lay.cells[p]
            r = m.px(10)
            centre = (cell.right - m.px(3), cell.bottom - m.px(3))
            pygame.draw.circle(surface, style.ACCENT, centre, r)
            pygame.draw.circle(surface, (30, 24, 10), centre, r, 1)
            draw.blit_text(surface, str(p + 1), m.px(13), centre, (30, 24, 10), True, "center")
            danger = risks.get(p)
            if danger is not None:
                text = "ENDS THE GAME" if danger.certain else f"RISK {danger.chance:.0%}"
                self._pill(surface, text, (cell.centerx, cell.y + m.px(30)), style.DANGER, (255, 255, 255))
        self.draw_forecast(surface, view, d)
        tags = {"agent": "safe house" if view["safe_house"] else "",
                "spy": "lost in the crowd" if view["spy_stays"] else ""}
        for kind, key, img in (("agent", "agent", draw.agent_token(d)), ("spy", "spy", draw.spy_token(d))):
            at = self.piece_at(kind, view[key]) or self.token_spot(kind, view[key])
            rect = surface.blit(img, img.get_rect(center=(int(at[0]), int(at[1]))))
            if tags[kind]:
                self._tag(surface, tags[kind], rect.midtop, lay.cells[view[key]])

    def _pill(self, surface, text: str, midtop, colour, ink) -> pygame.Rect:
        m = self.metrics
        img = draw.text(text, m.px(12), ink, True)
        r = img.get_rect(midtop=midtop)
        box = r.inflate(m.px(12), m.px(4))
        pygame.draw.rect(surface, colour, box, border_radius=m.px(6))
        pygame.draw.rect(surface, (20, 20, 24), box, 1, border_radius=m.px(6))
        surface.blit(img, r)
        return box

    def draw_forecast(self, surface, view, d: int) -> None:
        """After Track or Stakeout: the square the Spy lands on next, with the arrow from the
        Spy, and the large arrow's square when it is off the grid."""
        fc = forecast.next_move(view)
        if fc is None or self.piece_at("spy", view["spy"]) is not None:
            return
        m = self.metrics
        colour = pieces.BUG_GREEN
        start = pygame.Vector2(self.token_spot("spy", fc.start))
        if fc.stays:
            self._pill(surface, "stays this turn", (int(start.x), int(start.y) + d // 2 + m.px(4)),
                       colour, (10, 24, 20))
            return
        cell = self.lay.cells[fc.to]
        pieces.ring(surface, cell.inflate(m.px(6), m.px(6)), colour, max(3, m.px(4)), m.px(12))
        end = pygame.Vector2(cell.center)
        if fc.blocked:
            # a short stub toward the edge, crossed out: the large arrow cannot be followed
            from game.rules.harsh.data import DIRS

            dr, dc = DIRS[fc.blocked]
            stub = start + pygame.Vector2(dc, dr) * d * 1.1
            pygame.draw.line(surface, style.TEXT_DIM, start, stub, max(2, m.px(3)))
            c = m.px(6)
            for sx, sy in ((1, 1), (1, -1)):
                pygame.draw.line(surface, style.DANGER, stub - pygame.Vector2(c * sx, c * sy),
                                 stub + pygame.Vector2(c * sx, c * sy), max(2, m.px(3)))
        self._arrow(surface, start, end, colour, max(3, m.px(4)), m.px(14))
        label = "Spy goes here next" + (" (fallback)" if fc.blocked else "")
        self._pill(surface, label, (cell.centerx, cell.y + m.px(52)), colour, (10, 24, 20))

    def _arrow(self, surface, start, end, colour, width: int, head: int) -> None:
        v = end - start
        if v.length() < 1:
            return
        u = v.normalize()
        tip = end - u * head * 0.4
        pygame.draw.line(surface, (10, 24, 20), start, tip, width + 2)
        pygame.draw.line(surface, colour, start, tip, width)
        left = tip - u * head + pygame.Vector2(-u.y, u.x) * head * 0.6
        right = tip - u * head - pygame.Vector2(-u.y, u.x) * head * 0.6
        pygame.draw.polygon(surface, colour, [tip + u * head * 0.3, left, right])
        pygame.draw.polygon(surface, (10, 24, 20), [tip + u * head * 0.3, left, right], 1)

    def _tag(self, surface, text: str, midbottom, cell: pygame.Rect) -> None:
        """A small pill over a piece: an effect that lasts (Safe house, Lost in the crowd),
        kept inside the piece's card."""
        m = self.metrics
        img = draw.text(text, m.px(11), (20, 20, 24), True)
        r = img.get_rect(midbottom=(midbottom[0], midbottom[1] - m.px(2)))
        r.clamp_ip(cell.inflate(-m.px(10), -m.px(4)))
        pygame.draw.rect(surface, style.ACCENT_BRIGHT, r.inflate(m.px(8), m.px(2)), border_radius=m.px(5))
        surface.blit(img, r)

    def draw_stack(self, surface, cell: pygame.Rect, g, d: int) -> None:
        m = self.metrics
        n = g["cards"]
        if not n:
            return
        bh = int(d * 1.05)
        bw = int(bh * 0.72)
        x = cell.right - m.px(10) - bw - (n - 1) * m.px(7)
        y = cell.bottom - bh - m.px(8)
        for i, origin in reversed(list(enumerate(g["stack"]))):
            surface.blit(pieces.mini_back((bw, bh), origin == "dealt"), (x + i * m.px(7), y - i * m.px(3)))
        ink = style.TEXT_MUTED if g["face_down"] else (90, 84, 76)
        draw.blit_text(surface, f"{n}", m.px(12), (x - m.px(4), cell.bottom - m.px(8)), ink, True, "bottomright")

    # the middle column ------------------------------------------------------------------------------
    def draw_status(self, surface, view) -> None:
        m = self.metrics
        box = self.lay.status
        draw.panel(surface, box, m.px(8))
        half_w, half_h = box.width // 2, box.height // 2
        fs = m.px(13)
        icon = half_h - m.px(8)
        cells = [pygame.Rect(box.x + (i % 2) * half_w, box.y + (i // 2) * half_h, half_w, half_h)
                 for i in range(4)]
        flash = any(a.data.get("kind") == "countdown" and a.progress >= 0 for a in self.timeline.of("flash"))
        # Countdown
        c = cells[0]
        dial = pieces.countdown_dial(icon, view["countdown"], view["options"]["countdown_start"])
        surface.blit(dial, (c.x + m.px(6), c.y + m.px(4)))
        run = "On the Run!" if view["on_the_run"] else "not on the run"
        self._two_lines(surface, c, icon, f"Countdown {view['countdown']}", run,
                        style.DANGER if view["on_the_run"] or flash else style.TEXT_MUTED, fs)
        # Defusing Kit
        c = cells[1]
        ready = view["kit"] == "ready"
        surface.blit(pieces.kit_icon(icon, ready), (c.x + m.px(6), c.y + m.px(4)))
        self._two_lines(surface, c, icon, "Defusing Kit", "ready" if ready else "used",
                        style.GOOD if ready else style.TEXT_DIM, fs)
        # Tracking Bug
        c = cells[2]
        bug = view["bug"]
        surface.blit(pieces.bug_icon(icon, bug["state"] == "active"), (c.x + m.px(6), c.y + m.px(4)))
        where = ""
        if bug["state"] == "placed":
            where = "at " + view["grid"][bug["pos"]]["location"]
        text = {"off": "not placed", "placed": where,
                "active": f"bugged · {bug['tracks_left']} track{'s' if bug['tracks_left'] != 1 else ''} left",
                "spent": "bugged · bug spent"}[bug["state"]]
        self._two_lines(surface, c, icon, "Tracking Bug", text,
                        style.ACCENT_BRIGHT if bug["bugged"] else style.TEXT_MUTED, fs)
        # Discovery deck
        c = cells[3]
        back = pieces.mini_back((int(icon * 0.72), icon), False)
        surface.blit(back, (c.x + m.px(6) + (icon - back.get_width()) // 2, c.y + m.px(4)))
        bomb = "dealt Bomb found" if view["dealt_bomb_found"] else "1 dealt Bomb hidden"
        if view["deck_known_top"]:
            bomb = "next: " + ", ".join(view["deck_known_top"])
        self._two_lines(surface, c, icon, f"Discovery deck {view['discovery_deck']}", bomb,
                        style.TEXT_MUTED, fs)

    def _two_lines(self, surface, cell, icon, first, second, colour, fs) -> None:
        m = self.metrics
        x = cell.x + m.px(12) + icon
        w = cell.right - x - m.px(4)
        draw.blit_text(surface, fit(first, fs, w, True), fs, (x, cell.y + m.px(5)), style.TEXT, True)
        draw.blit_text(surface, fit(second, fs, w), fs, (x, cell.y + m.px(7) + fs), colour)

    def draw_cases(self, surface, view) -> None:
        m = self.metrics
        box = self.lay.cases
        over = self.session.is_over()
        from .ending import final_case_files

        files = final_case_files(self.session, view) if over else None
        rects = self.slot_rects(view)
        row_h = box.height // 3
        acting = self.acting_seat() is not None and self.dialog is None
        legal = {tuple(a.args[:2]) for a in self.actions() if a.kind == "reveal"} if acting else set()
        held = set(view["collection"])
        anims = {(a.data["file"], a.data["slot"]): a for a in self.timeline.of("reveal")}
        for f, cf in enumerate(view["case_files"]):
            y = box.y + f * row_h
            colour, _shape, _letter = pieces.CASE_LOOK[cf["name"]]
            cost = cf["cost"]
            extra = " (1 once Evidence shown)" if cf["name"] == "Red Herring" and cost == 3 else ""
            head = f"{cf['name']} · {cost} Clue{'s' if cost != 1 else ''}{extra}"
            draw.blit_text(surface, fit(head, m.px(14), box.width, True), m.px(14), (box.x, y),
                           style.mix(colour, (255, 255, 255), 0.35), True)
            for slot, name in enumerate(cf["slots"]):
                r = rects[(f, slot)]
                if over and files is not None and name is None:
                    name = files[f][slot]
                anim = anims.get((f, slot))
                if (f, slot) in legal:
                    spread = m.px(6)
                    surface.blit(draw.glow(r.size, style.ACCENT, spread, m.px(6)), (r.x - spread, r.y - spread))
                if name is None or (anim is not None and anim.progress < 0.5):
                    img = pieces.case_back(r.size, cf["name"])
                else:
                    img = pieces.item_card(r.size, name, cf["name"], held=name in held)
                if anim is not None and anim.progress >= 0:
                    p = anim.progress
                    sx = abs(1 - 2 * p)
                    img = pygame.transform.smoothscale(img, (max(1, int(r.width * sx)), r.height))
                surface.blit(img, img.get_rect(center=r.center))
                if (f, slot) in legal:
                    pieces.ring(surface, r, style.ACCENT_BRIGHT, 2, m.px(5))

    def draw_action_notes(self, surface, view) -> None:
        """The header of the action column and, beside each disabled button, why."""
        m = self.metrics
        box = self.lay.actions
        if self.dialog is not None:
            return
        acting = self.acting_seat() is not None
        phase = view["phase"]
        if not acting:
            head = "The game is over." if self.session.is_over() else "Wait…"
        elif self.grid_pick is not None:
            head = GRID_ABILITIES[self.grid_pick][0]
        elif phase == "move":
            head = "Move: click a glowing Location (or keys 1–9)"
        elif phase == "actions":
            head = "Additional actions (any order), then End turn"
        else:
            head = view["prompt"][:1].upper() + view["prompt"][1:]
        draw.blit_text(surface, fit(head, m.px(14), box.width, True), m.px(14), (box.x, box.y), style.TEXT_MUTED,
                       True)
        reasons = dict(view["unavailable"])
        fs = m.px(12)
        x = box.x + self.button_w + m.gap if hasattr(self, "button_w") else box.x
        w = box.right - x
        if self.grid_pick is not None:
            hint = GRID_ABILITIES[self.grid_pick][1] + " Esc cancels."
            y = box.y + m.px(22)
            for ln in draw.wrap(hint, fs, box.width)[:3]:
                draw.blit_text(surface, ln, fs, (box.x, y), style.TEXT_MUTED)
                y += int(fs * 1.25)
            return
        for key, _text, name in ACTION_ROWS:
            btn = self.buttons.get(key)
            if btn is None or phase != "actions":
                continue
            why = reasons.get(name, "")
            if btn.is_enabled or not why:
                if key == "ability" and btn.is_enabled:
                    here = view["grid"][view["agent"]]
                    why = here["ability_text"]
                    colour = style.TEXT_MUTED
                else:
                    continue
            else:
                colour = (214, 140, 120)
                why = "Not now: " + plain(why)
            lines = draw.wrap(why, fs, w)
            max_lines = max(1, btn.rect.height // int(fs * 1.2))
            if len(lines) > max_lines:
                lines = lines[:max_lines]
                lines[-1] = fit(lines[-1] + "…", fs, w)
            y = btn.rect.centery - len(lines) * int(fs * 1.2) // 2
            for ln in lines:
                draw.blit_text(surface, ln, fs, (x, y), colour)
                y += int(fs * 1.2)
        end = self.buttons.get("end")
        if end is not None and phase == "actions":
            danger = self.danger_of(Action("end", ()))
            if danger is not None:
                self._note_lines(surface, danger.note(), x, w, end.rect, style.DANGER)
            else:
                fc = forecast.next_move(view)
                text = "then the Spy moves" if fc is None or fc.stays else \
                    f"then the Spy moves to {view['grid'][fc.to]['location']}"
                self._note_lines(surface, text, x, w, end.rect, style.TEXT_MUTED)
        ability = self.buttons.get("ability")
        if ability is not None and ability.is_enabled and phase == "actions":
            risky = [dg for a, dg in self.dangers().items() if a.kind == "ability"]
            if risky:
                self._note_lines(surface, risky[0].note(), x, w, ability.rect, style.DANGER)
        acc = self.buttons.get("accuse")
        if acc is not None:
            note, colour = self.accuse_line(view)
            self._note_lines(surface, note, x, w, acc.rect, colour)

    def accuse_line(self, view) -> tuple[str, tuple]:
        """The note beside (or under) Accuse: red when accusing now loses for sure."""
        acts = [a for a in self.actions() if a.kind == "accuse"]
        danger = self.danger_of(acts[0]) if acts else None
        note = dialogs.accuse_note(view)
        if danger is not None and danger.certain:
            return note + ": accusing now loses", style.DANGER
        return note, style.TEXT_MUTED

    def _note_lines(self, surface, text: str, x: int, w: int, rect: pygame.Rect, colour) -> None:
        fs = self.metrics.px(12)
        lines = draw.wrap(text, fs, w)
        max_lines = max(1, (rect.height + fs) // int(fs * 1.2))
        if len(lines) > max_lines:
            lines = lines[:max_lines]
            lines[-1] = fit(lines[-1] + "…", fs, w)
        y = rect.centery - len(lines) * int(fs * 1.2) // 2
        for ln in lines:
            draw.blit_text(surface, ln, fs, (x, y), colour)
            y += int(fs * 1.2)

    # the collection -------------------------------------------------------------------------------------
    def draw_collection(self, surface, view) -> None:
        m = self.metrics
        box = self.lay.collection
        draw.panel(surface, box, m.px(8))
        coll = list(view["collection"])
        title = f"Discovery Collection · {len(coll)} card{'s' if len(coll) != 1 else ''} · Clue value {view['clues']}"
        draw.blit_text(surface, title, m.px(14), (box.x + m.px(10), box.y + m.px(6)), style.TEXT_MUTED, True)
        if view["result"] is not None:
            won = view["result"]["won"]
            verdict, colour = ("Mission accomplished", style.GOOD) if won else ("Mission failed", style.DANGER)
        elif view["win_possible"]:
            verdict, colour = "A win is still possible", style.GOOD
        else:
            verdict, colour = "No win possible: " + view["win_reason"], style.DANGER
        tw = draw.font(m.px(14), True).size(title)[0]
        draw.blit_text(surface, fit(verdict, m.px(14), box.width - tw - m.px(40), True), m.px(14),
                       (box.right - m.px(10), box.y + m.px(6)), colour, True, "topright")
        roles = dialogs.roles(view)
        cards: list[pygame.Surface] = []
        ch = box.height - m.px(36)
        cw = int(ch * 1.0)
        items = [n for n in coll if n not in ("Clue", "Clue x2")]
        n_clue = coll.count("Clue")
        if n_clue:
            cards.append(pieces.clue_card((int(cw * 0.9), ch), n_clue))
        if "Clue x2" in coll:
            cards.append(pieces.clue_card((int(cw * 0.9), ch), 1, double=True))
        for name in items:
            cards.append(pieces.item_card((cw, ch), name, roles.get(name, ""),
                                          protected=view["protected"] == name))
        if not cards:
            draw.blit_text(surface, "Nothing yet: move onto Locations to take their Discovery cards.",
                           m.px(14), (box.x + m.px(12), box.y + m.px(40)), style.TEXT_DIM)
        area = pygame.Rect(box.x + m.px(10), box.y + m.px(28), box.width - m.px(20), ch)
        total = sum(c.get_width() for c in cards) + m.px(6) * max(0, len(cards) - 1)
        step_scale = min(1.0, (area.width - (cards[-1].get_width() if cards else 0))
                         / max(1, total - (cards[-1].get_width() if cards else 0)))
        x = area.x
        for c in cards:
            surface.blit(c, (int(x), area.y))
            x += (c.get_width() + m.px(6)) * step_scale
        gone = [n for n in view["discovery_discard"] if n != "Bomb"]
        if gone and x + m.px(160) < area.right:
            text = "Discarded: " + ", ".join(gone)
            lines = draw.wrap(text, m.px(12), int(area.right - x - m.px(12)))[:4]
            y = area.y
            for ln in lines:
                draw.blit_text(surface, ln, m.px(12), (int(x) + m.px(8), y), style.TEXT_DIM)
                y += m.px(15)

    # the Spy deck -----------------------------------------------------------------------------------------
    def draw_spy_deck(self, surface, view) -> None:
        m = self.metrics
        box = self.lay.spy
        draw.panel(surface, box, m.px(8))
        draw.blit_text(surface, "Spy Movement deck", m.px(14), (box.x + m.px(10), box.y + m.px(6)),
                       style.TEXT_MUTED, True)
        ch = box.height - m.px(50)
        cw = int(ch * 0.72)
        y = box.y + m.px(28)
        x = box.x + m.px(10)
        gap = (box.width - m.px(20) - 3 * cw) // 2
        back = draw.card_back((cw, ch))
        surface.blit(back if view["spy_deck"] else draw.dimmed(back, 0.7), (x, y))
        self._caption(surface, f"{view['spy_deck']} left", (x + cw // 2, y + ch + m.px(2)))
        moves = view["spy_discards"]
        x2 = x + cw + gap
        if moves:
            mv = moves[-1]
            turned, large, small = mv["turned"], mv["large"], mv["small"]
            if mv["rotated"]:
                turned, large, small = not turned, OPPOSITE[large], OPPOSITE[small]
            img = pieces.spy_card((cw, ch), mv["card"], turned, large, small, mv["arrow"])
            flips = self.timeline.of("flip_spy")
            if flips and flips[0].progress < 1:
                p = max(0.0, flips[0].progress)
                if p < 0.5:
                    img = pygame.transform.smoothscale(back, (max(1, int(cw * (1 - 2 * p))), ch))
                else:
                    img = pygame.transform.smoothscale(img, (max(1, int(cw * (2 * p - 1))), ch))
            surface.blit(img, img.get_rect(midtop=(x2 + cw // 2, y)))
            self._caption(surface, f"moved {mv['direction']}", (x2 + cw // 2, y + ch + m.px(2)))
        else:
            self._caption(surface, "no move yet", (x2 + cw // 2, y + ch // 2))
        peek = view["spy_peek"]
        x3 = x2 + cw + gap
        if peek:
            img = pieces.spy_card((cw, ch), peek["card"], peek["turned"], peek["large"], peek["small"])
            spread = m.px(5)
            surface.blit(draw.glow((cw, ch), pieces.BUG_GREEN, spread, m.px(6)), (x3 - spread, y - spread))
            surface.blit(img, (x3, y))
            self._caption(surface, "next card", (x3 + cw // 2, y + ch + m.px(2)))
        elif view["spy_bottom"]:
            b = view["spy_bottom"]
            img = pieces.spy_card((cw, ch), b["card"], b["turned"], b["large"], b["small"])
            surface.blit(draw.dimmed(img, 0.35), (x3, y))
            self._caption(surface, "at the bottom", (x3 + cw // 2, y + ch + m.px(2)))

    def _caption(self, surface, text, midtop) -> None:
        m = self.metrics
        draw.blit_text(surface, text, m.px(12), midtop, style.TEXT_MUTED, False, "midtop")

    # hint ---------------------------------------------------------------------------------------------------
    def hint_blocks(self, answer) -> list:
        if self.hints.error:
            return [paragraph(self.hints.error, style.DANGER)]
        if self.hints.thinking_for(self.step_key()):
            return [paragraph("Thinking… (playing out sampled games from what you can see)",
                              style.ACCENT_BRIGHT)]
        if answer is None:
            if self.session.is_over():
                return [paragraph("The game is over.", style.TEXT_DIM)]
            return [paragraph("Stuck? Press Hint (or H): every choice is played out in many "
                              "possible worlds and its win chance estimated.", style.TEXT_DIM)]
        best, p, n = answer.best
        blocks = [paragraph(f"Best: {best.label} — {p:.0%} win chance", pieces.HINT_COLOUR)]
        for a, q, _ in answer.ranked[1:]:
            blocks.append(paragraph(f"{q:.0%}  {a.label}", style.TEXT_MUTED))
        blocks.append(paragraph(f"Each chance ±{round(100 * answer.margin)} points (95%), from {n} sampled "
                                f"games per choice; {answer.seconds:.1f} s.", style.TEXT_DIM))
        return blocks

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
        pieces.ring(surface, r, pieces.HINT_COLOUR, max(2, m.px(3)), m.px(10))
        tag = draw.text("Hint", m.px(12), (10, 30, 40), True)
        # on the middle of the ring's top edge: clear of the title, the Location number
        # (bottom right) and the pieces and stacks (bottom corners) of the cell above
        t = tag.get_rect(center=(r.centerx, r.y))
        pygame.draw.rect(surface, pieces.HINT_COLOUR, t.inflate(m.px(8), m.px(2)), border_radius=m.px(4))
        surface.blit(tag, t)

    # animations, toast, dialog ------------------------------------------------------------------------------
    def draw_animations(self, surface, view) -> None:
        m = self.metrics
        for a in self.timeline.anims:
            p = a.progress
            if p < 0:
                continue
            if a.kind == "found":
                cell = self.lay.cells[a.data["pos"]]
                h = int(cell.height * 0.62)
                w = int(h * 0.9)
                face = pieces.item_card((w, h), a.data["card"]) if a.data["card"] not in ("Clue", "Clue x2") \
                    else pieces.clue_card((w, h), 1, a.data["card"] == "Clue x2")
                if a.data["card"] == "Bomb":
                    face = pieces.bomb_card((w, h))
                if p < 0.2:
                    img = pygame.transform.smoothscale(pieces.mini_back((w, h), False),
                                                       (max(1, int(w * (1 - p / 0.2))), h))
                elif p < 0.4:
                    img = pygame.transform.smoothscale(face, (max(1, int(w * (p - 0.2) / 0.2)), h))
                else:
                    img = face
                start = pygame.Vector2(cell.center)
                end = pygame.Vector2(self.lay.collection.x + m.px(60), self.lay.collection.centery)
                q = ease((p - 0.7) / 0.3) if p > 0.7 and a.data["card"] != "Bomb" else 0.0
                at = start + (end - start) * q
                surface.blit(img, img.get_rect(center=(int(at.x), int(at.y))))
            elif a.kind == "flash":
                cell = self.lay.cells[a.data["pos"]] if a.data["kind"] != "countdown" else self.lay.status
                alpha = int(150 * (1 - p))
                veil = pygame.Surface(cell.size, pygame.SRCALPHA)
                veil.fill((*style.DANGER, alpha))
                surface.blit(veil, cell)

    def draw_toast(self, surface) -> None:
        if not self.status:
            return
        m = self.metrics
        board = self.lay.board
        colour = style.DANGER if self.status_refused else style.ACCENT_BRIGHT
        text = fit(plain(self.status), m.px(16), board.width - m.px(40), True)
        img = draw.text(text, m.px(16), colour, True)
        r = img.get_rect(midbottom=(self.lay.grid.centerx, self.lay.collection.y - m.px(2)))
        if r.width > self.lay.grid.width:
            r.x = board.x + m.px(12)
        box = r.inflate(m.px(20), m.px(10))
        draw.panel(surface, box, m.px(8), alpha=245)
        surface.blit(img, r)

    def draw_dialog(self, surface, dlg: dialogs.Dialog) -> None:
        m = self.metrics
        veil = pygame.Surface(self.lay.board.size, pygame.SRCALPHA)
        veil.fill((0, 0, 0, 150))
        surface.blit(veil, self.lay.board)
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
                               (r.x + m.px(4), r.bottom + m.px(2)), _note_colour(opt.note))


EVENT_SOUNDS = {"spy_moved": "spy", "bomb": "refused", "bomb_exploded": "bomb", "card_found": "card",
                "spy_deck_shuffled": "shuffle"}

# abilities aimed at a Location: (header over the actions, hint, refusal off-target)
GRID_ABILITIES = {
    "bus": ("Express: click the Location to go to", "Any Location but your own; you arrive as "
            "after a move.", "Express goes to any other Location: click one of the glowing ones"),
    "post": ("Dead drop: click a neighbouring Location", "You take the top card of its stack "
             "without moving.", "Dead drop takes from a neighbouring Location with a card: "
             "click one of the glowing ones"),
}


def fit_label(text: str) -> str:
    return text if len(text) <= 60 else text[:59] + "…"


def plain(text: str) -> str:
    """The bundled font has no ★ glyph: the rules' reasons name the icon in words instead."""
    return text.replace("a ★ Location", "a starred Location").replace("★", "star")


def _note_colour(note: str) -> tuple:
    if "safe to lose" in note or "better gone" in note or "no card is lost" in note:
        return style.GOOD
    if ("impossible" in note or "would lose" in note or "no longer" in note
            or note.startswith(("ENDS THE GAME", "RISK"))):
        return style.DANGER
    return style.TEXT_MUTED


def _same_class(a: Action, b: Action) -> bool:
    """The dialog offers one card per Case File; the hint may name another card of it."""
    if a.kind != b.kind:
        return False
    if a.kind == "reveal":
        return a.args[0] == b.args[0] and a.args[2] == b.args[2]
    if a.kind == "ability" and a.args[:1] == ("library",) and b.args[:1] == ("library",):
        return a.args[1] == b.args[1]
    return a == b

