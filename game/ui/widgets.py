"""Drawn widgets that pygame-gui does not do well or fast: scrolling text and tables.

``ScrollPanel`` renders a list of blocks (headings, paragraphs, tables, plain lines) into
one tall surface, re-rendered only when its content or width changes, and scrolls it with
the mouse wheel (over the panel), PageUp/PageDown, Home/End or by dragging its bar.
``LogPanel`` is a ScrollPanel that follows new lines unless the reader scrolled up; table
scenes feed it ``session.log_lines(viewer)``, so it shows only what that viewer may know.

Both are plain objects a scene owns: call ``handle_event`` from the scene's
``handle_event`` and ``draw`` from its ``draw``.
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass
from typing import Sequence

import pygame

from game.i18n import _
from game.ui import draw, style


@dataclass(frozen=True)
class Block:
    kind: str                  # "h" heading, "p" paragraph, "line", "table", "gap"
    text: str = ""
    headers: tuple = ()
    rows: tuple = ()
    colour: tuple = style.TEXT


def heading(text: str) -> Block:
    return Block("h", text)


def paragraph(text: str, colour: tuple = style.TEXT) -> Block:
    return Block("p", text, colour=colour)


def table(headers: Sequence[str], rows: Sequence[Sequence]) -> Block:
    return Block("table", headers=tuple(headers), rows=tuple(tuple(r) for r in rows))


class Stack:
    """A panel's rendered content: its pieces where they go, never composed into one tall
    picture (a long log would be megabytes to clear and fill at every new line)."""

    def __init__(self, width: int, height: int, pieces: list) -> None:
        self.width, self.height = width, height
        self.pieces = pieces          # (x, y, surface), top to bottom
        self._ys = [y for _, y, _ in pieces]

    def get_height(self) -> int:
        return self.height

    def get_width(self) -> int:
        return self.width

    def blit_onto(self, target: pygame.Surface, pos: tuple, area: pygame.Rect) -> None:
        """Like ``target.blit(content, pos, area)``: the part ``area`` of it, at ``pos``."""
        if area.height <= 0:
            return
        with draw.clipped(target, (pos, area.size)):
            first = max(0, bisect.bisect_right(self._ys, area.y) - 1)
            for x, y, surf in self.pieces[first:]:
                if y >= area.bottom:
                    break
                target.blit(surf, (pos[0] + x - area.x, pos[1] + y - area.y))


class ScrollPanel:
    def __init__(self, rect: pygame.Rect, metrics: style.Metrics, title: str = "",
                 font_size: int = style.FONT_BODY - 1) -> None:
        self.rect = pygame.Rect(rect)
        self.m = metrics
        self.title = title
        self.font_size = metrics.px(font_size)
        self.blocks: list[Block] = []
        self.offset = 0
        self._content: Stack | None = None
        self._dragging = False
        self.blocks_made = 0    # blocks laid out and rendered so far (tests count the work)

    # --- content ----------------------------------------------------------------------------
    def set_blocks(self, blocks: Sequence[Block]) -> None:
        blocks = list(blocks)
        if blocks != self.blocks:
            self.blocks = blocks
            self._content = None

    @property
    def inner(self) -> pygame.Rect:
        pad = self.m.px(12)
        # under the title as large text draws it (issue 44: it ran into the first line)
        top = max(self.m.px(34), self.m.px(8) + draw.font(self.m.px(16), True).get_linesize()) \
            if self.title else pad
        return pygame.Rect(self.rect.x + pad, self.rect.y + top,
                           self.rect.width - 2 * pad - self.m.px(8), self.rect.height - top - pad)

    def content(self) -> Stack:
        if self._content is None:
            self._content = self._render(self.inner.width)
            self.offset = min(self.offset, self.max_offset)
        return self._content

    @property
    def max_offset(self) -> int:
        h = self._content.get_height() if self._content is not None else 0
        return max(0, h - self.inner.height)

    def _render(self, width: int) -> Stack:
        fs = self.font_size
        pieces: list[tuple[int, pygame.Surface]] = []   # (x, surface) stacked vertically
        y_gaps: list[int] = []
        starts: set[int] = set()                         # pieces that begin a block
        cache = getattr(self, "_block_cache", {})
        kept: dict = {}
        for b in self.blocks:
            key = (b, width, fs)
            made = kept[key] = kept.get(key) or cache.get(key) or self._block(b, width, fs)
            before, parts = made
            if before and pieces:
                y_gaps[-1] += before
            starts.add(len(pieces))
            for x, surf, gap in parts:
                pieces.append((x, surf))
                y_gaps.append(gap)
        # A new log line renders that line only: the others are kept from the last time.
        self._block_cache = kept
        total = sum(s.get_height() for _, s in pieces) + sum(y_gaps)
        placed = []
        y = 0
        self._tops = []
        for i, ((x, s), gap) in enumerate(zip(pieces, y_gaps)):
            if i in starts:
                self._tops.append(y)
            placed.append((x, y, s))
            y += s.get_height() + gap
        return Stack(max(1, width), max(1, total), placed)

    def _block(self, b: Block, width: int, fs: int) -> tuple[int, list]:
        """One block's pieces: (space above it, [(x, surface, space below), ...])."""
        self.blocks_made += 1
        t = style.TEXT_SCALE            # the spaces grow with the text size (issue 44)
        line_h = int(fs * 1.4 * t)
        parts: list = []
        before = 0
        if b.kind == "h":
            before = int(fs * 0.8 * t)
            parts.append((0, draw.text(b.text, int(fs * 1.3), style.ACCENT_BRIGHT, True), int(fs * 0.9 * t)))
        elif b.kind in ("p", "line"):
            lines = draw.wrap(b.text, fs, width) if b.kind == "p" else [b.text]
            for ln in lines:
                parts.append((0, draw.text(ln, fs, b.colour), line_h - draw.font(fs).get_height()))
            if b.kind == "p":
                x, last, gap = parts[-1]
                parts[-1] = (x, last, gap + int(fs * 0.35 * t))
        elif b.kind == "table":
            parts.append((0, self._table(b, width, fs), int(fs * 0.9 * t)))
        elif b.kind == "gap":
            parts.append((0, pygame.Surface((1, fs), pygame.SRCALPHA), 0))
        return before, parts

    def _table(self, b: Block, width: int, fs: int) -> pygame.Surface:
        cols = len(b.headers)
        row_h = int(fs * 1.7 * style.TEXT_SCALE)
        f_head = draw.font(fs, True)
        widths = [f_head.size(str(h))[0] for h in b.headers]
        for row in b.rows:
            for i, cell in enumerate(row[:cols]):
                widths[i] = max(widths[i], draw.font(fs).size(str(cell))[0])
        spare = max(0, width - sum(widths)) // max(1, cols)
        widths = [w + spare for w in widths]
        surf = pygame.Surface((width, row_h * (len(b.rows) + 1)), pygame.SRCALPHA)
        pygame.draw.rect(surf, (*style.PANEL_EDGE, 255), (0, 0, width, row_h), border_radius=4)
        for r, row in enumerate([b.headers, *b.rows]):
            y = r * row_h
            if r > 0 and r % 2 == 0:
                pygame.draw.rect(surf, (255, 255, 255, 10), (0, y, width, row_h))
            x = self.m.px(8)
            for i, cell in enumerate(tuple(row)[:cols]):
                img = draw.text(str(cell), fs, style.TEXT if r else style.ACCENT_BRIGHT, r == 0)
                surf.blit(img, (x, y + (row_h - img.get_height()) // 2))
                x += widths[i]
        return surf

    # --- scrolling ----------------------------------------------------------------------------
    def scroll(self, dy: int) -> None:
        self.content()
        self.offset = max(0, min(self.max_offset, self.offset + dy))

    def scroll_to_end(self) -> None:
        self.content()
        self.offset = self.max_offset

    def at_end(self) -> bool:
        self.content()
        return self.offset >= self.max_offset - 2

    def handle_event(self, event: pygame.event.Event) -> bool:
        step = self.font_size * 3
        if event.type == pygame.MOUSEWHEEL and self.rect.collidepoint(pygame.mouse.get_pos()):
            self.scroll(-event.y * step)
            return True
        if event.type == pygame.KEYDOWN:
            page = self.inner.height - self.font_size * 2
            moves = {pygame.K_PAGEUP: -page, pygame.K_PAGEDOWN: page,
                     pygame.K_HOME: -10**9, pygame.K_END: 10**9}
            if event.key in moves:
                self.scroll(moves[event.key])
                return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self._bar_rect().collidepoint(event.pos):
            self._dragging = True
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._dragging:
            self._dragging = False
            return True
        if event.type == pygame.MOUSEMOTION and self._dragging:
            total = self.content().get_height()
            self.scroll(int(event.rel[1] * total / max(1, self.inner.height)))
            return True
        return False

    def _bar_rect(self) -> pygame.Rect:
        inner = self.inner
        return pygame.Rect(self.rect.right - self.m.px(14), inner.y, self.m.px(10), inner.height)

    # --- drawing ---------------------------------------------------------------------------------
    def first_visible(self) -> int:
        """Where in the content the drawing starts. Scrolled to its end (the newest at the
        bottom, as a hand-off's "since your last turn" opens), a line cut by the top edge
        is left out rather than shown in part: a heading sliced in half read as a smudge.
        Anywhere else the reader scrolls, lines slide under the edge as in any scrolling
        text. A taller piece (a table) is shown cut: leaving it out could empty the panel."""
        content = self.content()
        if content.get_height() <= self.inner.height or self.offset < self.max_offset:
            return self.offset
        ys = content._ys
        i = bisect.bisect_left(ys, self.offset)
        # a heading with the space around it is about 3 text sizes high
        if i < len(ys) and ys[i] - self.offset <= self.font_size * 3.5 * style.TEXT_SCALE:
            return ys[i]
        return self.offset

    def picture_key(self) -> tuple:
        """Everything the panel's drawing reads: equal keys, the same picture (a screen that
        keeps its picture while nothing changes asks it)."""
        content = self._content
        return (id(content), content.height if content is not None else None, len(self.blocks),
                self.offset, self._dragging, self.title, tuple(self.rect))

    def draw(self, surface: pygame.Surface) -> None:
        draw.panel(surface, self.rect, self.m.px(style.RADIUS))
        if self.title:
            draw.blit_text(surface, self.title, self.m.px(16), (self.rect.x + self.m.px(12), self.rect.y + self.m.px(8)),
                           style.TEXT_MUTED, True)
        content = self.content()
        inner = self.inner
        top = max(self.offset, self.first_visible())
        content.blit_onto(surface, (inner.x, inner.y + top - self.offset),
                          pygame.Rect(0, top, inner.width, inner.height - (top - self.offset)))
        total = content.get_height()
        if total > inner.height:
            track = self._bar_rect()
            pygame.draw.rect(surface, style.BG_DEEP, track, border_radius=4)
            h = max(self.m.px(24), track.height * inner.height // total)
            y = track.y + (track.height - h) * self.offset // max(1, self.max_offset)
            pygame.draw.rect(surface, style.ACCENT if self._dragging else style.PANEL_EDGE,
                             (track.x, y, track.width, h), border_radius=4)


class LogPanel(ScrollPanel):
    """The game log: newest at the bottom, followed unless the reader scrolled back.

    A new line costs the same in a long game as in a short one: the lines before it keep
    their pieces and places, only the new ones and the one before (no longer the newest,
    it dims) are laid out and put under them."""

    def __init__(self, rect: pygame.Rect, metrics: style.Metrics, title: str | None = None) -> None:
        super().__init__(rect, metrics, _("Game log") if title is None else title,
                         font_size=style.FONT_SMALL)
        self.lines: list[str] = []
        self._last_first = 0    # the index in the content's pieces where the newest line starts
        self._tops: list[int] = []
        self._kept: list[tuple] = []   # other logs laid out before (_put_by)
        self.lines_placed = 0   # lines put in place so far, rendered or kept (tests count it)

    @staticmethod
    def _line_block(line: str, newest: bool) -> Block:
        return Block("p", line, colour=style.TEXT if newest else style.TEXT_MUTED)

    def set_lines(self, lines: Sequence[str]) -> None:
        lines = list(lines)
        if lines == self.lines:
            return
        follow = self._content is None or self.at_end()
        keep = self._nearest(lines)      # the laid-out lines that begin as these do, if any
        if min(keep, len(lines) - 1) >= 1:
            # a line or two came, some went (held back while dice roll), or another person
            # sits down (her log, laid out when she last sat here): the lines the two share
            # keep their pieces and places, the rest are laid out under them
            cut = min(keep, len(lines) - 1)
            if cut < len(self.lines):
                # what goes may be another reader's part of the log (pass-and-play: hers
                # parts from the public lines at her first secret): kept whole, so that her
                # next turn lays out only what came since, not every line after the parting
                self._put_by(copy=True)
            self._cut(cut)
            self.lines = lines
            self._append(lines[cut:])
        else:
            self._put_by()
            self.lines = lines
            self.set_blocks([self._line_block(ln, i == len(lines) - 1) for i, ln in enumerate(lines)]
                            or [Block("p", _("Nothing has happened yet."), colour=style.TEXT_DIM)])
        if follow:
            self.scroll_to_end()

    KEPT_LOGS = 3    # other logs kept laid out: each person's own, and the public one

    def _state(self) -> tuple:
        return (self.lines, self.blocks, self._content, self._tops, self._last_first,
                getattr(self, "_block_cache", {}))

    def picture_key(self) -> tuple:
        # the newest line is drawn brighter than the rest: which one it is, too
        return super().picture_key() + (len(self.lines), self.lines[-1:])

    def _put_by(self, copy: bool = False) -> None:
        """Keep what is laid out now: a log shown again later starts from it. ``copy``: the
        current one goes on (cut and extended), the kept one is a copy of it as it is now."""
        if self._content is None or not self.lines:
            return
        lines = self.lines
        # a kept log that this one holds whole serves nothing this one does not
        kept = [k for k in getattr(self, "_kept", []) if not _starts(lines, k[0])]
        if any(_starts(k[0], lines) for k in kept):
            self._kept = kept       # and one that holds this one whole serves it
            return
        state = self._state()
        if copy:
            lines, blocks, content, tops, last_first, cache = state
            same = Stack(content.width, content.height, list(content.pieces))
            state = (list(lines), list(blocks), same, list(tops), last_first, dict(cache))
        kept.insert(0, state)
        self._kept = kept[:self.KEPT_LOGS]

    def _nearest(self, lines: list[str]) -> int:
        """Makes the laid-out log (this one or a kept one) that shares the most first lines
        with ``lines`` the current one; how many it shares (0: none is worth keeping)."""
        width = self.inner.width
        best, at = 0, None
        for i, (had, _b, content, *_rest) in enumerate([self._state(), *getattr(self, "_kept", [])]):
            if content is None or not had or content.width != max(1, width):
                continue
            n = len(had)
            if lines[:n] == had:
                shared = n
            else:
                shared = next(k for k in range(min(n, len(lines)) + 1)
                              if k == min(n, len(lines)) or lines[k] != had[k])
            if shared > best:
                best, at = shared, i
        if at is None or best < 2 and len(lines) > 2:
            return 0
        if at > 0:
            state = self._kept.pop(at - 1)
            if not _starts(state[0], self.lines):   # (else the one taken holds it whole)
                self._put_by()
            (self.lines, self.blocks, self._content, self._tops, self._last_first,
             self._block_cache) = state
        return best

    def _cut(self, n: int) -> None:
        """The first ``n`` lines only (n >= 1), the last of them ready to be laid out again."""
        content = self._content
        if n < len(self._tops):
            at = bisect.bisect_left(content._ys, self._tops[n])
            del content.pieces[at:]
            del content._ys[at:]
            del self._tops[n:]
            del self.blocks[n:]
            self._last_first = bisect.bisect_left(content._ys, self._tops[-1])
        self.lines = self.lines[:n]

    def _render(self, width: int) -> Stack:
        content = super()._render(width)
        self.lines_placed += len(self.blocks)
        self._last_first = len(content.pieces) - self._pieces_of_last(content)
        return content

    def _pieces_of_last(self, content: Stack) -> int:
        top = self._tops[-1] if self._tops else 0
        return sum(1 for _, y, _ in content.pieces[-64:] if y >= top) or 1

    def _append(self, new: list[str]) -> None:
        """Put ``new`` under the lines shown: the newest line so far is laid out again (it
        dims), the others keep their pieces and places."""
        content = self._content
        width, fs = content.width, self.font_size
        cache = getattr(self, "_block_cache", {})
        y = self._tops.pop()
        cache.pop((self.blocks[-1], width, fs), None)
        del content.pieces[self._last_first:]
        del content._ys[self._last_first:]
        self.blocks[-1] = self._line_block(self.lines[-len(new) - 1], False)
        fresh = [self._line_block(ln, i == len(new) - 1) for i, ln in enumerate(new)]
        self.blocks.extend(fresh)
        others = [k[5] for k in getattr(self, "_kept", [])]
        self.lines_placed += len(new) + 1
        for b in [self.blocks[-len(new) - 1], *fresh]:
            key = (b, width, fs)
            made = cache.get(key) or next((o[key] for o in others if key in o), None) \
                or self._block(b, width, fs)
            cache[key] = made
            before, parts = made
            if before and content.pieces:
                y += before
            self._tops.append(y)
            self._last_first = len(content.pieces)
            for x, surf, gap in parts:
                content.pieces.append((x, y, surf))
                content._ys.append(y)
                y += surf.get_height() + gap
        self._block_cache = cache
        content.height = max(1, y)
        self.offset = min(self.offset, self.max_offset)

    def first_visible(self) -> int:
        """An entry cut by the top edge is left out rather than shown in part (the newest
        line stays at the bottom)."""
        content = self.content()
        if content.get_height() <= self.inner.height:
            return self.offset
        tops = getattr(self, "_tops", [])
        i = bisect.bisect_left(tops, self.offset)
        return tops[i] if i < len(tops) else self.offset


def _starts(longer: list, shorter: list) -> bool:
    """``longer`` begins with every line of ``shorter``."""
    return len(shorter) <= len(longer) and longer[:len(shorter)] == shorter
