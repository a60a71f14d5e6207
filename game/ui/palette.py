"""Settings → Colours and Text size: the look's colours and the size of every text.

``style`` holds the colours every screen draws with; ``apply`` swaps them for a palette's
and sets the text factor, then forgets every cached picture, so the next frame of every
screen (the three tables, the review, the menus) is drawn in the new look. The pygame-gui
theme follows through ``style.scaled_theme``, which maps its colours by ``style.THEME_COLOURS``.

The red–green palette's suit and seat colours were chosen by a search that kept every
pair at least ΔE00 20 apart in normal vision and in simulated protanopia, deuteranopia
and tritanopia (Machado 2009); tests/test_a11y_colours.py checks it on the numbers and on
rendered pictures. The default palette keeps the table's first look and does not make
that claim (several seat colours fall close together for a red–green colour-blind eye);
shapes, letters and seat marks tell everything apart in every palette.
"""

from __future__ import annotations

import copy

from game.i18n import N_
from game.storage.settings import PALETTES, TEXT_SIZES
from game.ui import style

PALETTE_NAMES = {"default": N_("Default"), "red_green": N_("Red–green safe"),
                 "high_contrast": N_("High contrast")}

# style attributes a palette may set; the default palette is what style says at import
_NAMES = ("BG", "BG_DEEP", "BG_TOP", "FELT", "FELT_TOP", "FELT_EDGE", "PANEL", "PANEL_EDGE",
          "TEXT", "TEXT_MUTED", "TEXT_DIM", "ACCENT", "ACCENT_BRIGHT", "DANGER", "GOOD",
          "CARD_FACE", "CARD_INK", "CARD_EDGE", "CARD_BACK", "CARD_BACK_LINE", "RANK_INK",
          "PLAYER_COLOURS")
_DEFAULT = {name: copy.deepcopy(getattr(style, name)) for name in _NAMES}
_DEFAULT_SUITS = {k: v["colour"] for k, v in style.SUITS.items()}
_DEFAULT_FACTIONS = {k: v["colour"] for k, v in style.FACTIONS.items()}

# Okabe & Ito's blue, vermillion and yellow with a neutral grey: all four stay apart for
# every kind of dichromat, and each still reads as the suit it names.
_SAFE_SUITS = {"blue": (40, 120, 230), "red": (215, 80, 30), "yellow": (245, 225, 70),
               "grey": (120, 120, 120)}
# High contrast: the safe suits' hues made deep enough (blue, red) or light enough (yellow,
# grey) that a rank in white or in near-black ink reads at 7:1 on them, and the suits stay
# ΔE00 20 apart in every vision (searched with tests/a11y_colour.py; worst pair 22.8).
_HIGH_SUITS = {"blue": (25, 62, 163), "red": (171, 18, 19), "yellow": (234, 201, 13),
               "grey": (163, 163, 163)}
_SAFE_FACTIONS = {"hunter": (40, 120, 230), "shadow": (215, 80, 30), "neutral": (245, 225, 70)}
# Eight seats, searched (tests/a11y_colour.py's ΔE00 over the four visions): gold, violet,
# ice, umber, lavender, sage, slate, cream. A five-seat table uses the first five.
_SAFE_SEATS = [(223, 181, 0), (102, 86, 221), (198, 249, 252), (149, 97, 20),
               (192, 159, 254), (124, 164, 134), (111, 106, 117), (249, 255, 204)]

_CHANGES: dict[str, dict] = {
    "default": {},
    "red_green": {
        "GOOD": (80, 160, 230),        # "good" in blue, "danger" in vermillion
        "DANGER": (230, 100, 40),
        "PLAYER_COLOURS": _SAFE_SEATS,
    },
    "high_contrast": {
        "BG": (0, 0, 0), "BG_DEEP": (0, 0, 0), "BG_TOP": (6, 6, 8),
        "FELT": (0, 12, 10), "FELT_TOP": (6, 20, 18), "FELT_EDGE": (170, 190, 185),
        # an edge dark enough that words on a bar of it (a table's header, the review's
        # current line) still read 7:1
        "PANEL": (8, 8, 10), "PANEL_EDGE": (70, 70, 80),
        "TEXT": (255, 255, 255), "TEXT_MUTED": (232, 232, 232), "TEXT_DIM": (200, 200, 200),
        "ACCENT": (255, 214, 0), "ACCENT_BRIGHT": (255, 236, 90),
        "DANGER": (255, 120, 100), "GOOD": (110, 200, 255),
        "CARD_FACE": (255, 255, 255), "CARD_INK": (0, 0, 0), "CARD_EDGE": (0, 0, 0),
        "CARD_BACK": (18, 20, 36), "CARD_BACK_LINE": (150, 160, 215),
        "RANK_INK": 0.72,               # ranks darker on white: 7:1 for the yellow suit too
        "PLAYER_COLOURS": _SAFE_SEATS,
    },
}
_SUITS = {"default": _DEFAULT_SUITS, "red_green": _SAFE_SUITS, "high_contrast": _HIGH_SUITS}
# High contrast: the factions' colours are also the colours of their words (Hunters' boards,
# the review), so they are light enough for 7:1 on black; searched like the seats
_BRIGHT_FACTIONS = {"hunter": (110, 170, 255), "shadow": (230, 125, 140), "neutral": (255, 235, 40)}
_FACTIONS = {"default": _DEFAULT_FACTIONS, "red_green": _SAFE_FACTIONS,
             "high_contrast": _BRIGHT_FACTIONS}

