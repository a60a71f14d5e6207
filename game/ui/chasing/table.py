"""The Chasing Shadows table scene.

Everything drawn comes from the viewer's view (``session.view(self.viewer)``) or from the
table's replay of public events on it (``model``), so another seat's ranks never reach
the screen. Clicks on cards become actions through ``choose``; a click on a card that
cannot be played explains why in the prompt line. Number keys pick the n-th playable card
(or Follow Card when the discard is a choice), arrows move the selection, Enter plays it.

This module holds the flow (seats, buttons, game events turned into beats, input); the
drawing is mixed in from ``paint``.
"""

from __future__ import annotations

from typing import Mapping

import pygame

from game import i18n
from game.i18n import _
from game.rules.protocol import Action
from game.storage.settings import PACE_SECONDS
from game.ui import advice_hint, draw, howto, style
from game.ui.scene import CONFIRM_KEYS, DIGIT_KEYS
from game.ui.table_base import TableScene

from . import model as M
from . import wording
from .anim import Beat, Flight, Motion
from .layout import Geometry
from .paint import ChasingPainter

# beat lengths at the "normal" speed, in seconds
PLAY_SECONDS = 0.38
DISCARD_SECONDS = 0.3
WINNER_SECONDS = 0.8
SWEEP_SECONDS = 0.5
LAST_TRICK_SECONDS = 1.4
# real seconds the finished last trick of a round stays up before its scoring, whatever
# the animation speed (a click or Enter moves on at once)
ROUND_END_HOLD = 1.6
# with animations off, the seconds a finished trick stays in pass-and-play before the
# hand-off may cover it (a click or Enter moves on at once)
TRICK_SEEN_OFF = 1.2
# a tutorial's fast-forwarded tricks (TutorialSession.fast_forward) animate at this share
FAST_SHARE = 0.3


