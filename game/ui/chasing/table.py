"""The Chasing Shadows table scene.

Everything drawn comes from the viewer's view (``session.view(self.viewer)``) or from the
table's replay of public events on it (``model``), so another seat's ranks never reach
the screen. Clicks on cards become actions through ``choose``; a click on a card that
cannot be played explains why in the prompt line. Number keys pick the n-th playable card
(or Follow Card when the discard is a choice), arrows move the selection, Enter plays it.
"""

from __future__ import annotations

from typing import Mapping

import pygame

from game.rules.protocol import Action
from game.storage.settings import PACE_SECONDS
from game.ui import draw, howto, style
from game.ui.scene import CONFIRM_KEYS, DIGIT_KEYS
from game.ui.table_base import TableScene

from . import model as M
from . import wording
from .geometry import Geometry
from .motion import Beat, Flight, Motion
from .pieces import chip, draw_memory_panel, draw_scores_panel, fit_text

TRICKS_PER_ROUND = {3: 12, 4: 12, 5: 10}
# beat lengths at the "normal" speed, in seconds
PLAY_SECONDS = 0.38
DISCARD_SECONDS = 0.3
WINNER_SECONDS = 0.8
SWEEP_SECONDS = 0.5
LAST_TRICK_SECONDS = 1.4
# real seconds the finished last trick of a round stays up before its scoring, whatever
# the animation speed (a click or Enter moves on at once)
ROUND_END_HOLD = 1.6


