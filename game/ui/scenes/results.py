"""The results of a finished game: who won and why, the scores, and the seed to replay it."""

from __future__ import annotations

import random

import pygame

from game import i18n
from game.i18n import _, shown
from game.ui import draw, navigation, palette, style
from game.ui.ahead import drawn_ahead
from game.ui.scene import DIGIT_KEYS, Overlay
from game.ui.scenes.confirm import ConfirmScene
from game.ui.widgets import ScrollPanel, heading, paragraph, table
from game.ui.wording import seat_label, with_names


def winners_text(session) -> str:
    res = session.result()
    if res is None:
        return _("The game is not finished.")
    names = [session.seats[w].name for w in res.winners]
    if not names:
        return _("Nobody won.")
    if len(names) == 1:
        return _("{name} wins!", name=names[0])
    # Translators: {names} is a list of names with commas, {last} the last of the winners
    return _("{names} and {last} win!", names=_(", ").join(names[:-1]), last=names[-1])


def result_blocks(session) -> list:
    res = session.result()
    blocks = []
    if res is not None and res.reason:
        reason = with_names(shown(res.reason), session.seats)   # a Msg once the rules give one
        blocks.append(paragraph(reason[:1].upper() + reason[1:], style.TEXT))
    has_scores = res is not None and len(res.scores) == len(session.seats)
    headers = ([_("Seat"), _("Player")] + ([_("Score")] if has_scores else [])
               + [_("Result")])
    rows = []
    order = range(len(session.seats))
    if has_scores:
        order = sorted(order, key=lambda i: (i not in res.winners, i))
    for i in order:
        cfg = session.seats[i]
        row = [str(i + 1), seat_label(cfg)]
        if has_scores:
            row.append(f"{res.scores[i]:g}")
        row.append(_("Winner") if res is not None and i in res.winners else "")
        rows.append(row)
    blocks.append(table(headers, rows))
    from game.ui.scenes.setup import choice_label

    labels = {o.key: _(o.label) for o in session.spec.options}
    options = _(", ").join(_("{option}: {value}", option=labels.get(k, k), value=choice_label(str(v)))
                           for k, v in session.match.options.items())
    if options:
        blocks.append(heading(_("Options")))
        blocks.append(paragraph(options, style.TEXT_MUTED))
    return blocks


def _moving(scene) -> bool:
    """A screen under the results still shows something moving (a table's animation)."""
    animating = getattr(scene, "animating", None)
    timeline = getattr(scene, "timeline", None)
    return bool(animating is not None and animating() or timeline is not None and timeline.running)


