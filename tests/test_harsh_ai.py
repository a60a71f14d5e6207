"""The Harsh Shadows autopilot, determinization and hint."""

from __future__ import annotations

import random
import time
from collections import Counter

import pytest
from counting_clock import CountingClock
from test_harsh_support import (
    BINOC,
    CAMERA,
    CLUE,
    CODED,
    GUN,
    LAPTOP,
    PASSPORT,
    PHONE,
    PHOTO,
    act,
    fresh,
)

from game.ai.harsh_hint import HarshBot, determinize, hint, make_bot, representatives
from game.ai.harsh_policy import (
    DEST,
    TRAFFIC,
    HarshPolicy,
    Knowledge,
    W,
    bomb_chance,
    bomb_cost_now,
    bomb_odds,
    cheapest_discard,
    draw_value,
    offer,
    spy_next_distribution,
)
from game.catalog import get_game
from game.match import Match
from game.rules.harsh import sim_report
from game.rules.harsh.data import BOMB, LOC_BY_ABILITY, SPY_CARDS, SPY_TURNED_AT_SHUFFLE
from game.rules.protocol import CHANCE, NOBODY

SPEC = get_game("harsh")


def positions(n_games=4, every=3, difficulty="standard"):
    """Player decision points from random games."""
    out = []
    for seed in range(n_games):
        m = Match.start("harsh", 1, seed, {"difficulty": difficulty})
        rng = random.Random(seed)
        i = 0
        while m.decider() != NOBODY:
            if m.decider() == CHANCE:
                m.chance_step()
                continue
            if i % every == 0:
                out.append(m.state.clone())
            i += 1
            m.apply(0, rng.choice(m.state.legal_actions(0)))
    return out


@pytest.mark.parametrize("difficulty", ["standard", "expert"])
def test_determinized_worlds_show_exactly_the_players_view(difficulty):
    rng = random.Random(1)
    for s in positions(difficulty=difficulty):
        v = s.view(0)
        w = determinize(v, rng)
        assert w.view(0) == v
        assert w.legal_actions(0) == s.legal_actions(0)


def test_determinized_worlds_vary_the_hidden_cards():
    s = positions(1)[0]
    v = s.view(0)
    rng = random.Random(2)
    worlds = [determinize(v, rng) for _ in range(30)]
    assert len({tuple(map(tuple, w.conf)) for w in worlds}) > 1
    assert len({tuple(w.deck) for w in worlds}) > 1
    assert len({tuple(w.spydeck) for w in worlds}) > 1
    for w in worlds:                                   # one Bomb among the dealt cards
        assert sum(st[0] == BOMB for st in w.stacks) == 1
        assert sum(c % 2 for c in w.spydeck) == 4


def test_determinize_keeps_a_tracked_spy_card():
    s = fresh(deal=(BOMB, CLUE, CLUE, PHOTO, BINOC, PASSPORT, 3, CLUE, CLUE))
    act(s, "move", 7)
    s.bugged = True
    s.spy = 1
    act(s, "track")
    rng = random.Random(3)
    for _ in range(10):
        w = determinize(s.view(0), rng)
        assert w.spydeck[-1] == s.spydeck[-1]


def test_policy_reads_only_what_the_player_knows():
    """Two worlds sampled from one view must get the same choice from the policy."""
    rng = random.Random(4)
    for s in positions(3, every=2):
        v = s.view(0)
        choices = {HarshPolicy(random.Random(0)).choose(w, w.legal_actions(0))
                   for w in (determinize(v, rng) for _ in range(4))}
        assert len(choices) == 1


def test_spy_next_distribution_sums_to_one_and_uses_a_known_card():
    s = fresh()
    d = spy_next_distribution(s)
    assert abs(sum(d) - 1) < 1e-9
    act(s, "move", 5)
    s.peek_top = True
    d = spy_next_distribution(s)
    assert d[3] == 1.0                                 # card 1: S from the corner


