"""The Chasing Shadows tutorial: a whole game, from round I's shuffle and deal to the final
tie-break.

Seed 28, you starting round I: the rows below are one whole game (found by
build_scripts/research/find_tutorial_deal.py --from-deal). Round I's first three tricks
are played trick by trick (the deal, the Spotlight and Follow Cards, the 3-player discard
pile, a tie between equal ranks won by the later card, following a Follow Card, a 0 winning
below the Spotlight, a trick with nothing below), the next eight are fast-forwarded (a
``fast`` row: the coach plays every seat, the coach's note says so), and the last is played
again (choosing the discard, the last card in hand) before round I is scored (a lone 0, an
odd and an even count, an empty box). Round II is fast-forwarded whole; round III to its last
two tricks (the lead's colour not counting, a card equal to the Spotlight not below it).
The final scoring strikes two scores, and you and Bob tie on 44: you win by taking fewer
cards in round III. tests/test_tutorial.py checks every move is legal where it stands and
plays it to the end on the real table.

Every rule of the rulebook has a step (``RULES`` below); only a tie still equal after the
fewest-cards count (a shared win) is explained rather than played.

You (the learner) are seat 0, Bob seat 1, Carol seat 2 (play goes 0, 1, 2, 0...).
"""

from __future__ import annotations

from game.i18n import N_, NP_, _
from game.rules.chasing import cards as C
from game.rules.chasing import words as W
from game.rules.chasing.state import trick_winner
from game.rules.protocol import Action

from . import Tutorial, row
from .coverage import rule

LEARNER = 0
SUITS = {"b": "blue", "r": "red", "y": "yellow", "g": "grey"}


def plays(text: str) -> tuple[Action, ...]:
    """Moves written short, in the order they are made (each by the seat whose turn it is):
    ``y8`` plays the yellow 8, ``xr`` discards the red Follow Card."""
    out = []
    for word in text.split():
        if word[0] == "x":
            out.append(Action("discard", (SUITS[word[1]],)))
        else:
            out.append(Action("play", (SUITS[word[0]], int(word[1:]))))
    return tuple(out)


def consequence(state, seat: int, action) -> str:
    """What a legal move other than the step's would do, from what the table shows (in the
    language in force: the coach shows it at once)."""
    if action.kind == "discard":
        left = [W.suit(c >> 4) for c in state.follow if C.SUITS[c >> 4] != action.args[0]]
        return (_("it would leave the {suits} Follow Card for the next player",
                  suits=W.listing(left)) if left else _("it would leave no Follow Card"))
    if action.kind != "play":
        return ""
    played = C.parse(*action.args)
    if not state.trick:
        return _("you would lead the {card}; the others then follow the Follow Cards, whatever "
                 "its colour", card=W.card_of(played))
    plays = list(state.trick) + [played]
    best = trick_winner(state.spot & 15, [c & 15 for c in plays])
    done = len(plays) == state.n
    if best == len(plays) - 1:
        if done:
            return _("it would win the trick: you would take the {card} Spotlight",
                     card=W.card_of(state.spot))
        return _("it would be winning the trick so far, and the winner takes the {card} "
                 "Spotlight", card=W.card_of(state.spot))
    if done:
        return _("the {card} would win the trick", card=W.card_of(plays[best]))
    return _("the {card} would still be winning the trick", card=W.card_of(plays[best]))


