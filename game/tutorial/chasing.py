"""The Chasing Shadows tutorial: the last three tricks of a game, then its scoring.

Seed 170 with player 2 starting the first round, the first two rounds and the first nine
tricks of the third played by ``first_legal``, leaves each player four cards and, with the
moves below, brings up every core rule: the Spotlight, following a Follow Card (and the
rules refusing a card that does not), the follower choosing the discard, a trick won by the
highest card below the Spotlight (twice, once by a 0) and one won by the highest card when
none is below, the new Spotlight, the last card in hand, an even suit losing its higher
half, a lone 0 scoring 15, and a strike-through. It was found by searching seeds and move
orders (build_scripts/research/find_tutorial_deal.py); tests/test_tutorial.py checks every move is
legal where it stands and plays it to the end on the real table.

Every rule of the rulebook has a step (``RULES`` below). Nine are only explained, with the
table pointed at, because this slice of one game cannot show them: the deck and the deal
(the tutorial joins after the deal), the 3-player discard pile (pointed at, already full),
who starts the first round and each next one, the shuffle between rounds, a tie between
equal ranks (no two equal ranks meet in these tricks) and the two final tie-breaks (nobody
ties here). Showing them in play needs a tutorial from round 1's deal (issue 40).

You (the learner) are seat 0, Bob seat 1, Carol seat 2 (play goes 0, 1, 2, 0...).
"""

from __future__ import annotations

from game.rules.chasing import cards as C
from game.rules.chasing.state import trick_winner

from . import Tutorial, first_legal, row
from .coverage import rule

LEARNER = 0
CARDS_LEFT = 4


def ready(state) -> bool:
    """Three tricks from the end of the third round, before anyone plays to the next."""
    return (state.rnd == 2 and state.dealt and not state.trick and not state.await_discard
            and len(state.hands[LEARNER]) == CARDS_LEFT)


def consequence(state, seat: int, action) -> str:
    """What a legal move other than the step's would do, from what the table shows."""
    if action.kind == "discard":
        left = [C.SUITS[c >> 4] for c in state.follow if C.SUITS[c >> 4] != action.args[0]]
        return (f"it would leave the {' and '.join(left)} Follow Card for the next player"
                if left else "it would leave no Follow Card")
    if action.kind != "play":
        return ""
    played = C.parse(*action.args)
    if not state.trick:
        return (f"you would lead the {C.name(played)}; the others then follow the Follow "
                "Cards, whatever its colour")
    plays = list(state.trick) + [played]
    best = trick_winner(state.spot & 15, [c & 15 for c in plays])
    done = len(plays) == state.n
    if best == len(plays) - 1:
        if done:
            return f"it would win the trick: you would take the {C.name(state.spot)} Spotlight"
        return (f"it would be winning the trick so far, and the winner takes the "
                f"{C.name(state.spot)} Spotlight")
    return (f"the {C.name(plays[best])} would {'win' if done else 'still be winning'} the "
            "trick")


