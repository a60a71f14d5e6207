"""Whole games played by computer players, for the tests that check what the bots do."""

from game.rules.protocol import CHANCE, NOBODY


def play_to_end(m, bots, check=None, steps=20000):
    """Play ``m`` (a Match) to its end: each seat's bot chooses from its view, chance steps
    come from the match. Every choice must be legal; ``check(state, seat, legal, action)``
    may look at it before it is applied. Returns the match."""
    for _ in range(steps):
        d = m.decider()
        if d == NOBODY:
            break
        if d == CHANCE:
            m.chance_step()
            continue
        legal = m.state.legal_actions(d)
        a = bots[d].choose(m.state.view(d), legal)
        assert a in legal
        if check is not None:
            check(m.state, d, legal, a)
        m.apply(d, a)
    assert m.state.result() is not None
    return m
