"""Reviewing finished games: exact replay with snapshots, jump marks, every secret, files.

Pure Python like ``game.rules`` (no pygame): the review screen (``game.ui.review``), the
history store (``game.storage.history``) and the benchmark all build on it.
"""
