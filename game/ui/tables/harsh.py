"""Harsh Shadows plays at its own table (see game/ui/harsh/)."""

from game.ui.harsh.table import HarshTableScene

TABLE = HarshTableScene
