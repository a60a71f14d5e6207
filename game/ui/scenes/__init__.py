"""The app's screens. Table scenes live in ``game.ui.tables``."""
