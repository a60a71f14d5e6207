"""The one-screen "How to play" card of each game: the goal, a turn, how to win.

Offered at a person's first game of each game (the table's "How to play" button is
lit, with "new to this game?" as its tooltip, until the card has been opened or that
first game is left) and one click away at every table after that. The full rules stay in the Rules screen.
"""

from __future__ import annotations

import pygame

from game.i18n import N_, _
from game.ui import draw, navigation, style
from game.ui.scene import Overlay

CARDS: dict[str, tuple[tuple[str, str], ...]] = {
    "chasing": (
        (N_("The goal"), N_("Collect as few points as you can. Every card you take costs points, and "
                     "after three rounds the lowest total wins.")),
        (N_("A trick"), N_("The leader plays any card. Each follower must match the suit of one of the "
                    "face-down Follow Cards in the middle (if they can) and then discards that "
                    "Follow Card, so the choice narrows as the trick goes round.")),
        (N_("Who takes it"), N_("The highest card below the Spotlight's rank takes the trick; if nobody "
                         "went below, the highest card does. The taker gets the Spotlight card and "
                         "their own card becomes the new Spotlight.")),
        (N_("Scoring"), N_("Each suit you took scores on its own: with an even count only the lower "
                    "half counts, and a lone 0 costs 15. The sheet (key S) shows every box.")),
    ),
    "harsh": (
        (N_("The goal"), N_("Catch the Spy before the Countdown runs out: bug the Spy, learn which three "
                     "Items are the Evidence, hold all three, avoid the Red Herring, and accuse.")),
        (N_("A turn"), N_("Move your Agent one step (diagonals too) and take the card there. Then, if "
                   "you like, pay Clues to turn a Case File card, place the Tracking Bug, track "
                   "the Spy or use the Location's ability. End the turn and the Spy moves.")),
        (N_("Dangers"), N_("A Bomb costs a card unless you spend the Defusing Kit; meeting the Spy costs "
                    "a card. With nothing to discard the mission fails. The table warns you first.")),
        (N_("How to win"), N_("When the bugged Spy shares your Location, press Accuse (A). You win if you "
                       "hold the three Evidence Items and no Red Herring. H asks for a hint.")),
    ),
    "hunters": (
        (N_("The goal"), N_("You are secretly a Hunter, a Shadow or a Neutral. Hunters win when all "
                     "Shadows are dead, Shadows when all Hunters (or three Neutrals) are dead; "
                     "each Neutral has a goal of their own on their card.")),
        (N_("A turn"), N_("Roll to move to an Area, use the Area if you like (draw a card, heal or hurt "
                   "in the Woods, take Equipment at the Altar), then you may attack someone in "
                   "your Area or its neighbour: the damage is the difference of the two dice.")),
        (N_("Reading the table"), N_("Hermit cards make players hint at who they are; the notebook keeps "
                              "what you learned. Reveal your character to use its ability.")),
        (N_("How to win"), N_("Work out who is on your side, keep your team alive and bring the other "
                       "side down before they find you.")),
    ),
}


def seen(app, game_id: str) -> bool:
    return game_id in app.settings.howto_seen


def mark_seen(app, game_id: str) -> None:
    if game_id in CARDS and not seen(app, game_id):
        app.settings.howto_seen = [*app.settings.howto_seen, game_id]
        try:
            app.save_settings()
        except OSError:
            pass  # the offer shows again next time; nothing else is lost


def add_button(scene, m, right: int, y: int, width: int) -> int:
    """A "How to play" button ending ``m.gap`` left of ``right``; returns its left edge.
    It glows (primary) while this game's card was never opened."""
    game_id = scene.session.match.game_id
    if game_id not in CARDS:
        return right
    label = _("How to play")
    width = max(width, draw.font(m.px(style.FONT_BODY), True).size(label)[0] + m.px(30))
    x = right - width - m.gap
    scene.button((x, y, width, m.button_h), label, lambda: open_card(scene.app, game_id),
                 choice=False, object_id="#howto", cls=None if seen(scene.app, game_id) else "@primary",
                 tooltip=(_("The goal, a turn and how to win, on one screen")
                          if seen(scene.app, game_id)
                          else _("New to this game? The goal, a turn and how to win, on one screen")))
    scene.howto_rect = pygame.Rect(x, y, width, m.button_h)
    return x