class ChasingTable(TableScene):
    def __init__(self, app, session) -> None:
        super().__init__(app, session)
        self.n = session.match.num_players
        self.motion = Motion()
        self.chain: dict | None = None      # the model after the last event seen
        self.geo: Geometry | None = None
        self.hand_hits: list[tuple[pygame.Rect, tuple]] = []
        self.follow_hits: list[tuple[pygame.Rect, str]] = []
        self.key_actions: list[Action] = []
        self.key_selected: int | None = None
        self.round_end_due: Mapping | None = None
        self.round_end_hold: float | None = None
        self.results_due = False
        self.drawn: dict | None = None       # what the last frame drew (the privacy tests read it)
        self._settled: Mapping | None = None
        self._view_key: tuple | None = None
        self._view: Mapping | None = None
        self._shape: tuple | None = None
        howto.greet(self)
        resumed = self.live_view()
        if resumed["phase"] == "deal" and resumed["rounds_done"]:
            # continued right after a round ended: show its scoring before the next deal
            self.round_end_due = resumed
            self.round_end_hold = 0.0  # resumed: its scoring at once

    # --- who sits where ------------------------------------------------------------------
    @property
    def bottom_seat(self) -> int:
        """The seat drawn at the bottom: the viewer, or while nobody is at the screen the
        last person who was (the table does not turn when the screen goes public)."""
        v = self.viewer
        if v is not None:
            self._last_bottom = v
            return v
        s = self.session
        last = getattr(self, "_last_bottom", None)
        if last is not None:
            return last
        return s.humans[0] if s.humans else 0

    def live_view(self) -> Mapping:
        # drawn several times a frame: build it once per game step and viewer
        key = (id(self.session.match), len(self.session.match.log), self.viewer)
        if self._view_key != key:
            self._view_key, self._view = key, self.session.view(self.viewer)
        return self._view

    # --- layout --------------------------------------------------------------------------
    def build_top_bar(self, m: style.Metrics) -> None:
        """Menu, Undo, Sheets, How to play: always in the same places (Undo is greyed out
        when there is nothing to take back rather than removed, so nothing shifts)."""
        bw = m.px(120)
        y = m.gap
        x = m.width - bw - m.pad
        self.button((x, y, bw, m.button_h), "Menu", self.pause, choice=False, object_id="#pause")
        x -= bw + m.gap
        self.button((x, y, bw, m.button_h), "Undo", self.undo, choice=False, object_id="#undo",
                    enabled=self.session.can_undo())
        x -= bw + m.gap
        self.button((x, y, bw, m.button_h), "Sheets (S)", self.open_sheets, choice=False,
                    object_id="#sheets", tooltip="Every player's scoresheet")
        if self.session.is_over() and self.results_seen:
            x -= bw + m.gap
            self.button((x, y, bw, m.button_h), "Results", self.show_results, choice=False,
                        object_id="#show_results", cls="@primary")
        else:
            x = howto.add_button(self, m, x, y, bw)
        self.top_bar_right = x

    def layout(self, m: style.Metrics) -> None:
        self.build_top_bar(m)
        shape = (m.width, m.height, self.bottom_seat, self.app.settings.memory_aids)
        if self.geo is None or shape != self._shape:
            self._shape = shape
            self.geo = Geometry(m, self.top_bar_h(m), self.n, self.bottom_seat,
                                self.app.settings.memory_aids)
            self.motion.clear()  # places moved: flights would start from stale spots
        self.log_panel = self.make_log_panel(self.geo.log)
        self.choice_area = self.geo.prompt
        actions = self.in_table_order(self.choice_actions())
        if actions != self.key_actions:
            self.key_selected = None  # a new decision starts with nothing selected
        self.key_actions = actions

    # --- the game's events become animation beats ---------------------------------------
    def on_game_event(self, event, step: int) -> None:
        kind, data = event.kind, event.data
        self._sound_for(kind)
        if kind == "round_scored":
            self.round_end_due = self.live_view()
            self.chain = None
            return
        if kind in ("round_dealt", "start_player", "game_over"):
            self.chain = None
            return
        if not self.app.settings.pace or self.geo is None:
            self.chain = None
            return
        if self.chain is None or self.chain["seat"] != self.viewer:
            self.chain = M.from_view(self._settled or self.live_view())
        before = self.chain
        geo = self.geo
        if kind == "card_played":
            seat = data["seat"]
            after, index = M.play(before, seat, data["suit"], data["rank"])
            if seat == geo.bottom:
                rects = geo.hand_rects(len(before["hands"][seat]))
                start = rects[index] if index < len(rects) else geo.hand
            else:
                rects = geo.mini_hand_rects(seat, len(before["hands"][seat]))
                start = rects[index] if index < len(rects) else geo.deck_rect_for(seat)
            face = draw.card_face(data["rank"], data["suit"], geo.trick_card)
            self.motion.add(Beat(PLAY_SECONDS, after, frozenset({("trick", seat)}),
                                 [Flight(face, start, geo.slots[seat])]))
        elif kind == "follow_discarded":
            after, index = M.discard(before, data["suit"])
            starts = geo.follow_rects(len(before["follow"]))
            ends = geo.discard_rects(len(after["discard"]))
            if starts and ends:
                back = draw.card_back(geo.follow_card, data["suit"])
                self.motion.add(Beat(DISCARD_SECONDS, after, frozenset({("discard_top",)}),
                                     [Flight(back, starts[min(index, len(starts) - 1)], ends[-1])]))
        elif kind == "trick_won":
            seat = data["seat"]
            spotlight, card = tuple(data["spotlight"]), tuple(data["card"])
            after = M.win(before, seat, spotlight, card)
            caption = wording.trick_caption(self.seat_name(seat), spotlight, card)
            if len(before["hands"][seat]) < 2:
                # the round's last trick: no next trick to sweep for; it stays up, then
                # the round-end hold keeps it while the scoring waits
                self.motion.add(Beat(LAST_TRICK_SECONDS, before, highlight=seat, caption=caption))
                self.hold_for_animation(self.motion.remaining() + 0.05)
                self.chain = None
                return
            self.motion.add(Beat(WINNER_SECONDS, before, highlight=seat, caption=caption))
            self.motion.add(self._sweep(before, after, seat, spotlight, card))
        else:
            return
        self.chain = after
        self.hold_for_animation(self.motion.remaining() + 0.05)

    def _sound_for(self, kind: str) -> None:
        name = {"card_played": "card", "trick_won": "trick", "round_dealt": "shuffle"}.get(kind)
        if name:
            self.app.sound.play(name)

    def _sweep(self, before: dict, after: dict, winner: int, spotlight: tuple, card: tuple
               ) -> Beat:
        """The winner takes the Spotlight, their card becomes the Spotlight, the other
        cards turn face down into the Follow Cards."""
        geo = self.geo
        flights = []
        items = taken_items(after["taken"][winner])
        chips = geo.chip_rects(winner, len(items))
        at = items.index(spotlight) if spotlight in items else len(items) - 1
        flights.append(Flight(draw.card_face(spotlight[2], spotlight[1], geo.spot_card),
                              geo.spot.copy(), chips[at] if chips else geo.plates[winner]))
        follow_rects = geo.follow_rects(len(after["follow"]))
        j = 0
        for seat, c in before["trick"]:
            face = draw.card_face(c[2], c[1], geo.trick_card)
            if seat == winner and c == card:
                flights.append(Flight(face, geo.slots[seat], geo.spot.copy()))
            elif j < len(follow_rects):
                flights.append(Flight(face, geo.slots[seat], follow_rects[j],
                                      back=draw.card_back(geo.trick_card, c[1])))
                j += 1
        hide = frozenset({("spotlight",), ("follow",), ("taken_card", winner, spotlight)})
        return Beat(SWEEP_SECONDS, after, hide, flights)

    def hold_for_animation(self, seconds_at_normal: float) -> float:
        self.motion.speed = self.app.settings.pace / PACE_SECONDS["normal"]
        return super().hold_for_animation(seconds_at_normal)

    # --- per frame ---------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.motion.speed = self.app.settings.pace / PACE_SECONDS["normal"]
        if self.chain is not None and self.chain["seat"] != self.viewer:
            self.chain = None
            self.motion.clear()
        self.motion.update(dt)
        if self.round_end_due is not None:
            if self.status_timer > 0:
                self.status_timer -= dt
                if self.status_timer <= 0:
                    self.status = ""
            if self.motion.idle and self.app.top is self and not self.coach_holds():
                if self.round_end_hold is None:
                    self.round_end_hold = ROUND_END_HOLD
                self.round_end_hold -= dt
                if self.round_end_hold <= 0:
                    self.show_round_end()
            self.refresh_log()  # the last trick's plays are in the log while it is held
            return  # the next round waits for "Continue"
        if self.results_due and self.motion.idle and self.app.top is self:
            self.results_due = False
            super().game_over()
            return
        if not self.motion.idle:
            # keep the next move waiting however slowly the frames came
            self.session.hold(self.motion.remaining() * self.motion.speed + 0.05)
        if self.app.top is self:
            self._settled = self.live_view()
        super().update(dt)
        self._settled = self.live_view()

    @property
    def busy(self) -> bool:
        return super().busy or not self.motion.idle

    def still(self) -> bool:
        return self.motion.idle

    def animating(self) -> bool:
        return (not self.motion.idle or self.round_end_due is not None
                or self.round_end_hold is not None)

    def show_round_end(self) -> None:
        from .overlays import RoundEndScene

        view, self.round_end_due, self.round_end_hold = self.round_end_due, None, None
        if view is not None:
            self.app.push(RoundEndScene(self.app, self, view))

    def game_over(self) -> None:
        # the base records and shows the results; here they wait for the last trick and
        # the third round's scoring screen
        self.results_due = True

    @property
    def results_seen(self) -> bool:
        return self._over_handled and not self.results_due

    def show_results(self) -> None:
        from .overlays import ChasingResultsScene

        self.app.push(ChasingResultsScene(self.app, self.session, self))

    def undo(self) -> None:
        self.motion.clear()
        self.chain = None
        super().undo()

    # --- input ---------------------------------------------------------------------------------
    def acting(self) -> int | None:
        seat = self.acting_seat()
        return seat if seat is not None and seat == self.viewer else None

    def turn_text(self) -> str:
        view = self.live_view()
        if view["phase"] == "deal" and view["rounds_done"] and not self.session.is_over():
            last = view["history"][-1] if view["history"] else None
            who = f": {self.seat_name(last['winner'])} took the last trick" if last else ""
            return f"End of round {view['rounds_done']}{who}."
        if view["phase"] == "deal":
            return "Shuffling and dealing…"
        if self.session.is_over() and (self.results_due or self.round_end_due is not None):
            return "End of round 3: the last trick."
        return super().turn_text()

    def waiting_for(self) -> str:
        d = self.session.decider()
        return self.waiting_name(d) if d >= 0 else "the dealer"

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.click(event.pos):
                return True
        return super().handle_event(event)

    def click(self, pos) -> bool:
        if self.geo is None:
            return False
        if self.round_end_hold is not None:
            self.show_round_end()  # a click moves on from the finished round at once
            return True
        if self.geo.scores.collidepoint(pos):
            self.open_sheets()
            return True
        card = next((c for r, c in reversed(self.hand_hits) if r.collidepoint(pos)), None)
        suit = next((s for r, s in reversed(self.follow_hits) if r.collidepoint(pos)), None)
        if card is None and suit is None:
            return False
        self.motion.clear()  # a click skips what is still animating
        view = self.live_view()
        acting = self.acting()
        if card is not None:
            if card[0] != "card":
                self.refuse_line(wording.why_not(view, None, card, False, self.waiting_for()))
                return True
            action = self._action_for_card(card, acting)
            if action is None:
                self.refuse_line(wording.why_not(view, acting, card, acting is not None,
                                                 self.waiting_for()))
            else:
                self.play(action)
            return True
        action = next((a for a in self._legal(acting) if a.kind == "discard" and a.args[0] == suit),
                      None)
        if action is None:
            self.refuse_line(wording.follow_not_choice(view, acting is not None))
        else:
            self.play(action)
        return True

    def in_table_order(self, actions: list[Action]) -> list[Action]:
        """Discard choices in the order their Follow Cards lie (cards already are in hand
        order), so number keys count left to right."""
        follow = [c[1] for c in self.live_view()["follow"]]
        return sorted(actions, key=lambda a: follow.index(a.args[0])
                      if a.kind == "discard" and a.args[0] in follow else 0)

    def _legal(self, acting: int | None) -> list[Action]:
        return [] if acting is None else list(self.session.legal_actions(acting))

    def _action_for_card(self, card: tuple, acting: int | None) -> Action | None:
        return next((a for a in self._legal(acting)
                     if a.kind == "play" and (a.args[0], a.args[1]) == (card[1], card[2])), None)

    def play(self, action: Action) -> None:
        self.key_selected = None
        self.app.sound.play("click")
        self.choose(action)

    def refuse_line(self, text: str) -> None:
        self.set_status(text, refused=True)
        self.app.sound.play("refused")

    def handle_key(self, event: pygame.event.Event) -> bool:
        key = event.key
        if self.round_end_hold is not None and key in CONFIRM_KEYS + (pygame.K_SPACE,):
            self.show_round_end()
            return True
        if key == pygame.K_s:
            self.open_sheets()
            return True
        actions = self.key_actions
        if key in DIGIT_KEYS and actions:
            n = DIGIT_KEYS[key] - 1
            if n < len(actions):
                self.key_selected = n
                return True
            return False
        if key in (pygame.K_RIGHT, pygame.K_DOWN, pygame.K_TAB) and actions:
            self.key_selected = 0 if self.key_selected is None else (self.key_selected + 1) % len(actions)
            return True
        if key in (pygame.K_LEFT, pygame.K_UP) and actions:
            self.key_selected = (len(actions) - 1 if self.key_selected is None
                                 else (self.key_selected - 1) % len(actions))
            return True
        if key in CONFIRM_KEYS and actions:
            if self.key_selected is None:
                if len(actions) == 1:
                    self.play(actions[0])
                else:
                    self.set_status("Pick a card first: number keys or arrows select, Enter plays.")
                return True
            self.motion.clear()
            self.play(actions[self.key_selected])
            return True
        return super().handle_key(event)

    def open_sheets(self) -> None:
        from .overlays import SheetsScene

        self.app.push(SheetsScene(self.app, self))

    # --- drawing ------------------------------------------------------------------------------------
    def shown(self) -> tuple[dict, Beat | None, float]:
        """The model to draw now, the current beat and how far it has run."""
        beat, t = self.motion.current()
        if beat is not None and beat.shown is not None and beat.shown["seat"] == self.viewer:
            return beat.shown, beat, t
        return M.from_view(self.live_view()), None, 1.0

    def draw(self, surface: pygame.Surface) -> None:
        # the base draws the same, on its plain backdrop; ours has the table top baked in
        if self.geo is None:
            super().draw(surface)
            return
        surface.blit(self._backdrop(surface.get_size()), (0, 0))
        self.draw_board(surface)
        self.draw_top_bar(surface)
        self.draw_choice_header(surface)
        if self.log_panel is not None:
            self.log_panel.draw(surface)

    def _backdrop(self, size: tuple) -> pygame.Surface:
        m = self.metrics
        key = (size, tuple(self.geo.table), tuple(self.geo.spot))
        if getattr(self, "_backdrop_key", None) != key:
            back = draw.table_background(size, felt=True).copy()
            area = self.geo.table.inflate(-m.px(4), -m.px(4))
            back.blit(_felt(area.size, m.px(40), max(1, m.px(2))), area)
            lamp = _lamp(m.px(190))
            back.blit(lamp, lamp.get_rect(center=self.geo.spot.center))
            self._backdrop_key = key
            self._backdrop_surface = back.convert() if pygame.display.get_surface() else back
        return self._backdrop_surface

    def draw_board(self, surface: pygame.Surface) -> None:
        geo = self.geo
        if geo is None:
            return
        m = self.metrics
        view = self.live_view()
        shown, beat, t = self.shown()
        self.drawn = shown
        hide = beat.hide if beat else frozenset()
        acting = self.acting() if beat is None else None
        legal = self._legal(acting)
        for seat in range(self.n):
            self._draw_plate(surface, seat, shown, view, hide)
        self._draw_middle(surface, shown, view, hide, legal)
        self._draw_trick(surface, shown, hide, beat)
        self._draw_hand(surface, shown, view, legal)
        if beat is not None:
            for flight in beat.flights:
                surf, rect = flight.at(t)
                if rect.w > 0 and rect.h > 0:
                    surface.blit(pygame.transform.smoothscale(surf, rect.size), rect)
        draw_scores_panel(surface, geo.scores, m, view, [c.name for c in self.session.seats],
                          self.session.decider())
        if geo.memory is not None:
            draw_memory_panel(surface, geo.memory, m, view)

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
            level = f"{cfg.level} AI"
            if draw.font(m.px(12)).size(level)[0] <= rect.x + m.px(42) + name_w - at.right - m.px(6):
                draw.blit_text(surface, level, m.px(12), (at.right + m.px(6), at.centery + m.px(1)),
                               style.TEXT_DIM, False, "midleft")
        if status:
            draw.blit_text(surface, status, m.px(13), (rect.right - m.px(10), rect.y + m.px(20)),
                           status_colour, seat == decider, "midright")
        hand = shown["hands"][seat]
        if seat == geo.bottom:
            count = len(hand)
            line = f"{count} card{'s' if count != 1 else ''} in hand"
            draw.blit_text(surface, line, m.px(13), (rect.x + m.px(12), rect.y + m.px(54)),
                           style.TEXT_MUTED, False, "midleft")
        else:
            rects = geo.mini_hand_rects(seat, len(hand))
            for r, c in zip(rects, hand):
                surface.blit(draw.card_back(geo.mini_back, c[1]), r)
            right = rects[-1].right if rects else rect.x + m.px(10)
            draw.blit_text(surface, f"×{len(hand)}", m.px(14), (right + m.px(6), rect.y + m.px(54)),
                           style.TEXT_MUTED, True, "midleft")
        items = taken_items(shown["taken"][seat])
        chips = geo.chip_rects(seat, len(items))
        if not items:
            draw.blit_text(surface, "took nothing yet", m.px(12), (rect.x + m.px(12),
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
            return ("winner", style.ACCENT_BRIGHT) if res and seat in res["winners"] else ("", style.TEXT)
        if s.decider() == seat:
            if not s.seats[seat].is_human:
                return "thinking…", style.ACCENT_BRIGHT
            return ("discards" if view["phase"] == "discard" else "to play", style.ACCENT_BRIGHT)
        if view["trick"] and view["leader"] == seat:
            return "led", style.TEXT_MUTED
        return "", style.TEXT

    def _draw_middle(self, surface, shown: dict, view: Mapping, hide, legal) -> None:
        m, geo = self.metrics, self.geo
        label = m.px(12)
        # Spotlight
        draw.blit_text(surface, "SPOTLIGHT", label, (geo.spot.centerx, geo.spot.y - m.px(6)),
                       style.ACCENT, True, "midbottom")
        spot = shown["spotlight"]
        if spot is not None and ("spotlight",) not in hide:
            surface.blit(draw.card_face(spot[2], spot[1], geo.spot_card), geo.spot)
        else:
            pygame.draw.rect(surface, style.FELT_EDGE, geo.spot, 1, border_radius=m.px(8))
        info = self._round_info(view, shown)
        draw.blit_text(surface, info, m.px(13), (geo.follow.x, geo.follow.bottom + m.px(8)),
                       style.TEXT_MUTED, False, "topleft")
        # Follow Cards
        follow = shown["follow"]
        choosing = [a for a in self.in_table_order(legal) if a.kind == "discard"]
        draw.blit_text(surface, "FOLLOW CARDS", label, (geo.follow.x, geo.spot.y - m.px(6)),
                       style.TEXT_MUTED, True, "bottomleft")
        self.follow_hits = []
        if ("follow",) not in hide:
            numbered: dict[str, int] = {}
            for i, a in enumerate(choosing):
                numbered[a.args[0]] = i
            badged = set()
            for r, c in zip(geo.follow_rects(len(follow)), follow):
                card = draw.card_back(geo.follow_card, c[1])
                state = "playable" if choosing else "normal"
                if choosing and self.key_selected is not None and numbered.get(c[1]) == self.key_selected:
                    state = "selected"
                hit = draw.draw_card(surface, card, r.topleft, state, lift=m.px(8))
                self.follow_hits.append((hit, c[1]))
                if choosing and c[1] not in badged and c[1] in numbered:
                    badged.add(c[1])
                    self._badge(surface, hit, numbered[c[1]] + 1)
            if not follow:
                draw.blit_text(surface, "none", m.px(13), geo.follow.midleft, style.TEXT_DIM, False,
                               "midleft")
        # discard pile
        pile = shown["discard"]
        draw.blit_text(surface, f"DISCARD {len(pile)}", label, (geo.discard.x, geo.spot.y - m.px(6)),
                       style.TEXT_MUTED, True, "bottomleft")
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

    def _round_info(self, view: Mapping, shown: Mapping) -> str:
        """"Round 2 of 3 · trick 9 of 12" for what is drawn: while trick 8 resolves it
        still says 8, and the last trick of a round keeps its round's number."""
        total = TRICKS_PER_ROUND[self.n]
        done = shown.get("tricks_done", len(view["history"]))
        if view["phase"] == "over" and self.motion.idle and self.round_end_hold is None:
            return "Game over"
        if done >= total or (view["phase"] == "deal" and view["rounds_done"]
                             and shown.get("round") == view["rounds_done"]):
            return f"Round {shown.get('round', view['round'])} of 3 · all {total} tricks played"
        return f"Round {shown.get('round', view['round'])} of 3 · trick {done + 1} of {total}"

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

    def regions(self) -> dict:
        """The named parts of this table (docs/tutorials.md): rects, or a list of rects
        for a part in several pieces (the cards of a trick)."""
        out = super().regions()
        geo = self.geo
        if geo is None:
            return out
        out.update({"coach": geo.log, "log": geo.log, "spotlight": geo.spot, "discard": geo.discard,
                    "scoresheet": geo.scores, "prompt": geo.prompt, "table": geo.table})
        if geo.memory is not None:
            out["memory"] = geo.memory
        if self.follow_hits:
            out["follow"] = self.follow_hits[0][0].unionall([r for r, _ in self.follow_hits])
        else:
            out["follow"] = geo.follow
        hits = [r for r, _ in self.hand_hits]
        out["hand"] = hits[0].unionall(hits) if hits else geo.hand
        shown = self.shown()[0]
        plays = [seat for seat, _ in shown["trick"]]
        last = self.finished_trick() if not plays else None
        if last is not None:   # the winner's card first: the arrow points at it
            plays = sorted((p["seat"] for p in last["plays"]), key=lambda s: s != last["winner"])
        out["trick"] = [geo.slots[s] for s in plays or range(self.n)]
        for seat in range(self.n):
            out[f"plate.{seat}"] = geo.plates[seat]
            out[f"trick.{seat}"] = geo.slots[seat]
            items = taken_items(shown["taken"][seat])
            chips = geo.chip_rects(seat, len(items))
            plate = geo.plates[seat]
            out[f"taken.{seat}"] = (chips[0].unionall(chips) if chips else
                                    pygame.Rect(plate.x, plate.bottom - self.metrics.px(30),
                                                plate.w, self.metrics.px(26)))
        for i, (r, c) in enumerate(self.hand_hits):
            if c[0] == "card":
                visible = r.copy()
                if i + 1 < len(self.hand_hits):
                    visible.w = max(self.metrics.px(16), self.hand_hits[i + 1][0].x - r.x)
                out[f"hand.{c[1]}.{c[2]}"] = visible
        for r, suit in self.follow_hits:
            out.setdefault(f"follow.{suit}", r)
        return out

    def finished_caption(self) -> str:
        last = self.finished_trick()
        if last is None:
            return ""
        card = next(p["card"] for p in last["plays"] if p["seat"] == last["winner"])
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
            if seat == leader and not label.colliderect(geo.prompt.inflate(0, -geo.prompt.h // 3)):
                draw.blit_text(surface, "lead", m.px(11), (hit.centerx, hit.bottom + m.px(2)),
                               style.TEXT_DIM, True, "midtop")

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
        beat, _ = self.motion.current()
        finished = self.finished_caption() if beat is None else ""
        if beat is not None and beat.caption and not self.status_refused:
            colour, text = style.ACCENT_BRIGHT, beat.caption
        elif finished and not self.status_refused and (
                self.round_end_hold is not None or self.acting() is None):
            colour, text = style.ACCENT_BRIGHT, finished
        elif self.status:
            colour = style.DANGER if self.status_refused else style.ACCENT_BRIGHT
            text = self.status
        else:
            view = self.live_view()
            acting = self.acting()
            address = self.seat_name(acting) if acting is not None and len(self.session.humans) > 1 else ""
            text = wording.prompt(view, self.viewer, acting is not None, self.waiting_for(), address)
            colour = style.TEXT if acting is not None else style.TEXT_MUTED
        text = shortest_needed(text, m.px(16), rect.w)
        draw.blit_text(surface, fit_text(text, m.px(16), rect.w, True), m.px(16),
                       (rect.centerx, rect.centery), colour, True, "center")


def taken_items(taken) -> list[tuple]:
    """A player's taken cards as drawn on their plate: each suit's cards after its symbol,
    so the suit never depends on colour alone."""
    out: list[tuple] = []
    for suit in M.SUIT_ORDER:
        cards = [c for c in taken if c[1] == suit]
        if cards:
            out.append(("mark", suit))
            out.extend(cards)
    return out


def shortest_needed(text: str, size: int, width: int) -> str:
    """``text``, or its first clause if the whole line does not fit (the rest is a hint)."""
    f = draw.font(size, True)
    if f.size(text)[0] <= width:
        return text
    for mark in (" — ", ". ", ": "):
        if mark in text:
            head = text.split(mark)[0].rstrip(".") + "."
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
