"""Drawing the Shadow Hunters table: Areas and pieces, damage track, dice tray, player
boards, the private panel, piles, the card being decided on, and the short animations.

``TablePainter`` is mixed into ``HuntersTable``; it reads only what the table exposes
(``view()``, ``lay``, ``effects``, ``viewer``, names), never the game state.
"""

from __future__ import annotations

import pygame

from game.i18n import N_, _, shown
from game.rules.hunters.data import AREAS, ROLL_AREA
from game.rules.hunters.views import seat_name as rules_seat_name
from game.rules.hunters.words import DIE_NAME
from game.ui import draw, palette, style
from game.ui.table_base import fit

from . import look
from .anim import ease_out, tumbling_value
from .cardview import Spot, card_image, hover_rect, hover_size
from .layer import StillLayer

DICE_FACTS = ("roll", "attack", "die", "dynamite")
TOP_OF = {"hermit": N_("Top of the Hermit discards"), "white": N_("Top of the White discards"),
          "black": N_("Top of the Black discards")}


def describe_fact(fact: tuple) -> str:
    """A dice fact's words when its log entry is not at hand (a game continued from a save)."""
    name = rules_seat_name
    if fact[0] in ("roll", "dynamite"):
        total = fact[2] + fact[3]
        area = ROLL_AREA.get(total)
        where = _("any other Area") if area is None else _(AREAS[area])
        if fact[0] == "dynamite":
            return _("Dynamite: {d6} + {d4} = {total} ({area})", d6=fact[2], d4=fact[3], total=total,
                     area=where)
        return _("{player} rolls {d6} + {d4} = {total} ({area})", player=name(fact[1]), d6=fact[2],
                 d4=fact[3], total=total, area=where)
    if fact[0] == "attack":
        d6, d4 = fact[4]
        diff = abs(d6 - d4) if d6 else d4
        roll = f"{d6} − {d4} = {diff}" if d6 else f"d4 = {diff}"
        if not diff:
            return _("{player} attacks: {roll} (a miss)", player=name(fact[1]), roll=roll)
        return _("{player} attacks: {roll}", player=name(fact[1]), roll=roll)
    return _("{player} rolls {die}: {value}", player=name(fact[1]), die=shown(DIE_NAME.get(fact[2], fact[2])),
             value=fact[3])


def track_markers(view, pending: dict[int, int] | None = None) -> dict[int, list[int]]:
    """Damage value -> seats whose HP piece stands there (the living only: the rulebook
    has the dead take their pieces off the board). ``pending``: damage still to be shown
    per seat (a hit whose dice are rolling), kept off the track until it lands."""
    pending = pending or {}
    out: dict[int, list[int]] = {}
    for p in view["players"]:
        if p["alive"]:
            shown = max(0, min(14, p["damage"] - pending.get(p["seat"], 0)))
            out.setdefault(shown, []).append(p["seat"])
    return out


