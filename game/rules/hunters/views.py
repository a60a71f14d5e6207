"""What each seat may see, action labels, event texts and the result.

Kept apart from the engine so the hot path never builds strings.
"""

from __future__ import annotations

from types import MappingProxyType as _ro

from game.rules.protocol import CHANCE, NOBODY, Event, Result

from . import frames as F
from .combat import TALISMAN_KINDS, agnes_target, attack_terms, d4_reason
from .data import (
    AGNES,
    AREAS,
    CARD_NAME,
    CHAR_NAME,
    CHARACTERS,
    DECK_NAME,
    FACTION,
    FACTION_NAME,
    FORTUNE_BROOCH,
    HERMIT_INFO,
    HP,
    ROLL_AREA,
    TALISMAN,
)


def seat_name(i):
    return f"Player {i + 1}"


def who(s, seat, i):
    if i == seat:
        return "yourself"
    if s.rev[i]:
        return f"{seat_name(i)} ({CHAR_NAME[s.chars[i]]})"
    return seat_name(i)


def _hermit_in_hand(s):
    f = s.stack[-1] if s.stack else None
    if f and f[0] in ("hermit_give", "hermit_answer"):
        return f
    return None


class Seen:
    """What ``label`` reads of a state, frozen when a legal list is made: the labels are
    built later, if ever, when the state may have moved on."""

    __slots__ = ("rev", "chars", "stack", "dead_order")

    def __init__(self, s):
        self.rev = tuple(s.rev)
        self.chars = tuple(s.chars)
        self.stack = (s.stack[-1],) if s.stack else ()    # frames are tuples; the top one will do
        self.dead_order = tuple(s.dead_order)


# Kinds whose label reads neither the state nor the seat, only the action itself.
PLAIN_LABELS = frozenset(("reveal", "allie_heal", "david", "roll", "emi", "agnes", "move",
                          "draw", "skip", "attack_all", "no_attack", "loot",
                          "end_turn", "gregor", "charles", "card_use", "card_pass"))

# Kinds whose label reads, besides the action, only what ``who`` says of one seat (the
# argument at this index): yourself, "Player n", or "Player n (Character)".
NAMES_ONE_SEAT = {"franklin": 1, "george": 1, "ellen": 1, "fuka": 1, "ultra_soul": 1,
                  "woods": 2, "altar": 1, "attack": 1, "give": 1, "goblin": 1, "banana": 2}


