"""Private screens of the Shadow Hunters table.

* ``LookHandoff``: "Pass to Alice" before she looks at her own cards out of turn (the
  start-of-game look, or "my private view" later). Like the shared hand-off screen it
  covers the table and shows only the public log.
* ``CharacterScene``: one player's character card, win condition and ability, full
  screen, with nobody else's information on it.
* ``SeatPickerScene``: with several people at the screen, who wants to look now?
* ``NotebookScene``: the deduction notebook of the person at the screen.
"""

from __future__ import annotations

import pygame

from game.i18n import N_, _
from game.ui import draw, style
from game.ui.scene import Overlay, Scene
from game.ui.scenes.handoff import HandoffScene
from game.ui.scenes.notice import NoticeScene
from game.ui.table_base import fit

from . import look
from .notebook import FACTION_GUESSES, hermit_clues

WARM_TABLE_AFTER = 6   # frames into the first look (a tenth of a second)


class LookHandoff(HandoffScene):
    """The hand-off before a player looks at their own character (not a decision)."""

    def __init__(self, app, table, seat: int, purpose: str = N_("show my character")) -> None:
        super().__init__(app, table, seat)
        self.purpose = purpose

    def button_text(self) -> str:
        # the shared hand-off screen, with a button that says what happens next
        return _("I am {player}: {purpose}", player=self.name, purpose=_(self.purpose))


