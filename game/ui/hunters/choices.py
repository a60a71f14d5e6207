"""The choices: which are offered, where their buttons go, and the clicks that pick them.

Where they go: a grid whose long labels span two or three cells.

Labels such as "Franklin: deal d6 damage to Carol (Catherine)" do not fit one third of
the row at 1024x640; cutting them would lose the very part that matters (the target).
So a button takes as many cells of its row as its label needs, and the list flows on to
the next row or page. ``place`` is pure (it gets the text widths), so the label-fit test
uses exactly what the table uses.

``ChoiceButtons`` (mixed into ``HuntersTable``) makes the buttons, and turns a click on a
player board or an Area card into the same action, or a one-line reason why not.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game import i18n
from game.i18n import _, shown
from game.rules.protocol import Action
from game.ui import draw, style
from game.ui.table_base import fit

from . import layout as L
from .wording import short_label, target_seat

FONT = 17          # the @choice theme size in base pixels
TEXT_ROOM = 34     # left padding (number badge) plus a margin on the right, base pixels


@dataclass(frozen=True)
class Slot:
    page: int
    row: int
    col: int
    span: int
    fits: bool     # False only when even a whole row is too narrow (then it is cut)


def span_for(need: int, cell_w: int, gap: int, cols: int) -> tuple[int, bool]:
    for k in range(1, cols + 1):
        if k * cell_w + (k - 1) * gap >= need:
            return k, True
    return cols, False


def _flow(spans, cols: int, rows: int, reserve_last: bool) -> list[tuple[int, int, int]]:
    out = []
    page = row = col = 0
    for k in spans:
        while True:
            if col + k > cols:
                row, col = row + 1, 0
            if row >= rows:
                page, row, col = page + 1, 0, 0
                continue
            last_row = row == rows - 1
            if reserve_last and last_row and col + k > cols - 1:
                page, row, col = page + 1, 0, 0
                continue
            break
        out.append((page, row, col))
        col += k
    return out


def place(needs: list[int], cell_w: int, gap: int, cols: int, rows: int) -> list[Slot]:
    """Grid slots for labels that need ``needs`` px each (in order, paged)."""
    spans = [span_for(n, cell_w, gap, cols) for n in needs]
    flow = _flow([k for k, _span in spans], cols, rows, reserve_last=False)
    if flow and flow[-1][0] > 0:
        # several pages: keep the last cell of every page for "More…"
        flow = _flow([k for k, _span in spans], cols, rows, reserve_last=True)
    return [Slot(p, r, c, k, ok) for (p, r, c), (k, ok) in zip(flow, spans)]


def lines() -> int:
    """Lines of words a choice button holds: two in large text (game.ui.words)."""
    return 2 if style.TEXT_SCALE > 1 else 1


def text_need(label: str, m: style.Metrics, most: int = 1) -> int:
    """Width a choice button needs to show ``label`` whole on ``most`` lines (1 or 2):
    for two, the narrowest split at a space (the greedy wrap then fits it too)."""
    face = draw.font(m.px(FONT))
    words = label.split()
    need = face.size(label)[0]
    if most > 1:
        for i in range(1, len(words)):
            need = min(need, max(face.size(" ".join(words[:i]))[0],
                                 face.size(" ".join(words[i:]))[0]))
    return need + m.px(TEXT_ROOM)


def columns(width: int, m: style.Metrics) -> int:
    return 3 if width > m.px(600) else 2


# Actions that name an Area (a click on that Area card picks them).
AREA_KINDS = frozenset(("move", "emi"))
# CPU seconds a frame must still have to make a choice button ahead (``stock_choices``)
STOCK_ROOM = 0.0025


def choice_name(action: Action) -> str:
    """A choice button's name for the tutorial's coach: ``choice.<kind>[.<arg>...]``,
    e.g. ``choice.draw.hermit``, ``choice.give.2``, ``choice.move.Cemetery``."""
    return ".".join(["choice", action.kind, *(str(a) for a in action.args)])


class ChoiceButtons:
    """Mixed into ``HuntersTable``: the legal choices as buttons, and the clicks on player
    boards and Area cards that pick the same actions (or say why they cannot)."""

    def choice_actions(self) -> list[Action]:
        """The choices the buttons offer now. Asked several times a frame (the rebuild's
        key every frame, the buttons, the prompt, the header: about 1 ms each late in a
        frame of a move): worked out once per position, seat and viewer."""
        s = self.session
        log = s.match.log
        key = (id(s.match), len(log), self.viewer, self.acting_seat(), s.at_screen, self.dice_rolling(),
               self.only_seat, i18n.current(), id(getattr(s, "step", None)))
        kept = getattr(self, "_choices_kept", None)
        # the last move itself (held by ``kept``): a move undone and another made in its
        # place leave the log as long as it was
        last = log[-1] if log else None
        if kept is None or kept[0] != key or kept[1] is not last:
            kept = self._choices_kept = (key, last, self._choice_actions())
        return list(kept[2])

    def _choice_actions(self) -> list[Action]:
        # the rules say "Player 3"; the buttons say the name chosen at setup, and drop
        # the card or Area name the prompt above them already gives
        if self.dice_rolling():
            return []       # the choices would tell what the dice are about to show
        actions = [Action(a.kind, a.args, short_label(self.named([a.label])[0]))
                   for a in super().choice_actions() if a.kind != "reveal"]
        if self.viewer is not None and self.viewer == self.acting_seat():
            # a hidden character whose ability applies now: reveal and use it in one press
            actions += [Action("reveal_use", (kind, args), _("Reveal and use {ability}",
                                                             ability=self.named([shown(text)])[0]))
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
        wrap = lines() > 1
        slots = place([text_need(t, m, lines()) for t in labels], cell, m.gap, cols, rows)
        pages = self._pages = slots[-1].page + 1
        self.page = min(self.page, pages - 1)
        y0 = rect.y + L.choice_head(m)
        for i, (action, text, slot) in enumerate(zip(actions, labels, slots)):
            if slot.page != self.page:
                continue
            w = slot.span * cell + (slot.span - 1) * m.gap
            shown = text if slot.fits or wrap else fit(text, m.px(FONT), w - m.px(TEXT_ROOM))
            btn = self.button((rect.x + slot.col * (cell + m.gap), y0 + slot.row * (bh + m.gap), w, bh), shown,
                              lambda a=action: self.choose_checked(a), cls="@choice", object_id=f"#choice_{i}",
                              tooltip=None if shown == text and slot.fits else text, wrap=wrap)
            self.choice_hits[choice_name(action)] = pygame.Rect(btn.rect)
        if pages > 1:
            self.button((rect.x + (cols - 1) * (cell + m.gap), y0 + (rows - 1) * (bh + m.gap), cell, bh),
                        _("More… ({page} of {pages})", page=self.page + 1, pages=pages), self.next_page, object_id="#more", choice=False)

    @staticmethod
    def _grid(m: style.Metrics, rect: pygame.Rect) -> tuple[int, int, int, int]:
        """The choice grid in ``rect``: columns, rows, a cell's width, a button's height."""
        cols = columns(rect.width, m)
        # large text: taller, two lines (game.ui.words)
        bh = L.choice_button_h(m)
        rows = max(1, (rect.height - L.choice_head(m)) // (bh + m.gap))
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
        # once every cell has its button at hand, nothing is looked for again until the
        # buttons or the place change (a look over all of them took ~1 ms of every frame
        # while the computers played)
        have = (id(self.root), tuple(self.lay.choices), self.metrics, lines(),
                sum(map(len, self._made.values())), sum(map(len, self._parked.values())))
        if have != getattr(self, "_stocked", None) and not self.stock_all(1) and not self.stock_private(1):
            self._stocked = have

    def stock_all(self, most: int = 99) -> bool:
        """Make up to ``most`` of the choice buttons not at hand (hidden, parked): one a
        cell of the first page, for the choices beside a held-up card and without one.
        True if it made any."""
        made = False
        m = self.metrics
        for focus in (False, True):
            rect = L.choice_rect(self.lay, m, focus)
            cols, rows, cell, bh = self._grid(m, rect)
            y0 = rect.y + L.choice_head(m)
            for i in range(cols * rows):
                r, c = divmod(i, cols)
                if self.stock_button((rect.x + c * (cell + m.gap), y0 + r * (bh + m.gap), cell, bh),
                                     "@choice_wrap" if lines() > 1 else "@choice", f"#choice_{i}"):
                    made = True
                    most -= 1
                    if most <= 0:
                        return True
        return made

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
            faction = _(self.public_players()[friend]["faction"])
            text = _("{player} is a revealed {faction}, on your side. Attacking them helps the other "
                     "side. Attack {player} anyway?", player=name, faction=faction)
            self.app.push(ConfirmScene(self.app, text, _("Attack {player} anyway", player=name),
                                       lambda: self.choose(action), title=_("Your own side")))
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
            self.refuse(_("it is not your turn"))
            return
        reason = self.session.submit(seat, Action("reveal", (), _("Reveal your character")))
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
            self.set_status(_("Choose what to do with {player}:", player=name))
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
            return _("{player} is dead", player=name)
        if seat == self.acting_seat():
            return _("you cannot choose yourself for this")
        if "attack" in kinds:
            me = self.public_players()[self.acting_seat()]
            if "Handgun" in me["equipment"]:
                return _("{player} is not in range: with the Handgun you reach only the Areas outside your "
                         "pair", player=name)
            return _("{player} is not in range: you can attack players on your Area or its pair-mate",
                     player=name)
        if kinds & {"altar", "goblin"}:
            return _("{player} has no Equipment to take", player=name)
        return _("{player} cannot be chosen for this", player=name)

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
            self.refuse(_("you cannot go to {area} now: pick one of the glowing Areas", area=_(name)))
        elif pending.get("kind") == "start" and pending.get("seat") == seat:
            self.refuse(_("you move by rolling the dice: press \"{button}\"", button=_("Roll the dice to move")))
        elif pending.get("seat") == seat:
            what = _(pending["prompt"]) if pending.get("prompt") else _("another decision")
            self.refuse(_("you cannot move now ({decision} first)", decision=what))
