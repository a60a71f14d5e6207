"""Each game's review hooks: its view with every secret, and where the review puts things.

A hook class goes in front of ``ReviewMixin`` and the game's own table (see
``scene.review_class``), so it may call the table's drawing and add to it.
"""

from __future__ import annotations

import functools

import pygame

from game.i18n import _, p_
from game.i18n.numbers import percent_text
from game.ui import draw, style
from game.ui.review.sections import draw_sections, draw_sections_across

# --- Chasing Shadows: every hand face up; the round's scoresheet at its end ----------------------

class ChasingHooks:
    @property
    def review_viewer(self) -> int:
        humans = [i for i, s in enumerate(self.record.seats) if s.is_human]
        return humans[0] if humans else 0

    def caption(self) -> str:
        v = self.live_view()
        if v["phase"] == "over":
            return _("Final scores")
        return _("Round {round} of {rounds}", round=v["round"], rounds=3)

    def review_rects(self, m):
        log, controls, _secrets = super().review_rects(m)
        return log, controls, None

    def extra_top_buttons(self, m, x: int) -> int:
        bw = draw.label_width(m, _("Round score (R)"), minimum=m.px(150))
        x -= bw + m.gap
        self.button((x, m.gap, bw, m.button_h), _("Round score (R)"), self.round_sheet,
                    choice=False, object_id="#review_round",
                    tooltip=_("The scoresheet at the end of the last round played"))
        return x

    def round_sheet(self) -> None:
        ends = [p for p in self.replay.marks.get("round", ()) if p <= self.position]
        if not ends:
            self.set_status(_("No round has ended yet."))
            return
        from game.ui.chasing.overlays import RoundEndScene

        view = self.session.view_at(ends[-1], self.viewer)

        class ReviewRoundEnd(RoundEndScene):
            every_secret = True

            def build(self, m) -> None:
                super().build(m)
                for button in self._presses:
                    button.set_text(_("Back to the review"))

        self.app.push(ReviewRoundEnd(self.app, self, view))

    def game_key(self, key: int) -> bool:
        if key == pygame.K_s:
            self.open_sheets()
            return True
        if key == pygame.K_r:
            self.round_sheet()
            return True
        if key == pygame.K_l:
            self.show_last_trick()
            return True
        return False

    def on_position(self, before: int, after: int) -> None:
        self.motion.clear()
        self.chain = None
        self.round_end_due = None

    def finished_trick(self):
        """Right after a trick (where "Trick ›" lands) the whole trick lies on the table,
        its winner lit, as it did in play before it was swept up."""
        view = self.live_view()
        if (self.geo is not None and not view["trick"] and view["history"]
                and self.position in self.replay.marks.get("trick", ())):
            return view["history"][-1]
        return super().finished_trick()

    def _draw_middle(self, surface, shown: dict, view, hide, legal) -> None:
        super()._draw_middle(surface, shown, view, hide, legal)
        geo = self.geo
        # the Follow Cards and the top of the discard pile face up
        for r, c in zip(geo.follow_rects(len(view["follow"])), view["follow"]):
            surface.blit(draw.card_face(c[2], c[1], geo.follow_card), r)
        pile = view["discard"]
        rects = geo.discard_rects(len(pile))
        if rects:
            top = pile[-1]
            surface.blit(draw.card_face(top[2], top[1], geo.follow_card), rects[-1])
            self._pile_rect = rects[0].union(rects[-1])
        else:
            self._pile_rect = None

    def draw_board(self, surface) -> None:
        super().draw_board(surface)
        pile = self.live_view()["discard"] if self.geo is not None else ()
        rect = getattr(self, "_pile_rect", None)
        if pile and rect is not None and rect.collidepoint(pygame.mouse.get_pos()):
            self._draw_pile(surface, pile, self.metrics)      # over everything on the table

    def _draw_pile(self, surface, pile, m) -> None:
        """Hovering the discard pile shows all of it, face up, oldest first."""
        cw, ch = m.px(18), m.px(26)
        per_row = 13
        rows = (len(pile) + per_row - 1) // per_row
        box = pygame.Rect(0, 0, min(len(pile), per_row) * (cw + m.px(2)) + m.px(20),
                          rows * (ch + m.px(3)) + m.px(36))
        box.midbottom = (self._pile_rect.centerx, self._pile_rect.y - m.px(22))
        box.clamp_ip(self.geo.table)
        draw.panel(surface, box, m.px(8), alpha=250)
        draw.blit_text(surface, _("Discard pile, face up ({n})", n=len(pile)), m.px(12),
                       (box.x + m.px(10), box.y + m.px(8)), style.TEXT_MUTED, True)
        for i, c in enumerate(pile):
            r, col = divmod(i, per_row)
            pos = (box.x + m.px(10) + col * (cw + m.px(2)), box.y + m.px(28) + r * (ch + m.px(3)))
            surface.blit(mini_face(c[2], c[1], (cw, ch)), pos)

    def _seat_status(self, seat: int, view):
        if view["phase"] in ("play", "discard") and self.session.decider() == seat:
            return (p_("seat", "discards") if view["phase"] == "discard" else p_("seat", "to play"),
                    style.ACCENT_BRIGHT)
        return super()._seat_status(seat, view)

    def _draw_plate(self, surface, seat: int, shown: dict, view, hide) -> None:
        super()._draw_plate(surface, seat, shown, view, hide)
        geo = self.geo
        if seat == geo.bottom:
            return
        # the hand the table drew face down, face up: narrow cards side by side, so every
        # rank stays readable however many are held
        hand = view["hands"][seat]
        rects = geo.mini_hand_rects(seat, len(hand))
        if not rects:
            return
        width = (rects[1].x - rects[0].x - 1) if len(rects) > 1 else rects[0].w
        width = max(8, min(rects[0].w, width))
        for r, c in zip(rects, hand):
            if c[0] == "card":
                surface.blit(mini_face(c[2], c[1], (width, r.h)), r.topleft)


