"""Figures for the simulator: faction and Neutral win rates, game length."""

from __future__ import annotations

from .data import CHAR_NAME, FACTION, NEUTRAL


def sim_report(states):
    games = len(states)
    wins = {"hunter": 0, "shadow": 0, "neutral": 0}
    with_neutral = 0
    neutral_games: dict = {}
    neutral_wins: dict = {}
    turns = 0
    for s in states:
        turns += s.turn_no
        winners = set(s.winners)
        factions = {FACTION[s.chars[i]] for i in winners}
        if "H" in factions:
            wins["hunter"] += 1
        if "S" in factions:
            wins["shadow"] += 1
        neutrals = [i for i in range(s.n) if FACTION[s.chars[i]] == NEUTRAL]
        if neutrals:
            with_neutral += 1
            if factions & {NEUTRAL}:
                wins["neutral"] += 1
        for i in neutrals:
            name = CHAR_NAME[s.chars[i]]
            neutral_games[name] = neutral_games.get(name, 0) + 1
            neutral_wins[name] = neutral_wins.get(name, 0) + (i in winners)
    return {
        "faction_win_rate": {
            "hunter": wins["hunter"] / games if games else 0.0,
            "shadow": wins["shadow"] / games if games else 0.0,
            "neutral": wins["neutral"] / with_neutral if with_neutral else 0.0,
        },
        "neutral_win_rate": {k: neutral_wins[k] / neutral_games[k]
                             for k in sorted(neutral_games)},
        "mean_turns": turns / games if games else 0.0,
    }
