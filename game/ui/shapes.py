"""The symbol shapes (suits, factions, seat marks) as polygons, drawn at any size."""

from __future__ import annotations

import math

import pygame

Colour = tuple


def _canvas(size: tuple) -> pygame.Surface:
    return pygame.Surface((max(1, int(size[0])), max(1, int(size[1]))), pygame.SRCALPHA)


def _star_points(cx: float, cy: float, r: float, points: int = 5) -> list:
    out = []
    for i in range(points * 2):
        rr = r if i % 2 == 0 else r * 0.45
        a = -math.pi / 2 + i * math.pi / points
        out.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    return out


def _polygon(cx: float, cy: float, r: float, sides: int, start: float = -math.pi / 2) -> list:
    return [(cx + r * math.cos(start + i * 2 * math.pi / sides),
             cy + r * math.sin(start + i * 2 * math.pi / sides)) for i in range(sides)]


def shape_points(kind: str, cx: float, cy: float, r: float) -> list | None:
    """Outline of a symbol as a polygon (None for round shapes drawn otherwise)."""
    if kind == "diamond":
        return [(cx, cy - r), (cx + r * 0.72, cy), (cx, cy + r), (cx - r * 0.72, cy)]
    if kind == "star":
        return _star_points(cx, cy, r * 1.05)
    if kind == "triangle":
        return _polygon(cx, cy + r * 0.15, r * 1.05, 3)
    if kind == "square":
        s = r * 0.8
        return [(cx - s, cy - s), (cx + s, cy - s), (cx + s, cy + s), (cx - s, cy + s)]
    if kind == "hexagon":
        return _polygon(cx, cy, r, 6, start=0)
    if kind == "shield":
        return [(cx - r * 0.8, cy - r * 0.8), (cx + r * 0.8, cy - r * 0.8), (cx + r * 0.8, cy),
                (cx, cy + r), (cx - r * 0.8, cy)]
    if kind == "drop":
        pts = [(cx, cy - r)]
        cr = r * 0.62
        ccy = cy + r * 0.3
        for i in range(0, 181, 15):
            a = math.radians(-30 + i * (240 / 180))
            pts.append((cx + cr * math.cos(a), ccy + cr * math.sin(a)))
        return pts
    return None


def draw_shape(surface: pygame.Surface, kind: str, center: tuple, r: float, colour: Colour,
               outline: Colour | None = None, width: int = 0) -> None:
    """Draw a symbol shape centred at ``center`` with radius ``r``."""
    cx, cy = center
    if kind == "circle":
        pygame.draw.circle(surface, colour, (cx, cy), r, width)
        if outline:
            pygame.draw.circle(surface, outline, (cx, cy), r, max(1, int(r / 8)))
        return
    if kind == "crescent":
        tmp = _canvas((r * 2 + 2, r * 2 + 2))
        pygame.draw.circle(tmp, colour, (r + 1, r + 1), r)
        pygame.draw.circle(tmp, (0, 0, 0, 0), (r + 1 + r * 0.55, r + 1 - r * 0.25), r * 0.85)
        surface.blit(tmp, (cx - r - 1, cy - r - 1))
        return
    pts = shape_points(kind, cx, cy, r)
    if pts is None:
        raise ValueError(f"unknown shape {kind!r}")
    pygame.draw.polygon(surface, colour, pts, width)
    if outline:
        pygame.draw.polygon(surface, outline, pts, max(1, int(r / 8)))
