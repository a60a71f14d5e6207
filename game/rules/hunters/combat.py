"""Damage, healing, attacks, deaths, looting and the end of the game."""

from __future__ import annotations

import operator

from . import frames as F
from .data import (
    AGNES,
    ALLIE,
    BOB,
    BROAD_AXE,
    BRYAN,
    BUTCHER_KNIFE,
    CARD_DECK,
    CARD_NAME,
    CATHERINE,
    CHAINSAW,
    CHAR_NAME,
    CHARLES,
    DANIEL,
    DAVID,
    DAVID_SET,
    ERSTWHILE_ALTAR,
    FACTION,
    FORTUNE_BROOCH,
    GREGOR,
    HANDGUN,
    HOLY_ROBE,
    HP,
    HUNTER,
    MASAMUNE,
    NEUTRAL,
    SHADOW,
    SILVER_ROSARY,
    SPEAR,
    TALISMAN,
    VALKYRIE,
    VAMPIRE,
    WEREWOLF,
)

_and, _ge = operator.and_, operator.ge

# Damage kinds the Talisman / Fortune Brooch stop.
TALISMAN_KINDS = frozenset(("bat", "spider", "dynamite"))


def able(s, seat, char):
    """True when ``seat`` is ``char`` and may use that ability now (revealed, alive, not void)."""
    return (s.chars[seat] == char and s.abilities and s.rev[seat] and s.alive[seat]
            and not s.voided[seat])


def hurt(s, t, amount, by, kind):
    """Deal damage (deaths are resolved separately, so one effect kills together)."""
    if amount <= 0 or not s.alive[t]:
        return 0
    if s.barrier[t]:
        amount = 0
    elif kind in TALISMAN_KINDS and TALISMAN in s.equip[t]:
        amount = 0
    elif kind == "woods" and FORTUNE_BROOCH in s.equip[t]:
        amount = 0
    old = s.dmg[t]
    new = old + amount
    hp = HP[s.chars[t]]
    if new > hp:
        new = hp
    s.dmg[t] = new
    s.history.append(("damage", t, new - old, by, kind))
    return new - old


def heal(s, t, amount, kind):
    if not s.alive[t]:
        return 0
    old = s.dmg[t]
    new = old - amount if old > amount else 0
    s.dmg[t] = new
    s.history.append(("heal", t, old - new, kind))
    return old - new


def set_damage(s, t, value, by, kind):
    """Fu-ka and First Aid: damage becomes ``value`` (a barrier still stops a rise)."""
    old = s.dmg[t]
    if value > old and s.barrier[t]:
        value = old
    s.dmg[t] = value
    s.history.append(("set_damage", t, value, by, kind))


def reveal(s, seat, why="reveal"):
    if not s.rev[seat]:
        s.rev[seat] = True
        s.history.append(("reveal", seat, CHAR_NAME[s.chars[seat]], why))


# --- attacks ---------------------------------------------------------------------------
def in_range(s, p):
    """Living characters ``p`` may attack from where it stands."""
    slot = s.pos[p]
    if slot < 0:
        return []
    pair = slot >> 1
    outside = HANDGUN in s.equip[p]
    out = []
    for t in range(s.n):
        if t != p and s.alive[t]:
            ts = s.pos[t]
            if ts >= 0 and ((ts >> 1) != pair) == outside:
                out.append(t)
    return out


def has_target(s, p):
    """``bool(in_range(s, p))`` without building the list (asked before every attack step)."""
    pos, alive = s.pos, s.alive
    slot = pos[p]
    if slot < 0:
        return False
    if False not in alive:
        # Everyone alive: count who stands on p's pair of Areas (p among them), in C.
        near = pos.count(slot) + pos.count(slot ^ 1)
        if HANDGUN in s.equip[p]:
            return s.n - pos.count(-1) > near
        return near > 1
    pair = slot >> 1
    outside = HANDGUN in s.equip[p]
    for t in range(s.n):
        if t != p and alive[t]:
            ts = pos[t]
            if ts >= 0 and ((ts >> 1) != pair) == outside:
                return True
    return False


def d4_only(s, a):
    # (able's test, with the character first: asked before every attack roll)
    return MASAMUNE in s.equip[a] or (s.chars[a] == VALKYRIE and able(s, a, VALKYRIE))