ROWS = (
    # --- round I: the shuffle and the deal ---
    row("say", N_("Welcome to Chasing Shadows! A game is three rounds, and every card you take "
               "costs points: the lowest total after round III wins."), "scoresheet"),
    row("say", N_("Round I has just been shuffled and dealt. At 3 players the deck is the 44 cards "
               "ranked 0 to 10 in four colours, and each player is dealt 13."), "hand"),
    row("say", N_("Only you see the faces of your cards. Bob and Carol see just the colours on "
               "their backs, as you see theirs here."), "plate.1"),
    row("say", N_("Of the 5 cards left, the first is turned up: the Spotlight, the grey 5. "
               "Whoever wins a trick takes the Spotlight card."), "spotlight"),
    row("say", N_("The next two lie face down with their colours showing: the Follow Cards, red "
               "and yellow. A follower must play one of their colours if able."), "follow"),
    row("say", N_("At 3 players the last two cards are set face down on this discard pile, unseen "
               "all round. Later Follow Cards end up there too."), "discard"),
    row("say", N_("A game picks who starts round I; this time it is you. The starting player "
               "leads the first trick."), "plate.0"),
    row("do", N_("You lead: any card is allowed, and the leader never discards a Follow Card. "
              "Lead the yellow 8."), "hand.yellow.8", ("play", ("yellow", 8)),
        N_("lead the yellow 8: above the Spotlight's 5, it only wins if nobody goes below")),
    row("bot", 1, ("play", ("yellow", 4))),
    row("say", N_("Bob played yellow, so the yellow Follow Card went to the discard pile. Carol, "
               "the last to follow, has only the red one left to match."), "follow"),
    row("bot", 2, ("play", ("red", 4))),
    row("say", N_("The highest card below the Spotlight's 5 wins. Bob and Carol both played a 4: "
               "between equal cards the later one wins, so Carol takes the grey 5."), "trick"),
    row("say", N_("Carol's red 4 is the new Spotlight. The other two cards of the trick are the "
               "new Follow Cards, face down. The winner leads the next trick."), "spotlight"),
    row("bot", 2, ("play", ("yellow", 7))),
    row("do", N_("Both Follow Cards are yellow and you hold yellow, so you must play a yellow "
              "card; red, blue and grey are not allowed. Play the yellow 9."), "hand.yellow.9",
        ("play", ("yellow", 9)),
        N_("play the yellow 9: your 0 or 1 would be below the Spotlight's 4 and could win you the "
        "red 4")),
    row("bot", 1, ("play", ("grey", 0))),
    row("say", N_("Bob had no yellow, so any card was allowed. The highest card below the "
               "Spotlight wins, even a 0: Bob takes the red 4 and leads next."), "trick"),
    row("bot", 1, ("play", ("blue", 8))),
    row("bot", 2, ("play", ("yellow", 3))),
    row("do", N_("Carol matched a yellow Follow Card, so one Follow Card is left: yellow. Nothing "
              "is below the Spotlight's 0, so Bob's 8 will win. Play the yellow 1."),
        "hand.yellow.1", ("play", ("yellow", 1)),
        N_("play the yellow 1: either yellow loses to Bob's 8, and the coach keeps the 0")),
    row("say", N_("No card can be below a 0, so the highest card won: Bob's blue 8. He takes the "
               "grey 0."), "trick"),
    row("fast", N_("The next eight tricks bring nothing new, so the coach plays them for everyone, "
                "your cards too. Watch the Spotlight pass to each winner."), "trick",
        plays("g7 y2 y0  r7 y10 r6  r5 r3 y6  g4 r2 b10  g9 r1 b7  b3 g10 b0  r8 b1 g1  "
              "r9 b5 g6  b4")),
    # --- round I's last trick and its scoring ---
    row("do", N_("Last trick. Carol led the blue 4; the Follow Cards are red and blue and you "
              "hold neither, so any card is allowed. Play the grey 8."), "hand.grey.8",
        ("play", ("grey", 8)),
        N_("play the grey 8 and keep the grey 2: the card left in your hand counts as taken")),
    row("do", N_("Your card matched no Follow Card, so you choose which one goes to the discard "
              "pile. Discard the red one: Bob holds blue and must then play it."), "follow.red",
        ("discard", ("red",)), N_("discard the red Follow Card: the blue one left makes Bob play blue")),
    row("bot", 1, ("play", ("blue", 9))),
    row("say", N_("Carol's blue 4 is the highest card below the grey 6: she takes it. Now everyone "
               "holds one card, so the round ends, and that last card counts as taken."),
        "trick"),
    row("say", N_("Each suit scores on its own. Blue: your only blue is the 0, and a 0 on its own "
               "counts as 15!"), "round_end.suit.0.blue"),
    row("say", N_("Red: 1, 5 and 6, an odd count, so every card counts: 12. Grey: 2 and 7, an even "
               "count, so the higher half (the 7) is ignored: 2."), "round_end.suit.0.red"),
    row("say", N_("You took no yellow: its box stays empty, not 0. That matters in the final "
               "scoring."), "round_end.suit.0.yellow"),
    row("go", N_("Press \"Continue to round 2\"."), "round_end.continue"),
    # --- round II, fast-forwarded ---
    row("say", N_("For round II all 44 cards are shuffled and dealt again, and the start moves one "
               "seat to the left: Bob leads."), "plate.1"),
    row("fast", N_("The coach plays all of round II for everyone, quickly. Its scores go on the "
                "scoresheet."), "trick",
        plays("g2 r5 y7  g0 y3 g6  r10 g10 g5  y6 r0 g3  y2 g1 r9  r6 g4 r4  y10 g9 r7  "
              "b1 b9 xg b0  b5 b8 b3  b4 b10 b7  y4 b2 g8  y9 y8 xb g7")),
    row("go", N_("Round II is scored: for you blue 9, red 5, yellow 5. Press \"Continue to round "
              "3\"."), "round_end.continue"),
    # --- round III: fast-forwarded to its last two tricks ---
    row("fast", N_("Round III: Carol starts. The coach plays on until everyone holds three cards."),
        "trick",
        plays("g8 b10 r2  b9 g2 b5  b3 b7 g4  r8 b1 g0  b0 r0 g3  g10 b6 g9  y9 y4 xb y3  "
              "y0 y7 y10  r4 r5 y6  g1 r10 r3")),
    row("do", N_("You won the last trick, so you lead. Lead the red 9: far above the Spotlight's 3, "
              "it loses to any card below."), "hand.red.9", ("play", ("red", 9)),
        N_("lead the red 9 and keep the red 1 for following")),
    row("bot", 1, ("play", ("grey", 6))),
    row("bot", 2, ("play", ("yellow", 1))),
    row("bot", 2, ("play", ("yellow", 2))),
    row("do", N_("Carol led yellow, but the Follow Cards are red and grey: the lead's colour does "
              "not count. You hold red, so the blue 8 is not allowed. Play the red 1."),
        "hand.red.1", ("play", ("red", 1)), N_("the red 1 is the card to play")),
    row("bot", 1, ("play", ("grey", 7))),
    row("say", N_("Your 1 equals the Spotlight's 1, so it is not below it. With no card below, the "
               "highest wins: Bob's grey 7 takes the yellow 1."), "trick"),
    row("say", N_("Round III: blue 7 and 8 (the 8 ignored) and yellow 6. You took only 3 cards "
               "this round, Bob 8: remember that."), "round_end.row.0"),
    row("go", N_("Press \"See the final scores\"."), "round_end.continue"),
    # --- the final scoring and the tie-break ---
    row("say", N_("Final scoring: a suit scored in exactly two of the three rounds loses its "
               "earlier score. Your red 12 (rounds I and II) and yellow 5 (II and III) are "
               "struck out."), "results.sheet.0"),
    row("say", N_("Blue, scored in all three rounds, and grey, in one, keep every score. Your total "
               "is the sum of the scores not struck out: 44."), "results.sheet.0"),
    row("say", N_("The lowest total wins, but you and Bob both have 44! A tie goes to whoever took "
               "the fewest cards in round III: you, 3 to 8. Still equal, they would share the "
               "win."), "results.winner"),
)