def test_hint_ranks_every_action_best_first_within_budget():
    s = positions(3, every=1)[2]
    actions = s.legal_actions(0)
    t = time.perf_counter()
    ranked = hint(s.view(0), actions, budget_ms=300, rng=random.Random(5))
    assert time.perf_counter() - t < 1.5
    assert sorted(a.label for a, _, _ in ranked) == sorted(a.label for a in actions)
    ps = [p for _, p, _ in ranked]
    assert ps == sorted(ps, reverse=True) and all(0 <= p <= 1 for p in ps)
    assert all(n >= 1 for _, _, n in ranked)


def test_hint_with_nothing_to_choose_answers_at_once():
    t = time.perf_counter()
    assert hint(positions(1)[0].view(0), [], budget_ms=1500) == []
    assert time.perf_counter() - t < 0.5


def test_hint_sees_that_accusing_now_wins():
    s = fresh()
    s.bugged = True
    s.spy = 4
    for p in (0, 3, 4, 5):                         # the cards now held leave the grid
        s.stacks[p], s.origin[p], s.known[p] = [], [], []
    s.coll = [PHOTO, BINOC, PASSPORT, CLUE]
    s.rev[0] = [True, True, True]                  # the Evidence is known and all held
    act(s, "move", 4)
    ranked = hint(s.view(0), s.legal_actions(0), budget_ms=2000, rng=random.Random(6),
                  max_samples=20)
    best, p, n = ranked[0]
    assert best.kind == "accuse" and p == 1.0 and n == 20
    assert HarshBot(think_ms=0).choose(s.view(0), s.legal_actions(0)).kind == "accuse"


def test_bot_factory_levels_and_budgets():
    assert SPEC.bot_factory("easy", 0, seed=1, think_ms=None).think_ms == 0
    assert SPEC.bot_factory("normal", 0, seed=1, think_ms=None).think_ms > 0
    assert SPEC.bot_factory("hard", 0, seed=1, think_ms=None).think_ms == 1500
    assert SPEC.bot_factory("hard", 0, seed=1, think_ms=7).think_ms == 7
    with pytest.raises(ValueError):
        make_bot("genius")


@pytest.mark.parametrize("difficulty", ["standard", "hard", "difficult", "expert"])
def test_autopilot_finishes_games_and_the_report_counts_them(difficulty):
    states = []
    for seed in range(6):
        m = Match.start("harsh", 1, seed, {"difficulty": difficulty})
        bot = SPEC.bot_factory("easy", 0, seed=seed, think_ms=0)
        while m.decider() != NOBODY:
            if m.decider() == CHANCE:
                m.chance_step()
            else:
                m.apply(0, bot.choose(m.state.view(0), m.state.legal_actions(0)))
        states.append(m.state)
    rep = sim_report(states)
    assert set(rep) == {"win_rate", "loss_reasons", "mean_turns"}
    assert rep["win_rate"] * 6 + sum(rep["loss_reasons"].values()) == pytest.approx(6, abs=0.01)
    assert rep["mean_turns"] > 1


@pytest.mark.slow  # many complete games; CI runs it, -m "not slow" skips it
def test_autopilot_beats_random_play():
    wins = {"bot": 0, "random": 0}
    for seed in range(40):
        for who in wins:
            m = Match.start("harsh", 1, seed, {})
            bot = make_bot("easy", seed=seed)
            rng = random.Random(seed)
            while m.decider() != NOBODY:
                if m.decider() == CHANCE:
                    m.chance_step()
                    continue
                acts = m.state.legal_actions(0)
                a = bot.choose(m.state.view(0), acts) if who == "bot" else rng.choice(acts)
                m.apply(0, a)
            wins[who] += m.state.outcome == "won"
    assert wins["bot"] >= 8 and wins["bot"] > 3 * wins["random"]


def test_searching_bot_uses_its_budget_and_returns_a_legal_action():
    s = positions(3, every=1)[1]
    bot = make_bot("normal", seed=3, think_ms=30)
    a = bot.choose(s.view(0), s.legal_actions(0))
    assert a in s.legal_actions(0)


