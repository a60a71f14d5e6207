"""What the table says in words: the top bar's turn line and the prompt over the choices
("Your turn: roll the dice to move…", "Waiting for Red: …", why a counterattack is missing).

``TablePrompts`` is mixed into ``HuntersTable``; like the painter it reads only the view.
"""

from __future__ import annotations

import pygame

from game.i18n import N_, _, n_
from game.ui import draw, style
from game.ui.scenes.results import seat_label
from game.ui.table_base import fit

from . import look


class TablePrompts:
    def turn_text(self) -> str:
        v = self.view()
        base = self.whose_decision()
        step = getattr(self.session, "step", None)
        if step is not None and step.kind == "say":
            base = _("Read the coach's note.")   # the longer line is cut beside "Turn 9: Alice" at 1024
        if v["active"] < 0:
            return base
        if v["extra_turns"]:
            line = n_("Turn {turn}: {player} (+{n} extra)", "Turn {turn}: {player} (+{n} extra)",
                      v["extra_turns"], turn=v["turn"], player=self.seat_name(v["active"]))
        else:
            line = _("Turn {turn}: {player}", turn=v["turn"], player=self.seat_name(v["active"]))
        return _("{turn} · {status}", turn=line, status=base) if base else line

    def whose_decision(self) -> str:
        """Who decides now, in the language in force (the shared table's words, which this
        table shows after the turn)."""
        s = self.session
        if s.is_over():
            return _("The game is over.")
        seat = s.decider()
        if seat < 0:
            return ""
        cfg = s.seats[seat]
        if cfg.is_human:
            if self.acting_seat() == seat:
                if len(s.humans) > 1:
                    return _("{player}, your decision.", player=cfg.name)
                return _("Your decision.")
            return _("Waiting for {player}.", player=self.waiting_name(seat))
        if s.computer_thinking():
            return _("{player} is thinking…", player=seat_label(cfg))
        return _("{player} plays.", player=seat_label(cfg))

    def draw_top_bar(self, surface: pygame.Surface) -> None:
        m = self.metrics
        h = self.top_bar_h(m)
        surface.blit(draw.shade((m.width, h), (*style.BG_DEEP, 200)), (0, 0))   # made once
        pygame.draw.line(surface, style.PANEL_EDGE, (0, h), (m.width, h))
        title = _(self.spec.title)
        x = m.pad + draw.font(m.px(22), True).size(title)[0] + m.px(24)
        right = getattr(self, "top_bar_right", m.width - m.px(140))
        room = right - x - m.gap
        if m.text > 1 and draw.font(m.px(18)).size(self.turn_text())[0] > room:
            # large text (issue 44): the game's name gives its place to the turn's words
            x, room = m.pad, right - m.pad - m.gap
        else:
            draw.blit_text(surface, title, m.px(22), (m.pad, h // 2), style.ACCENT_BRIGHT, True, "midleft")
        draw.blit_text(surface, fit(self.turn_text(), m.px(18), room), m.px(18), (x, h // 2), style.TEXT,
                       False, "midleft")

    def draw_choice_header(self, surface: pygame.Surface) -> None:
        m = self.metrics
        rect = getattr(self, "choice_rect", None)
        if rect is None:
            return
        if self.status:
            colour = style.DANGER if self.status_refused else style.ACCENT_BRIGHT
            text = self.status
        else:
            text, colour = self.prompt_text(), style.TEXT_MUTED
        width = rect.width - (m.px(160) if self.only_seat is not None else 0)
        size = m.px(17)
        while draw.font(size, bool(self.status)).size(text)[0] > width and size > m.px(13):
            size -= 1       # a long prompt gets smaller before anything is cut
        draw.blit_text(surface, fit(text, size, width, bool(self.status)), size, rect.topleft, colour,
                       bool(self.status))

    def prompt_text(self) -> str:
        """What is being decided now, in the words of the person at the screen."""
        v = self.view()
        pending = v["pending"]
        kind = pending.get("kind")
        s = self.session
        if s.is_over():
            return _("The game is over.")
        seat = pending.get("seat")
        acting = self.acting_seat()
        if kind == "chance" or seat is None:
            return "…"
        if self.dice_rolling():
            if self.effects.of("card", waiting_too=True):
                return _("A card is being read: what it does comes next…")
            return _("The dice are rolling…")
        if acting is None or acting != seat:
            who = self.waiting_name(seat)
            what = _(pending.get("prompt", "")) if pending.get("prompt") else ""
            if acting is not None and self.choice_actions():
                return _("Waiting for {player}: {decision}. You may still reveal or use an "
                         "any-time ability.", player=who, decision=what)
            return _("Waiting for {player}: {decision}.", player=who, decision=what)
        name = lambda i: self.seat_name(i)  # noqa: E731
        if kind == "start":
            if self.area_actions:
                return _("Your turn: roll the dice to move or move next door (click a glowing Area).")
            return _("Your turn: roll the dice to move.")
        if kind == "move_choice":
            rolls = self.turn_rolls()
            if len(rolls) >= 2 and self.compass_choice():
                return _("Mystic Compass: choose the Area of either roll.")
            if rolls and sum(rolls[-1][2:4]) == 7:
                return _("You rolled 7: choose any other Area (click it or pick below).")
            return _("Choose where to move.")
        if kind == "area":
            here = v["players"][seat]["area"]
            what = _(look.AREA_INFO.get(here, ("", N_("Use your Area")))[1])
            if self.seat_actions:
                return _("{area}: {action} (click a player, or pick below). Optional.",
                         area=_(here), action=what)
            return _("{area}: {action}. Optional.", area=_(here), action=what)
        if kind == "attack":
            return _("Attack a player in range (they glow), or do not attack.")
        if kind == "end":
            return _("End of your turn.")
        if kind == "respond":
            head = self.attacked_you(name(pending["attacker"]), self.attack_outcome(pending["attacker"]))
            why = self.why_no_counter(pending)
            if why:
                return _("{attacked} Your response: ({why})", attacked=head, why=why)
            # every attacked player gets this question, even after a miss: were only those
            # who can counterattack asked, the question itself would give them away
            return _("{attacked} Everyone attacked is asked, so nobody learns who can "
                     "counterattack:", attacked=head)
        if kind == "hermit_give":
            return _("Read your Hermit card, then give it to another player.")
        if kind == "hermit_answer":
            return _("{player} gave you a Hermit card. Answer it:", player=name(pending["giver"]))
        if kind == "loot":
            return _("Take one Equipment card from {player}:", player=name(pending["victim"]))
        if pending.get("prompt"):
            what = _(pending["prompt"])
            return _("{decision}:", decision=what[:1].upper() + what[1:])
        return _("Choose:")

    def why_no_counter(self, pending) -> str:
        """A Werewolf who may not counterattack is told why (not a silent missing button)."""
        me = self.view().get("me")
        if not me or me["character"] != "Werewolf" or any(a.kind == "respond" and a.args == ("counter",)
                                                          for a in self.choice_actions()):
            return ""
        if self.public_players()[self.viewer]["voided"]:
            return _("no counterattack: your ability was voided")
        if not self.public_players()[pending["attacker"]]["alive"]:
            return _("no counterattack: the attacker is dead")
        if self.view()["options"].get("abilities") == "off":
            return _("no counterattack: abilities are off")
        return ""

    @staticmethod
    def attacked_you(attacker: str, outcome: str) -> str:
        if outcome == "miss":
            return _("{player} attacked you (a miss).", player=attacker)
        if outcome == "":
            return _("{player} attacked you.", player=attacker)
        if not outcome:
            return _("{player} attacked you (no damage).", player=attacker)
        return n_("{player} attacked you ({n} damage).", "{player} attacked you ({n} damage).",
                  outcome, player=attacker)

    def attack_outcome(self, attacker: int):
        """"miss", 0 (no damage) or 3 (damage taken): what the attack just did to the
        viewer; "" when no attack is found."""
        taken = None
        for fact in reversed(self.view()["history"]):
            if fact[0] == "damage" and fact[1] == self.viewer and fact[4] == "attack" and taken is None:
                taken = fact[2]
            if fact[0] == "attack" and fact[1] == attacker:
                d6, d4 = fact[4]
                if not (abs(d6 - d4) if d6 else d4):
                    return "miss"
                return taken or 0
        return ""

    def compass_choice(self) -> bool:
        """The mover holds the Mystic Compass: two rolls to choose from (otherwise several
        rolls in a turn are re-rolls of the Area the mover stood on)."""
        v = self.view()
        return v["active"] >= 0 and "Mystic Compass" in v["players"][v["active"]]["equipment"]

    def turn_rolls(self) -> list[tuple]:
        """Movement rolls of the current turn (two with the Mystic Compass)."""
        out = []
        for fact in reversed(self.view()["history"]):
            if fact[0] == "turn":
                break
            if fact[0] == "roll":
                out.append(fact)
            if fact[0] == "move":
                break
        return list(reversed(out))
