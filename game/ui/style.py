"""The noir look, defined once: palette, type sizes, spacing and how they scale.

Every size here is in *base pixels* for a 1280x720 window. ``Metrics`` turns them into
real pixels for the current window, so layouts and text grow with the window and shrink a
little (never below readable) at the 1024x640 minimum. The pygame-gui theme in
``assets/theme.json`` uses the same palette; ``scaled_theme`` rescales its font sizes.
"""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

BASE_SIZE = (1280, 720)
MIN_SIZE = (1024, 640)
MIN_SCALE = 0.85  # below this Noto Sans 17 would drop under 14 px
MAX_SCALE = 2.4

# --- palette: a dark room, a warm lamp, and four clear suit colours ----------------------
BG = (16, 18, 23)
BG_DEEP = (10, 11, 15)
BG_TOP = (26, 29, 38)        # the backdrop's gradient: BG_TOP at the top to BG_DEEP
FELT = (24, 33, 35)          # the table top: a dark green-grey
FELT_TOP = (30, 42, 44)
FELT_EDGE = (40, 54, 56)
PANEL = (25, 28, 36)
PANEL_EDGE = (52, 58, 73)
TEXT = (232, 227, 213)
TEXT_MUTED = (154, 150, 140)
TEXT_DIM = (107, 108, 112)
ACCENT = (212, 168, 74)      # lamplight gold: focus, selection, playable glow
ACCENT_BRIGHT = (240, 200, 112)
DANGER = (200, 72, 64)
GOOD = (110, 176, 120)
SHADOW = (0, 0, 0)

CARD_FACE = (236, 231, 218)
CARD_INK = (30, 30, 34)
CARD_EDGE = (120, 112, 96)
CARD_BACK = (38, 42, 56)
CARD_BACK_LINE = (70, 78, 100)
RANK_INK = 0.55              # a card's rank: its suit colour this far towards black

# Chasing Shadows suits: colour + shape + letter, so colour is never the only cue.
SUITS = {
    "blue":   {"colour": (63, 127, 208), "shape": "drop",     "letter": "B", "name": "Blue"},
    "red":    {"colour": (200, 65, 59),  "shape": "diamond",  "letter": "R", "name": "Red"},
    "yellow": {"colour": (224, 181, 58), "shape": "star",     "letter": "Y", "name": "Yellow"},
    # a neutral grey: the bluish (143, 150, 158) was 18 ΔE00 from blue for a tritanope
    "grey":   {"colour": (152, 152, 152), "shape": "square",  "letter": "G", "name": "Grey"},
}

# Shadow Hunters factions: shape + letter + colour.
FACTIONS = {
    "hunter":  {"colour": (80, 140, 220), "shape": "shield",  "letter": "H", "name": "Hunter"},
    "shadow":  {"colour": (190, 60, 70),  "shape": "crescent", "letter": "S", "name": "Shadow"},
    "neutral": {"colour": (200, 180, 90), "shape": "hexagon", "letter": "N", "name": "Neutral"},
}

# Player pieces: eight distinguishable colours, each drawn with the seat's letter too.
PLAYER_COLOURS = [
    (214, 84, 72), (74, 144, 226), (232, 190, 70), (104, 186, 118),
    (172, 110, 210), (236, 140, 60), (90, 200, 200), (220, 220, 220),
]

# Each seat's mark, drawn small on its token beside the initial (draw.player_token).
SEAT_MARKS = ("diamond", "square", "triangle", "star", "hexagon", "drop", "shield", "circle")

# --- type sizes (base pixels) ---------------------------------------------------------------
# Settings → Text size (game.ui.palette sets it): every font is this much larger, and the
# rows and buttons that hold one line of text grow with it (Metrics.button_h, row_h).
TEXT_SCALE = 1.0
# The palette's theme colours: "#rrggbb" of assets/theme.json -> the colour to use instead
THEME_COLOURS: dict[str, str] = {}
FONT_TITLE = 46
FONT_HEADING = 26
FONT_BODY = 18
FONT_SMALL = 15

# --- spacing (base pixels) ------------------------------------------------------------------
PAD = 16
GAP = 10
BUTTON_H = 44
ROW_H = 38
MARGIN = 32
RADIUS = 10


def scale_for(width: int, height: int) -> float:
    """One factor for sizes and text: the tighter of the two window dimensions wins."""
    s = min(width / BASE_SIZE[0], height / BASE_SIZE[1])
    return max(MIN_SCALE, min(MAX_SCALE, s))


