"""The rules reference: each game's RULES_TEXT (our own words), one tab per game."""

from __future__ import annotations

from game.rules import registry
from game.rules.registry import GameSpec
from game.ui.scenes.tabbed import TabbedGameScene
from game.ui.widgets import Block, heading, paragraph


def rules_blocks(spec: GameSpec) -> list[Block]:
    try:
        text = registry.rules_text(spec.id)
    except (ImportError, AttributeError, ValueError):
        text = ""
    if not text.strip():
        return [heading(spec.title), paragraph(f"Rules for {spec.title} are being written.")]
    out: list[Block] = []
    for chunk in text.strip().split("\n\n"):
        lines = chunk.strip("\n").split("\n")
        first = lines[0].strip()
        # A short line on its own (or ending with ':' / underlined) reads as a heading.
        if len(lines) >= 2 and set(lines[1].strip()) <= set("=-") and lines[1].strip():
            out.append(heading(first))
            lines = lines[2:]
        elif first.startswith("#"):
            out.append(heading(first.lstrip("# ")))
            lines = lines[1:]
        elif len(lines) == 1 and len(first) < 60 and not first.endswith("."):
            out.append(heading(first.rstrip(":")))
            continue
        for ln in lines:
            if ln.strip():
                out.append(paragraph(ln.strip()))
    return out


class RulesScene(TabbedGameScene):
    heading = "Rules"

    def blocks(self, spec: GameSpec) -> list[Block]:
        return rules_blocks(spec)