TUTORIAL = Tutorial(
    game_id="chasing",
    title="Chasing Shadows",
    players=3,
    learner=LEARNER,
    seed=28,
    options={"start": "0"},
    # the first is the learner's setup name; the others are named in the language (the notes say them)
    seat_names=(NP_("name", "Alice"), NP_("name", "Bob"), NP_("name", "Carol")),
    rows=ROWS,
    minutes=9,
)

# --- the rulebook, rule by rule, and the step that teaches it (see coverage.py) -----------------
RULES = (
    rule("deck", "The deck depends on the players: ranks 0-10 at 3, 0-13 at 4, 0-14 at 5.",
         "play", "the deck is the 44 cards"),
    rule("deal", "Each player is dealt 13 cards (11 at 5 players).", "play",
         "each player is dealt 13"),
    rule("secret", "Your ranks are secret; the colours on the backs stay visible to all.",
         "play", "Only you see the faces of your cards"),
    rule("spotlight", "The next card is the Spotlight, face up; the rest are the Follow Cards.",
         "play", "the first is turned up: the Spotlight"),
    rule("follow_cards", "The Follow Cards lie face down; their colours show.", "play",
         "face down with their colours showing"),
    rule("discard3", "At 3 players the last two Follow Cards are set aside as a discard pile.",
         "play", "the last two cards are set face down on this discard pile"),
    rule("first_start", "A starting player leads the first trick of the first round.",
         "play", "The starting player leads the first trick"),
    rule("one_left", "Tricks go on until everyone holds one card.", "play",
         "everyone holds one card, so the round ends"),
    rule("winner_takes", "The trick's winner takes the Spotlight card.", "play",
         "Whoever wins a trick takes the Spotlight card"),
    rule("new_spotlight", "The winner's card becomes the next Spotlight.", "play",
         "Carol's red 4 is the new Spotlight"),
    rule("new_follow", "The other cards of the trick become the next Follow Cards.", "play",
         "new Follow Cards, face down"),
    rule("last_card", "The card left in hand counts as taken.", "play",
         "that last card counts as taken"),
    rule("lowest_wins", "After three rounds the lowest total wins.", "play",
         "The lowest total wins, but you and Bob"),
    rule("lead_any", "The leader plays any card and never discards a Follow Card.", "play",
         "the leader never discards a Follow Card"),
    rule("must_follow", "A follower must play the colour of a Follow Card if able.", "play",
         "you must play a yellow card"),
    rule("lead_suit", "The leader's colour and the Spotlight's colour do not matter for following.",
         "play", "the lead's colour does not count"),
    rule("discard_match", "A follower discards the Follow Card of the colour played.", "play",
         "the yellow Follow Card went to the discard pile"),
    rule("fewer_follow", "Each follower has one Follow Card fewer; the last must match the one "
         "left.", "play", "one Follow Card is left"),
    rule("no_match", "Unable to match: play any card and discard a Follow Card of your choice.",
         "play", "you choose which one goes to the discard pile"),
    rule("below_wins", "The highest card below the Spotlight's rank wins the trick.", "play",
         "below the Spotlight wins, even a 0"),
    rule("none_below", "If no card is below the Spotlight, the highest card wins.", "play",
         "the highest card won: Bob's blue 8"),
    rule("tie_later", "Between equal cards, the one played later wins.", "play",
         "between equal cards the later one wins"),
    rule("winner_leads", "The winner leads the next trick.", "play",
         "The winner leads the next trick"),
    rule("by_suit", "At the round's end each suit a player took scores on its own.", "play",
         "Each suit scores on its own"),
    rule("even_half", "An even count in a suit: its higher half is ignored.", "play",
         "the higher half (the 7) is ignored"),
    rule("odd_all", "An odd count in a suit: every card counts.", "play",
         "an odd count, so every card counts"),
    rule("lone_zero", "A suit whose only card is a 0 scores 15.", "play",
         "a 0 on its own counts as 15"),
    rule("empty_box", "A suit not taken in a round leaves its box empty (not 0).", "play",
         "its box stays empty, not 0"),
    rule("next_round", "Until three rounds are played, all cards are shuffled and dealt again.",
         "play", "all 44 cards are shuffled and dealt again"),
    rule("next_start", "Each round the starting player moves one seat to the left.", "play",
         "the start moves one seat to the left"),
    rule("strike", "A suit scored in exactly two rounds loses its earlier score.", "play",
         "loses its earlier score"),
    rule("no_strike", "A suit scored in one round or in all three keeps every score.", "play",
         "in one, keep every score"),
    rule("final_sum", "The final score is the sum of the scores not struck through.", "play",
         "the sum of the scores not struck out"),
    rule("tie_fewest", "A tie goes to the player who took the fewest cards in the last round.",
         "play", "A tie goes to whoever took the fewest cards in round III"),
    # nobody in this game ties on the cards of round III too
    rule("tie_shared", "Still tied: the victory is shared.", "explained",
         "Still equal, they would share the win"),
)
UNCOVERED = frozenset(r.id for r in RULES if r.how == "uncovered")
