"""Shadow Hunters plays at its own table (game/ui/hunters/)."""

from game.ui.hunters.table import HuntersTable

TABLE = HuntersTable