class CharacterScene(Scene):
    """Full screen: the player's own character. Opaque, so nothing else shows."""
    # its button made ahead while the hand-off before it is up (``LookAhead``)
    keep_widgets = True
    park_widgets = True

    def __init__(self, app, table, seat: int, first_look: bool = False,
                 then_play: bool = False) -> None:
        super().__init__(app)
        self.table = table
        self.seat = seat
        self.first_look = first_look
        self.then_play = then_play      # her turn comes next: she stays at the screen
        self.name = table.session.seats[seat].name
        self.me = dict(table.session.view(seat).get("me", {}))
        self._frames = 0

    @staticmethod
    def card_size(m: style.Metrics) -> tuple[int, int]:
        ch = m.height - 2 * m.margin - m.px(190) - int(m.px(90) * (m.text - 1))   # under the lines
        return int(ch * 0.7), ch

    @classmethod
    def prepare_card(cls, table, seat: int) -> None:
        """Make the card picture of ``seat``'s look ahead, off screen (the frame before)."""
        name = table.session.view(seat).get("me", {}).get("character")
        if name:
            look.character_card(name, cls.card_size(table.metrics), detailed=False)

    def update(self, dt: float) -> None:
        self._frames += 1
        if self._frames == WARM_TABLE_AFTER and self.first_look:
            # the player reads the card: the table's first picture with the Areas and this
            # player's panel is made now, off screen, not in the frame that uncovers it
            self.table.draw_off_screen()

    def build(self, m: style.Metrics) -> None:
        bw = m.px(300)
        several = len(self.table.session.humans) > 1
        if several and not self.then_play:
            text = _("Got it: hide my card")
        elif self.then_play:
            text = _("Got it: start my turn")
        else:
            text = _("Start playing") if self.first_look else _("Back to the table")
        self.button(((m.width - bw) // 2, m.height - m.margin - m.px(52), bw, m.px(52)), text, self.done,
                    cls="@primary", object_id="#look_done", badge=False)

    def done(self) -> None:
        if len(self.table.session.humans) > 1 and not self.then_play:
            self.table.hide_private()
        self.app.pop()

    def default_action(self) -> None:
        self.done()

    def on_escape(self) -> None:
        self.done()

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(draw.table_background(surface.get_size(), felt=True), (0, 0))
        m = self.metrics
        cx = m.width // 2
        k = m.text      # the lines' steps grow with the text size (issue 44)
        draw.blit_text(surface, _("{player}, this is your character", player=self.name), m.px(style.FONT_HEADING + 4),
                       (cx, m.margin), style.ACCENT_BRIGHT, True, "midtop")
        draw.blit_text(surface, _("Keep it secret. You may reveal it at any decision point."),
                       m.px(style.FONT_BODY), (cx, m.margin + int(m.px(44) * k)), style.TEXT_MUTED, False, "midtop")
        name = self.me.get("character")
        if not name:
            return
        cw, ch = self.card_size(m)
        card = look.character_card(name, (cw, ch), detailed=False)
        total = cw + m.px(40) + m.px(420)
        x = cx - total // 2 if k <= 1 else m.margin
        y = m.margin + int(m.px(90) * k)
        surface.blit(card, (x, y))
        tx = x + cw + m.px(40)
        tw = m.px(420) if k <= 1 else m.width - m.margin - tx
        faction = self.me.get("faction", "")
        surface.blit(look.faction_mark(faction, m.px(44)), (tx, y))
        draw.blit_text(surface, _("{character} · {faction} · HP {hp}", character=_(name), faction=_(faction),
                                  hp=self.me.get("hp")), m.px(24),
                       (tx + m.px(56), y + m.px(22)), style.TEXT, True, "midleft")
        yy = y + (m.px(66) if k <= 1 else max(m.px(44), draw.font(m.px(24), True).get_linesize()) + m.px(12))
        target = self.me.get("agnes_target")
        win = _(self.me["win"]) if self.me.get("win") else ""
        if target is not None:
            win = _("{condition} (now: {player})", condition=win, player=self.table.seat_name(target))
        ability = _(self.me["ability"]) if self.me.get("ability") else ""
        for title, text in ((_("You win when"), win), (_("Ability"), ability)):
            draw.blit_text(surface, title, m.px(17), (tx, yy), style.ACCENT, True)
            yy += int(m.px(24) * k)
            for line in draw.wrap(text, m.px(18), tw):
                draw.blit_text(surface, line, m.px(18), (tx, yy), style.TEXT)
                yy += int(m.px(24) * k)
            yy += m.px(12)
        tip = _("At the table your card stays in the panel at the top right while you are at the "
                "screen. Notes opens your private notebook; point at a revealed player to read "
                "their card.")
        lines = draw.wrap(tip, m.px(15), tw)
        if k > 1 and yy + len(lines) * int(m.px(20) * k) > m.height - m.margin - m.px(58):
            return      # large text: the tip gives way to the button rather than run under it
        for line in lines:
            draw.blit_text(surface, line, m.px(15), (tx, yy), style.TEXT_DIM)
            yy += int(m.px(20) * k)


class LookAhead:
    """The start-of-game look's screens made ahead (game.ui.ahead), as the table's other
    hand-offs are (game.ui.table_ahead): the hand-off to the next person while the table
    is put up or the one before reads her card, and, while that hand-off is up, the button
    of her card's screen. Nothing of hers is drawn before her Ready: her card's screen is
    only built dry (its one button says "Got it…", nothing secret)."""

    def __init__(self, table) -> None:
        self.table = table
        self._handoff: LookHandoff | None = None
        self._card: CharacterScene | None = None
        self.rebuild_due = False    # the table skipped a rebuild its look was to cover

    def prepare_handoff(self, seat: int) -> None:
        if self._handoff is not None and self._handoff.seat == seat:
            return
        self.drop()
        self._handoff = LookHandoff(self.table.app, self.table, seat)
        self.table.app.ahead.add("look", self._handoff.prepare())

    def handoff(self, seat: int) -> LookHandoff:
        """The hand-off to ``seat`` before her look: the one made ahead if it is hers."""
        ready = self._handoff
        if ready is not None and ready.seat == seat:
            self._handoff = None
            self.table.app.ahead.cancel("look")     # what is not made yet, its build makes
        else:
            self.drop()
            ready = LookHandoff(self.table.app, self.table, seat)
        table = self.table
        then_play = len(table._pass or ()) == 1 and seat == table.session.human_to_act()
        self._card = CharacterScene(table.app, table, seat, first_look=True, then_play=then_play)
        table.app.ahead.add("look", Scene.prepare(self._card))
        return ready

    def card(self, seat: int, then_play: bool) -> CharacterScene:
        """Her card's screen (``then_play``: her turn follows with her at the screen)."""
        table = self.table
        then_play = then_play and len(table.session.humans) > 1
        ready, self._card = self._card, None
        table.app.ahead.cancel("look")
        if ready is None or ready.seat != seat or ready.then_play != then_play:
            if ready is not None:
                ready.teardown()
            ready = CharacterScene(table.app, table, seat, first_look=True, then_play=then_play)
        return ready

    def covers_again(self) -> bool:
        """The table is uncovered by a first look's hand-off, and her card will cover it
        in this same frame (``HuntersTable._advance_pass``)."""
        t = self.table
        due = bool(t._pass) and t._look_prepared and len(t.session.humans) > 1 \
            and t.session.at_screen == t._pass[0] and t._dealt()
        self.rebuild_due = due
        return due

    def drop(self) -> None:
        self.table.app.ahead.cancel("look")
        for scene in (self._handoff, self._card):
            if scene is not None:
                scene.teardown()
        self._handoff = self._card = None


class SeatPickerScene(Overlay):
    """Several people share the screen: who sits at it now? (or nobody: all cards hidden)"""

    def __init__(self, app, table) -> None:
        super().__init__(app)
        self.table = table

    def build(self, m: style.Metrics) -> None:
        session = self.table.session
        seats = [s for s in session.humans if s != self.table.viewer and session.at_this_screen(s)]
        bw = m.px(300)
        rows = len(seats) + (2 if self.table.viewer is not None else 1)
        title_w = draw.font(m.px(style.FONT_BODY + 4), True).size(self.title())[0]
        note = self.waiting_note()
        extra = m.px(26) if note else 0
        self.box = self.centered(max(bw + 2 * m.px(40), title_w + 2 * m.px(28)),
                                 m.px(100) + extra + rows * (m.button_h + m.gap))
        y = self.box.y + m.px(78) + extra
        waiting = self.table.session.human_to_act()
        for seat in seats:
            name = self.table.seat_name(seat)
            self.button((self.box.centerx - bw // 2, y, bw, m.button_h),
                        _("{player} · the game waits for you", player=name) if seat == waiting else name,
                        lambda s=seat: self.pick(s), object_id=f"#pick_{seat}")
            y += m.button_h + m.gap
        if self.table.viewer is not None:
            self.button((self.box.centerx - bw // 2, y, bw, m.button_h), _("Nobody: hide all cards"),
                        self.hide, object_id="#pick_none")
            y += m.button_h + m.gap
        self.button((self.box.centerx - bw // 2, y, bw, m.button_h), _("Cancel"), self.app.pop,
                    object_id="#pick_cancel")

    def title(self) -> str:
        return _("Pass the screen to…") if self.table.viewer is not None else _("Who wants to see their own cards?")

    def waiting_note(self) -> str:
        seat = self.table.session.human_to_act()
        return "" if seat is None else _("The game is waiting for {player}.", player=self.table.seat_name(seat))

    def pick(self, seat: int) -> None:
        self.app.pop()
        self.table.open_private(seat)

    def hide(self) -> None:
        self.app.pop()
        self.table.hide_private()

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        m = self.metrics
        draw.panel(surface, self.box, m.px(style.RADIUS), alpha=250)
        draw.blit_text(surface, self.title(), m.px(style.FONT_BODY + 4),
                       (self.box.centerx, self.box.y + m.px(36)), style.ACCENT_BRIGHT, True, "center")
        note = self.waiting_note()
        if note:
            draw.blit_text(surface, note, m.px(style.FONT_SMALL), (self.box.centerx, self.box.y + m.px(66)),
                           style.TEXT_MUTED, False, "center")


class NotebookScene(Overlay):
    """What the person at the screen believes the others are. Private to that seat."""

    shade = 200

    def __init__(self, app, table, seat: int) -> None:
        super().__init__(app)
        self.table = table
        self.seat = seat

    @property
    def book(self):
        return self.table.notebook

    def others(self) -> list[int]:
        return [i for i in range(len(self.table.session.seats)) if i != self.seat]

    def build(self, m: style.Metrics) -> None:
        rows = self.others()
        row_h = m.px(40)
        self.clue_h = m.px(16)
        w = min(m.width - 2 * m.pad, m.px(860))
        h = min(m.height - 2 * m.pad, m.px(130) + len(rows) * (row_h + self.clue_h + m.px(4)) + m.button_h)
        self.box = self.centered(w, h)
        self.rows = {}
        y = self.box.y + m.px(70)
        fb = m.px(40)
        name_w = m.px(200)
        status_w = m.px(150)
        for about in rows:
            x = self.box.x + m.pad + name_w + status_w
            for f in FACTION_GUESSES:
                # the faction's first letter in the language (H/S/N, ハ/シ/ニ); the tooltip names it
                self.button((x, y, fb, row_h - m.px(4)), _(f)[:1] if f != "?" else f,
                            lambda a=about, g=f: self.mark(a, g),
                            choice=False, object_id=f"#nb_{about}_{f[0].lower() if f != '?' else 'q'}",
                            cls="@compact_on" if self.book.get(self.seat, about)["faction"] == f else "@compact",
                            tooltip=_(f) if f != "?" else _("Not sure"))
                x += fb + m.px(4)
            x += m.px(12)
            self.button((x, y, fb, row_h - m.px(4)), "<", lambda a=about: self.cycle(a, -1), choice=False,
                        object_id=f"#nb_{about}_prev")
            gx = x + fb + m.px(4)
            gw = self.box.right - m.pad - fb - m.px(4) - gx
            self.rows[about] = (y, pygame.Rect(gx, y, gw, row_h - m.px(4)))
            self.button((self.box.right - m.pad - fb, y, fb, row_h - m.px(4)), ">",
                        lambda a=about: self.cycle(a, 1), choice=False, object_id=f"#nb_{about}_next")
            y += row_h + self.clue_h + m.px(4)
        bw = m.px(200)
        self.button((self.box.centerx - bw // 2, self.box.bottom - m.button_h - m.pad, bw, m.button_h), _("Done"),
                    self.app.pop, object_id="#nb_done", cls="@primary")

    def mark(self, about: int, faction: str) -> None:
        note = self.book.get(self.seat, about)
        self.book.set(self.seat, about, faction, note["character"])
        self.rebuild()

    def cycle(self, about: int, step: int) -> None:
        self.book.cycle_character(self.seat, about, step, self.table.character_pool())

    def default_action(self) -> None:
        self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        m = self.metrics
        draw.panel(surface, self.box, m.px(style.RADIUS), alpha=250)
        draw.blit_text(surface, _("{player}'s notebook (only you see it)", player=self.table.seat_name(self.seat)),
                       m.px(style.FONT_BODY + 4), (self.box.x + m.pad, self.box.y + m.px(16)),
                       style.ACCENT_BRIGHT, True)
        draw.blit_text(surface, _("Mark what you believe: ? / Hunter / Shadow / Neutral, and a character guess."),
                       m.px(14), (self.box.x + m.pad, self.box.y + m.px(46)), style.TEXT_MUTED)
        players = self.table.public_players()
        shown = dict(self.table.view().get("shown_to_me", ()))
        for about, (y, guess_rect) in self.rows.items():
            x = self.box.x + m.pad
            d = m.px(28)
            surface.blit(draw.player_token(about, d, self.table.seat_name(about)), (x, y + m.px(4)))
            draw.blit_text(surface, self.table.seat_name(about)[:14], m.px(16), (x + d + m.px(8), y + m.px(18)),
                           style.TEXT, True, "midleft")
            p = players[about]
            status = _(p["character"]) if p["revealed"] else (
                _("showed you: {character}", character=_(shown[about])) if about in shown else _("hidden"))
            if not p["alive"]:
                status = _("{status} (dead)", status=status)
            draw.blit_text(surface, status, m.px(14), (x + m.px(200), y + m.px(18)),
                           look.faction_colour(p["faction"]) if p["revealed"] else
                           (style.ACCENT if about in shown else style.TEXT_DIM), False, "midleft")
            clues = hermit_clues(self.table.view(), about)
            if clues:
                text = _("Hermit cards: {clues}", clues=_("; ").join(clues))
                draw.blit_text(surface, fit(text, m.px(13), self.box.width - 2 * m.pad), m.px(13),
                               (x + d + m.px(8), y + m.px(36)), style.TEXT_MUTED)
            note = self.book.get(self.seat, about)
            guess = _(note["character"]) if note["character"] else _("no character guess")
            draw.rounded_rect(surface, guess_rect, style.BG_DEEP, m.px(6), style.PANEL_EDGE)
            draw.blit_text(surface, guess, m.px(15), guess_rect.center,
                           style.TEXT if note["character"] else style.TEXT_DIM, bool(note["character"]), "center")


class OutScene(Overlay):
    """The only person at the table has died: watch the computers finish, or skip ahead."""

    def __init__(self, app, table) -> None:
        super().__init__(app)
        self.table = table

    TEXT = N_("Watch the rest of the game, or skip to the result (the computers finish it at full speed).")

    def lines(self, m: style.Metrics) -> list[str]:
        return draw.wrap(_(self.TEXT), m.px(style.FONT_BODY), self.box.width - 2 * m.px(30))

    def build(self, m: style.Metrics) -> None:
        bw = m.px(300)
        w = min(m.width - 2 * m.margin, m.px(540))
        self.box = self.centered(w, m.px(100))
        text_h = len(self.lines(m)) * m.px(26)
        self.box = self.centered(w, m.px(100) + text_h + m.px(24) + 2 * m.button_h + m.gap + m.px(24))
        y = self.box.y + m.px(82) + text_h + m.px(24)
        self.button((self.box.centerx - bw // 2, y, bw, m.button_h), _("Watch the rest"), self.app.pop,
                    object_id="#watch", cls="@primary")
        self.button((self.box.centerx - bw // 2, y + m.button_h + m.gap, bw, m.button_h),
                    _("Skip to the result"), self.skip, object_id="#skip")

    def skip(self) -> None:
        self.table.skip_to_result()
        self.app.pop()

    def default_action(self) -> None:
        self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        m = self.metrics
        draw.panel(surface, self.box, m.px(style.RADIUS), alpha=250)
        draw.blit_text(surface, _("You are out"), m.px(style.FONT_HEADING + 6),
                       (self.box.centerx, self.box.y + m.px(44)), style.ACCENT_BRIGHT, True, "center")
        for i, line in enumerate(self.lines(m)):
            draw.blit_text(surface, line, m.px(style.FONT_BODY),
                           (self.box.centerx, self.box.y + m.px(82) + i * m.px(26)), style.TEXT_MUTED,
                           False, "midtop")


class ConfirmScene(NoticeScene):
    """One question before a choice that is probably a slip. Enter alone confirms nothing:
    1 (or a click) confirms, 2, Esc or Enter cancels."""

    def __init__(self, app, text: str, yes: str, on_yes, title: str = "") -> None:
        super().__init__(app, text, title or _("Are you sure?"))
        self.yes, self.on_yes = yes, on_yes

    def build(self, m: style.Metrics) -> None:
        super().build(m)
        for el in list(self.root.elements):
            el.kill()
        self.choices, self._presses = [], {}
        bw = (self.box.width - 3 * m.pad) // 2
        y = self.box.bottom - m.button_h - m.pad
        # Cancel looks like the default, because it is what Enter does
        self.button((self.box.x + m.pad, y, bw, m.button_h), self.yes, self.confirm, object_id="#confirm_yes")
        self.button((self.box.x + 2 * m.pad + bw, y, bw, m.button_h), _("Cancel"), self.app.pop, cls="@primary",
                    object_id="#confirm_no")

    def confirm(self) -> None:
        self.app.pop()
        self.on_yes()
