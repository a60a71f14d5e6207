"""The win-chance graph: one line per seat over the game's steps, the chance swings and
the biggest mistakes marked. Pure drawing on a rect; ``marks`` tells where each mark is,
so a click can be turned into the moment it stands for."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.i18n import N_, _
from game.i18n.numbers import percent_text
from game.ui import draw, style

MISTAKE = (226, 92, 80)
LUCK_UP = (120, 200, 130)
LUCK_DOWN = (232, 170, 70)


@dataclass(frozen=True)
class Mark:
    rect: pygame.Rect
    step: int
    seat: int
    kind: str          # "mistake" or "luck"
    index: int         # in the key-moment list
    number: pygame.Rect | None = None      # where its number is drawn


def colour(seat: int) -> tuple:
    return style.PLAYER_COLOURS[seat % len(style.PLAYER_COLOURS)]


def plot_rect(rect: pygame.Rect, m) -> pygame.Rect:
    return pygame.Rect(rect.x + m.px(44), rect.y + m.px(12), rect.w - m.px(56), rect.h - m.px(40))


def to_xy(plot: pygame.Rect, length: int, step: int, p: float) -> tuple[int, int]:
    x = plot.x + round(plot.w * step / max(1, length))
    y = plot.bottom - round(plot.h * p)
    return x, y


# Shadow Hunters' teams (the factions the end revealed), each in a colour of its own
TEAMS = ("Hunter", "Shadow", "Neutral")
TEAM_WORDS = {"Hunter": N_("Hunters"), "Shadow": N_("Shadows"), "Neutral": N_("Neutrals")}
# one member of a team (the rules' faction names)
TEAM_MEMBER = {"Hunter": N_("Hunter"), "Shadow": N_("Shadow"), "Neutral": N_("Neutral")}
TEAM_COLOURS = {"Hunter": (90, 160, 235), "Shadow": (200, 80, 200), "Neutral": (210, 200, 120)}


def lines_of(analysis, shown: set, by_team: bool) -> list[tuple[tuple, list]]:
    """(colour, points) of each line to draw: a seat's, or (``by_team``) a team's."""
    if by_team:
        return [(TEAM_COLOURS[t], analysis.team_curve(t)) for t in TEAMS
                if t in analysis.teams and t in shown]
    return [(colour(seat), analysis.curve(seat)) for seat in range(analysis.players)
            if seat in shown]


def team_value(analysis, team: str, step: int) -> float:
    """A team's line at ``step``: its last point at or before it (its first point before)."""
    curve = analysis.team_curve(team)
    value = curve[0][1] if curve else 0.0
    for s, p in curve:
        if s > step:
            break
        value = p
    return value


def draw_graph(surface: pygame.Surface, rect: pygame.Rect, m, analysis, lines: list,
               moments: list, hover: int | None = None, marked: set | None = None
               ) -> list[Mark]:
    """Draw the graph in ``rect`` with ``lines`` (``lines_of``) and the marks of the seats
    in ``marked`` (all: None); returns the marks drawn (for clicks)."""
    draw.panel(surface, rect, m.px(style.RADIUS), alpha=235)
    plot = plot_rect(rect, m)
    small = m.px(12)
    for q in (0.0, 0.25, 0.5, 0.75, 1.0):
        y = plot.bottom - round(plot.h * q)
        pygame.draw.line(surface, style.PANEL_EDGE, (plot.x, y), (plot.right, y), 1)
        draw.blit_text(surface, percent_text(q), small, (plot.x - m.px(6), y), style.TEXT_DIM,
                       False, "midright")
    axis = [draw.blit_text(surface, _("win chance"), small, (plot.x, plot.bottom + m.px(6)),
                           style.TEXT_DIM),
            draw.blit_text(surface, _("game steps"), small, (plot.right, plot.bottom + m.px(6)),
                           style.TEXT_DIM, False, "topright")]
    length = analysis.length
    width = max(2, m.px(2.5))
    for c, curve in lines:
        pts = []
        for s, p in curve:
            # an estimate holds until the next one: level, then a step
            x, y = to_xy(plot, length, s, p)
            if pts:
                pts.append((x, pts[-1][1]))
            pts.append((x, y))
        if len(pts) >= 2:
            pygame.draw.lines(surface, c, False, pts, width)
    marks: list[Mark] = []
    taken: list[pygame.Rect] = list(axis)   # the axis words, the marks and numbers drawn so far
    r = max(5, m.px(7))
    for i, (step, kind, seat, p, _msg) in enumerate(moments):
        if marked is not None and seat not in marked:
            continue
        x, y = to_xy(plot, length, step, p)
        at = pygame.Rect(x - r, y - r, 2 * r, 2 * r)
        lit = hover == i
        if kind == "mistake":
            c = MISTAKE
            pygame.draw.polygon(surface, c, [(x, y + r), (x - r, y - r), (x + r, y - r)])
            pygame.draw.polygon(surface, style.TEXT if lit else style.BG_DEEP,
                                [(x, y + r), (x - r, y - r), (x + r, y - r)], 2 if lit else 1)
        else:
            c = LUCK_UP if kind == "luck+" else LUCK_DOWN
            pygame.draw.polygon(surface, c, [(x, y - r), (x + r, y), (x, y + r), (x - r, y)])
            pygame.draw.polygon(surface, style.TEXT if lit else style.BG_DEEP,
                                [(x, y - r), (x + r, y), (x, y + r), (x - r, y)], 2 if lit else 1)
        number = draw.text(str(i + 1), max(9, m.px(10)), style.TEXT, True)
        label = number_place(number.get_rect(), x, y, r, m.px(2), rect, taken, m.px(6))
        surface.blit(number, label)
        taken += [at, label.copy()]
        marks.append(Mark(at.inflate(m.px(6), m.px(6)), step, seat, kind, i, label.copy()))
    return marks


def number_place(label: pygame.Rect, x: int, y: int, r: int, gap: int, inside: pygame.Rect,
                 taken: list[pygame.Rect], spacing: int) -> pygame.Rect:
    """Where a mark's number goes: above the mark, else below, beside or at a corner of it,
    the first place inside the panel that meets nothing drawn before (``spacing`` apart
    side by side: "7" "9", not "79"); with none free, the first place inside the panel."""
    d = r + gap
    places = (("midbottom", (x, y - d)), ("midtop", (x, y + d)), ("midleft", (x + d, y)),
              ("midright", (x - d, y)), ("bottomright", (x - d, y - d)),
              ("bottomleft", (x + d, y - d)), ("topright", (x - d, y + d)),
              ("topleft", (x + d, y + d)))
    fallback = None
    for place, at in places:
        candidate = label.copy()
        setattr(candidate, place, at)
        if not inside.contains(candidate):
            continue
        if candidate.inflate(spacing, 0).collidelist(taken) < 0:
            return candidate
        fallback = fallback or candidate
    return fallback or label.clamp(inside)