def attack_damage(s, a, t, base):
    """Spec ruling 1: modifiers apply only to a hit; Guardian Angel / barrier make it 0."""
    if base <= 0 or s.guardian[t] or s.barrier[t]:
        return 0
    eq = s.equip[a]
    d = base
    for w in eq:
        if w == BUTCHER_KNIFE or w == CHAINSAW or w == BROAD_AXE:
            d += 1
    if SPEAR in eq and s.rev[a] and FACTION[s.chars[a]] == HUNTER:
        d += 2
    if HOLY_ROBE in eq:
        d -= 1
    if HOLY_ROBE in s.equip[t]:
        d -= 1
    return d if d > 0 else 0


def attack_terms(s, a, t):
    """What ``attack_damage`` adds up, in words, for the log and the dice banner: the
    modifiers as (source, change) and what stops the hit, if anything. Kept beside
    ``attack_damage`` (the test checks both agree); never used on the engine's hot path."""
    if s.guardian[t]:
        return (), "Guardian Angel"
    if s.barrier[t]:
        return (), "Gregor's barrier" if s.chars[t] == GREGOR else "protection"
    terms = []
    for w in s.equip[a]:
        if w == BUTCHER_KNIFE or w == CHAINSAW or w == BROAD_AXE:
            terms.append((CARD_NAME[w], 1))
    if SPEAR in s.equip[a] and s.rev[a] and FACTION[s.chars[a]] == HUNTER:
        terms.append((CARD_NAME[SPEAR], 2))
    if HOLY_ROBE in s.equip[a]:
        terms.append(("own " + CARD_NAME[HOLY_ROBE], -1))
    if HOLY_ROBE in s.equip[t]:
        terms.append((CARD_NAME[HOLY_ROBE], -1))
    return tuple(terms), ""


def d4_reason(s, a):
    """Why ``a`` rolls only the 4-sided die (empty when both dice are rolled)."""
    if MASAMUNE in s.equip[a]:
        return CARD_NAME[MASAMUNE]
    if able(s, a, VALKYRIE):
        return "Valkyrie"
    return ""


def start_attack(s, a, targets, counter):
    if not counter:
        s.last_targets = tuple(targets)      # what Charles may attack again
    s.stack.append(("c_attack", a, tuple(targets), counter))


def _attack_outcome(s, f):
    return "d4" if d4_only(s, f[1]) else "dice"


def _attack_roll(s, f, out):
    a, targets, counter = f[1], f[2], f[3]
    if out[0] == "d4":
        base = out[1]
        s.dice = (0, out[1])
    else:
        base = abs(out[1] - out[2])
        s.dice = (out[1], out[2])
    s.history.append(("attack", a, targets, counter, s.dice))
    s.att_dealt = 0
    s.stack.append(("attack_done", a, targets, counter))
    s.stack.append(("hits", a, targets, base))


F.CHANCE["c_attack"] = (_attack_outcome, _attack_roll)


def steal_prompt(s, a, t, dmg):
    """Whether the attacker is asked about a hit on ``t`` before dealing it.

    Bob (4-6 players) may take an Equipment card instead of dealing 2+ damage. The question
    depends only on public facts, and every hidden attacker gets it, so the prompt itself
    tells nobody who is Bob; a hidden Bob takes by revealing (spec: reveal at any decision).
    """
    return (dmg >= 2 and s.n <= 6 and s.abilities and bool(s.equip[t])
            and (not s.rev[a] or able(s, a, BOB)))


def bob_may_take(s, a, t):
    return (s.chars[a] == BOB and s.alive[a] and not s.voided[a] and s.abilities
            and s.n <= 6 and bool(s.equip[t]))


@F.auto("hits")
def _hits(s, f):
    """One roll, every target: the damage nobody may choose about is dealt at once and its
    deaths resolved together (wins checked once); only then is the attacker asked about
    the other targets (see ``_bob_hits``)."""
    a, targets, base = f[1], f[2], f[3]
    asks = []
    for t in targets:
        if not s.alive[t]:
            continue
        dmg = attack_damage(s, a, t, base)
        if steal_prompt(s, a, t, dmg):
            asks.append(("bob", a, t, dmg))
        else:
            s.att_dealt += hurt(s, t, dmg, a, "attack")
    if asks:
        s.stack.append(("bob_hits", a, (), ()))
        s.stack.extend(reversed(asks))
    resolve_deaths(s, a, True)


def _bob_opts(s, f):
    a, t = f[1], f[2]
    opts = [("bob_damage",)]
    if bob_may_take(s, a, t):
        opts += [("bob_take", c) for c in s.equip[t]]
    return opts


