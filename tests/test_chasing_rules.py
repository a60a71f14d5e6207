"""Chasing Shadows rules: every worked example of the rulebook, plus the edge rulings."""

from __future__ import annotations

import pytest

from game.catalog import get_game
from game.match import Match
from game.rules.chasing import RULES_TEXT
from game.rules.chasing import cards as C
from game.rules.chasing.scoring import round_scores, sheet_total, struck_flags, suit_score
from game.rules.chasing.state import PLAY_ACTIONS, ChasingState, trick_winner
from game.rules.protocol import CHANCE, NOBODY, Action, RuleError, leaves

SPEC = get_game("chasing")

B, R, Y, G = range(4)


def cd(suit: int, rank: int) -> int:
    return C.card(suit, rank)


def rig(n: int, start: int, hands: dict[int, list[int]], spot: int,
        follow: list[int]) -> ChasingState:
    """A state right after a deal in which seats hold at least ``hands``, the Spotlight is
    ``spot`` and the Follow Cards are ``follow`` (with 3 players, two more dealt ones go
    to the discard pile: give them in ``follow`` too, or let the rest of the deck fill
    them as it fills the hands)."""
    st = ChasingState.new(n, {"start": str(start)})
    used = {c for h in hands.values() for c in h} | {spot, *follow}
    rest = [c for c in C.deck(n) if c not in used]
    size = C.HAND_SIZE[n]
    order = []
    for seat in range(n):
        h = list(hands.get(seat, []))
        while len(h) < size:
            h.append(rest.pop(0))
        order.extend(h)
    extra = [rest.pop(0) for _ in range(n - 1 + C.DEALT_DISCARDS[n] - len(follow))]
    order += [spot, *follow, *extra]
    assert not rest
    st.apply(CHANCE, Action("deal", (tuple(order),)))
    return st


def play(st: ChasingState, seat: int, suit: int, rank: int):
    return st.apply(seat, Action("play", (C.SUITS[suit], rank)))


def discard(st: ChasingState, seat: int, suit: int):
    return st.apply(seat, Action("discard", (C.SUITS[suit],)))


def legal_cards(st: ChasingState, seat: int) -> set[tuple[str, int]]:
    return {a.args for a in st.legal_actions(seat) if a.kind == "play"}


# --- setup ------------------------------------------------------------------------------------

@pytest.mark.parametrize("n,top,size,total", [(3, 10, 13, 44), (4, 13, 13, 56), (5, 14, 11, 60)])
def test_deck_and_deal_by_player_count(n, top, size, total):
    m = Match.start("chasing", n, seed=4, options={"start": "0"})
    m.run_chance()
    st = m.state
    assert len(C.deck(n)) == total and max(c & 15 for c in C.deck(n)) == top
    assert [len(h) for h in st.hands] == [size] * n
    assert st.spot >= 0 and len(st.follow) == n - 1
    assert len(st.discard) == (2 if n == 3 else 0)
    assert st.hidden == st.follow + st.discard


def test_three_players_set_aside_the_last_two_follow_cards():
    st = rig(3, 0, {}, cd(Y, 8), [cd(B, 1), cd(R, 1), cd(G, 1), cd(G, 2)])
    assert st.follow == [cd(B, 1), cd(R, 1)]
    assert st.discard == [cd(G, 1), cd(G, 2)]


def test_random_start_is_a_chance_step_and_later_rounds_move_one_seat_on():
    m = Match.start("chasing", 4, seed=7)
    assert m.decider() == CHANCE
    m.chance_step()
    assert m.log[-1][1].kind == "start"
    first = m.state.start_seat
    starts = []
    while m.decider() != NOBODY:
        if m.decider() == CHANCE:
            m.chance_step()
            starts.append(m.state.leader)
            continue
        m.apply(m.decider(), m.state.legal_actions()[0])
    assert starts == [first, (first + 1) % 4, (first + 2) % 4]


def test_start_option_fixes_the_first_starting_player():
    m = Match.start("chasing", 5, seed=1, options={"start": "3"})
    m.run_chance()
    assert len(m.log) == 1 and m.log[0][1].kind == "deal"
    assert m.state.decider() == 3
    with pytest.raises(ValueError, match="does not exist"):
        Match.start("chasing", 3, seed=1, options={"start": "4"})


# --- winning a trick: the two rulebook examples -------------------------------------------------

