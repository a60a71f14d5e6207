"""Every choice label the Shadow Hunters engine produced in many random games, as the table
shows it: seat names for "Player N", the Area or card prefix dropped (``short_label``)."""

from __future__ import annotations

import random
from functools import lru_cache

from game.i18n import _, speaking
from game.rules.hunters.state import HuntersState
from game.rules.hunters.views import reveal_uses
from game.rules.hunters.words import label
from game.rules.protocol import CHANCE, NOBODY
from game.ui.scenes.setup import default_names
from game.ui.wording import PLAYER_REF


def _named(text, names) -> str:
    # a label is a Msg: its words in the language in force
    return PLAYER_REF.sub(lambda mt: names[int(mt.group(1)) - 1], str(text))


@lru_cache(maxsize=8)
def engine_labels(games: int = 2000, seed: int = 13, lang: str = "en") -> frozenset:
    """(players, label) for every legal action of every decision, 4-8 players in turn,
    in language ``lang``."""
    with speaking(lang):
        return _engine_labels(games, seed)


def _engine_labels(games: int, seed: int) -> frozenset:
    from game.ui.hunters.wording import short_label

    names = default_names("hunters")
    rng = random.Random(seed)
    out = set()
    shortened: dict[str, str] = {}   # the same label comes back thousands of times
    for g in range(games):
        n = 4 + g % 5
        s = HuntersState.new(n, {"pool": "all", "hermit_round": "on" if g % 3 == 0 else "off"})
        steps = 0
        while s.dec != NOBODY and steps < 5000:
            d = s.dec
            if d == CHANCE:
                s.fast_apply(CHANCE, s.fast_chance(rng))
            else:
                acts = s.fast_legal(d)
                for a in acts:
                    if a[0] != "reveal":
                        text = _named(label(s, d, a), names)
                        short = shortened.get(text)
                        if short is None:
                            short = shortened[text] = short_label(text)
                        out.add((n, short))
                for _kind, _args, text in reveal_uses(s, d):
                    out.add((n, _("Reveal and use {ability}", ability=_named(text, names))))
                s.fast_apply(d, acts[int(rng.random() * len(acts))])
            steps += 1
    return frozenset(out)
