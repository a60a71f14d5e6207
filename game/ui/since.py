""""Since your last turn": every public change since a person last acted.

Built from the session's log entries, so it works for every game: the entries after the
person's own last move that everyone may see (``Event.visible_to(None)``), grouped by who
made the move that caused them. A chance step (dice, a deal, a shuffle) belongs to the
move before it, as the people at the table saw it happen. Nothing private is in it, not
even the person's own secrets: the hand-off screen shows it before anyone has sat down.

It is shown on the hand-off screen and, in pass-and-play, at the top of that person's
table (``SinceBanner``) until they close it or act.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.i18n import _, current, n_
from game.rules.protocol import CHANCE
from game.ui import draw, style
from game.ui.widgets import Block, heading, paragraph

BANNER_LINES = 6        # lines in the table's banner before "… and N more"


@dataclass(frozen=True)
class Group:
    """What one player's moves (with the dice and cards they brought) changed."""
    seat: int           # who acted (CHANCE when nobody had acted yet)
    lines: tuple[str, ...]


def last_move(session, seat: int) -> int:
    """The log index of ``seat``'s last move (-1: not yet)."""
    for i in range(len(session.match.log) - 1, -1, -1):
        if session.match.log[i][0] == seat:
            return i
    return -1


def public_changes(session, seat: int) -> list[tuple[int, str]]:
    """(step, text) of every public log line since ``seat`` last acted, in order."""
    return [(step, e.text) for step, e in public_events(session, seat)]


def public_events(session, seat: int) -> list:
    """(step, event) of every public log line since ``seat`` last acted, in order."""
    since = last_move(session, seat)
    return [(step, e) for step, e in session.entries
            if step > since and e.text and e.visible_to(None)]


# events that begin a player's turn ("Turn 5: Cy"): they open that player's group, not
# the group of whoever ended the turn before
TURN_KINDS = frozenset({"turn"})


def title(session, seat: int, you: bool = False) -> str:
    """"Since Ann's last turn" (or "your"); before her first move, "So far"."""
    if last_move(session, seat) < 0:
        return _("So far in this game")
    if you:
        return _("Since your last turn")
    return _("Since {name}'s last turn", name=session.seats[seat].name)


def groups(session, seat: int, named=lambda lines: lines) -> list[Group]:
    """The public changes since ``seat`` last acted, grouped by who acted; ``named`` turns
    the rules' "Player 3" into the seats' names (``TableScene.named``)."""
    log = session.match.log
    out: list[tuple[int, list[str]]] = []
    for step, e in public_events(session, seat):
        text = e.text
        actor = next_mover(session, step) if e.kind in TURN_KINDS else mover(log, step)
        if out and out[-1][0] == actor:
            out[-1][1].append(text)
        else:
            out.append((actor, [text]))
    return [Group(actor, tuple(named(lines))) for actor, lines in out]


def mover(log, step: int) -> int:
    """Who made the move at ``step``: a chance step (dice, a card off the deck) belongs to
    the last player who moved before it, whose move rolled or drew it."""
    for i in range(min(step, len(log) - 1), -1, -1):
        if log[i][0] != CHANCE:
            return log[i][0]
    return CHANCE


def next_mover(session, step: int) -> int:
    """Who moves first after ``step`` (a turn that has begun: its player), or who is to
    decide now when nobody has moved since."""
    log = session.match.log
    for i in range(step + 1, len(log)):
        if log[i][0] != CHANCE:
            return log[i][0]
    d = session.decider() if not session.is_over() else CHANCE
    return d if d is not None and d >= 0 else mover(log, step)


def who(session, actor: int) -> str:
    if actor == CHANCE:
        return _("The table")
    cfg = session.seats[actor]
    return cfg.name if cfg.is_human else _("{name} (computer)", name=cfg.name)


def blocks(session, found: list[Group]) -> list[Block]:
    """The summary as panel blocks: a heading per player, their changes under it."""
    out: list[Block] = []
    for g in found:
        out.append(heading(who(session, g.seat)))
        out.extend(paragraph(line) for line in g.lines)
    return out or [paragraph(_("Nothing has changed that everyone can see."), style.TEXT_DIM)]


def lines(session, found: list[Group]) -> list[tuple[str, str]]:
    """(who, what) per change, for the banner."""
    out = []
    for g in found:
        name = session.seats[g.seat].name if g.seat != CHANCE else None
        for line in g.lines:
            if name and line.startswith(name + " ") and len(line) > len(name) + 1:
                line = line[len(name) + 1:]     # "Cy | rolls 2 + 4", not "Cy | Cy rolls …"
            out.append((who(session, g.seat), line))
    return out


