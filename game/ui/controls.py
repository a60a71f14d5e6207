"""The keys, said once: the Rules screen shows them under each game's rules, README's
"Controls" table carries the same rows (a test holds them together), and the tables and
menus do what the rows say (tests/test_ui_keys.py)."""

from __future__ import annotations

from game.i18n import N_, NP_, _, p_

# The one rule of every table (TableScene.handle_key, Chasing's cards, Harsh's Locations).
TABLE_DIGITS = ("a number key highlights the choice, card or Location that shows that "
                "number; the same number again, or Enter, confirms it")
# The choice list's header at a table: the same rule in a few words.
CHOOSE_HINT = N_("Choose (a number, then the same number or Enter):")

# (keys, what they do) for every screen, then each game's own. Marked for the catalog and
# translated where they are shown (the rules screen, F1); README's table is the English.
COMMON: tuple[tuple[str, str], ...] = (
    (N_("mouse"), N_("click a card, a Location, an Area or a button; a refused click says why")),
    ("1–9", N_("at a table, a number key highlights the choice, card or Location that shows "
               "that number; the same number again, or Enter, confirms it. In menus and "
               "dialogs a number presses its button")),
    (N_("arrows / Enter"), N_("move the highlight / confirm the highlighted choice (a new "
                              "decision starts with none highlighted)")),
    (N_("Tab / Shift+Tab, Enter or Space"), N_("move the focus ring through every button, "
                                               "slider, list and text field of the screen, "
                                               "forward / back; press the focused button "
                                               "(arrows turn a focused slider or list)")),
    (N_("F1 or ?"), N_("the keys of this screen")),
    (N_("menu: 1–3, C, G, H, O, T, S, R, L"), N_("the menu's entries, each with its own key "
                                                 "shown on it: the games, Continue, saved "
                                                 "Games, History, Open game file, sTatistics, "
                                                 "Settings, Rules, Learn to play (Quit has "
                                                 "none)")),
    (N_("typing"), N_("a text field with the cursor takes every key; Enter or Esc leaves it")),
    ("Esc", N_("pause menu at the table (back in menus)")),
    ("F11", N_("fullscreen on and off")),
    (N_("results"), N_("a key that would start a new game asks first (Enter or Esc stays); a "
                       "click on Play again goes at once")),
)
GAMES: dict[str, tuple[tuple[str, str], ...]] = {
    "chasing": (("S, L", N_("Chasing Shadows: the full scoresheets, the last trick")),
                ("H", N_("Chasing Shadows: a hint for the person to move, when their hints "
                         "are on in Setup (H again closes it)"))),
    "harsh": (("H, Ctrl+Z, A", N_("Harsh Shadows: hint, undo, accuse")),),
    "hunters": (("I, V, E", N_("Shadow Hunters: step through the cards on the table, view one "
                               "large (or right-click it), everyone's Equipment")),
                ("H", N_("Shadow Hunters: a hint for the person to move, when their hints are "
                         "on in Setup (H again closes it)"))),
}
REVIEW: tuple[tuple[str, str], ...] = (
    (N_("← → / Page Up, Page Down / Home, End"), N_("review: a step / the previous or next "
                                                   "trick or turn / the first or last step")),
    ("R, S, H", N_("review: the round's scoresheet (Chasing), the sheets (Chasing), the hint "
                   "at this step (Harsh)")),
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


# --- the table keys a player may move (Settings → Keys) ------------------------------------
# (action, default binding, what it does). A binding is pygame's name of a key, "ctrl+"
# before it if Ctrl is held. A moved key is handed to the screens as its default (App
# dispatch → ``route``), so every table keeps its one way of reading keys.
TABLE_KEYS: tuple[tuple[str, str, str], ...] = (
    ("select", "tab", N_("highlight the next choice")),
    ("confirm", "return", N_("take the highlighted choice")),
    ("undo", "ctrl+z", N_("take back your last move (Harsh Shadows)")),
    ("hint", "h", N_("a hint")),
    ("log", "page up", N_("page back through the game log (Page Down goes forward)")),
    ("last_trick", "l", N_("the last trick (Chasing Shadows)")),
    ("pause", "escape", N_("the pause menu at a table (back in menus)")),
)
DEFAULT_KEYS = {action: key for action, key, _ in TABLE_KEYS}
ACTION_NAMES = {"select": N_("Select"), "confirm": N_("Confirm"), "undo": N_("Undo"), "hint": N_("Hint"),
                "log": N_("Game log"), "last_trick": N_("Last trick"), "pause": N_("Pause")}
# Keys that keep their meaning and cannot take a table action
_DIGIT = N_("a number picks a choice")
_THIS_LIST = N_("this list of keys")
_HIGHLIGHT = N_("the highlight")
_LOG = N_("the game log")
FIXED_KEYS = {**{str(d): _DIGIT for d in range(1, 10)},
              **{f"[{d}]": _DIGIT for d in range(1, 10)},
              "f1": _THIS_LIST, "f11": N_("fullscreen"), "?": _THIS_LIST,
              "up": _HIGHLIGHT, "down": _HIGHLIGHT, "left": _HIGHLIGHT, "right": _HIGHLIGHT,
              "page down": _LOG, "home": _LOG, "end": _LOG, "enter": N_("confirm"),
              "s": N_("Chasing's scoresheets"), "a": N_("Harsh's accuse"),
              "i": N_("Hunters' cards"), "v": N_("Hunters' large card"),
              "e": N_("Hunters' Equipment"), "r": N_("the review"),
              "left shift": "", "right shift": "", "left ctrl": "", "right ctrl": "",
              "left alt": "", "right alt": "", "left meta": "", "right meta": ""}

# pygame's key names that a keyboard labels with a word, as each language's keyboards
# label them (the English is the name with capitals, as the screens showed it before).
KEY_WORDS = {"escape": NP_("key", "Escape"), "return": NP_("key", "Return"),
             "enter": NP_("key", "Enter"), "tab": NP_("key", "Tab"),
             "space": NP_("key", "Space"), "backspace": NP_("key", "Backspace"),
             "delete": NP_("key", "Delete"), "insert": NP_("key", "Insert"),
             "home": NP_("key", "Home"), "end": NP_("key", "End"),
             "page up": NP_("key", "Page Up"), "page down": NP_("key", "Page Down"),
             "up": NP_("key", "Up"), "down": NP_("key", "Down"), "left": NP_("key", "Left"),
             "right": NP_("key", "Right"), "left shift": NP_("key", "Left Shift"),
             "right shift": NP_("key", "Right Shift")}


def key_label(binding_: str) -> str:
    """A binding as the keyboard in the player's language labels it: "Ctrl+Z", "Strg+Z";
    "Page Up", "Bild auf"."""
    ctrl = binding_.startswith("ctrl+")
    name = binding_.removeprefix("ctrl+")
    word = KEY_WORDS.get(name)
    shown = p_("key", word) if word else name.title()
    # Translators: Ctrl held with another key ("Strg+{key}" on a German keyboard)
    return p_("key", "Ctrl+{key}", key=shown) if ctrl else shown


def binding(event) -> str:
    """A key press as a binding: "h", "ctrl+z", "page up"."""
    import pygame

    name = pygame.key.name(event.key)
    return ("ctrl+" if event.mod & pygame.KMOD_CTRL else "") + name


def current_keys(settings) -> dict[str, str]:
    """Every table action's key now: the player's own, the default for the others."""
    own = getattr(settings, "keys", None) or {}
    return {a: own.get(a, k) if isinstance(own.get(a, k), str) else k
            for a, k in DEFAULT_KEYS.items()}


def refusal(settings, action: str, key: str) -> str | None:
    """Why ``key`` cannot be ``action``'s (None: it can), in the current words."""
    base = key.removeprefix("ctrl+")
    if key in FIXED_KEYS or base in FIXED_KEYS:
        why = FIXED_KEYS.get(key) or FIXED_KEYS.get(base)
        if why:
            return _("{key} is kept for {purpose}.", key=key_label(key), purpose=_(why))
        return _("{key} alone is not a key.", key=key_label(key))
    for other, bound in current_keys(settings).items():
        if other != action and bound == key:
            return _("{key} already does {action}.", key=key_label(key),
                     action=_(ACTION_NAMES[other]))
    return None


def _event_for(binding_: str):
    import pygame

    ctrl = binding_.startswith("ctrl+")
    name = binding_.removeprefix("ctrl+")
    try:
        code = pygame.key.key_code(name)
    except (ValueError, pygame.error):
        return None
    return pygame.event.Event(pygame.KEYDOWN, key=code, mod=pygame.KMOD_LCTRL if ctrl else 0,
                              unicode="", scancode=0)


def route(app, event):
    """A key press on its way to the top screen: F1 or ? opens the list of keys; a moved
    key becomes its action's default, and a default whose action moved away does nothing.
    Returns the event to hand on, or None."""
    import pygame

    top = app.top
    if getattr(top, "raw_keys", False):
        return event                    # Settings → Keys listens to the keys themselves
    if event.key == pygame.K_F1 or getattr(event, "unicode", "") == "?":
        if getattr(top, "is_keys_help", False):
            app.pop()                   # F1 again closes the list
        else:
            from game.ui import navigation

            navigation.push(app, "keys_help", top)
        return None
    keys = current_keys(app.settings)
    pressed = binding(event)
    for action, key in keys.items():
        if key == pressed:
            default = DEFAULT_KEYS[action]
            return event if key == default else (_event_for(default) or event)
    if pressed in DEFAULT_KEYS.values():
        return None                     # its action has a new key: this one is free now
    return event