def label(s, seat, a):
    """The words for action ``a`` of ``seat``; ``s`` is a state or its ``Seen`` (or None
    for a kind in PLAIN_LABELS)."""
    k = a[0]
    W = lambda i: who(s, seat, i)  # noqa: E731
    if k == "reveal":
        return "Reveal your character"
    if k == "allie_heal":
        return "Allie: heal all your damage"
    if k == "david":
        return f"David: take {CARD_NAME[a[1]]} from the discards"
    if k == "roll":
        return "Roll the dice to move"
    if k == "emi":
        return f"Emi: move to {a[1]} instead of rolling"
    if k == "franklin":
        return f"Franklin: deal d6 damage to {W(a[1])}"
    if k == "george":
        return f"George: deal d4 damage to {W(a[1])}"
    if k == "ellen":
        return f"Ellen: void the ability of {W(a[1])}"
    if k == "fuka":
        return f"Fu-ka: set the damage of {W(a[1])} to 7"
    if k == "agnes":
        return "Agnes: your goal becomes the player on your left winning"
    if k == "ultra_soul":
        return f"Ultra Soul: deal 3 damage to {W(a[1])}"
    if k == "move":
        return f"Move to {a[1]}"
    if k == "draw":
        return f"Draw a {a[1].capitalize()} card"
    if k == "woods":
        if a[1] == "damage":
            return f"Weird Woods: deal 2 damage to {W(a[2])}"
        return f"Weird Woods: heal 1 damage of {W(a[2])}"
    if k == "altar":
        return f"Erstwhile Altar: take {CARD_NAME[a[2]]} from {W(a[1])}"
    if k == "skip":
        return "Do nothing here"
    if k == "attack":
        return f"Attack {W(a[1])}"
    if k == "attack_all":
        return "Attack everyone in range (Machine Gun)"
    if k == "no_attack":
        return "Do not attack"
    if k == "respond":
        if a[1] == "none":
            return "No response"
        f = s.stack[-1] if s.stack and s.stack[-1][0] == "respond" else None
        target = W(f[2]) if f else "the attacker"
        if s.rev[seat]:
            return f"Werewolf: counterattack {target}"
        return f"Reveal yourself (Werewolf) and counterattack {target}"
    if k == "bob_damage":
        f = s.stack[-1] if s.stack and s.stack[-1][0] == "bob" else None
        return f"Deal the damage to {W(f[2])}" if f else "Deal the damage"
    if k == "bob_take":
        if s.rev[seat]:
            return f"Take {CARD_NAME[a[1]]} instead"
        return f"Reveal and take {CARD_NAME[a[1]]}"
    if k == "loot":
        return f"Take {CARD_NAME[a[1]]}"
    if k == "end_turn":
        return "End your turn"
    if k == "gregor":
        return "Gregor: no damage until your next turn"
    if k == "wight":
        n = len(s.dead_order)
        return f"Wight: take {n} extra turn{'' if n == 1 else 's'}"
    if k == "charles":
        return "Charles: take 2 damage to attack the same target again"
    if k == "give":
        return f"Give the Hermit card to {W(a[1])}"
    if k == "answer":
        f = _hermit_in_hand(s)
        card = CARD_NAME[f[3]] if f else "the card"
        giver = W(f[2]) if f else "the giver"
        what = a[1]
        if what == "nothing":
            return f"{card}: nothing happens"
        if what == "heal":
            return f"{card}: heal 1 damage"
        if what == "damage":
            amount = HERMIT_INFO[card][4] if card in HERMIT_INFO else 1
            return f"{card}: take {amount} damage"
        if what == "give":
            return f"{card}: give {CARD_NAME[a[2]]} to {giver}"
        return f"{card}: show your character card to {giver}"
    if k == "card_use":
        return "Reveal (if hidden) and heal all your damage"
    if k == "card_pass":
        return "Do nothing with this card"
    if k == "card_target":
        card = CARD_NAME[s.stack[-1][2]] if s.stack and s.stack[-1][0] == "card_target" else "Card"
        return f"{card}: choose {W(a[1])}"
    if k == "goblin":
        return f"Moody Goblin: take {CARD_NAME[a[2]]} from {W(a[1])}"
    if k == "banana":
        return f"Banana Peel: give {CARD_NAME[a[1]]} to {W(a[2])}"
    return f"{k} {a[1:]}"


def explain(s, seat, action):
    if s.over:
        return "the game is over"
    if not isinstance(seat, int) or not 0 <= seat < s.n:
        return f"there is no seat {seat}"
    if not s.alive[seat]:
        return f"{seat_name(seat)} is dead and takes no actions"
    if s.dec == CHANCE:
        return "waiting for a random outcome"
    if action.kind == "reveal":
        if s.rev[seat]:
            return "you are already revealed"
        return "Daniel cannot reveal by choice"   # the only hidden character who may not
    if s.dec != seat:
        return (f"it is {seat_name(s.dec)}'s decision ({F.PROMPT[s.stack[-1][0]]}); "
                "you may only reveal or use an any-time ability")
    return f"{action.kind}{tuple(action.args)} is not one of your choices now"