class ChasingTable(ChasingPainter, TableScene):
    # a hand-off, a round's end or the sheets cover it often: its buttons (none of them
    # says a secret: the hand is drawn) are only hidden meanwhile, not made again
    hide_when_covered = True
    # the top bar's buttons change with the game (Undo greyed, Results at the end): a
    # button a build leaves out is parked for the next, and the curtain makes the first
    # build's buttons one a frame (``first_buttons``) instead of all in the frame it lifts
    park_widgets = True

    def __init__(self, app, session) -> None:
        super().__init__(app, session)
        self.n = session.match.num_players
        self.motion = Motion()
        self.chain: dict | None = None      # the model after the last event seen
        self.geo: Geometry | None = None
        self.hand_hits: list[tuple[pygame.Rect, tuple]] = []
        self.zoomed: tuple | None = None     # (rect, card) of the hand card shown larger
        self.follow_hits: list[tuple[pygame.Rect, str]] = []
        self.key_actions: list[Action] = []
        self.key_selected: int | None = None
        self.round_end_due: Mapping | None = None
        # the round's end is a moment (game.ui.moments, "round_end"): its last trick stays
        # on the table until seen, then its scoring comes up
        self._round_end_moment = None
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
            self._round_end_moment = self.moments.add("round_end", 0.0)  # its scoring at once

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

    def last_trick(self) -> Mapping | None:
        """The last trick finished this round (public: its cards lay face up). None before
        the round's first: last round's cards are dealt again, and a face of one of them
        on screen would look like news about a hand."""
        history = self.live_view()["history"]
        return history[-1] if history else None

    def show_last_trick(self) -> None:
        from .last_trick import LastTrickScene

        self.app.push(LastTrickScene(self.app, self))

    # --- the hand-off screen shows the last trick (public) ---------------------------------
    def handoff_public_height(self, width: int) -> int:
        from .last_trick import height_for

        return height_for(self.metrics, width)

    def draw_handoff_public(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        from .last_trick import draw_last_trick

        names = [c.name for c in self.session.seats]
        trick, title = self.last_trick(), _("Last trick")
        view = self.live_view()
        if trick is None and view["trick"]:
            # the round's first trick is under way: what lies on the table so far
            trick = {"spotlight": view["spotlight"], "plays": view["trick"], "winner": None}
            title = _("This trick so far")
        draw_last_trick(surface, rect, self.metrics, trick, names, title)

    # --- layout --------------------------------------------------------------------------
    def build_top_bar(self, m: style.Metrics) -> None:
        """Menu, Undo, Sheets, How to play: always in the same places (Undo is greyed out
        when there is nothing to take back rather than removed, so nothing shifts)."""
        bw = draw.label_width(m, _("Menu"), _("Undo"), _("Sheets (S)"), _("Results"),
                              minimum=m.px(120))
        y = m.gap
        x = m.width - bw - m.pad
        self.button((x, y, bw, m.button_h), _("Menu"), self.pause, choice=False,
                    object_id="#pause")
        x -= bw + m.gap
        self.button((x, y, bw, m.button_h), _("Undo"), self.undo, choice=False, object_id="#undo",
                    enabled=self.session.can_undo())
        x -= bw + m.gap
        self.button((x, y, bw, m.button_h), _("Sheets (S)"), self.open_sheets, choice=False,
                    object_id="#sheets", tooltip=_("Every player's scoresheet"))
        if self.session.is_over() and self.results_seen:
            x -= bw + m.gap
            self.button((x, y, bw, m.button_h), _("Results"), self.show_results, choice=False,
                        object_id="#show_results", cls="@primary")
        else:
            x = advice_hint.add_button(self, m, x, y, bw)
            x = howto.add_button(self, m, x, y, bw)
        self.top_bar_right = x

    def layout(self, m: style.Metrics) -> None:
        self.build_top_bar(m)
        shape = (m.width, m.height, self.bottom_seat, self.app.settings.memory_aids,
                 style.TEXT_SCALE, i18n.current())     # the language: the words' widths
        if self.geo is None or shape != self._shape:
            self._shape = shape
            self.geo = Geometry(m, self.top_bar_h(m), self.n, self.bottom_seat,
                                self.app.settings.memory_aids)
            self.motion.clear()  # places moved: flights would start from stale spots
        self.log_panel = self.make_log_panel(self.geo.log)
        self.choice_area = self.geo.prompt
        self.button(self.geo.last_trick_button, _("Last trick (L)"), self.show_last_trick,
                    choice=False, object_id="#last_trick", cls="@compact",
                    tooltip=_("The last trick: every card, who led and who took it"))
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
            self.prepare_round_end()
            self.chain = None
            self.moments.see("trick_end")   # the round's end holds its last trick itself
            return
        if kind in ("round_dealt", "start_player", "game_over"):
            self.chain = None
            return
        if not self.app.settings.pace or self.geo is None:
            self.chain = None
            if kind == "trick_won":
                self._trick_moment(data["seat"])
            return
        if self.chain is None or self.chain["seat"] != self.viewer:
            chain = M.from_view(self._settled or self.live_view())
            if chain["seat"] != self.viewer:
                # the person at the screen has just answered and the screen went public:
                # the moves go on being shown, without their hand
                chain = (M.seen_by(chain, None) if self.viewer is None
                         else M.from_view(self.live_view()))
            self.chain = chain
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
            self._trick_moment(seat)
        else:
            return
        self.chain = after
        self.hold_for_animation(self.motion.remaining() + 0.05)

    def _trick_moment(self, winner: int) -> None:
        """In pass-and-play the finished trick is a moment: it is on the table, its winner
        lit, until it has been seen (its animation, or with animations off a short stay)
        or clicked away; only then may the hand-off cover the table. Alone at the screen
        the animation (or the trick left lying until the next card) is enough."""
        if not self.session.several() or self.fast_forward or self.view_ends_round():
            return
        speed = self.moment_speed()
        seconds = self.motion.remaining() if speed else 0.0
        self.moments.add("trick_end", seconds, at_least=0.0 if speed else TRICK_SEEN_OFF,
                         data={"winner": winner})

    def view_ends_round(self) -> bool:
        return self.live_view()["phase"] != "play" and self.live_view()["phase"] != "discard"

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
        items = M.taken_items(after["taken"][winner])
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

    def _share(self) -> float:
        return FAST_SHARE if getattr(self.session, "fast_forward", False) else 1.0

    def _speed(self) -> float:
        return self.app.settings.pace / PACE_SECONDS["normal"] * self._share() * self.computer_share()

    def hold_for_animation(self, seconds_at_normal: float) -> float:
        self.motion.speed = self._speed()
        return super().hold_for_animation(seconds_at_normal * self._share())

    @classmethod
    def ahead_shapes(cls, app) -> list[tuple]:
        """With the hand-off's: the round end's Continue and the results' buttons (new
        sizes there cost 3-6 ms a piece of the work made ahead of those screens)."""
        from .overlays import _box, coach_room

        m = app.metrics
        box = _box(m, 1120, 680, coach_room(app))
        bw = min(m.px(210), (box.w - 2 * m.pad - 3 * m.gap) // 4)   # place_buttons, 4 of them
        return [*super().ahead_shapes(app), (m.px(280), m.button_h, "@primary", "#continue_round"),
                (bw, m.button_h, "@primary", "#play_again"), (bw, m.button_h, None, "#same_deal")]

    # --- per frame ---------------------------------------------------------------------------
    def warm_up(self) -> None:
        """Behind a curtain, the shuffle and deal too: one frame's piece (with the game's
        first save), the first picture the next ones'; the first frame after the curtain
        then no longer deals."""
        if self.curtained and not self._warmed and self.app.top is self \
                and not self.session.match.log:
            self.session.update()
            if self.session.match.log:
                raise draw.OutOfFrame
        super().warm_up()

    def update(self, dt: float) -> None:
        self.motion.speed = self._speed()
        if self.chain is not None and self.chain["seat"] != self.viewer:
            if self.viewer is None:
                # public now: the trick goes on showing, face down where it was private
                self.chain = M.seen_by(self.chain, None)
                for beat in self.motion.beats:
                    if beat.shown is not None and beat.shown["seat"] is not None:
                        beat.shown = M.seen_by(beat.shown, None)
            else:
                self.chain = None
                self.motion.clear()
        self.motion.update(dt)
        if self.round_end_due is not None:
            if self.status_timer > 0:
                self.status_timer -= dt
                if self.status_timer <= 0:
                    self.status = ""
            if self.motion.idle and self.app.top is self and not self.coach_holds():
                if self._round_end_moment is None:
                    self._round_end_moment = self.moments.add("round_end", ROUND_END_HOLD, scaled=False)
                self.moments.update(dt)
                if self._round_end_moment.done:
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

    @property
    def round_end_hold(self) -> float | None:
        """Seconds left of the round's end moment, None while there is none to see."""
        moment = self.moments.find("round_end")
        return None if moment is None else moment.left

    def prepare_round_end(self) -> None:
        """The round's scoring screen comes once its last trick has been seen: its button
        is made meanwhile (game.ui.ahead), not in the frame it comes up. Its pictures wait
        for it: it may show the viewer's own set-aside cards."""
        from .overlays import RoundEndScene

        self.drop_round_end_ahead()
        self._round_end_ahead = RoundEndScene(self.app, self, self.round_end_due)
        self.app.ahead.add("round_end", self._round_end_ahead.prepare())

    def drop_round_end_ahead(self) -> None:
        ready, self._round_end_ahead = getattr(self, "_round_end_ahead", None), None
        if ready is not None:
            self.app.ahead.cancel("round_end")
            ready.teardown()

    def show_round_end(self) -> None:
        from .overlays import RoundEndScene

        view, self.round_end_due, self._round_end_moment = self.round_end_due, None, None
        self.moments.see("round_end")
        ready = getattr(self, "_round_end_ahead", None)
        if ready is not None and (view is None or ready.view is not view):
            self.drop_round_end_ahead()     # made for another round's end (an undo)
            ready = None
        self._round_end_ahead = None
        self.app.ahead.cancel("round_end")  # what is not made yet, its build makes
        if view is not None:
            self.app.push(ready or RoundEndScene(self.app, self, view))

    def game_over(self) -> None:
        # the base records and shows the results; here they wait for the last trick and
        # the third round's scoring screen
        self.results_due = True

    @property
    def results_seen(self) -> bool:
        return self._over_handled and not self.results_due

    def results_scene(self):
        from .overlays import ChasingResultsScene

        return ChasingResultsScene(self.app, self.session, self)

    def on_exit(self) -> None:
        self.drop_round_end_ahead()
        self.drop_layer()     # a window-sized picture: not kept by a table left behind
        super().on_exit()

    def undo(self) -> None:
        self.drop_round_end_ahead()
        self.motion.clear()
        self.moments.see("trick_end")
        self.chain = None
        super().undo()

    # --- input ---------------------------------------------------------------------------------
    def acting(self) -> int | None:
        if getattr(self.session, "fast_forward", False):
            return None     # a tutorial's fast-forward: the coach plays the learner's cards
        seat = self.acting_seat()
        return seat if seat is not None and seat == self.viewer else None

    def turn_text(self) -> str:
        view = self.live_view()
        if view["phase"] == "deal" and view["rounds_done"] and not self.session.is_over():
            last = view["history"][-1] if view["history"] else None
            if last:
                return _("End of round {round}: {name} took the last trick.",
                         round=view["rounds_done"], name=self.seat_name(last["winner"]))
            return _("End of round {round}.", round=view["rounds_done"])
        if view["phase"] == "deal":
            return _("Shuffling and dealing…")
        if self.session.is_over() and (self.results_due or self.round_end_due is not None):
            return _("End of round 3: the last trick.")
        if getattr(self.session, "fast_forward", False):
            return _("Fast-forward: the coach plays every seat's cards.")
        return super().turn_text()

    def waiting_for(self) -> str:
        if getattr(self.session, "fast_forward", False):
            return _("the coach's fast-forward")
        d = self.session.decider()
        return self.waiting_name(d) if d >= 0 else _("the dealer")

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.moments.holding("trick_end") and self.moments.take_input(event):
            self.motion.clear()   # seen: the sweep is skipped too, the hand-off may come
            return True
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
        if key == pygame.K_l:
            self.show_last_trick()
            return True
        if key == pygame.K_h and advice_hint.ask(self):
            return True
        actions = self.key_actions
        if key in DIGIT_KEYS and actions:
            n = DIGIT_KEYS[key] - 1     # the tables' digit rule (controls.TABLE_DIGITS)
            if n < len(actions):
                if self.key_selected == n:
                    self.motion.clear()
                    self.play(actions[n])
                else:
                    self.key_selected = n
                return True
            return False
        back = key == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT    # Shift+Tab: back
        if key == pygame.K_TAB and actions and self.ring.order():
            # Tab: the cards, then the table's controls (Menu, Undo…), then the cards again
            last = len(actions) - 1
            if (self.key_selected == last and not back) or (self.key_selected == 0 and back):
                self.key_selected = None
                self.ring.move(-1 if back else 1)
                return True
        if key in (pygame.K_RIGHT, pygame.K_DOWN, pygame.K_TAB) and actions and not back:
            self.key_selected = 0 if self.key_selected is None else (self.key_selected + 1) % len(actions)
            return True
        if (key in (pygame.K_LEFT, pygame.K_UP) or back) and actions:
            self.key_selected = (len(actions) - 1 if self.key_selected is None
                                 else (self.key_selected - 1) % len(actions))
            return True
        if key in CONFIRM_KEYS and actions:
            if self.key_selected is None:
                if len(actions) == 1:
                    self.play(actions[0])
                else:
                    self.set_status(_("Pick a card first: a number key or the arrows select "
                                      "it; the same number again or Enter plays it."))
                return True
            self.motion.clear()
            self.play(actions[self.key_selected])
            return True
        return super().handle_key(event)

    def focus_wraps(self, step: int) -> bool:
        """Tab past the last control: back to the first playable card (Shift+Tab: the last)."""
        actions = self.key_actions
        if not actions:
            return False
        self.key_selected = 0 if step > 0 else len(actions) - 1
        return True

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
            chips = geo.chip_rects(seat, len(M.taken_items(shown["taken"][seat])))
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

    def open_sheets(self) -> None:
        from .overlays import SheetsScene

        self.app.push(SheetsScene(self.app, self))