# The pygame-gui theme in high contrast: backgrounds black, words white, edges bright.
# Buttons that are on (a toggle, the primary one) stay dark gold with white words, so
# every word on a button is 7:1 or more against it.
_THEME_HIGH = {
    "#101218": "#000000", "#111318": "#000000", "#14161c": "#000000", "#181b22": "#000000",
    "#191c24": "#000000", "#232733": "#000000", "#2f3545": "#262626", "#3d4455": "#ffffff",
    "#262a33": "#8c8c8c", "#2b2f3a": "#404040", "#2f3442": "#ffffff", "#343a49": "#ffffff",
    "#4a3d22": "#5c4a00", "#5a4a28": "#6a5500", "#6b5225": "#5c4a00", "#86672e": "#6a5500",
    "#d4a84a": "#ffd700", "#f0c870": "#ffe100", "#e8e3d5": "#ffffff", "#fff3d6": "#ffffff",
    "#ffe7b0": "#ffffff", "#9a968c": "#e0e0e0", "#6b6c70": "#b4b4b4",
}

# Shadow Hunters names its seats after their pieces' colours (scenes/setup.py): the names
# follow the palette, so "Red" is never a gold piece.
SEAT_NAMES = {
    "default": (N_("Red"), N_("Blue"), N_("Yellow"), N_("Green"), N_("Purple"), N_("Orange"),
                N_("Teal"), N_("White")),
    "red_green": (N_("Gold"), N_("Violet"), N_("Ice"), N_("Brown"), N_("Lilac"), N_("Sage"),
                  N_("Slate"), N_("Cream")),
}
SEAT_NAMES["high_contrast"] = SEAT_NAMES["red_green"]

_now = {"palette": "default", "text": 100, "calm": False}


def current() -> tuple[str, int]:
    """(palette, text size in %) in use."""
    return _now["palette"], _now["text"]


def apply(palette: str = "default", text_size: int = 100) -> bool:
    """Draw from now on in ``palette`` with text at ``text_size`` %. True if that changed
    anything (then every cached picture has been forgotten)."""
    palette = palette if palette in PALETTES else "default"
    text_size = text_size if text_size in TEXT_SIZES else 100
    if (palette, text_size) == current():
        return False
    values = dict(_DEFAULT)
    values.update(_CHANGES[palette])
    for name, value in values.items():
        setattr(style, name, copy.deepcopy(value))
    for key, colour in _SUITS[palette].items():
        style.SUITS[key]["colour"] = colour
    for key, colour in _FACTIONS[palette].items():
        style.FACTIONS[key]["colour"] = colour
    style.TEXT_SCALE = text_size / 100
    style.THEME_COLOURS = dict(_THEME_HIGH) if palette == "high_contrast" else {}
    _now.update(palette=palette, text=text_size)
    forget_pictures()
    return True


def forget_pictures() -> None:
    """Every cached drawing of every screen module (cards, panels, felt, fonts) is made
    again in the new colours and sizes: the lru caches of the loaded game.ui modules."""
    import sys

    for name, module in list(sys.modules.items()):
        if module is None or not (name == "game.ui" or name.startswith("game.ui.")):
            continue
        for value in list(vars(module).values()):
            clear = getattr(value, "cache_clear", None)
            if callable(clear) and getattr(value, "__module__", None) == name:
                clear()


def seat_names() -> tuple[str, ...]:
    """The colour words of the seats' pieces in the current palette (untranslated)."""
    return SEAT_NAMES[_now["palette"]]


def apply_settings(settings) -> bool:
    _now["calm"] = getattr(settings, "reduce_motion", False) is True
    return apply(getattr(settings, "palette", "default"), getattr(settings, "text_size", 100))


# --- calm motion ------------------------------------------------------------------------------
# With "reduce motion" a card or piece is placed, not flown: the tables ask ``travel`` how
# far along its way to draw it, and ``fading`` for a gentle way in instead.

def reduced_motion() -> bool:
    return _now["calm"]


def set_reduced_motion(on: bool) -> None:
    _now["calm"] = bool(on)


def travel(e: float) -> float:
    """How far along its path a moving piece is drawn: ``e`` (0..1, eased by the caller),
    or with reduced motion already there as soon as it sets off."""
    if not _now["calm"]:
        return e
    return 1.0 if e > 0 else 0.0


def fading(surface, t: float):
    """``surface`` at ``t`` of its way in (0 unseen, 1 whole): a fade that moves nothing."""
    if t >= 1:
        return surface
    out = surface.copy()
    out.set_alpha(max(0, int(255 * t)))
    return out
