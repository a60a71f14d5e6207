"""A heuristic Harsh Shadows player: the autopilot's fast policy and the hint's rollouts.

It reads a HarshState but only the parts the player can see (grid, stack sizes and
origins, collection, discards, revealed Case File cards, the bug, positions, the Spy cards
flipped since the last shuffle and any card looked at). So it can run on a world sampled by
``harsh_hint.determinize`` without peeking at that world's hidden cards, and any sampled
world consistent with the view gives the same choice.

Plan: collect cards (moving where a card stays within reach next turn, and counting the
deck card the Spy spends to refill a square left short), spend Clues on
Evidence first (then the Red Herring, then False Leads), leave the Tracking Bug where the Spy
is likely to walk (a Stakeout card that walks the Spy past it goes under), keep known
Evidence, throw away Red Herrings first, and accuse once the chance that the accusation
wins is high enough (lower as the Countdown runs out).
"""

from __future__ import annotations

import random
from math import comb

from game.rules.harsh.data import (
    BOMB,
    CLUE,
    CLUE2,
    DISCOVERY_COUNTS,
    EVIDENCE,
    FALSE_LEADS,
    LOC_STAR,
    N_ITEMS,
    RED_HERRING,
    SPY_CARDS,
    SPY_TURNED_AT_SHUFFLE,
    spy_destination,
)
from game.rules.protocol import Action

N_CARDS = len(SPY_CARDS)

# Weights of the move score, tuned on simulated games (build_scripts/bench/bench_harsh.py).
W = {"meet_base": 3.0, "meet_mult": 2.0, "draw": 2.5, "bug_gain": 2.0, "traffic": 2.0,
     "near": 8.0, "save_for_evidence": 1, "false_leads": 0,
     "rh_only_if_held": 1, "stall": 1,
     "thr_deck": 0.85, "thr_run": 0.6, "thr_run2": 0.3,
     "ready_bug": 40.0, "need": 1.0, "known_e": 3.0, "keep_e": 20.0,
     "express": 1.0, "extra_card": 3.0,
     "empty_cd1": 6.0, "empty_cd2": 2.5, "empty": 1.0, "empty_later": 0.3,
     "need_ref": 12.0, "need_cap": 5.0, "bare": 1, "next_turn": 0.3,
     "refill": 3.0}


def _stationary() -> list[float]:
    """Long-run share of time the Spy spends on each square (random cards)."""
    p = [1 / 9] * 9
    for _ in range(60):
        q = [0.0] * 9
        for pos in range(9):
            for c in SPY_CARDS:
                for t in (False, True):
                    q[spy_destination(pos, c, t)[0]] += p[pos] / (2 * N_CARDS)
        p = q
    return p


