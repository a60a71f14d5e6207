"""The app's screens other than the game tables: menu, setup, rules, settings, saves,
history, statistics, hand-off, pause, results and the phones' join screen, and the
dialogs ``confirm`` and ``notice``. A screen opens another by its name in
``game.ui.navigation``, not by importing it."""
