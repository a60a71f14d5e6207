"""Drawing the Chasing Shadows table: the felt, each seat's plate (name, status, taken
cards), the middle (Spotlight, Follow Cards, discard, the trick), the hand, the scores and
memory-aid panels, and the prompt line.

``ChasingPainter`` is mixed into ``ChasingTable``; it draws what the table shows
(``shown()``: the live view, or the replayed moment a beat is animating), never the game
state.
"""

from __future__ import annotations

from typing import Mapping

import pygame

from game import i18n
from game.i18n import N_, _, n_, p_
from game.ui import draw, focus, palette, style

from . import model as M
from . import wording
from .anim import Beat
from .look import (
    chip,
    draw_memory_panel,
    draw_scores_panel,
    fit_text,
    live_rounds,
    warm_memory_chips,
)
from .model import TRICKS_PER_ROUND

# the rank's font size of the card under the pointer, at least (see ``_zoom``)
ZOOM_RANK_PX = 26
# a computer player's level on its plate (the levels Setup offers)
LEVELS = {"easy": N_("easy AI"), "normal": N_("normal AI"), "hard": N_("hard AI")}


def spotlight_heading() -> str:
    # Translators: the heading over the Spotlight card on the table (capitals where the
    # language writes headings so)
    return _("SPOTLIGHT")


def trick_label(seat: int, leader: int | None, winner: int | None) -> tuple[str, tuple]:
    """The word under a trick card: who led it and, once it is won, who won it."""
    if seat == winner:
        # Translators: under a trick card: its player led the trick and won it
        return (p_("trick", "lead · won") if seat == leader else p_("trick", "won")), \
            style.ACCENT_BRIGHT
    if seat == leader:
        return p_("trick", "lead"), style.TEXT_DIM
    return "", style.TEXT_DIM


