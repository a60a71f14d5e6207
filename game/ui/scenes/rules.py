"""The rules reference: each game's RULES_TEXT (our own words), one tab per game."""

from __future__ import annotations

from game import catalog
from game.catalog import GameSpec
from game.i18n import N_, _
from game.ui.scenes.tabbed import TabbedGameScene
from game.ui.widgets import Block, heading, paragraph


def _is_heading(line: str) -> bool:
    letters = [c for c in line if c.isalpha()]
    cased = [c for c in letters if c.lower() != c.upper()]
    # a script without capitals (Japanese) marks its headings with "#" instead: its lines
    # are not headings for the few capitals they hold ("キャラクター（括弧内はHP）")
    return (bool(cased) and 2 * len(cased) >= len(letters) and line.upper() == line
            and len(line) < 80)


def _is_item(line: str) -> bool:
    head = line.lstrip().split(" ", 1)[0]
    return head in ("-", "*", "•") or (head[:-1].isdigit() and head.endswith((".", ")")))


def rules_blocks(spec: GameSpec) -> list[Block]:
    """The rules text as headings and paragraphs; hard-wrapped lines are joined again."""
    try:
        text = catalog.rules_text(spec.id)
        # a game's rules may come in the language in force (a str with ``text()``, as
        # Shadow Hunters' RulesText): that one is shown
        localised = getattr(text, "text", None)
        if callable(localised):
            text = localised()
    except (ImportError, AttributeError, ValueError):
        text = ""
    if len(text.strip()) < 20:  # missing, or a placeholder left by a game in progress
        return [heading(_(spec.title)),
                paragraph(_("Rules for {game} are being written.", game=_(spec.title)))]
    out: list[Block] = []
    title, _nl, rest = text.strip().partition("\n")
    if _is_heading(title) or (len(title) < 70 and not title.rstrip().endswith(".")):
        out.append(heading(_(title.strip())))
        text = rest
    else:
        out.append(heading(_(spec.title)))
    current: list[str] = []

    def flush() -> None:
        if current:
            out.append(paragraph(" ".join(current)))
            current.clear()

    for chunk in text.strip().split("\n\n"):
        for raw in chunk.split("\n"):
            line = raw.strip()
            if not line:
                continue
            # A game whose rules are marked for the catalog (one line per heading,
            # paragraph or item, e.g. Chasing's) reads in the language in force; the
            # kind of line is told from the English
            shown = _(line)
            if _is_heading(line) or line.startswith("#"):
                flush()
                out.append(heading(shown.lstrip("# ")))
            elif _is_item(raw):
                flush()
                line = shown
                word = line.split(" ", 1)
                current.append(("•  " + word[1]) if word[0] in ("-", "*", "•") and len(word) > 1 else line)
            else:
                current.append(shown)
        flush()
    return out


def controls_blocks(spec: GameSpec) -> list[Block]:
    """The keys at this game's screens (game.ui.controls, the same rows as README)."""
    from game.ui import controls

    return [heading(_("KEYS"))] + [paragraph(_("•  {keys}: {does}", keys=_(k), does=_(does)))
                                   for k, does in controls.rows(spec.id)]


class RulesScene(TabbedGameScene):
    heading = N_("Rules")

    def blocks(self, spec: GameSpec) -> list[Block]:
        return rules_blocks(spec) + controls_blocks(spec)