# --- events ---------------------------------------------------------------------------------------
def describe(s, e):
    k = e[0]
    N = seat_name
    if k == "dealt":
        return "Characters are dealt face down"
    if k == "board":
        return "The Areas are laid out: " + ", ".join(e[1])
    if k == "first":
        return f"{N(e[1])} starts"
    if k == "turn":
        return f"Turn {e[2]}: {N(e[1])}"
    if k == "roll":
        total = e[2] + e[3]
        area = ROLL_AREA.get(total)
        where = "any other Area" if area is None else AREAS[area]
        return f"{N(e[1])} rolls {e[2]} + {e[3]} = {total} ({where})"
    if k == "move":
        return f"{N(e[1])} moves to {e[2]}"
    if k == "draw":
        if e[2] == "hermit":
            return f"{N(e[1])} draws a Hermit card"
        return f"{N(e[1])} draws {e[3]} ({e[2]})"
    if k == "hermit_give":
        return f"{N(e[1])} gives a Hermit card to {N(e[2])}"
    if k == "hermit":
        if e[4] == "nothing":
            return f"Hermit card from {N(e[1])}: nothing happens to {N(e[2])}"
        outcome = {"heal": "heals", "damage": "takes damage", "give": "hands over an Equipment card",
                   "show": "shows their character card to the giver"}[e[4]]
        return f"Hermit card from {N(e[1])}: {N(e[2])} {outcome}"
    if k == "damage":
        if e[2] == 0:
            return f"{N(e[1])} takes no damage {DAMAGE_FROM.get(e[4], '')} ({_stopped_by(s, e[1], e[4])})"
        return f"{N(e[1])} takes {e[2]} damage {DAMAGE_FROM.get(e[4], f'({e[4]})')}"
    if k == "heal":
        if e[2] == 0:
            return f"{N(e[1])} has no damage to heal {HEAL_FROM.get(e[3], f'({e[3]})')}"
        return f"{N(e[1])} heals {e[2]} {HEAL_FROM.get(e[3], f'({e[3]})')}"
    if k == "set_damage":
        return f"{N(e[1])}'s damage is set to {e[2]}"
    if k == "reveal":
        return f"{N(e[1])} reveals: {e[2]}"
    if k == "attack":
        return attack_text(s, e)
    if k == "death":
        by = f", killed by {N(e[2])}" if e[2] >= 0 else ""
        return f"{N(e[1])} ({e[3]}) dies{by}"
    if k == "equipment":
        src = "the discards" if e[1] < 0 else N(e[1])
        return f"{N(e[2])} takes {e[3]} from {src}"
    if k == "loot":
        return f"{N(e[1])} loots {', '.join(e[3])} from {N(e[2])}"
    if k == "discard_equipment":
        return f"{N(e[1])}'s Equipment is discarded"
    if k == "ability":
        tgt = f" on {N(e[3])}" if isinstance(e[3], int) and e[3] >= 0 and e[2] != "Wight" else ""
        return f"{N(e[1])} uses {e[2]}'s ability{tgt}"
    if k == "card_target":
        return f"{N(e[1])} uses {e[2]} on {N(e[3])}"
    if k == "die":
        what = DIE_NAME.get(e[2], e[2])
        return f"{N(e[1])} rolls {what}: {e[3]}"
    if k == "dynamite":
        total = e[2] + e[3]
        area = ROLL_AREA.get(total)
        where = "no Area, nothing happens" if area is None else f"3 damage to everyone on {AREAS[area]}"
        return f"Dynamite: {e[2]} + {e[3]} = {total}: {where}"
    if k == "reshuffle":
        return f"The {DECK_NAME[e[1]]} discards are shuffled into a new deck"
    if k == "end":
        return "Game over. Winners: " + (", ".join(N(w) for w in e[1]) or "nobody")
    if k == "drew":
        return f"You drew the Hermit card {e[2]}"
    if k == "gave":
        return f"You gave {e[3]} to {N(e[2])}"
    if k == "got":
        return f"{N(e[2])} gave you {e[3]}"
    if k == "saw":
        return f"{N(e[1])} showed you their character: {e[2]}"
    return str(e)


DIE_NAME = {"franklin": "Franklin's d6", "george": "George's d4", "blessing": "the Blessing d6",
            "doll": "the Spiritual Doll d6"}
DAMAGE_FROM = {"attack": "from the attack", "woods": "in the Weird Woods", "hermit": "from a Hermit card",
               "card": "from the card", "bat": "from the Vampire Bat", "spider": "from the Bloodthirsty Spider",
               "dynamite": "from the Dynamite", "ability": "from an ability", "charles": "(Charles's price)",
               "doll": "from the Spiritual Doll"}
HEAL_FROM = {"hermit": "(Hermit card)", "card": "(the card)", "bat": "(Vampire Bat)", "woods": "in the Weird Woods",
             "vampire": "(Vampire)", "catherine": "(Catherine)", "blessing": "(Blessing)", "allie": "(Allie)"}