TRAFFIC = _stationary()
# Destination of the Spy from pos with card code (card * 2 + turned).
DEST = [[spy_destination(pos, code // 2, bool(code % 2))[0] if code // 2 in SPY_CARDS else -1
         for code in range(2 * N_CARDS + 2)] for pos in range(9)]
CHEB1 = [[max(abs(a // 3 - b // 3), abs(a % 3 - b % 3)) <= 1 for b in range(9)] for a in range(9)]


class Knowledge:
    """What the player knows about the Case Files and the Spy deck, computed once per call."""

    __slots__ = ("roles", "e_rem", "r_rem", "f_rem", "unknown", "p_e", "p_r", "held",
                 "_p_accuse", "_spy_next", "_s", "wanted_reveal", "_missing_e")

    def __init__(self, s) -> None:
        roles = {}
        rem = [0, 0, 0]
        for f in range(3):
            for slot, shown in enumerate(s.rev[f]):
                if shown:
                    roles[s.conf[f][slot]] = f
                else:
                    rem[f] += 1
        self.roles = roles
        self.e_rem, self.r_rem, self.f_rem = rem
        unknown = [i for i in range(N_ITEMS) if i not in roles]
        self.unknown = unknown
        u = len(unknown)
        self.p_e = self.e_rem / u if u else 0.0
        self.p_r = self.r_rem / u if u else 0.0
        self.held = set(k for k in s.coll if k < N_ITEMS)
        # p_accuse, missing_e and spy_next are computed on first use: most of the policy's
        # calls (one a rollout step) read none of them
        self._p_accuse = self._missing_e = self._spy_next = None
        self._s = s
        # Revealing still helps when some held or missing Item is unknown.
        self.wanted_reveal = u > 0 and (self.e_rem > 0 or self.r_rem > 0)

    @property
    def p_accuse(self) -> float:
        """The chance that an accusation now wins."""
        if self._p_accuse is None:
            self._p_accuse = _accuse_win(self.roles, self.held, self.unknown, self.e_rem,
                                         self.r_rem)
        return self._p_accuse

    @property
    def missing_e(self) -> int:
        """Evidence known but still lying somewhere unseen: only drawing can find it."""
        if self._missing_e is None:
            held = self.held
            self._missing_e = sum(1 for i, f in self.roles.items()
                                  if f == EVIDENCE and i not in held)
        return self._missing_e

    @property
    def spy_next(self) -> list[float]:
        """Where the Spy may be after this turn (computed on first use: rollouts are hot)."""
        if self._spy_next is None:
            self._spy_next = spy_next_distribution(self._s)
        return self._spy_next

    @property
    def unseen(self) -> int:
        """Cards the player has not seen: face down on the grid or unknown in the deck."""
        s = self._s
        return (sum(1 for row in s.known for seen in row if not seen)
                + len(s.deck) - s.deck_known)


def _accuse_win(roles, held, unknown, e_rem, r_rem) -> float:
    """Chance that an accusation now wins, given the revealed cards and the held Items."""
    for item, f in roles.items():
        if f == EVIDENCE and item not in held:
            return 0.0
        if f == RED_HERRING and item in held:
            return 0.0
    u = len(unknown)
    h = sum(1 for i in unknown if i in held)
    total = comb(u, e_rem) * comb(u - e_rem, r_rem)
    if not total:
        return 1.0
    return comb(h, e_rem) * comb(u - h, r_rem) / total


def spy_next_distribution(s) -> list[float]:
    """Probability of each square being the Spy's next position (after this turn)."""
    dist = [0.0] * 9
    pos = s.spy
    if s.spy_stays:
        dist[pos] = 1.0
        return dist
    deck = s.spydeck
    if not deck:
        for c in SPY_CARDS:
            for t in (0, 1):
                dist[DEST[pos][c * 2 + t]] += 1 / (2 * N_CARDS)
        return dist
    if s.peek_top or (s.peek_bottom and len(deck) == 1):
        dist[DEST[pos][deck[-1]]] = 1.0
        return dist
    seen = set()
    turned_seen = 0
    for m in s.spy_moves:
        seen.add(m[0])
        turned_seen += m[1]
    if s.peek_bottom:
        seen.add(deck[0] // 2)
        turned_seen += deck[0] % 2
    cards = [c for c in SPY_CARDS if c not in seen]
    n = len(cards)
    if not n:
        dist[DEST[pos][deck[-1]]] = 1.0
        return dist
    pt = min(1.0, max(0.0, (SPY_TURNED_AT_SHUFFLE - turned_seen) / n))
    w = 1.0 / n
    row = DEST[pos]
    for c in cards:
        dist[row[c * 2 + 1]] += w * pt
        dist[row[c * 2]] += w * (1 - pt)
    return dist


def bomb_chance(s, pos: int) -> float:
    """Chance that the top Discovery card at ``pos`` is a Bomb, from public facts."""
    if not s.stacks[pos]:
        return 0.0
    if s.known[pos][0]:
        return 1.0 if s.stacks[pos][0] == BOMB else 0.0
    dealt, added = bomb_odds(s)
    return dealt if s.origin[pos][0] else added


def bomb_odds(s) -> tuple[float, float]:
    """Chance that a top card is a Bomb: one dealt at the start, and one added since.

    Computed once per decision and looked up per square (the move weighs every square)."""
    dealt_cards = added_cards = known_bombs = 0
    for p in range(9):
        for o, seen, k in zip(s.origin[p], s.known[p], s.stacks[p]):
            if seen:               # seen at the Cafe before the Spy laid it here
                known_bombs += k == BOMB
            elif o:
                dealt_cards += 1
            else:
                added_cards += 1
    if s.dealt_bomb_found:
        dealt = 0.0
    else:
        dealt = 1.0 / dealt_cards if dealt_cards else 0.0
    known = s.deck[len(s.deck) - s.deck_known:] if s.deck_known else []
    bombs_seen = (s.discard.count(BOMB) - (1 if s.dealt_bomb_found else 0) + known.count(BOMB)
                  + known_bombs)
    deck_bombs = DISCOVERY_COUNTS[BOMB] - 1 - bombs_seen
    hidden = added_cards + len(s.deck) - s.deck_known
    return dealt, (max(0.0, deck_bombs / hidden) if hidden else 0.0)


def draw_value(kn: Knowledge) -> float:
    """How much turning a Discovery card over is worth (before the Bomb risk).

    A known Evidence Item not in hand can only be found by turning cards, and at Expert
    most losses are the Countdown running out with it still face down on the grid: each
    one missing makes a card worth more than a safe step or a good spot for the bug."""
    if kn.missing_e:
        # each unseen card is likelier the missing Evidence as fewer stay unseen
        odds = min(W["need_cap"], W["need_ref"] / max(kn.unseen, 1))
        return W["draw"] * (1 + W["need"] * kn.missing_e * odds)
    return W["draw"] if (kn.e_rem or kn.unknown) else 0.8


def known_draw_value(k: int, kn: Knowledge, draw: float) -> float:
    """What turning over a card the player saw at the Cafe is worth: Evidence it lacks is
    worth a trip, a Red Herring is a card it would rather not hold."""
    role = kn.roles.get(k) if k < N_ITEMS else None
    if role == EVIDENCE:
        return draw * W["known_e"]
    if role == RED_HERRING:
        return -1.0
    if role == FALSE_LEADS:
        return 0.5
    return draw


def card_worth(known: int, pb: float, kn: Knowledge, draw: float, bomb_cost: float) -> float:
    """What turning over one more card is worth: ``known`` its kind if the player saw it
    (else -1), ``pb`` the chance that an unseen one is a Bomb."""
    if known == BOMB:
        return -bomb_cost
    if known >= 0:
        return known_draw_value(known, kn, draw)
    return (1.0 - pb) * draw - pb * bomb_cost


def offer(s, q: int, kn: Knowledge, odds: tuple[float, float], draw: float,
          bomb_cost: float) -> float:
    """``card_worth`` of the top card at square ``q`` (which has one)."""
    known = s.stacks[q][0] if s.known[q][0] else -1
    return card_worth(known, odds[0] if s.origin[q][0] else odds[1], kn, draw, bomb_cost)


def bomb_cost_now(s, kn: Knowledge, low: float | None = None) -> float:
    """What a Bomb would cost: little while the Defusing Kit is unused, else the cheapest
    card in hand (``low``, if the caller has it) and the rest of the turn, and everything
    with no card to give up."""
    if not s.kit_used:
        return 0.8
    if low is None:
        low = min((card_value(s, k, kn) for k in s.discardable()), default=None)
    return 1000.0 if low is None else low + 1.0


def card_value(s, k: int, kn: Knowledge) -> float:
    """How much the player wants to keep a card of kind ``k`` (low: discard first)."""
    if k == CLUE:
        return 1.2 if kn.wanted_reveal else 0.3
    if k == CLUE2:
        return 2.0 if kn.wanted_reveal else 0.35
    role = kn.roles.get(k)
    if role == EVIDENCE:
        return 20.0
    if role == RED_HERRING:
        return -5.0
    if role == FALSE_LEADS:
        return 0.1
    # an unknown Item may be Evidence, and each Item exists once: discarding Evidence loses
    # the game, so even a small chance of it outweighs a Clue
    return 0.5 + W["keep_e"] * kn.p_e - 4.0 * kn.p_r


def cheapest_discard(s, kn: Knowledge) -> int:
    options = s.discardable()
    return min(options, key=lambda k: (card_value(s, k, kn), k)) if options else -1


def fresh_card_may_bug(s) -> bool:
    """Whether a Spy card not yet turned since the shuffle, other than the top one, moves the
    Spy onto the Tracking Bug (either way up)."""
    seen = {m[0] for m in s.spy_moves}
    seen.add(s.spydeck[-1] // 2)
    row = DEST[s.spy]
    return any(row[c * 2 + t] == s.bug for c in SPY_CARDS if c not in seen for t in (0, 1))


def bare_after(s, paid: list[int], protect: int = -1) -> bool:
    """Whether paying the cards ``paid`` (and protecting ``protect``) leaves no card that a
    forced discard could take."""
    left = list(s.coll)
    for k in paid:
        left.remove(k)
    return not any(k not in (protect, s.protected) for k in left)


def accuse_threshold(s) -> float:
    if not s.deck:
        if s.countdown <= 1:
            return 0.05
        if s.countdown == 2:
            return W["thr_run2"]
        return W["thr_run"]
    return W["thr_deck"]


class HarshPolicy:
    """choose(state, actions) -> Action, from the public part of ``state``."""

    def __init__(self, rng: random.Random | None = None) -> None:
        self.rng = rng or random.Random(0)

    def choose(self, s, actions: list[Action]) -> Action:
        if len(actions) == 1:
            return actions[0]
        kn = Knowledge(s)
        ph = s.phase
        if ph == "move":
            return self._move(s, actions, kn)
        if ph == "actions":
            return self._additional(s, actions, kn)
        if ph == "bomb":
            junk = [k for k in s.discardable() if card_value(s, k, kn) <= 0.1]
            return next(a for a in actions if a.args == ((not junk),))
        if ph == "discard":
            k = cheapest_discard(s, kn)
            return next(a for a in actions if a.args == (k,))
        if ph == "meeting":
            # With no card to discard, letting the Spy go loses for sure: accuse.
            if kn.p_accuse >= accuse_threshold(s) or not any(
                    a.kind in ("slip", "discard") for a in actions):
                return next(a for a in actions if a.kind == "accuse")
            for a in actions:
                if a.kind == "slip":
                    return a
            k = cheapest_discard(s, kn)
            for a in actions:
                if a.kind == "discard" and a.args == (k,):
                    return a
            return actions[0]
        if ph == "reorder":
            # Bombs as deep as possible, then the card most worth having on top: the Spy
            # lays it where it goes next, face known to the player.
            return max(actions, key=lambda a: (tuple(i for i, k in enumerate(a.args) if k == BOMB),
                                               tuple(card_value(s, k, kn) for k in a.args)))
        if ph == "stakeout":
            card = s.spydeck[-1]
            to = DEST[s.spy][card]
            good = (s.bug == to and not s.bugged) or \
                (to == s.agent and s.bugged and kn.p_accuse >= accuse_threshold(s))
            bad = to == s.agent and not good and s.safe_until < s.turn
            # a card that walks the Spy past the waiting Bug goes under when another card
            # could still walk it on: the Bug is what lets the player accuse at all
            keep = good or not (bad or (not s.bugged and s.bug >= 0 and fresh_card_may_bug(s)))
            return next(a for a in actions if a.args == (("keep",) if keep else ("bottom",)))
        return self.rng.choice(actions)

    # --- the move ----------------------------------------------------------------------------
    def _move(self, s, actions, kn: Knowledge) -> Action:
        thr = accuse_threshold(s)
        for a in actions:
            if a.kind == "accuse" and kn.p_accuse >= thr:
                return a
        score = self._square_scorer(s, kn)
        best, best_score = None, -1e18
        for a in actions:
            if a.kind != "move":
                continue
            v = score(a.args[0])
            if v > best_score:
                best, best_score = a, v
        return best or self.rng.choice(actions)

    def _square_scorer(self, s, kn: Knowledge):
        """score(q): how good arriving at square ``q`` now is (a move, or the Express)."""
        thr = accuse_threshold(s)
        ready = s.bugged and kn.p_accuse >= thr
        discardable = s.discardable()
        n_disc = len(discardable)
        low = min((card_value(s, k, kn) for k in discardable), default=99.0)
        meet_cost = (W["meet_base"] + W["meet_mult"] * low) if n_disc else 1000.0
        # a Spy that walks in here takes a card first: the accusation next turn is made
        # without the card the player would give up
        p_after = kn.p_accuse
        if n_disc:
            worst = cheapest_discard(s, kn)
            if worst < N_ITEMS:
                p_after = _accuse_win(kn.roles, kn.held - {worst}, kn.unknown, kn.e_rem, kn.r_rem)
        draw = draw_value(kn)
        bomb_cost = bomb_cost_now(s, kn, low if n_disc else None)
        odds = bomb_odds(s)
        rng = self.rng
        # On the Run the Countdown turns when the Spy walks onto an empty Location, and
        # the deck no longer refills them: taking a square's last card costs time
        tick = 0.0 if s.deck else (W["empty_cd1"] if s.countdown <= 1 else
                                   W["empty_cd2"] if s.countdown == 2 else W["empty"])
        # Before that, the Spy tops up to two cards every Location it walks onto that has
        # fewer, from the Discovery deck: a card taken from a square of one or two brings the
        # Spy's run nearer by the deck card that refills it there
        refill = W["refill"] if s.deck else 0.0

        # the best card reachable next turn: a square whose neighbours are bare is a dead end
        offers = [offer(s, r, kn, odds, draw, bomb_cost) if s.stacks[r] else 0.0
                  for r in range(9)]
        next_turn = W["next_turn"]

        def score(q: int) -> float:
            v = rng.random() * 0.01
            v += next_turn * max(0.0, max(offers[r] for r in range(9) if r != q and CHEB1[q][r]))
            if q == s.spy:
                if ready:
                    v += 1000.0
                elif s.bugged and kn.p_accuse > 0 and n_disc == 0:
                    v += 10 * kn.p_accuse  # a long shot beats a certain loss
                else:
                    v -= meet_cost + 0.5
            v += offers[q]   # 0.0 on a bare square
            p_next = kn.spy_next[q]
            if q != s.spy and p_next:
                if ready:
                    v += 50.0 * p_next * p_after - p_next * min(meet_cost, 5)
                else:
                    gain = 0.0
                    if not s.bugged and (s.bug == q or self._could_bug(s, q)):
                        gain = W["bug_gain"]
                        if kn.p_accuse >= thr:
                            # bugged and met here: the accusation comes next turn
                            gain += W["ready_bug"] * kn.p_accuse
                    v += p_next * (gain - meet_cost)
            if ready:
                near = sum(kn.spy_next[t] for t in range(9) if CHEB1[q][t])
                v += W["near"] * near
            elif not s.bugged and s.bug < 0 and self._could_bug(s, q):
                v += W["traffic"] * TRAFFIC[q]
            if tick and q != s.spy and len(s.stacks[q]) == 1:
                v -= tick * (kn.spy_next[q] + W["empty_later"] * TRAFFIC[q])
            elif refill and q != s.spy and 0 < len(s.stacks[q]) <= 2:
                v -= refill * TRAFFIC[q]
            return v
        return score

    @staticmethod
    def _could_bug(s, q: int) -> bool:
        return not s.bugged and not LOC_STAR[s.grid[q]] and s.spy != q

    # --- additional actions -----------------------------------------------------------------
    def _additional(self, s, actions, kn: Knowledge) -> Action:
        by_kind: dict[str, list[Action]] = {}
        for a in actions:
            by_kind.setdefault(a.kind, []).append(a)
        ab = by_kind.get("ability")
        if ab:
            pick = self._ability(s, ab, kn)
            if pick is not None:
                return pick
        rev = by_kind.get("reveal")
        if rev and kn.wanted_reveal or (rev and kn.f_rem and any(
                i in kn.held for i in kn.unknown)):
            pick = self._reveal(s, rev, kn)
            if pick is not None:
                return pick
        bug = by_kind.get("bug")
        if bug:
            here = TRAFFIC[s.agent] + 2.0 * kn.spy_next[s.agent]
            there = (TRAFFIC[s.bug] + 2.0 * kn.spy_next[s.bug]) if s.bug >= 0 else -1.0
            if here > there + 0.05:
                return bug[0]
        return by_kind["end"][0]

    def _reveal(self, s, rev, kn: Knowledge) -> Action | None:
        def rank(a):
            f, slot, x2 = a.args
            c = s.cost(f)
            if f == EVIDENCE:
                order = 0
            elif f == RED_HERRING:
                order = 1 if c == 1 else 3
            else:
                order = 2
            waste = (2 * x2 + max(0, c - 2 * x2)) - c
            # Pay 2 with the Clue x2 (keeps two cards to discard later), else no waste.
            prefer_x2 = 0 if (x2 and c >= 2) else 1
            return (order, waste, prefer_x2, slot)
        best = min(rev, key=rank)
        f = best.args[0]
        if kn.e_rem and f != EVIDENCE and W["save_for_evidence"]:
            return None  # keep Clues for Evidence (it also makes the Red Herring cheaper)
        if f == RED_HERRING and s.cost(f) == 3 and kn.e_rem:
            return None
        if f == RED_HERRING and W["rh_only_if_held"] and not any(
                i in kn.held for i in kn.unknown):
            return None  # the Red Herring only matters for an unknown Item in hand
        if f == FALSE_LEADS and not W["false_leads"]:
            return None  # once Evidence and Red Herring are known, False Leads tell nothing
        c = s.cost(f)
        paid = [CLUE2] + [CLUE] * max(0, c - 2) if best.args[2] else [CLUE] * c
        if W["bare"] and bare_after(s, paid) and kn.spy_next[s.agent] > 0:
            return None  # with no card left to give up, a Spy walking in ends the game
        return best

    def _ability(self, s, ab, kn: Knowledge) -> Action | None:
        key = ab[0].args[0]
        thr = accuse_threshold(s)
        ready = s.bugged and kn.p_accuse >= thr
        if key == "carnival":
            if ready and CHEB1[s.agent][s.spy] and s.agent != s.spy:
                return ab[0]
            if kn.spy_next[s.agent] >= 0.5 and not (s.bug == s.agent and not s.bugged):
                return ab[0]
            if not s.deck and W["stall"]:
                return ab[0]  # On the Run: a turn without a Spy move costs no time
            if s.bugged:
                # a Spy that stays lays no card from the Discovery deck: the deck, and
                # with it the time before the Spy is On the Run, lasts a turn longer
                return ab[0]
            return None
        if key in ("cafe", "library"):
            return min(ab, key=lambda a: a.args[1:])  # Evidence before False Leads
        if key == "hotel":
            return ab[0] if kn.spy_next[s.agent] > 0.2 else None
        if key == "bank":
            known_e = [a for a in ab if kn.roles.get(a.args[1]) == EVIDENCE]
            if known_e and W["bare"] and bare_after(s, [], known_e[0].args[1]) \
                    and kn.spy_next[s.agent] > 0:
                return None  # a protected card cannot be given up to a Spy walking in
            return known_e[0] if known_e else None
        if key == "casino":
            known = s.deck[-1] if s.deck_known else -1
            if known == BOMB:
                return None
            odds = bomb_odds(s)
            worth = card_worth(known, odds[1], kn, draw_value(kn), bomb_cost_now(s, kn))
            return ab[0] if worth > W["extra_card"] else None
        if key == "bus":
            if ready and s.spy != s.agent:
                return next(a for a in ab if a.args[1] == s.spy)
            if kn.missing_e or kn.e_rem:
                # the Express is a second arrival this turn: one more card turned over
                score = self._square_scorer(s, kn)
                best = max(ab, key=lambda a: score(a.args[1]))
                if s.stacks[best.args[1]] and score(best.args[1]) > W["express"]:
                    return best
            return None
        if key == "park":
            return ab[0] if not s.bugged and s.bug >= 0 else None
        if key == "post":
            # a card from next door without moving: the best one on offer, if worth it
            odds = bomb_odds(s)
            draw, bomb_cost = draw_value(kn), bomb_cost_now(s, kn)
            best = max(ab, key=lambda a: offer(s, a.args[1], kn, odds, draw, bomb_cost))
            if offer(s, best.args[1], kn, odds, draw, bomb_cost) > W["extra_card"]:
                return best
            return None
        return None