ROWS = (
    row("say", "Welcome to Chasing Shadows! We join the last of three rounds with three tricks "
               "to go. Your aim: take as few points as you can. After three rounds the lowest "
               "total wins.", "scoresheet"),
    row("say", "Every round starts with a fresh shuffle and deal. Round I was started by Bob, "
               "round II by Carol, this one by you: the start moves one seat to the left.",
        "scoresheet"),
    row("say", "This is the Spotlight, the red 9. Whoever wins a trick takes the Spotlight card, "
               "and taken cards cost points.", "spotlight"),
    row("say", "Your hand: four cards. Only you see their faces; the others see just the "
               "colours on the backs.", "hand"),
    row("say", "These face-down cards are the Follow Cards: one red, one yellow. When you follow, "
               "you must play the colour of one of them if you can.", "follow"),
    row("say", "At 3 players the deck is the 44 cards ranked 0 to 10. Each player is dealt 13; of "
               "the 5 left, one is the Spotlight and the last two Follow Cards start this "
               "discard pile.", "discard"),
    row("say", "Carol leads this trick. The leader may play any card and never discards a "
               "Follow Card.", "plate.2"),
    row("bot", 2, ("play", ("yellow", 6))),
    row("do", "Your turn. You hold yellow, which matches a Follow Card, so a grey card is not "
              "allowed (the colours of the lead and of the Spotlight don't count). Play the "
              "yellow 5.", "hand.yellow.5", ("play", ("yellow", 5)),
        "play the yellow 5: the 8 would be the highest card under the Spotlight and win"),
    row("say", "You played yellow, so the yellow Follow Card went to the discard pile. Bob may "
               "only follow the red one.", "follow"),
    row("bot", 1, ("play", ("red", 7))),
    row("say", "Who wins? The highest card BELOW the Spotlight's 9: Bob's 7 beats Carol's 6 and "
               "your 5. Bob takes the red 9. (Equal ranks? The later card wins.)", "trick"),
    row("say", "Bob's red 7 is the new Spotlight. The other two cards are the new Follow Cards, "
               "face down. The winner leads the next trick.", "spotlight"),
    row("bot", 1, ("play", ("red", 10))),
    row("bot", 2, ("play", ("yellow", 0))),
    row("do", "Carol followed yellow, so one Follow Card is left: yellow. You hold a yellow card, "
              "so it must be the yellow 8. Play it.", "hand.yellow.8", ("play", ("yellow", 8)),
        "the yellow 8 is the card to play"),
    row("say", "Spotlight 7: Bob's 10 and your 8 are above it, Carol's 0 is below. The highest "
               "card below wins, even a 0: Carol takes the red 7.", "trick"),
    row("say", "Carol's yellow 0 is the new Spotlight. No card is below 0, so this time the "
               "highest card will win.", "spotlight"),
    row("bot", 2, ("play", ("grey", 1))),
    row("do", "You have no red and no yellow, so any card is allowed. Your last card will "
              "count against you, so keep the low one: play the grey 7.", "hand.grey.7",
        ("play", ("grey", 7)), "play the grey 7 and keep the lower grey 5 for the end"),
    row("do", "Your card matched no Follow Card, so you choose which one to discard. Choosing "
              "well can force the next player's hand. Discard the red one.", "follow.red",
        ("discard", ("red",)), "discard the red Follow Card this time"),
    row("bot", 1, ("play", ("yellow", 3))),
    row("say", "Nothing is below the Spotlight's 0, so the highest card wins: your grey 7. You "
               "take the yellow 0.", "trick"),
    row("say", "That was the last trick: everyone holds one card, and it counts as taken. Your "
               "cards this round are on your plate.", "taken.0"),
    row("say", "Each suit scores on its own. Blue: you took 3 and 4, an even count, so the "
               "higher half (the 4) is ignored. Blue scores 3.", "round_end.suit.0.blue"),
    row("say", "Yellow: a 0 on its own counts as 15! Grey: one card, the 5, scores 5. No red: "
               "its box stays empty, not 0.",
        "round_end.suit.0.yellow"),
    row("go", "Press \"See the final scores\".", "round_end.continue"),
    row("say", "Final scoring: a suit scored in exactly two of the three rounds loses its "
               "earlier score. Your yellow 8 from round II is struck out. Blue and grey (all "
               "three rounds) and red (one) keep theirs.", "results.sheet.0"),
    row("say", "The lowest total wins: Bob, with 43. On equal totals, whoever took the fewest "
               "cards in round III wins; still equal, they share the win. You're ready for a "
               "real game!",
        "results.winner"),
)

TUTORIAL = Tutorial(
    game_id="chasing",
    title="Chasing Shadows",
    players=3,
    learner=LEARNER,
    seed=170,
    options={"start": "1"},
    seat_names=("Alice", "Bob", "Carol"),  # the first is the learner's setup name
    rows=ROWS,
    prelude=first_legal,
    ready=ready,
    minutes=5,
)

