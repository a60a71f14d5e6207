"""The cheating Shadow Hunters oracle (measurement only, build_scripts/research/hunters_oracle.py)."""

import sys
from pathlib import Path

from bot_games import play_to_end

from game.ai.hunters_hard import HardBot
from game.catalog import get_game
from game.match import Match
from game.rules.hunters.data import FACTION
from game.rules.protocol import CHANCE

BUILD_SCRIPTS = Path(__file__).resolve().parent.parent / "build_scripts"
sys.path[:0] = [str(BUILD_SCRIPTS), str(BUILD_SCRIPTS / "bench"), str(BUILD_SCRIPTS / "research")]

from hunters_oracle import OracleBot  # noqa: E402


def started(n, seed):
    m = Match.start("hunters", n, seed)
    while m.decider() == CHANCE and m.state.first < 0:
        m.chance_step()
    return m


def test_the_oracle_knows_every_identity_from_its_first_look_and_a_hard_bot_does_not():
    m = started(7, 3)
    truth = list(m.state.chars)
    view = m.state.view(0)
    oracle = OracleBot(0, truth, seed=1, think_ms=0).observe(view)
    honest = HardBot(0, seed=1, think_ms=0).observe(view)
    for i, c in enumerate(truth):
        assert oracle.characters(i) == {c: 1.0}
        assert oracle.faction(i)[FACTION[c]] == 1.0
    assert any(len(honest.characters(i)) > 1 for i in range(1, 7))


def test_the_oracle_plays_legal_full_games_beside_honest_bots():
    spec = get_game("hunters")
    for n, seed in ((5, 11), (7, 12)):
        m = started(n, seed)
        truth = list(m.state.chars)
        bots = [OracleBot(i, truth, seed=seed, think_ms=4) if i % 2 == 0
                else spec.bot_factory("hard", i, seed=seed, think_ms=4) for i in range(n)]
        play_to_end(m, bots)