def _stopped_by(s, t, kind):
    if s.barrier[t]:
        return "Gregor's barrier"
    if kind in TALISMAN_KINDS and TALISMAN in s.equip[t]:
        return "Talisman"
    if kind == "woods" and FORTUNE_BROOCH in s.equip[t]:
        return "Fortune Brooch"
    return "no effect"


def attack_text(s, e):
    """ "Red attacks Blue: 4 − 2 = 2, +1 Rusted Broad Axe = 3 damage": the dice, the
    difference, each modifier with its source and what the target takes."""
    return attack_words(e, attack_reads(s, e))


def attack_reads(s, e):
    """What the words of attack fact ``e`` need from the state: why only the d4 was
    rolled (or None) and each target's (modifiers, what blocked it), when it hit."""
    a, targets, (d6, d4) = e[1], e[2], e[4]
    reason = None if d6 else d4_reason(s, a)
    if (abs(d6 - d4) if d6 else d4) == 0:
        return reason, ()
    return reason, tuple(attack_terms(s, a, t) for t in targets)


def attack_words(e, reads):
    a, targets, counter, (d6, d4) = e[1], e[2], e[3], e[4]
    reason, hits = reads
    word = "counterattacks" if counter else "attacks"
    head = f"{seat_name(a)} {word} {', '.join(seat_name(t) for t in targets)}"
    if d6:
        base = abs(d6 - d4)
        roll = f"{d6} − {d4} = {base}"
    else:
        base = d4
        roll = f"d4 only ({reason or 'one die'}) = {d4}"
    if base == 0:
        return f"{head}: {roll}, a miss (equal dice): no damage"
    parts = []
    for t, (terms, blocked) in zip(targets, hits):
        who = f"{seat_name(t)}: " if len(targets) > 1 else ""
        if blocked:
            parts.append(f"{who}blocked by {blocked}, no damage")
            continue
        mods = "".join(f"{'+' if d > 0 else '−'}{abs(d)} {src}, " for src, d in terms)
        dealt = max(0, base + sum(d for _, d in terms))
        parts.append(f"{who}{mods}= {dealt} damage" if mods else f"{who}{dealt} damage")
    if len(targets) == 1:
        sep = ", " if terms or blocked else " "
        body = parts[0] if terms or blocked else parts[0].split(" ", 1)[1]
        return f"{head}: {roll}{sep}{body}".replace(", = ", " = ")
    return f"{head}: {roll}; " + "; ".join(parts).replace(", = ", " = ")


def rolled_again(s, i):
    """True when the roll ``history[i]`` named the Area its roller already stood on (so
    the rules have them roll again)."""
    history = s.history
    e = history[i]
    area = ROLL_AREA.get(e[2] + e[3])
    if area is None:
        return False
    p = e[1]
    for j in range(i - 1, -1, -1):
        f = history[j]
        if f[0] == "move" and f[1] == p:
            return f[2] == AREAS[area]
    for j in range(i + 1, len(history)):
        f = history[j]
        if f[0] == "move" and f[1] == p:
            return False
    return s.pos[e[1]] >= 0 and s.board[s.pos[e[1]]] == area


def _roll_text(e, again):
    text = describe(None, e)
    return text + ": already there, so they roll again" if again else text


def _fact(e):
    return {"fact": e}


def _rolled_again_now(s, i, n):
    """``rolled_again`` for a roll just applied (``history[i]``, ``n`` entries now): a roll
    that moved its roller is followed by their move; otherwise they still stand where they
    rolled from. No look back through the whole game."""
    history = s.history
    e = history[i]
    area = ROLL_AREA.get(e[2] + e[3])
    if area is None:
        return False
    p = e[1]
    for j in range(i + 1, n):
        f = history[j]
        if f[0] == "move" and f[1] == p:
            return False
    slot = s.pos[p]
    return slot >= 0 and s.board[slot] == area


_new = object.__new__

# Events whose words and data depend on nothing but their fact (and, for a roll, whether
# it was rolled again), made once and shared: fact -> Event (a roll: (fact, again) ->
# Event). Events are read-only; a shared one builds its text and data once for everyone.
# Kept to a bounded size (emptied when full) since turn numbers make new facts forever.
EVENTS: dict = {}
EVENTS_MAX = 50000


