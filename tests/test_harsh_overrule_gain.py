"""build_scripts/research/harsh_overrule_gain.py plays the autopilot's own games and scores rules."""

import random
import sys
from pathlib import Path

BUILD_SCRIPTS = Path(__file__).resolve().parent.parent / "build_scripts"
sys.path[:0] = [str(BUILD_SCRIPTS), str(BUILD_SCRIPTS / "bench"), str(BUILD_SCRIPTS / "research")]

import harsh_overrule_gain as G  # noqa: E402

from game.ai import harsh_hint  # noqa: E402
from game.rules.harsh.state import HarshState  # noqa: E402
from game.rules.protocol import CHANCE, NOBODY  # noqa: E402


def autopilot_outcome(seed, work):
    rng = random.Random(seed)
    s = HarshState.new(1, {"difficulty": "expert"})
    bot = harsh_hint.make_bot("normal", seed=seed, work=work)
    while s.decider() != NOBODY:
        if s.decider() == CHANCE:
            s.apply(CHANCE, s.sample_chance(rng))
            continue
        s.apply(0, bot.choose(s.view(0), s.legal_actions(0)))
    return s.outcome, s.turn


def test_it_plays_the_autopilots_own_game_and_scores_every_rule():
    game = G.game_rows("expert", 5, work=300, rollouts=4)
    # the measuring does not change the game: the same outcome as the autopilot alone
    assert game["outcome"] == autopilot_outcome(5, 300)[0]
    assert game["rows"], "some decision where the leader is not the heuristic's choice"
    for r in game["rows"]:
        assert r["ahead"] >= 0 and r["behind"] >= 0 and -1.0 <= r["gain"] <= 1.0
    rows = G.table([game])
    assert len(rows) == len(G.RULES)
    # a looser rule overrules at least as often as a stricter one
    per = {(z, lead): n for z, lead, n, _ in rows}
    assert per[(0.5, 2)] >= per[(1.0, 2)] >= per[(2.0, 2)] >= per[(2.0, 6)]
