"""Chasing Shadows plays at its own table (see game.ui.chasing)."""

from game.ui.chasing.table import ChasingTable

TABLE = ChasingTable
