"""What each seat may see, the events and the result; the words (action labels, event
texts, refusals) are in ``words``.

Kept apart from the engine so the hot path never builds strings.
"""

from __future__ import annotations

from types import MappingProxyType as _ro

from game.i18n import Msg
from game.rules.protocol import CHANCE, Action, Event, Result

from . import frames as F
from . import words
from .combat import agnes_target
from .data import (
    AGNES,
    AREAS,
    CARD_NAME,
    CHAR_NAME,
    CHARACTERS,
    DECK_NAME,
    FACTION,
    FACTION_NAME,
    HP,
    ROLL_AREA,
)
from .words import (  # noqa: F401  (explain, who: the engine and tests read them here)
    _hermit_in_hand,
    attack_reads,
    attack_text,
    attack_words,
    describe,
    explain,
    seat_name,
    who,
)


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
    """The engine's label for action ``a`` of ``seat``: a recipe, words made only when
    read (``words.label`` makes them, as a ``Msg``). The engine asks this for every action
    it shares between legal lists, most never shown; a kind whose words read only the
    action, or only what ``who`` says of one seat, is frozen as a small tuple here."""
    k = a[0]
    if k in PLAIN_LABELS:
        return (words.label, None, None, a)
    i = NAMES_ONE_SEAT.get(k)
    if i is not None:
        t = a[i]
        return (_one_seat_label, seat, a, t, s.chars[t] if s.rev[t] else -1)
    return words.label(s, seat, a)


class _OneSeat:
    """What ``words.who`` reads of one seat (revealed, and as which character)."""

    __slots__ = ("rev", "chars")

    def __init__(self, t, char):
        self.rev = {t: char >= 0}
        self.chars = {t: char}


def _one_seat_label(seat, a, t, char):
    return words.label(_OneSeat(t, char), seat, a)


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
    return Msg("{roll}: already there, so they roll again", roll=text) if again else text


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
        private = s.private
        if len(new) == 1:
            # one seat told one fact (a drawn Hermit card): the commonest case
            i = new[0]
            out.append(_private(private[i][-1], i))
            return out
        if len(new) == 2 and new[0] != new[1]:
            # two seats told one fact each (a Hermit card given), in seat order
            i, j = new if new[0] < new[1] else (new[1], new[0])
            out.append(_private(private[i][-1], i))
            out.append(_private(private[j][-1], j))
            return out
        for i in sorted(set(new)):
            for e in private[i][-new.count(i):]:
                out.append(_private(e, i))
    return out


_PRIVATE_KIND = {}      # fact kind -> its event's kind


def _private(e, i):
    """The event of private fact ``e`` told to seat ``i`` alone (``Event(...)`` without
    the call through the class, as ``_event``)."""
    k = e[0]
    kind = _PRIVATE_KIND.get(k)
    if kind is None:
        kind = _PRIVATE_KIND[k] = "private_" + k
    ev = _new(Event)
    ev._kind = kind
    ev._data = (_fact, e)
    ev._text = (describe, None, e)
    ev._seats = (i,)
    return ev


def _share(key, ev):
    if len(EVENTS) >= EVENTS_MAX:
        EVENTS.clear()
    EVENTS[key] = ev
    return ev


class Listed(Action):
    """An Action that ``HuntersState.legal_actions`` hands out, carrying the engine tuple it was made
    from, so that ``apply`` finds what to do without a search. To everyone else it is a
    plain Action: equal to, hashed and pickled (as) the Action of the same kind and args."""

    __slots__ = ("_t",)

    def __eq__(self, other):
        if isinstance(other, Action):
            return self._kind == other._kind and self._args == other._args
        return NotImplemented

    __hash__ = Action.__hash__

    def __reduce__(self):
        return (Action, (self._kind, self._args, self.label_message))


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
        out = tuple((a[0], tuple(a[1:]), words.label(s, seat, a)) for a in s.fast_legal(seat)
                    if a not in have and a[0] != "reveal")
    finally:
        s.rev[seat] = False
    return out


def result_of(s):
    w = s.winners
    reasons = None
    for i in w:
        item = Msg("{player} ({character})", player=seat_name(i), character=Msg(CHAR_NAME[s.chars[i]]))
        reasons = item if reasons is None else Msg("{list}, {item}", list=reasons, item=item)
    return Result(
        winners=w,
        scores=tuple(1.0 if i in w else 0.0 for i in range(s.n)),
        # a message as data: the results screen shows it in the language in force
        reason=Msg("Winners: {players}", players=reasons) if reasons else Msg("nobody won"),
        details={"characters": tuple(CHAR_NAME[c] for c in s.chars),
                 "factions": tuple(FACTION_NAME[FACTION[c]] for c in s.chars),
                 "turns": s.turn_no, "dead": tuple(s.dead_order)},
    )


def secret_tokens(s):
    """Each secret and who may see it (GameState.secret_tokens)."""
    if s.over:
        return []
    out = []
    saw = {}
    for g in range(s.n):
        for entry in s.private[g]:
            if entry[0] == "saw":
                saw.setdefault(entry[1], set()).add(g)
    for i in range(s.n):
        if s.chars[i] >= 0 and not s.rev[i]:
            # the bare name: only its owner and whoever it was shown to may see it
            seen = saw.get(i)
            owner = tuple(sorted(seen | {i})) if seen else i
            out.append((owner, CHAR_NAME[s.chars[i]]))
        for entry in s.private[i]:
            if entry[0] in ("drew", "gave", "got"):
                out.append((i, entry))
    out.append((None, ("hermit deck", tuple(sorted(s.decks[0])))))
    return out