def test_trick_winner_rule():
    assert trick_winner(8, [2, 5, 8]) == 1          # highest below the Spotlight
    assert trick_winner(5, [6, 9, 11]) == 2         # none below: highest overall
    assert trick_winner(8, [5, 5]) == 1             # tie: the later card
    assert trick_winner(3, [9, 12, 12, 4]) == 2     # tie above: the later card
    assert trick_winner(0, [0, 0]) == 1


def test_rulebook_trick_examples():
    # Alex (0), Brett (1), Chris (2). The Spotlight is an 8.
    st = rig(3, 0, {0: [cd(R, 2), cd(R, 10)], 1: [cd(B, 5), cd(B, 6)], 2: [cd(R, 8), cd(R, 9)]},
             cd(Y, 8), [cd(B, 0), cd(R, 0), cd(G, 0), cd(G, 1)])
    play(st, 0, R, 2)
    play(st, 1, B, 5)
    play(st, 2, R, 8)
    # Brett's blue 5 is the highest card below 8: he takes the 8, his 5 is the Spotlight.
    assert st.last_winner == 1
    assert st.taken[1] == [cd(Y, 8)]
    assert st.spot == cd(B, 5)
    assert sorted(st.follow) == [cd(R, 2), cd(R, 8)]
    assert st.decider() == 1
    # Brett leads; every card is at or above 5, so the highest (Alex's) wins.
    play(st, 1, B, 6)
    play(st, 2, R, 9)
    play(st, 0, R, 10)
    assert st.last_winner == 0
    assert st.taken[0] == [cd(B, 5)]
    assert st.spot == cd(R, 10)


# --- the follow rule: the rulebook example -------------------------------------------------------

def follow_example() -> ChasingState:
    # Alex 0, Brett 1, Chris 2, Drew 3; Follow Cards yellow, grey, blue.
    # Chris holds no yellow or grey; Drew holds several yellows and one grey.
    hands = {
        0: [cd(R, 3)],
        1: [cd(B, 7), cd(Y, 1), cd(G, 9), cd(R, 11)] + [cd(R, r) for r in (0, 1, 2)]
        + [cd(B, r) for r in (8, 9, 10, 11, 12, 13)],
        2: [cd(R, r) for r in (4, 5, 6, 7, 8, 9, 10)] + [cd(B, r) for r in (0, 1, 2, 3, 4, 5)],
        3: [cd(Y, r) for r in range(2, 13)] + [cd(G, 2), cd(R, 12)],
    }
    return rig(4, 0, hands, cd(R, 13), [cd(Y, 13), cd(G, 13), cd(B, 6)])


def test_rulebook_follow_example():
    st = follow_example()
    play(st, 0, R, 3)                                   # the leader plays anything
    assert st.discard == []                             # and never discards
    brett = legal_cards(st, 1)
    assert {s for s, _ in brett} == {"blue", "yellow", "grey"}
    with pytest.raises(RuleError, match="must play a blue or yellow or grey card"):
        play(st, 1, R, 11)
    play(st, 1, B, 7)                                   # blue: the blue Follow Card goes
    assert sorted(c >> 4 for c in st.follow) == [Y, G]
    assert st.decider() == 2
    assert {s for s, _ in legal_cards(st, 2)} == {"red", "blue"}   # no yellow/grey: anything
    play(st, 2, R, 5)
    assert st.view(2)["phase"] == "discard"
    assert st.decider() == 2
    labels = [a.label for a in st.legal_actions(2)]
    assert labels == ["Discard the yellow Follow Card", "Discard the grey Follow Card"]
    with pytest.raises(RuleError, match="first choose which Follow Card"):
        play(st, 2, R, 6)
    discard(st, 2, Y)                                   # forcing Drew onto his only grey
    assert legal_cards(st, 3) == {("grey", 2)}
    play(st, 3, G, 2)
    assert st.follow and st.last_winner is not None


def test_unmatched_follower_facing_one_suit_discards_automatically():
    # Chris holds only red and grey; after Brett matches yellow only blue Follow Cards remain.
    chris = [cd(R, r) for r in range(4, 13)] + [cd(G, r) for r in range(4, 8)]
    st = rig(4, 0, {0: [cd(R, 3)], 1: [cd(Y, 1)], 2: chris},
             cd(R, 13), [cd(Y, 13), cd(B, 6), cd(B, 9)])
    play(st, 0, R, 3)
    play(st, 1, Y, 1)
    assert [c >> 4 for c in st.follow] == [B, B]
    assert len(legal_cards(st, 2)) == 13                # no blue: any card
    events = play(st, 2, G, 4)
    assert [e.kind for e in events] == ["card_played", "follow_discarded"]
    assert st.view(None)["phase"] == "play" and st.decider() == 3
    assert [c >> 4 for c in st.follow] == [B]


