"""The middle column of the Harsh Shadows table: the Countdown, Defusing Kit, Tracking Bug
and Discovery deck; the three Case Files; the additional-action buttons and, beside each,
the reason it is disabled or what it will do.

``MiddleColumn`` is mixed into ``HarshTableScene``: it builds the action buttons (their
presses are the table's) and draws the column.
"""

from __future__ import annotations

import math

import pygame

from game.i18n import N_, _, n_, shown
from game.rules.protocol import Action
from game.ui import draw, style
from game.ui.table_base import fit

from . import dialogs, forecast, look

ACTION_ROWS = (
    # (key, button text (shown with _()), name in view["unavailable"])
    ("clues", N_("Use clues…"), "Use clues"),
    ("bug", N_("Place the bug"), "Place the Tracking Bug"),
    ("track", N_("Track the Spy"), "Track the Spy"),
    ("ability", N_("Use the ability"), "Use Location ability"),
)

# shorter wordings of the buttons, for large text in a small window (issue 44)
SHORTER = {"Use clues…": N_("Clues…"), "Place the bug": N_("Place bug"), "Move the bug": N_("Move bug"),
           "Track the Spy": N_("Track Spy"), "Use the ability": N_("Ability")}

# the ability's own words are on its Location card, where the Agent stands
ABILITY_SHORT = N_("What it does is on its Location card, where your Agent stands.")


