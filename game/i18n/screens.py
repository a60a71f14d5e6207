"""Changing the language of a running app: the theme's fonts, pygame-gui's own words and
every screen on the stack. Only the UI imports this (it loads pygame through the app).

    start_language(settings.language)   once, before the window's theme is made
    switch(app, "ja")                   Settings -> Language: at once, nothing of a game lost
"""

from __future__ import annotations

from game import i18n
from game.i18n import gui_locale, theme_fonts

# What --lang asked for: this run only, never saved.
_override = i18n.RUN_OVERRIDE


def set_override(lang: str | None) -> None:
    _override["lang"] = lang


def start_language(saved: str) -> str:
    """The language of this run: --lang, else the one chosen in Settings, else the
    system's (a first start) where the app has it, else English."""
    lang = _override["lang"] or i18n.normalise(saved) or i18n.system_language()
    return i18n.set_language(lang)


def switch(app, lang: str) -> str:
    """Speak ``lang`` from now on and remember the choice: the fonts and the theme are
    reloaded, and every screen on the stack is made again in the new words. A game in
    progress keeps all it has (a rebuild remakes widgets, not the session)."""
    from game.ui import draw, style

    lang = i18n.set_language(lang)
    _override["lang"] = None
    app.settings.language = lang
    app.save_settings()
    draw.clear_caches()          # texts, wrapped lines and fonts were for the old language
    scale = getattr(app, "_theme_scale", None) or round(app.metrics.scale, 2)
    app.manager.get_theme().load_theme(theme_fonts(style.scaled_theme(scale), lang))
    app._theme_later = None      # the whole theme is loaded now
    app.manager.set_locale(gui_locale(lang))
    for scene in app.scenes:
        scene.cover_look = None  # a picture of a screen in the old words
        if scene.active:
            scene.rebuild()
    app.touch()
    return lang
