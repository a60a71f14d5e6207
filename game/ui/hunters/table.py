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

from game.rules.hunters.data import AREAS, ROLL_AREA
from game.rules.protocol import Action
from game.ui import draw, style
from game.ui.table_base import TableScene, fit

from . import layout as L
from . import look
from .anim import Effect, Effects, ease_out, tumbling_value
from .notebook import Notebook
from .overlays import CharacterScene, LookHandoff, NotebookScene, SeatPickerScene

# Actions whose first argument is the seat they act on (a click on that player picks them).
SEAT_FIRST = frozenset(("attack", "give", "franklin", "george", "ellen", "fuka", "ultra_soul",
                        "card_target", "altar", "goblin"))
AREA_KINDS = frozenset(("move", "emi"))

# Hold lengths at normal speed (the session waits this long after such an event).
HOLD = {"roll": 0.9, "attack": 1.1, "die": 0.8, "dynamite": 1.0, "damage": 0.7, "heal": 0.6,
        "set_damage": 0.6, "death": 1.1, "reveal": 1.0, "move": 0.5, "draw": 0.6,
        "equipment": 0.6, "loot": 0.6}


def target_seat(action: Action) -> int | None:
    """The player an action is aimed at, if any."""
    a = action.args
    if action.kind in SEAT_FIRST and a and isinstance(a[0], int):
        return a[0]
    if action.kind == "woods" and len(a) == 2:
        return a[1]
    if action.kind == "banana" and len(a) == 2:
        return a[1]
    return None


PREFIXES = ("Weird Woods: ", "Erstwhile Altar: ", "Moody Goblin: ", "Banana Peel: ")


def short_label(label: str) -> str:
    for prefix in PREFIXES:
        if label.startswith(prefix):
            rest = label[len(prefix):]
            return rest[:1].upper() + rest[1:]
    return label.replace("Give the Hermit card to ", "Give it to ")


def track_markers(view) -> dict[int, list[int]]:
    """Damage value -> seats whose HP piece stands there (the living only: the rulebook
    has the dead take their pieces off the board)."""
    out: dict[int, list[int]] = {}
    for p in view["players"]:
        if p["alive"]:
            out.setdefault(min(14, p["damage"]), []).append(p["seat"])
    return out


