"""The still picture of the Shadow Hunters table, drawn once and kept (a room of
``TablePainter``).

Every frame used to draw the whole board again: the felt, six Area cards, the damage
track with its numbers and pieces, every player board, the private panel and the piles
(about 3 ms a frame, the base of each after-action frame that went over 8 ms). Between
two changes of the game they look the same, so they are drawn into one screen-sized
layer, which a frame only copies; what moves (a piece walking, rolling dice, the attack
arrow, hit numbers, banners, a drawn card) is drawn over it every frame.

The layer is kept only while ``layer_key`` is equal: everything these parts read is in
it — the view (a new one after every logged event or entry, or for another viewer), the
effects that change how a still part looks (a piece on its way, a hit's edge, a card in
flight, damage not landed yet), what glows as choosable, the notebook's lines, names,
size, language and palette, and draw's own caches (cleared: drawn again). A part not in it would be drawn stale: tests/test_ui_hunters_layer.py.
"""

from __future__ import annotations

import pygame

from game import i18n
from game.ui import draw, palette

BOARD_EDGES = ("hit", "heal", "death", "reveal")


class StillLayer:
    """Mixed into ``TablePainter`` (for ``HuntersTable``)."""

    _layer: pygame.Surface | None = None
    _layer_key: tuple | None = None
    _layer_spots: list = []
    layer_draws = 0       # how often the layer was drawn (the tests count it)

    def tray_moving(self, v) -> bool:
        """The dice tray animates (its roll is tumbling): drawn live, not in the layer."""
        fact = self.tray_fact(v)
        return fact is not None and any(e.data.get("fact") == fact
                                        for e in self.effects.of("dice", waiting_too=True))

    def layer_key(self, v, size: tuple) -> tuple:
        effects = self.effects
        viewer = self.viewer
        seats = range(len(v["players"]))
        # a board's edge shows a hit, heal, death or reveal; a reveal's card turns at half way
        edges = tuple((e.seat, e.kind, e.kind == "reveal" and e.progress < 0.5) for e in effects.running()
                      if e.kind in BOARD_EDGES)
        return (
            # the felt as draw keeps it: a new one once draw's caches are cleared (a palette
            # or text size changed, a test drawing from scratch), and the layer with it
            draw.table_background(size, felt=self.felt),
            v, size, self.metrics, tuple(map(tuple, self.lay.areas)), tuple(map(tuple, self.lay.boards)),
            tuple(self.lay.track), tuple(self.lay.tray), tuple(self.lay.private), tuple(self.lay.decks),
            tuple(self.lay.choices), i18n.current(), palette.current(), palette.reduced_motion(),
            tuple(self.seat_name(s) for s in seats),
            tuple(sorted(self.area_actions)), tuple(sorted(self.seat_actions)),
            tuple(sorted(self.pending_damage().items())),
            tuple(sorted(e.seat for e in effects.of("move", waiting_too=True))),
            tuple((e.data.get("deck"), e.data.get("to")) for e in effects.of("card", waiting_too=True)),
            edges,
            tuple(self.notebook.summary(viewer, s) for s in seats) if viewer is not None else (),
            getattr(self, "phones", None) is None,
            tuple(self.session.at_this_screen(h) for h in self.session.humans), self.session.is_over(),
            self.focus if hasattr(self, "focus") else None, self.tray_moving(v),
        )

    def draw_background(self, surface: pygame.Surface) -> None:
        """Nothing: the still layer (``blit_still``) covers the window, felt and all."""

    def draw_still(self, surface: pygame.Surface, v, m) -> None:
        """The still parts onto ``surface`` (the layer), in the order a frame drew them."""
        surface.blit(draw.table_background(surface.get_size(), felt=self.felt), (0, 0))
        self.draw_areas(surface, v, m)
        self.draw_track(surface, v, m)
        if not self.tray_moving(v):
            self.draw_tray(surface, v, m)
        for seat, rect in enumerate(self.lay.boards):
            self.draw_player(surface, v, m, seat, rect)
        self.draw_private(surface, v, m)
        self.draw_decks(surface, v, m)
        self.draw_focus(surface, m)

    def blit_still(self, surface: pygame.Surface, v, m) -> None:
        """The layer onto ``surface`` (drawn again first if anything in it changed), and the
        spots (the cards a pointer can read) it holds."""
        size = surface.get_size()
        key = self.layer_key(v, size)
        layer = self._layer
        if layer is None or key != self._layer_key:
            if layer is None or layer.get_size() != size:
                layer = self._layer = pygame.Surface(size, 0, self.app.screen)
            self._layer_key = None      # a draw cut short (draw.until) leaves no half layer
            layer.set_clip(None)        # nor a clip of its own (draw.clipped puts it back)
            self.spots = []
            self.draw_still(layer, v, m)
            self._layer_spots = list(self.spots)
            self._layer_key = key
            self.layer_draws += 1
        surface.blit(layer, (0, 0))
        self.spots = list(self._layer_spots)

    def drop_layer(self) -> None:
        self._layer = None
        self._layer_key = None
