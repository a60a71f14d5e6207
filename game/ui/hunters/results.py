"""The end of a Shadow Hunters game: who won, and who everyone really was."""

from __future__ import annotations

import pygame

from game.i18n import _, n_, uses_spaces
from game.ui import style
from game.ui.scenes.results import ResultsScene, seat_label
from game.ui.widgets import heading, paragraph, table


def hunters_blocks(session) -> list:
    res = session.result()
    if res is None:
        return [paragraph(_("The game is not finished."), style.TEXT_MUTED)]
    view = session.view(None)
    names = [s.name for s in session.seats]
    chars = res.details.get("characters", ())
    factions = res.details.get("factions", ())
    blocks = [paragraph(why(res, names), style.TEXT)]
    rows = []
    for i, cfg in enumerate(session.seats):
        p = view["players"][i]
        rows.append((i not in res.winners, i, (seat_label(cfg), _(chars[i]) if i < len(chars) else "?",
                                               _(factions[i]) if i < len(factions) else "?",
                                               _("alive") if p["alive"] else _("dead"),
                                               _("Winner") if i in res.winners else "")))
    rows.sort()
    blocks.append(table((_("Player"), _("Character"), _("Faction"), _("At the end"), _("Result")),
                        [r[2] for r in rows]))
    dead = res.details.get("dead", ())
    if dead:
        blocks.append(heading(_("Order of deaths")))
        blocks.append(paragraph(_(", ").join(_("{player} ({character})", player=names[d], character=_(chars[d]))
                                             for d in dead), style.TEXT_MUTED))
    turns = res.details.get("turns", 0)
    blocks.append(paragraph(n_("The game lasted {n} turn.", "The game lasted {n} turns.", turns),
                            style.TEXT_MUTED))
    return blocks


def why(res, names) -> str:
    """Which goals were met, in one or two sentences."""
    chars = res.details.get("characters", ())
    factions = res.details.get("factions", ())
    dead = set(res.details.get("dead", ()))
    seats = range(len(factions))

    def all_dead(faction):
        members = [i for i in seats if factions[i] == faction]
        return bool(members) and all(i in dead for i in members)

    parts = []
    if all_dead("Shadow"):
        parts.append(_("Every Shadow is dead: the Hunters win."))
    if all_dead("Hunter"):
        parts.append(_("Every Hunter is dead: the Shadows win."))
    if sum(1 for i in seats if factions[i] == "Neutral" and i in dead) >= 3:
        parts.append(_("Three Neutrals are dead: the Shadows win."))
    neutral = [_("{player} ({character})", player=names[i], character=_(chars[i]))
               for i in res.winners if factions[i] == "Neutral"]
    if neutral:
        parts.append(n_("{players} wins with their own goal.", "{players} win with their own goal.",
                        len(neutral), players=_(", ").join(neutral)))
    if not res.winners:
        parts.append(_("Nobody's goal was met."))
    # sentences follow each other with a space, or none in Japanese
    return (" " if uses_spaces() else "").join(parts)


COACH_W = 300   # a tutorial's coach panel stands beside the box


class HuntersResults(ResultsScene):
    def centered(self, w: int, h: int) -> pygame.Rect:
        box = super().centered(w, h)
        m = self.metrics
        room = m.px(COACH_W + 24) if getattr(self.app, "coach", None) else 0
        if not room:
            return box
        w = min(w, m.width - 2 * m.margin - room)
        return pygame.Rect((m.width - room - w) // 2, box.y, w, h)

    def build(self, m: style.Metrics) -> None:
        super().build(m)
        self.panel.set_blocks(hunters_blocks(self.session))

    def regions(self) -> dict[str, pygame.Rect]:
        """Named parts for a tutorial's coach: the results panel, and where the coach goes."""
        if not hasattr(self, "box"):
            return {}
        m = self.metrics
        return {"coach": pygame.Rect(self.box.right + m.px(24), self.box.y, m.px(COACH_W),
                                     m.px(250)),
                "results.panel": self.panel.rect}

    def region(self, name: str) -> pygame.Rect | None:
        return self.regions().get(name)