def _bob_apply(s, f, act):
    """The answer is recorded; every answer of this attack takes effect together after the
    last one (``_bob_hits``). Taking is Bob's ability: a hidden Bob reveals at once."""
    st = s.stack
    st.pop()
    a, t, dmg = f[1], f[2], f[3]
    i = len(st) - 1
    while st[i][0] != "bob_hits":
        i -= 1
    _, _, hits, takes = st[i]
    if act[0] == "bob_damage":
        hits += ((t, dmg),)
    else:
        reveal(s, a, "bob")
        takes += ((t, act[1]),)
    st[i] = ("bob_hits", a, hits, takes)


F.DECIDE["bob"] = (_bob_opts, _bob_apply)
F.PROMPT["bob"] = "after the hit"


@F.auto("bob_hits")
def _bob_hits(s, f):
    """The hits the attacker chose to deal land together, their deaths are resolved
    together (wins checked once), then Bob takes the cards he chose instead."""
    a, hits, takes = f[1], f[2], f[3]
    for t, dmg in hits:
        s.att_dealt += hurt(s, t, dmg, a, "attack")
    resolve_deaths(s, a, True)
    for t, card in takes:
        if s.over:
            return
        if s.alive[a] and s.alive[t] and card in s.equip[t]:
            move_equipment(s, t, a, card, "bob")


@F.auto("attack_done")
def _attack_done(s, f):
    a, targets, counter = f[1], f[2], f[3]
    if s.att_dealt > 0 and able(s, a, VAMPIRE):
        heal(s, a, 2, "vampire")
    if not counter:
        # Every attacked player gets the same prompt, whatever the character (ruling 10).
        for t in reversed(targets):
            s.stack.append(("respond", t, a))
    resolve_deaths(s, a, True)


def werewolf_can_counter(s, t, a):
    return (s.chars[t] == WEREWOLF and s.abilities and s.alive[t] and not s.voided[t]
            and s.alive[a])


def _respond_opts(s, f):
    if werewolf_can_counter(s, f[1], f[2]):
        return [("respond", "none"), ("respond", "counter")]
    return NO_RESPONSE_ONLY


NO_RESPONSE_ONLY = [("respond", "none")]    # shared: see turn.ROLL_ONLY


def _respond_apply(s, f, act):
    s.stack.pop()
    if act[1] == "counter":
        t, a = f[1], f[2]
        reveal(s, t, "werewolf")
        s.stack.append(("c_attack", t, (a,), 1))


F.DECIDE["respond"] = (_respond_opts, _respond_apply)
F.PROMPT["respond"] = "respond to the attack"


# --- equipment ---------------------------------------------------------------------------
def move_equipment(s, frm, to, card, why):
    s.equip[frm].remove(card)
    s.equip[to].append(card)
    s.history.append(("equipment", frm, to, CARD_NAME[card], why))
    win_check(s)


def discard(s, card):
    s.disc[CARD_DECK[card]].append(card)


def names(cards):
    return tuple(CARD_NAME[c] for c in cards)


# --- deaths ----------------------------------------------------------------------------------
def resolve_deaths(s, killer, by_attack=False):
    """Everyone at or over their HP dies now, together (ruling 4); then looting, then wins."""
    if s.over:
        return
    chars, alive, dmg = s.chars, s.alive, s.dmg
    victims = None
    for i in range(s.n):        # (a loop, not a comprehension: this runs after every hurt)
        if alive[i] and dmg[i] >= HP[chars[i]]:
            if victims is None:
                victims = [i]
            else:
                victims.append(i)
    if victims is None:
        return
    for v in victims:
        alive[v] = False
        s.rev[v] = True
        s.pos[v] = -1
        s.dead_order.append(v)
        s.history.append(("death", v, killer if killer is not None and killer != v else -1,
                          CHAR_NAME[chars[v]]))
    if not s.first_dead:
        s.first_dead = list(victims)
    others = [v for v in victims if v != killer]
    if by_attack and killer is not None and others:
        kc = chars[killer]
        if kc == CHARLES and len(s.dead_order) >= 3:
            s.charles_won = True
        if kc == BRYAN:
            if any(HP[chars[v]] >= 13 for v in others):
                s.bryan_won = True
            if any(HP[chars[v]] <= 12 for v in others) and s.abilities and not s.voided[killer]:
                reveal(s, killer, "bryan")
    pending = []
    for v in victims:
        cards = s.equip[v]
        if not cards:
            continue
        s.equip[v] = []
        if killer is None or killer == v or not alive[killer]:
            for c in cards:
                discard(s, c)
            s.history.append(("discard_equipment", v, names(cards)))
        elif SILVER_ROSARY in s.equip[killer] or (by_attack and s.n >= 7 and able(s, killer, BOB)):
            s.equip[killer].extend(cards)
            s.history.append(("loot", killer, v, names(cards)))
        elif len(cards) == 1:
            s.equip[killer].extend(cards)
            s.history.append(("loot", killer, v, names(cards)))
        else:
            s.in_play.extend(cards)
            pending.append(("loot", killer, v, tuple(cards)))
    for i in range(s.n):
        if (chars[i] == DANIEL and alive[i] and not s.rev[i] and s.abilities
                and not s.voided[i]):
            reveal(s, i, "daniel")
    win_check(s)
    if not s.over:
        for fr in reversed(pending):
            s.stack.append(fr)


