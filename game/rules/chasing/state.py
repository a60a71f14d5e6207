"""The Chasing Shadows state machine.

Internally a card is an int (see ``cards``) and a move is an int too: a card to play, or
``DISCARD + suit`` for the Follow Card a follower chooses to discard. Bots searching with
this engine use ``moves()`` / ``step()`` / ``clone()``, which skip building Actions and
events; everything else goes through the shared protocol.
"""

from __future__ import annotations

import random
from types import MappingProxyType
from typing import Mapping

from game.i18n import Msg, NMsg

from ..protocol import CHANCE, NOBODY, Action, Event, GameState, Result, RuleError
from . import cards as C
from . import words as W
from .scoring import (
    by_suit,
    final_total,
    round_scores,
    running_total,
    sheet_total,
    struck_flags,
    suit_score,
)

ROUNDS = 3
DISCARD = 100  # move code: DISCARD + suit index

PLAY_ACTIONS = {c: Action("play", (C.SUITS[C.suit_of(c)], C.rank_of(c)),
                          Msg("Play {card}", card=W.card_of(c)))
                for c in C.deck(5)}
DISCARD_ACTIONS = {s: Action("discard", (name,),
                             Msg("Discard the {suit} Follow Card", suit=W.suit(s)))
                   for s, name in enumerate(C.SUITS)}
# (kind, args) -> move, for every move any game may have; and the same by the identity of
# the shared Actions above (they live as long as the module), the ones legal_actions lists
MOVE_OF = {(a.kind, a.args): c for c, a in PLAY_ACTIONS.items()}
MOVE_OF.update({(a.kind, a.args): DISCARD + s for s, a in DISCARD_ACTIONS.items()})
PLAY_LISTED = [PLAY_ACTIONS.get(c) for c in range(64)]      # PLAY_ACTIONS as a list by card
_PLAY_OF = PLAY_LISTED.__getitem__
# A follower's legal cards, filtered in C: by the set of suits among the Follow Cards (a
# bit mask), the test "is this card of one of those suits". A Python-level test per card
# was most of the cost of listing a follower's moves.
_SUIT_BIT = [1 << (c >> 4) for c in range(64)]
_OF_SUITS = [frozenset(c for c in range(64) if mask >> (c >> 4) & 1).__contains__
             for mask in range(16)]
MOVE_OF_LISTED = {id(a): c for c, a in PLAY_ACTIONS.items()}
MOVE_OF_LISTED.update({id(a): DISCARD + s for s, a in DISCARD_ACTIONS.items()})
_LISTED_MOVE = MOVE_OF_LISTED.get
START_OPTIONS = ("random", "0", "1", "2", "3", "4")


def player(seat: int) -> str:
    return f"Player {seat + 1}"


who = W.who   # a seat in a log line or reason: Msg("Player {n}"), named by the screens


# The data and texts of the events of play, built when read (see protocol.Event): random
# play and bots never read them.
def _played_data(seat: int, card: int, index: int) -> dict:
    return {"seat": seat, "suit": C.SUITS[card >> 4], "rank": card & 15, "trick_index": index}


def _played_text(seat: int, card: int) -> Msg:
    return Msg("{player} plays {card}", player=who(seat), card=W.card_of(card))


def _discarded_data(seat: int, suit: int) -> dict:
    return {"seat": seat, "suit": C.SUITS[suit]}


def _discarded_text(seat: int, suit: int) -> Msg:
    return Msg("{player} discards the {suit} Follow Card", player=who(seat), suit=W.suit(suit))


def _trick_data(winner: int, spot: int, new_spot: int) -> dict:
    return {"seat": winner, "spotlight": C.face(spot), "card": C.face(new_spot)}


def _scored_data(rnd: int, rows: tuple) -> dict:
    return {"round": rnd, "scores": [list(row) for row in rows]}


def _scored_text(rnd: int, rows: tuple) -> Msg:
    # Translators: one player's score in a list, "Player 2 14"
    parts = W.separated([Msg("{player} {score}", player=who(s),
                             score=sum(v for v in row if v is not None))
                         for s, row in enumerate(rows)])
    return Msg("Round {round} scored: {scores}", round=rnd, scores=parts)


