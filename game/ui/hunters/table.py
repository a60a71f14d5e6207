"""The Shadow Hunters table scene.

What is drawn comes from ``session.view(viewer)``: public facts for everyone, plus the
``me`` / ``holding`` / ``private`` parts of the seat at the screen. With several people at
one screen the viewer is whoever was handed the screen last; when that person's turn
ends the screen goes back to public, so their card does not linger while others play,
and "Pass…" lets anyone take the screen (after a hand-off) or hide every card.

Legal choices are buttons (number keys + Enter) and, where a choice names a player or an
Area, a click on that player board or Area card does the same; such targets glow. A
click on something that cannot be chosen is refused with a one-line reason.

This module holds the flow (viewer, hand-offs, the first look, frames, keys, layout);
drawing (``paint``), words (``prompt``), the choices and their clicks (``choices``) and
the animations of game events (``anim``) are mixed in.
"""

from __future__ import annotations

import bisect

import pygame

from game import i18n
from game.i18n import N_, _
from game.rules.protocol import Action
from game.ui import advice_hint, draw, style
from game.ui.table_base import TableScene

from . import choices as C
from . import layout as L
from . import look
from .anim import MOMENT_SECONDS, Effects, EventAnimations
from .banners import MomentPainter
from .cardview import CardViewScene, EquipmentScene
from .choices import ChoiceButtons
from .notebook import Notebook
from .overlays import CharacterScene, LookAhead, LookHandoff, NotebookScene, SeatPickerScene
from .paint import TablePainter
from .prompt import TablePrompts