class HuntersTable(TableScene):
    felt = True

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
        if not self.notebook.looked and not session.is_over():
            self._pass = list(session.humans)
        self.only_seat: int | None = None
        active = session.view(None)["active"]
        self._turn_owner: int | None = active if active >= 0 else None
        self.reveal_armed = 0.0
        self.seat_actions: dict[int, list[Action]] = {}
        self.area_actions: dict[str, Action] = {}
        if self.notebook.problem:
            self.set_status(self.notebook.problem)

    # --- what the viewer may see ------------------------------------------------------------
    def view(self):
        key = (len(self.session.entries), len(self.session.match.log), self.viewer)
        if key != self._view_key:
            self._view_key = key
            self._view = self.session.view(self.viewer)
        return self._view

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
        if len(self.session.humans) == 1:
            self.open_private(self.session.humans[0])
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
        seat = self._pass[0]
        if self.several() and s.at_screen != seat:
            self.app.push(LookHandoff(self.app, self, seat))
            return
        self._pass.pop(0)
        self.app.push(CharacterScene(self.app, self, seat, first_look=True))

    # --- per frame ---------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        top = self.app.top
        self._rebuilt = False
        self._update(dt)
        if self.app.top is not top or self._rebuilt:
            # A hand-off was pushed (or the buttons were rebuilt) during this frame.
            # pygame-gui works out what to draw in its own update, which already ran:
            # refresh it now, or this frame would still show the old buttons, e.g. the
            # table's choices over the hand-off screen.
            self.manager.update(0.0)

    def rebuild(self) -> None:
        self._rebuilt = True
        super().rebuild()

    def _update(self, dt: float) -> None:
        self.effects.update(dt)
        if self.reveal_armed > 0:
            self.reveal_armed -= dt
            if self.reveal_armed <= 0 and self.active:
                self.rebuild()
        if self._pass is not None and self.app.top is self:
            if not self._dealt():
                self.session.update()
            if self._dealt():
                self._advance_pass()
                if self.app.top is not self:
                    return
        if self.session.is_over() and self.effects:
            return  # let the last hit land before the results cover the table
        super().update(dt)

    def ui_key(self) -> tuple:
        """Rebuild the buttons only when what they offer changes, not at every computer
        move: a click that lands while buttons are being rebuilt would be lost."""
        s = self.session
        v = self.view()
        choices = tuple((a.kind, a.args) for a in self.choice_actions())
        viewer = self.viewer
        me = v["players"][viewer] if viewer is not None else None
        return (choices, s.at_screen, s.is_over(), s.can_undo() and not self.several(),
                self._focus_card(), me and (me["alive"], me["revealed"]), self.only_seat,
                self.reveal_armed > 0)

    def on_game_event(self, event, step: int) -> None:
        fact = event.data.get("fact", ()) if isinstance(event.data, dict) else ()
        if event.kind == "turn" and fact:
            ended, self._turn_owner = self._turn_owner, fact[1]
            if self.several() and ended is not None and ended == self.session.at_screen:
                # the person at the screen has finished their turn: it goes public again
                self.session.handed_to(None)
                self.only_seat = None
        if event.kind == "game_over" or not event.visible_to(self.viewer) or not fact:
            return
        if event.kind in HOLD:
            seconds = self.hold_for_animation(HOLD[event.kind])
            self._start_effect(event.kind, fact, seconds)
        if event.kind in ("damage", "death", "reveal"):
            self.app.sound.play("refused" if event.kind == "death" else "click")

    def _start_effect(self, kind: str, fact: tuple, seconds: float) -> None:
        if seconds <= 0:
            return
        if kind in ("roll", "attack", "die", "dynamite"):
            self.effects.add(Effect("dice", seconds, fact[1], {"fact": fact}))
            if kind == "attack":
                self.effects.add(Effect("attack", seconds, fact[1], {"targets": tuple(fact[2])}))
        elif kind == "damage":
            self.effects.add(Effect("hit", seconds, fact[1], {"text": f"-{fact[2]}"}))
        elif kind == "heal":
            self.effects.add(Effect("heal", seconds, fact[1], {"text": f"+{fact[2]}"}))
        elif kind == "set_damage":
            self.effects.add(Effect("heal", seconds, fact[1], {"text": f"= {fact[2]}"}))
        elif kind == "death":
            self.effects.add(Effect("death", seconds, fact[1], {"character": fact[3]}))
        elif kind == "reveal":
            self.effects.add(Effect("reveal", seconds, fact[1], {"character": fact[2]}))
        elif kind == "move":
            self.effects.add(Effect("move", seconds, fact[1],
                                    {"from": self._positions.get(fact[1]), "to": fact[2]}))
        elif kind == "draw":
            text = "a Hermit card" if fact[2] == "hermit" else str(fact[3])
            self.effects.add(Effect("note", seconds, fact[1], {"text": f"draws {text}"}))
        elif kind == "equipment":
            self.effects.add(Effect("note", seconds, fact[2], {"text": f"+ {fact[3]}"}))
        elif kind == "loot":
            self.effects.add(Effect("note", seconds, fact[1], {"text": "+ " + ", ".join(fact[3])}))

    # --- game over: a results screen that shows who was who --------------------------------
    def game_over(self) -> None:
        from game.storage import stats

        from .results import HuntersResults

        notice = None
        try:
            notice = stats.record_result(self.session)
        except OSError as exc:
            notice = f"The statistics could not be saved ({exc})."
        self.notebook.discard()
        self.app.sound.play("end")
        self.app.push(HuntersResults(self.app, self.session))
        if notice:
            self.app.notify(notice, title="Statistics")

    # --- choices --------------------------------------------------------------------------------
    def choice_actions(self) -> list[Action]:
        # the rules say "Player 3"; the buttons say the name chosen at setup, and drop
        # the card or Area name the prompt above them already gives
        actions = [Action(a.kind, a.args, short_label(self.named([a.label])[0]))
                   for a in super().choice_actions() if a.kind != "reveal"]
        if self.only_seat is not None:
            narrowed = [a for a in actions if target_seat(a) == self.only_seat]
            if narrowed:
                return narrowed
        if len(actions) > 8:
            # a long list of targets: the choices without a target (draw, skip, end)
            # come first so they are never on a second page
            actions.sort(key=lambda a: target_seat(a) is not None)
        return actions

    def _index_targets(self) -> None:
        self.seat_actions, self.area_actions = {}, {}
        for a in self._all_actions():
            t = target_seat(a)
            if t is not None:
                self.seat_actions.setdefault(t, []).append(a)
            if a.kind in AREA_KINDS:
                self.area_actions[a.args[0]] = a

    def _all_actions(self) -> list[Action]:
        return [a for a in super().choice_actions() if a.kind != "reveal"]

    def click_seat(self, seat: int) -> None:
        acts = self.seat_actions.get(seat, [])
        name = self.seat_name(seat)
        if len(acts) == 1:
            self.only_seat = None
            self.choose(acts[0])
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
            self.choose(act)
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

    def handle_event(self, event: pygame.event.Event) -> bool:
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
        rect = self.lay.choices
        self.focus = self._focus_card()
        if self.focus is not None:
            fw = self._focus_size(m)[0]
            rect = pygame.Rect(rect.x + fw + m.gap, rect.y, rect.width - fw - m.gap, rect.height)
        self.choice_rect = rect
        self.build_choices(m, rect)
        if self.only_seat is not None:
            self.button((rect.right - m.px(150), rect.y - m.px(4), m.px(150), m.px(28)), "All choices",
                        self.show_all, choice=False, object_id="#all_choices", cls="@compact")
        self.build_private(m)

    def build_top_bar(self, m: style.Metrics) -> None:
        super().build_top_bar(m)
        if self.several():
            # Taking back a choice another person already saw (a Hermit card given, a reveal)
            # would undo knowledge: with several people at the screen there is no Undo.
            for el in list(self.root.elements) if self.root is not None else []:
                ids = el.get_object_ids()
                if ids and ids[-1] == "#undo":
                    el.kill()

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
            if s.humans and not s.is_over():
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
        h = self.lay.choices.height - m.px(6)
        return int(h * 0.7), h

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
        bar = pygame.Surface((m.width, h), pygame.SRCALPHA)
        bar.fill((*style.BG_DEEP, 200))
        surface.blit(bar, (0, 0))
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
        draw.blit_text(surface, fit(text, m.px(17), width), m.px(17), rect.topleft, colour, bool(self.status))

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
        if acting is None or acting != seat:
            who = self.seat_name(seat)
            tail = "  You may still reveal or use an any-time ability." if acting is not None and \
                self.choice_actions() else ""
            return f"Waiting for {who}: {pending.get('prompt', '')}.{tail}"
        name = lambda i: self.seat_name(i)  # noqa: E731
        if kind == "start":
            extra = " or move next door (click a glowing Area)" if self.area_actions else ""
            return f"Your turn: roll the dice to move{extra}."
        if kind == "move_choice":
            rolls = self.turn_rolls()
            if rolls and sum(rolls[-1][2:4]) == 7 and len(rolls) == 1:
                return "You rolled 7: choose any other Area (click it or pick below)."
            if len(rolls) >= 2:
                return "Mystic Compass: choose the Area of either roll."
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
            return f"{name(pending['attacker'])} attacked you. Your response:"
        if kind == "hermit_give":
            return "Read your Hermit card, then give it to another player."
        if kind == "hermit_answer":
            return f"{name(pending['giver'])} gave you a Hermit card. Answer it:"
        if kind == "loot":
            return f"Take one Equipment card from {name(pending['victim'])}:"
        return pending.get("prompt", "Choose:").capitalize() + ":"

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

    # --- drawing ------------------------------------------------------------------------------------
    def draw_board(self, surface: pygame.Surface) -> None:
        v = self.view()
        m = self.metrics
        self.draw_areas(surface, v, m)
        self.draw_track(surface, v, m)
        self.draw_tray(surface, v, m)
        for seat, rect in enumerate(self.lay.boards):
            self.draw_player(surface, v, m, seat, rect)
        self.draw_private(surface, v, m)
        self.draw_decks(surface, v, m)
        self.draw_focus(surface, m)
        self.draw_attack_lines(surface)
        self.draw_banner(surface, m)
        self._positions = {p["seat"]: p["area"] for p in v["players"]}

    def draw_areas(self, surface, v, m) -> None:
        board = v["board"]
        if len(board) != 6:
            return
        for slot in (0, 2, 4):
            r = self.lay.areas[slot].union(self.lay.areas[slot + 1]).inflate(m.px(8), m.px(8))
            draw.rounded_rect(surface, r, style.mix(style.FELT, (0, 0, 0), 0.25), m.px(10), style.FELT_EDGE)
        d = m.px(24)
        moving = {e.seat: e for e in self.effects.of("move")}
        for slot, name in enumerate(board):
            rect = self.lay.areas[slot]
            lit = name in self.area_actions
            if lit:
                halo = draw.glow(rect.size, style.ACCENT, m.px(10), m.px(8))
                surface.blit(halo, (rect.x - m.px(10), rect.y - m.px(10)))
            surface.blit(look.area_card(name, rect.size, lit), rect)
            here = [p for p in v["players"] if p["area"] == name and p["seat"] not in moving]
            if here:
                step = min(d + m.px(3), (rect.width - m.px(8) - d) // max(1, len(here) - 1)) \
                    if len(here) > 1 else 0
                x = rect.x + m.px(4)
                y = rect.bottom - d - m.px(6)
                for p in here:
                    surface.blit(draw.player_token(p["seat"], d, self.seat_name(p["seat"])), (x, y))
                    x += step
        for seat, e in moving.items():
            to = self._area_rect(e.data.get("to"))
            frm = self._area_rect(e.data.get("from")) or to
            if to is None:
                continue
            t = ease_out(e.progress)
            x = frm.x + (to.x - frm.x) * t + m.px(4)
            y = frm.bottom + (to.bottom - frm.bottom) * t - d - m.px(6) - m.px(30) * (1 - abs(2 * t - 1))
            surface.blit(draw.token(self.seat_name(seat)[:1].upper(), draw.seat_colour(seat), d,
                                    style.ACCENT_BRIGHT), (x, y))

    def _area_rect(self, name):
        board = self.view()["board"]
        if name in board:
            return self.lay.areas[board.index(name)]
        return None

    def draw_track(self, surface, v, m) -> None:
        r = self.lay.track
        draw.panel(surface, r, m.px(8))
        cw = r.width / 15
        d = m.px(19)
        top = r.y + m.px(3)
        by_damage = track_markers(v)
        for n in range(15):
            x = int(r.x + n * cw)
            if n:
                pygame.draw.line(surface, style.PANEL_EDGE, (x, r.y + m.px(4)), (x, r.bottom - m.px(4)))
            draw.blit_text(surface, str(n), m.px(12), (x + m.px(4), top), style.TEXT_MUTED, True)
            mark = look.HP_MARKS.get(n)
            if mark:
                draw.blit_text(surface, mark, m.px(11), (int(x + cw) - m.px(3), top), style.DANGER, True,
                               "topright")
            seats = by_damage.get(n, [])
            # up to two rows of markers per cell, overlapping sideways when crowded
            cols = len(seats) if len(seats) <= 2 else (len(seats) + 1) // 2
            step_x = min(d * 0.8, (cw - m.px(4) - d) / max(1, cols - 1)) if cols > 1 else 0
            for i, seat in enumerate(seats):
                rr, cc = divmod(i, cols)
                px_ = x + m.px(2) + int(cc * step_x)
                py = r.y + m.px(17) + rr * int(d * 0.55)
                surface.blit(draw.player_token(seat, d, self.seat_name(seat)), (px_, py))

    def draw_tray(self, surface, v, m) -> None:
        r = self.lay.tray
        draw.panel(surface, r, m.px(8))
        fact = None
        for f in reversed(v["history"]):
            if f[0] in ("roll", "attack", "die", "dynamite"):
                fact = f
                break
        size = m.px(40)
        x = r.x + m.px(10)
        cy = r.centery
        if fact is None:
            draw.blit_text(surface, "Dice: nobody has rolled yet.", m.px(15), (x, cy), style.TEXT_DIM, False,
                           "midleft")
            return
        rolls = self.turn_rolls()
        if v["pending"].get("kind") == "move_choice" and len(rolls) >= 2 and fact in rolls:
            self.draw_compass(surface, rolls[-2:], m, x, cy, size)
            return
        effect = next((e for e in self.effects.of("dice") if e.data.get("fact") == fact), None)
        progress = effect.progress if effect else 1.0
        faces = []
        kind = fact[0]
        if kind in ("roll", "dynamite"):
            faces = [(6, fact[2]), (4, fact[3])]
        elif kind == "attack":
            d6, d4 = fact[4]
            faces = [(6, d6), (4, d4)] if d6 else [(4, d4)]
        elif kind == "die":
            faces = [(6 if fact[2] in ("franklin", "blessing", "doll") else 4, fact[3])]
        for i, (sides, value) in enumerate(faces):
            shown = tumbling_value(sides, value, progress, i + len(v["history"]))
            img = draw.die_face(shown, sides, size)
            if progress < 0.6:
                img = pygame.transform.rotate(img, (1 - progress) * 40 * (1 if i else -1))
            surface.blit(img, img.get_rect(center=(x + size // 2, cy)))
            x += size + m.px(8)
        text = self.dice_text(fact) if progress >= 0.6 else "Rolling…"
        draw.blit_text(surface, fit(text, m.px(16), r.right - x - m.px(10), True), m.px(16),
                       (x + m.px(6), cy), style.TEXT, True, "midleft")

    def draw_compass(self, surface, rolls, m, x, cy, size) -> None:
        """Mystic Compass: both rolls side by side, the player picks either Area."""
        parts = []
        for fact in rolls:
            for sides, value in ((6, fact[2]), (4, fact[3])):
                img = draw.die_face(value, sides, size)
                surface.blit(img, img.get_rect(center=(x + size // 2, cy)))
                x += size + m.px(4)
            total = fact[2] + fact[3]
            area = ROLL_AREA.get(total)
            parts.append(f"{total} ({'any other Area' if area is None else AREAS[area]})")
            x += m.px(12)
        text = "Mystic Compass: " + " or ".join(parts)
        draw.blit_text(surface, fit(text, m.px(16), self.lay.tray.right - x - m.px(10), True), m.px(16),
                       (x, cy), style.TEXT, True, "midleft")

    def dice_text(self, fact: tuple) -> str:
        name = self.seat_name
        kind = fact[0]
        if kind == "roll":
            total = fact[2] + fact[3]
            area = ROLL_AREA.get(total)
            where = "any other Area" if area is None else AREAS[area]
            return f"{name(fact[1])} moves: {fact[2]} + {fact[3]} = {total} ({where})"
        if kind == "dynamite":
            total = fact[2] + fact[3]
            area = ROLL_AREA.get(total)
            where = "nothing happens" if area is None else f"3 damage to all on {AREAS[area]}"
            return f"Dynamite: {fact[2]} + {fact[3]} = {total}: {where}"
        if kind == "attack":
            d6, d4 = fact[4]
            targets = ", ".join(name(t) for t in fact[2])
            verb = "counterattacks" if fact[3] else "attacks"
            if not d6:
                return f"{name(fact[1])} {verb} {targets}: d4 = {d4}"
            diff = abs(d6 - d4)
            roll = "miss (equal dice)" if diff == 0 else f"difference {diff}"
            return f"{name(fact[1])} {verb} {targets}: {d6} − {d4} = {roll}"
        what = {"franklin": "Franklin's d6", "george": "George's d4", "blessing": "Blessing d6",
                "doll": "Spiritual Doll d6"}.get(fact[2], fact[2])
        return f"{name(fact[1])}: {what} = {fact[3]}"

    def draw_player(self, surface, v, m, seat, rect) -> None:
        p = v["players"][seat]
        active = v["active"] == seat
        decider = v["pending"].get("seat") == seat and not v["over"]
        lit = seat in self.seat_actions
        hits = self.effects.on_seat(seat)
        if lit:
            halo = draw.glow(rect.size, style.ACCENT, m.px(8), m.px(8))
            surface.blit(halo, (rect.x - m.px(8), rect.y - m.px(8)))
        draw.panel(surface, rect, m.px(8), alpha=245 if p["alive"] else 160)
        edge = style.ACCENT_BRIGHT if lit else (style.ACCENT if active else None)
        for e in hits:
            if e.kind in ("hit", "death"):
                edge = style.DANGER
            elif e.kind == "heal":
                edge = style.GOOD
            elif e.kind == "reveal":
                edge = style.ACCENT_BRIGHT
        if edge:
            pygame.draw.rect(surface, edge, rect, m.px(2), border_radius=m.px(8))
        pad = m.px(7)
        d = m.px(24)
        surface.blit(draw.player_token(seat, d, self.seat_name(seat)), (rect.x + pad, rect.y + pad))
        tag = "dead" if not p["alive"] else ("turn" if active else ("deciding" if decider else ""))
        tag_img = None
        if tag:
            tag_img = look.chip(tag, m.px(11), style.DANGER if tag == "dead" else style.ACCENT)
            surface.blit(tag_img, tag_img.get_rect(topright=(rect.right - pad, rect.y + pad + m.px(3))))
        name_room = rect.width - d - 3 * pad - (tag_img.get_width() + pad if tag_img else 0)
        draw.blit_text(surface, fit(self.seat_name(seat), m.px(15), name_room, True), m.px(15),
                       (rect.x + pad + d + m.px(6), rect.y + pad + d // 2), style.TEXT, True, "midleft")
        y = rect.y + pad + d + m.px(4)
        sym = m.px(18)
        # character line: revealed for all; own hidden character only for its owner
        flip = next((e for e in hits if e.kind == "reveal"), None)
        if p["revealed"] and not (flip and flip.progress < 0.5):
            surface.blit(look.faction_mark(p["faction"], sym), (rect.x + pad, y))
            line = f"{p['character']} · HP {p['hp']}"
            colour = look.faction_colour(p["faction"])
        else:
            surface.blit(look.faction_mark(None, sym), (rect.x + pad, y))
            me = v.get("me")
            if me and seat == self.viewer:
                line, colour = f"You: {me['character']} (hidden)", style.TEXT_MUTED
            else:
                note = self.notebook.summary(self.viewer, seat) if self.viewer is not None else ""
                line, colour = (f"Note: {note}" if note else "Hidden"), style.TEXT_DIM
        draw.blit_text(surface, fit(line, m.px(14), rect.width - sym - 3 * pad, p["revealed"]), m.px(14),
                       (rect.x + pad + sym + m.px(5), y + sym // 2), colour, p["revealed"], "midleft")
        y += sym + m.px(4)
        # damage, states and equipment
        hp = p["hp"]
        if hp is None and seat == self.viewer and v.get("me"):
            hp = v["me"]["hp"]                  # your own HP, known only to you
        dmg_text = f"Damage {p['damage']}" + (f"/{hp}" if hp else "")
        img = draw.text(dmg_text, m.px(13), style.DANGER if p["damage"] else style.TEXT_MUTED, True)
        surface.blit(img, (rect.x + pad, y))
        x = rect.x + pad + img.get_width() + m.px(6)
        chips = []
        if p["protected"]:
            chips.append(("Shield", style.GOOD, "Shield"))
        if p["voided"]:
            chips.append(("Void", style.DANGER, "Void"))
        chips += [(look.EQUIPMENT_SHORT.get(e, e), look.equipment_colour(e), e) for e in p["equipment"]]
        for i, (text, colour, _) in enumerate(chips):
            c = look.chip(text, m.px(11), colour)
            if x + c.get_width() > rect.right - pad - m.px(22) and i < len(chips) - 1:
                more = look.chip(f"+{len(chips) - i}", m.px(11), style.PANEL_EDGE)
                surface.blit(more, (x, y))
                break
            surface.blit(c, (x, y))
            x += c.get_width() + m.px(3)
        if not p["alive"]:
            veil = pygame.Surface(rect.size, pygame.SRCALPHA)
            veil.fill((0, 0, 0, 90))
            surface.blit(veil, rect)
        for e in hits:
            if e.kind in ("hit", "heal"):
                t = e.progress
                col = style.DANGER if e.kind == "hit" else style.GOOD
                img = draw.text(e.data["text"], m.px(28), col, True)
                img.set_alpha(int(255 * (1 - t * t)))
                surface.blit(img, img.get_rect(center=(rect.centerx, rect.centery - int(m.px(30) * t))))
            elif e.kind == "death":
                draw.blit_text(surface, "DIES", m.px(26), rect.center, style.DANGER, True, "center")
            elif e.kind == "note":
                img = look.chip(fit(e.data["text"], m.px(14), rect.width - m.px(30), True), m.px(14),
                                style.ACCENT)
                img.set_alpha(int(255 * min(1.0, (1 - e.progress) * 4)))
                surface.blit(img, img.get_rect(midbottom=(rect.centerx, rect.bottom - m.px(4))))

    def draw_over(self, surface: pygame.Surface) -> None:
        super().draw_over(surface)
        self.draw_hover_card(surface)

    def draw_hover_card(self, surface) -> None:
        """The mouse over a player board shows that character's full card, if it is known
        to the person at the screen (revealed, or their own)."""
        m = self.metrics
        pos = pygame.mouse.get_pos()
        v = self.view()
        for seat, rect in enumerate(self.lay.boards):
            if not rect.collidepoint(pos):
                continue
            p = v["players"][seat]
            name = p["character"] if p["revealed"] else None
            if name is None and seat == self.viewer and v.get("me"):
                name = v["me"]["character"]
            if not name:
                return
            size = (m.px(190), m.px(266))
            card = look.character_card(name, size)
            r = card.get_rect(topleft=(rect.x, rect.bottom + m.px(6)))
            r.clamp_ip(surface.get_rect())
            if r.colliderect(rect):
                r.bottom = rect.y - m.px(6)
                r.clamp_ip(surface.get_rect())
            shadow = pygame.Surface(r.inflate(m.px(8), m.px(8)).size, pygame.SRCALPHA)
            shadow.fill((0, 0, 0, 120))
            surface.blit(shadow, (r.x - m.px(2), r.y + m.px(2)))
            surface.blit(card, r)
            return

    def draw_banner(self, surface, m) -> None:
        """A reveal or a death gets the middle of the board for a moment: card and words."""
        e = next((x for x in self.effects.items if x.kind in ("reveal", "death")), None)
        if e is None or "character" not in e.data:
            return
        name = e.data["character"]
        info = look.CHARACTER.get(name)
        if info is None:
            return
        area = self.lay.board_area
        h = min(area.height - m.px(8), m.px(150))
        w = min(area.width - m.px(40), m.px(460))
        rect = pygame.Rect(0, 0, w, h)
        rect.center = area.center
        fade = min(1.0, e.progress * 5, (1 - e.progress) * 5)
        panel = pygame.Surface(rect.size, pygame.SRCALPHA)
        draw.rounded_rect(panel, panel.get_rect(), (*style.BG_DEEP, 235), m.px(12),
                          style.DANGER if e.kind == "death" else style.ACCENT_BRIGHT, m.px(2))
        ch = h - m.px(16)
        card = look.character_card(name, (int(ch * 0.72), ch), detailed=False)
        panel.blit(card, (m.px(10), m.px(8)))
        tx = m.px(20) + card.get_width()
        who = self.seat_name(e.seat)
        title = f"{who} dies" if e.kind == "death" else f"{who} reveals!"
        draw.blit_text(panel, fit(title, m.px(24), w - tx - m.px(10), True), m.px(24),
                       (tx, m.px(16)), style.DANGER if e.kind == "death" else style.ACCENT_BRIGHT, True)
        draw.blit_text(panel, f"{name}: {info['faction']}, HP {info['hp']}", m.px(18),
                       (tx, m.px(56)), look.faction_colour(info["faction"]), True)
        for i, line in enumerate(draw.wrap("Wins: " + info["win"], m.px(14), w - tx - m.px(10))[:3]):
            draw.blit_text(panel, line, m.px(14), (tx, m.px(86) + i * m.px(19)), style.TEXT_MUTED)
        panel.set_alpha(int(255 * fade))
        surface.blit(panel, rect)

    def draw_attack_lines(self, surface) -> None:
        for e in self.effects.of("attack"):
            a = self.lay.boards[e.seat].center
            for t in e.data["targets"]:
                b = self.lay.boards[t].center
                t_ = ease_out(min(1.0, e.progress * 2))
                end = (a[0] + (b[0] - a[0]) * t_, a[1] + (b[1] - a[1]) * t_)
                pygame.draw.line(surface, style.DANGER, a, end, self.metrics.px(4))
                pygame.draw.circle(surface, style.DANGER, end, self.metrics.px(7))

    def draw_private(self, surface, v, m) -> None:
        r = self.lay.private
        draw.panel(surface, r, m.px(style.RADIUS))
        me = v.get("me")
        x = r.x + m.px(12)
        if self.viewer is None or not me:
            draw.blit_text(surface, "Public view", m.px(16), (x, r.y + m.px(10)), style.TEXT_MUTED, True)
            lines = ["Nobody's cards are on screen.",
                     "To see your own character and notebook, press below (the others look away)."]
            if self.session.is_over():
                lines = ["The game is over: every character is revealed."]
            y = r.y + m.px(40)
            for ln in lines:
                for part in draw.wrap(ln, m.px(14), r.width - m.px(24)):
                    draw.blit_text(surface, part, m.px(14), (x, y), style.TEXT_DIM)
                    y += m.px(19)
            return
        name = self.seat_name(self.viewer)
        draw.blit_text(surface, fit(f"{name}: your character", m.px(15), r.width - m.px(24), True), m.px(15),
                       (x, r.y + m.px(8)), style.TEXT_MUTED, True)
        ch = r.height - m.px(34) - m.px(52)
        cw = int(ch * 0.72)
        card = look.character_card(me["character"], (cw, ch), detailed=False)
        cy = r.y + m.px(32)
        surface.blit(card, (x, cy))
        tx = x + cw + m.px(10)
        tw = r.right - m.px(10) - tx
        fs = m.px(13)
        y = cy
        win = me["win"]
        if me.get("agnes_target") is not None:
            win = f"{self.seat_name(me['agnes_target'])} wins"
        seen = [f"{self.seat_name(s)} is {c}" for s, c in v.get("shown_to_me", ())]
        blocks = [("Wins: ", win, style.ACCENT), ("", me["ability"], style.TEXT)]
        if seen:
            blocks.append(("Seen: ", "; ".join(seen), style.TEXT_MUTED))
        bottom = r.bottom - m.px(48)
        for head, text, colour in blocks:
            for i, line in enumerate(draw.wrap(head + text, fs, tw)):
                if y + fs > bottom:
                    break
                draw.blit_text(surface, line, fs, (tx, y), colour if i == 0 and head else style.TEXT,
                               i == 0 and bool(head))
                y += int(fs * 1.28)
            y += m.px(4)

    def draw_decks(self, surface, v, m) -> None:
        r = self.lay.decks
        draw.panel(surface, r, m.px(style.RADIUS))
        col_w = r.width // 3
        ch = r.height - m.px(30)
        cw = int(ch * 0.7)
        for i, deck in enumerate(("hermit", "white", "black")):
            x = r.x + i * col_w + m.px(8)
            y = r.y + m.px(6)
            n = v["decks"][deck]
            back = look.deck_back(deck, (cw, ch))
            if n:
                surface.blit(back, (x, y))
            else:
                pygame.draw.rect(surface, style.PANEL_EDGE, (x, y, cw, ch), 1, border_radius=m.px(4))
            dx = x + cw + m.px(4)
            disc = v["discards"][deck]
            if deck == "hermit":
                count = disc
                if count:
                    surface.blit(look.deck_back(deck, (cw, ch)), (dx, y))  # Hermit discards lie face down
            else:
                count = len(disc)
                if count:
                    surface.blit(look.mini_card(disc[-1], deck, (cw, ch)), (dx, y))
            if not count:
                pygame.draw.rect(surface, style.PANEL_EDGE, (dx, y, cw, ch), 1, border_radius=m.px(4))
            label = f"{n} left, {count} used"
            draw.blit_text(surface, fit(label, m.px(12), col_w - m.px(8)), m.px(12),
                           (x, r.bottom - m.px(20)), style.TEXT_MUTED)

    def draw_focus(self, surface, m) -> None:
        focus = getattr(self, "focus", None)
        if not focus:
            return
        title, card, deck = focus
        w, h = self._focus_size(m)
        r = self.lay.choices
        img = look.read_card(card, deck, (w, h - m.px(18)))
        draw.blit_text(surface, title, m.px(13), (r.x, r.y), style.ACCENT, True)
        surface.blit(img, (r.x, r.y + m.px(18)))
