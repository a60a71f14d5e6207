"""Drawing the Shadow Hunters table: Areas and pieces, damage track, dice tray, player
boards, the private panel, piles, the card being decided on, and the short animations.

``TablePainter`` is mixed into ``HuntersTable``; it reads only what the table exposes
(``view()``, ``lay``, ``effects``, ``viewer``, names), never the game state.
"""

from __future__ import annotations

import pygame

from game.rules.hunters.data import AREAS, ROLL_AREA
from game.ui import draw, style
from game.ui.table_base import fit

from . import look
from .anim import ease_out, tumbling_value


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


class TablePainter:
    def pending_damage(self) -> dict[int, int]:
        """Damage (minus heals) already in the view but whose animation has not begun."""
        out: dict[int, int] = {}
        for e in self.effects.of("hit", waiting_too=True) + self.effects.of("heal", waiting_too=True):
            if not e.started and "amount" in e.data:
                out[e.seat] = out.get(e.seat, 0) + e.data["amount"]
        return out

    def draw_board(self, surface: pygame.Surface) -> None:
        v = self.view()
        m = self.metrics
        self.draw_areas(surface, v, m)
        self.draw_track(surface, v, m)
        self.draw_tray(surface, v, m)
        for seat, rect in enumerate(self.lay.boards):
            self.draw_player(surface, v, m, seat, rect)
        self.draw_private(surface, v, m)
        self.draw_decks(surface, v, m)
        self.draw_focus(surface, m)
        self.draw_attack_lines(surface)
        self.draw_floaters(surface, m)
        self.draw_banner(surface, m)
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
            surface.blit(look.area_card(name, rect.size, lit), rect)
            here = [p for p in v["players"] if p["area"] == name and p["seat"] not in moving]
            if here:
                step = min(d + m.px(3), (rect.width - m.px(8) - d) // max(1, len(here) - 1)) \
                    if len(here) > 1 else 0
                x = rect.x + m.px(4)
                y = rect.bottom - d - m.px(6)
                for p in here:
                    surface.blit(draw.player_token(p["seat"], d, self.seat_name(p["seat"])), (x, y))
                    x += step
        for seat, e in moving.items():
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
        d = m.px(19)
        top = r.y + m.px(3)
        by_damage = track_markers(v, self.pending_damage())
        for n in range(15):
            x = int(r.x + n * cw)
            if n:
                pygame.draw.line(surface, style.PANEL_EDGE, (x, r.y + m.px(4)), (x, r.bottom - m.px(4)))
            draw.blit_text(surface, str(n), m.px(12), (x + m.px(4), top), style.TEXT_MUTED, True)
            mark = look.HP_MARKS.get(n)
            if mark:
                draw.blit_text(surface, mark, m.px(11), (int(x + cw) - m.px(3), top), style.DANGER, True,
                               "topright")
            seats = by_damage.get(n, [])
            # up to two rows of markers per cell, overlapping sideways when crowded
            cols = len(seats) if len(seats) <= 2 else (len(seats) + 1) // 2
            step_x = min(d * 0.8, (cw - m.px(4) - d) / max(1, cols - 1)) if cols > 1 else 0
            for i, seat in enumerate(seats):
                rr, cc = divmod(i, cols)
                px_ = x + m.px(2) + int(cc * step_x)
                py = r.y + m.px(17) + rr * int(d * 0.55)
                surface.blit(draw.player_token(seat, d, self.seat_name(seat)), (px_, py))

    def draw_tray(self, surface, v, m) -> None:
        r = self.lay.tray
        draw.panel(surface, r, m.px(8))
        fact = None
        for f in reversed(v["history"]):
            if f[0] in ("roll", "attack", "die", "dynamite"):
                fact = f
                break
        size = m.px(40)
        x = r.x + m.px(10)
        cy = r.centery
        if fact is None:
            draw.blit_text(surface, "Dice: nobody has rolled yet.", m.px(15), (x, cy), style.TEXT_DIM, False,
                           "midleft")
            return
        rolls = self.turn_rolls()
        if v["pending"].get("kind") == "move_choice" and len(rolls) >= 2 and fact in rolls:
            self.draw_compass(surface, rolls[-2:], m, x, cy, size)
            return
        effect = next((e for e in self.effects.of("dice") if e.data.get("fact") == fact), None)
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
            shown = tumbling_value(sides, value, progress, i + len(v["history"]))
            img = draw.die_face(shown, sides, size)
            if progress < 0.6:
                img = pygame.transform.rotate(img, (1 - progress) * 40 * (1 if i else -1))
            surface.blit(img, img.get_rect(center=(x + size // 2, cy)))
            x += size + m.px(8)
        text = self.dice_text(fact) if progress >= 0.6 else "Rolling…"
        draw.blit_text(surface, fit(text, m.px(16), r.right - x - m.px(10), True), m.px(16),
                       (x + m.px(6), cy), style.TEXT, True, "midleft")

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
            parts.append(f"{total} ({'any other Area' if area is None else AREAS[area]})")
            x += m.px(12)
        text = "Mystic Compass: " + " or ".join(parts)
        draw.blit_text(surface, fit(text, m.px(16), self.lay.tray.right - x - m.px(10), True), m.px(16),
                       (x, cy), style.TEXT, True, "midleft")

    def dice_text(self, fact: tuple) -> str:
        name = self.seat_name
        kind = fact[0]
        if kind == "roll":
            total = fact[2] + fact[3]
            area = ROLL_AREA.get(total)
            where = "any other Area" if area is None else AREAS[area]
            return f"{name(fact[1])} moves: {fact[2]} + {fact[3]} = {total} ({where})"
        if kind == "dynamite":
            total = fact[2] + fact[3]
            area = ROLL_AREA.get(total)
            where = "nothing happens" if area is None else f"3 damage to all on {AREAS[area]}"
            return f"Dynamite: {fact[2]} + {fact[3]} = {total}: {where}"
        if kind == "attack":
            d6, d4 = fact[4]
            targets = ", ".join(name(t) for t in fact[2])
            verb = "counterattacks" if fact[3] else "attacks"
            if not d6:
                return f"{name(fact[1])} {verb} {targets}: d4 = {d4}"
            diff = abs(d6 - d4)
            roll = "miss (equal dice)" if diff == 0 else f"difference {diff}"
            return f"{name(fact[1])} {verb} {targets}: {d6} − {d4} = {roll}"
        what = {"franklin": "Franklin's d6", "george": "George's d4", "blessing": "Blessing d6",
                "doll": "Spiritual Doll d6"}.get(fact[2], fact[2])
        return f"{name(fact[1])}: {what} = {fact[3]}"

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
        edge = style.ACCENT_BRIGHT if lit else (style.ACCENT if active else None)
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
        surface.blit(draw.player_token(seat, d, self.seat_name(seat)), (rect.x + pad, rect.y + pad))
        tag = "dead" if not p["alive"] else ("turn" if active else ("deciding" if decider else ""))
        tag_img = None
        if tag:
            tag_img = look.chip(tag, m.px(11), style.DANGER if tag == "dead" else style.ACCENT)
            surface.blit(tag_img, tag_img.get_rect(topright=(rect.right - pad, rect.y + pad + m.px(3))))
        name_room = rect.width - d - 3 * pad - (tag_img.get_width() + pad if tag_img else 0)
        draw.blit_text(surface, fit(self.seat_name(seat), m.px(15), name_room, True), m.px(15),
                       (rect.x + pad + d + m.px(6), rect.y + pad + d // 2), style.TEXT, True, "midleft")
        y = rect.y + pad + d + m.px(4)
        sym = m.px(18)
        # character line: revealed for all; own hidden character only for its owner
        flip = next((e for e in hits if e.kind == "reveal"), None)
        if p["revealed"] and not (flip and flip.progress < 0.5):
            surface.blit(look.faction_mark(p["faction"], sym), (rect.x + pad, y))
            line = f"{p['character']} · HP {p['hp']}"
            colour = look.faction_colour(p["faction"])
        else:
            surface.blit(look.faction_mark(None, sym), (rect.x + pad, y))
            me = v.get("me")
            if me and seat == self.viewer:
                line, colour = f"You: {me['character']} (hidden)", style.TEXT_MUTED
            else:
                note = self.notebook.summary(self.viewer, seat) if self.viewer is not None else ""
                line, colour = (f"Note: {note}" if note else "Hidden"), style.TEXT_DIM
        draw.blit_text(surface, fit(line, m.px(14), rect.width - sym - 3 * pad, p["revealed"]), m.px(14),
                       (rect.x + pad + sym + m.px(5), y + sym // 2), colour, p["revealed"], "midleft")
        y += sym + m.px(4)
        # damage, states and equipment
        hp = p["hp"]
        if hp is None and seat == self.viewer and v.get("me"):
            hp = v["me"]["hp"]                  # your own HP, known only to you
        damage = max(0, p["damage"] - self.pending_damage().get(seat, 0))
        dmg_text = f"Damage {damage}" + (f"/{hp}" if hp else "")
        img = draw.text(dmg_text, m.px(13), style.DANGER if damage else style.TEXT_MUTED, True)
        surface.blit(img, (rect.x + pad, y))
        x = rect.x + pad + img.get_width() + m.px(6)
        chips = []
        if p["protected"]:
            chips.append(("Shield", style.GOOD, "Shield"))
        if p["voided"]:
            chips.append(("Void", style.DANGER, "Void"))
        chips += [(look.EQUIPMENT_SHORT.get(e, e), look.equipment_colour(e), e) for e in p["equipment"]]
        for i, (text, colour, _) in enumerate(chips):
            c = look.chip(text, m.px(11), colour)
            if x + c.get_width() > rect.right - pad - m.px(22) and i < len(chips) - 1:
                more = look.chip(f"+{len(chips) - i}", m.px(11), style.PANEL_EDGE)
                surface.blit(more, (x, y))
                break
            surface.blit(c, (x, y))
            x += c.get_width() + m.px(3)
        if not p["alive"]:
            veil = pygame.Surface(rect.size, pygame.SRCALPHA)
            veil.fill((0, 0, 0, 90))
            surface.blit(veil, rect)

    def draw_floaters(self, surface, m) -> None:
        """Hit and heal numbers, deaths and notes, over everything else on the board."""
        for seat, rect in enumerate(self.lay.boards):
            for e in self.effects.on_seat(seat):
                if e.kind in ("hit", "heal"):
                    t = e.progress
                    col = style.DANGER if e.kind == "hit" else style.GOOD
                    img = draw.text(e.data["text"], m.px(28), col, True).copy()  # cached: copy first
                    img.set_alpha(int(255 * (1 - t * t)))
                    surface.blit(img, img.get_rect(center=(rect.centerx, rect.centery - int(m.px(30) * t))))
                elif e.kind == "death":
                    draw.blit_text(surface, "DIES", m.px(26), rect.center, style.DANGER, True, "center")
                elif e.kind == "note":
                    img = look.chip(fit(e.data["text"], m.px(14), rect.width - m.px(30), True), m.px(14),
                                    style.ACCENT).copy()
                    img.set_alpha(int(255 * min(1.0, (1 - e.progress) * 4)))
                    surface.blit(img, img.get_rect(midbottom=(rect.centerx, rect.bottom - m.px(4))))

    def draw_over(self, surface: pygame.Surface) -> None:
        super().draw_over(surface)
        self.draw_hover_card(surface)

    def draw_hover_card(self, surface) -> None:
        """The mouse over a player board shows that character's full card, if it is known
        to the person at the screen (revealed, or their own)."""
        m = self.metrics
        pos = pygame.mouse.get_pos()
        v = self.view()
        for seat, rect in enumerate(self.lay.boards):
            if not rect.collidepoint(pos):
                continue
            p = v["players"][seat]
            name = p["character"] if p["revealed"] else None
            if name is None and seat == self.viewer and v.get("me"):
                name = v["me"]["character"]
            if not name:
                return
            size = (m.px(190), m.px(266))
            card = look.character_card(name, size)
            r = card.get_rect(topleft=(rect.x, rect.bottom + m.px(6)))
            r.clamp_ip(surface.get_rect())
            if r.colliderect(rect):
                r.bottom = rect.y - m.px(6)
                r.clamp_ip(surface.get_rect())
            shadow = pygame.Surface(r.inflate(m.px(8), m.px(8)).size, pygame.SRCALPHA)
            shadow.fill((0, 0, 0, 120))
            surface.blit(shadow, (r.x - m.px(2), r.y + m.px(2)))
            surface.blit(card, r)
            return

    def draw_banner(self, surface, m) -> None:
        """A reveal or a death gets the middle of the board for a moment: card and words."""
        e = next((x for x in self.effects.running() if x.kind in ("reveal", "death")), None)
        if e is None or "character" not in e.data:
            return
        name = e.data["character"]
        info = look.CHARACTER.get(name)
        if info is None:
            return
        area = self.lay.board_area
        h = min(area.height - m.px(8), m.px(150))
        w = min(area.width - m.px(40), m.px(460))
        rect = pygame.Rect(0, 0, w, h)
        rect.center = area.center
        fade = min(1.0, e.progress * 5, (1 - e.progress) * 5)
        panel = pygame.Surface(rect.size, pygame.SRCALPHA)
        draw.rounded_rect(panel, panel.get_rect(), (*style.BG_DEEP, 235), m.px(12),
                          style.DANGER if e.kind == "death" else style.ACCENT_BRIGHT, m.px(2))
        ch = h - m.px(16)
        card = look.character_card(name, (int(ch * 0.72), ch), detailed=False)
        panel.blit(card, (m.px(10), m.px(8)))
        tx = m.px(20) + card.get_width()
        who = self.seat_name(e.seat)
        title = f"{who} dies" if e.kind == "death" else f"{who} reveals!"
        draw.blit_text(panel, fit(title, m.px(24), w - tx - m.px(10), True), m.px(24),
                       (tx, m.px(16)), style.DANGER if e.kind == "death" else style.ACCENT_BRIGHT, True)
        draw.blit_text(panel, f"{name}: {info['faction']}, HP {info['hp']}", m.px(18),
                       (tx, m.px(56)), look.faction_colour(info["faction"]), True)
        for i, line in enumerate(draw.wrap("Wins: " + info["win"], m.px(14), w - tx - m.px(10))[:3]):
            draw.blit_text(panel, line, m.px(14), (tx, m.px(86) + i * m.px(19)), style.TEXT_MUTED)
        panel.set_alpha(int(255 * fade))
        surface.blit(panel, rect)

    def draw_attack_lines(self, surface) -> None:
        """An arrow from the attacker's board towards each target's, stopping at its edge."""
        m = self.metrics
        for e in self.effects.of("attack"):
            a = pygame.Vector2(self.lay.boards[e.seat].center)
            for t in e.data["targets"]:
                target = self.lay.boards[t]
                b = pygame.Vector2(target.center)
                gap = b - a
                if gap.length() < 1:
                    continue
                # stop where the line meets the target board, so its own numbers stay clear
                reach = min(target.width / 2 / max(abs(gap.x), 1e-6), target.height / 2 / max(abs(gap.y), 1e-6))
                stop = a + gap * max(0.0, 1 - reach)
                end = a + (stop - a) * ease_out(min(1.0, e.progress * 2))
                pygame.draw.line(surface, style.DANGER, a, end, m.px(4))
                pygame.draw.circle(surface, style.DANGER, end, m.px(7))

    def draw_private(self, surface, v, m) -> None:
        r = self.lay.private
        draw.panel(surface, r, m.px(style.RADIUS))
        me = v.get("me")
        x = r.x + m.px(12)
        if self.viewer is None or not me:
            draw.blit_text(surface, "Public view", m.px(16), (x, r.y + m.px(10)), style.TEXT_MUTED, True)
            lines = ["Nobody's cards are on screen.",
                     "To see your own character and notebook, press below (the others look away)."]
            if getattr(self, "phones", None) is not None and not any(
                    self.session.at_this_screen(h) for h in self.session.humans):
                lines = ["Nobody's cards are on screen.",
                         "Every player's character, cards and notebook are on their phone."]
            if self.session.is_over():
                lines = ["The game is over: every character is revealed."]
            y = r.y + m.px(40)
            for ln in lines:
                for part in draw.wrap(ln, m.px(14), r.width - m.px(24)):
                    draw.blit_text(surface, part, m.px(14), (x, y), style.TEXT_DIM)
                    y += m.px(19)
            return
        name = self.seat_name(self.viewer)
        draw.blit_text(surface, fit(f"{name}: your character", m.px(15), r.width - m.px(24), True), m.px(15),
                       (x, r.y + m.px(8)), style.TEXT_MUTED, True)
        ch = r.height - m.px(34) - m.px(52)
        cw = int(ch * 0.72)
        card = look.character_card(me["character"], (cw, ch), detailed=False)
        cy = r.y + m.px(32)
        surface.blit(card, (x, cy))
        tx = x + cw + m.px(10)
        tw = r.right - m.px(10) - tx
        fs = m.px(13)
        y = cy
        win = me["win"]
        if me.get("agnes_target") is not None:
            win = f"{self.seat_name(me['agnes_target'])} wins"
        seen = [f"{self.seat_name(s)} is {c}" for s, c in v.get("shown_to_me", ())]
        blocks = [("Wins: ", win, style.ACCENT), ("", me["ability"], style.TEXT)]
        if seen:
            blocks.append(("Seen: ", "; ".join(seen), style.TEXT_MUTED))
        bottom = r.bottom - m.px(48)
        for head, text, colour in blocks:
            for i, line in enumerate(draw.wrap(head + text, fs, tw)):
                if y + fs > bottom:
                    break
                draw.blit_text(surface, line, fs, (tx, y), colour if i == 0 and head else style.TEXT,
                               i == 0 and bool(head))
                y += int(fs * 1.28)
            y += m.px(4)

    def draw_decks(self, surface, v, m) -> None:
        r = self.lay.decks
        draw.panel(surface, r, m.px(style.RADIUS))
        col_w = r.width // 3
        ch = r.height - m.px(30)
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
                count = disc
                if count:
                    surface.blit(look.deck_back(deck, (cw, ch)), (dx, y))  # Hermit discards lie face down
            else:
                count = len(disc)
                if count:
                    surface.blit(look.mini_card(disc[-1], deck, (cw, ch)), (dx, y))
            if not count:
                pygame.draw.rect(surface, style.PANEL_EDGE, (dx, y, cw, ch), 1, border_radius=m.px(4))
            label = f"{n} left, {count} used"
            draw.blit_text(surface, fit(label, m.px(12), col_w - m.px(8)), m.px(12),
                           (x, r.bottom - m.px(20)), style.TEXT_MUTED)

    def draw_focus(self, surface, m) -> None:
        focus = getattr(self, "focus", None)
        if not focus:
            return
        title, card, deck = focus
        w, h = self._focus_size(m)
        r = self.lay.choices
        img = look.read_card(card, deck, (w, h - m.px(18)))
        draw.blit_text(surface, title, m.px(13), (r.x, r.y), style.ACCENT, True)
        surface.blit(img, (r.x, r.y + m.px(18)))
