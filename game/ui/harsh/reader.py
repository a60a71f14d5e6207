"""A Location read whole, beside the grid (issue 44).

In large text a Location card has no room for its ability's words and cuts them. The
Location under the mouse, or the one a number key named (highlit, or refused with its
reason), is then shown whole in a panel beside its card, over the middle column: its
name, its ability's name and every word of what it does. A card that holds its words
needs no panel. (Where the Agent stands, the Ability button's note says it too.)
"""

from __future__ import annotations

import pygame

from game.i18n import _
from game.ui import draw, style
from game.ui.harsh import look


def read_cell(scene) -> int | None:
    """The Location to read whole now, or None: under the mouse, else the one a number
    key named in this decision."""
    lay = scene.lay
    if lay is None or scene.dialog is not None or not scene.view()["grid"]:
        return None
    mouse = pygame.mouse.get_pos()
    for p, cell in enumerate(lay.cells):
        if cell.collidepoint(mouse):
            return p
    keyed = scene.key_cell_now()
    if keyed is not None:
        return keyed
    named = getattr(scene, "named_cell", None)
    if named is not None and named[1] == scene.step_key():
        return named[0]
    return None


def card_args(g) -> tuple:
    return (g["location"], g["star"], g["face_down"], g["ability_name"], g["ability_text"],
            g["ability_used"], g["ability_enabled"])


def cut_on_card(scene, p: int) -> bool:
    cell = scene.lay.cells[p]
    reserve = int(scene.token_d() * 1.25)
    return not look.location_holds(cell.size, *card_args(scene.view()["grid"][p]), reserve)


def lines_of(g) -> list[tuple[str, bool, tuple]]:
    """(words, bold, colour) of a Location read whole."""
    name = _(g["location"]) + ("  ★" if g["star"] else "")
    out = [(name, True, style.TEXT)]
    if g["face_down"]:
        out.append((_("Ability used · face down") if g["ability_used"] else _("Face down · no ability"),
                    False, style.TEXT_MUTED))
    elif not g["ability_enabled"]:
        out.append((_("Ability switched off"), False, style.TEXT_MUTED))
    else:
        out.append((_(g["ability_name"]), True, look.STAR_GOLD))
        out.append((_(g["ability_text"]), False, style.TEXT))
    return out


def panel_rect(scene, p: int, lines: list[tuple[str, bool, tuple]]) -> tuple[pygame.Rect, list]:
    """Where the panel goes (beside the card, over the middle column, on the screen) and its
    wrapped lines (words, size, bold, colour)."""
    m = scene.metrics
    cell = scene.lay.cells[p]
    pad = m.px(8)
    width = max(int(cell.width * 1.6), min(m.px(340), scene.lay.status.width))
    fs = m.px(14)
    wrapped = [(ln, fs, bold, colour) for text, bold, colour in lines
               for ln in draw.wrap(text, fs, width - 2 * pad, bold)]
    h = sum(draw.font(fs, bold).get_linesize() for _ln, fs, bold, _c in wrapped) + 2 * pad
    # beside the grid, level with the card: no other card under it
    r = pygame.Rect(scene.lay.grid.right + m.gap, cell.y, width, h)
    r.clamp_ip(pygame.Rect(0, 0, m.width, m.height))
    return r, wrapped


def draw_reader(scene, surface: pygame.Surface) -> None:
    """The Location to read, whole, if its card cut any of its words."""
    scene.reader_shown = None
    p = read_cell(scene)
    if p is None or not cut_on_card(scene, p):
        return
    m = scene.metrics
    r, wrapped = panel_rect(scene, p, lines_of(scene.view()["grid"][p]))
    draw.panel(surface, r, m.px(6), alpha=250)
    pygame.draw.rect(surface, style.ACCENT, r, max(1, m.px(2)), border_radius=m.px(6))
    y = r.y + m.px(8)
    for ln, fs, bold, colour in wrapped:
        draw.blit_text(surface, ln, fs, (r.x + m.px(8), y), colour, bold)
        y += draw.font(fs, bold).get_linesize()
    scene.reader_shown = (p, r)
