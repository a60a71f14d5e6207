"""Changing the language of a running app: the theme's fonts, pygame-gui's own words and
every screen on the stack. Only the UI imports this (it loads pygame through the app).

    start_language(settings.language)   once, before the window's theme is made
    switch(app, "ja")                   Settings -> Language: at once, nothing of a game lost
"""

from __future__ import annotations

import copy
from typing import Any

from game import i18n

# What --lang asked for: this run only, never saved.
_override: dict[str, str | None] = {"lang": None}


def set_override(lang: str | None) -> None:
    _override["lang"] = lang


def start_language(saved: str) -> str:
    """The language of this run: --lang, else the one chosen in Settings, else the
    system's (a first start) where the app has it, else English."""
    lang = _override["lang"] or i18n.normalise(saved) or i18n.system_language()
    return i18n.set_language(lang)


def gui_locale(lang: str | None = None) -> str:
    """pygame-gui's locale for ours: its own words (a text field's menu, the file dialog)
    and its default font follow it; the pseudo-locale is English to pygame-gui."""
    lang = lang or i18n.current()
    return lang if lang in i18n.LANGUAGES else i18n.ENGLISH


def _font_resource(name: str) -> dict:
    return {"package": "pygame_gui.data", "resource": name}


def theme_fonts(theme: dict, lang: str | None = None) -> dict:
    """``theme`` with a Japanese variant beside each font (Noto Sans JP at the same size
    and weight) when the language is Japanese. pygame-gui picks a font block's variant by
    its manager's locale; it loads every variant a theme names, so the 9 MB of Japanese
    faces are named only while Japanese is in force."""
    lang = lang or i18n.current()
    if lang != "ja":
        return theme
    theme = copy.deepcopy(theme)
    regular, bold = i18n.font_files("ja")
    latin_regular, latin_bold = i18n.font_files("en")
    for block in theme.values():
        font: Any = block.get("font") if isinstance(block, dict) else None
        if isinstance(font, dict):
            ja = {k: v for k, v in font.items() if k not in ("locale", "name")}
            ja.update(locale="ja", name="noto_sans_jp", regular_resource=_font_resource(regular),
                      bold_resource=_font_resource(bold))
            if font.get("name") == "noto_sans" and "regular_resource" not in font:
                # pygame-gui knows where Noto Sans is only while it is the locale's default
                font = dict(font, regular_resource=_font_resource(latin_regular),
                            bold_resource=_font_resource(latin_bold))
            block["font"] = [font, ja]
    return theme


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
    scale = getattr(app, "_theme_scale", round(app.metrics.scale, 2))
    app.manager.get_theme().load_theme(theme_fonts(style.scaled_theme(scale), lang))
    app._theme_later = None      # the whole theme is loaded now
    app.manager.set_locale(gui_locale(lang))
    for scene in app.scenes:
        scene.cover_look = None  # a picture of a screen in the old words
        if scene.active:
            scene.rebuild()
    app.touch()
    return lang
