"""The words of Shadow Hunters: action labels, refusals, the log's event texts.

Every text is a ``game.i18n.Msg`` (an English message id and its parameters), made only
when someone reads a label or an event (never per engine step) and put in words at each
read, in the language in force then: a log kept from before a language switch, or a
replayed save, speaks the new language. Names (characters, Areas, cards) travel as the
English ids the engine keeps and are translated inside the message.
"""

from __future__ import annotations

from game.i18n import N_, Msg, NMsg, _, shown
from game.rules.protocol import CHANCE

from . import frames as F
from .combat import TALISMAN_KINDS, attack_terms, d4_reason
from .data import (
    AREAS,
    CARD_NAME,
    CHAR_NAME,
    FORTUNE_BROOCH,
    HERMIT_INFO,
    HOLY_ROBE,
    ROLL_AREA,
    TALISMAN,
)


def seat_name(i):
    """A seat as the rules name it: "Player 3", the same in every language. It stands in
    the texts as a parameter, not a word to translate: the screens put the name chosen at
    setup in its place (``game.ui.wording.with_names``)."""
    return f"Player {i + 1}"


def who(s, seat, i):
    if i == seat:
        return Msg("yourself")
    if s.rev[i]:
        return Msg("{player} ({character})", player=seat_name(i),
                   character=Msg(CHAR_NAME[s.chars[i]]))
    return seat_name(i)


def _hermit_in_hand(s):
    f = s.stack[-1] if s.stack else None
    if f and f[0] in ("hermit_give", "hermit_answer"):
        return f
    return None


def _card(c):
    """Card number ``c``'s name as a message (translated when shown)."""
    return Msg(CARD_NAME[c])


def label(s, seat, a):
    """The words for action ``a`` of ``seat`` (a ``Msg``: put in words when read, in the
    language in force then); ``s`` is a state or its ``Seen`` (or None for a kind in
    PLAIN_LABELS)."""
    k = a[0]
    W = lambda i: who(s, seat, i)  # noqa: E731
    if k == "reveal":
        return Msg("Reveal your character")
    if k == "allie_heal":
        return Msg("Allie: heal all your damage")
    if k == "david":
        return Msg("David: take {card} from the discards", card=_card(a[1]))
    if k == "roll":
        return Msg("Roll the dice to move")
    if k == "emi":
        return Msg("Emi: move to {area} instead of rolling", area=Msg(a[1]))
    if k == "franklin":
        return Msg("Franklin: deal d6 damage to {target}", target=W(a[1]))
    if k == "george":
        return Msg("George: deal d4 damage to {target}", target=W(a[1]))
    if k == "ellen":
        return Msg("Ellen: void the ability of {target}", target=W(a[1]))
    if k == "fuka":
        return Msg("Fu-ka: set the damage of {target} to 7", target=W(a[1]))
    if k == "agnes":
        return Msg("Agnes: your goal becomes the player on your left winning")
    if k == "ultra_soul":
        return Msg("Ultra Soul: deal 3 damage to {target}", target=W(a[1]))
    if k == "move":
        return Msg("Move to {area}", area=Msg(a[1]))
    if k == "draw":
        return DRAW_LABEL[a[1]]
    if k == "woods":
        if a[1] == "damage":
            return Msg("Weird Woods: deal 2 damage to {target}", target=W(a[2]))
        return Msg("Weird Woods: heal 1 damage of {target}", target=W(a[2]))
    if k == "altar":
        return Msg("Erstwhile Altar: take {card} from {target}", card=_card(a[2]), target=W(a[1]))
    if k == "skip":
        return Msg("Do nothing here")
    if k == "attack":
        return Msg("Attack {target}", target=W(a[1]))
    if k == "attack_all":
        return Msg("Attack everyone in range (Machine Gun)")
    if k == "no_attack":
        return Msg("Do not attack")
    if k == "respond":
        if a[1] == "none":
            return Msg("No response")
        f = s.stack[-1] if s.stack and s.stack[-1][0] == "respond" else None
        target = W(f[2]) if f else Msg("the attacker")
        if s.rev[seat]:
            return Msg("Werewolf: counterattack {target}", target=target)
        return Msg("Reveal yourself (Werewolf) and counterattack {target}", target=target)
    if k == "bob_damage":
        f = s.stack[-1] if s.stack and s.stack[-1][0] == "bob" else None
        return (Msg("Deal the damage to {target}", target=W(f[2])) if f
                else Msg("Deal the damage"))
    if k == "bob_take":
        if s.rev[seat]:
            return Msg("Take {card} instead", card=_card(a[1]))
        return Msg("Reveal and take {card}", card=_card(a[1]))
    if k == "loot":
        return Msg("Take {card}", card=_card(a[1]))
    if k == "end_turn":
        return Msg("End your turn")
    if k == "gregor":
        return Msg("Gregor: no damage until your next turn")
    if k == "wight":
        return NMsg("Wight: take {n} extra turn", "Wight: take {n} extra turns", "n",
                    n=len(s.dead_order))
    if k == "charles":
        return Msg("Charles: take 2 damage to attack the same target again")
    if k == "give":
        return Msg("Give the Hermit card to {target}", target=W(a[1]))
    if k == "answer":
        f = _hermit_in_hand(s)
        name = CARD_NAME[f[3]] if f else ""
        card = Msg(name) if f else Msg("the card")
        giver = W(f[2]) if f else Msg("the giver")
        what = a[1]
        if what == "nothing":
            return Msg("{card}: nothing happens", card=card)
        if what == "heal":
            return Msg("{card}: heal 1 damage", card=card)
        if what == "damage":
            amount = HERMIT_INFO[name][4] if name in HERMIT_INFO else 1
            return Msg("{card}: take {amount} damage", card=card, amount=amount)
        if what == "give":
            return Msg("{card}: give {item} to {target}", card=card, item=_card(a[2]),
                       target=giver)
        return Msg("{card}: show your character card to {target}", card=card, target=giver)
    if k == "card_use":
        return Msg("Reveal (if hidden) and heal all your damage")
    if k == "card_pass":
        return Msg("Do nothing with this card")
    if k == "card_target":
        card = (_card(s.stack[-1][2]) if s.stack and s.stack[-1][0] == "card_target"
                else Msg("Card"))
        return Msg("{card}: choose {target}", card=card, target=W(a[1]))
    if k == "goblin":
        return Msg("Moody Goblin: take {card} from {target}", card=_card(a[2]), target=W(a[1]))
    if k == "banana":
        return Msg("Banana Peel: give {card} to {target}", card=_card(a[1]), target=W(a[2]))
    return f"{k} {a[1:]}"


