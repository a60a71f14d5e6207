"""The end of a Shadow Hunters game: who won, and who everyone really was."""

from __future__ import annotations

from game.ui import style
from game.ui.scenes.results import ResultsScene
from game.ui.widgets import heading, paragraph, table


def hunters_blocks(session) -> list:
    res = session.result()
    if res is None:
        return [paragraph("The game is not finished.", style.TEXT_MUTED)]
    view = session.view(None)
    names = [s.name for s in session.seats]
    chars = res.details.get("characters", ())
    factions = res.details.get("factions", ())
    winners = [names[w] for w in res.winners]
    blocks = [paragraph(("Winners: " + ", ".join(winners)) if winners else "Nobody won.", style.TEXT)]
    rows = []
    for i, cfg in enumerate(session.seats):
        p = view["players"][i]
        rows.append((cfg.label, chars[i] if i < len(chars) else "?",
                     factions[i] if i < len(factions) else "?",
                     "alive" if p["alive"] else "dead", "Winner" if i in res.winners else ""))
    rows.sort(key=lambda r: (r[4] != "Winner", names.index(r[0]) if r[0] in names else 0))
    blocks.append(table(("Player", "Character", "Faction", "At the end", "Result"), rows))
    dead = res.details.get("dead", ())
    if dead:
        blocks.append(heading("Order of deaths"))
        blocks.append(paragraph(", ".join(f"{names[d]} ({chars[d]})" for d in dead), style.TEXT_MUTED))
    blocks.append(paragraph(f"The game lasted {res.details.get('turns', 0)} turns.", style.TEXT_MUTED))
    return blocks


class HuntersResults(ResultsScene):
    def build(self, m: style.Metrics) -> None:
        super().build(m)
        self.panel.set_blocks(hunters_blocks(self.session))