def _event(k, e, text):
    """An Event, made by filling its four slots (``Event.__init__`` without the call
    through the class: this runs after most steps of every game)."""
    ev = _new(Event)
    ev._kind = k
    ev._data = (_fact, e)
    ev._text = text
    ev._seats = None
    return ev


def events_since(s, h0, t0):
    """Events for the facts added since history had ``h0`` entries and ``told`` ``t0``
    (see ``cards.tell``), right after the step that added them. What a text needs from the
    state (an attack's modifiers, what stopped damage, a roll that must be rolled again) is
    read now; the words, and each event's data, are built when read (what stopped damage,
    rare, is put in words at once). ``HuntersState.apply`` takes a step's one shared event
    from EVENTS itself and calls this for the rest."""
    history = s.history
    n = len(history)
    out = []
    for i in range(h0, n):
        e = history[i]
        k = e[0]
        if k == "attack":
            ev = _event(k, e, (attack_words, e, attack_reads(s, e)))
        elif k == "roll":
            key = (e, _rolled_again_now(s, i, n))
            ev = EVENTS.get(key)
            if ev is None:
                ev = _share(key, _event(k, e, (_roll_text, e, key[1])))
        elif k == "damage" and e[2] == 0:
            ev = _event(k, e, describe(s, e))
        else:
            ev = EVENTS.get(e)
            if ev is None:
                ev = _share(e, _event(k, e, (describe, None, e)))
        out.append(ev)
    told = s.told
    if len(told) != t0:
        new = told[t0:]
        for i in sorted(set(new)):
            for e in s.private[i][-new.count(i):]:
                out.append(Event("private_" + e[0], (_fact, e), (describe, None, e), (i,)))
    return out


def _share(key, ev):
    if len(EVENTS) >= EVENTS_MAX:
        EVENTS.clear()
    EVENTS[key] = ev
    return ev


# --- views -------------------------------------------------------------------------------------------
def _names(cards):
    return tuple(CARD_NAME[c] for c in cards)


def _player(s, i):
    c = s.chars[i] if s.rev[i] else -1
    return _ro({
        "seat": i,
        "name": seat_name(i),
        "alive": s.alive[i],
        "revealed": s.rev[i],
        "character": CHAR_NAME[c] if c >= 0 else None,
        "faction": FACTION_NAME[FACTION[c]] if c >= 0 else None,
        "hp": HP[c] if c >= 0 else None,
        "damage": s.dmg[i],
        "area": AREAS[s.board[s.pos[i]]] if s.pos[i] >= 0 else None,
        "equipment": _names(s.equip[i]),
        "ability_used": s.used[i] if c >= 0 else False,
        "voided": s.voided[i],
        "protected": s.barrier[i] or s.guardian[i],
    })


def _pending(s):
    if s.over or not s.stack:
        return _ro({"kind": "over"})
    f = s.stack[-1]
    if s.dec == CHANCE:
        return _ro({"kind": "chance", "roll": _chance_kind(s)})
    k = f[0]
    out = {"kind": k, "prompt": F.PROMPT[k], "seat": f[1]}
    if k == "respond":
        out["attacker"] = f[2]
    elif k == "hermit_answer":
        out["giver"] = f[2]
    elif k == "loot":
        out["victim"] = f[2]
        out["cards"] = _names(f[3])
    elif k in ("card_opt", "card_target", "card_steal", "card_give"):
        out["card"] = CARD_NAME[f[2]]
    elif k == "bob":
        out["target"] = f[2]
    return _ro(out)


def _chance_kind(s):
    return s.chance_kind()


def _mask(f, seat):
    """A frame as ``seat`` may see it: a Hermit card in flight only for giver/receiver."""
    k = f[0]
    if k == "hermit_give" and f[1] != seat:
        return f[:2] + (-1,) + f[3:]
    if k == "hermit_answer" and seat not in (f[1], f[2]):
        return f[:3] + (-1,) + f[4:]
    return f


