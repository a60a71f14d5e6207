"""Where the Spy goes next, when the player knows the top Spy card (Track, Stakeout).

The card's large arrow is tried first; if it leads off the grid, the small arrow; if both
do, the card is turned around and tried again (``spy_destination`` in the rules). The
table draws the square it lands on, the arrow from the Spy, and the square the large arrow
would have taken when it was blocked.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

from game.i18n import N_, _
from game.rules.harsh.data import STEP, spy_destination

# English ids, shown with _()
WORDS = {"N": N_("north"), "NE": N_("north-east"), "E": N_("east"), "SE": N_("south-east"),
         "S": N_("south"), "SW": N_("south-west"), "W": N_("west"), "NW": N_("north-west")}


@dataclass(frozen=True)
class Forecast:
    start: int
    to: int
    arrow: str          # "large", "small"
    direction: str
    rotated: bool
    blocked: str        # the large arrow's direction when it leads off the grid, else ""
    stays: bool         # Lost in the crowd: the Spy will not move this turn

    def caption(self) -> str:
        if self.stays:
            return _("Next Spy card known, but the Spy stays put this turn (lost in the crowd).")
        d = _(WORDS[self.direction])
        if self.rotated:
            if self.arrow == "small":
                return _("Next Spy move: small arrow, {direction} of the card turned around "
                         "(both arrows lead off the grid).", direction=d)
            return _("Next Spy move: large arrow, {direction} of the card turned around "
                     "(both arrows lead off the grid).", direction=d)
        if self.blocked:
            return _("Next Spy move: small arrow, {direction} (the large arrow, {blocked}, leads "
                     "off the grid).", direction=d, blocked=_(WORDS[self.blocked]))
        if self.arrow == "small":
            return _("Next Spy move: small arrow, {direction}.", direction=d)
        return _("Next Spy move: large arrow, {direction}.", direction=d)


def next_move(view: Mapping) -> Forecast | None:
    """The Spy's next move if the top Spy card is known to the player, else None."""
    peek = view.get("spy_peek")
    if not peek or view.get("phase") == "over":
        return None
    start = view["spy"]
    to, arrow, rotated, d = spy_destination(start, peek["card"], peek["turned"])
    if arrow == "none":
        return None
    blocked = peek["large"] if (arrow != "large" or rotated) and STEP[start][peek["large"]] < 0 else ""
    return Forecast(start, to, arrow, d, rotated, blocked, bool(view.get("spy_stays")))