class HuntersTable(TablePainter, MomentPainter, TablePrompts, ChoiceButtons, EventAnimations, TableScene):
    felt = True
    park_widgets = True   # its choices come and go at every move (2 buttons, then 9, then 2)
    hide_when_covered = True   # a hand-off or the first look covers it many times a game

    def __init__(self, app, session) -> None:
        super().__init__(app, session)
        self.effects = Effects()
        fresh = not session.match.log and not session.view(None)["board"]
        self.notebook = (Notebook.fresh(session.match.seed, later=True) if fresh
                         else Notebook.load(session.match.seed))
        if not fresh and self.several():
            session.handed_to(None)    # a continued game starts with every card hidden
        self.lay = L.Layout()
        self._view_key = None
        self._view = None
        self._log_lines_for: tuple | None = None
        self._log_lines: list[str] = []
        self._positions: dict[int, str | None] = {}
        self._pass: list[int] | None = None
        self._look_prepared = False   # the first look's picture is made (the frame before)
        self._look_due = False        # dealt behind the curtain: the look's picture next
        self.look_ahead = LookAhead(self)     # its hand-offs and cards' buttons made ahead
        if not self.notebook.looked and not session.is_over() and not hasattr(session, "tutorial"):
            # (a tutorial's coach introduces the character on the table instead)
            # phones show their own character; the screen passes only among its people
            self._pass = [h for h in session.humans if session.at_this_screen(h)]
        self.only_seat: int | None = None
        active = session.view(None)["active"]
        self._turn_owner: int | None = active if active >= 0 else None
        self.reveal_armed = 0.0
        self._out_due = False   # the only person here died: offer to skip to the result
        self.card_focus: int | None = None
        self.hover_after: tuple | None = None   # no hover card until the mouse leaves this spot
        self.spots = []
        self._batch_step, self._batch_delay = -1, 0.0
        self._due_moments: list[list] = []   # [wait, kind, seat, data]: see anim.release_moments
        self.seat_actions: dict[int, list[Action]] = {}
        self.area_actions: dict[str, Action] = {}
        self._stock_log, self._stock_wait = -1, 0
        if self.notebook.problem:
            self.set_status(self.notebook.problem)

    # --- what the viewer may see ------------------------------------------------------------
    def view(self):
        key = (len(self.session.entries), len(self.session.match.log), self.viewer)
        if key != self._view_key:
            self._view_key = key
            self._view = self.session.view(self.viewer)
        return self._view

    def log_lines(self) -> list[str]:
        """The viewer's log; while dice roll, what they bring is held back a moment."""
        if self.session.is_over() and not self.effects:
            return super().log_lines()        # the whole log, private lines marked
        hold = self._batch_step if self.effects else None
        # asked up to three times in a move's frame (the rebuild, the panel's refresh, the
        # end of an animation), each a walk over the whole log: once per change
        entries = self.session.entries
        key = (len(entries), entries[-1] if entries else None, len(self.session.match.log), self.viewer, hold,
               i18n.current())
        if key != self._log_lines_for:
            # as TableScene.log_lines does (this one replaces it): the finished game's whole
            # log kept a new entry at a time, so the frame the game ends does not work it
            # out from the first entry (2-4 ms of a Hunters end frame, 288 lines)
            self.keep_full_log()
            steps, lines = self.seen_lines(self.viewer)
            if hold is not None:
                lines = lines[:bisect.bisect_left(steps, hold)]
            self._log_lines, self._log_lines_for = lines, key
        return list(self._log_lines)

    def public_players(self):
        return self.view()["players"]

    def character_pool(self) -> tuple[str, ...]:
        pool = self.view()["options"].get("pool", "all")
        names = look.CHARACTER_NAMES
        if pool in ("base", "expansion"):
            names = tuple(n for n in names if look.CHARACTER[n]["set"] == pool)
        if self.view()["options"].get("abilities") == "off":
            names = tuple(n for n in names if n != "Bob")
        return names

    def several(self) -> bool:
        return len(self.session.humans) > 1

    # --- private screens -------------------------------------------------------------------
    def hide_private(self) -> None:
        """Nobody's private information on screen (several people share it)."""
        if self.several():
            self.session.handed_to(None)
            seat = self.session.human_to_act()
            if seat is not None and self.session.needs_handoff(seat):
                self._handoff_due = seat
            self.only_seat = None
            if self.active:
                self.rebuild()

    def open_private(self, seat: int) -> None:
        """A player asks to see their own cards: hand-off first if someone else sits there."""
        self.only_seat = None
        if self.session.needs_handoff(seat):
            self.app.push(LookHandoff(self.app, self, seat, N_("show my cards")))
        else:
            self.session.handed_to(seat)

    def take_screen(self) -> None:
        here = [h for h in self.session.humans if self.session.at_this_screen(h)]
        if len(here) == 1 and len(self.session.humans) == 1:
            self.open_private(here[0])
        else:
            self.app.push(SeatPickerScene(self.app, self))

    def show_character(self) -> None:
        v = self.viewer
        if v is None or "me" not in self.view():
            self.refuse(_("open your private view first"))
            return
        self.app.push(CharacterScene(self.app, self, v))

    def open_notebook(self) -> None:
        v = self.viewer
        if v is None:
            self.refuse(_("open your private view first: your notebook is only for you"))
            return
        self.app.push(NotebookScene(self.app, self, v))

    def reveal(self) -> None:
        """The Reveal control: first press arms it, the second reveals (no undo)."""
        v = self.viewer
        if v is None:
            self.refuse(_("open your private view first"))
            return
        if self.reveal_armed <= 0:
            self.reveal_armed = 4.0
            self.set_status(_("Press Reveal again to show your character to everyone."))
            self.rebuild()
            return
        self.reveal_armed = 0.0
        reason = self.session.submit(v, Action("reveal", (), _("Reveal your character")))
        if reason:
            self.refuse(reason)
        else:
            self.set_status("")
        if self.active:
            self.rebuild()

    def handoff_purpose(self, seat: int) -> str:
        """"show my turn" only when it is her turn; otherwise what she is about to answer."""
        v = self.session.view(None)
        pending = v["pending"]
        if v["active"] == seat:
            return N_("show my turn") if pending.get("kind") == "start" else N_("continue my turn")
        prompt = pending.get("prompt") if pending.get("seat") == seat else None
        return prompt or N_("show my cards")     # a rules prompt: translated where shown

    def phones_settled(self) -> None:
        # a phone that never joined plays here now: it takes part in the first look
        if self._pass is not None and not self.notebook.looked:
            self._pass = [h for h in self.session.humans if self.session.at_this_screen(h)]

    # --- the start-of-game look ------------------------------------------------------------
    def _dealt(self) -> bool:
        return len(self.session.view(None)["board"]) == 6

    def _order_pass(self) -> None:
        first = self.session.human_to_act()
        if first in self._pass and self._pass[-1] != first:
            # whoever plays first looks last, and goes from her card straight to her turn:
            # no second hand-off to the person already at the screen
            self._pass.remove(first)
            self._pass.append(first)

    def _advance_pass(self) -> None:
        s = self.session
        if not self._pass:
            self._pass = None
            self.notebook.looked = True
            self.notebook.save()
            return
        self._order_pass()
        seat = self._pass[0]
        if self.several() and s.at_screen != seat:
            self.app.push(self.look_ahead.handoff(seat))
            return
        self._pass.pop(0)
        self.app.push(self.look_ahead.card(seat, not self._pass and seat == s.human_to_act()))
        if self._pass and self.several():
            self._order_pass()
            self.look_ahead.prepare_handoff(self._pass[0])   # while she reads her card

    def warm_up(self) -> None:
        """The deal and the first look's picture too, while the table is put up (the frame
        of the start, behind the setup screen): the first frames of the game only show."""
        if self._pass is not None and not self._warmed and self.app.top is self and not self._dealt():
            self.session.update()
            if self._dealt():
                self._look_prepared = True
                self._look_due = True
                if self.curtained:
                    # behind a curtain the deal (and the game's first save) is this frame's
                    # piece; the first look's picture and the table's are the next ones'
                    raise draw.OutOfFrame
        if self._look_due:
            self._prepare_look()    # (cut short by the curtain's frame: again next frame)
            self._look_due = False
            if self.curtained:
                raise draw.OutOfFrame
        first = not self._warmed
        super().warm_up()
        if first and self._warmed:
            self.warm_pieces(self.metrics)
            # the choices' words are measured (``C.text_need``) and drawn by pygame-gui's
            # own font: every glyph of both now, not a few in each frame after a move
            draw.warm_fonts([self.metrics.px(C.FONT)], draw.GLYPHS, (False,))
            gui_font = self.manager.ui_theme.get_font(["@choice"])
            if hasattr(gui_font, "size"):
                gui_font.size(draw.GLYPHS)
            self.stock_all()     # kept (hidden) while the first look covers the table
            self.stock_private()

    def _prepare_look(self) -> None:
        """The frame of the deal makes the first look's card picture off screen, for a
        player whose look comes without a hand-off (the picture is only made, not shown)."""
        seat = self._pass[0] if self._pass else None
        if seat is not None and (not self.several() or self.session.at_screen == seat):
            CharacterScene.prepare_card(self, seat)
        elif seat is not None:
            self._order_pass()
            self.look_ahead.prepare_handoff(self._pass[0])

    # --- per frame ---------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        # (a hand-off pushed or buttons rebuilt in this frame: the app lets pygame-gui
        # catch up before drawing, see App.step; a second catch-up here cost a millisecond)
        self._update(dt)

    def _update(self, dt: float) -> None:
        animating = bool(self.effects)
        self.effects.update(dt)
        self.release_moments(dt)
        if self._due_moments:
            self.session.hold(dt + 0.05)   # no move before the moment it brought is on screen
        if animating and not self.effects and self.log_panel is not None:
            self.log_panel.set_lines(self.log_lines())   # what was held back can be told now
        if self.reveal_armed > 0:
            self.reveal_armed -= dt
            if self.reveal_armed <= 0 and self.active:
                self.rebuild()
        if self._pass is not None and self.app.top is self:
            if not self._dealt():
                self.session.update()
            elif not self._look_prepared:
                # a frame between the deal and the look makes the look's picture
                self._look_prepared = True
                self._prepare_look()
                return          # nobody plays before the look
            else:
                self._advance_pass()
                if self.app.top is not self:
                    return
        if self.look_ahead.rebuild_due:
            self.look_ahead.rebuild_due = False
            if self.app.top is self:        # her card did not come after all
                super().on_uncover()
        if self._out_due and not self.animating() and self.app.top is self:
            self._out_due = False
            if not self.session.is_over():
                from .overlays import OutScene

                self.app.push(OutScene(self.app, self))
                return
        super().update(dt)
        self.stock_choices()

    def animating(self) -> bool:
        # the last hit lands, and every reveal and death is seen, before the results
        return bool(self.effects) or bool(self._due_moments) or any(
            self.moments.holding(kind) for kind in MOMENT_SECONDS)

    def ui_key(self) -> tuple:
        """Rebuild the buttons only when what they offer changes, not at every computer
        move: a click that lands while buttons are being rebuilt would be lost."""
        s = self.session
        v = self.view()
        choices = tuple((a.kind, a.args) for a in self.choice_actions())
        viewer = self.viewer
        me = v["players"][viewer] if viewer is not None else None
        return (choices, s.at_screen, s.is_over(), self._over_handled, s.can_undo() and not self.several(),
                self._focus_card(), me and (me["alive"], me["revealed"]), self.only_seat,
                self.reveal_armed > 0)

    def on_game_event(self, event, step: int) -> None:
        fact = event.data.get("fact", ()) if isinstance(event.data, dict) else ()
        if event.kind == "turn" and fact:
            ended, self._turn_owner = self._turn_owner, fact[1]
            if (self.several() and ended is not None and ended == self.session.at_screen
                    and fact[1] != ended):   # an extra turn (Concealed Knowledge): she stays
                # the person at the screen has finished their turn: it goes public again
                # (she gets it back without a hand-off if only computers play till then)
                self.session.go_public()
                self.only_seat = None
        if event.kind == "death" and fact and len(self.session.humans) == 1 \
                and fact[1] == self.session.humans[0]:
            self._out_due = True
        if event.kind == "private_saw" and fact and event.seats:
            # a Prediction answered: the notebook of the one who saw it records it as a fact
            writer, about, character = event.seats[0], fact[1], fact[2]
            self.notebook.set(writer, about, look.CHARACTER[character]["faction"], character)
        if event.kind == "game_over" or not event.visible_to(self.viewer) or not fact:
            return
        self.animate_event(event, step, fact)

    # --- game over: a results screen that shows who was who --------------------------------
    def game_over(self) -> None:
        self.notebook.discard()
        super().game_over()

    def results_scene(self):
        from .results import HuntersResults

        return HuntersResults(self.app, self.session)

    def open_card(self, spot) -> None:
        if spot is None:
            self.refuse(_("point at a card first (or press I to step through the cards)"))
            return
        if spot.kind == "hp":
            return          # the damage track's initials: the hover already says it all
        self.app.push(CardViewScene(self.app, spot))

    def open_equipment(self) -> None:
        self.app.push(EquipmentScene(self.app, self))

    def step_card_focus(self, back: bool = False) -> None:
        """I / Shift+I: the keyboard's way to point at the cards on the table."""
        n = len(getattr(self, "spots", []))
        if not n:
            return
        if self.card_focus is None:
            self.card_focus = n - 1 if back else 0
        else:
            self.card_focus = (self.card_focus + (-1 if back else 1)) % n

    def handle_key(self, event: pygame.event.Event) -> bool:
        if event.key == pygame.K_i:
            self.step_card_focus(bool(event.mod & pygame.KMOD_SHIFT))
            return True
        if event.key == pygame.K_v:
            self.open_card(self.hovered_spot())
            return True
        if event.key == pygame.K_e:
            self.open_equipment()
            return True
        if event.key == pygame.K_h and advice_hint.ask(self):
            return True
        if event.key == pygame.K_ESCAPE and self.card_focus is not None:
            self.card_focus = None
            return True
        return super().handle_key(event)

    def on_uncover(self) -> None:
        if self.look_ahead.covers_again():
            # back from a first look's hand-off: her card covers the table in this very
            # frame (``_advance_pass``), and her buttons would be made for nobody to see
            self.cover_look = None
            self.active = True
            self.session.pace = 0.0 if self.fast_forward else self.app.settings.computer_gap
            return
        self.look_ahead.rebuild_due = False
        super().on_uncover()
        # the mouse rests where "Ready" was pressed on the screen that covered the table:
        # no card pops up under it until it moves (the person has not pointed at anything)
        self.hover_after = pygame.mouse.get_pos()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.card_focus = None
            if event.pos != self.hover_after:
                self.hover_after = None
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 0) == 3:
            spot = self.spot_at(event.pos)
            if spot is not None:
                self.open_card(spot)
                return True
        if super().handle_event(event):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 0) == 1:
            pos = event.pos
            for seat, rect in enumerate(self.lay.boards):
                if rect.collidepoint(pos):
                    self.click_seat(seat)
                    return True
            board = self.view()["board"]
            for slot, rect in enumerate(self.lay.areas):
                if rect.collidepoint(pos) and slot < len(board):
                    self.click_area(board[slot])
                    return True
        return False

    # --- layout -----------------------------------------------------------------------------------
    def layout(self, m: style.Metrics) -> None:
        self.build_top_bar(m)
        top = self.top_bar_h(m) + m.gap
        self.lay = L.compute(m, top, len(self.session.seats))
        if self.log_panel is None or self.log_panel.rect != self.lay.log or self.log_panel.m != m:
            self.log_panel = self.make_log_panel(self.lay.log)
            self.log_panel.title = _("Game log")
        else:
            self.log_panel.set_lines(self.log_lines())   # keep the rendered log across rebuilds
        self._index_targets()
        self.focus = self._focus_card()
        rect = L.choice_rect(self.lay, m, self.focus is not None)
        self.choice_rect = rect
        self.build_choices(m, rect)
        if self.only_seat is not None:
            self.button((rect.right - m.px(150), rect.y - m.px(4), m.px(150), m.px(28)), _("All choices"),
                        self.show_all, choice=False, object_id="#all_choices", cls="@compact")
        self.build_private(m)

    def build_top_bar(self, m: style.Metrics) -> None:
        super().build_top_bar(m)
        bw = draw.label_width(m, _("Equipment (E)"), minimum=m.px(150))
        self.top_bar_right -= bw + m.gap
        self.button((self.top_bar_right, m.gap, bw, m.button_h), _("Equipment (E)"), self.open_equipment,
                    choice=False, object_id="#equipment")
        self.top_bar_right = advice_hint.add_button(self, m, self.top_bar_right, m.gap, m.px(120))

    def offers_undo(self) -> bool:
        # Taking back a choice another person already saw (a Hermit card given, a reveal)
        # would undo knowledge: with several people at the screen there is no Undo.
        return super().offers_undo() and not self.several()

    def show_all(self) -> None:
        self.only_seat = None
        self.set_status("")
        self.rebuild()

    def private_row(self, m: style.Metrics, n: int) -> list[pygame.Rect]:
        """Where the private panel's ``n`` buttons go (a row at its foot)."""
        r = self.lay.private
        bh = max(m.px(32), draw.font(m.px(16)).get_linesize() + m.px(6))   # the @compact words
        gap = m.px(6)
        bw = (r.width - 2 * m.px(12) - gap * (n - 1)) // n
        return [pygame.Rect(r.x + m.px(12) + i * (bw + gap), r.bottom - bh - m.px(10), bw, bh) for i in range(n)]

    def stock_private(self, most: int = 99) -> bool:
        """Make (hidden, parked) up to ``most`` private-panel buttons not at hand: a
        person's panel then finds them at the turn it first shows, rather than making three
        or four in that frame (measured: a 12-16 ms turn frame under load). True if it made
        any."""
        m = self.metrics
        several = self.several()
        made = 0
        for reveal in (True, False):
            ids = (["#reveal"] if reveal else []) + ["#notebook", "#my_card"] + (["#pass"] if several else [])
            for rect, oid in zip(self.private_row(m, len(ids)), ids):
                if made < most and self.stock_button(rect, "@compact", oid):
                    made += 1
        return made > 0

    def build_private(self, m: style.Metrics) -> None:
        v = self.viewer
        s = self.session
        if v is None:
            if any(s.at_this_screen(h) for h in s.humans) and not s.is_over():
                self.button(self.private_row(m, 1)[0], _("Show my cards…"), self.take_screen, choice=False,
                            object_id="#take_screen", cls="@compact")
            return
        me = self.view().get("me")
        p = self.public_players()[v]
        buttons = []
        if me and p["alive"] and not p["revealed"] and not s.is_over():
            buttons.append((_("Confirm reveal") if self.reveal_armed > 0 else _("Reveal"), self.reveal, "#reveal",
                            "@compact_on" if self.reveal_armed > 0 else "@compact"))
        buttons.append((_("Notes"), self.open_notebook, "#notebook", "@compact"))
        buttons.append((_("Card"), self.show_character, "#my_card", "@compact"))
        if self.several():
            buttons.append((_("Pass…"), self.take_screen, "#pass", "@compact"))
        for rect, (text, fn, oid, cls) in zip(self.private_row(m, len(buttons)), buttons):
            self.button(rect, text, fn, choice=False, object_id=oid, cls=cls)

    def _focus_size(self, m: style.Metrics) -> tuple[int, int]:
        return L.focus_size(self.lay, m)

    def _focus_card(self) -> tuple[str, str, str] | None:
        """(title, card name, deck) of the card the current decision is about, if any."""
        v = self.view()
        pending = v["pending"]
        holding = v.get("holding")
        if self.viewer is None or pending.get("seat") != self.viewer:
            return None
        if holding:
            who = _("You hold") if pending.get("kind") == "hermit_give" else _("You were given")
            return who, holding, "hermit"
        card = pending.get("card")
        if card:
            from game.rules.hunters.data import BLACK_CARDS
            deck = "black" if any(row[0] == card for row in BLACK_CARDS) else "white"
            return _("Card"), card, deck
        return None

    # --- the tutorial's coach points at named parts (docs/tutorials.md) ---------------------------
    def regions(self) -> dict:
        out = super().regions()
        lay = self.lay
        if not lay.areas:
            return out
        board = self.view()["board"]
        out.update({"board": lay.board_area, "dice": lay.tray, "track": lay.track,
                    "character": lay.private, "decks": lay.decks, "choices": self.choice_rect})
        for slot, name in enumerate(board):
            out[f"area.{name}"] = lay.areas[slot]
        for pair in range(3):
            out[f"pair.{pair}"] = lay.areas[2 * pair].union(lay.areas[2 * pair + 1])
        third = lay.decks.width // 3
        for i, deck in enumerate(("hermit", "white", "black")):
            out[f"deck.{deck}"] = pygame.Rect(lay.decks.x + i * third, lay.decks.y, third, lay.decks.height)
        for seat, rect in enumerate(lay.boards):
            out[f"seat.{seat}"] = rect
        if self.focus:
            w, h = self._focus_size(self.metrics)
            out["card"] = pygame.Rect(lay.choices.x, lay.choices.y, w, h)
        out.update(getattr(self, "choice_hits", {}))
        return out

    def still(self) -> bool:
        return not self.animating() and not self.dice_rolling()
