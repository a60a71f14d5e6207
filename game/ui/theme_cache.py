"""pygame-gui themes kept for the next window manager of this process with the same theme.

Making a ``UIManager`` parses pygame-gui's default theme and ours, loads their fonts on
five loader threads and starts an empty cache of widget shapes: some 10 ms of CPU before
the first button, and the menu's buttons then draw every shape again. An App that quits
hands its parsed theme back here (``release``), and the next manager made for the same
theme data and language takes it (``Manager``), fonts, shadows and drawn shapes and all:
a second App in one process (the tests make hundreds) starts on a warm theme.

A theme is only kept while it holds nothing but what its key says: loading any other
theme data into it (a new window scale, text size, colours or language), or a new locale,
takes it out for good (``KeptTheme``). The blocks of the theme it was made for may be
loaded later (``App.complete_theme``'s second half); a taker loads what its last manager
never needed when a screen first needs it, as a fresh start would. One manager uses a kept
theme at a time, and at most KEEP are kept. pygame.quit() ends every font and surface, so
the kept themes go with it.
"""

from __future__ import annotations

import json

import pygame_gui
from pygame_gui.core import UIAppearanceTheme

from game.ui import button_states, quit_hooks, shape_cache

KEEP = 8     # themes kept at most (the last released): each holds fonts and 4-12 MB of shapes
_kept: dict[str, list["KeptTheme"]] = {}


def _key(theme: dict, locale: str) -> str:
    return json.dumps([theme, locale], sort_keys=True, default=repr)


class KeptTheme(UIAppearanceTheme):
    """A theme that knows the theme data it was made for (``full``) while it holds only
    that; ``key`` is None once anything else was loaded into it."""

    def __init__(self, resource_loader, locale: str, key: str, full: dict) -> None:
        self.key: str | None = None     # not yet: pygame-gui's defaults load first
        self.full = full
        self.loaded: set[str] = set()   # the blocks of ``full`` loaded so far
        self._combined: dict[tuple, list[str]] = {}
        super().__init__(resource_loader, locale)
        self.key = key

    def build_all_combined_ids(self, element_base_ids, element_ids, class_ids, object_ids):
        """pygame-gui's own, remembered by the four lists. pygame-gui remembers it too, but
        under a text it makes at every call by joining the lists' texts into one another
        character by character: tens of kB for a button a few containers deep, at every
        widget made (some 3 % of a table test's CPU)."""
        key = tuple(None if ids is None else tuple(ids)
                    for ids in (element_base_ids, element_ids, class_ids, object_ids))
        try:
            return self._combined[key]
        except KeyError:
            ids = self._combined[key] = super().build_all_combined_ids(
                element_base_ids, element_ids, class_ids, object_ids)
            return ids

    def load_theme(self, file_path) -> None:
        if self.key is not None and not (isinstance(file_path, dict) and all(
                self.full.get(name, _MISSING) == block for name, block in file_path.items())):
            self.key = None      # other data: no longer the theme ``key`` names
        if self.key is not None:
            self.loaded.update(file_path)
        super().load_theme(file_path)

    def update_theming(self, new_theming_data, rebuild_all: bool = True) -> None:
        self.key = None
        super().update_theming(new_theming_data, rebuild_all)

    def update_single_element_theming(self, element_name, new_theming_data) -> None:
        self.key = None
        super().update_single_element_theming(element_name, new_theming_data)

    def set_locale(self, locale: str) -> None:
        if locale != self._locale:
            self.key = None
        super().set_locale(locale)


_MISSING = object()


class Manager(pygame_gui.UIManager):
    """A ``UIManager`` for ``theme`` (a theme dict) in ``locale``: on a kept theme when
    there is one. Else it loads only the blocks named in ``first`` now (all without it) and
    leaves the rest in ``theme_later`` for the first screen that needs them."""

    def __init__(self, size: tuple[int, int], theme: dict, *, locale: str,
                 first: frozenset | None = None) -> None:
        from game.ui.style import split_theme

        key = _key(theme, locale)
        spare = _kept.pop(key, None)
        self._taken = spare.pop() if spare else None
        if spare:
            _kept[key] = spare
        self._made_for = (key, theme)
        start, self.theme_later = theme, None
        if self._taken is not None:
            # what its last manager never needed is still to load
            start, self.theme_later = None, split_theme(theme, frozenset(self._taken.loaded))[1]
        elif first is not None:
            start, self.theme_later = split_theme(theme, first)
        self.theme_later = self.theme_later or None
        # a kept theme's fonts are loaded: its own loader (started, so it loads anything
        # new at once) serves, and no loader threads are started for nothing
        loader = self._taken._resource_loader if self._taken is not None else None
        super().__init__(size, start, enable_live_theme_updates=False,
                         starting_language=locale, resource_loader=loader)
        shape_cache.install(self)   # its clean-up no longer costs a frame ms
        button_states.install()     # the focus and pressed looks drawn when first shown

    @property
    def reused_theme(self) -> bool:
        return self._taken is not None

    def create_new_theme(self, theme_path=None) -> UIAppearanceTheme:
        if self._taken is not None:
            return self._taken
        key, full = self._made_for
        theme = KeptTheme(self.resource_loader, self._locale, key, full)
        if theme_path is not None:
            theme.load_theme(theme_path)
        return theme

    def release(self) -> None:
        """This manager is done with: its theme, if it still is what it was made for, is
        kept for the next manager with the same theme."""
        theme = self.ui_theme
        if isinstance(theme, KeptTheme) and theme.key is not None \
                and theme not in _kept.get(theme.key, ()):
            _kept[theme.key] = [*_kept.pop(theme.key, ()), theme]   # the newest last
            while sum(map(len, _kept.values())) > KEEP:
                oldest = next(iter(_kept))
                del _kept[oldest][0]
                if not _kept[oldest]:
                    del _kept[oldest]
        self._taken = None


def forget() -> None:
    """No theme is kept any more (their fonts and surfaces end with pygame.quit())."""
    _kept.clear()


quit_hooks.add(forget)
