"""What must be forgotten when pygame quits: the caches of fonts, surfaces and themes.

Fonts and surfaces die with ``pygame.quit()``; a cache that kept them would hand a dead
font to the next App of the process (a restart, the next test) and every text it draws
fails ("Invalid font"). ``pygame.register_quit`` alone is not enough: pygame calls the
registered functions at the first quit and then forgets them, so a second quit in the
same process would clear nothing. Here the caches are registered once, and the app's
``init_pygame`` arms them again after every start.
"""

from __future__ import annotations

from typing import Callable

import pygame

_hooks: list[Callable[[], None]] = []
_armed = False


def add(fn: Callable[[], None]) -> None:
    """Call ``fn`` at every ``pygame.quit()`` from now on."""
    _hooks.append(fn)
    arm()


def arm() -> None:
    """Registered with pygame for its next quit (again, after a quit that used it up)."""
    global _armed
    if not _armed:
        pygame.register_quit(_run)
        _armed = True


def _run() -> None:
    global _armed
    _armed = False        # pygame has forgotten us: the next start arms again
    for fn in _hooks:
        fn()
