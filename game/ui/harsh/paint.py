"""Drawing the Harsh Shadows board: the grid of Locations with the pieces and the Spy's
forecast, the Discovery Collection, the Spy Movement deck and the short animations.

``HarshPainter`` is mixed into ``HarshTableScene``; it reads only what the table exposes
(``view()``, ``actions()``, ``lay``, ``timeline``, ``dialog``, ``shown_danger_of``), never the
game state. The middle column is drawn by ``column``, the things over the board by
``overlays``.
"""

from __future__ import annotations

import pygame

from game import i18n
from game.i18n import N_, _, n_, shown
from game.rules.harsh.data import OPPOSITE
from game.ui import draw, focus, palette, quit_hooks, style
from game.ui.table_base import fit

from . import dialogs, forecast, look, reader
from .anim import ease

# one sentence per place in the stack, so each language says it its way
ORDINALS = (N_("{card}, top card at {place}"), N_("{card}, 2nd card at {place}"),
            N_("{card}, 3rd card at {place}"))


def seen_on_grid(view) -> list[str]:
    """Cards the player saw at the Cafe that the Spy has since laid on the grid, by name and
    place: 'Bomb, top card at Zenith Bus Station'."""
    out = []
    for g in view["grid"]:
        for i, name in enumerate(g.get("known") or ()):
            if name:
                out.append(_(ORDINALS[min(i, 2)], card=_(name), place=_(g["location"])))
    return out


def deck_top_note(view) -> str | None:
    """The top of the Discovery deck as the player put it back at the Cafe, if known."""
    top = view["deck_known_top"]
    return _("Next from the Discovery deck, top first: {cards}", cards=dialogs.listed(top)) \
        if top else None


def _card_args(g) -> tuple:
    return (g["location"], g["star"], g["face_down"], g["ability_name"], g["ability_text"],
            g["ability_used"], g["ability_enabled"])


# The board's base picture is window-sized: a new one costs 3-10 ms (its memory is fresh,
# each page touched for the first time), which fell in the first frame of every game
# (measured 10.7 ms in the frame the curtain lifted). A table that leaves gives its surface
# back here; the next table (or the setup screen, ``stock_base``) takes one of its size.
# It is drawn over whole before it shows: what it held before never shows.
_spare_bases: list[pygame.Surface] = []
quit_hooks.add(_spare_bases.clear)     # surfaces die with pygame.quit()


def _fits(surface: pygame.Surface, like: pygame.Surface) -> bool:
    return surface.get_size() == like.get_size() and surface.get_bitsize() == like.get_bitsize()


def take_base(like: pygame.Surface) -> pygame.Surface:
    """A surface for the base picture like ``like`` (the screen): a spare one if kept."""
    for i, spare in enumerate(_spare_bases):
        if _fits(spare, like):
            return _spare_bases.pop(i)
    return pygame.Surface(like.get_size(), 0, like)


def give_back_base(surface: pygame.Surface | None) -> None:
    if surface is not None and not any(s is surface for s in _spare_bases):
        _spare_bases[:] = [surface]     # one kept: the window has one size at a time


def stock_base(like: pygame.Surface) -> None:
    """Make a spare base ahead (the setup screen), its memory touched now."""
    if not any(_fits(s, like) for s in _spare_bases):
        surface = pygame.Surface(like.get_size(), 0, like)
        surface.fill((0, 0, 0))
        give_back_base(surface)