DRAW_LABEL = {"hermit": Msg("Draw a Hermit card"), "white": Msg("Draw a White card"),
              "black": Msg("Draw a Black card")}


def explain(s, seat, action):
    """Why ``action`` is refused, in the language in force (made only for a refusal)."""
    if s.over:
        return _("the game is over")
    if not isinstance(seat, int) or not 0 <= seat < s.n:
        return _("there is no seat {seat}", seat=seat)
    if not s.alive[seat]:
        return _("{player} is dead and takes no actions", player=seat_name(seat))
    if s.dec == CHANCE:
        return _("waiting for a random outcome")
    if action.kind == "reveal":
        if s.rev[seat]:
            return _("you are already revealed")
        return _("Daniel cannot reveal by choice")   # the only hidden character who may not
    if s.dec != seat:
        return _("it is {player}'s decision ({prompt}); you may only reveal or use an "
                 "any-time ability", player=seat_name(s.dec), prompt=_(F.PROMPT[s.stack[-1][0]]))
    words = _action_words(s, seat, action)
    if words is None:
        return _("that is not one of your choices now")
    return _("{action} is not one of your choices now", action=shown(words))


def _action_words(s, seat, action):
    """An action in words for a refusal (its label, or the words ``label`` gives its kind
    and arguments); None rather than the raw ``kind(args)``, which no player could read."""
    words = action.label_message
    if isinstance(words, Msg):
        return words
    try:
        words = label(s, seat, (action.kind,) + tuple(action.args))
    except (IndexError, KeyError, TypeError, ValueError):
        return None
    return words if isinstance(words, Msg) else None