def _over_data(state: "ChasingState") -> dict:
    res = state.result()
    return {"winners": list(res.winners), "scores": list(res.scores)}


def _over_text(state: "ChasingState") -> Msg:
    return state.result().reason


def _dealt_data(rnd: int, start: int, spot: int, size: int, n: int) -> dict:
    return {"round": rnd, "start": start, "spotlight": C.face(spot), "hand_sizes": [size] * n}


def _dealt_text(rnd: int, start: int, spot: int, size: int, n: int) -> Msg:
    return NMsg("Round {round}: {n} card each; the Spotlight is {card}; {player} leads",
                "Round {round}: {n} cards each; the Spotlight is {card}; {player} leads",
                "size", size=size, round=rnd, card=W.card_of(spot), player=who(start))


def _deal_label(rnd: int) -> Msg:
    return Msg("Shuffle and deal round {round}", round=rnd)


def _trick_text(winner: int, spot: int, new_spot: int) -> Msg:
    how = dict(player=who(winner), spotlight=W.card_of(spot), card=W.card_of(new_spot))
    if (new_spot & 15) < (spot & 15):
        return Msg("{player} wins the trick (highest card below the Spotlight {spotlight}), "
                   "takes the {spotlight}; {card} is the new Spotlight", **how)
    return Msg("{player} wins the trick (highest card, none below the Spotlight {spotlight}), "
               "takes the {spotlight}; {card} is the new Spotlight", **how)


# Events of play, each made once and shared (they are read-only, and their data and words
# depend on nothing but the key). Keyed by small ints, not tuples: a tuple key costs a
# hash of three ints at every move. A card is < 64, a seat and a trick index < 5.
_PLAYED: list = [None] * (25 << 6)      # (seat * 5 + index in the trick) << 6 | card
_DISCARDED: list = [None] * 20          # seat * 4 + suit
_TRICKS: dict = {}                      # winner << 12 | spotlight << 6 | new spotlight


def _discarded_event(seat: int, s: int) -> Event:
    ev = _DISCARDED[seat * 4 + s]
    if ev is None:
        ev = _DISCARDED[seat * 4 + s] = Event("follow_discarded", (_discarded_data, seat, s),
                                              (_discarded_text, seat, s))
    return ev


def trick_winner(spotlight_rank: int, ranks: list[int]) -> int:
    """Index of the winning play: highest rank below the Spotlight, else the highest;
    on equal ranks the later play wins."""
    best = -1
    best_rank = -1
    for i, r in enumerate(ranks):
        if r < spotlight_rank and r >= best_rank:
            best, best_rank = i, r
    if best >= 0:
        return best
    for i, r in enumerate(ranks):
        if r >= best_rank:
            best, best_rank = i, r
    return best