@dataclass(frozen=True)
class Metrics:
    """Real-pixel sizes for one window size. Scenes build their layout from this."""

    width: int
    height: int
    scale: float

    @classmethod
    def for_size(cls, width: int, height: int) -> "Metrics":
        return cls(width, height, scale_for(width, height))

    def __post_init__(self) -> None:
        # px is asked the same few hundred sizes every frame: each is worked out once
        object.__setattr__(self, "_px", {})

    def px(self, base: float) -> int:
        try:
            return self._px[base]
        except KeyError:
            value = self._px[base] = max(1, round(base * self.scale))
            return value

    @property
    def pad(self) -> int:
        return self.px(PAD)

    @property
    def gap(self) -> int:
        return self.px(GAP)

    @property
    def margin(self) -> int:
        return self.px(MARGIN)

    @property
    def text(self) -> float:
        """The text size factor (1.0 at 100 %)."""
        return TEXT_SCALE

    @property
    def button_h(self) -> int:
        # Noto Sans needs some 1.4 times its size for a line, plus the button's edges
        return self.px(max(BUTTON_H, FONT_BODY * TEXT_SCALE * 1.4 + 14))

    def lines_h(self, lines: int = 2) -> int:
        """A button that holds ``lines`` lines of body text (game.ui.words)."""
        return max(self.button_h, self.px(FONT_BODY * TEXT_SCALE * 1.4 * lines + 10))

    @property
    def row_h(self) -> int:
        return self.px(max(ROW_H, FONT_BODY * TEXT_SCALE * 1.4 + 8))


# --- theme ------------------------------------------------------------------------------------

@lru_cache(maxsize=1)
def _base_theme() -> dict:
    from game.resources import asset_path

    return json.loads(Path(asset_path("theme.json")).read_text(encoding="utf-8"))


def scaled_theme(scale: float) -> dict:
    """The pygame-gui theme with every font size, and the height of a drop-down's rows,
    multiplied by ``scale`` (pygame-gui keeps rows 20 px high whatever the font: at
    1920x1080 the options overlapped) and by the text size, in the palette's colours."""
    theme = copy.deepcopy(_base_theme())
    scale *= TEXT_SCALE
    for block in theme.values():
        colours = block.get("colours") if isinstance(block, dict) else None
        if isinstance(colours, dict):
            for key, value in colours.items():
                if isinstance(value, str) and value[:7].lower() in THEME_COLOURS:
                    colours[key] = THEME_COLOURS[value[:7].lower()] + value[7:]
        font = block.get("font") if isinstance(block, dict) else None
        if isinstance(font, dict) and "size" in font:
            font["size"] = str(max(10, round(int(font["size"]) * scale)))
        misc = block.get("misc") if isinstance(block, dict) else None
        if isinstance(misc, dict) and "list_item_height" in misc:
            misc["list_item_height"] = str(max(20, round(int(misc["list_item_height"]) * scale)))
    # the drop-downs' ▼ button (20 px in pygame-gui) holds its arrow in large text
    theme.setdefault("drop_down_menu", {}).setdefault("misc", {})["open_button_width"] = str(
        max(20, round(20 * scale)))
    from game.ui import words

    words.add_to_theme(theme)       # the two-line buttons' classes (game.ui.words)
    from game.i18n import theme_fonts  # Japanese: Noto Sans JP beside each font

    return theme_fonts(theme)


# The theme blocks the main menu shows. The app starts with these alone and loads the rest
# when another screen first opens: parsing every block costs start-up time the menu's
# first frame does not need.
MENU_THEME = frozenset({"defaults", "#noir_shape", "button", "@tile", "@off", "@primary",
                        "@wrap", "@off_wrap", "@primary_wrap"})


def split_theme(theme: dict, first: frozenset = MENU_THEME) -> tuple[dict, dict]:
    """``theme`` as (its blocks named in ``first``, the others). The others keep the
    prototypes they name: pygame-gui looks a prototype up in the same load."""
    now = {k: v for k, v in theme.items() if k in first}
    later = {k: v for k, v in theme.items() if k not in first}
    for block in list(later.values()):
        proto = block.get("prototype") if isinstance(block, dict) else None
        if proto in theme and proto not in later:
            later[proto] = theme[proto]
    return now, later


def with_alpha(colour: tuple, alpha: int) -> tuple:
    return (*colour[:3], alpha)


def mix(a: tuple, b: tuple, t: float) -> tuple:
    """Colour between ``a`` (t=0) and ``b`` (t=1)."""
    return tuple(round(x + (y - x) * t) for x, y in zip(a[:3], b[:3]))


def luminance(colour: tuple) -> float:
    """WCAG relative luminance, 0 (black) to 1 (white): which ink reads on a colour."""
    def channel(c: float) -> float:
        c /= 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in colour[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b
