"""The Shadow Hunters table scene.

What is drawn comes from ``session.view(viewer)``: public facts for everyone, plus the
``me`` / ``holding`` / ``private`` parts of the seat at the screen. With several people at
one screen the viewer is whoever was handed the screen last; when that person's turn
ends the screen goes back to public, so their card does not linger while others play,
and "Pass…" lets anyone take the screen (after a hand-off) or hide every card.

Legal choices are buttons (number keys + Enter) and, where a choice names a player or an
Area, a click on that player board or Area card does the same; such targets glow. A
click on something that cannot be chosen is refused with a one-line reason.
"""

from __future__ import annotations

import pygame

from game.rules.protocol import Action
from game.ui import draw, style
from game.ui.table_base import TableScene, fit

from . import choices as C
from . import layout as L
from . import look
from .anim import Effect, Effects
from .cardview import CardViewScene, EquipmentScene
from .notebook import Notebook
from .overlays import CharacterScene, LookHandoff, NotebookScene, SeatPickerScene
from .paint import TablePainter
from .wording import short_label, target_seat

# Actions that name an Area (a click on that Area card picks them).
AREA_KINDS = frozenset(("move", "emi"))

# Hold lengths at normal speed (the session waits this long after such an event).
DICE_KINDS = ("roll", "attack", "die", "dynamite")
HOLD = {"roll": 0.9, "attack": 1.1, "die": 0.8, "dynamite": 1.0, "damage": 0.7, "heal": 0.6,
        "set_damage": 0.6, "death": 1.1, "reveal": 1.0, "move": 0.5, "draw": 0.6,
        "equipment": 0.6, "loot": 0.6}
# CPU seconds a frame must still have to make a choice button ahead (``stock_choices``)
STOCK_ROOM = 0.0025
# A White or Black card drawn is held up long enough to read it (at normal speed); what
# it does (hits, heals) shows after that.
CARD_HOLD = 2.6


def choice_name(action: Action) -> str:
    """A choice button's name for the tutorial's coach: ``choice.<kind>[.<arg>...]``,
    e.g. ``choice.draw.hermit``, ``choice.give.2``, ``choice.move.Cemetery``."""
    return ".".join(["choice", action.kind, *(str(a) for a in action.args)])


