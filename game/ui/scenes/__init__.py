"""The app's screens other than the game tables: menu, setup, rules, settings, saves,
history, statistics, hand-off, pause, results and the phones' join screen."""