class MiddleColumn:
    # --- the action buttons -----------------------------------------------------------------------------
    def build_actions(self, m: style.Metrics, view, actions: list[Action]) -> None:
        lay = self.lay
        kinds = {a.kind for a in actions}
        rows = len(ACTION_ROWS) + 1
        head = m.px(24)
        rh = min(m.px(46), (lay.actions.height - head) // rows)
        bh = max(m.px(28), rh - m.px(8))
        bw = int(lay.actions.width * 0.47)
        y = lay.actions.y + head
        spots = [(lay.actions.x, y + i * rh) for i in range(rows)]
        if m.text > 1:
            # large text (issue 44): two buttons a row, the column's width shared; each
            # button's note shows over the column while it is hovered or has the focus
            head = self.actions_head_h(m)
            rh = (lay.actions.height - head) // 3
            bh = min(m.lines_h(2), rh - m.px(4))
            bw = (lay.actions.width - m.gap) // 2
            spots = [(lay.actions.x + (i % 2) * (bw + m.gap), lay.actions.y + head + (i // 2) * rh)
                     for i in range(rows)]
            full = lay.actions.width      # the last button, alone on its row
        here = view["grid"][view["agent"]] if view["grid"] else None
        texts = {"bug": N_("Move the bug") if view["bug"]["state"] == "placed" else N_("Place the bug"),
                 "ability": here["ability_name"] if here and here["ability_name"]
                 and not here["face_down"] else N_("Use the ability")}
        if m.text <= 1:
            # as wide as the longest label needs ("Lost in the crowd" was cut at 1024x640),
            # the notes beside giving way (they show whole on hover or focus when cut)
            from game.rules.harsh.data import LOCATIONS

            labels = [_(t) for _k, t, _n in ACTION_ROWS] + [_(loc[4]) for loc in LOCATIONS]
            need = max(draw.font(m.px(16)).size(text)[0] for text in labels)
            bw = min(int(lay.actions.width * 0.6), max(bw, need + m.px(34)))
        presses = {"clues": self.open_clues, "bug": lambda: self.choose_kind("bug"),
                   "track": lambda: self.choose_kind("track"), "ability": self.use_ability}
        present = {"clues": "reveal" in kinds, "bug": "bug" in kinds, "track": "track" in kinds,
                   "ability": "ability" in kinds}
        reasons = dict(view.get("unavailable", ()))
        for i, (key, text, name) in enumerate(ACTION_ROWS):
            msgid = texts.get(key, text)
            label, two = self.action_label(m, msgid, bw, bh)
            why = shown(reasons.get(name, ""))
            self.buttons[key] = self.button(
                (*spots[i], bw, bh), label, presses[key], enabled=present[key],
                object_id=f"#act_{key}", cls="@choice", wrap=two,
                why=look.plain(why) if why else
                (_("Move your Agent first") if view["phase"] == "move" else None),
                tooltip=_(msgid) if label != _(msgid) and m.text > 1 else None)
        last = full if m.text > 1 else bw
        if "accuse" in kinds:
            self.buttons["accuse"] = self.button(
                (*spots[-1], last, bh), _("Accuse the Spy"), self.confirm_accusation, choice=False,
                object_id="#act_accuse", cls="@primary", tooltip=_("Key A"))
        elif view["phase"] in ("actions", "move"):
            self.buttons["end"] = self.button(
                (*spots[-1], last, bh), _("End turn"), lambda: self.choose_kind("end"),
                enabled="end" in kinds, object_id="#act_end", cls="@primary",
                why=_("Move your Agent first") if view["phase"] == "move" else None,
                tooltip=_("The Spy moves next") if "end" in kinds else _("Move your Agent first"))
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
                (*spots[3 if m.text <= 1 else -1], bw if m.text <= 1 else full, bh), _("Cancel"),
                self.cancel_grid_pick, choice=False, object_id="#cancel_pick")

    def action_label(self, m: style.Metrics, msgid: str, bw: int, bh: int) -> tuple[str, bool]:
        """An action button's words and whether they take two lines. In large text a
        label is not cut: two lines if the button is high enough, else a shorter wording
        (the whole one is the button's tooltip; a Location's ability is named on its card)."""
        label = _(msgid)
        if m.text <= 1:
            return fit(label, m.px(16), bw - m.px(30)), False
        # the "@choice" look: its words left-aligned after the key badge's room
        f, room = draw.font(m.px(17)), bw - 32
        if f.size(label)[0] <= room:
            return label, False
        if bh >= 2 * f.get_linesize() + m.px(4) and all(f.size(w)[0] <= room for w in label.split()):
            return label, True
        short = SHORTER.get(msgid, SHORTER["Use the ability"])
        return draw.fit_first((label, _(short)), m.px(17), room), False

    def actions_head_h(self, m: style.Metrics) -> int:
        """In large text: the action column's head, two lines of its type."""
        return 2 * draw.font(m.px(14), True).get_linesize()

    # --- drawing the column -----------------------------------------------------------------------------
    def status_entries(self, view) -> list[tuple[str, tuple[str, ...], tuple]]:
        """The four entries of the status panel: (name line, its second line's wordings from
        the longest to the shortest, colour of the second line)."""
        tick = any(a.progress >= 0 for a in self.timeline.of("tick"))
        value = self.shown_countdown(view)
        run = _("On the Run!") if view["on_the_run"] else _("not on the run")
        ready = view["kit"] == "ready"
        bug = view["bug"]
        where = ""
        if bug["state"] == "placed":
            where = _("at {place}", place=_(view["grid"][bug["pos"]]["location"]))
        n = bug["tracks_left"]
        # the wordings from longest to shortest, as for the deck below
        text = {"off": (_("not placed"),), "placed": (where,),
                "active": (n_("bugged · {n} track left", "bugged · {n} tracks left", n),
                           _("bugged · {n} left", n=n)),
                "spent": (_("bugged · bug spent"), _("bug spent"))}[bug["state"]]
        # the wordings from longest to shortest: a narrow window shows a shorter one whole
        bomb = ((_("dealt Bomb found"), _("Bomb found")) if view["dealt_bomb_found"]
                else (_("1 dealt Bomb hidden"), _("dealt Bomb hidden"), _("Bomb hidden")))
        if view["deck_known_top"]:
            # the whole order is also under the collection (paint.deck_top_note)
            bomb = (_("next: {cards}", cards=dialogs.listed(view["deck_known_top"])),
                    _("next {n} known", n=len(view["deck_known_top"])))
        return [
            (_("Countdown {value}", value=value), (run,),
             style.DANGER if view["on_the_run"] or tick else style.TEXT_MUTED),
            (_("Defusing Kit"), (_("ready") if ready else _("used"),),
             style.GOOD if ready else style.TEXT_DIM),
            (_("Tracking Bug"), text, style.ACCENT_BRIGHT if bug["bugged"] else style.TEXT_MUTED),
            (_("Discovery deck {n}", n=view["discovery_deck"]), bomb, style.TEXT_MUTED),
        ]

    def status_icon(self, cell_h: int) -> int:
        return cell_h - self.metrics.px(8)

    def status_text(self, cell: pygame.Rect, icon: int, first: str, second: tuple[str, ...],
                    ) -> tuple[int, list[str], list[str]]:
        """How one status entry is set in its cell: (icon size, 0 if it gives its room to
        the words; the name's lines; the second line's). In large text the words wrap
        instead of being cut (issue 44)."""
        m = self.metrics
        fs = m.px(13)
        for size in ((icon, 0) if m.text > 1 else (icon,)):
            x = cell.x + (m.px(12) + size if size else m.px(6))
            w = cell.right - x - m.px(4)
            if draw.font(fs, True).size(first)[0] <= w and any(draw.font(fs).size(t)[0] <= w
                                                                for t in second):
                return size, [first], [draw.fit_first(second, fs, w)]
        if m.text <= 1:
            return icon, [fit(first, fs, w, True)], [draw.fit_first(second, fs, w)]
        return 0, draw.wrap(first, fs, w, True), draw.wrap(
            next((t for t in second if len(draw.wrap(t, fs, w)) == 1), second[-1]), fs, w)

    def status_cells(self, box: pygame.Rect, entries) -> list[pygame.Rect]:
        """The four cells of the status panel, two by two. In large text the left column is
        as wide as its words need, so the right one's longer words keep one line."""
        half_w, half_h = box.width // 2, box.height // 2
        if self.metrics.text > 1:
            fs, pad = self.metrics.px(13), self.metrics.px(10)
            need = max(max(draw.font(fs, True).size(first)[0], min(draw.font(fs).size(t)[0] for t in second))
                       for first, second, _colour in entries[0::2]) + pad
            half_w = max(box.width // 3, min(half_w, need))
        widths = (half_w, box.width - half_w)
        return [pygame.Rect(box.x + (i % 2) * half_w, box.y + (i // 2) * half_h, widths[i % 2], half_h)
                for i in range(4)]

    def status_lines(self, view, box: pygame.Rect) -> int:
        """The lines the longest status entry takes in ``box`` (the layout's rows)."""
        entries = self.status_entries(view)
        cells = self.status_cells(box, entries)
        icon = self.status_icon(cells[0].height)
        return max(len(a) + len(b) for _icon, a, b in
                   (self.status_text(c, icon, first, second)
                    for c, (first, second, _colour) in zip(cells, entries)))

    def draw_status(self, surface, view) -> None:
        m = self.metrics
        box = self.lay.status
        if not self._panels_below:      # in the painter's base picture (paint.HarshPainter)
            draw.panel(surface, box, m.px(8))
        half_h = box.height // 2
        fs = m.px(13)
        entries = self.status_entries(view)
        cells = self.status_cells(box, entries)
        tick = next((a.progress for a in self.timeline.of("tick") if a.progress >= 0), None)
        for i, (c, (first, second, colour)) in enumerate(zip(cells, entries)):
            icon, lines, more = self.status_text(c, self.status_icon(half_h), first, second)
            if icon:
                self._status_icon(surface, i, c, icon, view)
            if i == 0 and tick is not None:
                self.draw_tick(surface, c, icon or self.status_icon(half_h), tick)
            x = c.x + (m.px(12) + icon if icon else m.px(6))
            y = c.y + m.px(5)
            line = draw.font(fs, True).get_linesize() if m.text > 1 else fs + m.px(2)
            for ln in lines:
                draw.blit_text(surface, ln, fs, (x, y), style.TEXT, True)
                y += line
            for ln in more:
                draw.blit_text(surface, ln, fs, (x, y), colour)
                y += line

    def _status_icon(self, surface, i: int, c: pygame.Rect, icon: int, view) -> None:
        m = self.metrics
        at = (c.x + m.px(6), c.y + m.px(4))
        if i == 0:
            # Countdown: the number the Spy's move has reached, and its tick when it lands
            tick = next((a.progress for a in self.timeline.of("tick") if a.progress >= 0), None)
            dial = look.countdown_dial(icon, self.shown_countdown(view), view["options"]["countdown_start"])
            if tick is not None:
                grow = 1 + 0.45 * math.sin(math.pi * min(1.0, tick / 0.6))
                dial = pygame.transform.smoothscale(dial, (int(icon * grow), int(icon * grow)))
            surface.blit(dial, dial.get_rect(center=(at[0] + icon // 2, at[1] + icon // 2)))
        elif i == 1:
            surface.blit(look.kit_icon(icon, view["kit"] == "ready"), at)
        elif i == 2:
            surface.blit(look.bug_icon(icon, view["bug"]["state"] == "active"), at)
        else:
            back = look.mini_back((int(icon * 0.72), icon), False)
            surface.blit(back, (at[0] + (icon - back.get_width()) // 2, at[1]))

    def draw_tick(self, surface, cell: pygame.Rect, icon: int, p: float) -> None:
        """The Countdown drops: a red wash over its corner fading out, and "−1" rising
        from the dial."""
        m = self.metrics
        wash = pygame.Surface(cell.size, pygame.SRCALPHA)
        wash.fill((*style.DANGER, int(170 * (1 - p))))
        surface.blit(wash, cell)
        img = draw.text("−1", m.px(18), style.DANGER, True)
        img.set_alpha(int(255 * min(1.0, 2 * (1 - p))))
        centre = (cell.x + m.px(6) + icon // 2, cell.y + m.px(4) + icon // 2 - int(p * icon))
        surface.blit(img, img.get_rect(center=centre))

    def draw_cases(self, surface, view) -> None:
        m = self.metrics
        box = self.lay.cases
        over = self.over_shown()
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
            colour, _shape, _letter = look.CASE_LOOK[cf["name"]]
            cost = cf["cost"]
            head = _("{file} · {cost}", file=_(cf["name"]), cost=n_("{n} Clue", "{n} Clues", cost))
            aside = ""
            if cf["name"] == "Red Herring" and cost == 3:
                whole = _("{head} (1 once Evidence shown)", head=head)
                if m.text <= 1 or draw.font(m.px(14), True).size(whole)[0] <= box.width:
                    head = whole
                else:
                    # large text: the price's condition beside the cards, not cut off the head
                    aside = (_("1 Clue once Evidence is shown"), _("1 Clue after Evidence"),
                             _("1 after Evidence"))
            draw.blit_text(surface, fit(head, m.px(14), box.width, True), m.px(14), (box.x, y),
                           style.mix(colour, (255, 255, 255), 0.35), True)
            if aside and cf["slots"]:
                last = rects[(f, len(cf["slots"]) - 1)]
                x = last.right + m.gap
                fs = m.px(12)
                text = draw.fit_first(aside, fs, box.right - x)
                draw.blit_text(surface, text, fs, (x, last.centery), style.mix(colour, (255, 255, 255), 0.35),
                               False, "midleft")
            for slot, name in enumerate(cf["slots"]):
                r = rects[(f, slot)]
                if over and files is not None and name is None:
                    name = files[f][slot]
                anim = anims.get((f, slot))
                if (f, slot) in legal:
                    spread = m.px(6)
                    surface.blit(draw.glow(r.size, style.ACCENT, spread, m.px(6)), (r.x - spread, r.y - spread))
                if name is None or (anim is not None and anim.progress < 0.5):
                    img = look.case_back(r.size, cf["name"])
                else:
                    img = look.item_card(r.size, name, cf["name"], held=name in held)
                if anim is not None and anim.progress >= 0:
                    p = anim.progress
                    sx = abs(1 - 2 * p)
                    img = pygame.transform.smoothscale(img, (max(1, int(r.width * sx)), r.height))
                surface.blit(img, img.get_rect(center=r.center))
                if (f, slot) in legal:
                    look.ring(surface, r, style.ACCENT_BRIGHT, 2, m.px(5))

    def draw_action_notes(self, surface, view) -> None:
        """The header of the action column and, beside each disabled button, why."""
        m = self.metrics
        box = self.lay.actions
        if self.dialog is not None:
            return
        acting = self.acting_seat() is not None
        phase = view["phase"]
        if not acting:
            head = _("The game is over.") if self.over_shown() else _("Wait…")
        elif self.grid_pick is not None:
            head = _(dialogs.GRID_ABILITIES[self.grid_pick][0])
        elif phase == "move":
            head = (_("Move: click a glowing Location (or its key 1–9, then Enter)"),
                    _("Move: click a glowing Location (key 1–9, then Enter)"),
                    _("Move: a glowing Location (key 1–9, then Enter)"))
        elif phase == "actions":
            head = _("Additional actions (any order), then End turn")
        else:
            prompt = shown(view["prompt"])
            head = prompt[:1].upper() + prompt[1:]
        # the wordings from longest to shortest: a narrow column shows a shorter one whole
        head = head if isinstance(head, tuple) else (head,)
        if m.text > 1:
            # large text: the shortest wording that takes two lines at most, wrapped
            lines = next((ls for ls in (draw.wrap(t, m.px(14), box.width, True) for t in head)
                          if len(ls) <= 2), draw.wrap(head[-1], m.px(14), box.width, True))
            y = box.y
            for ln in lines[:2]:
                draw.blit_text(surface, ln, m.px(14), (box.x, y), style.TEXT_MUTED, True)
                y += draw.font(m.px(14), True).get_linesize()
        else:
            head = draw.fit_first(head, m.px(14), box.width, True)
            draw.blit_text(surface, head, m.px(14), (box.x, box.y), style.TEXT_MUTED, True)
        fs = m.px(12)
        x = box.x + self.button_w + m.gap if hasattr(self, "button_w") else box.x
        w = box.right - x
        if self.grid_pick is not None:
            hint = _("{hint} Esc cancels.", hint=_(dialogs.GRID_ABILITIES[self.grid_pick][1]))
            y = box.y + m.px(22)
            for ln in draw.wrap(hint, fs, box.width)[:3]:
                draw.blit_text(surface, ln, fs, (box.x, y), style.TEXT_MUTED)
                y += int(fs * 1.25)
            return
        self.cut_notes = {}
        notes = self.action_notes(view)
        self.noted = {self.buttons[k] for k in notes if k in self.buttons}
        for key, (wordings, colour) in notes.items():
            if m.text > 1:
                self.cut_notes[key] = (wordings[0], colour)   # shown on hover or focus
                continue
            self._note_lines(surface, wordings, x, w, self.buttons[key].rect, colour, key)

    def action_notes(self, view) -> dict[str, tuple[tuple[str, ...], tuple]]:
        """Button key -> (its note, from the longest wording to the shortest; colour): why a
        button is off, what the ability does, what ending the turn or accusing brings."""
        out = {}
        if view["phase"] == "actions":
            reasons = dict(view["unavailable"])
            for key, _text, name in ACTION_ROWS:
                btn = self.buttons.get(key)
                why = shown(reasons.get(name, ""))
                if btn is None:
                    continue
                if not btn.is_enabled and why:
                    # the colour already says "not now": the short wording drops the words
                    out[key] = ((_("Not now: {why}", why=look.plain(why)), look.plain(why)),
                                (214, 140, 120))
                elif key == "ability" and btn.is_enabled:
                    risky = [dg for a, dg in self.shown_dangers().items() if a.kind == "ability"]
                    out[key] = (((risky[0].note(),), style.DANGER) if risky else
                                ((_(view["grid"][view["agent"]]["ability_text"]), _(ABILITY_SHORT)),
                                 style.TEXT_MUTED))
            if self.buttons.get("end") is not None:
                danger = self.shown_danger_of(Action("end", ()))
                if danger is not None:
                    out["end"] = ((danger.note(),), style.DANGER)
                else:
                    fc = forecast.next_move(view)
                    out["end"] = ((_("then the Spy moves") if fc is None or fc.stays else
                                   _("then the Spy moves to {place}",
                                     place=_(view["grid"][fc.to]["location"])),),
                                  style.TEXT_MUTED)
        if self.buttons.get("accuse") is not None:
            note, colour = self.accuse_line(view)
            out["accuse"] = ((note,), colour)
        return out

    def accuse_line(self, view) -> tuple[str, tuple]:
        """The note beside (or under) Accuse: red when accusing now loses for sure."""
        acts = [a for a in self.actions() if a.kind == "accuse"]
        danger = self.shown_danger_of(acts[0]) if acts else None
        note = dialogs.accuse_note(view)
        if danger is not None and danger.certain:
            return _("{note}: accusing now loses", note=note), style.DANGER
        return note, style.TEXT_MUTED

    def note_fit(self, wordings: tuple[str, ...], w: int, rows: int) -> tuple[list[str], int, bool]:
        """The lines of a note beside a button, in at most ``rows`` lines of the row's
        height: the longest wording at the column's type size, else smaller type (two
        steps) or a shorter wording; cut with "…" only when nothing fits (``True``)."""
        base = self.metrics.px(12)
        for fs in (base, base - 1, max(9, base - 2)):
            for text in wordings:
                lines = draw.wrap(text, fs, w)
                if len(lines) <= max(1, rows // int(fs * 1.2)):
                    return lines, fs, False
        fs = max(9, base - 2)
        keep = max(1, rows // int(fs * 1.2))
        lines = draw.wrap(wordings[-1], fs, w)[:keep]
        lines[-1] = fit(lines[-1] + "…", fs, w)
        return lines, fs, True

    def _note_lines(self, surface, wordings: tuple[str, ...], x: int, w: int, rect: pygame.Rect,
                    colour, key: str = "") -> None:
        """A note centred on the button's row; its full text shows on hover if it is cut."""
        pitch = getattr(self, "row_h", rect.height)
        lines, fs, cut = self.note_fit(wordings, w, max(pitch, rect.height))
        if cut:
            self.cut_notes[key] = (wordings[0], colour)
        y = rect.centery - len(lines) * int(fs * 1.2) // 2
        for ln in lines:
            draw.blit_text(surface, ln, fs, (x, y), colour)
            y += int(fs * 1.2)

    def draw_why_off(self, surface, btn) -> None:
        """A switched-off action's reason is its note (beside it, or over the column while it
        has the focus): only one without a note gets the scene's own."""
        if btn not in getattr(self, "noted", ()):
            super().draw_why_off(surface, btn)

    def draw_cut_note(self, surface) -> None:
        """A note that had to be cut, whole, over the column while its button is hovered
        (drawn over the buttons: ``draw_over``)."""
        m = self.metrics
        mouse = pygame.mouse.get_pos()
        if self.dialog is not None:
            return
        focused = self.ring.focused() if getattr(self, "ring", None) is not None else None
        for key, (text, colour) in getattr(self, "cut_notes", {}).items():
            btn = self.buttons.get(key)
            if btn is None or not (btn.rect.collidepoint(mouse) or btn is focused):
                continue
            box = self.lay.actions
            fs = m.px(13)
            lines = draw.wrap(text, fs, box.width - 2 * m.px(8))
            step = max(int(fs * 1.25), draw.font(fs).get_linesize())
            h = len(lines) * step + 2 * m.px(6)
            r = pygame.Rect(box.x, btn.rect.y - h - m.px(4), box.width, h)
            if m.text > 1:
                # large text: in the column head's place (and up), clear of the buttons
                r.bottom = box.y + self.actions_head_h(m)
            draw.panel(surface, r, m.px(6), alpha=250)
            pygame.draw.rect(surface, colour, r, 1, border_radius=m.px(6))
            y = r.y + m.px(6)
            for ln in lines:
                draw.blit_text(surface, ln, fs, (r.x + m.px(8), y), style.TEXT)
                y += step