@functools.lru_cache(maxsize=256)
def mini_face(rank: int, suit: str, size: tuple) -> pygame.Surface:
    """A narrow face-up card: the suit's colour and the rank, as wide as there is room."""
    from game.ui.chasing.look import suit_ink

    w, h = size
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    colour = style.SUITS[suit]["colour"]
    pygame.draw.rect(surf, colour, surf.get_rect(), border_radius=max(2, w // 5))
    pygame.draw.rect(surf, style.mix(colour, (0, 0, 0), 0.45), surf.get_rect(), 1,
                     border_radius=max(2, w // 5))
    text = str(rank)
    fs = max(8, int(h * 0.5))
    while fs > 8 and draw.font(fs, True).size(text)[0] > w - 2:
        fs -= 1
    img = draw.text(text, fs, suit_ink(suit), True)
    surf.blit(img, img.get_rect(center=(w / 2, h / 2 + 1)))
    return surf


# --- Shadow Hunters: every character face up, Hermit cards and the deck in the side panel ----------

class HuntersHooks:
    review_viewer = None

    @property
    def turn_band(self) -> bool:
        # seven or eight players' boards take two rows: no height for the band in large text
        return len(self.session.seats) <= 6

    def caption(self) -> str:
        v = self.view()
        if v["active"] < 0:
            return ""
        return _("Turn {turn}: {name}", turn=v["turn"], name=self.seat_name(v["active"]))

    def review_rects(self, m):
        c = pygame.Rect(self.lay.choices)
        need = super().controls_height(m)
        if need > c.h:      # large text, a short choice strip: up over the dice tray
            c = pygame.Rect(c.x, c.bottom - need, c.w, need)
        return self._table_log_rect, c, pygame.Rect(self.lay.private)

    def sections(self):
        return [s for s in super().sections() if s.title != _("Characters")]

    def draw_secrets(self, surface, rect) -> None:
        draw_sections(surface, rect, self.metrics, self.sections(),
                      _("Secrets (characters: on the boards)"))

    def draw_private(self, surface, v, m) -> None:
        pass      # the review draws its secrets there instead

    def draw_player(self, surface, v, m, seat, rect) -> None:
        from game.ui.hunters import look

        p = v["players"][seat]
        tag = look.chip(_("hidden"), m.px(11), style.PANEL_EDGE)
        gap = m.px(6)
        # the character's line leaves the tag its room (at 200 % "Allie · HP 8" took it and
        # the tag went over the damage; a character too long for both is cut, its whole name
        # is in the hover card): the tag never lies over words
        reserve = gap + tag.get_width()
        self.__dict__.setdefault("line_reserve", {})[seat] = reserve if p.get("secret") else 0
        super().draw_player(surface, v, m, seat, rect)
        if p.get("secret"):
            # the table drew the character as if revealed: say that it was still hidden,
            # after the character's line or else after the name, never over other words
            named, line, _dmg, name_right = self.board_words[seat]
            if line.right + gap + tag.get_width() <= rect.right - m.px(7):
                spot = tag.get_rect(midleft=(line.right + gap, line.centery))
            elif named.right + gap + tag.get_width() <= name_right:
                spot = tag.get_rect(midleft=(named.right + gap, named.centery))
            else:       # a long name and character: under the damage, where the board ends
                spot = tag.get_rect(bottomright=(rect.right - m.px(7), rect.bottom - m.px(4)))
            surface.blit(tag, spot)
            self.__dict__.setdefault("hidden_tags", {})[seat] = spot

    def draw_choice_header(self, surface) -> None:
        pass      # the review's controls sit where the choices were


# --- Harsh Shadows: the decks in order, what lies face down; the hint on demand ----------------------

class HarshHooks:
    review_viewer = 0

    def caption(self) -> str:
        v = self.view()
        if v["phase"] in ("setup", "reshuffle") or self.session.is_over():
            return ""
        return _("Turn {turn}", turn=v["turn"])

    def review_rects(self, m):
        lay = self.lay
        if lay.hint == lay.log:
            # large text: the log and the hint share one place (harsh.layout), too small for
            # the controls too; they go under the secrets, where the actions were
            act = lay.actions
            ch = super().controls_height(m)
            if self.secrets_open:
                # the secrets lie over the board; the controls and the button that hides
                # them go to its foot, over the collection
                th = act.h - ch - m.gap
                c = pygame.Rect(act.x, lay.collection.bottom - ch, act.w, ch)
                return pygame.Rect(lay.log), c, pygame.Rect(act.x, c.y - m.gap - th, act.w, th)
            return (pygame.Rect(lay.log), pygame.Rect(act.x, act.bottom - ch, act.w, ch),
                    pygame.Rect(act.x, act.y, act.w, act.h - ch - m.gap))
        controls = pygame.Rect(lay.hint)
        return pygame.Rect(lay.log), controls, pygame.Rect(lay.actions)

    def controls_height(self, m) -> int:
        if self.lay is not None and self.lay.hint != self.lay.log:
            return self.lay.hint.h
        return super().controls_height(m)

    def layout(self, m) -> None:
        super().layout(m)
        self.hint_panel = None      # the hint shows with the secrets, when asked for

    def build_actions(self, m, view, actions) -> None:
        pass      # nothing to choose: the secrets go where the actions were

    def build(self, m) -> None:
        super().build(m)
        self.secrets_toggle = None
        if self.lay.hint != self.lay.log:
            return
        # large text: the place under the status holds the secrets' title only (issue 44);
        # a button there lays them over the Locations, as long as they need, and back
        r = self.secrets_rect
        text = _("Hide the secrets (S)") if self.secrets_open else _("Show the secrets (S)")
        self.secrets_toggle = self.button(r, text, self.toggle_secrets, choice=False,
                                          object_id="#review_secrets",
                                          tooltip=_("Every secret at this step, over the board"))

    @property
    def secrets_open(self) -> bool:
        return getattr(self, "_secrets_open", False)

    def toggle_secrets(self, shown: bool | None = None) -> None:
        shown = not self.secrets_open if shown is None else shown
        if shown != self.secrets_open:
            self._secrets_open = shown
            self.rebuild()

    def secrets_over_board(self) -> list[pygame.Rect]:
        """Where the opened secrets lie: over the Locations and the collection, over the
        status above the moved controls, and over the decks and Case Files they tell of."""
        lay, gap = self.lay, self.metrics.gap
        act = lay.actions
        return [pygame.Rect(lay.grid.x, lay.grid.y, act.x - gap - lay.grid.x,
                            lay.collection.bottom - lay.grid.y),
                pygame.Rect(act.x, lay.grid.y, act.w, self.secrets_rect.y - gap - lay.grid.y),
                pygame.Rect(lay.spy.x, lay.spy.y, lay.spy.w, lay.log.y - gap - lay.spy.y)]

    def draw_action_notes(self, surface, view) -> None:
        pass

    def extra_top_buttons(self, m, x: int) -> int:
        bw = draw.label_width(m, _("Hint (H)"), minimum=m.px(112))
        x -= bw + m.gap
        self.button((x, m.gap, bw, m.button_h), _("Hint (H)"), self.ask_hint, choice=False,
                    object_id="#review_hint",
                    tooltip=_("The win chance of each choice at this step"))
        return x

    def ask_hint(self) -> None:
        if self.session.decider() != 0:
            self.set_status(_("There is no decision at this step."))
            return
        view = self.session.view(0)          # the player's own view: all a hint may know
        actions = self.session.actions_at_step(0)
        key = self.step_key()
        self.hints.start(key, view, actions, self.session.match.seed * 1000003 + key)
        if self.secrets_toggle is not None:
            self.toggle_secrets(True)       # the hint is read with the secrets

    def game_key(self, key: int) -> bool:
        if key == pygame.K_h:
            self.ask_hint()
            return True
        if key == pygame.K_s and self.secrets_toggle is not None:
            self.toggle_secrets()
            return True
        return False

    @property
    def busy(self) -> bool:
        return self.hints.thinking

    def on_position(self, before: int, after: int) -> None:
        self.timeline.clear()      # the table's own animations: none play in a review

    def sections(self):
        from game.review.secrets import Section

        out = list(super().sections())
        answer = self.hints.result_for(self.step_key())
        if self.hints.thinking_for(self.step_key()):
            out.insert(0, Section(_("Hint"),
                                  (_("Thinking… (sampled games from what the player saw)"),)))
        elif answer is not None:
            # Translators: a win chance, then the choice it is for
            lines = tuple(_("{percent}  {choice}", percent=percent_text(q), choice=a.label)
                          for a, q, _n in answer.ranked)
            out.insert(0, Section(_("Hint: win chance of each choice"), lines))
        return out

    def draw_secrets(self, surface, rect) -> None:
        self._sections_key = None     # the hint may have arrived
        if self.secrets_toggle is None:
            self.secrets_fit = draw_sections(surface, rect, self.metrics, self.sections())
        elif self.secrets_open:
            self.secrets_fit = draw_sections_across(surface, self.secrets_over_board(),
                                                    self.metrics, self.sections())


HOOKS = {"chasing": ChasingHooks, "hunters": HuntersHooks, "harsh": HarshHooks}