class ResultsScene(Overlay):
    shade = 150
    # made while the final board lingers (``prepare``, game.ui.ahead): its buttons parked,
    # its panel laid out, so the frame it comes up in only takes them
    keep_widgets = True
    park_widgets = True

    def __init__(self, app, session) -> None:
        super().__init__(app)
        self.session = session
        self.panel: ScrollPanel | None = None

    def prepare(self):
        """Its buttons (``Scene.prepare``), then its panel rendered and its first picture
        drawn onto a surface nobody sees, a frame's room at a time (the game is over:
        nothing is secret now)."""
        yield from super().prepare()
        if self.root is None or self.active:
            return
        yield
        yield from drawn_ahead(self.app, self.draw)     # its panel laid out too
        yield
        self.app.still_room(self.app.screen.get_size())  # where its still picture is kept

    def make_panel(self, rect: pygame.Rect, m: style.Metrics) -> ScrollPanel:
        """The results' panel: the one made ahead, if it is for this place."""
        if self.panel is not None and self.panel.rect == rect and self.panel.m == m:
            return self.panel
        return ScrollPanel(rect, m)

    def build(self, m: style.Metrics) -> None:
        w = min(m.px(760), m.width - 2 * m.margin)
        h = min(m.px(560), m.height - 2 * m.margin)
        self.box = self.centered(w, h)
        top = self.box.y + m.px(118)
        bottom = self.box.bottom - m.button_h - m.px(70)
        self.panel = self.make_panel(pygame.Rect(self.box.x + m.pad, top, w - 2 * m.pad, bottom - top), m)
        self.panel.set_blocks(result_blocks(self.session))
        self.place_buttons(m, self.buttons())

    def place_buttons(self, m: style.Metrics, buttons, width: int | None = None) -> None:
        """``buttons`` ((text, action, object id)) in a row along the bottom of the box,
        "Play again" lit: sharing the box's width, or at most ``width`` each and centred."""
        k = len(buttons)
        bw = (self.box.w - 2 * m.pad - (k - 1) * m.gap) // k
        x = self.box.x + m.pad
        if width is not None:
            bw = min(width, bw)
            x = self.box.centerx - (k * bw + (k - 1) * m.gap) // 2
        y = self.box.bottom - m.button_h - m.pad
        for text, action, oid in buttons:
            self.button((x, y, bw, m.button_h), text, action, object_id=oid,
                        cls="@primary" if oid == "#play_again" else None)
            x += bw + m.gap
        from game.ui.analysis import add_results_button

        add_results_button(self, m)     # Analyse, at the box's top right (issue 43)

    def buttons(self) -> list[tuple]:
        """(text, action, object id) of the buttons under the results."""
        if getattr(self.session, "tutorial", None) is not None:
            # a tutorial's deal is no game to repeat: the next one is a real game
            return [(_("Play a real game"), self.play_again, "#play_again"),
                    (_("See the table"), self.see_table, "#see_table"),
                    (_("Menu"), self.to_menu, "#to_menu")]
        return [(_("Play again"), self.play_again, "#play_again"),
                (_("Same deal again"), self.same_deal, "#same_deal"),
                (_("See the table"), self.see_table, "#see_table"),
                (_("Menu"), self.to_menu, "#to_menu")]

    NEW_GAME = ("#play_again", "#same_deal")

    def activate(self, index: int) -> None:
        """A key (a number, Enter on the highlight) that would start a new game asks first:
        keys pressed as the game ends were meant for its last move. A click goes at once."""
        button = self.choices[index].button
        if button.get_object_ids()[-1] not in self.NEW_GAME:
            super().activate(index)
            return
        self.app.sound.play("click")
        self.app.push(NewGameConfirm(
            self.app, _("Start a new game?"),
            _("{button}: this game's results close and a new game of {game} starts.",
              button=button.text, game=_(self.session.spec.title)),
            [(_("Stay"), "#stay_results", lambda: None),
             (_("New game"), "#confirm_new_game", self.choices[index].action)]))

    def see_table(self) -> None:
        """Close the results to look at the final board; its "Results" button reopens them."""
        self.app.pop()

    def _restart(self, seed: int) -> None:
        from game.ui.opening import start_game

        coach = getattr(self.app, "coach", None)
        if getattr(self.session, "tutorial", None) is not None and coach is not None:
            coach.press("real")   # the coach's offer: computers at Easy, the learner's hints on
            return
        m = self.session.match
        seats = list(self.session.seats)
        options = {} if getattr(self.session, "tutorial", None) is not None else dict(m.options)
        navigation.back_to(self.app, "menu")
        start_game(self.app, m.game_id, seats, seed, options)

    def play_again(self) -> None:
        self._restart(random.randrange(1, 1_000_000))

    def same_deal(self) -> None:
        self._restart(self.session.match.seed)

    def to_menu(self) -> None:
        navigation.back_to(self.app, "menu")

    def on_escape(self) -> None:
        self.to_menu()

    def rebuild(self) -> None:
        self._builds = getattr(self, "_builds", 0) + 1     # a new picture (still_key)
        super().rebuild()

    def still_key(self):
        """The results sit still over the finished table: drawn again only when what they
        show changes (a rebuild, the window, colours, language, the panel scrolled), and
        every frame while anything under them still moves."""
        scenes = self.app.scenes
        if any(_moving(s) for s in scenes[:-1]):
            return None
        panel = self.panel
        shown = (panel.offset, panel._dragging, id(panel._content), len(panel.blocks)) \
            if panel is not None else None
        return (self.metrics.width, self.metrics.height, palette.current(), i18n.current(),
                getattr(self, "_builds", 0), shown, len(scenes), self.covers_table())

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.panel.handle_event(event):
            return True
        return super().handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        m = self.metrics
        draw.panel(surface, self.box, m.px(style.RADIUS), alpha=250)
        draw.blit_text(surface, _("Game over · {game}", game=_(self.session.spec.title)), m.px(18),
                       (self.box.centerx, self.box.y + m.px(26)), style.TEXT_MUTED, True, "center")
        draw.blit_text(surface, draw.ellipsize(winners_text(self.session), m.px(style.FONT_TITLE - 6),
                                               self.box.w - 2 * m.pad, True),
                       m.px(style.FONT_TITLE - 6),
                       (self.box.centerx, self.box.y + m.px(68)), style.ACCENT_BRIGHT, True, "center")
        self.panel.draw(surface)
        seed_y = self.panel.rect.bottom + m.px(10)
        seed = _("Seed {seed}: enter it in Setup to play this deal again.",
                 seed=self.session.match.seed)
        draw.blit_text(surface, draw.ellipsize(seed, m.px(15), self.box.w - 2 * m.pad), m.px(15), (self.box.centerx, seed_y), style.TEXT_MUTED, False, "midtop")


class NewGameConfirm(ConfirmScene):
    """The question before a key starts a new game. Enter and Esc stay; a number key does
    nothing here (two stray digits must not start one), so a new game takes Tab to
    "New game" and Enter, or a click."""

    def handle_key(self, event: pygame.event.Event) -> bool:
        if event.key in DIGIT_KEYS:
            return True
        return super().handle_key(event)