def test_paired_counts_and_the_sign_test():
    from game.ai.harsh_hint import _clearly_ahead, _paired
    assert _paired([True, True, False, False], [True, False, True, False]) == (1, 1)
    assert _paired([True] * 9, [False] * 9) == (9, 0)
    assert _clearly_ahead(9, 0, 2.0) and not _clearly_ahead(6, 3, 2.0)
    assert not _clearly_ahead(0, 0, 2.0)


def test_the_search_overrules_a_losing_choice_but_keeps_a_sound_one():
    from game.ai.harsh_hint import improve
    s = fresh()
    s.bugged = True
    s.spy = 4
    for p in (0, 3, 4, 5):
        s.stacks[p], s.origin[p], s.known[p] = [], [], []
    s.coll = [PHOTO, BINOC, PASSPORT, CLUE]
    s.rev[0] = [True, True, True]
    act(s, "move", 4)
    v, actions = s.view(0), s.legal_actions(0)
    accuse = next(a for a in actions if a.kind == "accuse")
    other = next(a for a in actions if a.kind != "accuse")
    choice, worlds = improve(v, actions, other, 200, random.Random(1), clock=CountingClock())
    assert choice == accuse and worlds >= 3
    choice, _ = improve(v, actions, accuse, 200, random.Random(1), clock=CountingClock())
    assert choice == accuse


@pytest.mark.slow  # many complete games; CI runs it, -m "not slow" skips it
def test_the_search_autopilot_reads_only_the_view(monkeypatch):
    # Two games that differ only in what the player cannot see (the hidden Case Files,
    # Discovery cards and Spy deck order), at the same position: with the same seed and
    # a repeatable clock the search autopilot must choose the same in both.
    from game.ai import clock
    checked = 0
    for s in positions(3, every=4):
        v = s.view(0)
        other = determinize(v, random.Random(checked))
        assert other.view(0) == v
        if (other.spydeck, other.deck, other.conf) == (s.spydeck, s.deck, s.conf):
            continue
        for budget in ({"think_ms": 20}, {"work": 600}):    # on the clock, and on steps
            picks = []
            for st in (s, other):
                monkeypatch.setattr(clock, "now", CountingClock())
                bot = make_bot("normal", seed=2, **budget)
                picks.append(bot.choose(st.view(0), st.legal_actions(0)))
            assert picks[0] == picks[1]
        checked += 1
    assert checked >= 5


def test_a_known_evidence_item_not_in_hand_makes_turning_cards_worth_more():
    s = fresh()                       # Evidence: Photographs, Binoculars, Passport
    before = draw_value(Knowledge(s))
    s.rev[0][0] = True                # the Photographs are revealed as Evidence...
    kn = Knowledge(s)
    assert kn.missing_e == 1 and draw_value(kn) > before
    s.rev[0][1] = True                # ...and the Binoculars: two to find
    assert draw_value(Knowledge(s)) > draw_value(kn)
    s.coll += [PHOTO, BINOC]          # both in hand: nothing known is missing
    assert Knowledge(s).missing_e == 0 and draw_value(Knowledge(s)) == before


def test_a_card_seen_at_the_cafe_and_laid_by_the_spy_is_known_to_worlds_and_odds():
    s = fresh()
    s.coll += [s.stacks[3][0], s.stacks[4][0]]  # the dealt cards there are found
    s.deck.remove(BOMB)                        # the Spy laid a Bomb the player saw at the Cafe
    s.stacks[3], s.origin[3], s.known[3] = [BOMB], [False], [True]
    s.deck.remove(CLUE)                        # and an unseen card at the Museum
    s.stacks[4], s.origin[4], s.known[4] = [CLUE], [False], [False]
    assert bomb_chance(s, 3) == 1.0
    unseen = bomb_chance(s, 4)
    rng = random.Random(4)
    worlds = [determinize(s.view(0), rng) for _ in range(40)]
    assert all(w.stacks[3] == [BOMB] and w.known[3] == [True] for w in worlds)
    assert len({w.stacks[4][0] for w in worlds}) > 1       # the unseen one still varies
    assert all(w.view(0) == s.view(0) for w in worlds)
    # unknown, that Bomb would hide among the unseen cards: each of them likelier a Bomb
    s.known[3] = [False]
    assert bomb_chance(s, 4) > unseen and bomb_chance(s, 3) == bomb_chance(s, 4)
    s.stacks[3], s.known[3] = [CLUE], [True]
    assert bomb_chance(s, 3) == 0.0