class HuntersTable(TablePainter, TableScene):
    felt = True
    park_widgets = True   # its choices come and go at every move (2 buttons, then 9, then 2)
    hide_when_covered = True   # a hand-off or the first look covers it many times a game

    def __init__(self, app, session) -> None:
        super().__init__(app, session)
        self.effects = Effects()
        fresh = not session.match.log and not session.view(None)["board"]
        self.notebook = Notebook.fresh(session.match.seed) if fresh else Notebook.load(session.match.seed)
        if not fresh and self.several():
            session.handed_to(None)    # a continued game starts with every card hidden
        self.lay = L.Layout()
        self._view_key = None
        self._view = None
        self._positions: dict[int, str | None] = {}
        self._pass: list[int] | None = None
        self._look_prepared = False   # the first look's picture is made (the frame before)
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
        self.spots = []
        self._batch_step, self._batch_delay = -1, 0.0
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
        lines = [e.text for step, e in self.session.log_events(self.viewer)
                 if e.text and (hold is None or step < hold)]
        return self.named(lines)

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
            self.app.push(LookHandoff(self.app, self, seat, "show my cards"))
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
            self.refuse("open your private view first")
            return
        self.app.push(CharacterScene(self.app, self, v))

    def open_notebook(self) -> None:
        v = self.viewer
        if v is None:
            self.refuse("open your private view first: your notebook is only for you")
            return
        self.app.push(NotebookScene(self.app, self, v))

    def reveal(self) -> None:
        """The Reveal control: first press arms it, the second reveals (no undo)."""
        v = self.viewer
        if v is None:
            self.refuse("open your private view first")
            return
        if self.reveal_armed <= 0:
            self.reveal_armed = 4.0
            self.set_status("Press Reveal again to show your character to everyone.")
            self.rebuild()
            return
        self.reveal_armed = 0.0
        reason = self.session.submit(v, Action("reveal", (), "Reveal your character"))
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
            return "show my turn" if pending.get("kind") == "start" else "continue my turn"
        prompt = pending.get("prompt") if pending.get("seat") == seat else None
        return prompt or "show my cards"

    def phones_settled(self) -> None:
        # a phone that never joined plays here now: it takes part in the first look
        if self._pass is not None and not self.notebook.looked:
            self._pass = [h for h in self.session.humans if self.session.at_this_screen(h)]

    # --- the start-of-game look ------------------------------------------------------------
    def _dealt(self) -> bool:
        return len(self.session.view(None)["board"]) == 6

    def _advance_pass(self) -> None:
        s = self.session
        if not self._pass:
            self._pass = None
            self.notebook.looked = True
            self.notebook.save()
            return
        first = s.human_to_act()
        if first in self._pass and self._pass[-1] != first:
            # whoever plays first looks last, and goes from her card straight to her turn:
            # no second hand-off to the person already at the screen
            self._pass.remove(first)
            self._pass.append(first)
        seat = self._pass[0]
        if self.several() and s.at_screen != seat:
            self.app.push(LookHandoff(self.app, self, seat))
            return
        self._pass.pop(0)
        self.app.push(CharacterScene(self.app, self, seat, first_look=True,
                                     then_play=self.several() and not self._pass and seat == first))

    def warm_up(self) -> None:
        """The deal and the first look's picture too, while the table is put up (the frame
        of the start, behind the setup screen): the first frames of the game only show."""
        if self._pass is not None and not self._warmed and self.app.top is self and not self._dealt():
            self.session.update()
            if self._dealt():
                self._look_prepared = True
                self._prepare_look()
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

    def _prepare_look(self) -> None:
        """The frame of the deal makes the first look's card picture off screen, for a
        player whose look comes without a hand-off (the picture is only made, not shown)."""
        seat = self._pass[0] if self._pass else None
        if seat is not None and (not self.several() or self.session.at_screen == seat):
            CharacterScene.prepare(self, seat)

    # --- per frame ---------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        # (a hand-off pushed or buttons rebuilt in this frame: the app lets pygame-gui
        # catch up before drawing, see App.step; a second catch-up here cost a millisecond)
        self._update(dt)

    def _update(self, dt: float) -> None:
        animating = bool(self.effects)
        self.effects.update(dt)
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
        if self._out_due and not self.effects and self.app.top is self:
            self._out_due = False
            if not self.session.is_over():
                from .overlays import OutScene

                self.app.push(OutScene(self.app, self))
                return
        super().update(dt)
        self.stock_choices()

    def animating(self) -> bool:
        return bool(self.effects)   # the last hit lands before the results cover the table

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
                self.session.handed_to(None)
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
        if event.kind in HOLD:
            # what the dice bring (hits, heals, deaths) shows once they have settled
            if step != self._batch_step:
                self._batch_step, self._batch_delay = step, 0.0
            delay = 0.0 if event.kind in DICE_KINDS else self._batch_delay
            total = HOLD[event.kind] + delay
            scale = self.hold_for_animation(total) / total
            self._start_effect(event.kind, fact, HOLD[event.kind] * scale, delay * scale)
            if event.kind in DICE_KINDS:
                self._batch_delay += 0.6 * HOLD[event.kind]
            if event.kind == "draw" and fact[2] != "hermit":
                self._show_card(fact, delay)
        if event.kind in ("damage", "death", "reveal"):
            self.app.sound.play("refused" if event.kind == "death" else "click")

    def _show_card(self, fact: tuple, delay: float) -> None:
        """Hold the drawn White/Black card up, face up, then send it to its owner (an
        Equipment card) or to the discard pile; whatever it does waits for it."""
        total = CARD_HOLD + delay
        seconds = self.hold_for_animation(total)
        if seconds <= 0:
            return
        scale = seconds / total
        owner = fact[3] in self.view()["players"][fact[1]]["equipment"]
        self.effects.add(Effect("card", CARD_HOLD * scale, fact[1],
                                {"card": fact[3], "deck": fact[2], "to": "owner" if owner else "discard"},
                                delay * scale))
        self._batch_delay += CARD_HOLD

    def _start_effect(self, kind: str, fact: tuple, seconds: float, delay: float = 0.0) -> None:
        """Queue the animation of one rules event (``fact`` is its public record)."""
        if seconds <= 0:
            return
        for what, seat, data in self._effects_of(kind, fact):
            self.effects.add(Effect(what, seconds, seat, data, delay))

    def _effects_of(self, kind: str, fact: tuple) -> list[tuple[str, int, dict]]:
        if kind in DICE_KINDS:
            out = [("dice", fact[1], {"fact": fact})]
            if kind == "attack":
                out.append(("attack", fact[1], {"targets": tuple(fact[2])}))
            return out
        if kind == "damage":
            return [("hit", fact[1], {"text": f"-{fact[2]}", "amount": fact[2]})]
        if kind == "heal":
            return [("heal", fact[1], {"text": f"+{fact[2]}", "amount": -fact[2]})]
        if kind == "set_damage":
            return [("heal", fact[1], {"text": f"= {fact[2]}"})]
        if kind == "death":
            return [("death", fact[1], {"character": fact[3]})]
        if kind == "reveal":
            return [("reveal", fact[1], {"character": fact[2]})]
        if kind == "move":
            return [("move", fact[1], {"from": self._positions.get(fact[1]), "to": fact[2]})]
        if kind == "draw":
            if fact[2] != "hermit":
                return []       # a White or Black card is held up large (``_show_card``)
            return [("note", fact[1], {"text": "draws a Hermit card"})]
        if kind == "equipment":
            return [("note", fact[2], {"text": f"+ {fact[3]}"})]
        if kind == "loot":
            return [("note", fact[1], {"text": "+ " + ", ".join(fact[3])})]
        return []

    # --- game over: a results screen that shows who was who --------------------------------
    def game_over(self) -> None:
        self.notebook.discard()
        super().game_over()

    def show_results(self) -> None:
        from .results import HuntersResults

        self.app.push(HuntersResults(self.app, self.session))

    # --- choices --------------------------------------------------------------------------------
    def choice_actions(self) -> list[Action]:
        # the rules say "Player 3"; the buttons say the name chosen at setup, and drop
        # the card or Area name the prompt above them already gives
        if self.dice_rolling():
            return []       # the choices would tell what the dice are about to show
        actions = [Action(a.kind, a.args, short_label(self.named([a.label])[0]))
                   for a in super().choice_actions() if a.kind != "reveal"]
        if self.viewer is not None and self.viewer == self.acting_seat():
            # a hidden character whose ability applies now: reveal and use it in one press
            actions += [Action("reveal_use", (kind, args), "Reveal and use " + self.named([text])[0])
                        for kind, args, text in self.view().get("reveal_uses", ())]
        if self.only_seat is not None:
            narrowed = [a for a in actions if target_seat(a) == self.only_seat]
            if narrowed:
                return narrowed
        if len(actions) > 8:
            # a long list of targets: the choices without a target (draw, skip, end)
            # come first so they are never on a second page
            actions.sort(key=lambda a: target_seat(a) is not None)
        return actions

    def build_choices(self, m: style.Metrics, rect: pygame.Rect) -> None:
        """The legal choices as buttons; a long label gets two or three cells of its row
        instead of being cut (see ``choices.place``)."""
        actions = self.choice_actions()
        self.choice_area = rect
        self.choice_hits: dict[str, pygame.Rect] = {}   # a tutorial points at a choice
        if not actions:
            return
        cols, rows, cell, bh = self._grid(m, rect)
        labels = [a.label or str(a) for a in actions]
        slots = C.place([C.text_need(t, m) for t in labels], cell, m.gap, cols, rows)
        pages = self._pages = slots[-1].page + 1
        self.page = min(self.page, pages - 1)
        y0 = rect.y + m.px(30)
        for i, (action, text, slot) in enumerate(zip(actions, labels, slots)):
            if slot.page != self.page:
                continue
            w = slot.span * cell + (slot.span - 1) * m.gap
            shown = text if slot.fits else fit(text, m.px(C.FONT), w - m.px(C.TEXT_ROOM))
            btn = self.button((rect.x + slot.col * (cell + m.gap), y0 + slot.row * (bh + m.gap), w, bh), shown,
                              lambda a=action: self.choose_checked(a), cls="@choice", object_id=f"#choice_{i}",
                              tooltip=None if shown == text else text)
            self.choice_hits[choice_name(action)] = pygame.Rect(btn.rect)
        if pages > 1:
            self.button((rect.x + (cols - 1) * (cell + m.gap), y0 + (rows - 1) * (bh + m.gap), cell, bh),
                        f"More… ({self.page + 1} of {pages})", self.next_page, object_id="#more", choice=False)

    @staticmethod
    def _grid(m: style.Metrics, rect: pygame.Rect) -> tuple[int, int, int, int]:
        """The choice grid in ``rect``: columns, rows, a cell's width, a button's height."""
        cols = C.columns(rect.width, m)
        bh = m.px(40)
        rows = max(1, (rect.height - m.px(30)) // (bh + m.gap))
        return cols, rows, (rect.width - m.gap * (cols - 1)) // cols, bh

    def stock_choices(self) -> None:
        """While the computers play, a quiet frame makes one choice button ahead (hidden and
        parked): the list of seven targets a later decision brings then finds its buttons
        made, instead of making them all in the frame after the move. (The table makes them
        all as it is put up; this makes again what a new window size needs.)"""
        n = len(self.session.match.log)
        if n != self._stock_log:
            self._stock_log, self._stock_wait = n, 4     # not in the frames right after a move
            return
        if self._stock_wait > 0:
            self._stock_wait -= 1
            return
        if (not self.busy or not self.active or self.root is None or self.app.top is not self
                or self.frame_room() < STOCK_ROOM):
            return
        self.stock_all(1)

    def stock_all(self, most: int = 99) -> None:
        """Make up to ``most`` of the choice buttons not at hand (hidden, parked): one a
        cell of the first page, for the choices beside a held-up card and without one."""
        m = self.metrics
        for focus in (False, True):
            rect = L.choice_rect(self.lay, m, focus)
            cols, rows, cell, bh = self._grid(m, rect)
            y0 = rect.y + m.px(30)
            for i in range(cols * rows):
                r, c = divmod(i, cols)
                if self.stock_button((rect.x + c * (cell + m.gap), y0 + r * (bh + m.gap), cell, bh),
                                     "@choice", f"#choice_{i}"):
                    most -= 1
                    if most <= 0:
                        return

    def choose_checked(self, action: Action) -> None:
        """A choice button: "Reveal and use" takes both steps; an attack on a revealed
        player of your own side asks once first."""
        if action.kind == "reveal_use":
            self.reveal_and_use(action)
            return
        friend = self.own_side_target(action)
        if friend is not None:
            from .overlays import ConfirmScene

            name = self.seat_name(friend)
            faction = self.public_players()[friend]["faction"]
            text = (f"{name} is a revealed {faction}, on your side. "
                    f"Attacking them helps the other side. Attack {name} anyway?")
            self.app.push(ConfirmScene(self.app, text, f"Attack {name} anyway", lambda: self.choose(action),
                                       title="Your own side"))
            return
        self.choose(action)

    def own_side_target(self, action: Action) -> int | None:
        """The revealed player of the viewer's own faction this attack would hit, if any."""
        if action.kind != "attack" or self.viewer is None or self.viewer != self.acting_seat():
            return None
        me = self.view().get("me")
        t = action.args[0]
        p = self.public_players()[t]
        if me and p["revealed"] and p["faction"] == me["faction"] and me["faction"] != "Neutral":
            return t
        return None

    def reveal_and_use(self, action: Action) -> None:
        seat = self.acting_seat()
        if seat is None:
            self.refuse("it is not your turn")
            return
        reason = self.session.submit(seat, Action("reveal", (), "Reveal your character"))
        if reason:
            self.refuse(reason)
            return
        kind, args = action.args
        self.choose(Action(kind, tuple(args)))

    def _index_targets(self) -> None:
        self.seat_actions, self.area_actions = {}, {}
        for a in self._all_actions():
            t = target_seat(a)
            if t is not None:
                self.seat_actions.setdefault(t, []).append(a)
            if a.kind in AREA_KINDS:
                self.area_actions[a.args[0]] = a

    def _all_actions(self) -> list[Action]:
        if self.dice_rolling():
            return []
        return [a for a in super().choice_actions() if a.kind != "reveal"]

    def click_seat(self, seat: int) -> None:
        acts = self.seat_actions.get(seat, [])
        name = self.seat_name(seat)
        if len(acts) == 1:
            self.only_seat = None
            self.choose_checked(acts[0])
            return
        if len(acts) > 1:
            self.only_seat = seat
            self.set_status(f"Choose what to do with {name}:")
            self.rebuild()
            return
        if not self.seat_actions or self.acting_seat() is None:
            return  # nothing is being aimed at anybody now: a click on a board is no choice
        self.refuse(self.why_not_seat(seat))

    def why_not_seat(self, seat: int) -> str:
        p = self.public_players()[seat]
        name = self.seat_name(seat)
        kinds = {a.kind for acts in self.seat_actions.values() for a in acts}
        if not p["alive"]:
            return f"{name} is dead"
        if seat == self.acting_seat():
            return "you cannot choose yourself for this"
        if "attack" in kinds:
            me = self.public_players()[self.acting_seat()]
            if "Handgun" in me["equipment"]:
                return f"{name} is not in range: with the Handgun you reach only the Areas outside your pair"
            return f"{name} is not in range: you can attack players on your Area or its pair-mate"
        if kinds & {"altar", "goblin"}:
            return f"{name} has no Equipment to take"
        return f"{name} cannot be chosen for this"

    def click_area(self, name: str) -> None:
        act = self.area_actions.get(name)
        if act is not None:
            self.choose_checked(act)
            return
        seat = self.acting_seat()
        if seat is None:
            return
        pending = self.view()["pending"]
        if self.area_actions:
            self.refuse(f"you cannot go to {name} now: pick one of the glowing Areas")
        elif pending.get("kind") == "start" and pending.get("seat") == seat:
            self.refuse("you move by rolling the dice: press \"Roll the dice to move\"")
        elif pending.get("seat") == seat:
            self.refuse(f"you cannot move now ({pending.get('prompt', 'another decision')} first)")

    def open_card(self, spot) -> None:
        if spot is None:
            self.refuse("point at a card first (or press I to step through the cards)")
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
        if event.key == pygame.K_ESCAPE and self.card_focus is not None:
            self.card_focus = None
            return True
        return super().handle_key(event)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.card_focus = None
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
        else:
            self.log_panel.set_lines(self.log_lines())   # keep the rendered log across rebuilds
        self._index_targets()
        self.focus = self._focus_card()
        rect = L.choice_rect(self.lay, m, self.focus is not None)
        self.choice_rect = rect
        self.build_choices(m, rect)
        if self.only_seat is not None:
            self.button((rect.right - m.px(150), rect.y - m.px(4), m.px(150), m.px(28)), "All choices",
                        self.show_all, choice=False, object_id="#all_choices", cls="@compact")
        self.build_private(m)

    def build_top_bar(self, m: style.Metrics) -> None:
        super().build_top_bar(m)
        bw = m.px(150)
        self.top_bar_right -= bw + m.gap
        self.button((self.top_bar_right, m.gap, bw, m.button_h), "Equipment (E)", self.open_equipment,
                    choice=False, object_id="#equipment")

    def offers_undo(self) -> bool:
        # Taking back a choice another person already saw (a Hermit card given, a reveal)
        # would undo knowledge: with several people at the screen there is no Undo.
        return super().offers_undo() and not self.several()

    def show_all(self) -> None:
        self.only_seat = None
        self.set_status("")
        self.rebuild()

    def build_private(self, m: style.Metrics) -> None:
        r = self.lay.private
        bh = m.px(32)
        y = r.bottom - bh - m.px(10)
        v = self.viewer
        s = self.session
        if v is None:
            if any(s.at_this_screen(h) for h in s.humans) and not s.is_over():
                bw = r.width - 2 * m.px(12)
                self.button((r.x + m.px(12), y, bw, bh), "Show my cards…", self.take_screen, choice=False,
                            object_id="#take_screen", cls="@compact")
            return
        me = self.view().get("me")
        p = self.public_players()[v]
        buttons = []
        if me and p["alive"] and not p["revealed"] and not s.is_over():
            buttons.append(("Confirm reveal" if self.reveal_armed > 0 else "Reveal", self.reveal, "#reveal",
                            "@compact_on" if self.reveal_armed > 0 else "@compact"))
        buttons.append(("Notes", self.open_notebook, "#notebook", "@compact"))
        buttons.append(("Card", self.show_character, "#my_card", "@compact"))
        if self.several():
            buttons.append(("Pass…", self.take_screen, "#pass", "@compact"))
        gap = m.px(6)
        bw = (r.width - 2 * m.px(12) - gap * (len(buttons) - 1)) // len(buttons)
        x = r.x + m.px(12)
        for text, fn, oid, cls in buttons:
            self.button((x, y, bw, bh), text, fn, choice=False, object_id=oid, cls=cls)
            x += bw + gap

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
            who = "You hold" if pending.get("kind") == "hermit_give" else "You were given"
            return who, holding, "hermit"
        card = pending.get("card")
        if card:
            from game.rules.hunters.data import BLACK_CARDS
            deck = "black" if any(row[0] == card for row in BLACK_CARDS) else "white"
            return "Card", card, deck
        return None

    # --- top bar ------------------------------------------------------------------------------------
    def turn_text(self) -> str:
        v = self.view()
        base = super().turn_text()
        if base == "…":
            base = ""
        if v["active"] < 0:
            return base
        extra = f" (+{v['extra_turns']} extra)" if v["extra_turns"] else ""
        return f"Turn {v['turn']}: {self.seat_name(v['active'])}{extra}" + (f" · {base}" if base else "")

    def draw_top_bar(self, surface: pygame.Surface) -> None:
        m = self.metrics
        h = self.top_bar_h(m)
        surface.blit(draw.shade((m.width, h), (*style.BG_DEEP, 200)), (0, 0))   # made once
        pygame.draw.line(surface, style.PANEL_EDGE, (0, h), (m.width, h))
        draw.blit_text(surface, self.spec.title, m.px(22), (m.pad, h // 2), style.ACCENT_BRIGHT, True, "midleft")
        x = m.pad + draw.font(m.px(22), True).size(self.spec.title)[0] + m.px(24)
        room = getattr(self, "top_bar_right", m.width - m.px(140)) - x - m.gap
        draw.blit_text(surface, fit(self.turn_text(), m.px(18), room), m.px(18), (x, h // 2), style.TEXT,
                       False, "midleft")

    def draw_choice_header(self, surface: pygame.Surface) -> None:
        m = self.metrics
        rect = getattr(self, "choice_rect", None)
        if rect is None:
            return
        if self.status:
            colour = style.DANGER if self.status_refused else style.ACCENT_BRIGHT
            text = self.status
        else:
            text, colour = self.prompt_text(), style.TEXT_MUTED
        width = rect.width - (m.px(160) if self.only_seat is not None else 0)
        size = m.px(17)
        while draw.font(size, bool(self.status)).size(text)[0] > width and size > m.px(13):
            size -= 1       # a long prompt gets smaller before anything is cut
        draw.blit_text(surface, fit(text, size, width, bool(self.status)), size, rect.topleft, colour,
                       bool(self.status))

    def prompt_text(self) -> str:
        """What is being decided now, in the words of the person at the screen."""
        v = self.view()
        pending = v["pending"]
        kind = pending.get("kind")
        s = self.session
        if s.is_over():
            return "The game is over."
        seat = pending.get("seat")
        acting = self.acting_seat()
        if kind == "chance" or seat is None:
            return "…"
        if self.dice_rolling():
            if self.effects.of("card", waiting_too=True):
                return "A card is being read: what it does comes next…"
            return "The dice are rolling…"
        if acting is None or acting != seat:
            who = self.waiting_name(seat)
            tail = "  You may still reveal or use an any-time ability." if acting is not None and \
                self.choice_actions() else ""
            return f"Waiting for {who}: {pending.get('prompt', '')}.{tail}"
        name = lambda i: self.seat_name(i)  # noqa: E731
        if kind == "start":
            extra = " or move next door (click a glowing Area)" if self.area_actions else ""
            return f"Your turn: roll the dice to move{extra}."
        if kind == "move_choice":
            rolls = self.turn_rolls()
            if len(rolls) >= 2 and self.compass_choice():
                return "Mystic Compass: choose the Area of either roll."
            if rolls and sum(rolls[-1][2:4]) == 7:
                return "You rolled 7: choose any other Area (click it or pick below)."
            return "Choose where to move."
        if kind == "area":
            here = v["players"][seat]["area"]
            what = look.AREA_INFO.get(here, ("", "use your Area"))[1]
            tail = " (click a player, or pick below)" if self.seat_actions else ""
            return f"{here}: {what[:1].lower() + what[1:]}{tail}. Optional."
        if kind == "attack":
            return "Attack a player in range (they glow), or do not attack."
        if kind == "end":
            return "End of your turn."
        if kind == "respond":
            return f"{name(pending['attacker'])} attacked you. Your response:" + self.why_no_counter(pending)
        if kind == "hermit_give":
            return "Read your Hermit card, then give it to another player."
        if kind == "hermit_answer":
            return f"{name(pending['giver'])} gave you a Hermit card. Answer it:"
        if kind == "loot":
            return f"Take one Equipment card from {name(pending['victim'])}:"
        return pending.get("prompt", "Choose:").capitalize() + ":"

    def why_no_counter(self, pending) -> str:
        """A Werewolf who may not counterattack is told why (not a silent missing button)."""
        me = self.view().get("me")
        if not me or me["character"] != "Werewolf" or any(a.kind == "respond" and a.args == ("counter",)
                                                          for a in self.choice_actions()):
            return ""
        if self.public_players()[self.viewer]["voided"]:
            return " (no counterattack: your ability was voided)"
        if not self.public_players()[pending["attacker"]]["alive"]:
            return " (no counterattack: the attacker is dead)"
        if self.view()["options"].get("abilities") == "off":
            return " (no counterattack: abilities are off)"
        return ""

    def compass_choice(self) -> bool:
        """The mover holds the Mystic Compass: two rolls to choose from (otherwise several
        rolls in a turn are re-rolls of the Area the mover stood on)."""
        v = self.view()
        return v["active"] >= 0 and "Mystic Compass" in v["players"][v["active"]]["equipment"]

    def turn_rolls(self) -> list[tuple]:
        """Movement rolls of the current turn (two with the Mystic Compass)."""
        out = []
        for fact in reversed(self.view()["history"]):
            if fact[0] == "turn":
                break
            if fact[0] == "roll":
                out.append(fact)
            if fact[0] == "move":
                break
        return list(reversed(out))

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
        return not self.effects and not self.dice_rolling()