class HarshPainter:
    # The felt, the Locations (with the glow of those the Agent may go to) and the fixed
    # panels, drawn once into one picture while they stay the same: a frame blits it once
    # instead of a dozen pieces. Made in a frame with room to spare (frame_room), so the
    # frame of a move pays no more than before.
    _base: pygame.Surface | None = None
    _base_key: tuple | None = None
    _panels_below = False      # this frame's panels are in the base already
    # The Collection's and the Spy deck's contents are drawn into the base too, each while
    # what it shows stays the same (``panel_keys``): the base holds them under their key,
    # and a frame draws only those whose key it does not hold. Nothing secret: the table
    # has one seat, and the panels show only what its player knows.
    _in_base: dict | None = None
    _kept: frozenset = frozenset()   # this frame's panels found in the base
    _stale: frozenset = frozenset()  # ... and those the base holds in an older look

    def draw(self, surface: pygame.Surface) -> None:
        if self.lay is None:
            surface.blit(draw.table_background(surface.get_size(), felt=True), (0, 0))
            return
        view = self.view()
        if not view["grid"] or view["grid"][0]["location_id"] < 0:
            surface.blit(draw.table_background(surface.get_size(), felt=True), (0, 0))
            self.draw_top_bar(surface)
            return
        moves = self.grid_moves()
        lay = self.lay
        key = (surface.get_size(), tuple(map(tuple, lay.cells)), tuple(lay.status),
               tuple(lay.collection), tuple(lay.spy), self.token_d(),
               tuple(_card_args(g) for g in view["grid"]), tuple(sorted(moves)), palette.current(),
               i18n.current())
        based = self._base is not None and self._base_key == key
        panels = self.panel_keys(view)
        held = self._in_base or {}
        if based:
            surface.blit(self._base, (0, 0))
        else:
            surface.blit(draw.table_background(surface.get_size(), felt=True), (0, 0))
        self._panels_below = based
        self._kept = frozenset(name for name, k in panels.items()
                               if based and k is not None and held.get(name) == k)
        # held as they were, not as they are now: their old look is under this frame's
        self._stale = frozenset(name for name in held if based and name not in self._kept)
        try:
            self._draw_board(surface, view, moves, based)
        finally:
            self._panels_below = False
            self._kept = self._stale = frozenset()
        if surface is not self.app.screen or self.frame_room() <= 0:
            return
        if not based:
            self._base = self._make_base(surface, view, moves)
            self._base_key = key
            self._in_base = {}
        else:
            self._keep_panels(view, panels)

    def panel_keys(self, view) -> dict:
        """What the Collection and the Spy deck show, each as a key (None: it moves)."""
        m = self.metrics
        common = (m.text, m.px(100))
        collection = (common, tuple(view["collection"]), view["clues"], repr(view["result"]),
                      self.ending_waits(), view["win_possible"], repr(view["win_reason"]),
                      view["protected"], tuple(view["discovery_discard"]), deck_top_note(view),
                      tuple(seen_on_grid(view)), tuple(sorted(dialogs.roles(view).items())))
        flips = self.timeline.of("flip_spy")
        spy = None if flips and flips[0].progress < 1 else (
            common, view["spy_deck"], repr(view["spy_discards"][-1:]), repr(view["spy_peek"]),
            repr(view["spy_bottom"]))
        return {"collection": collection, "spy": spy}

    def _clear_panel(self, surface, name: str) -> None:
        """The felt and the empty panel where ``name`` is drawn (the base has it full)."""
        box = getattr(self.lay, name)
        surface.blit(draw.table_background(surface.get_size(), felt=True), box, area=box)
        draw.panel(surface, box, self.metrics.px(8))

    def _keep_panels(self, view, panels: dict) -> None:
        """Draw into the base the panels it does not hold as they now are (a frame with
        room: one panel a frame)."""
        held = self._in_base if self._in_base is not None else {}
        for name, k in panels.items():
            if k is None or held.get(name) == k:
                continue
            base = self._base
            self._clear_panel(base, name)
            self._panels_below = True
            try:
                (self.draw_collection if name == "collection" else self.draw_spy_deck)(base, view)
            finally:
                self._panels_below = False
            held[name] = k
            self._in_base = held
            return

    def _make_base(self, like: pygame.Surface, view, moves) -> pygame.Surface:
        base = self._base
        if base is None or not _fits(base, like):
            # a new full-window surface costs 3-10 ms (its memory is fresh each time): the
            # picture is drawn again into the one it has, or into a spare (take_base)
            base = take_base(like)
        base.blit(draw.table_background(like.get_size(), felt=True), (0, 0))
        self.draw_locations(base, view, moves)
        m = self.metrics
        for box in (self.lay.status, self.lay.collection, self.lay.spy):
            draw.panel(base, box, m.px(8))
        return base

    def grid_moves(self) -> dict:
        """The Locations the Agent may go to now (each glows, with its key)."""
        acting = self.acting_seat() is not None and self.dialog is None
        targets = self.grid_targets() if acting else {}
        return targets or ({a.args[0]: a for a in self.actions() if a.kind == "move"} if acting else {})

    def _draw_board(self, surface, view, moves, based: bool) -> None:
        self.draw_grid(surface, view, moves, cards=not based)
        self.draw_status(surface, view)
        self.draw_cases(surface, view)
        self.draw_action_notes(surface, view)
        for name, paint in (("collection", self.draw_collection), ("spy", self.draw_spy_deck)):
            if name in self._stale:
                self._clear_panel(surface, name)
            if name not in self._kept:
                paint(surface, view)
        self.draw_top_bar(surface)
        if self.log_panel is not None and self.log_in_view():
            self.log_panel.draw(surface)
        if self.hint_panel is not None and self.hint_in_view():
            self.draw_hint_panel(surface)
        self.draw_animations(surface, view)
        self.draw_toast(surface)
        if self.dialog is not None and self.dialog_rect is not None:
            self.draw_dialog(surface, self.dialog)
        if self.ending_held():
            self.draw_ending(surface, view)

    def draw_over(self, surface: pygame.Surface) -> None:
        super().draw_over(surface)
        if self.lay is not None:
            self.draw_hint_mark(surface)
            self.draw_cut_note(surface)
            reader.draw_reader(self, surface)     # a Location whose card cut its words

    # what the board shows while the Spy is on its way -------------------------------------------
    # The view is already past the Spy's move; what its arrival changes waits for it.
    def _waiting(self, kind: str) -> list:
        return [a for a in self.timeline.of(kind) if a.progress < 0]

    def shown_stack(self, p: int, g) -> tuple[int, float | None]:
        """Cards drawn on Location ``p`` now, and how far the one the Spy leaves there has
        fallen (None: no card falling)."""
        hidden, falling = 0, None
        for a in self.timeline.of("drop"):
            if a.data["pos"] == p:
                if a.progress < 0:
                    hidden += 1
                elif falling is None:
                    falling = a.progress
        return g["cards"] - hidden, falling

    def shown_countdown(self, view) -> int:
        waiting = self._waiting("tick")
        return min(a.data["value"] for a in waiting) + 1 if waiting else view["countdown"]

    def spy_on_its_way(self) -> bool:
        """The Spy's card is turning or the Spy is walking: the board is still before it."""
        return any(a.kind in ("flip_spy", "spy") for a in self.timeline.anims)

    def ending_waits(self) -> bool:
        """The game is over but the move that ended it is still playing."""
        return bool(self._waiting("ending"))

    def over_shown(self) -> bool:
        return self.session.is_over() and not self.ending_waits()

    # the grid -------------------------------------------------------------------------------------
    def piece_at(self, kind: str, pos: int) -> tuple[float, float] | None:
        """Where the Spy or Agent is drawn now (None: at its cell as usual)."""
        for a in self.timeline.of(kind):
            p = a.progress
            frm, to = self.token_spot(kind, a.data["frm"]), self.token_spot(kind, a.data["to"])
            if p < 0:
                return frm
            e = palette.travel(ease(p))      # reduced motion: placed, not walked
            return (frm[0] + (to[0] - frm[0]) * e, frm[1] + (to[1] - frm[1]) * e)
        return None

    def draw_locations(self, surface: pygame.Surface, view, moves) -> None:
        """The Location cards, each over its glow if the Agent may go there."""
        m = self.metrics
        reserve = int(self.token_d() * 1.25)
        for p, g in enumerate(view["grid"]):
            cell = self.lay.cells[p]
            if p in moves:
                spread = m.px(9)
                surface.blit(draw.glow(cell.size, style.ACCENT, spread, m.px(10)),
                             (cell.x - spread, cell.y - spread))
            surface.blit(look.location_card(cell.size, *_card_args(g), reserve), cell)

    def draw_grid(self, surface: pygame.Surface, view, moves=None, cards: bool = True) -> None:
        m = self.metrics
        lay = self.lay
        if moves is None:
            moves = self.grid_moves()
        risks = {p: self.shown_danger_of(a) for p, a in moves.items()}
        d = self.token_d()
        if cards:
            self.draw_locations(surface, view, moves)
        for p, g in enumerate(view["grid"]):
            cell = lay.cells[p]
            if p in moves:
                look.ring(surface, cell, style.ACCENT_BRIGHT, max(2, m.px(2)), m.px(8))
                if p == self.key_cell_now():   # highlit by its number key: Enter goes there
                    focus.draw_ring(surface, cell, m.px(8))     # the keyboard's one ring
            self.draw_stack(surface, cell, g, d, *self.shown_stack(p, g))
            if g["bug"]:
                bug = look.bug_icon(int(d * 0.8))
                surface.blit(bug, bug.get_rect(center=(cell.x + d * 2.95, cell.bottom - d * 0.62)))
        for p in moves:  # the key for each destination: a dot on the corner, clear of the text
            cell = lay.cells[p]
            r = m.px(10)
            centre = (cell.right - m.px(3), cell.bottom - m.px(3))
            lit = p == self.key_cell_now()     # its number was pressed: white, like its ring
            pygame.draw.circle(surface, (255, 255, 255) if lit else style.ACCENT, centre, r)
            pygame.draw.circle(surface, (30, 24, 10), centre, r, 1)
            draw.blit_text(surface, str(p + 1), m.px(13), centre, (30, 24, 10), True, "center")
            danger = risks.get(p)
            if danger is not None:
                text = _("ENDS THE GAME") if danger.certain else _("RISK {percent}",
                                                                     percent=danger.percent)
                self._pill(surface, text, (cell.centerx, cell.y + m.px(30)), style.DANGER, (255, 255, 255))
        self.draw_forecast(surface, view, d)
        tags = {"agent": _("safe house") if view["safe_house"] else "",
                "spy": _("lost in the crowd") if view["spy_stays"] else ""}
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
        colour = look.BUG_GREEN
        start = pygame.Vector2(self.token_spot("spy", fc.start))
        if fc.stays:
            self._pill(surface, "stays this turn", (int(start.x), int(start.y) + d // 2 + m.px(4)),
                       colour, (10, 24, 20))
            return
        cell = self.lay.cells[fc.to]
        look.ring(surface, cell.inflate(m.px(6), m.px(6)), colour, max(3, m.px(4)), m.px(12))
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
        # where the Spy will stand, as a faint piece: the free spot of that Location, so no
        # ability text is covered
        ghost = look.ghost_spy(d)
        spot = self.token_spot("spy", fc.to)
        surface.blit(ghost, ghost.get_rect(center=(int(spot[0]), int(spot[1]))))
        end = pygame.Vector2(spot)
        if (end - start).length() > d:
            end -= (end - start).normalize() * d * 0.55   # the head touches the piece's rim
        self._arrow(surface, start, end, colour, max(3, m.px(4)), m.px(14))

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

    def draw_stack(self, surface, cell: pygame.Rect, g, d: int, n: int | None = None,
                   falling: float | None = None) -> None:
        """``n`` cards of the stack (the rest are still in the Spy's hand); the last of them
        drops into place while ``falling`` runs from 0 to 1."""
        m = self.metrics
        n = g["cards"] if n is None else n
        if n <= 0:
            return
        bh = int(d * 1.05)
        bw = int(bh * 0.72)
        x = cell.right - m.px(10) - bw - (n - 1) * m.px(7)
        y = cell.bottom - bh - m.px(8)
        known = (g.get("known") or (None,) * n)[:n]
        fw = int(bh * 1.1)     # a card seen face up is wider, so its name can be read
        left = x
        for i, origin in reversed(list(enumerate(g["stack"][:n]))):
            lift = int((1 - ease(falling)) * bh * 1.2) if falling is not None and i == n - 1 else 0
            if known[i]:
                # under the top card only its edge shows: a Bomb keeps its red, a name would
                # show as stray letters (the collection panel names it)
                name = known[i] if i == 0 or known[i] == "Bomb" else ""
                card, cx = look.mini_face((fw, bh), name), x + i * m.px(7) + bw - fw
            else:
                card, cx = look.mini_back((bw, bh), origin == "dealt"), x + i * m.px(7)
            if lift:
                card = card.copy()
                card.set_alpha(int(255 * min(1.0, falling * 3)))
            surface.blit(card, (cx, y - i * m.px(3) - lift))
            left = min(left, cx)
        ink = style.TEXT_MUTED if g["face_down"] else (90, 84, 76)
        draw.blit_text(surface, f"{n}", m.px(12), (left - m.px(4), cell.bottom - m.px(8)), ink, True,
                       "bottomright")

    # the collection -------------------------------------------------------------------------------------
    def draw_collection(self, surface, view) -> None:
        m = self.metrics
        box = self.lay.collection
        if not self._panels_below:
            draw.panel(surface, box, m.px(8))
        coll = list(view["collection"])
        title = n_("Discovery Collection · {n} card · Clue value {clues}",
                   "Discovery Collection · {n} cards · Clue value {clues}", len(coll),
                   clues=view["clues"])
        if view["result"] is not None and not self.ending_waits():
            won = view["result"]["won"]
            verdict, colour = (_("Mission accomplished"), style.GOOD) if won else \
                (_("Mission failed"), style.DANGER)
        elif view["win_possible"] or view["result"] is not None:
            verdict, colour = _("A win is still possible"), style.GOOD
        else:
            verdict, colour = _("No win possible: {why}", why=shown(view["win_reason"])), style.DANGER
        large = m.text > 1
        if large:
            # large text (issue 44): the shorter title if the verdict then fits beside it, else
            # the verdict heads the notes
            short = n_("Collection · {n} card · Clue value {clues}",
                       "Collection · {n} cards · Clue value {clues}", len(coll), clues=view["clues"])
            vw = draw.font(m.px(14), True).size(verdict)[0] + m.px(40)
            title = next((t for t in (title, short)
                          if draw.font(m.px(14), True).size(t)[0] + vw <= box.width), title)
        draw.blit_text(surface, title, m.px(14), (box.x + m.px(10), box.y + m.px(6)), style.TEXT_MUTED, True)
        tw = draw.font(m.px(14), True).size(title)[0]
        beside = not large or draw.font(m.px(14), True).size(verdict)[0] <= box.width - tw - m.px(40)
        if beside:
            draw.blit_text(surface, fit(verdict, m.px(14), box.width - tw - m.px(40), True), m.px(14),
                           (box.right - m.px(10), box.y + m.px(6)), colour, True, "topright")
        roles = dialogs.roles(view)
        cards: list[pygame.Surface] = []
        head = draw.font(m.px(14), True).get_linesize() + m.px(8) if large else m.px(28)
        ch = box.height - head - m.px(8)
        cw = int(ch * 1.0)
        items = [n for n in coll if n not in ("Clue", "Clue x2")]
        n_clue = coll.count("Clue")
        if n_clue:
            cards.append(look.clue_card((int(cw * 0.9), ch), n_clue))
        if "Clue x2" in coll:
            cards.append(look.clue_card((int(cw * 0.9), ch), 1, double=True))
        for name in items:
            cards.append(look.item_card((cw, ch), name, roles.get(name, ""),
                                          protected=view["protected"] == name))
        area = pygame.Rect(box.x + m.px(10), box.y + head, box.width - m.px(20), ch)
        gone = [n for n in view["discovery_discard"] if n != "Bomb"]
        notes = [] if beside else [(verdict, colour)]
        top = deck_top_note(view)
        if top:
            notes.append((top, style.TEXT))
        seen = seen_on_grid(view)
        if seen:
            notes.append((_("Seen at the Cafe, now on the grid: {cards}", cards="; ".join(seen)),
                          style.TEXT))
        if gone:
            notes.append((_("Discarded: {cards}", cards=dialogs.listed(gone)), style.TEXT_DIM))
        # what the player knows beside the cards keeps its room: a long collection overlaps
        cards_w = area.width - ((max(m.px(220), area.width * 2 // 3) if large else m.px(220)) if notes else 0)
        total = sum(c.get_width() for c in cards) + m.px(6) * max(0, len(cards) - 1)
        step_scale = min(1.0, (cards_w - (cards[-1].get_width() if cards else 0))
                         / max(1, total - (cards[-1].get_width() if cards else 0)))
        x, right = float(area.x), area.x
        for c in cards:
            surface.blit(c, (int(x), area.y))
            right = int(x) + c.get_width() + m.px(6)
            x += (c.get_width() + m.px(6)) * step_scale
        if not cards and not notes:
            draw.blit_text(surface, _("Nothing yet: move onto Locations to take their Discovery cards."),
                           m.px(14), (box.x + m.px(12), box.y + m.px(40)), style.TEXT_DIM)
        if notes and right + m.px(160) < area.right:
            step = draw.font(m.px(12)).get_linesize() if large else m.px(15)
            y, lines_left = area.y, 4
            if large:       # the notes' column: beside the cards, as many lines as it holds
                right = max(right, area.x + cards_w + m.px(6))
                lines_left = (box.bottom - m.px(4) - y) // step
            for text, ink in notes:
                lines = draw.wrap(text, m.px(12), area.right - right - m.px(12))[:lines_left]
                for ln in lines:
                    draw.blit_text(surface, ln, m.px(12), (right + m.px(2), y), ink)
                    y += step
                lines_left -= len(lines)

    # the Spy deck -----------------------------------------------------------------------------------------
    def draw_spy_deck(self, surface, view) -> None:
        m = self.metrics
        box = self.lay.spy
        if not self._panels_below:
            draw.panel(surface, box, m.px(8))
        draw.blit_text(surface, _("Spy Movement deck"), m.px(14), (box.x + m.px(10), box.y + m.px(6)),
                       style.TEXT_MUTED, True)
        slots = look.spy_deck_slots(m, box)
        x, y = slots["spy_deck.top"].topleft
        cw, ch = slots["spy_deck.top"].size
        gap = slots["spy_deck.last"].x - x - cw
        back = draw.card_back((cw, ch))
        surface.blit(back if view["spy_deck"] else draw.dimmed(back, 0.7), (x, y))
        self._caption(surface, _("{n} left", n=view["spy_deck"]), (x + cw // 2, y + ch + m.px(2)))
        moves = view["spy_discards"]
        x2 = x + cw + gap
        if moves:
            mv = moves[-1]
            turned, large, small = mv["turned"], mv["large"], mv["small"]
            if mv["rotated"]:
                turned, large, small = not turned, OPPOSITE[large], OPPOSITE[small]
            img = look.spy_card((cw, ch), mv["card"], turned, large, small, mv["arrow"])
            flips = self.timeline.of("flip_spy")
            if flips and flips[0].progress < 1:
                p = max(0.0, flips[0].progress)
                if p < 0.5:
                    img = pygame.transform.smoothscale(back, (max(1, int(cw * (1 - 2 * p))), ch))
                else:
                    img = pygame.transform.smoothscale(img, (max(1, int(cw * (2 * p - 1))), ch))
            surface.blit(img, img.get_rect(midtop=(x2 + cw // 2, y)))
            self._caption(surface, _("moved {direction}", direction=_(mv["direction"])),
                          (x2 + cw // 2, y + ch + m.px(2)))
        else:
            self._caption(surface, _("no move yet"), (x2 + cw // 2, y + ch // 2))
        peek = view["spy_peek"]
        x3 = x2 + cw + gap
        if peek:
            img = look.spy_card((cw, ch), peek["card"], peek["turned"], peek["large"], peek["small"])
            spread = m.px(5)
            surface.blit(draw.glow((cw, ch), look.BUG_GREEN, spread, m.px(6)), (x3 - spread, y - spread))
            surface.blit(img, (x3, y))
            self._caption(surface, _("next card"), (x3 + cw // 2, y + ch + m.px(2)))
        elif view["spy_bottom"]:
            b = view["spy_bottom"]
            img = look.spy_card((cw, ch), b["card"], b["turned"], b["large"], b["small"])
            surface.blit(draw.dimmed(img, 0.35), (x3, y))
            self._caption(surface, _("at the bottom"), (x3 + cw // 2, y + ch + m.px(2)))

    def _caption(self, surface, text, midtop) -> None:
        m = self.metrics
        draw.blit_text(surface, text, m.px(12), midtop, style.TEXT_MUTED, False, "midtop")

    # animations ------------------------------------------------------------------------------
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
                face = look.item_card((w, h), a.data["card"]) if a.data["card"] not in ("Clue", "Clue x2") \
                    else look.clue_card((w, h), 1, a.data["card"] == "Clue x2")
                if a.data["card"] == "Bomb":
                    face = look.bomb_card((w, h))
                if p < 0.2:
                    img = pygame.transform.smoothscale(look.mini_back((w, h), False),
                                                       (max(1, int(w * (1 - p / 0.2))), h))
                elif p < 0.4:
                    img = pygame.transform.smoothscale(face, (max(1, int(w * (p - 0.2) / 0.2)), h))
                else:
                    img = face
                start = pygame.Vector2(cell.center)
                end = pygame.Vector2(self.lay.collection.x + m.px(60), self.lay.collection.centery)
                q = ease((p - 0.7) / 0.3) if p > 0.7 and a.data["card"] != "Bomb" else 0.0
                if palette.reduced_motion() and q > 0:
                    continue                    # it goes to the collection without flying
                at = start + (end - start) * q
                surface.blit(img, img.get_rect(center=(int(at.x), int(at.y))))
            elif a.kind == "flash":
                cell = self.lay.cells[a.data["pos"]] if a.data["kind"] != "countdown" else self.lay.status
                alpha = int(150 * (1 - p))
                veil = pygame.Surface(cell.size, pygame.SRCALPHA)
                veil.fill((*style.DANGER, alpha))
                surface.blit(veil, cell)