# --- events ---------------------------------------------------------------------------------------
def _area_of(total):
    area = ROLL_AREA.get(total)
    return Msg("any other Area") if area is None else Msg(AREAS[area])


def _listed(items):
    """Names in a list, joined the way the language joins a list."""
    out = Msg(items[0]) if items else Msg("nothing")
    for item in items[1:]:
        out = Msg("{list}, {item}", list=out, item=Msg(item))
    return out


def _players(seats):
    out = seat_name(seats[0]) if seats else Msg("nobody")
    for i in seats[1:]:
        out = Msg("{list}, {item}", list=out, item=seat_name(i))
    return out


def describe(s, e):
    """The log's words for fact ``e``, as a ``Msg`` (kept as data, put in words when read)."""
    k = e[0]
    N = seat_name
    if k == "dealt":
        return Msg("Characters are dealt face down")
    if k == "board":
        return Msg("The Areas are laid out: {areas}", areas=_listed(e[1]))
    if k == "first":
        return Msg("{player} starts", player=N(e[1]))
    if k == "turn":
        return Msg("Turn {n}: {player}", n=e[2], player=N(e[1]))
    if k == "roll":
        total = e[2] + e[3]
        return Msg("{player} rolls {d6} + {d4} = {total} ({area})", player=N(e[1]), d6=e[2],
                   d4=e[3], total=total, area=_area_of(total))
    if k == "move":
        return Msg("{player} moves to {area}", player=N(e[1]), area=Msg(e[2]))
    if k == "draw":
        if e[2] == "hermit":
            return Msg("{player} draws a Hermit card", player=N(e[1]))
        return Msg("{player} draws {card} ({deck})", player=N(e[1]), card=Msg(e[3]),
                   deck=DECK_WORD[e[2]])
    if k == "hermit_give":
        return Msg("{player} gives a Hermit card to {target}", player=N(e[1]), target=N(e[2]))
    if k == "hermit":
        giver, target = N(e[1]), N(e[2])
        if e[4] == "nothing":
            return Msg("Hermit card from {giver}: nothing happens to {target}", giver=giver,
                       target=target)
        if e[4] == "heal":
            return Msg("Hermit card from {giver}: {target} heals", giver=giver, target=target)
        if e[4] == "damage":
            return Msg("Hermit card from {giver}: {target} takes damage", giver=giver,
                       target=target)
        if e[4] == "give":
            return Msg("Hermit card from {giver}: {target} hands over an Equipment card",
                       giver=giver, target=target)
        return Msg("Hermit card from {giver}: {target} shows their character card to the giver",
                   giver=giver, target=target)
    if k == "damage":
        if e[2] == 0:
            return Msg("{player} takes no damage {source} ({stopped_by})", player=N(e[1]),
                       source=DAMAGE_FROM.get(e[4], ""), stopped_by=_stopped_by(s, e[1], e[4]))
        return Msg("{player} takes {amount} damage {source}", player=N(e[1]), amount=e[2],
                   source=DAMAGE_FROM.get(e[4], f"({e[4]})"))
    if k == "heal":
        if e[2] == 0:
            return Msg("{player} has no damage to heal {source}", player=N(e[1]),
                       source=HEAL_FROM.get(e[3], f"({e[3]})"))
        return Msg("{player} heals {amount} {source}", player=N(e[1]), amount=e[2],
                   source=HEAL_FROM.get(e[3], f"({e[3]})"))
    if k == "set_damage":
        return Msg("{player}'s damage is set to {amount}", player=N(e[1]), amount=e[2])
    if k == "reveal":
        return Msg("{player} reveals: {character}", player=N(e[1]), character=Msg(e[2]))
    if k == "attack":
        return attack_text(s, e)
    if k == "death":
        if e[2] >= 0:
            return Msg("{player} ({character}) dies, killed by {killer}", player=N(e[1]),
                       character=Msg(e[3]), killer=N(e[2]))
        return Msg("{player} ({character}) dies", player=N(e[1]), character=Msg(e[3]))
    if k == "equipment":
        if e[1] < 0:
            return Msg("{player} takes {card} from the discards", player=N(e[2]), card=Msg(e[3]))
        if e[4] in GIVEN:   # the holder chose to hand it over: nobody took it
            return Msg("{source} gives {card} to {player}", player=N(e[2]), card=Msg(e[3]),
                       source=N(e[1]))
        return Msg("{player} takes {card} from {source}", player=N(e[2]), card=Msg(e[3]),
                   source=N(e[1]))
    if k == "loot":
        return Msg("{player} loots {cards} from {victim}", player=N(e[1]), cards=_listed(e[3]),
                   victim=N(e[2]))
    if k == "discard_equipment":
        return Msg("{player}'s Equipment is discarded", player=N(e[1]))
    if k == "ability":
        if isinstance(e[3], int) and e[3] >= 0 and e[2] != "Wight":
            return Msg("{player} uses {character}'s ability on {target}", player=N(e[1]),
                       character=Msg(e[2]), target=N(e[3]))
        return Msg("{player} uses {character}'s ability", player=N(e[1]), character=Msg(e[2]))
    if k == "card_target":
        return Msg("{player} uses {card} on {target}", player=N(e[1]), card=Msg(e[2]),
                   target=N(e[3]))
    if k == "die":
        return Msg("{player} rolls {die}: {value}", player=N(e[1]),
                   die=DIE_NAME.get(e[2], e[2]), value=e[3])
    if k == "dynamite":
        total = e[2] + e[3]
        area = ROLL_AREA.get(total)
        if area is None:
            return Msg("Dynamite: {d6} + {d4} = {total}: no Area, nothing happens", d6=e[2],
                       d4=e[3], total=total)
        return Msg("Dynamite: {d6} + {d4} = {total}: 3 damage to everyone on {area}", d6=e[2],
                   d4=e[3], total=total, area=Msg(AREAS[area]))
    if k == "reshuffle":
        return RESHUFFLED[e[1]]
    if k == "end":
        if e[1]:
            return Msg("Game over. Winners: {players}", players=_players(e[1]))
        return Msg("Game over. Nobody wins")
    if k == "drew":
        return Msg("You drew the Hermit card {card}", card=Msg(e[2]))
    if k == "gave":
        return Msg("You gave {card} to {player}", card=Msg(e[3]), player=N(e[2]))
    if k == "got":
        return Msg("{player} gave you {card}", card=Msg(e[3]), player=N(e[2]))
    if k == "saw":
        return Msg("{player} showed you their character: {character}", player=N(e[1]),
                   character=Msg(e[2]))
    return str(e)