# --- the rulebook, rule by rule, and the step that teaches it (see coverage.py) -----------------
RULES = (
    rule("deck", "The deck depends on the players: ranks 0-10 at 3, 0-13 at 4, 0-14 at 5.",
         "explained", "the deck is the 44 cards ranked 0 to 10"),
    rule("deal", "Each player is dealt 13 cards (11 at 5 players).", "explained",
         "Each player is dealt 13"),
    rule("secret", "Your ranks are secret; the colours on the backs stay visible to all.",
         "play", "Only you see their faces"),
    rule("spotlight", "The next card is the Spotlight, face up; the rest are the Follow Cards.",
         "play", "This is the Spotlight"),
    rule("follow_cards", "The Follow Cards lie face down; their colours show.", "play",
         "These face-down cards are the Follow Cards"),
    rule("discard3", "At 3 players the last two Follow Cards are set aside as a discard pile.",
         "explained", "the last two Follow Cards start this discard pile"),
    rule("first_start", "A starting player leads the first trick of the first round.",
         "explained", "Round I was started by Bob"),
    rule("one_left", "Tricks go on until everyone holds one card.", "play",
         "everyone holds one card"),
    rule("winner_takes", "The trick's winner takes the Spotlight card.", "play",
         "Whoever wins a trick takes the Spotlight card"),
    rule("new_spotlight", "The winner's card becomes the next Spotlight.", "play",
         "Bob's red 7 is the new Spotlight"),
    rule("new_follow", "The other cards of the trick become the next Follow Cards.", "play",
         "The other two cards are the new Follow Cards"),
    rule("last_card", "The card left in hand counts as taken.", "play", "it counts as taken"),
    rule("lowest_wins", "After three rounds the lowest total wins.", "play",
         "Bob, with 43"),
    rule("lead_any", "The leader plays any card and never discards a Follow Card.", "play",
         "The leader may play any card"),
    rule("must_follow", "A follower must play the colour of a Follow Card if able.", "play",
         "a grey card is not allowed"),
    rule("lead_suit", "The leader's colour and the Spotlight's colour do not matter for following.",
         "play", "the colours of the lead and of the Spotlight don't count"),
    rule("discard_match", "A follower discards the Follow Card of the colour played.", "play",
         "the yellow Follow Card went to the discard pile"),
    rule("fewer_follow", "Each follower has one Follow Card fewer; the last must match the one "
         "left.", "play", "one Follow Card is left"),
    rule("no_match", "Unable to match: play any card and discard a Follow Card of your choice.",
         "play", "you choose which one to discard"),
    rule("below_wins", "The highest card below the Spotlight's rank wins the trick.", "play",
         "The highest card below wins"),
    rule("none_below", "If no card is below the Spotlight, the highest card wins.", "play",
         "the highest card wins: your grey 7"),
    rule("tie_later", "Between equal cards, the one played later wins.", "explained",
         "Equal ranks? The later card wins"),
    rule("winner_leads", "The winner leads the next trick.", "play",
         "The winner leads the next trick"),
    rule("by_suit", "At the round's end each suit a player took scores on its own.", "play",
         "Each suit scores on its own"),
    rule("even_half", "An even count in a suit: its higher half is ignored.", "play",
         "the higher half (the 4) is ignored"),
    rule("odd_all", "An odd count in a suit: every card counts.", "play",
         "one card, the 5, scores 5"),
    rule("lone_zero", "A suit whose only card is a 0 scores 15.", "play",
         "a 0 on its own counts as 15"),
    rule("empty_box", "A suit not taken in a round leaves its box empty (not 0).", "play",
         "its box stays empty, not 0"),
    rule("next_round", "Until three rounds are played, all cards are shuffled and dealt again.",
         "explained", "Every round starts with a fresh shuffle and deal"),
    rule("next_start", "Each round the starting player moves one seat to the left.", "explained",
         "the start moves one seat to the left"),
    rule("strike", "A suit scored in exactly two rounds loses its earlier score.", "play",
         "loses its earlier score"),
    rule("no_strike", "A suit scored in one round or in all three keeps every score.", "play",
         "Blue and grey (all three rounds) and red (one) keep theirs"),
    rule("final_sum", "The final score is the sum of the scores not struck through.", "play",
         "The lowest total wins: Bob"),
    rule("tie_fewest", "A tie goes to the player who took the fewest cards in the last round.",
         "explained", "whoever took the fewest cards in round III wins"),
    rule("tie_shared", "Still tied: the victory is shared.", "explained",
         "still equal, they share the win"),
)
UNCOVERED = frozenset(r.id for r in RULES if r.how == "uncovered")
