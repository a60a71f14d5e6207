"""Comparing pictures in the tests that check a kept picture against one drawn fresh, every
frame of a played game (test_ui_chasing_still, test_ui_hunters_layer, test_ui_cut_draws,
test_ui_harsh_panels_layer)."""

from __future__ import annotations

import pygame


def pixels(surface: pygame.Surface, rect=None) -> bytes:
    return pygame.image.tobytes(surface if rect is None else surface.subsurface(rect), "RGB")


def same_picture(a: pygame.Surface, b: pygame.Surface) -> bool:
    """Two surfaces of one format show the same picture. Equal memory is an equal picture (a
    copy each, not two conversions to RGB: this runs every frame of a game); unequal memory
    is judged on RGB, so a byte no pixel shows (X of XRGB) never fails it."""
    return a.get_buffer().raw == b.get_buffer().raw or pixels(a) == pixels(b)


class KeptPicture:
    """``same_picture`` against a kept picture that changes only when it is drawn again:
    its memory is copied once per drawing (``drawn`` names that drawing), so a frame's check
    costs one copy."""

    def __init__(self) -> None:
        self._kept: tuple = (None, None)     # (drawn, the kept picture's raw bytes)

    def same(self, fresh: pygame.Surface, kept: pygame.Surface, drawn) -> bool:
        if self._kept[0] != drawn:
            self._kept = (drawn, kept.get_buffer().raw)
        return fresh.get_buffer().raw == self._kept[1] or pixels(fresh) == pixels(kept)


class Canvas:
    """One surface to draw the fresh picture on, kept for every check: a new window-sized
    surface each frame cost its memory's page faults every time (most of the system time
    of the Hunters layer test)."""

    def __init__(self) -> None:
        self._surface: pygame.Surface | None = None

    def get(self, size: tuple, like: pygame.Surface, clear: bool = False) -> pygame.Surface:
        """A surface of ``size`` made like ``like``; ``clear``: black, as a new one is."""
        if self._surface is None or self._surface.get_size() != tuple(size):
            self._surface = pygame.Surface(size, 0, like)
        elif clear:
            self._surface.fill((0, 0, 0))
        return self._surface


class LayerCheck:
    """A table's kept still layer (its ``blit_still``, counted by ``layer_draws``) against the
    same parts drawn fresh, at every use that did not draw the layer again (the Chasing and
    Shadow Hunters layer tests). ``fresh(table, canvas, *args)`` gets ``blit_still``'s
    arguments and draws the parts on a kept canvas, which they cover whole; it returns False
    when something beside the picture differs (a table's spots). A stale use is kept as the
    game's log length and the viewer then."""

    def __init__(self, monkeypatch, painter: type, fresh) -> None:
        self.uses = 0
        self.kept = 0           # uses that did not draw the layer again
        self.stale: list = []
        self.kept_picture = KeptPicture()
        self.canvas = Canvas()
        real = painter.blit_still
        check = self

        def checking(table, surface, *args):
            before = table.layer_draws
            real(table, surface, *args)
            check.uses += 1
            if table.layer_draws != before:
                return
            check.kept += 1
            canvas = check.canvas.get(surface.get_size(), table._layer)
            same = fresh(table, canvas, *args) is not False
            # only blit_still draws into the layer, and counts that
            drawn = (table._layer, table.layer_draws)
            if not check.kept_picture.same(canvas, table._layer, drawn) or not same:
                check.stale.append((len(table.session.match.log), table.viewer))

        monkeypatch.setattr(painter, "blit_still", checking)