# Translators: the deck a card came from, in brackets after its name
DECK_WORD = {"hermit": Msg("hermit"), "white": Msg("white"), "black": Msg("black")}
RESHUFFLED = (Msg("The Hermit discards are shuffled into a new deck"),
              Msg("The White discards are shuffled into a new deck"),
              Msg("The Black discards are shuffled into a new deck"))
DIE_NAME = {"franklin": Msg("Franklin's d6"), "george": Msg("George's d4"),
            "blessing": Msg("the Blessing d6"), "doll": Msg("the Spiritual Doll d6")}
DAMAGE_FROM = {"attack": Msg("from the attack"), "woods": Msg("in the Weird Woods"),
               "hermit": Msg("from a Hermit card"), "card": Msg("from the card"),
               "bat": Msg("from the Vampire Bat"), "spider": Msg("from the Bloodthirsty Spider"),
               "dynamite": Msg("from the Dynamite"), "ability": Msg("from an ability"),
               "charles": Msg("(Charles's price)"), "doll": Msg("from the Spiritual Doll")}
HEAL_FROM = {"hermit": Msg("(Hermit card)"), "card": Msg("(the card)"),
             "bat": Msg("(Vampire Bat)"), "woods": Msg("in the Weird Woods"),
             "vampire": Msg("(Vampire)"), "catherine": Msg("(Catherine)"),
             "blessing": Msg("(Blessing)"), "allie": Msg("(Allie)")}
# Equipment that changes hands because its holder gave it (Greed, Banana Peel), not taken
GIVEN = frozenset({"hermit", "banana"})


def _stopped_by(s, t, kind):
    if s.barrier[t]:
        return Msg("Gregor's barrier")
    if kind in TALISMAN_KINDS and TALISMAN in s.equip[t]:
        return Msg("Talisman")
    if kind == "woods" and FORTUNE_BROOCH in s.equip[t]:
        return Msg("Fortune Brooch")
    return Msg("no effect")


