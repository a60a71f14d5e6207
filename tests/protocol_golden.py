"""Every label, event (kind, data, text, seats) and result of a few random games through the public protocol,
recorded from the engines before labels and event texts became lazy
(tests/data/protocol_golden.json.gz), and the recorder that produces the same record now.
Re-recorded once since, for a deliberate wording change: the Werewolf's counterattack names
its target (24 labels differed, nothing else). Again for issue 37's log wording: 'nothing
happens to Yellow', 'has no damage to heal' and 'take 1 extra turn' (only those texts and
the Wight's label differed). Again when equipment handed over by its holder (Greed, Banana
Peel) came to read 'Player 2 gives … to Player 1' instead of '… takes … from …' (7 texts, nothing else).

The recorder reads every label and text only once the game is over, so a lazy text that
looked at the state after it had moved on would differ from the recording.

    python tests/protocol_golden.py > /tmp/golden.json && gzip -9 ...   # (re)record
"""

from __future__ import annotations

import gzip
import json
import random
from pathlib import Path
from typing import Mapping

from game import catalog
from game.rules.protocol import CHANCE, NOBODY

GOLDEN = Path(__file__).resolve().parent / "data" / "protocol_golden.json.gz"

# (game, players, options, seed)
GAMES = (
    ("hunters", 4, {}, 1), ("hunters", 5, {"hermit_round": "on"}, 2),
    ("hunters", 6, {}, 3), ("hunters", 7, {"pool": "expansion"}, 4),
    ("hunters", 8, {"hermit_round": "on"}, 5), ("hunters", 6, {"abilities": "off"}, 6),
    ("hunters", 4, {"pool": "base"}, 21), ("hunters", 5, {}, 22), ("hunters", 6, {}, 23),
    ("hunters", 7, {"hermit_round": "on"}, 24), ("hunters", 8, {"pool": "initial"}, 25),
    ("hunters", 8, {}, 26),
    ("chasing", 3, {}, 7), ("chasing", 4, {}, 8), ("chasing", 5, {}, 9),
    ("chasing", 3, {"start": "2"}, 27), ("chasing", 4, {}, 28), ("chasing", 5, {"start": "0"}, 29),
    ("harsh", 1, {"difficulty": "standard"}, 10), ("harsh", 1, {"difficulty": "hard"}, 11),
    ("harsh", 1, {"difficulty": "difficult"}, 12), ("harsh", 1, {"difficulty": "expert"}, 13),
    ("harsh", 1, {"difficulty": "standard"}, 14), ("harsh", 1, {"difficulty": "standard"}, 15),
    ("harsh", 1, {"difficulty": "hard"}, 16), ("harsh", 1, {"difficulty": "standard"}, 17),
)


def record(game_id: str, n: int, options: dict, seed: int) -> dict:
    st = catalog.get_game(game_id).state_cls.new(n, options)
    rng = random.Random(seed)
    kept = []      # (decider, {seat: [actions]}, chosen, [events]) with objects, read later
    while (d := st.decider()) != NOBODY:
        if d == CHANCE:
            action = st.sample_chance(rng)
            lists = {}
        else:
            lists = {s: st.legal_actions(s) for s in range(n)}
            action = rng.choice(lists[d])
        events = st.apply(d, action)
        kept.append((d, lists, action, events))
    res = st.result()
    steps = []
    for d, lists, action, events in kept:
        steps.append({
            "d": d,
            "legal": {str(s): [[a.kind, list(_plain(a.args)), a.label, str(a)] for a in acts]
                      for s, acts in lists.items() if acts},
            "chosen": [action.kind, _plain(action.args), action.label, str(action)],
            "events": [[e.kind, _plain(e.data), e.text,
                        list(e.seats) if e.seats is not None else None] for e in events],
        })
    return {"game": game_id, "n": n, "options": options, "seed": seed, "steps": steps,
            "result": [list(res.winners), list(res.scores), str(res.reason)]}


def _plain(v):
    if isinstance(v, (tuple, list)):
        return [_plain(x) for x in v]
    if isinstance(v, Mapping):
        return {str(k): _plain(x) for k, x in v.items()}
    return v


def record_all() -> list[dict]:
    return [record(*g) for g in GAMES]


def load() -> list[dict]:
    with gzip.open(GOLDEN, "rt", encoding="utf-8") as f:
        return json.load(f)


if __name__ == "__main__":
    print(json.dumps(record_all(), separators=(",", ":")))