def track_slots(seats: list[int], cell: pygame.Rect) -> list[tuple[int, pygame.Rect]]:
    """Where each HP piece of one damage cell goes: a grid of equal, non-overlapping
    tokens as large as the cell allows (8 pieces at 0 damage stay 8 distinct discs)."""
    if not seats:
        return []
    best = (0, 1, 1)
    for rows in (1, 2, 3):
        cols = -(-len(seats) // rows)
        size = min(cell.width // cols, cell.height // rows, 22)
        if size > best[0]:
            best = (size, rows, cols)
    size, rows, cols = best
    out = []
    for i, seat in enumerate(seats):
        rr, cc = divmod(i, cols)
        out.append((seat, pygame.Rect(cell.x + cc * size, cell.y + rr * size, size - 1, size - 1)))
    return out


def attack_path(boards: list[pygame.Rect], seat: int, target: int, gap: int) -> list[tuple[int, int]]:
    """The attack arrow's corners: out of the attacker's board into the lane between the
    rows of boards (or under the one row), along it, and into the target's board."""
    a, b = boards[seat], boards[target]
    if a.y == b.y:
        lane = a.bottom + max(1, gap // 2)
        return [(a.centerx, a.bottom), (a.centerx, lane), (b.centerx, lane), (b.centerx, b.bottom)]
    upper, lower = (a, b) if a.y < b.y else (b, a)
    lane = (upper.bottom + lower.y) // 2
    start = (a.centerx, a.bottom if a is upper else a.y)
    end = (b.centerx, b.bottom if b is upper else b.y)
    return [start, (a.centerx, lane), (b.centerx, lane), end]


def path_part(path: list[tuple[int, int]], share: float) -> list[tuple[int, int]]:
    """The first ``share`` (0-1) of a polyline, by length."""
    lengths = [abs(x1 - x0) + abs(y1 - y0) for (x0, y0), (x1, y1) in zip(path, path[1:])]
    left = sum(lengths) * max(0.0, min(1.0, share))
    out = [path[0]]
    for (x0, y0), (x1, y1), n in zip(path, path[1:], lengths):
        if left >= n:
            out.append((x1, y1))
            left -= n
            continue
        if n and left > 0:
            k = left / n
            out.append((round(x0 + (x1 - x0) * k), round(y0 + (y1 - y0) * k)))
        break
    return out


class TablePainter(StillLayer):
    def pending_damage(self) -> dict[int, int]:
        """Damage (minus heals) already in the view but whose animation has not begun."""
        out: dict[int, int] = {}
        for e in self.effects.of("hit", waiting_too=True) + self.effects.of("heal", waiting_too=True):
            if not e.started and "amount" in e.data:
                out[e.seat] = out.get(e.seat, 0) + e.data["amount"]
        return out

    def warm_pieces(self, m) -> None:
        """While the table is put up: what later frames first need and the first draw did
        not make (a reveal's banner, the first dice, a hit's number), all public: every
        text size the table uses measured once (a size's first text costs about a
        millisecond), the faction marks, the dice faces."""
        draw.warm_fonts(range(7, m.px(28) + 1))
        for faction in (*look.FACTION_KEY, None):
            look.faction_mark(faction, m.px(18))
        for sides in (6, 4):
            for value in range(1, sides + 1):
                draw.die_face(value, sides, m.px(40))

    def draw_board(self, surface: pygame.Surface) -> None:
        v = self.view()
        m = self.metrics
        self.blit_still(surface, v, m)      # the felt, Areas, track, boards, panel, piles (layer.py)
        self.draw_moving(surface, v, m)
        if self.tray_moving(v):
            self.draw_tray(surface, v, m)
        self.draw_attack_lines(surface)
        self.draw_floaters(surface, m)
        self.draw_banner(surface, m)
        self.draw_drawn_card(surface, m)
        self._positions = {p["seat"]: p["area"] for p in v["players"]}

    def draw_areas(self, surface, v, m) -> None:
        board = v["board"]
        if len(board) != 6:
            return
        for slot in (0, 2, 4):
            r = self.lay.areas[slot].union(self.lay.areas[slot + 1]).inflate(m.px(8), m.px(8))
            draw.rounded_rect(surface, r, style.mix(style.FELT, (0, 0, 0), 0.25), m.px(10), style.FELT_EDGE)
        d = m.px(24)
        moving = {e.seat: e for e in self.effects.of("move", waiting_too=True)}
        for slot, name in enumerate(board):
            rect = self.lay.areas[slot]
            lit = name in self.area_actions
            if lit:
                halo = draw.glow(rect.size, style.ACCENT, m.px(10), m.px(8))
                surface.blit(halo, (rect.x - m.px(10), rect.y - m.px(10)))
            surface.blit(look.area_card(name, rect.size, lit, look.area_is_slim(rect.h, d, rect.w)), rect)
            self.spots.append(Spot(rect, "area", name, "Area"))
            here = [p for p in v["players"] if p["area"] == name and p["seat"] not in moving]
            for p, spot in zip(here, look.area_piece_spots(rect, len(here), d, m.px(4))):
                surface.blit(draw.player_token(p["seat"], spot.w, self.seat_name(p["seat"])), spot)

    def draw_moving(self, surface, v, m) -> None:
        """The pieces on their way from one Area to another (over the still layer)."""
        if len(v["board"]) != 6:
            return
        d = m.px(24)
        for seat, e in {e.seat: e for e in self.effects.of("move", waiting_too=True)}.items():
            to = self._area_rect(e.data.get("to"))
            frm = self._area_rect(e.data.get("from")) or to
            if to is None:
                continue
            t = ease_out(e.progress)
            x = frm.x + (to.x - frm.x) * t + m.px(4)
            y = frm.bottom + (to.bottom - frm.bottom) * t - d - m.px(6) - m.px(30) * (1 - abs(2 * t - 1))
            surface.blit(draw.token(self.seat_name(seat)[:1].upper(), draw.seat_colour(seat), d,
                                    style.ACCENT_BRIGHT), (x, y))

    def _area_rect(self, name):
        board = self.view()["board"]
        if name in board:
            return self.lay.areas[board.index(name)]
        return None

    def draw_track(self, surface, v, m) -> None:
        r = self.lay.track
        draw.panel(surface, r, m.px(8))
        cw = r.width / 15
        top, head = r.y + m.px(3), min(max(m.px(17), draw.font(m.px(12), True).get_linesize() + m.px(3)), r.h - m.px(15))
        by_damage = track_markers(v, self.pending_damage())
        for n in range(15):
            x = int(r.x + n * cw)
            if n:
                pygame.draw.line(surface, style.PANEL_EDGE, (x, r.y + m.px(4)), (x, r.bottom - m.px(4)))
            draw.blit_text(surface, str(n), m.px(12), (x + m.px(4), top), style.TEXT_MUTED, True)
            mark = look.hp_mark(n) if n in look.HP_MARKS else ""
            if mark:
                fs, room = m.px(11), min(cw * 0.55, cw - m.px(9) - draw.font(m.px(12), True).size(str(n))[0])
                while draw.font(fs, True).size(mark)[0] > room and fs > max(5, round(8 / style.TEXT_SCALE)):
                    fs -= 1     # katakana initials are wider than Latin ones; large text beside the number
                img = draw.text(mark, fs, style.DANGER, True)
                spot = img.get_rect(topright=(int(x + cw) - m.px(3), top))
                surface.blit(img, spot)
                self.spots.append(Spot(spot.inflate(m.px(6), m.px(4)), "hp", str(n), _("Damage track")))
            cell = pygame.Rect(x + m.px(2), r.y + head, int(cw) - m.px(4), r.bottom - m.px(3) - r.y - head)
            for seat, rect in track_slots(by_damage.get(n, []), cell):
                surface.blit(draw.player_token(seat, rect.width, self.seat_name(seat)), rect)

    def tray_fact(self, v) -> tuple | None:
        """The dice roll of this turn the tray shows (never the previous player's)."""
        for f in reversed(v["history"]):
            if f[0] in DICE_FACTS:
                return f
            if f[0] == "turn":
                return None
        return None

    def dice_rolling(self) -> bool:
        """Dice still tumbling, or a drawn card still held up to be read: what they bring
        (the move, the Area's prompt, the next choices) waits."""
        return (any(e.progress < 0.6 for e in self.effects.of("dice", waiting_too=True))
                or any(e.progress < 0.82 for e in self.effects.of("card", waiting_too=True)))

    def draw_tray(self, surface, v, m) -> None:
        r = self.lay.tray
        draw.panel(surface, r, m.px(8))
        fact = self.tray_fact(v)
        size = m.px(40)
        x = r.x + m.px(10)
        cy = r.centery
        if fact is None:
            text = (_("Dice: {player} has not rolled yet this turn.", player=self.seat_name(v["active"]))
                    if v["active"] >= 0 else _("Dice: nobody has rolled yet."))
            draw.blit_text(surface, fit(text, m.px(15), r.right - x - m.px(8)), m.px(15), (x, cy), style.TEXT_DIM,
                           False, "midleft")
            return
        rolls = self.turn_rolls()
        if v["pending"].get("kind") == "move_choice" and len(rolls) >= 2 and fact in rolls \
                and self.compass_choice():
            self.draw_compass(surface, rolls[-2:], m, x, cy, size)
            return
        effect = next((e for e in self.effects.of("dice", waiting_too=True) if e.data.get("fact") == fact), None)
        progress = effect.progress if effect else 1.0
        faces = []
        kind = fact[0]
        if kind in ("roll", "dynamite"):
            faces = [(6, fact[2]), (4, fact[3])]
        elif kind == "attack":
            d6, d4 = fact[4]
            faces = [(6, d6), (4, d4)] if d6 else [(4, d4)]
        elif kind == "die":
            faces = [(6 if fact[2] in ("franklin", "blessing", "doll") else 4, fact[3])]
        for i, (sides, value) in enumerate(faces):
            calm = palette.reduced_motion()     # the result at once, not tumbling
            shown = value if calm else tumbling_value(sides, value, progress, i + len(v["history"]))
            img = draw.die_face(shown, sides, size)
            if progress < 0.6 and not calm:
                img = pygame.transform.rotate(img, (1 - progress) * 40 * (1 if i else -1))
            surface.blit(img, img.get_rect(center=(x + size // 2, cy)))
            x += size + m.px(8)
        text = self.dice_text(fact) if progress >= 0.6 else _("Rolling…")
        room = r.right - x - m.px(16)
        fs = m.px(16)
        lines = draw.wrap(text, fs, room)
        if len(lines) > 2:
            fs = m.px(14)
            lines = draw.wrap(text, fs, room)
        lines = lines[:2] if len(lines) <= 2 else [lines[0], fit(" ".join(lines[1:]), fs, room, True)]
        lh = int(fs * 1.25)
        y = cy - lh * len(lines) // 2
        for line in lines:
            draw.blit_text(surface, line, fs, (x + m.px(6), y), style.TEXT, True)
            y += lh

    def draw_compass(self, surface, rolls, m, x, cy, size) -> None:
        """Mystic Compass: both rolls side by side, the player picks either Area."""
        parts = []
        for fact in rolls:
            for sides, value in ((6, fact[2]), (4, fact[3])):
                img = draw.die_face(value, sides, size)
                surface.blit(img, img.get_rect(center=(x + size // 2, cy)))
                x += size + m.px(4)
            total = fact[2] + fact[3]
            area = ROLL_AREA.get(total)
            parts.append(_("{total} ({area})", total=total,
                           area=_("any other Area") if area is None else _(AREAS[area])))
            x += m.px(12)
        text = _("Mystic Compass: {first} or {second}", first=parts[0], second=parts[-1])
        draw.blit_text(surface, fit(text, m.px(16), self.lay.tray.right - x - m.px(10), True), m.px(16),
                       (x, cy), style.TEXT, True, "midleft")

    def dice_text(self, fact: tuple) -> str:
        """The whole sum, as the log says it: dice, difference, each modifier and its
        source, the result ("a miss" at 0), or where a move roll leads."""
        for _step, e in reversed(self.session.log_events(self.viewer)):
            if isinstance(e.data, dict) and e.data.get("fact") == fact:
                return self.named([e.text])[0]
        return self.named([describe_fact(fact)])[0]

    def draw_player(self, surface, v, m, seat, rect) -> None:
        p = v["players"][seat]
        active = v["active"] == seat
        decider = v["pending"].get("seat") == seat and not v["over"]
        lit = seat in self.seat_actions
        hits = self.effects.on_seat(seat)
        if lit:
            halo = draw.glow(rect.size, style.ACCENT, m.px(8), m.px(8))
            surface.blit(halo, (rect.x - m.px(8), rect.y - m.px(8)))
        draw.panel(surface, rect, m.px(8), alpha=245 if p["alive"] else 160)
        # gold is for "you may pick this one": the player whose turn it is gets a quiet edge
        edge = style.ACCENT_BRIGHT if lit else (style.TEXT_DIM if active else None)
        for e in hits:
            if e.kind in ("hit", "death"):
                edge = style.DANGER
            elif e.kind == "heal":
                edge = style.GOOD
            elif e.kind == "reveal":
                edge = style.ACCENT_BRIGHT
        if edge:
            pygame.draw.rect(surface, edge, rect, m.px(2), border_radius=m.px(8))
        pad = m.px(7)
        d = m.px(24)
        known = p["character"] if p["revealed"] else (
            v["me"]["character"] if seat == self.viewer and v.get("me") else None)
        if known:
            self.spots.append(Spot(rect, "character", known, _("{player}'s character", player=self.seat_name(seat))))
        surface.blit(draw.player_token(seat, d, self.seat_name(seat)), (rect.x + pad, rect.y + pad))
        tag = "dead" if not p["alive"] else ("turn" if active else ("deciding" if decider else ""))
        tag_img = None
        if tag:
            word = {"dead": _("dead"), "turn": _("turn"), "deciding": _("deciding")}[tag]
            tag_img = look.chip(word, m.px(11), style.DANGER if tag == "dead" else style.ACCENT)
            surface.blit(tag_img, tag_img.get_rect(topright=(rect.right - pad, rect.y + pad + m.px(3))))
        name_room = rect.width - d - 3 * pad - (tag_img.get_width() + pad if tag_img else 0)
        shown_name = fit(self.seat_name(seat), m.px(15), name_room, True)
        row = max(d, draw.font(m.px(15), True).get_linesize()) if m.text > 1 else d   # large text
        named = draw.blit_text(surface, shown_name, m.px(15), (rect.x + pad + d + m.px(6), rect.y + pad + row // 2),
                               style.TEXT, True, "midleft")
        y = rect.y + pad + row + m.px(4)
        sym = m.px(18)
        line_h = max(sym, draw.font(m.px(14)).get_linesize()) if m.text > 1 else sym
        # character line: revealed for all; own hidden character only for its owner
        flip = next((e for e in hits if e.kind == "reveal"), None)
        if p["revealed"] and not (flip and flip.progress < 0.5):
            surface.blit(look.faction_mark(p["faction"], sym), (rect.x + pad, y))
            # the wordings from longest to shortest: large text shows a shorter one whole
            line = (_("{character} · HP {hp}", character=_(p["character"]), hp=p["hp"]), _(p["character"]))
            colour = look.faction_colour(p["faction"])
        else:
            surface.blit(look.faction_mark(None, sym), (rect.x + pad, y))
            me = v.get("me")
            if me and seat == self.viewer:
                c = _(me["character"])
                line, colour = (_("You: {character} (hidden)", character=c), _("You: {character}", character=c), c), style.TEXT_MUTED
            elif seat in dict(v.get("shown_to_me", ())):
                shown = dict(v["shown_to_me"])[seat]
                line, colour = (_("Showed you: {character}", character=_(shown)),
                                look.faction_colour(look.CHARACTER[shown]["faction"]))
            else:
                note = self.notebook.summary(self.viewer, seat) if self.viewer is not None else ""
                line, colour = (_("Note: {note}", note=note) if note else _("Hidden")), style.TEXT_DIM
        room = rect.width - sym - 3 * pad - self.__dict__.get("line_reserve", {}).get(seat, 0)  # the review's tag
        line = draw.fit_first(line if isinstance(line, tuple) else (line,), m.px(14), room, p["revealed"])
        drawn = draw.blit_text(surface, line, m.px(14),
                               (rect.x + pad + sym + m.px(5), y + line_h // 2), colour, p["revealed"], "midleft")
        y += line_h + m.px(4)
        # damage, states and equipment
        hp = p["hp"]
        if hp is None and seat == self.viewer and v.get("me"):
            hp = v["me"]["hp"]                  # your own HP, known only to you
        damage = max(0, p["damage"] - self.pending_damage().get(seat, 0))
        dmg_text = draw.fit_first((_("Damage {damage}/{hp}", damage=damage, hp=hp), _("Dmg {damage}/{hp}", damage=damage, hp=hp))
                                  if hp else (_("Damage {damage}", damage=damage),), m.px(13), rect.width - 2 * pad, True)
        img = draw.text(dmg_text, m.px(13), style.DANGER if damage else style.TEXT_MUTED, True)
        surface.blit(img, (rect.x + pad, y))
        # where the words went, for what the review adds to a board (games.HuntersHooks)
        self.__dict__.setdefault("board_words", {})[seat] = (named, drawn, img.get_rect(topleft=(rect.x + pad, y)),
                                                             rect.right - pad - (tag_img.get_width() + pad if tag_img else 0))
        x = rect.x + pad + img.get_width() + m.px(6)
        chips = []
        if p["protected"]:
            chips.append((_("Shield"), style.GOOD, "Shield"))
        if p["voided"]:
            chips.append((_("Void"), style.DANGER, "Void"))
        chips += [(_(look.EQUIPMENT_SHORT.get(e, e)), look.equipment_colour(e), e) for e in p["equipment"]]
        for i, (text, colour, full) in enumerate(chips):
            c = look.chip(text, m.px(11), colour)
            # room for a "+N" after it, unless it is the last (then only the board's edge)
            if x + c.get_width() > rect.right - pad - (m.px(22) if i < len(chips) - 1 else 0):
                more = look.chip(f"+{len(chips) - i}", m.px(11), style.PANEL_EDGE)
                surface.blit(more, (x, y))
                break
            surface.blit(c, (x, y))
            if full in look.EQUIPMENT_SHORT:
                self.spots.append(Spot(c.get_rect(topleft=(x, y)), "card", full,
                                       _("{player}'s Equipment", player=self.seat_name(seat))))
            x += c.get_width() + m.px(3)
        if not p["alive"]:
            surface.blit(draw.shade(rect.size, (0, 0, 0, 90)), rect)

    def draw_floaters(self, surface, m) -> None:
        """Hit and heal numbers, deaths and notes, over everything else on the board. Notes
        and DIES sit on the board's top edge, so its name, damage and Equipment stay
        readable; numbers float on a dark pill (at least 4.5:1 contrast)."""
        self.drawn_floats = []      # (seat, rect) of each number drawn (the layout tests read it)
        for seat, rect in enumerate(self.lay.boards):
            notes = 0
            for e in self.effects.on_seat(seat):
                if e.kind in ("hit", "heal"):
                    t = e.progress
                    col = look.FLOAT_HIT if e.kind == "hit" else look.FLOAT_HEAL
                    img = draw.text(e.data["text"], m.px(26), col, True)
                    pill = pygame.Surface((img.get_width() + m.px(14), img.get_height() + m.px(2)), pygame.SRCALPHA)
                    draw.rounded_rect(pill, pill.get_rect(), (*style.BG_DEEP, look.FLOAT_BACKING_ALPHA),
                                      pill.get_height() // 2)
                    pill.blit(img, img.get_rect(center=pill.get_rect().center))
                    pill.set_alpha(int(255 * (1 - t * t)))
                    spot = self.float_rect(rect, pill.get_size(), t, m)
                    surface.blit(pill, spot)
                    self.drawn_floats.append((seat, spot))
                elif e.kind == "death":
                    c = look.chip(_("DIES"), m.px(15), style.DANGER)
                    surface.blit(c, c.get_rect(center=(rect.centerx, rect.y)))
                elif e.kind == "note":
                    img = look.chip(fit(_(e.data["text"]), m.px(13), rect.width - m.px(30), True), m.px(13),
                                    style.ACCENT).copy()
                    img.set_alpha(int(255 * min(1.0, (1 - e.progress) * 4)))
                    surface.blit(img, img.get_rect(center=(rect.centerx, rect.y + notes * img.get_height())))
                    notes += 1

    @staticmethod
    def name_row(rect: pygame.Rect, m) -> pygame.Rect:
        """The band of a player board that holds its token, name and state tag."""
        pad = m.px(7)
        return pygame.Rect(rect.x, rect.y, rect.width, pad + m.px(24))

    def float_rect(self, rect: pygame.Rect, size: tuple, t: float, m) -> pygame.Rect:
        """Where a hit or heal number floats at ``t`` (0-1): at the board's right end, from
        its bottom rising towards the character line, never onto the name row."""
        out = pygame.Rect((0, 0), size)
        out.right = rect.right - m.px(7)
        low = rect.bottom - m.px(4) - out.height
        high = self.name_row(rect, m).bottom + m.px(2)
        out.y = max(high, low - int(m.px(16) * t))
        return out

    def draw_over(self, surface: pygame.Surface) -> None:
        super().draw_over(surface)
        self.draw_hover_card(surface)

    def spot_at(self, pos) -> Spot | None:
        """The card under ``pos``: an Equipment badge before the board it sits on."""
        for spot in reversed(getattr(self, "spots", [])):
            if spot.rect.collidepoint(pos):
                return spot
        return None

    def hovered_spot(self) -> Spot | None:
        focus = getattr(self, "card_focus", None)
        if focus is not None:
            spots = getattr(self, "spots", [])
            return spots[focus % len(spots)] if spots else None
        pos = pygame.mouse.get_pos()
        if pos == getattr(self, "hover_after", None):
            return None          # back from a hand-off: the mouse has not moved yet
        return self.spot_at(pos)

    def draw_hover_card(self, surface) -> None:
        """The card under the mouse (or the keyboard focus), in full and wholly on screen:
        an Equipment badge, a discard pile's top card, a known character, an Area."""
        m = self.metrics
        spot = self.hovered_spot()
        if spot is None:
            return
        if getattr(self, "card_focus", None) is not None:
            pygame.draw.rect(surface, style.ACCENT_BRIGHT, spot.rect.inflate(m.px(6), m.px(6)), m.px(2),
                             border_radius=m.px(6))
        if spot.kind == "hp":
            self.draw_hp_legend(surface, spot, m)
            return
        size = hover_size(spot, m)
        r = hover_rect(spot.rect, size, surface.get_rect(), m.px(6))
        shadow = pygame.Surface(r.inflate(m.px(8), m.px(8)).size, pygame.SRCALPHA)
        shadow.fill((0, 0, 0, 120))
        surface.blit(shadow, (r.x - m.px(2), r.y + m.px(2)))
        surface.blit(card_image(spot, r.size), r)

    def draw_hp_legend(self, surface, spot, m) -> None:
        """What the red initials on the damage track mean: who dies at that damage."""
        hp = int(spot.name)
        names = [n for n in self.character_pool() if look.CHARACTER[n]["hp"] == hp]
        lines = [_("Damage {hp}: a character with {hp} HP dies here", hp=hp),
                 _(", ").join(_(n) for n in names) or _("(no character of this game's pool)")]
        fs = m.px(14)
        w = max(draw.font(fs, True).size(t)[0] for t in lines) + m.px(20)
        r = hover_rect(spot.rect, (w, m.px(52)), surface.get_rect(), m.px(6))
        draw.rounded_rect(surface, r, (*style.BG_DEEP, 245), m.px(8), style.DANGER, 1)
        draw.blit_text(surface, lines[0], fs, (r.x + m.px(10), r.y + m.px(7)), style.TEXT, True)
        draw.blit_text(surface, lines[1], fs, (r.x + m.px(10), r.y + m.px(27)), style.DANGER, True)

    def drawn_card_rect(self, m) -> pygame.Rect:
        """Where a drawn card is held up: big, over the middle of the Areas."""
        area = self.lay.board_area
        band = pygame.Rect(area.x, area.y, area.width, self.lay.tray.bottom - area.y)   # Areas to dice
        h = max(m.px(200), min(m.px(300), band.height - m.px(52)))
        w = int(h * 0.72)
        r = pygame.Rect(0, 0, w, h)
        r.centerx = band.centerx
        r.bottom = band.bottom
        r.clamp_ip(pygame.Rect(0, self.lay.boards[0].y, self.metrics.width, self.metrics.height))
        return r

    def draw_drawn_card(self, surface, m) -> None:
        """A White or Black card just drawn: face up and readable, then it flies to its
        owner's board (Equipment) or to its discard pile."""
        e = next((x for x in self.effects.running() if x.kind == "card"), None)
        if e is None:
            return
        big = self.drawn_card_rect(m)
        t = e.progress
        fly = 0.0 if t < 0.82 else (t - 0.82) / 0.18
        if fly > 0 and palette.reduced_motion():
            return          # reduced motion: it is simply there, on the board or the pile
        if e.data.get("to") == "owner":
            dest = self.lay.boards[e.seat]
        else:
            r = self.lay.decks
            col = r.width // 3
            dest = pygame.Rect(r.x + (1 if e.data["deck"] == "white" else 2) * col + col // 2, r.y, col // 2, r.height)
        k = ease_out(fly)
        scale = 1 - 0.8 * k
        rect = pygame.Rect(0, 0, max(8, int(big.width * scale)), max(8, int(big.height * scale)))
        rect.center = (int(big.centerx + (dest.centerx - big.centerx) * k),
                       int(big.centery + (dest.centery - big.centery) * k))
        if fly == 0:
            who = self.seat_name(e.seat)
            title = {"hermit": _("{player} draws a Hermit card", player=who),
                     "white": _("{player} draws a White card", player=who),
                     "black": _("{player} draws a Black card", player=who)}[e.data["deck"]]
            tw = draw.font(m.px(16), True).size(title)[0]
            box = pygame.Rect(0, 0, max(big.width + m.px(16), tw + m.px(24)), big.height + m.px(52))
            box.midbottom = (big.centerx, big.bottom + m.px(8))
            box.clamp_ip(surface.get_rect())
            shade = pygame.Surface(box.size, pygame.SRCALPHA)
            draw.rounded_rect(shade, shade.get_rect(), (*style.BG_DEEP, 225), m.px(12), style.ACCENT, 1)
            surface.blit(shade, box)
            draw.blit_text(surface, fit(title, m.px(16), box.width - m.px(12), True), m.px(16),
                           (box.centerx, box.y + m.px(8)), style.ACCENT_BRIGHT, True, "midtop")
            surface.blit(look.read_card(e.data["card"], e.data["deck"], big.size), big)
        else:
            img = look.read_card(e.data["card"], e.data["deck"], big.size)
            surface.blit(pygame.transform.smoothscale(img, rect.size), rect)

    def draw_attack_lines(self, surface) -> None:
        """An arrow from the attacker's board to each target's, through the gaps between
        the boards (never across a third player's board), growing as the dice roll."""
        m = self.metrics
        width = max(2, m.px(4))
        for e in self.effects.of("attack"):
            for t in e.data["targets"]:
                path = attack_path(self.lay.boards, e.seat, t, m.gap)
                points = path_part(path, ease_out(min(1.0, e.progress * 2)))
                if len(points) >= 2:
                    pygame.draw.lines(surface, style.DANGER, False, points, width)
                    for p in points[1:-1]:
                        pygame.draw.circle(surface, style.DANGER, p, width // 2)   # round corners
                    pygame.draw.circle(surface, style.DANGER, points[-1], m.px(6))

    def draw_private(self, surface, v, m) -> None:
        r = self.lay.private
        draw.panel(surface, r, m.px(style.RADIUS))
        me = v.get("me")
        x = r.x + m.px(12)
        if self.viewer is None or not me:
            draw.blit_text(surface, _("Public view"), m.px(16), (x, r.y + m.px(10)), style.TEXT_MUTED, True)
            lines = [_("Nobody's cards are on screen."),
                     _("To see your own character and notebook, press below (the others look away).")]
            if getattr(self, "phones", None) is not None and not any(
                    self.session.at_this_screen(h) for h in self.session.humans):
                lines = [_("Nobody's cards are on screen."),
                         _("Every player's character, cards and notebook are on their phone.")]
            if self.session.is_over():
                lines = [_("The game is over: every character is revealed.")]
            y = r.y + int(m.px(40) * m.text)
            for ln in lines:
                for part in draw.wrap(ln, m.px(14), r.width - m.px(24)):
                    draw.blit_text(surface, part, m.px(14), (x, y), style.TEXT_DIM)
                    y += int(m.px(19) * m.text)     # the lines grow with the text size
            return
        name = self.seat_name(self.viewer)
        title = draw.fit_first((_("{player}: your character", player=name), name), m.px(15), r.width - m.px(24), True)
        draw.blit_text(surface, title, m.px(15), (x, r.y + m.px(8)), style.TEXT_MUTED, True)
        head = max(m.px(32), draw.font(m.px(15), True).get_linesize() + m.px(8))
        # over the buttons (table.build_private): in large text they are taller
        below = max(m.px(52), max(m.px(32), draw.font(m.px(16)).get_linesize() + m.px(6)) + m.px(14))
        ch = r.height - head - m.px(2) - below
        cw = int(ch * 0.72)
        card = look.character_card(me["character"], (cw, ch), detailed=False)
        cy = r.y + head
        surface.blit(card, (x, cy))
        tx = x + cw + m.px(10)
        tw = r.right - m.px(10) - tx
        fs = m.px(13)
        y = cy
        win = _(me["win"])
        if me.get("agnes_target") is not None:
            win = _("{player} wins", player=self.seat_name(me["agnes_target"]))
        seen = [_("{player} is {character}", player=self.seat_name(s), character=_(c))
                for s, c in v.get("shown_to_me", ())]
        blocks = [(_("Wins: "), win, style.ACCENT), ("", _(me["ability"]), style.TEXT)]
        if me["character"] in look.ABILITY_WHEN:
            when = _(look.ABILITY_WHEN[me["character"]])
            if me.get("ability_used"):
                when = _("{when} Used.", when=when)
            blocks.append((_("When: "), when, style.ACCENT))
        if seen:
            blocks.append((_("Seen: "), _("; ").join(seen), style.TEXT_MUTED))
        bottom = r.bottom - below + m.px(4)
        while True:
            # the whole text, always: a smaller size rather than a cut sentence
            wrapped = [draw.wrap(head + text, fs, tw, bool(head)) for head, text, _colour in blocks]
            need = sum(len(w) * int(fs * 1.28 * m.text) + m.px(4) for w in wrapped)
            if y + need <= bottom + m.px(4):
                break
            if fs <= m.px(10):
                if m.text > 1 and len(blocks) > 1:
                    # large text: the ability's words give way, then the last (Card shows all)
                    blocks, fs = (blocks[:1] + blocks[2:] if len(blocks) > 2 else blocks[:-1]), m.px(13)
                    continue
                break
            fs -= 1
        with draw.clipped(surface, (tx, cy, tw, bottom + m.px(4) - cy)):
            for (head, _text, colour), lines in zip(blocks, wrapped):
                for i, line in enumerate(lines):
                    draw.blit_text(surface, line, fs, (tx, y), colour if i == 0 and head else style.TEXT,
                                   i == 0 and bool(head))
                    y += int(fs * 1.28 * m.text)    # the lines grow with the text size
                y += m.px(4)

    def draw_decks(self, surface, v, m) -> None:
        r = self.lay.decks
        draw.panel(surface, r, m.px(style.RADIUS))
        col_w = r.width // 3
        cap = max(m.px(20), draw.font(m.px(12)).get_linesize() + m.px(2))   # the caption's line
        ch = r.height - m.px(10) - cap
        cw = int(ch * 0.7)
        for i, deck in enumerate(("hermit", "white", "black")):
            x = r.x + i * col_w + m.px(8)
            y = r.y + m.px(6)
            n = v["decks"][deck]
            back = look.deck_back(deck, (cw, ch))
            if n:
                surface.blit(back, (x, y))
            else:
                pygame.draw.rect(surface, style.PANEL_EDGE, (x, y, cw, ch), 1, border_radius=m.px(4))
            dx = x + cw + m.px(4)
            disc = v["discards"][deck]
            if deck == "hermit":
                count = shown = disc
                if count:
                    surface.blit(look.deck_back(deck, (cw, ch)), (dx, y))  # Hermit discards lie face down
            else:
                count = len(disc)
                flying = any(e.data.get("deck") == deck and e.data.get("to") == "discard"
                             for e in self.effects.of("card", waiting_too=True))
                pile = disc[:-1] if flying else disc   # a drawn card lands when its flight ends
                shown = len(pile)
                if pile:
                    surface.blit(look.mini_card(pile[-1], deck, (cw, ch)), (dx, y))
                    self.spots.append(Spot(pygame.Rect(dx, y, cw, ch), "card", pile[-1],
                                           _(TOP_OF[deck])))
            if not shown:
                pygame.draw.rect(surface, style.PANEL_EDGE, (dx, y, cw, ch), 1, border_radius=m.px(4))
            label = (_("{left} left, {used} used", left=n, used=count), _("{n} left", n=n))
            draw.blit_text(surface, draw.fit_first(label, m.px(12), col_w - m.px(8)), m.px(12),
                           (x, r.bottom - cap), style.TEXT_MUTED)

    def draw_focus(self, surface, m) -> None:
        focus = getattr(self, "focus", None)
        if not focus:
            return
        title, card, deck = focus
        w, h = self._focus_size(m)
        r = self.lay.choices
        img = look.read_card(card, deck, (w, h - m.px(18)))
        # no wider than the card: the choices' prompt starts just right of it
        draw.blit_text(surface, draw.ellipsize(title, m.px(13), w, True), m.px(13), (r.x, r.y),
                       style.ACCENT, True)
        surface.blit(img, (r.x, r.y + m.px(18)))