def _loot_opts(s, f):
    return [("loot", c) for c in f[3]]


def _loot_apply(s, f, act):
    s.stack.pop()
    killer, v, cards, keep = f[1], f[2], f[3], act[1]
    for c in cards:
        s.in_play.remove(c)
        if c == keep:
            s.equip[killer].append(c)
        else:
            discard(s, c)
    s.history.append(("loot", killer, v, (CARD_NAME[keep],)))
    win_check(s)


F.DECIDE["loot"] = (_loot_opts, _loot_apply)
F.PROMPT["loot"] = "take an Equipment card from the victim"


# --- end of the game ---------------------------------------------------------------------------
def faction_state(s):
    """(all hunters dead, all shadows dead, dead neutrals, neutrals in game)."""
    h = sh = nn = hd = sd = nd = 0
    for i in range(s.n):
        f = FACTION[s.chars[i]]
        dead = not s.alive[i]
        if f == HUNTER:
            h += 1
            hd += dead
        elif f == SHADOW:
            sh += 1
            sd += dead
        else:
            nn += 1
            nd += dead
    # "every X is dead" needs at least one X in the game
    return (h > 0 and hd == h), (sh > 0 and sd == sh), nd, nn


def david_cards(s, i):
    """How many of the cards David wants (Talisman, Spear, Holy Robe, Silver Rosary) seat
    i holds."""
    return sum(1 for e in s.equip[i] if e in DAVID_SET)


def on_altar(s, i):
    """Whether seat i stands on the Erstwhile Altar (where Bryan wants to end the game)."""
    return s.pos[i] >= 0 and s.board[s.pos[i]] == ERSTWHILE_ALTAR


def holds(s, i, hunters_dead, shadows_dead, dead_neutrals, at_end):
    """Whether seat i's win condition holds (``at_end``: also the end-only conditions)."""
    c = s.chars[i]
    f = FACTION[c]
    alive = s.alive[i]
    if f == HUNTER:
        return shadows_dead
    if f == SHADOW:
        return hunters_dead or dead_neutrals >= 3
    if c == BOB:
        return alive and len(s.equip[i]) >= 5
    if c == CHARLES:
        return s.charles_won
    if c == DANIEL:
        return i in s.first_dead or (at_end and alive and shadows_dead)
    if c == BRYAN:
        return s.bryan_won or (at_end and alive and on_altar(s, i))
    if c == CATHERINE:
        return i in s.first_dead or (alive and sum(s.alive) <= 2)
    if c == DAVID:
        return alive and david_cards(s, i) >= 3
    if c == ALLIE:
        return at_end and alive   # Allie never ends the game herself
    return False                  # Agnes: decided from her neighbour by win_check


def agnes_target(s, i):
    return (i + 1) % s.n if s.used[i] else (i - 1) % s.n


def win_check(s):
    """End the game the moment any ending condition holds; decide every winner together."""
    if s.over:
        return True
    hd, sd, nd, _ = faction_state(s)
    if not (hd or sd or nd >= 3):
        chars = s.chars
        for i in range(s.n):    # (a loop, not any() over a generator: asked often)
            if FACTION[chars[i]] == NEUTRAL and holds(s, i, hd, sd, nd, False):
                break
        else:
            return False
    s.over = True
    winners = set()
    agnes = []
    for i in range(s.n):
        if s.chars[i] == AGNES:
            agnes.append(i)
        elif holds(s, i, hd, sd, nd, True):
            winners.add(i)
    for i in agnes:
        if agnes_target(s, i) in winners:
            winners.add(i)
    s.winners = tuple(sorted(winners))
    s.stack.clear()
    for i in range(s.n):
        s.rev[i] = True
    s.history.append(("end", s.winners))
    return True
