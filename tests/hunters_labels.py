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
    from game.ui.hunters.wording import short_label

    labels, reveals = _engine_msgs(games, seed)
    with speaking(lang):
        names = default_names("hunters")        # the seats' default names are translated too
        shortened = {text: short_label(_named(text, names)) for text in {m for _n, m in labels}}
        out = {(n, shortened[m]) for n, m in labels}
        out |= {(n, _("Reveal and use {ability}", ability=_named(m, names))) for n, m in reveals}
    return frozenset(out)


# seed -> (its rng, the labels and reveals each game added to the games before it)
_PLAYED: dict[int, tuple[random.Random, list]] = {}


def _engine_msgs(games: int, seed: int) -> tuple[set, set]:
    """The games do not depend on the language: each is played once a process, and its
    labels (each a ``Msg``) kept as data, to be put in words in every language. The first
    400 games of the 2000 are the same games (one random stream), so a process that fills
    both plays 2000. Each game keeps only the labels the games before it had not found:
    kept whole, the 2000 games' sets held over a million objects, and every full pass of
    the collector in this test process scanned them (about a second a pass)."""
    rng, played = _PLAYED.setdefault(seed, (random.Random(seed), []))
    labels, reveals = set(), set()
    for new_labels, new_reveals in played[:games]:
        labels |= new_labels
        reveals |= new_reveals
    for g in range(len(played), games):
        game_labels, game_reveals = _one_game(4 + g % 5, "on" if g % 3 == 0 else "off", rng)
        played.append((game_labels - labels, game_reveals - reveals))
        labels |= game_labels
        reveals |= game_reveals
    return labels, reveals


def _one_game(n: int, hermit_round: str, rng: random.Random) -> tuple[set, set]:
    s = HuntersState.new(n, {"pool": "all", "hermit_round": hermit_round})
    labels, reveals = set(), set()
    steps = 0
    while s.dec != NOBODY and steps < 5000:
        d = s.dec
        if d == CHANCE:
            s.fast_apply(CHANCE, s.fast_chance(rng))
        else:
            acts = s.fast_legal(d)
            for a in acts:
                if a[0] != "reveal":
                    labels.add((n, label(s, d, a)))
            for _kind, _args, text in reveal_uses(s, d):
                reveals.add((n, text))
            s.fast_apply(d, acts[int(rng.random() * len(acts))])
        steps += 1
    return labels, reveals