class ChasingPainter:
    _layer: pygame.Surface | None = None   # the still layer (``blit_still``) and its key
    _layer_key: tuple | None = None
    layer_draws = 0       # how often the layer was drawn (the tests count it)

    # --- drawing ------------------------------------------------------------------------------------
    def shown(self) -> tuple[dict, Beat | None, float]:
        """The model to draw now, the current beat and how far it has run."""
        beat, t = self.motion.current()
        if beat is not None and beat.shown is not None and beat.shown["seat"] == self.viewer:
            return beat.shown, beat, t
        return M.from_view(self.live_view()), None, 1.0

    def still_key(self):
        """While nothing moves, everything ``draw`` reads (the app keeps the picture and
        shows it again while this is equal: a Chasing frame drew the whole table, 5-6 ms,
        so that no frame had room for the work done ahead, the results' buttons among it).
        None while anything moves. A part read and not in it would show stale:
        tests/test_ui_chasing_still.py compares the kept picture with a fresh one."""
        if (self.geo is None or getattr(self, "is_review", False) or not self.motion.idle
                or self.motion.current()[0] is not None):
            return None     # (a review draws more: its own log, the secrets it shows)
        s, m, panel = self.session, self.metrics, self.log_panel
        focused = pygame.mouse.get_focused()
        log = None if panel is None else panel.picture_key()
        return (
            self.live_view(), id(s.match), len(s.match.log), len(s.entries), self.viewer, s.at_screen,
            s.decider(), s.is_over(), s.computer_thinking(), self.acting(), self.turn_text(),
            self.status, self.status_refused, self.selected, self.key_selected, self.page,
            tuple(mo.kind for mo in self.moments._queue), self.round_end_due is not None,
            self.results_due, self.finished_caption(), self._shown_key, id(self.root),
            getattr(self, "top_bar_right", None), tuple(getattr(self, "choice_area", None) or ()),
            pygame.mouse.get_pos() if focused else None, focused,
            (m.width, m.height, m.text), tuple(self.geo.table), palette.current(), palette.reduced_motion(),
            i18n.current(), draw.table_background(self.app.screen.get_size(), felt=True), log)

    def draw(self, surface: pygame.Surface) -> None:
        # the base draws the same, on its plain backdrop; ours has the table top baked in
        if self.geo is None:
            super().draw(surface)
            return
        if getattr(self, "is_review", False):
            # (a review draws its plates with more on them: drawn whole, every frame)
            surface.blit(self._backdrop(surface.get_size()), (0, 0))
            self.draw_board(surface)
        else:
            self.draw_board(surface, layer=True)
        self.draw_top_bar(surface)
        self.draw_choice_header(surface)
        if self.log_panel is not None:
            self.log_panel.draw(surface)

    def _backdrop(self, size: tuple) -> pygame.Surface:
        m = self.metrics
        key = (size, tuple(self.geo.table), tuple(self.geo.spot), palette.current())
        if getattr(self, "_backdrop_key", None) != key:
            back = draw.table_background(size, felt=True).copy()
            area = self.geo.table.inflate(-m.px(4), -m.px(4))
            back.blit(_felt(area.size, m.px(40), max(1, m.px(2))), area)
            lamp = _lamp(m.px(190))
            back.blit(lamp, lamp.get_rect(center=self.geo.spot.center))
            self._backdrop_key = key
            # converted only when the window's pixel format differs (a copy of the
            # backdrop is in it already: a convert() made a second window-sized surface)
            display = pygame.display.get_surface()
            if display is not None and (back.get_bitsize(), back.get_masks()) != (
                    display.get_bitsize(), display.get_masks()):
                back = back.convert()
            self._backdrop_surface = back
        return self._backdrop_surface

    @staticmethod
    def warm_on_thread(m) -> None:
        """On the setup screen's loading thread (game.ui.opening.prepare): the warm pool of
        light, a 48x48 loop of single pixels (3-7 ms), made before the curtain needs it."""
        _lamp(m.px(190))

    def warm_steps(self):
        """Behind the curtain, before the first picture: the table top's pieces, each a
        piece of its own (a warm pool of light, the felt, the backdrop they make: 3-8 ms
        each the first time; the memory aid's chips, a suit a piece), so that no frame of
        the curtain makes them all."""
        if self.geo is None:
            return
        m = self.metrics
        _lamp(m.px(190))
        yield
        area = self.geo.table.inflate(-m.px(4), -m.px(4))
        _felt(area.size, m.px(40), max(1, m.px(2)))
        yield
        self._backdrop(self.app.screen.get_size())
        yield
        self._layer_surface(self.app.screen.get_size())   # a new window-sized surface: 3-10 ms
        yield
        if self.geo.memory is not None:
            yield from warm_memory_chips(self.geo.memory, m, self.live_view()["deck_top_rank"])

    def draw_board(self, surface: pygame.Surface, layer: bool = False) -> None:
        """The table's top on the backdrop. ``layer``: the backdrop and the still parts
        come from the kept layer (``blit_still``), which covers the whole surface."""
        geo = self.geo
        if geo is None:
            return
        view = self.live_view()
        shown, beat, t = self.shown()
        self.drawn = shown
        hide = beat.hide if beat else frozenset()
        acting = self.acting() if beat is None else None
        legal = self._legal(acting)
        if layer:
            self.blit_still(surface, shown, view, hide)
        else:
            self.draw_still(surface, shown, view, hide)
        self._draw_middle(surface, shown, view, hide, legal)
        self._draw_trick(surface, shown, hide, beat)
        self._draw_hand(surface, shown, view, legal)
        if beat is not None:
            for flight in beat.flights:
                surf, rect = flight.at(t)
                if rect.w > 0 and rect.h > 0:
                    surface.blit(pygame.transform.smoothscale(surf, rect.size), rect)

    # --- the still layer ----------------------------------------------------------------------
    # The seats' plates and the sidebar's scores and memory aid change only when the game
    # does (a card played, a trick taken, whose turn), while the frames between animate
    # cards in flight over the table: they are drawn once onto the backdrop and kept, so
    # that such a frame copies one picture instead of drawing them again (the table's
    # drawing in a frame with cards in flight, 1280x720: 2.1 ms before, 1.3 ms over the kept
    # layer, measured 2026-12-08). Nothing they hold moves or overlaps what is drawn over
    # them: the sidebar lies beside the table (tests/test_ui_chasing_still.py checks the
    # kept layer against the parts drawn fresh, every frame of played games).

    def draw_still(self, surface: pygame.Surface, shown: dict, view: Mapping, hide) -> None:
        """The still parts onto ``surface``, over the backdrop already there."""
        geo, m, s = self.geo, self.metrics, self.session
        for seat in range(self.n):
            self._draw_plate(surface, seat, shown, view, hide)
        draw_scores_panel(surface, geo.scores, m, view, [c.name for c in s.seats],
                          s.decider(), live_rounds(shown, view))
        if geo.memory is not None:
            draw_memory_panel(surface, geo.memory, m, view)

    def layer_key(self, size: tuple, shown: dict, view: Mapping, hide) -> tuple:
        """Everything ``draw_still`` and the backdrop read: equal keys, the same layer."""
        geo, m, s = self.geo, self.metrics, self.session
        return (
            size, (m.width, m.height, m.text), tuple(geo.table), tuple(geo.spot),
            tuple(tuple(geo.plates[seat]) for seat in range(self.n)), tuple(geo.scores),
            None if geo.memory is None else tuple(geo.memory), geo.bottom, geo.mini_back, geo.chip,
            shown, view, hide, s.decider(), tuple((c.name, c.is_human, c.level) for c in s.seats),
            palette.current(), palette.reduced_motion(), i18n.current(),
            # the felt as draw keeps it: a new one once draw's caches are cleared (a palette
            # or text size changed, a test drawing from scratch), and the layer with it
            draw.table_background(size, felt=True),
        )

    def _layer_surface(self, size: tuple) -> pygame.Surface:
        if self._layer is None or self._layer.get_size() != tuple(size):
            self._layer, self._layer_key = pygame.Surface(size, 0, self.app.screen), None
        return self._layer

    def drop_layer(self) -> None:
        self._layer, self._layer_key = None, None

    def blit_still(self, surface: pygame.Surface, shown: dict, view: Mapping, hide) -> None:
        """The backdrop and the still parts onto ``surface`` (the layer drawn again first if
        anything in it changed)."""
        size = surface.get_size()
        key = self.layer_key(size, shown, view, hide)
        layer = self._layer_surface(size)
        if key != self._layer_key:
            self._layer_key = None      # a draw cut short (draw.until) leaves no half layer
            layer.set_clip(None)
            layer.blit(self._backdrop(size), (0, 0))
            self.draw_still(layer, shown, view, hide)
            self._layer_key = key
            self.layer_draws += 1
        surface.blit(layer, (0, 0))

    def _draw_plate(self, surface, seat: int, shown: dict, view: Mapping, hide) -> None:
        m, geo = self.metrics, self.geo
        rect = geo.plates[seat]
        s = self.session
        decider = s.decider()
        active = decider == seat and view["phase"] in ("play", "discard")
        draw.panel(surface, rect, m.px(style.RADIUS), alpha=225)
        colour = draw.seat_colour(seat)
        pygame.draw.rect(surface, colour, (rect.x, rect.y + m.px(8), m.px(4), rect.h - m.px(16)),
                         border_radius=m.px(2))
        if active:
            pygame.draw.rect(surface, style.ACCENT, rect, max(2, m.px(2)), border_radius=m.px(style.RADIUS))
        token = draw.player_token(seat, m.px(26), s.seats[seat].name)
        surface.blit(token, (rect.x + m.px(10), rect.y + m.px(7)))
        status, status_colour = self._seat_status(seat, view)
        status_w = draw.font(m.px(13)).size(status)[0] if status else 0
        name_w = rect.w - m.px(46) - status_w - m.px(14)
        cfg = s.seats[seat]
        shown_name = fit_text(cfg.name, m.px(15), name_w, True)
        at = draw.blit_text(surface, shown_name, m.px(15), (rect.x + m.px(42), rect.y + m.px(20)),
                            style.TEXT, True, "midleft")
        if not cfg.is_human:
            level = _(LEVELS.get(cfg.level, "{level} AI"), level=cfg.level)
            if draw.font(m.px(12)).size(level)[0] <= rect.x + m.px(42) + name_w - at.right - m.px(6):
                draw.blit_text(surface, level, m.px(12), (at.right + m.px(6), at.centery + m.px(1)),
                               style.TEXT_DIM, False, "midleft")
        if status:
            draw.blit_text(surface, status, m.px(13), (rect.right - m.px(10), rect.y + m.px(20)),
                           status_colour, seat == decider, "midright")
        hand = shown["hands"][seat]
        if seat == geo.bottom:
            count = len(hand)
            line = n_("{n} card in hand", "{n} cards in hand", count)
            draw.blit_text(surface, line, m.px(13), (rect.x + m.px(12), rect.y + m.px(54)),
                           style.TEXT_MUTED, False, "midleft")
        else:
            rects = geo.mini_hand_rects(seat, len(hand))
            for r, c in zip(rects, hand):
                surface.blit(draw.card_back(geo.mini_back, c[1]), r)
            right = rects[-1].right if rects else rect.x + m.px(10)
            draw.blit_text(surface, f"×{len(hand)}", m.px(14), (right + m.px(6), rect.y + m.px(54)),
                           style.TEXT_MUTED, True, "midleft")
        items = M.taken_items(shown["taken"][seat])
        chips = geo.chip_rects(seat, len(items))
        if not items:
            draw.blit_text(surface, _("took nothing yet"), m.px(12), (rect.x + m.px(12),
                           rect.bottom - m.px(17)), style.TEXT_DIM, False, "midleft")
        for r, c in zip(chips, items):
            if c[0] == "mark":
                mark = draw.suit_symbol(c[1], min(r.w, r.h))
                surface.blit(mark, mark.get_rect(center=r.center))
            elif ("taken_card", seat, c) not in hide:
                surface.blit(chip(c[2], c[1], geo.chip), r)

    def _seat_status(self, seat: int, view: Mapping) -> tuple[str, tuple]:
        s = self.session
        if view["phase"] == "over":
            res = view["result"]
            return ((p_("seat", "winner"), style.ACCENT_BRIGHT) if res and seat in res["winners"]
                    else ("", style.TEXT))
        if s.decider() == seat:
            if not s.seats[seat].is_human:
                return p_("seat", "thinking…"), style.ACCENT_BRIGHT
            return (p_("seat", "discards") if view["phase"] == "discard" else p_("seat", "to play"),
                    style.ACCENT_BRIGHT)
        if view["trick"] and view["leader"] == seat:
            return p_("seat", "led"), style.TEXT_MUTED
        return "", style.TEXT

    def _draw_middle(self, surface, shown: dict, view: Mapping, hide, legal) -> None:
        m, geo = self.metrics, self.geo
        label = m.px(12)
        # Spotlight
        draw.blit_text(surface, spotlight_heading(), label, (geo.spot.centerx, geo.spot.y - m.px(6)),
                       style.ACCENT, True, "midbottom")
        spot = shown["spotlight"]
        if spot is not None and ("spotlight",) not in hide:
            surface.blit(draw.card_face(spot[2], spot[1], geo.spot_card), geo.spot)
        else:
            pygame.draw.rect(surface, style.FELT_EDGE, geo.spot, 1, border_radius=m.px(8))
        # large text: the shorter wording before it runs off the table (issue 44)
        info = draw.fit_first((self._round_info(view, shown), self._round_info(view, shown, True)),
                              m.px(13), geo.table.right - m.px(12) - geo.follow.x)
        self.round_info_rect = draw.blit_text(surface, info, m.px(13), (geo.follow.x, geo.follow.bottom + m.px(8)),
                                              style.TEXT_MUTED, False, "topleft")
        # Follow Cards
        follow = shown["follow"]
        choosing = [a for a in self.in_table_order(legal) if a.kind == "discard"]
        draw.blit_text(surface, _("FOLLOW CARDS"), label, (geo.follow.x, geo.spot.y - m.px(6)),
                       style.TEXT_MUTED, True, "bottomleft")
        self.follow_hits = []
        if ("follow",) not in hide:
            numbered: dict[str, int] = {}
            for i, a in enumerate(choosing):
                numbered[a.args[0]] = i
            badged = set()
            rings = []      # the keyboard's card: the shared focus ring (game.ui.focus)
            for r, c in zip(geo.follow_rects(len(follow)), follow):
                card = draw.card_back(geo.follow_card, c[1])
                state = "playable" if choosing else "normal"
                keyed = choosing and self.key_selected is not None and numbered.get(c[1]) == self.key_selected
                if keyed:
                    state = "selected"
                hit = draw.draw_card(surface, card, r.topleft, state, lift=m.px(8))
                if keyed and c[1] not in badged:
                    rings.append(hit)
                self.follow_hits.append((hit, c[1]))
                if choosing and c[1] not in badged and c[1] in numbered:
                    badged.add(c[1])
                    self._badge(surface, hit, numbered[c[1]] + 1)
            for hit in rings[:1]:
                focus.draw_ring(surface, hit, m.px(6))
            if not follow:
                draw.blit_text(surface, p_("follow cards", "none"), m.px(13), geo.follow.midleft, style.TEXT_DIM, False,
                               "midleft")
        # discard pile
        pile = shown["discard"]
        # large text: the pile's words give way before they run into the Spotlight's
        room = geo.spot.centerx - draw.font(label, True).size(spotlight_heading())[0] // 2 - m.px(6) - geo.discard.x
        caption, y = _("DISCARD {n}", n=len(pile)), geo.spot.y - m.px(6)
        if draw.font(label, True).size(caption)[0] > room:      # a line higher, whole
            room, y = geo.spot.right - geo.discard.x, y - draw.font(label, True).get_linesize()
        self.discard_caption_rect = draw.blit_text(
            surface, draw.fit_first((caption, str(len(pile))), label, max(1, room), True),
            label, (geo.discard.x, y), style.TEXT_MUTED, True, "bottomleft")
        rects = geo.discard_rects(len(pile))
        top_cards = pile[-len(rects):] if rects else []
        for i, (r, c) in enumerate(zip(rects, top_cards)):
            if i == len(rects) - 1 and ("discard_top",) in hide:
                continue
            surface.blit(draw.card_back(geo.follow_card, c[1]), r)
        if not pile:
            pygame.draw.rect(surface, style.FELT_EDGE, pygame.Rect(geo.discard.topleft, geo.follow_card),
                             1, border_radius=m.px(6))
        counts = {s: 0 for s in M.SUIT_ORDER}
        for c in pile:
            counts[c[1]] += 1
        # per-suit counts under the pile, kept clear of the Spotlight
        parts = [(s, str(counts[s])) for s in M.SUIT_ORDER if counts[s]]
        size, mark_w, gap = m.px(12), m.px(14), m.px(5)
        width = sum(mark_w + m.px(1) + draw.font(size).size(t)[0] + gap for _, t in parts) - gap
        x = min(geo.discard.x, geo.spot.x - m.px(10) - width)
        y = geo.discard.bottom + m.px(6)
        for s, t in parts:
            surface.blit(draw.suit_symbol(s, mark_w, with_letter=False), (x, y))
            r = draw.blit_text(surface, t, size, (x + mark_w + m.px(1), y + mark_w // 2),
                               style.TEXT_MUTED, False, "midleft")
            x = r.right + gap

    def _round_info(self, view: Mapping, shown: Mapping, short: bool = False) -> str:
        """"Round 2 of 3 · trick 9 of 12" for what is drawn: while trick 8 resolves it
        still says 8, and the last trick of a round keeps its round's number."""
        total = TRICKS_PER_ROUND[self.n]
        done = shown.get("tricks_done", len(view["history"]))
        if view["phase"] == "over" and self.motion.idle and self.round_end_hold is None:
            return _("Game over")
        rnd = shown.get("round", view["round"])
        if done >= total or (view["phase"] == "deal" and view["rounds_done"]
                             and shown.get("round") == view["rounds_done"]):
            if short:
                return _("Round {round}/3 · {total} tricks played", round=rnd, total=total)
            return _("Round {round} of 3 · all {total} tricks played", round=rnd, total=total)
        if short:
            return _("Round {round}/3 · trick {trick}/{total}", round=rnd, trick=done + 1, total=total)
        return _("Round {round} of 3 · trick {trick} of {total}", round=rnd, trick=done + 1,
                 total=total)

    def finished_trick(self) -> Mapping | None:
        """The trick just won, while it stays on the table: at the end of a round (whatever
        the animation speed) and, with animations off, until the next card is played."""
        if not self.motion.idle or self.geo is None:
            return None
        view = self.live_view()
        if view["trick"] or not view["history"]:
            return None
        if self.coach_point() == "trick":
            return view["history"][-1]  # a tutorial step talks about the trick just won
        if (self.round_end_due is not None or self.round_end_hold is not None
                or view["phase"] == "over"):
            return view["history"][-1]
        if not self.app.settings.pace and view["phase"] in ("play", "discard"):
            return view["history"][-1]
        return None

    def finished_caption(self, short: bool = False) -> str:
        last = self.finished_trick()
        if last is None:
            return ""
        card = next(p["card"] for p in last["plays"] if p["seat"] == last["winner"])
        if short:
            return wording.trick_won(self.seat_name(last["winner"]), card)
        return wording.trick_caption(self.seat_name(last["winner"]), last["spotlight"], card)

    def _draw_trick(self, surface, shown: dict, hide, beat: Beat | None) -> None:
        m, geo = self.metrics, self.geo
        plays = shown["trick"]
        highlight = beat.highlight if beat is not None else None
        last = self.finished_trick() if not plays else None
        if last is not None:
            plays = [(p["seat"], p["card"]) for p in last["plays"]]
            highlight = last["winner"]
        leader = plays[0][0] if plays else None
        for seat, c in plays:
            if ("trick", seat) in hide:
                continue
            rect = geo.slots[seat]
            face = draw.card_face(c[2], c[1], geo.trick_card)
            state = "normal"
            if highlight == seat:
                state = "selected"
            elif last is not None:
                state = "unplayable"  # the finished trick's other cards, dimmed
            hit = draw.draw_card(surface, face, rect.topleft, state, lift=m.px(6))
            label = pygame.Rect(hit.centerx - m.px(20), hit.bottom + m.px(2), m.px(40), m.px(14))
            if label.colliderect(geo.prompt.inflate(0, -geo.prompt.h // 3)):
                continue
            # a finished trick names its winner under the card, so the lit card needs no log
            text, colour = trick_label(seat, leader, last["winner"] if last else highlight)
            if text:
                draw.blit_text(surface, text, m.px(11), (hit.centerx, hit.bottom + m.px(2)),
                               colour, True, "midtop")

    def _draw_hand(self, surface, shown: dict, view: Mapping, legal) -> None:
        geo = self.geo
        seat = geo.bottom
        hand = shown["hands"][seat]
        rects = geo.hand_rects(len(hand))
        playable = {(a.args[0], a.args[1]): i for i, a in enumerate(legal) if a.kind == "play"}
        choosing = bool(legal)
        self.hand_hits = []
        badges = []
        mouse = pygame.mouse.get_pos() if pygame.mouse.get_focused() else (-1, -1)
        reach = [r.inflate(0, geo.lift).move(0, -geo.lift // 2) for r in rects]
        hovered = next((i for i in range(len(reach) - 1, -1, -1) if reach[i].collidepoint(mouse)), None)
        keyed = None        # the card the keyboard chose: the shared focus ring (game.ui.focus)
        for i, (r, c) in enumerate(zip(rects, hand)):
            if c[0] == "card":
                card = draw.card_face(c[2], c[1], geo.hand_card)
                index = playable.get((c[1], c[2]))
                if not choosing or legal[0].kind != "play":
                    state = "normal"
                elif index is None:
                    state = "unplayable"
                else:
                    picked = index == self.key_selected or (i == hovered and self.key_selected is None)
                    state = "selected" if picked else "playable"
                    if index == self.key_selected:
                        keyed = i
            else:
                card, index, state = draw.card_back(geo.hand_card, c[1]), None, "normal"
            hit = draw.draw_card(surface, card, r.topleft, state, lift=geo.lift)
            self.hand_hits.append((hit, c))
            if index is not None and choosing:
                badges.append((hit, index + 1))
        # on top of the fan, at the right end of each card's visible strip
        step = rects[1].x - rects[0].x if len(rects) > 1 else geo.hand_card[0]
        for hit, number in badges:
            visible = pygame.Rect(hit.x, hit.y, min(hit.w, step), hit.h)
            self._badge(surface, visible, number)
        if keyed is not None:
            focus.draw_ring(surface, self.hand_hits[keyed][0], self.metrics.px(6))
        self.zoomed = None
        if hovered is not None and hand[hovered][0] == "card":
            self._zoom(surface, self.hand_hits[hovered][0], hand[hovered],
                       playable.get(hand[hovered][1:]) is not None and choosing)

    def _zoom(self, surface, hit: pygame.Rect, card: tuple, playable: bool) -> None:
        """The card under the pointer, larger, over its neighbours: in a crowded fan at a
        small window its rank reads at a glance (``zoomed``: where it was drawn)."""
        geo, m = self.geo, self.metrics
        cw, ch = geo.hand_card
        factor = max(1.0, ZOOM_RANK_PX / (ch * 0.22))
        if factor <= 1.0 and self.hand_hits[-1][0] is hit:
            return      # big enough, and nothing covers it
        factor = max(factor, 1.15)
        size = (round(cw * factor), round(ch * factor))
        rect = pygame.Rect((0, 0), size)
        rect.midbottom = (hit.centerx, hit.bottom)
        rect.clamp_ip(pygame.Rect(0, 0, m.width, m.height).clip(geo.table.inflate(m.pad, m.pad)))
        face = draw.card_face(card[2], card[1], size)
        draw.draw_card(surface, face, rect.topleft, "selected" if playable else "normal", lift=0)
        self.zoomed = (rect, card)

    def _badge(self, surface, rect: pygame.Rect, number: int) -> None:
        if number > 9:
            return
        m = self.metrics
        d = m.px(18)
        centre = (rect.right - m.px(4), rect.y + m.px(4))
        pygame.draw.circle(surface, style.BG_DEEP, centre, d // 2)
        pygame.draw.circle(surface, style.ACCENT, centre, d // 2, 1)
        draw.blit_text(surface, str(number), m.px(12), centre, style.ACCENT_BRIGHT, True, "center")

    def draw_choice_header(self, surface: pygame.Surface) -> None:
        m, geo = self.metrics, self.geo
        if geo is None:
            return
        rect = geo.prompt
        beat, _t = self.motion.current()
        finished = self.finished_caption() if beat is None else ""
        head = None     # the prompt's own first sentence: never cut further
        if beat is not None and beat.caption and not self.status_refused:
            colour, text = style.ACCENT_BRIGHT, beat.caption
        elif finished and not self.status_refused and (
                self.round_end_hold is not None or self.acting() is None):
            colour, text = style.ACCENT_BRIGHT, finished
            if self.moments.holding("trick_end"):
                text = _("{caption} Click or press Enter to go on.",
                         caption=self.finished_caption(short=True))
        elif self.status:
            colour = style.DANGER if self.status_refused else style.ACCENT_BRIGHT
            text = self.status
        else:
            view = self.live_view()
            acting = self.acting()
            address = self.seat_name(acting) if acting is not None and len(self.session.humans) > 1 else ""
            head, hint = wording.prompt_parts(view, self.viewer, acting is not None,
                                              self.waiting_for(), address)
            text = wording.prompt(view, self.viewer, acting is not None, self.waiting_for(),
                                  address)
            if hint and draw.font(m.px(16), True).size(text)[0] > rect.w:
                text = head     # the hint gives way on a narrow line
            colour = style.TEXT if acting is not None else style.TEXT_MUTED
        if text != head:
            text = shortest_needed(text, m.px(16), rect.w)
        draw.blit_text(surface, fit_text(text, m.px(16), rect.w, True), m.px(16),
                       (rect.centerx, rect.centery), colour, True, "center")


def shortest_needed(text: str, size: int, width: int) -> str:
    """``text``, or its first clause if the whole line does not fit (the rest is a hint)."""
    f = draw.font(size, True)
    if f.size(text)[0] <= width:
        return text
    # the clause marks of the languages: a Japanese head ends with its own full stop
    for mark, stop in ((" — ", "."), (". ", "."), (": ", "."), ("——", "。"), ("。", "。"),
                       ("：", "。")):
        if mark in text:
            head = text.split(mark)[0].rstrip(".。") + stop
            if f.size(head)[0] <= width:
                return head
    return text


_LAMPS: dict[int, pygame.Surface] = {}
_FELTS: dict[tuple, pygame.Surface] = {}


def _felt(size: tuple, radius: int, edge: int) -> pygame.Surface:
    """The table top: a slightly lighter rounded field with a rim (cached per size)."""
    key = (size, radius, edge)
    if key not in _FELTS:
        felt = pygame.Surface(size, pygame.SRCALPHA)
        pygame.draw.rect(felt, (*style.FELT_EDGE, 60), felt.get_rect(), border_radius=radius)
        pygame.draw.rect(felt, (*style.FELT_EDGE, 150), felt.get_rect(), edge, border_radius=radius)
        _FELTS.clear()
        _FELTS[key] = felt
    return _FELTS[key]


def _lamp(radius: int) -> pygame.Surface:
    """A soft warm pool of light (built small, scaled up, cached per size)."""
    if radius not in _LAMPS:
        small = pygame.Surface((48, 48), pygame.SRCALPHA)
        for y in range(48):
            for x in range(48):
                d = ((x - 23.5) ** 2 + (y - 23.5) ** 2) ** 0.5 / 24
                a = max(0.0, 1 - d) ** 2 * 42
                small.set_at((x, y), (240, 200, 112, int(a)))
        _LAMPS[radius] = pygame.transform.smoothscale(small, (radius * 2, int(radius * 1.4)))
    return _LAMPS[radius]
