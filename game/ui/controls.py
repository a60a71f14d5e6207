"""The keys, said once: the Rules screen shows them under each game's rules, README's
"Controls" table carries the same rows (a test holds them together), and the tables and
menus do what the rows say (tests/test_ui_keys.py)."""

from __future__ import annotations

# The one rule of every table (TableScene.handle_key, Chasing's cards, Harsh's Locations).
TABLE_DIGITS = ("a number key highlights the choice, card or Location that shows that "
                "number; the same number again, or Enter, confirms it")
# The choice list's header at a table: the same rule in a few words.
CHOOSE_HINT = "Choose (a number, then the same number or Enter):"

# (keys, what they do) for every screen, then each game's own.
COMMON: tuple[tuple[str, str], ...] = (
    ("mouse", "click a card, a Location, an Area or a button; a refused click says why"),
    ("1–9", f"at a table, {TABLE_DIGITS}. In menus and dialogs a number presses its button"),
    ("arrows / Enter", "move the highlight / confirm the highlighted choice (a new decision "
                       "starts with none highlighted)"),
    ("menu: 1–3, C, G, H, O, T, S, R, L", "the menu's entries, each with its own key shown on "
                                         "it: the games, Continue, saved Games, History, "
                                         "Open game file, sTatistics, Settings, Rules, Learn "
                                         "to play (Quit has none)"),
    ("typing", "a text field with the cursor takes every key; Enter or Esc leaves it"),
    ("Esc", "pause menu at the table (back in menus)"),
    ("F11", "fullscreen on and off"),
    ("results", "a key that would start a new game asks first (Enter or Esc stays); a click "
                "on Play again goes at once"),
)
GAMES: dict[str, tuple[tuple[str, str], ...]] = {
    "chasing": (("S, L", "Chasing Shadows: the full scoresheets, the last trick"),),
    "harsh": (("H, Ctrl+Z, A", "Harsh Shadows: hint, undo, accuse"),),
    "hunters": (("I, V, E", "Shadow Hunters: step through the cards on the table, view one "
                            "large (or right-click it), everyone's Equipment"),),
}
REVIEW: tuple[tuple[str, str], ...] = (
    ("← → / Page Up, Page Down / Home, End", "review: a step / the previous or next trick or "
                                             "turn / the first or last step"),
    ("R, S, H", "review: the round's scoresheet (Chasing), the sheets (Chasing), the hint at "
                "this step (Harsh)"),
)


def rows(game_id: str | None = None) -> tuple[tuple[str, str], ...]:
    """The rows for one game's screens, or (None) every row, as README lists them."""
    if game_id is None:
        return COMMON + tuple(r for g in GAMES.values() for r in g) + REVIEW
    return COMMON + GAMES.get(game_id, ())


def readme_table() -> str:
    """README's Controls table, row for row."""
    return "\n".join(["| key | does |", "|---|---|"]
                     + [f"| {k} | {does} |" for k, does in rows()])