def greet(scene) -> None:
    """At a person's first game of this game, the table's status line offers the card."""
    if getattr(scene, "is_review", False) or getattr(scene.session, "tutorial", None):
        return  # a finished game under review is no first game; a tutorial has its coach
    game_id = scene.session.match.game_id
    if game_id in CARDS and not seen(scene.app, game_id) and not scene.session.is_over():
        scene.set_status(_("New to this game? \"How to play\" (top right): the goal, a turn, "
                           "how to win."))


def open_card(app, game_id: str) -> None:
    app.push(HowToPlayScene(app, game_id))


class HowToPlayScene(Overlay):
    shade = 185

    def __init__(self, app, game_id: str) -> None:
        super().__init__(app)
        self.game_id = game_id
        self.sections = CARDS[game_id]
        from game.catalog import get_game

        self.title = get_game(game_id).title

    def build(self, m) -> None:
        width = min(m.px(760), m.width - 2 * m.margin)
        self.body = m.px(style.FONT_BODY)
        self.laid: list[tuple[str, list[str]]] = [
            (_(head), draw.wrap(_(text), self.body, width - 2 * m.pad))
            for head, text in self.sections]
        self.line_h = m.px(25)
        height = (m.px(78) + sum(m.px(30) + len(lines) * self.line_h + m.px(8) for _, lines in self.laid)
                  + m.button_h + 2 * m.pad)
        self.box = self.centered(width, min(height, m.height - 2 * m.px(12)))
        # where each heading and line goes (draw and the fit tests read it)
        self.placed: list[tuple[str, int, list[tuple[str, int]]]] = []
        y = self.box.y + m.px(72)
        for head, lines in self.laid:
            at = y
            y += m.px(30)
            self.placed.append((head, at, [(line, y + i * self.line_h) for i, line in enumerate(lines)]))
            y += len(lines) * self.line_h + m.px(8)
        self.text_bottom = y - m.px(8)
        bw = m.px(170)
        y = self.box.bottom - m.button_h - m.pad
        self.button((self.box.centerx - bw - m.gap // 2, y, bw, m.button_h), _("Got it"), self.close,
                    cls="@primary", object_id="#howto_ok", badge=False)
        self.button((self.box.centerx + m.gap // 2, y, bw, m.button_h), _("Full rules"), self.full_rules,
                    object_id="#howto_rules", badge=False)
        mark_seen(self.app, self.game_id)

    def close(self) -> None:
        self.app.pop()

    def full_rules(self) -> None:
        navigation.replace(self.app, "rules", self.game_id)

    def default_action(self) -> None:
        self.close()

    def on_escape(self) -> None:
        self.close()

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        m = self.metrics
        box = self.box
        draw.panel(surface, box, m.px(style.RADIUS), alpha=250)
        draw.blit_text(surface, _("How to play · {game}", game=_(self.title)), m.px(style.FONT_HEADING),
                       (box.centerx, box.y + m.px(34)), style.ACCENT_BRIGHT, True, "center")
        for head, at, lines in self.placed:
            pygame.draw.rect(surface, style.ACCENT, (box.x + m.pad, at + m.px(4), m.px(4), m.px(18)))
            draw.blit_text(surface, head, m.px(style.FONT_BODY + 1), (box.x + m.pad + m.px(12), at),
                           style.ACCENT, True)
            for line, y in lines:
                draw.blit_text(surface, line, self.body, (box.x + m.pad, y), style.TEXT)