class ChasingState(GameState):
    GAME_ID = "chasing"

    __slots__ = ("n", "start_option", "rnd", "start_seat", "dealt", "hands", "spot", "follow",
                 "discard", "hidden", "taken", "trick", "leader", "turn", "await_discard",
                 "history", "last_winner", "sheet", "round_cards", "_legal", "_sampled")

    # --- creation ------------------------------------------------------------------------
    def __init__(self, n: int, start_option: str = "random") -> None:
        if n not in C.TOP_RANK:
            raise ValueError(f"Chasing Shadows takes 3-5 players, not {n}")
        if start_option not in START_OPTIONS:
            raise ValueError(f"start must be one of {', '.join(START_OPTIONS)}")
        if start_option != "random" and int(start_option) >= n:
            raise ValueError(f"start seat {start_option} does not exist with {n} players")
        self.n = n
        self.start_option = start_option
        self.rnd = 0
        self.start_seat = None if start_option == "random" else int(start_option)
        self.dealt = False
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.spot = -1
        self.follow: list[int] = []
        self.discard: list[int] = []
        self.hidden: list[int] = []  # dealt face down and never shown this round
        self.taken: list[list[int]] = [[] for _ in range(n)]
        self.trick: list[int] = []  # cards in play order, starting with the leader's
        self.leader = 0
        self.turn = 0
        self.await_discard = False
        self.history: list[tuple] = []  # (spotlight, leader, plays, winner) per trick
        self.last_winner = -1
        self.sheet: list[list[list[int | None]]] = [[] for _ in range(n)]
        self.round_cards: list[tuple[tuple[int, ...], ...]] = []
        self._legal: list[int] | tuple = ()   # moves() as legal_actions listed them, else ()
        self._sampled: tuple | None = None     # (round, start seat, Action) of sample_chance

    @classmethod
    def new(cls, num_players: int, options: Mapping[str, str] | None = None) -> "ChasingState":
        return cls(num_players, str((options or {}).get("start", "random")))

    @property
    def num_players(self) -> int:
        return self.n

    def clone(self) -> "ChasingState":
        o = ChasingState.__new__(ChasingState)
        o.n = self.n
        o.start_option = self.start_option
        o.rnd = self.rnd
        o.start_seat = self.start_seat
        o.dealt = self.dealt
        o.hands = [h[:] for h in self.hands]
        o.spot = self.spot
        o.follow = self.follow[:]
        o.discard = self.discard[:]
        o.hidden = self.hidden  # replaced, never mutated, at each deal
        o.taken = [t[:] for t in self.taken]
        o.trick = self.trick[:]
        o.leader = self.leader
        o.turn = self.turn
        o.await_discard = self.await_discard
        o.history = self.history[:]
        o.last_winner = self.last_winner
        o.sheet = [rows[:] for rows in self.sheet]  # rows are replaced, never mutated
        o.round_cards = self.round_cards[:]
        o._legal = ()
        o._sampled = None
        return o

    # --- whose decision --------------------------------------------------------------------
    # ``dealt`` is only ever true with a start seat and a round left to play (a deal needs
    # the start seat, a round's end clears it; from_json refuses anything else), so the
    # hot paths below test it alone.
    def decider(self) -> int:
        if self.dealt:
            return self.turn
        return NOBODY if self.rnd >= ROUNDS else CHANCE

    # --- fast move interface (used by the protocol methods and by search) ------------------
    def moves(self) -> list[int]:
        """Legal moves of the decider as ints (cards, or DISCARD + suit)."""
        if self.await_discard:
            return sorted({DISCARD + (c >> 4) for c in self.follow})
        hand = self.hands[self.turn]
        if not self.trick:
            return hand[:]
        suits = 0
        for c in self.follow:
            suits |= _SUIT_BIT[c]
        return [*filter(_OF_SUITS[suits], hand)] or hand[:]

    def step(self, move: int, events: list[Event] | None = None) -> None:
        """Apply a legal move of the decider. ``events`` collects what happened, if given."""
        self._legal = ()        # the listed moves were for the position before this one
        seat = self.turn
        if move >= DISCARD:
            self._discard_suit(seat, move - DISCARD, events)
            self.await_discard = False
            self._advance(seat, events)
            return
        self.hands[seat].remove(move)
        trick = self.trick
        k = len(trick)          # the index of this play in the trick
        trick.append(move)
        if events is not None:
            ev = _PLAYED[(seat * 5 + k) << 6 | move]
            if ev is None:
                ev = _PLAYED[(seat * 5 + k) << 6 | move] = Event(
                    "card_played", (_played_data, seat, move, k), (_played_text, seat, move))
            events.append(ev)
        if k:
            # A follower (the leader never discards) discards the Follow Card of the suit
            # they played; without one, that of the one suit left; with several, chooses.
            follow = self.follow
            s = move >> 4
            i = 0               # counted by hand: range(len()) costs two calls a play
            for c in follow:
                if c >> 4 == s:
                    break
                i += 1
            else:
                suits = {c >> 4 for c in follow}
                if len(suits) != 1:
                    self.await_discard = True
                    return
                s = suits.pop()
                i = 0
            self.discard.append(follow.pop(i))
            if events is not None:
                events.append(_DISCARDED[seat * 4 + s] or _discarded_event(seat, s))
        if k + 1 < self.n:
            self.turn = (seat + 1) % self.n
            return
        self._advance(seat, events)

    def _discard_suit(self, seat: int, s: int, events: list[Event] | None) -> None:
        follow = self.follow
        for i, c in enumerate(follow):
            if c >> 4 == s:
                self.discard.append(follow.pop(i))
                break
        if events is not None:
            events.append(_discarded_event(seat, s))

    def _advance(self, seat: int, events: list[Event] | None) -> None:
        if len(self.trick) < self.n:
            self.turn = (seat + 1) % self.n
            return
        n = self.n
        spot = self.spot
        plays = self.trick
        # trick_winner(), written in (this runs at every trick)
        below = spot & 15
        wi = best = -1
        for i, c in enumerate(plays):
            r = c & 15
            if r < below and r >= best:
                wi, best = i, r
        if wi < 0:
            for i, c in enumerate(plays):
                if c & 15 >= best:
                    wi, best = i, c & 15
        winner = (self.leader + wi) % n
        self.taken[winner].append(spot)
        self.history.append((spot, self.leader, tuple(plays), winner))
        self.spot = plays[wi]
        self.follow = plays[:wi] + plays[wi + 1:]
        self.trick = []
        self.last_winner = winner
        if events is not None:
            ev = _TRICKS.get(winner << 12 | spot << 6 | self.spot)
            if ev is None:
                key = (winner, spot, self.spot)
                ev = _TRICKS[winner << 12 | spot << 6 | self.spot] = Event(
                    "trick_won", (_trick_data, *key), (_trick_text, *key))
            events.append(ev)
        if len(self.hands[winner]) >= 2:
            self.leader = self.turn = winner
            return
        self._end_round(events)

    def _end_round(self, events: list[Event] | None) -> None:
        for seat in range(self.n):
            self.taken[seat].extend(self.hands[seat])
            self.hands[seat] = []
        self.round_cards.append(tuple(tuple(sorted(t)) for t in self.taken))
        for seat in range(self.n):
            self.sheet[seat].append(round_scores(self.taken[seat]))
        self.rnd += 1
        self.dealt = False
        self.await_discard = False
        if events is not None:
            rows = tuple(self.sheet[s][-1] for s in range(self.n))   # never changed later
            events.append(Event("round_scored", (_scored_data, self.rnd, rows),
                                (_scored_text, self.rnd, rows)))
        if self.rnd < ROUNDS:
            self.start_seat = (self.start_seat + 1) % self.n
        elif events is not None:
            # The game is over: the state will not change again, so the event may read it.
            events.append(Event("game_over", (_over_data, self), (_over_text, self)))

    def _deal(self, order: tuple[int, ...]) -> None:
        n = self.n
        size = C.HAND_SIZE[n]
        self.hands = [sorted(order[i * size:(i + 1) * size]) for i in range(n)]
        rest = list(order[n * size:])
        self.spot = rest[0]
        follow = rest[1:]
        cut = len(follow) - C.DEALT_DISCARDS[n]
        self.follow, self.discard = follow[:cut], follow[cut:]
        self.hidden = follow[:]
        self.taken = [[] for _ in range(n)]
        self.trick = []
        self.history = []
        self.last_winner = -1
        self.leader = self.turn = self.start_seat
        self.await_discard = False
        self.dealt = True

    # --- protocol ------------------------------------------------------------------------------
    def legal_actions(self, seat: int | None = None) -> list[Action]:
        if not self.dealt or (seat is not None and seat != self.turn):  # decider() spelled out
            return []
        # moves(), written in; the list kept for apply's check may be the hand itself, as
        # step() forgets it before it changes the hand
        if self.await_discard:
            moves = self._legal = sorted({DISCARD + (c >> 4) for c in self.follow})
            return [DISCARD_ACTIONS[m - DISCARD] for m in moves]
        moves = self.hands[self.turn]
        if self.trick:
            suits = 0
            for c in self.follow:
                suits |= _SUIT_BIT[c]
            moves = [*filter(_OF_SUITS[suits], moves)] or moves
        self._legal = moves
        return [*map(_PLAY_OF, moves)]     # [*...]: no look-up and call of list()

    def _move_of(self, action: Action) -> int | None:
        move = MOVE_OF_LISTED.get(id(action))     # one of the shared Actions listed above
        if move is not None:
            return move
        args = action.args
        try:
            move = MOVE_OF.get((action.kind, args))
        except TypeError:       # unhashable args (a list): not one of ours
            return None
        if move is not None and move < DISCARD and not isinstance(args[1], int):
            return None         # 1.0 equals 1 but is no rank
        return move

    def apply(self, seat: int, action: Action) -> list[Event]:
        # check() and _apply() in one for a seat's move. The hot path: one of the shared
        # Actions legal_actions has just listed (looked up by identity, then found in the
        # moves kept; () when none are, and None, no move, is in no list). The test
        # seat == decider() is spelled out (this runs at every move).
        if seat == self.turn and self.dealt:
            move = _LISTED_MOVE(id(action))
            if move not in self._legal:
                move = self._checked_move(seat, action)
            events: list[Event] = []
            self.step(move, events)
            return events
        return super().apply(seat, action)

    def _checked_move(self, seat: int, action: Action) -> int:
        """The move of ``action`` for the decider ``seat``, with nothing listed for it:
        any Action equal to a legal one; RuleError for anything else."""
        move = self._move_of(action)
        if move is None or move not in self.moves():
            raise RuleError(self.explain_illegal(seat, action))
        return move

    def check(self, seat: int, action: Action) -> None:
        # Same verdicts as the generic check, without building the action list.
        d = self.decider()
        if seat == CHANCE or d < 0 or seat != d:
            super().check(seat, action)
            return
        move = self._move_of(action)
        if move is not None:
            if move in self._legal:     # () once a move was made after legal_actions
                return
            if move in self.moves():
                return
        raise RuleError(self.explain_illegal(seat, action))

    def explain_illegal(self, seat: int, action: Action) -> Msg:
        d = self.decider()
        if d == NOBODY:
            return Msg("the game is over")
        if d == CHANCE:
            return Msg("waiting for the cards to be dealt")
        if seat != d:
            return Msg("it is {player}'s turn, not {other}'s", player=who(d), other=who(seat))
        move = self._move_of(action)
        if move is None:
            # not the raw action ("foo(1,)"): no player could read it
            return Msg("that is not a Chasing Shadows move (play a card or discard a "
                       "Follow Card)")
        if self.await_discard:
            if move < DISCARD:
                return Msg("first choose which Follow Card to discard")
            suits = sorted({c >> 4 for c in self.follow})
            return Msg("there is no {suit} Follow Card left; choose {suits}",
                       suit=W.suit(move - DISCARD), suits=W.listing(map(W.suit, suits), "or"))
        if move >= DISCARD:
            return Msg("play a card first; a Follow Card is discarded after a follower plays")
        if move not in self.hands[seat]:
            return Msg("{card} is not in your hand", card=W.card_of(move))
        suits = sorted({c >> 4 for c in self.follow})
        return Msg("you must play a {suits} card: you hold one and it matches a Follow Card",
                   suits=W.listing(map(W.suit, suits), "or"))

    def sample_chance(self, rng: random.Random) -> Action:
        if self.start_seat is None:
            seat = rng.randrange(self.n)
            out = Action("start", (seat,), Msg("{player} starts", player=who(seat)))
        else:
            order = C.deck(self.n)
            rng.shuffle(order)
            out = Action("deal", (tuple(order),), (_deal_label, self.rnd + 1))
        self._sampled = (self.rnd, self.start_seat, out)
        return out

    def check_chance(self, action: Action) -> None:
        known = self._sampled
        if known is not None and known[2] is action and known[0] == self.rnd \
                and known[1] == self.start_seat:
            return      # drawn by sample_chance for this very step
        if self.start_seat is None:
            if (action.kind != "start" or len(action.args) != 1 or type(action.args[0]) is not int
                    or not 0 <= action.args[0] < self.n):
                raise RuleError(f"expected the random start seat (0-{self.n - 1}), got {action}")
            return
        if (action.kind != "deal" or len(action.args) != 1 or not isinstance(action.args[0], tuple)
                or sorted(action.args[0]) != C.deck(self.n)
                or not all(type(c) is int for c in action.args[0])):
            raise RuleError(f"expected a shuffled {len(C.deck(self.n))}-card deck, got {action.kind}")

    def _apply(self, seat: int, action: Action) -> list[Event]:
        events: list[Event] = []
        if seat == CHANCE:
            if action.kind == "start":
                self.start_seat = action.args[0]
                events.append(Event("start_player", {"seat": self.start_seat},
                                    Msg("{player} starts the first round",
                                        player=who(self.start_seat))))
            else:
                self._deal(action.args[0])
                how = (self.rnd + 1, self.start_seat, self.spot, len(self.hands[0]), self.n)
                events.append(Event("round_dealt", (_dealt_data, *how), (_dealt_text, *how)))
            return events
        self.step(self._move_of(action), events)
        return events

    # --- results --------------------------------------------------------------------------
    def totals(self) -> list[int]:
        """Each seat's total so far; struck scores only count once the game is over."""
        return list(map(final_total if self.rnd >= ROUNDS else running_total, self.sheet))

    def result(self) -> Result | None:
        if self.rnd < ROUNDS:
            return None
        totals = self.totals()
        low = min(totals)
        tied = [s for s in range(self.n) if totals[s] == low]
        last = [len(self.round_cards[-1][s]) for s in range(self.n)]
        names = W.listing([who(s) for s in tied])
        reason: Msg
        if len(tied) == 1:
            reason = Msg("{player} wins with the lowest score, {score}", player=names, score=low)
            winners = tuple(tied)
        else:
            fewest = min(last[s] for s in tied)
            winners = tuple(s for s in tied if last[s] == fewest)
            # Translators: how many cards a player took in the final round, in a list
            counts = W.separated([Msg("{player} {cards}", player=who(s), cards=last[s])
                                  for s in tied])
            if len(winners) == 1:
                reason = Msg("{players} tie on {score}; {player} wins by taking the fewest cards "
                             "in the final round ({counts})", players=names, score=low,
                             player=who(winners[0]), counts=counts)
            else:
                reason = Msg("{players} tie on {score}; {winners} also took equally few cards in "
                             "the final round ({counts}) and share the win", players=names,
                             score=low, winners=W.listing([who(s) for s in winners]),
                             counts=counts)
        return Result(winners, tuple(totals), reason,
                      MappingProxyType({"final_round_cards": tuple(last)}))   # freeze()d

    # --- views -----------------------------------------------------------------------------------
    def secret_tokens(self):
        for seat, hand in enumerate(self.hands):
            for c in hand:
                yield seat, C.face(c)
        for c in self.hidden:
            yield None, C.face(c)

    def view(self, seat: int | None) -> Mapping:
        # Built from tuples and read-only mappings directly: freeze() on the whole view
        # costs more than everything else here.
        n = self.n
        over = self.rnd >= ROUNDS
        d = self.decider()
        face, back = C.face, C.back
        hands = tuple(tuple(face(c) if s == seat else back(c) for c in h)
                      for s, h in enumerate(self.hands))
        blank = ((None,) * 4,) * ROUNDS
        unstruck = ((False,) * 4,) * ROUNDS
        sheet = []
        for s in range(n):
            rows = self.sheet[s]
            struck = struck_flags(rows) if over else [[False] * 4 for _ in rows]
            k = len(rows)
            sheet.append(_ro({
                "rounds": tuple(tuple(r) for r in rows) + blank[k:],
                "struck": tuple(tuple(x) for x in struck) + unstruck[k:],
                "total": sheet_total(rows, struck),
            }))
        res = self.result()
        leader = self.leader
        return _ro({
            "game": "chasing",
            "players": n,
            "seat": seat,
            "round": min(self.rnd + 1, ROUNDS),
            "rounds_done": self.rnd,
            "phase": ("over" if over else "deal" if d == CHANCE
                      else "discard" if self.await_discard else "play"),
            "turn": d if d >= 0 else None,
            "start_seat": self.start_seat,
            "leader": leader if self.dealt else None,
            "hands": hands,
            "hand_counts": tuple(len(h) for h in self.hands),
            "spotlight": face(self.spot) if self.spot >= 0 else None,
            "follow": tuple(back(c) for c in self.follow),
            "discard": tuple(back(c) for c in self.discard),
            "trick": tuple(_ro({"seat": (leader + i) % n, "card": face(c)})
                           for i, c in enumerate(self.trick)),
            "taken": tuple(tuple(face(c) for c in sorted(t)) for t in self.taken),
            "history": tuple(_ro({"spotlight": face(sp), "leader": ld, "winner": w,
                                  "plays": tuple(_ro({"seat": (ld + i) % n, "card": face(c)})
                                                 for i, c in enumerate(plays))})
                             for sp, ld, plays, w in self.history),
            "last_winner": self.last_winner if self.last_winner >= 0 else None,
            "scoresheet": tuple(sheet),
            "breakdowns": tuple(breakdown(rc) for rc in self.round_cards),
            "deck_top_rank": C.TOP_RANK[n],
            "result": None if res is None else _ro({"winners": res.winners, "scores": res.scores,
                                                    "reason": res.reason}),
        })

    # --- persistence --------------------------------------------------------------------------
    def to_json(self) -> dict:
        return {
            "n": self.n, "start_option": self.start_option, "rnd": self.rnd,
            "start_seat": self.start_seat, "dealt": self.dealt,
            "hands": [list(h) for h in self.hands], "spot": self.spot,
            "follow": list(self.follow), "discard": list(self.discard),
            "hidden": list(self.hidden), "taken": [list(t) for t in self.taken],
            "trick": list(self.trick), "leader": self.leader, "turn": self.turn,
            "await_discard": self.await_discard,
            "history": [[sp, ld, list(p), w] for sp, ld, p, w in self.history],
            "last_winner": self.last_winner,
            "sheet": [[list(r) for r in rows] for rows in self.sheet],
            "round_cards": [[list(t) for t in rc] for rc in self.round_cards],
        }

    @classmethod
    def from_json(cls, data: Mapping) -> "ChasingState":
        try:
            o = cls(int(data["n"]), str(data["start_option"]))
            o.rnd = int(data["rnd"])
            o.start_seat = None if data["start_seat"] is None else int(data["start_seat"])
            o.dealt = bool(data["dealt"])
            o.hands = [[int(c) for c in h] for h in data["hands"]]
            o.spot = int(data["spot"])
            o.follow = [int(c) for c in data["follow"]]
            o.discard = [int(c) for c in data["discard"]]
            o.hidden = [int(c) for c in data["hidden"]]
            o.taken = [[int(c) for c in t] for t in data["taken"]]
            o.trick = [int(c) for c in data["trick"]]
            o.leader = int(data["leader"])
            o.turn = int(data["turn"])
            o.await_discard = bool(data["await_discard"])
            o.history = [(int(sp), int(ld), tuple(int(c) for c in p), int(w))
                         for sp, ld, p, w in data["history"]]
            o.last_winner = int(data["last_winner"])
            o.sheet = [[[None if v is None else int(v) for v in r] for r in rows]
                       for rows in data["sheet"]]
            o.round_cards = [tuple(tuple(int(c) for c in t) for t in rc)
                             for rc in data["round_cards"]]
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"damaged Chasing Shadows state: {exc!r}") from exc
        if len(o.hands) != o.n or len(o.taken) != o.n or len(o.sheet) != o.n \
                or not 0 <= o.rnd <= ROUNDS:
            raise ValueError("damaged Chasing Shadows state: wrong number of seats or rounds")
        if o.dealt and (o.rnd >= ROUNDS or o.start_seat is None):
            raise ValueError("damaged Chasing Shadows state: dealt without a round to play")
        if o.dealt and o.rnd < ROUNDS:
            placed = sorted([c for h in o.hands for c in h] + o.follow + o.discard + o.trick
                            + [c for t in o.taken for c in t] + ([o.spot] if o.spot >= 0 else []))
            if placed != C.deck(o.n):
                raise ValueError("damaged Chasing Shadows state: the cards do not add up to the deck")
        return o


def _ro(d: dict) -> Mapping:
    return MappingProxyType(d)


def breakdown(round_cards: tuple[tuple[int, ...], ...]) -> tuple[Mapping, ...]:
    """Per seat, per suit: the ranks taken, the ignored ones and the box score.

    Ranks appear as plain ints here (not card tuples) because the same cards are dealt
    again next round and the card tuples then mark secrets.
    """
    out = []
    for cards_taken in round_cards:
        suits = {}
        for s, ranks in enumerate(by_suit(cards_taken)):
            score, ignored = suit_score(ranks)
            suits[C.SUITS[s]] = _ro({"ranks": tuple(ranks), "ignored": ignored, "score": score})
        out.append(_ro({"cards": len(cards_taken), "suits": _ro(suits)}))
    return tuple(out)