@pytest.mark.parametrize("item, wanted", [(PHOTO, True), (CAMERA, False)])
def test_the_move_goes_for_known_evidence_on_the_grid_and_not_a_known_red_herring(item, wanted):
    s = fresh()                       # Evidence: Photographs...; Red Herring: Hidden Camera...
    s.rev[0][0] = s.rev[1][0] = True  # ...both revealed
    home = s.stacks.index([item])     # the Item lies dealt somewhere; the Spy laid it at 7 instead
    s.stacks[home], s.origin[home], s.known[home] = [CLUE], [True], [False]
    s.deck.remove(CLUE)
    s.stacks[7], s.origin[7], s.known[7] = [item] + s.stacks[7], [False] + s.origin[7], \
        [True] + s.known[7]
    picks = {HarshPolicy(random.Random(seed)).choose(s, s.legal_actions(0)).args[0]
             for seed in range(5)}
    assert (picks == {7}) if wanted else (7 not in picks)


def test_the_cafe_puts_bombs_deepest_and_the_card_most_worth_having_on_top():
    grid = [x for x in range(9) if x != LOC_BY_ABILITY["cafe"]]
    grid.insert(5, LOC_BY_ABILITY["cafe"])
    s = fresh(grid=tuple(grid), cases=(PHONE, PHOTO, BINOC, PASSPORT, CAMERA, LAPTOP, CODED, GUN))
    s.rev[0][0] = True                # the Phone is Evidence
    for k in (PHONE, LAPTOP, BOMB):   # the deck's top three, the Bomb on top
        s.deck.remove(k)
        s.deck.append(k)
    act(s, "move", 5)
    act(s, "ability", "cafe")
    assert s.phase == "reorder"
    pick = HarshPolicy(random.Random(0)).choose(s, s.legal_actions(0))
    assert pick.args == (PHONE, LAPTOP, BOMB)   # top first


def test_a_forced_discard_gives_up_a_clue_before_an_item_that_may_be_the_last_evidence():
    s = fresh()                       # Evidence: Photographs, Binoculars, Passport
    s.rev[0][0] = s.rev[0][1] = True  # two of them revealed: one Evidence among six unknown
    for k in (CLUE, GUN):
        s.deck.remove(k)
        s.coll.append(k)
    kn = Knowledge(s)
    assert kn.e_rem == 1 and len(kn.unknown) == 6
    # discarding the Gun loses the game one time in six: a Clue is the cheaper loss
    assert cheapest_discard(s, kn) == CLUE


