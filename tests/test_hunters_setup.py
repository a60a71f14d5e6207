"""Setup: the allocation table, character pools, options, board, Hermit round, registration."""

import pytest

from game.catalog import get_game
from game.match import Match
from game.rules.hunters import RULES_TEXT, HuntersState
from game.rules.hunters.data import (
    ALLOCATION,
    AREAS,
    BLACK_CARDS,
    CHAR_ID,
    CHAR_SET,
    CHARACTERS,
    FACTION,
    HERMIT_CARDS,
    INITIAL,
    WHITE_CARDS,
)
from game.rules.protocol import CHANCE, Action, RuleError


def dealt(n, seed, **options):
    m = Match.start("hunters", n, seed, options)
    m.chance_step()
    return [CHAR_ID[c] for c in m.log[0][1].args[0]], m


@pytest.mark.parametrize("n", range(4, 9))
def test_allocation_table(n):
    for seed in range(15):
        chars, _ = dealt(n, seed)
        counts = tuple(sum(FACTION[c] == f for c in chars) for f in "HSN")
        assert counts == ALLOCATION[n] and len(set(chars)) == n


def test_the_rulebook_allocation_list():
    assert ALLOCATION == {4: (2, 2, 0), 5: (2, 2, 1), 6: (2, 2, 2), 7: (2, 2, 3), 8: (3, 3, 2)}


@pytest.mark.parametrize("pool", ["base", "expansion"])
def test_base_and_expansion_pools(pool):
    for seed in range(20):
        chars, _ = dealt(8, seed, pool=pool)
        assert all(CHAR_SET[c] == pool for c in chars)


def test_one_per_initial_pool():
    seen = set()
    for seed in range(40):
        chars, _ = dealt(7, seed, pool="initial")
        assert len({INITIAL[c] for c in chars}) == 7
        seen.update(chars)
    assert len(seen) > 14          # both versions of initials do turn up


def test_no_abilities_removes_bob():
    for seed in range(60):
        for pool in ("all", "base", "initial"):
            chars, _ = dealt(7, seed, pool=pool, abilities="off")
            assert CHAR_ID["Bob"] not in chars


def test_invalid_deals_are_refused():
    s = HuntersState.new(4, {})
    with pytest.raises(RuleError):
        s.apply(CHANCE, Action("deal", (("Emi", "Franklin", "George", "Vampire"),)))
    with pytest.raises(RuleError):
        s.apply(CHANCE, Action("deal", (("Emi", "Emi", "Vampire", "Werewolf"),)))
    s = HuntersState.new(4, {"pool": "base"})
    with pytest.raises(RuleError):
        s.apply(CHANCE, Action("deal", (("Emi", "Ellen", "Vampire", "Werewolf"),)))
    s.apply(CHANCE, Action("deal", (("Emi", "George", "Vampire", "Werewolf"),)))


def test_board_is_a_shuffle_of_the_six_areas_and_the_first_player_is_random():
    firsts = set()
    for seed in range(30):
        _, m = dealt(5, seed)
        m.run_chance()
        v = m.state.view(None)
        assert sorted(v["board"]) == sorted(AREAS)
        firsts.add(v["active"])
        assert v["pending"]["kind"] == "start"
    assert firsts == set(range(5))


def test_hermit_round_at_six_players():
    m = Match.start("hunters", 6, 3, {"hermit_round": "on"})
    m.run_chance()
    st = m.state
    first = st.first
    for k in range(6):
        giver = (first + k) % 6
        assert st.decider() == giver
        assert [(a.kind,) + a.args for a in st.legal_actions(giver) if a.kind == "give"] == [
            ("give", (giver + 1) % 6)]
        m.apply(giver, Action("give", ((giver + 1) % 6,)))
        receiver = st.decider()
        assert receiver == (giver + 1) % 6
        m.apply(receiver, [a for a in st.legal_actions(receiver) if a.kind == "answer"][0])
        m.run_chance()
    assert st.view(None)["pending"]["kind"] == "start" and st.active == first
    assert st.view(None)["discards"]["hermit"] == 6


def test_hermit_round_is_ignored_below_six_players():
    m = Match.start("hunters", 5, 3, {"hermit_round": "on"})
    m.run_chance()
    assert m.state.view(None)["pending"]["kind"] == "start"


def test_registration():
    spec = get_game("hunters")
    assert (spec.title, spec.min_players, spec.max_players) == ("Shadow Hunters", 4, 8)
    assert {o.key: o.choices for o in spec.options} == {
        "pool": ("all", "base", "expansion", "initial"), "abilities": ("on", "off"),
        "hermit_round": ("off", "on")}
    with pytest.raises(ValueError):
        Match.start("hunters", 9, 1)


def test_rules_text_covers_every_character_and_card():
    words = len(RULES_TEXT.split())
    assert 900 <= words <= 1800
    for row in CHARACTERS + HERMIT_CARDS + WHITE_CARDS + BLACK_CARDS:
        assert row[0] in RULES_TEXT


def test_component_counts():
    from game.rules.hunters.data import CARD_DECK, NUM_CARDS
    assert len(CHARACTERS) == 20 and NUM_CARDS == 48
    assert [sum(CARD_DECK[c] == d for c in range(48)) for d in range(3)] == [16, 16, 16]
