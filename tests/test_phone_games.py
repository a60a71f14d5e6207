"""Complete games with every human seat on a scripted phone (WebSocket on 127.0.0.1).

Each game is checked three ways: it ends with a result; replaying the seed and the
choices the phones sent, with no server, gives the same log and result; and no phone
was ever sent another seat's secret (the rules' secret tokens, as leaves and as words).
"""

from __future__ import annotations

import asyncio

import pytest
from phone_driver import leaks, log_is_the_seats_own, play_over_phones, replay_without_server

CASES = [("chasing", n) for n in (3, 4, 5)] + [("hunters", n) for n in range(4, 9)]


@pytest.mark.parametrize("game_id,n", CASES, ids=[f"{g}-{n}" for g, n in CASES])
def test_a_whole_game_played_on_phones(game_id, n):
    seed = 40 + n
    session, hub, phones = asyncio.run(play_over_phones(game_id, n, seed))
    assert session.is_over()
    assert not hub.server.running, "the server stops with the game"
    assert all(not p.errors for p in phones), [p.errors for p in phones]
    assert all(p.sent for p in phones), "every phone made choices"
    offline = replay_without_server(game_id, n, seed, {}, phones)
    assert offline.log == session.match.log
    assert offline.state.result() == session.result()
    assert all(p.last["over"] and p.last["result"] for p in phones)
    assert leaks(game_id, n, seed, {}, phones) == []
    assert log_is_the_seats_own(session, phones) == []