def test_worlds_hold_the_unseen_spy_cards_each_as_likely_on_top_and_the_turns_left():
    s = fresh()
    while len(s.spy_moves) < 3:       # three Spy moves, their cards seen face up
        acts = s.legal_actions(0)
        if s.phase == "move":
            act(s, "move", next(a.args[0] for a in acts if a.args[0] != s.spy))
        else:
            s.apply(0, next((a for a in acts if a.kind == "end"), acts[-1]))
    seen = [m[0] for m in s.spy_moves]
    turned_left = SPY_TURNED_AT_SHUFFLE - sum(m[1] for m in s.spy_moves)
    rng = random.Random(5)
    tops = Counter()
    for _ in range(600):
        w = determinize(s.view(0), rng)
        assert sorted(c // 2 for c in w.spydeck) == sorted(set(SPY_CARDS) - set(seen))
        assert sum(c % 2 for c in w.spydeck) == turned_left
        tops[w.spydeck[-1] // 2] += 1
    share = 600 / (len(SPY_CARDS) - len(seen))
    assert all(0.6 * share < n < 1.4 * share for n in tops.values()) and len(tops) == 8 - len(seen)


@pytest.mark.slow  # many complete games; CI runs it, -m "not slow" skips it
def test_a_step_budget_gives_the_same_choice_on_any_clock(monkeypatch):
    # With a budget of playout steps the search ignores the clock: a clock that says the
    # time ran out at once, and one that never moves, give the same worlds and choices.
    from game.ai import clock
    from game.ai.harsh_hint import improve

    class Stopped:
        def __call__(self):
            return 0.0

    class Racing:
        t = 0.0

        def __call__(self):
            self.t += 10.0
            return self.t

    searched = 0
    for s in positions(3, every=5):
        v, actions = s.view(0), s.legal_actions(0)
        if len(representatives(actions)) < 2:
            continue
        mine = actions[0]
        runs = [improve(v, actions, mine, 40, random.Random(9), clock=c(), work_budget=600)
                for c in (Stopped, Racing)]
        assert runs[0] == runs[1]
        assert runs[0][1] >= 2                    # more than the clock would have allowed
        searched += 1
        picks = []
        for c in (Stopped, Racing):
            monkeypatch.setattr(clock, "now", c())
            picks.append(make_bot("normal", seed=4, work=600).choose(v, actions))
        assert picks[0] == picks[1] and picks[0] in actions
    assert searched >= 3


def test_a_step_budget_stops_the_search_after_that_many_steps():
    from game.ai import harsh_hint
    s = positions(3, every=1)[1]
    v, actions = s.view(0), s.legal_actions(0)
    spent = []
    real = harsh_hint.play_world

    def counted(world, seed, acts, work=None):
        before = work[0]
        out = real(world, seed, acts, work)
        spent.append(work[0] - before)
        return out

    harsh_hint.play_world = counted
    try:
        _, worlds = harsh_hint.improve(v, actions, actions[0], 10_000, random.Random(2),
                                       work_budget=900)
    finally:
        harsh_hint.play_world = real
    assert worlds == len(spent)
    # it stops at the first world that reaches the budget, not before
    assert sum(spent[:-1]) < 900 <= sum(spent)


def test_a_step_budget_must_be_positive():
    with pytest.raises(ValueError, match="playout steps"):
        make_bot("normal", work=0)


def test_the_search_overrules_on_a_lead_of_four_worlds_at_one_standard_error():
    # The rule chosen by the true-world gain of its overrules (harsh_overrule_gain.py): the
    # leader must have won at least 4 more of the worlds where the two differ, and by more
    # than one standard error of the sign test.
    from game.ai.harsh_hint import overrule

    def won(ahead, behind, same=10):
        lead = [True] * ahead + [False] * behind + [True] * same
        base = [False] * ahead + [True] * behind + [True] * same
        return {"lead": lead, "base": base}

    live = ["lead", "base"]
    assert overrule(live, won(4, 0), "base") == "lead"
    assert overrule(live, won(3, 0), "base") == "base"        # a lead of 3 is not enough
    assert overrule(live, won(7, 3), "base") == "lead"        # 4 > 1.0 x sqrt(10)
    assert overrule(live, won(12, 8), "base") == "base"       # 4 < 1.0 x sqrt(20)
    assert overrule(live, won(0, 5), "base") == "base"        # the heuristic leads


def at_ability(key: str, **options):
    """A fresh game with the Location of ``key`` at square 5, the Agent just arrived there
    (it drew the Passport) and free to take additional actions."""
    grid = [x for x in range(9) if x != LOC_BY_ABILITY[key]]
    grid.insert(5, LOC_BY_ABILITY[key])
    s = fresh(grid=tuple(grid), **options)
    act(s, "move", 5)
    assert s.phase != "move" and PASSPORT in s.coll
    return s


def heuristic_pick(s):
    return HarshPolicy(random.Random(0)).choose(s, s.legal_actions(0))


def is_ability(a, key):
    return a.kind == "ability" and a.args[0] == key


@pytest.mark.parametrize("bugged", [True, False])
def test_the_carnival_holds_a_bugged_spy_so_the_deck_lasts_a_turn_longer(bugged):
    s = at_ability("carnival")
    s.bugged = bugged                 # the Spy two squares away, not coming here
    assert Knowledge(s).spy_next[s.agent] < 0.5 and s.deck
    assert is_ability(heuristic_pick(s), "carnival") == bugged


def test_the_gamble_is_taken_for_a_card_worth_having_and_not_blind_into_a_bomb():
    s = at_ability("casino")
    assert not is_ability(heuristic_pick(s), "casino")   # an ordinary card: not worth the risk
    s.rev[0][0] = s.rev[0][1] = True  # the Photographs and Binoculars are Evidence, unseen
    assert Knowledge(s).missing_e == 2
    assert is_ability(heuristic_pick(s), "casino")
    s.deck.remove(BOMB)               # ...but the top card is a Bomb the player saw at the Cafe
    s.deck.append(BOMB)
    s.deck_known = 1
    assert not is_ability(heuristic_pick(s), "casino")


def test_the_dead_drop_takes_the_best_card_next_door():
    s = at_ability("post")            # orthogonal neighbours of square 5: 2, 4 and 8 (unseen)
    s.rev[0][0] = True                # the Photographs are Evidence; the player saw them laid at 4
    home = s.stacks.index([PHOTO])
    s.stacks[home], s.known[home] = [CLUE], [False]
    s.deck.remove(CLUE)
    s.stacks[4], s.origin[4], s.known[4] = [PHOTO] + s.stacks[4], [False] + s.origin[4], \
        [True] + s.known[4]
    pick = heuristic_pick(s)
    assert is_ability(pick, "post") and pick.args[1] == 4
    # with no Evidence known, an unseen card is not worth a Bomb's risk: no dead drop
    assert not is_ability(heuristic_pick(at_ability("post")), "post")


def test_the_express_is_a_second_arrival_when_evidence_is_still_to_find():
    s = at_ability("bus")
    s.coll.remove(PASSPORT)           # nothing found yet that is Evidence...
    s.coll.append(GUN)
    s.rev[2][0] = True                # ...and only a False Lead revealed: Evidence is unknown
    assert Knowledge(s).e_rem == 3
    pick = heuristic_pick(s)
    assert is_ability(pick, "bus") and s.stacks[pick.args[1]]
    s.rev[0] = [True, True, True]     # every Evidence Item known, and all of them in hand
    s.coll += [PHOTO, BINOC, PASSPORT]
    assert Knowledge(s).e_rem == 0 and Knowledge(s).missing_e == 0
    assert not is_ability(heuristic_pick(s), "bus")


def test_an_unseen_card_is_worth_more_as_fewer_cards_stay_unseen():
    s = fresh()
    s.rev[0][0] = True                # the Photographs are Evidence, still face down somewhere
    many = draw_value(Knowledge(s))
    for _ in range(6):                # six cards of the deck gone by, all seen
        s.discard.append(s.deck.pop())
    assert Knowledge(s).missing_e == 1 and draw_value(Knowledge(s)) > many


def square_scores(s, seed=0):
    score = HarshPolicy(random.Random(seed))._square_scorer(s, Knowledge(s))
    return [score(q) for q in range(9)]


def test_on_the_run_the_move_weighs_emptying_a_square_the_spy_may_walk_onto():
    s = fresh()
    s.discard += s.deck               # the deck is spent: the Spy is On the Run
    s.deck = []
    s.stacks[1].append(CLUE)          # two cards at 1 (one stays), one at 3 and 4
    s.discard.remove(CLUE)
    s.origin[1].append(False)
    s.known[1].append(False)
    walks = Knowledge(s).spy_next     # the Spy at 0 may walk to 1, 3 or 4
    assert walks[1] > 0 and walks[3] > 0 and len(s.stacks[3]) == 1
    s.countdown = 3
    calm = square_scores(s)
    s.countdown = 1                   # one more empty Location and the game is lost
    pressed = square_scores(s)
    assert pressed[3] < calm[3] - 4.0 * walks[3]   # its last card: the Countdown may turn
    assert pressed[1] == pytest.approx(calm[1])    # a card stays there


def test_a_ready_player_counts_on_the_spy_walking_in_only_with_a_card_to_spare():
    s = fresh()
    s.rev[0] = [True, True, True]     # all three Evidence known, in hand, the Spy bugged
    s.rev[1] = [True]
    for k in (PHOTO, BINOC, PASSPORT):
        home = s.stacks.index([k])
        s.stacks[home], s.known[home] = [CLUE], [False]
        s.deck.remove(CLUE)
        s.coll.append(k)
    s.bugged = True
    assert Knowledge(s).p_accuse == 1.0
    walks = Knowledge(s).spy_next
    only_evidence = square_scores(s)  # the Spy walking in would take an Evidence Item
    s.deck.remove(CLUE)
    s.coll.append(CLUE)               # now it would take the Clue
    spare = square_scores(s)
    for q in range(9):
        if q != s.spy and walks[q]:
            assert spare[q] > only_evidence[q] + 40 * walks[q]


@pytest.mark.parametrize("spy, acts", [(0, True), (2, False)])
def test_no_reveal_or_safe_deposit_leaves_nothing_to_give_a_spy_who_may_walk_in(spy, acts):
    s = fresh()
    act(s, "move", 5)                 # the Casino: its Gamble is not worth it here
    s.coll = [CLUE, CLUE]             # paying for Evidence would empty the hand
    s.spy = spy                       # from 0 the Spy cannot reach 5 this turn, from 2 it can
    assert (Knowledge(s).spy_next[5] > 0) != acts
    assert (heuristic_pick(s).kind == "reveal") == acts
    s = at_ability("bank")            # the Passport drawn there is known Evidence
    s.rev[0][2] = True
    s.spy = spy
    assert s.coll == [PASSPORT]
    assert is_ability(heuristic_pick(s), "bank") == acts


def test_every_action_played_in_a_world_meets_the_same_spy_reshuffles(monkeypatch):
    # Common random numbers: the actions' playouts differ only by what the actions do. The
    # policy's tie-breaks have a stream of their own, so a tie-break drawn in one playout and
    # not in another cannot shift the Spy decks that later reshuffles bring.
    from game.ai import harsh_hint
    from game.rules.harsh.state import HarshState
    states = positions(3, every=4, difficulty="expert")[:12]
    shuffles: list[list] = []
    real = HarshState.sample_chance

    def recorded(self, rng):
        a = real(self, rng)
        if a.kind == "spydeck":
            shuffles[-1].append(a.args)
        return a

    monkeypatch.setattr(HarshState, "sample_chance", recorded)
    real_rollout = harsh_hint.rollout

    def tracked(*args, **kw):
        shuffles.append([])
        return real_rollout(*args, **kw)

    monkeypatch.setattr(harsh_hint, "rollout", tracked)
    compared = 0
    for s in states:
        actions = list(representatives(s.legal_actions(0)).values())
        if len(actions) < 2:
            continue
        world = determinize(s.view(0), random.Random(5))
        shuffles.clear()
        harsh_hint.play_world(world, 77, actions)
        runs = [r for r in shuffles if r]
        for r in runs[1:]:
            n = min(len(r), len(runs[0]))
            assert r[:n] == runs[0][:n]
            compared += n
    assert compared >= 10


def at_stakeout(bug):
    """The Agent at Sunrise Park has looked at the top Spy card; the Bug waits at ``bug``
    (a function of the state: the square), the Spy is not bugged."""
    s = at_ability("park")
    s.bug = bug(s)
    act(s, "ability", "park")
    assert s.phase == "stakeout" and not s.bugged
    return s


def spy_card_destinations(s):
    """Where the top Spy card sends the Spy, and where the cards still unturned might."""
    top = DEST[s.spy][s.spydeck[-1]]
    others = {DEST[s.spy][c * 2 + t] for c in SPY_CARDS if c != s.spydeck[-1] // 2
              for t in (0, 1)}
    return top, others


def test_the_stakeout_puts_under_a_card_that_walks_the_spy_past_the_bug():
    def elsewhere(s):
        top, others = spy_card_destinations(s)
        return min(others - {top, s.agent})
    s = at_stakeout(elsewhere)
    top, others = spy_card_destinations(s)
    assert top != s.bug and s.bug in others
    assert heuristic_pick(s).args == ("bottom",)
    # the same card walking the Spy onto the Bug stays on top
    assert heuristic_pick(at_stakeout(lambda s: spy_card_destinations(s)[0])).args == ("keep",)
    # with no Bug waiting, a harmless card stays on top: the player knows the Spy's next step
    assert heuristic_pick(at_stakeout(lambda s: -1)).args == ("keep",)


def test_the_move_counts_the_best_card_within_reach_next_turn(monkeypatch):
    s = fresh()                       # the Agent at 8; empty its neighbours 4, 5 and 7
    for q in (4, 5, 7):
        s.discard += s.stacks[q]
        s.stacks[q], s.origin[q], s.known[q] = [], [], []
    kn = Knowledge(s)
    odds, draw = bomb_odds(s), draw_value(kn)
    cost = bomb_cost_now(s, kn)
    monkeypatch.setitem(W, "next_turn", 0.0)
    flat = square_scores(s)
    monkeypatch.setitem(W, "next_turn", 0.3)
    ahead = square_scores(s)
    assert ahead[8] == pytest.approx(flat[8])   # a dead end: nothing within reach next turn
    near_2 = offer(s, 1, kn, odds, draw, cost)   # of 2's neighbours 1, 4 and 5, only 1 has cards
    assert near_2 > 0 and ahead[2] == pytest.approx(flat[2] + 0.3 * near_2)


def test_before_the_run_a_card_from_a_square_of_one_or_two_costs_the_deck_card_to_refill_it(
        monkeypatch):
    s = fresh()                       # the deck still holds cards: the Spy is not On the Run
    s.stacks[3] += [CLUE, CLUE]       # three cards at 3: one taken leaves two, nothing to refill
    s.origin[3] += [False, False]
    s.known[3] += [False, False]
    s.deck.remove(CLUE)
    s.deck.remove(CLUE)
    s.discard += s.stacks[7]          # none at 7: nothing taken
    s.stacks[7], s.origin[7], s.known[7] = [], [], []
    assert s.deck and [len(s.stacks[q]) for q in (1, 3, 7)] == [1, 3, 0]
    monkeypatch.setitem(W, "refill", 0.0)
    flat = square_scores(s)
    monkeypatch.setitem(W, "refill", 3.0)
    costed = square_scores(s)
    for q in range(9):
        short = q != s.spy and 0 < len(s.stacks[q]) <= 2
        assert costed[q] == pytest.approx(flat[q] - (3.0 * TRAFFIC[q] if short else 0.0))
    assert costed[1] < flat[1] and costed[3] == flat[3] and costed[7] == flat[7]
    s.discard += s.deck               # On the Run the deck refills nothing: the Countdown
    s.deck = []                       # term weighs an emptied square instead
    on_the_run = square_scores(s)
    monkeypatch.setitem(W, "refill", 0.0)
    assert square_scores(s) == pytest.approx(on_the_run)


def test_the_search_drops_an_action_one_standard_error_behind_the_leader():
    from game.ai.harsh_hint import prune

    leader = [True] * 12 + [False] * 3 + [True] * 15          # 27 of 30 worlds won
    # worlds the leader won and it lost, then the one it won and the leader lost
    far = [False] * 6 + [True] * 6 + [True, True, False] + [True] * 15
    near = [False] * 5 + [True] * 7 + [True] * 3 + [True] * 15
    won = {"lead": leader, "base": [False] * 30, "far": far, "near": near}
    live = ["lead", "base", "far", "near"]
    # far: 6 - 2 = 4 behind on the 8 worlds they differ in, 4 > 1.0 x sqrt(8): dropped;
    # near: 5 - 3 = 2 behind on 8, 2 < sqrt(8): it stays, and so does the heuristic's choice
    assert prune(live, won, "base") == ["lead", "base", "near"]
    # at 1.5 standard errors (the rule before) the far one stayed: 4 < 1.5 x sqrt(8)
    assert prune(live, won, "base", z=1.5) == live
