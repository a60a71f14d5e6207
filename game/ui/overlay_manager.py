"""The pygame-gui manager of a layer drawn over every screen (the save banner, the coach).

Such a layer lives outside the scene stack, so it keeps a manager of its own. The theme's
font sizes follow the window's scale, so the manager is made anew when the scale changes;
otherwise it only follows the window's size.
"""

from __future__ import annotations

import pygame_gui

from game.ui import style


def fit(manager: pygame_gui.UIManager | None, made_at: tuple | None,
        metrics) -> tuple[pygame_gui.UIManager, tuple]:
    """``manager`` ready for the current window, and the scale it was made at."""
    from game.i18n import gui_locale
    from game.ui import palette

    m = metrics
    # colours and text size are in its theme; the language picks its fonts (Japanese)
    scale = (round(m.scale, 2), palette.current(), gui_locale())
    if manager is None or scale != made_at:
        from game.ui.theme_cache import Manager

        if isinstance(manager, Manager):
            manager.release()     # its theme, for a manager at that scale again
        manager = Manager((m.width, m.height), style.scaled_theme(scale[0]), locale=scale[2])
        return manager, scale
    manager.set_window_resolution((m.width, m.height))
    return manager, scale