def test_last_follower_must_match_the_one_remaining_follow_card():
    st = follow_example()
    play(st, 0, R, 3)
    play(st, 1, B, 7)
    play(st, 2, R, 5)
    discard(st, 2, G)                                   # leave yellow for Drew
    assert {s for s, _ in legal_cards(st, 3)} == {"yellow"}


def test_refusals_explain_themselves_and_change_nothing():
    st = follow_example()
    before = st.to_json()
    with pytest.raises(RuleError, match="Player 1's turn, not Player 2's"):
        play(st, 1, B, 7)
    with pytest.raises(RuleError, match="not in your hand"):
        play(st, 0, Y, 13)
    with pytest.raises(RuleError, match="play a card first"):
        discard(st, 0, Y)
    with pytest.raises(RuleError, match="not a Chasing Shadows move"):
        st.apply(0, Action("play", ("purple", 3)))
    assert st.to_json() == before
    play(st, 0, R, 3)
    play(st, 1, B, 7)
    play(st, 2, R, 5)
    with pytest.raises(RuleError, match="no blue Follow Card left"):
        discard(st, 2, B)



def test_the_shared_actions_are_checked_like_any_other():
    # apply() finds the engine's own Action objects by identity and checks them against
    # the moves legal_actions kept; one not among them is looked at afresh.
    st = follow_example()
    play(st, 0, R, 3)
    listed = st.legal_actions(1)
    red_11 = PLAY_ACTIONS[cd(R, 11)]                    # in Brett's hand, but he must follow
    assert red_11 not in listed and cd(R, 11) in st.hands[1]
    before = st.to_json()
    with pytest.raises(RuleError, match="must play a blue or yellow or grey card"):
        st.apply(1, red_11)
    assert st.to_json() == before
    st.step(cd(B, 7))                                   # the position moves on, no list kept
    with pytest.raises(RuleError, match="Player 3's turn"):
        st.apply(1, listed[0])
    assert st.legal_actions(2)                          # Chris's moves kept, Brett's card not
    kept = st.to_json()
    with pytest.raises(RuleError, match="not in your hand"):
        st.apply(2, next(a for a in listed if a.args == ("yellow", 1)))
    assert st.to_json() == kept
    st.apply(2, PLAY_ACTIONS[cd(R, 5)])                 # listed or not, a legal one plays
    assert st.view(2)["phase"] == "discard"

# --- round scoring: the rulebook examples ------------------------------------------------------

def test_rulebook_scoring_example_alex():
    assert suit_score([1, 3, 9, 12]) == (4, (9, 12))
    assert suit_score([0]) == (15, ())
    alex = [cd(R, 1), cd(R, 3), cd(R, 9), cd(R, 12), cd(G, 0)]
    assert round_scores(alex) == [None, 4, None, 15]


def test_rulebook_scoring_example_brett():
    assert suit_score([2, 4, 8]) == (14, ())
    assert suit_score([0, 13]) == (0, (13,))
    brett = [cd(B, 2), cd(B, 4), cd(B, 8), cd(Y, 0), cd(Y, 13)]
    assert round_scores(brett) == [14, None, 0, None]


def test_empty_box_is_not_zero_and_zero_in_company_is_zero():
    assert suit_score([]) == (None, ())
    assert suit_score([0, 5, 7]) == (12, ())
    assert round_scores([]) == [None, None, None, None]


# --- final scoring: the rulebook example ----------------------------------------------------------

RULEBOOK_SHEET = [
    # blue, red, yellow, grey
    [12, 0, 3, None],       # round I
    [None, 4, 11, None],    # round II
    [6, 0, None, 5],        # round III
]


def test_rulebook_final_scoring_example():
    struck = struck_flags(RULEBOOK_SHEET)
    assert struck[0][B] and struck[0][Y]               # blue 12 (I & III), yellow 3 (I & II)
    assert sum(map(sum, struck)) == 2                  # red in all three rounds stays
    assert sheet_total(RULEBOOK_SHEET, struck) == 0 + 4 + 11 + 6 + 0 + 5 == 26


def finished(sheets: list[list[list[int | None]]], last_round_counts: list[int]) -> ChasingState:
    st = ChasingState(len(sheets), "0")
    st.sheet = sheets
    st.rnd = 3
    st.round_cards = [(), (), tuple(tuple(range(k)) for k in last_round_counts)]
    return st