def _source(name):
    """A modifier's or a block's source as the combat rules name it ("Chainsaw", "own Holy
    Robe", "Guardian Angel", "protection"), as a message."""
    # Translators: what stopped an attack when no card did (a barrier, an angel)
    N_("protection")
    if name.startswith("own "):
        return Msg("own {card}", card=Msg(name[4:]))
    return Msg(name)


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
    if len(targets) == 1 and not s.equip[a]:
        # the commonest hit, read without the call: an attacker with no Equipment on a
        # target with no protection and no Holy Robe adds nothing (attack_terms agrees)
        t = targets[0]
        if not (s.guardian[t] or s.barrier[t] or HOLY_ROBE in s.equip[t]):
            return reason, _BARE_HIT
    return reason, tuple(attack_terms(s, a, t) for t in targets)


_BARE_HIT = (((), ""),)


def attack_words(e, reads):
    """The attack's line as a ``Msg``: one message per piece (head, roll, each target's
    sum) so every language orders the words of each."""
    a, targets, counter, (d6, d4) = e[1], e[2], e[3], e[4]
    reason, hits = reads
    names = _players(targets)
    if counter:
        head = Msg("{player} counterattacks {targets}", player=seat_name(a), targets=names)
    else:
        head = Msg("{player} attacks {targets}", player=seat_name(a), targets=names)
    if d6:
        base = abs(d6 - d4)
        roll = Msg("{d6} − {d4} = {base}", d6=d6, d4=d4, base=base)
    else:
        base = d4
        roll = Msg("d4 only ({why}) = {d4}", why=_source(reason) if reason else Msg("one die"),
                   d4=d4)
    if base == 0:
        return Msg("{attack}: {roll}, a miss (equal dice): no damage", attack=head, roll=roll)
    if len(targets) == 1 and not hits[0][0] and not hits[0][1]:
        # "Red attacks Blue: 4 − 2 = 2 damage": the difference is what Blue takes
        return NMsg("{attack}: {roll} damage", "{attack}: {roll} damage", "n", n=base,
                    attack=head, roll=roll)
    parts = []
    for t, (terms, blocked) in zip(targets, hits):
        if blocked:
            part = Msg("blocked by {source}, no damage", source=_source(blocked))
        else:
            dealt = max(0, base + sum(d for _src, d in terms))
            if terms:
                mods = None
                for src, d in terms:
                    item = Msg("{sign}{amount} {source}", sign="+" if d > 0 else "−",
                               amount=abs(d), source=_source(src))
                    mods = item if mods is None else Msg("{list}, {item}", list=mods, item=item)
                part = NMsg("{modifiers} = {n} damage", "{modifiers} = {n} damage", "n",
                            modifiers=mods, n=dealt)
            else:
                part = NMsg("{n} damage", "{n} damage", "n", n=dealt)
        if len(targets) > 1:
            part = Msg("{player}: {result}", player=seat_name(t), result=part)
        parts.append(part)
    if len(targets) == 1:
        return Msg("{attack}: {roll}, {result}", attack=head, roll=roll, result=parts[0])
    body = parts[0]
    for part in parts[1:]:
        body = Msg("{list}; {item}", list=body, item=part)
    return Msg("{attack}: {roll}; {result}", attack=head, roll=roll, result=body)




# The prompts the engine files keep in ``frames.PROMPT`` (what a seat is deciding, shown as
# "Waiting for Alice: {prompt}"), listed here for the catalog: they are written in
# turn.py, combat.py and cards.py and translated where shown (``_(prompt)``).
# tests/test_i18n_hunters.py fails when the engine has one this list lacks.
PROMPTS = (
    N_("Area action"), N_("attack"), N_("after the hit"), N_("give an Equipment card away"),
    N_("resolve the card"), N_("take an Equipment card"), N_("choose a character for the card"),
    N_("end of turn"), N_("answer the Hermit card"), N_("give the Hermit card"),
    N_("take an Equipment card from the victim"), N_("choose where to move"),
    N_("respond to the attack"), N_("start of turn"),
)
