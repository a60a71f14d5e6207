"""Screens open one another by name.

The menu opens Setup, Setup a table, the table its pause menu, and the pause menu goes
back to the menu: a circle of screens. None of them imports another to open it; each
names it here, and ``SCREENS`` says which scene class a name is. The class loads (with
importlib) the first time someone opens that screen, so every import between modules
still goes one way (tests/test_layers.py) and starting the app loads only the menu.

    navigation.push(app, "setup", spec)         # put Setup for ``spec`` on top
    navigation.replace(app, "rules", "harsh")   # swap the top screen for the rules
    navigation.back_to(app, "menu")             # close everything down to the menu

What is not a screen of its own is imported where it is used, from below: a dialog that
opens nothing (``scenes.confirm``, ``scenes.notice``), a table's own overlays, and the
helpers every screen shares (``opening``, ``table_base``, ``wording``). Game tables are
named by the catalogue (``game.catalog``) and opened by ``opening``.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.ui.scene import Scene

# name -> "module:SceneClass". Add a screen here, then open it by its name.
SCREENS: dict[str, str] = {
    # the menu, and what it opens
    "menu": "game.ui.scenes.menu:MenuScene",
    "setup": "game.ui.scenes.setup:SetupScene",
    "learn": "game.ui.scenes.learn:LearnScene",
    "saves": "game.ui.scenes.saves:SavesScene",
    "history": "game.ui.scenes.history:HistoryScene",
    "open_file": "game.ui.review.files:OpenFileScene",
    "stats": "game.ui.scenes.stats:StatsScene",
    "settings": "game.ui.scenes.settings:SettingsScene",
    "access": "game.ui.palette_screen:AccessScene",   # Settings → Colours, text and motion
    "keys": "game.ui.keys_screen:KeysScene",          # Settings → Keys
    "keys_help": "game.ui.keys_screen:KeysHelpScene",  # F1 or ? on any screen
    "rules": "game.ui.scenes.rules:RulesScene",
    # around a table: phones joining, passing the screen, pausing, the end
    "join": "game.ui.scenes.join:JoinScene",
    "handoff": "game.ui.scenes.handoff:HandoffScene",
    "pause": "game.ui.scenes.pause:PauseScene",
    "results": "game.ui.scenes.results:ResultsScene",
    # a finished game's analysis, from the results or the review
    "analysis": "game.ui.analysis.scene:AnalysisScene",
}


def scene_class(name: str) -> type[Scene]:
    """The scene class of the screen called ``name`` (loaded on first use)."""
    try:
        path = SCREENS[name]
    except KeyError:
        raise KeyError(f"no screen is called {name!r} (game/ui/navigation.py names them: "
                       f"{', '.join(sorted(SCREENS))})") from None
    module, _, cls = path.partition(":")
    return getattr(importlib.import_module(module), cls)


def push(app, name: str, *args, made: Scene | None = None, **kwargs) -> Scene:
    """Open the screen ``name`` on top: its class is called with ``(app, *args, **kwargs)``;
    or ``made``, that screen made already (ahead, a piece a frame: game.ui.ahead), of its
    class or a game's own kind of it (a table's results)."""
    cls = scene_class(name)
    if made is None:
        return app.push(cls(app, *args, **kwargs))
    if args or kwargs or not isinstance(made, cls):
        raise TypeError(f"{type(made).__name__} made ahead is not the screen {name!r} "
                        f"({cls.__name__}), or came with arguments")
    return app.push(made)


def replace(app, name: str, *args, **kwargs) -> Scene:
    """Swap the top screen for the screen ``name`` (called as for ``push``)."""
    return app.replace(scene_class(name)(app, *args, **kwargs))


def back_to(app, name: str) -> None:
    """Close screens until the one called ``name`` is on top (the bottom one stays)."""
    app.pop_to(scene_class(name))