def _engine(s, seat):
    """Public engine bookkeeping, so search can rebuild a full state (``worlds``)."""
    return _ro({
        "first": s.first,
        "stack": tuple(_mask(f, seat) for f in s.stack),
        "used": tuple(s.used),          # abilities are used revealed, so this is public
        "barrier": tuple(s.barrier),
        "guardian": tuple(s.guardian),
        "shown": tuple(s.shown),        # who has shown their card to a Prediction giver
        "ultra_done": s.ultra_done,
        "last_targets": s.last_targets,
        "att_dealt": s.att_dealt,
        "first_dead": tuple(s.first_dead),
        "charles_won": s.charles_won,
        "bryan_won": s.bryan_won,
        "hermit_count": s.hermit_k,
        "steps": s.steps,
    })


def build_view(s, seat):
    """The view as read-only mappings and tuples. History and private entries are tuples
    of plain values already, so they are shared rather than deep-frozen (views are built
    often: by bots at every decision and by the table at every event)."""
    v = {
        "game": "hunters",
        "seat": seat,
        "players": tuple(_player(s, i) for i in range(s.n)),
        "board": tuple(AREAS[a] for a in s.board),
        "decks": _ro({DECK_NAME[d]: len(s.decks[d]) for d in range(3)}),
        "discards": _ro({"hermit": len(s.disc[0]), "white": _names(s.disc[1]),
                         "black": _names(s.disc[2])}),
        "active": s.active,
        "turn": s.turn_no,
        "extra_turns": s.extra,
        "decider": s.dec,
        "pending": _pending(s),
        "dice": s.dice,
        "dead_order": tuple(s.dead_order),
        "history": tuple(s.history),
        "over": s.over,
        "winners": s.winners if s.over else (),
        "options": _ro({"pool": s.pool, "abilities": "on" if s.abilities else "off",
                        "hermit_round": "on" if s.hermit_round else "off"}),
        "engine": _engine(s, seat),
    }
    if seat is not None and 0 <= seat < s.n and s.chars[seat] >= 0:
        c = s.chars[seat]
        me = {
            "seat": seat,
            "character": CHAR_NAME[c],
            "faction": FACTION_NAME[FACTION[c]],
            "hp": HP[c],
            "win": CHARACTERS[c][4],
            "ability": CHARACTERS[c][5],
            "ability_used": s.used[seat],
        }
        if c == AGNES:
            me["agnes_target"] = agnes_target(s, seat)
        v["me"] = _ro(me)
        v["private"] = tuple(s.private[seat])
        f = _hermit_in_hand(s)
        if f and f[1] == seat:
            v["holding"] = CARD_NAME[f[2] if f[0] == "hermit_give" else f[3]]
        v["shown_to_me"] = tuple((e[1], e[2]) for e in s.private[seat] if e[0] == "saw")
        v["reveal_uses"] = reveal_uses(s, seat)
    return _ro(v)


def reveal_uses(s, seat):
    """What a hidden seat could do right now if it revealed first: (kind, args, label) of
    each action a reveal would add (Franklin's shot at the start of the turn, Gregor's
    barrier at its end, Allie's heal…). The legal actions stay as they are (reveal, then
    the ability: two recorded actions); this only lets the table offer both in one press.
    Asks the rules' own option lists with the seat revealed for a moment."""
    if s.over or s.rev[seat] or not s.alive[seat] or s.dec < 0:
        return ()
    before = s.fast_legal(seat)
    if ("reveal",) not in before:
        return ()
    have = set(before)
    s.rev[seat] = True
    try:
        out = tuple((a[0], tuple(a[1:]), label(s, seat, a)) for a in s.fast_legal(seat)
                    if a not in have and a[0] != "reveal")
    finally:
        s.rev[seat] = False
    return out


def result_of(s):
    w = s.winners
    reasons = []
    for i in w:
        reasons.append(f"{seat_name(i)} ({CHAR_NAME[s.chars[i]]})")
    return Result(
        winners=w,
        scores=tuple(1.0 if i in w else 0.0 for i in range(s.n)),
        reason=("Winners: " + ", ".join(reasons)) if reasons else "nobody won",
        details={"characters": tuple(CHAR_NAME[c] for c in s.chars),
                 "factions": tuple(FACTION_NAME[FACTION[c]] for c in s.chars),
                 "turns": s.turn_no, "dead": tuple(s.dead_order)},
    )


_ = NOBODY
