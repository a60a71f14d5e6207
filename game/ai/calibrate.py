"""Measure the counts that stand for think time (see ``clock.counted_budget``).

    python -m game.ai.calibrate chasing|hunters|harsh [--games 4] [--think-ms 300]

Plays a few games on the thinking thread's CPU clock and reports how many units the
searching bot got through per second of think time, over the decisions where the clock
stopped it (not an early stop): Chasing Hard and Shadow Hunters Hard count sampled worlds,
the Harsh search playout steps (there each decision gets a fixed count and its CPU time is
measured). The median goes into the bot's module (WORLDS_PER_SECOND, STEPS_PER_SECOND)
once; the simulator and the benchmarks then search that many, on any machine.
Run it pinned on a quiet core: ``taskset -c 1 nice -n 0 python -m game.ai.calibrate ...``.
"""

from __future__ import annotations

import argparse
import statistics
import time

from game.ai import clock
from game.match import Match
from game.rules.protocol import CHANCE, NOBODY


def _play(game_id, n, seed, bots, on_choice, options=None):
    m = Match.start(game_id, n, seed, options or {})
    while (d := m.decider()) != NOBODY:
        if d == CHANCE:
            m.chance_step()
            continue
        legal = m.state.legal_actions(d)
        view = m.state.view(d)
        t = time.thread_time()
        a = bots[d].choose(view, legal)
        on_choice(d, bots[d], len(legal), time.thread_time() - t)
        m.apply(d, a)


def chasing(games, think_ms, seed=70000):
    from game.ai.chasing_bots import HardBot, NormalBot
    rates = []

    def seen(d, bot, k, spent):
        # stopped by the clock (0.9 of the budget), not because the choice was settled
        if d == 0 and k > 1 and spent >= 0.85 * think_ms / 1000.0:
            rates.append(bot.last_worlds / (think_ms / 1000.0))
    for g in range(games):
        bots = [HardBot(0, seed=seed + g, think_ms=think_ms)] + [NormalBot(s) for s in (1, 2, 3)]
        _play("chasing", 4, seed + g, bots, seen)
    return rates


def hunters(games, think_ms, seed=70000):
    from game.ai.hunters_bots import make_bot
    rates = []

    def seen(d, bot, k, spent):
        if getattr(bot, "last_search", None) is not None:
            # stopped by the clock (0.85 of the budget), not early
            if spent >= 0.8 * think_ms / 1000.0:
                rates.append(bot.last_search[0] / (think_ms / 1000.0))
            bot.last_search = None
    for g in range(games):
        n = 5 + g % 3
        bots = [make_bot("hard" if s == 0 else "normal", s, seed=seed + g, think_ms=think_ms)
                for s in range(n)]
        _play("hunters", n, seed + g, bots, seen)
    return rates


def harsh(games, think_ms, seed=70000, steps=2000):
    from game.ai.harsh_hint import make_bot
    rates = []

    def seen(d, bot, k, spent):
        if k > 1 and spent > 0:
            rates.append(steps / spent)
    for g in range(games):
        bots = [make_bot("hard", 0, seed=seed + g, work=steps)]
        _play("harsh", 1, seed + g, bots, seen)
    return rates


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m game.ai.calibrate")
    ap.add_argument("bot", choices=("chasing", "hunters", "harsh"))
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--think-ms", type=int, default=300)
    a = ap.parse_args(argv)
    clock.use("cpu")
    rates = {"chasing": chasing, "hunters": hunters, "harsh": harsh}[a.bot](a.games, a.think_ms)
    unit = "playout steps" if a.bot == "harsh" else "worlds"
    if not rates:
        print("no decision ran to its budget")
        return
    q = statistics.quantiles(rates, n=4) if len(rates) > 1 else rates * 3
    print(f"{a.bot}: {statistics.median(rates):.0f} {unit} per second of think time "
          f"(median of {len(rates)} decisions; quartiles {q[0]:.0f}-{q[2]:.0f})")


if __name__ == "__main__":
    main()
