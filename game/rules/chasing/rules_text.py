"""The in-app rules reference for Chasing Shadows, in the project's own words.

One catalog entry per heading, paragraph or list item (the rules screen translates each
line), so every language has the whole text in its own words and a translator sees
where each piece belongs."""

from game.i18n import N_

# Translators: the rules of Chasing Shadows, one piece per heading, paragraph or item;
# keep a heading in capitals where the language writes headings so, and keep the "- "
# that starts a list item
PARTS = (
    N_('CHASING SHADOWS — stay out of the light'),
    N_('3 to 5 players, three rounds. Every card you end up with costs you points; the player '
       'with the lowest total after three rounds wins.'),
    N_('COMPONENTS'),
    N_('One deck in four suits: blue, red, yellow and grey. How many ranks are used depends on '
       'the number of players: 0-10 with 3 players (44 cards), 0-13 with 4 (56 cards) and 0-14 '
       'with 5 (60 cards). The back of every card shows its suit, so everybody always knows the '
       'suits in every hand and on the table. Only ranks are secret. Each player keeps a '
       'scoresheet: four suit boxes for each of the three rounds.'),
    N_('SETUP OF A ROUND'),
    N_('Shuffle and deal 13 cards to each player (11 with 5 players). Turn the next card face '
       'up: it is the Spotlight. The remaining cards go face down in the middle as the Follow '
       'Cards. With 3 players, the last two Follow Cards are set aside at once as the discard '
       'pile. Either way there is one Follow Card fewer than there are players.'),
    N_("The first round's starting player is chosen at random (or at setup). In the second and "
       'third rounds the next player clockwise starts.'),
    N_('PLAYING A TRICK'),
    N_('The starting player leads the first trick by playing any card face up. Then, clockwise, '
       'everybody else plays one card.'),
    N_('The follow rule: a follower must play a card whose suit matches one of the Follow Cards '
       'still in the middle, if they can. The suit of the led card and of the Spotlight do not '
       'matter. Right after playing, the follower discards one Follow Card of the suit they '
       'played. So each follower has one Follow Card fewer to match than the one before, and the'
       ' last follower must match the single card that is left.'),
    N_("If you hold no card of any remaining Follow Card's suit, play any card you like and then"
       ' choose which remaining Follow Card to discard. That choice matters: it decides which '
       'suits the players after you must play. The leader never discards.'),
    N_('WINNING A TRICK'),
    N_("Compare ranks with the Spotlight. The highest card below the Spotlight's rank wins. If "
       'no card is below it, the highest card wins instead. On equal ranks, the card played '
       'later wins.'),
    N_('The winner takes the Spotlight card and keeps it face up in front of them. The card the '
       'winner played becomes the new Spotlight. The other cards of the trick go face down into '
       'the middle: they are the Follow Cards for the next trick. The winner leads the next '
       'trick.'),
    N_('Tricks continue while players hold two or more cards: 12 tricks with 13-card hands, 10 '
       'with 11-card hands. The last card in each hand is added to the cards that player took.'),
    N_('ROUND SCORING'),
    N_('Sort the cards you took (plus your last card) by suit and score each suit on its own:'),
    N_('- an odd number of cards: every card counts;'),
    N_('- an even number of cards: the higher half is ignored, only the lower half counts;'),
    N_('- a lone 0 (the only card you took in that suit) counts as 15.'),
    N_("Write the sum in that suit's box for the round. A suit you took nothing in leaves its "
       'box empty, which is not the same as a 0.'),
    N_('Example: red 1, 3, 9, 12 is four cards, so 9 and 12 are ignored and red scores 4. A lone'
       ' grey 0 scores 15. Blue 2, 4, 8 scores 14. Yellow 0 and 13 scores 0.'),
    N_('FINAL SCORING'),
    N_('After the third round, look at each suit on your sheet. If a suit has a score in exactly'
       ' two of the three rounds, strike out the earlier of the two. Suits scored in one round '
       'or in all three rounds stay as they are. Your total is the sum of everything not struck.'),
    N_('The lowest total wins. On a tie, the tied player who took the fewest cards in the final '
       'round wins; if they are still tied, they share the win.'),
    N_('TIPS'),
    N_('- Duck under the Spotlight: a card just below the Spotlight is dangerous, while a card '
       'far below it, or at or above it when someone has gone below, is safe.'),
    N_('- Once another card is winning the trick, nothing played later can make your card win.'),
    N_('- When you must win, the card you play becomes the next Spotlight, and you lead next. '
       'Plant one that lets you slip under the next trick, or one you would happily take.'),
    N_("- When you may choose the Follow Card to discard, look at the suits in the next players'"
       ' hands: leave a suit they hold only one card of, and they must play it.'),
    N_('- A suit scored in exactly two rounds loses its earlier score, so a bad first-round suit'
       ' can be wiped out by taking a few cheap cards of it later, but not in both.'),
    N_('- The memory aid lists the cards already played this round: use it to count what is '
       'left.'),
)

RULES_TEXT = "\n\n".join(PARTS)