def test_final_result_and_view_use_struck_scores():
    other = [[10, None, None, None], [None, 10, None, None], [None, None, 10, None]]
    st = finished([RULEBOOK_SHEET, other, other], [5, 4, 4])
    res = st.result()
    assert res.scores == (26, 30, 30) and res.winners == (0,)
    assert "lowest score, 26" in str(res.reason)
    sheet = st.view(1)["scoresheet"][0]
    assert sheet["total"] == 26 and sheet["struck"][0] == (True, False, True, False)
    assert sheet["rounds"][1] == (None, 4, 11, None)


def test_tie_goes_to_fewest_cards_in_final_round_then_shared():
    a = [[5, None, None, None], [None, 5, None, None], [None, None, 5, None]]
    b = [[None, None, None, 15], [None, None, None, None], [None, None, None, None]]
    st = finished([a, b, a, b], [6, 3, 3, 5])
    res = st.result()
    assert res.scores == (15, 15, 15, 15)
    assert res.winners == (1, 2) and "share the win" in str(res.reason)
    st = finished([a, b, a, b], [6, 2, 3, 5])
    res = st.result()
    assert res.winners == (1,) and "fewest cards in the final round" in str(res.reason)


# --- a whole round by the numbers -------------------------------------------------------------------

def test_round_plays_twelve_tricks_and_last_card_joins_taken():
    m = Match.start("chasing", 4, seed=3, options={"start": "1"})
    m.run_chance()
    tricks = 0
    while m.state.rnd == 0:
        before = len(m.state.history)
        m.apply(m.decider(), m.state.legal_actions()[-1])
        tricks += len(m.state.history) > before
    st = m.state
    assert tricks == len(st.history) == 12 and all(h == [] for h in st.hands)
    assert sum(len(t) for t in st.taken) == 12 + 4
    assert st.round_cards[0] == tuple(tuple(sorted(t)) for t in st.taken)
    assert [st.sheet[s][0] for s in range(4)] == [round_scores(t) for t in st.taken]
    assert st.decider() == CHANCE and st.start_seat == 2


def test_views_show_suits_not_ranks_of_hidden_cards():
    st = follow_example()
    v1 = st.view(1)
    assert v1["hands"][1][0][0] == "card"
    assert all(t[0] == "back" for s in (0, 2, 3) for t in v1["hands"][s])
    assert [t for t in v1["follow"]] == [("back", "yellow"), ("back", "grey"), ("back", "blue")]
    assert v1["spotlight"] == ("card", "red", 13)
    lv = leaves(st.view(None))
    for owner, token in st.secret_tokens():
        assert token not in lv
        if owner is not None and owner != 1:
            assert token not in leaves(v1)


def test_events_describe_plays_and_never_an_unplayed_rank():
    st = follow_example()
    events = play(st, 0, R, 3) + play(st, 1, B, 7)
    assert [e.text for e in events] == ["Player 1 plays red 3", "Player 2 plays blue 7",
                                        "Player 2 discards the blue Follow Card"]
    assert all(e.seats is None for e in events)


def test_clone_is_independent_and_equal():
    st = follow_example()
    c = st.clone()
    assert c.to_json() == st.to_json()
    play(c, 0, R, 3)
    assert c.to_json() != st.to_json()
    assert st.trick == [] and cd(R, 3) in st.hands[0]


def test_damaged_state_is_refused():
    data = follow_example().to_json()
    data["hands"][0].pop()
    with pytest.raises(ValueError, match="do not add up"):
        ChasingState.from_json(data)
    with pytest.raises(ValueError, match="damaged"):
        ChasingState.from_json({"n": 4})


def test_bad_chance_outcomes_are_refused():
    st = ChasingState.new(4, {"start": "0"})
    with pytest.raises(RuleError, match="shuffled 56-card deck"):
        st.apply(CHANCE, Action("deal", (tuple(range(56)),)))
    st = ChasingState.new(4)
    with pytest.raises(RuleError, match="random start seat"):
        st.apply(CHANCE, Action("start", (4,)))


def test_spec_and_rules_text():
    assert SPEC.id == "chasing" and (SPEC.min_players, SPEC.max_players) == (3, 5)
    assert SPEC.rules_text == RULES_TEXT
    words = len(RULES_TEXT.split())
    assert 500 <= words <= 900
    for needed in ("Spotlight", "Follow Card", "lone 0", "strike", "fewest cards"):
        assert needed in RULES_TEXT
