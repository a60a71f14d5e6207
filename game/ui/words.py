"""Buttons whose words may take two lines (large text, long choices).

A pygame-gui button lays its words on one line. A button made with ``Scene.button(...,
wrap=True)`` is still a pygame-gui button (its face, states, hover, clicks, keyboard
focus, tooltip and ``text`` are pygame-gui's), but of a "…_wrap" theme class whose text
colours are see-through; its words are drawn here over it, wrapped at spaces into as many
lines as its height holds, in the button's own font, its state's text colour and its
alignment. Made so from the first frame: the class never changes with the words, so a
button kept across builds stays the same kind.
"""

from __future__ import annotations

import copy
from functools import lru_cache

import pygame

# The classes a wrapped button may have, and the text colours of every state
WRAPPED = ("@choice", "@compact", "@compact_on", "@off", "@primary", "@toggle_on")
TEXT_KEYS = ("normal_text", "hovered_text", "selected_text", "active_text", "disabled_text")
SEE_THROUGH = "#00000000"
GAP = 0.0          # between lines, as a share of the line height


def wrap_class(cls: str | None) -> str:
    return "@wrap" if cls is None else f"{cls}_wrap"


def wrapping(cls: str | None) -> bool:
    """Whether a button of theme class ``cls`` has its words drawn here."""
    return bool(cls) and (cls == "@wrap" or cls.endswith("_wrap"))


def drawn_as(cls: str) -> str | None:
    """The theme class whose state text colours a wrapped button's words are drawn in:
    ``cls`` without "_wrap" ("@wrap" alone: None, the button's other ids and the
    defaults). The "…_wrap" block's own text colours are see-through."""
    return None if cls == "@wrap" else cls.removesuffix("_wrap")


def is_wrapped(button) -> bool:
    return any(wrapping(i) for i in button.get_class_ids())


def add_to_theme(theme: dict) -> None:
    """The "…_wrap" blocks: each class's look with see-through words."""
    clear = {k: SEE_THROUGH for k in TEXT_KEYS}
    theme["@wrap"] = {"colours": dict(clear)}
    for cls in WRAPPED:
        block = copy.deepcopy(theme.get(cls, {}))
        block.setdefault("colours", {}).update(clear)
        theme[wrap_class(cls)] = block


def lines(button) -> list[str]:
    """The button's words as they are drawn: whole words per line, as many lines as fit
    its height; a word wider than the button, or words left over, end in "…"."""
    pad = _padding(button)
    # a left-aligned class's padding leaves room for a badge: only on the left
    right = pad if getattr(button, "text_horiz_alignment", "center") == "center" else 4
    return list(_lines(button.text, button.font, button.rect.width - pad - right,
                       max(1, _room(button))))


def fits(button) -> bool:
    """Every word shown whole (the label-fit tests' question)."""
    shown = lines(button)
    return not any(line.endswith("…") for line in shown) and " ".join(shown) == " ".join(
        button.text.split())


def _padding(button) -> int:
    if getattr(button, "text_horiz_alignment", "center") == "center":
        border = getattr(button, "border_width", 1)
        return 3 + (max(border.values()) if isinstance(border, dict) else int(border or 0))
    return max(3, int(getattr(button, "text_horiz_alignment_padding", 0)))


def _room(button) -> int:
    h = button.font.get_sized_height() if hasattr(button.font, "get_sized_height") else (
        button.font.size("Ag")[1])
    return (button.rect.height - 2) // max(1, h)


@lru_cache(maxsize=1024)
def _lines(text: str, font, width: int, most: int) -> tuple[str, ...]:
    words = text.split()
    out: list[str] = []
    line = ""
    for i, word in enumerate(words):
        trial = f"{line} {word}" if line else word
        if font.size(trial)[0] <= width:
            line = trial
            continue
        if line:
            out.append(line)
        line = word
        if len(out) == most - 1:           # the last line: the rest, cut if it must be
            line = " ".join(words[i:])
            break
    if line:
        out.append(line)
    if len(out) > most:
        out = out[:most]
    last = out[-1] if out else ""
    if last and font.size(last)[0] > width:
        while last and font.size(last + "…")[0] > width:
            last = last[:-1]
        out[-1] = last.rstrip() + "…"
    return tuple(out)


def _state(button) -> str:
    if not button.is_enabled:
        return "disabled"
    if getattr(button, "held", False):
        return "active"
    if button.is_selected:
        return "selected"
    if button.hovered:
        return "hovered"
    return "normal"


def _colour(button, state: str) -> pygame.Color:
    """The state's text colour of the button's class without "_wrap"."""
    ids = [drawn_as(i) if wrapping(i) else i for i in button.combined_element_ids]
    ids = [i for i in ids if i is not None]
    colour = button.ui_theme.get_colour_or_gradient(f"{state}_text", ids)
    return colour if isinstance(colour, pygame.Color) else pygame.Color(232, 227, 213)


@lru_cache(maxsize=512)
def _face(line: str, font, colour: tuple) -> pygame.Surface:
    return font.render_premul(line, pygame.Color(*colour))


def draw(surface: pygame.Surface, buttons) -> None:
    """The words of every shown wrapped button in ``buttons``."""
    for b in buttons:
        if not (b.visible and b.alive() and b.text and is_wrapped(b)):
            continue
        shown = lines(b)
        colour = tuple(_colour(b, _state(b)))
        faces = [_face(line, b.font, colour) for line in shown]
        step = max(f.get_height() for f in faces)
        total = step * len(faces)
        y = b.rect.centery - total // 2
        pad = _padding(b)
        align = getattr(b, "text_horiz_alignment", "center")
        for face in faces:
            if align == "left":
                x = b.rect.x + pad
            elif align == "right":
                x = b.rect.right - pad - face.get_width()
            else:
                x = b.rect.centerx - face.get_width() // 2
            surface.blit(face, (x, y), special_flags=pygame.BLEND_PREMULTIPLIED)
            y += step
