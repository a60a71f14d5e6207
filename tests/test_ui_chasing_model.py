"""The table's event replay (game.ui.chasing.model) agrees with the engine's views, and
the table geometry keeps every place apart at both supported window sizes."""

import random

import pygame
import pytest

from game.match import Match
from game.rules.protocol import CHANCE, chance_rng
from game.ui import style
from game.ui.chasing import model as M
from game.ui.chasing.layout import Geometry
from game.ui.chasing.wording import why_not

REPLAYED = ("card_played", "follow_discarded", "trick_won")


def replay_step(before: dict, events) -> dict:
    out = before
    for e in events:
        d = e.data
        if e.kind == "card_played":
            out, _ = M.play(out, d["seat"], d["suit"], d["rank"])
        elif e.kind == "follow_discarded":
            out, _ = M.discard(out, d["suit"])
        elif e.kind == "trick_won":
            out = M.win(out, d["seat"], tuple(d["spotlight"]), tuple(d["card"]))
    return out


@pytest.mark.parametrize("players", [3, 4, 5])
def test_replaying_events_on_the_model_matches_the_next_view(players):
    rng = random.Random(players)
    for game in range(4):
        match = Match.start("chasing", players, seed=game, options={})
        viewer = game % players
        checked = 0
        while not match.state.is_over():
            d = match.decider()
            if d == CHANCE:
                match.apply(CHANCE, match.state.sample_chance(chance_rng(match.seed, len(match.log))))
                continue
            before = M.from_view(match.state.view(viewer))
            events = match.apply(d, rng.choice(match.state.legal_actions(d)))
            if any(e.kind == "round_scored" for e in events):
                continue  # the table shows the round-end screen instead
            after = M.from_view(match.state.view(viewer))
            assert replay_step(before, events) == after, [e.text for e in events]
            checked += 1
        assert checked > 30


def test_the_model_never_holds_another_seats_ranks():
    match = Match.start("chasing", 4, seed=7, options={"start": "1"})
    match.apply(CHANCE, match.state.sample_chance(chance_rng(7, 0)))
    m = M.from_view(match.state.view(0))
    assert all(c[0] == "card" for c in m["hands"][0])
    for seat in (1, 2, 3):
        assert M.has_no_ranks_of(m, seat)
    assert M.has_no_ranks_of(M.from_view(match.state.view(None)), 0)


def test_the_refusal_names_the_follow_suits_and_says_you_hold_some():
    view = {"phase": "play", "trick": ({"seat": 1, "card": ("card", "red", 2)},),
            "follow": (("back", "yellow"), ("back", "grey"), ("back", "grey")),
            "hands": ((("card", "blue", 3), ("card", "yellow", 1), ("card", "grey", 9)),)}
    text = why_not(view, 0, ("card", "blue", 3), True, "Bob")
    assert text == "You must follow: play a yellow or grey card — you hold some."
    one = dict(view, hands=((("card", "blue", 3), ("card", "grey", 9)),))
    assert why_not(one, 0, ("card", "blue", 3), True, "Bob").endswith("you hold one.")
    assert why_not(view, None, ("card", "blue", 3), False, "Bob") == \
        "It is not your turn: waiting for Bob."


@pytest.mark.parametrize("size", [(1024, 640), (1280, 720), (1920, 1080)])
@pytest.mark.parametrize("players", [3, 4, 5])
def test_table_places_stay_apart_and_inside_the_window(size, players):
    m = style.Metrics.for_size(*size)
    top = m.button_h + 2 * m.gap
    geo = Geometry(m, top, players, bottom=1 % players, memory=True)
    window = pygame.Rect(0, 0, *size)
    places = {"spot": geo.spot, "follow": geo.follow, "discard": geo.discard,
              "prompt": geo.prompt, "hand": geo.hand.inflate(0, 0).move(0, 0)}
    for seat in range(players):
        places[f"plate{seat}"] = geo.plates[seat]
        places[f"slot{seat}"] = geo.slots[seat]
    for name, rect in places.items():
        assert geo.table.contains(rect), name
        assert not rect.colliderect(geo.sidebar), name
    names = sorted(places)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            if {a, b} == {"hand", "prompt"}:
                continue
            assert not places[a].colliderect(places[b]), (a, b, places[a], places[b])
    for r in (geo.scores, geo.memory, geo.log):
        assert window.contains(r) and r.height > m.px(60)
        # beside the table: the still layer's panels lie under nothing the table draws
        # over them (cards in flight, the zoomed card stay on the table)
        assert geo.sidebar.contains(r) and not r.colliderect(geo.table)
    # a 13-card hand fits inside the table
    rects = geo.hand_rects(13)
    assert rects[0].x >= geo.table.x and rects[-1].right <= geo.table.right


def test_a_prompt_too_long_for_the_line_keeps_its_first_clause():
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    pygame.font.init()
    from game.ui.chasing.paint import shortest_needed

    long = ("Dave, your choice: click the Follow Card to discard (red or grey) — the ones left "
            "decide what the next players must play.")
    assert shortest_needed(long, 16, 2000) == long
    assert shortest_needed(long, 16, 640) == \
        "Dave, your choice: click the Follow Card to discard (red or grey)."