class SinceBanner:
    """The summary at the top of a person's table, closed by a click on it (or by acting:
    it then has nothing left to say). The table calls ``draw`` and ``click``."""

    def __init__(self, table) -> None:
        self.table = table
        self.rect: pygame.Rect | None = None
        self._closed: tuple | None = None      # (seat, last move) it was closed for
        self._key: tuple | None = None
        self._rows: list[tuple[str, str]] = []
        self._image: pygame.Surface | None = None

    def subject(self) -> tuple | None:
        """(seat, last move) the banner speaks to now, or None when it has nothing to show."""
        t = self.table
        s = t.session
        seat = t.viewer
        if getattr(t, "is_review", False):     # a review's session has no people to pass to
            return None
        if not s.several() or seat is None or s.is_over() or t.acting_seat() != seat:
            return None
        if getattr(s, "step", None) is not None:      # a tutorial's coach talks instead
            return None
        key = (seat, last_move(s, seat))
        return None if key == self._closed else key

    def rows(self, key: tuple) -> list[tuple[str, str]]:
        full = (key, len(self.table.session.entries), current())   # words of the language in force
        if full != self._key:
            self._key = full
            s = self.table.session
            found = groups(s, key[0], self.table.named)
            # only what her own last move brought (her dice, her card): she saw it happen,
            # it is not news "since her last turn", and the banner has closed by her acting
            news = any(g.seat != key[0] for g in found)
            self._rows = lines(s, found) if news else []
            self._image = None
        return self._rows

    def close(self) -> None:
        self._closed = self.subject()
        self.rect = None

    def click(self, pos) -> bool:
        """A click on the banner closes it (and does nothing else)."""
        if self.rect is not None and self.subject() is not None and self.rect.collidepoint(pos):
            self.close()
            return True
        return False

    def area(self, m: style.Metrics) -> pygame.Rect:
        """Over the table's log panel: the banner retells the log's newest public lines, so
        it hides nothing that is not also said there (at the top of the table it covered
        the top players' plates, the trick and the Areas). Its height follows its lines, up
        to the panel's. A table without a log panel: under the top bar, on the left."""
        t = self.table
        panel = getattr(t, "log_panel", None)
        if panel is not None:
            return pygame.Rect(panel.rect)
        top = t.top_bar_h(m) + m.gap
        width = min(m.px(760), m.width - 2 * m.pad)
        return pygame.Rect(m.pad, top, width, m.height - top - m.pad)

    def draw(self, surface: pygame.Surface) -> None:
        key = self.subject()
        rows = self.rows(key) if key is not None else []
        if not rows:
            self.rect = None
            return
        m = self.table.metrics
        area = self.area(m)
        if self._image is None or self._image_for != (area.size, current()):
            self._image = self._render(m, area.size, key[0], rows)
            self._image_for = (area.size, current())
        self.rect = self._image.get_rect(topleft=area.topleft)
        surface.blit(self._image, self.rect)

    _image_for: tuple | None = None

    def _render(self, m: style.Metrics, size: tuple, seat: int, rows) -> pygame.Surface:
        """Who moved as a heading, what they changed under it (wrapped: the log panel is
        narrow), the newest at the bottom; the earliest make way when they do not fit."""
        width, most = size
        fs, title_fs = m.px(style.FONT_SMALL), m.px(style.FONT_SMALL + 1)
        line_h = draw.font(fs).get_linesize()
        pad, indent = m.px(10), m.px(12)
        text_w = width - 2 * pad - indent
        shown = rows[-BANNER_LINES:] if len(rows) > BANNER_LINES else rows
        # (colour, bold, x, text) per line, in the order drawn
        laid: list[list[tuple]] = []      # one list per row, its name first when it starts a run
        before = None
        for w, text in shown:
            part = []
            if w != before:
                part.append((style.TEXT_MUTED, True, pad, draw.ellipsize(w, fs, width - 2 * pad, True)))
            before = w
            part.extend((style.TEXT, False, pad + indent, ln) for ln in draw.wrap(text, fs, text_w))
            laid.append(part)
        head = pad + draw.font(title_fs, True).get_linesize() + m.px(4)
        foot = line_h + pad          # "click to close"
        room = max(1, (most - head - foot) // line_h)
        more = len(rows) - len(shown)
        while laid and sum(len(p) for p in laid) + (1 if more else 0) > room and len(laid) > 1:
            laid.pop(0)              # the earliest rows give way; the newest stay
            more += 1
            if laid and laid[0][0][1] is False:    # the run's name went with it: say it again
                w = shown[len(shown) - len(laid)][0]
                laid[0].insert(0, (style.TEXT_MUTED, True, pad, draw.ellipsize(w, fs, width - 2 * pad, True)))
        lines = [ln for p in laid for ln in p][-room:]
        height = min(most, head + (len(lines) + (1 if more else 0)) * line_h + foot)
        img = pygame.Surface((width, height), pygame.SRCALPHA)
        img.blit(draw.shade((width, height), (*style.BG_DEEP, 255), m.px(style.RADIUS)), (0, 0))
        pygame.draw.rect(img, style.ACCENT, img.get_rect(), max(1, m.px(2)), m.px(style.RADIUS))
        name = self.table.seat_name(seat)
        close = draw.text("×", title_fs, style.TEXT_MUTED, True)
        img.blit(close, close.get_rect(topright=(width - pad, pad)))
        draw.blit_text(img, draw.ellipsize(_("{since}, {name}", since=title(self.table.session, seat, True),
                                             name=name), title_fs,
                                           width - 2 * pad - close.get_width() - m.gap, True),
                       title_fs, (pad, pad), style.ACCENT_BRIGHT, True)
        y = head
        if more:
            draw.blit_text(img, n_("… {n} earlier in the log", "… {n} earlier in the log", more),
                           fs, (pad, y), style.TEXT_DIM)
            y += line_h
        for colour, bold, x, text in lines:
            draw.blit_text(img, text, fs, (x, y), colour, bold)
            y += line_h
        draw.blit_text(img, draw.ellipsize(_("Click to close"), fs, width - 2 * pad), fs,
                       (width - pad, height - pad), style.TEXT_DIM, False, "bottomright")
        return img
