"""Drawing and resolving Hermit, White and Black cards."""

from __future__ import annotations

from . import frames as F
from .combat import heal, hurt, move_equipment, resolve_deaths, reveal, set_damage, win_check
from .data import (
    CARD_EQUIP,
    CARD_NAME,
    CHAR_NAME,
    CHOCOLATE_CHARS,
    DECK_NAME,
    FACTION,
    HERMIT_INFO,
    HP,
    HUNTER,
    ROLL_AREA,
    SHADOW,
    UNKNOWN,
)


def tell(s, seat, fact):
    """A fact only ``seat`` learns. ``told`` lists the seats told, in order, so the
    protocol finds the facts an action added without measuring every seat's list."""
    s.private[seat].append(fact)
    s.told += (seat,)


def _card_drawn(s, f, out):
    p, d, forced = f[1], f[2], f[3]
    c = out[1]
    s.decks[d].remove(c)
    name = CARD_NAME[c]
    if d == 0:
        k = s.hermit_k
        s.hermit_k += 1
        s.in_play.append(c)
        tell(s, p, ("drew", k, name))
        s.history.append(("draw", p, "hermit", k))
        s.stack.append(("hermit_give", p, c, k, forced))
        return
    s.history.append(("draw", p, DECK_NAME[d], name))
    if CARD_EQUIP[c]:
        s.equip[p].append(c)
        win_check(s)
    else:
        s.disc[d].append(c)     # single-use cards are public and go face up at once
        SINGLE[name](s, p, c)


F.CHANCE["c_card"] = ("card", _card_drawn)


# --- Hermit cards -------------------------------------------------------------------------------
def _give_opts(s, f):
    p, forced = f[1], f[4]
    if forced >= 0:
        return [("give", forced)]
    return [("give", t) for t in range(s.n) if t != p and s.alive[t]]


def _give_apply(s, f, act):
    s.stack.pop()
    p, c, k, t = f[1], f[2], f[3], act[1]
    name = CARD_NAME[c]
    tell(s, p, ("gave", k, t, name))
    tell(s, t, ("got", k, p, name))
    s.history.append(("hermit_give", p, t, k))
    s.stack.append(("hermit_answer", t, p, c, k))


F.DECIDE["hermit_give"] = (_give_opts, _give_apply)
F.PROMPT["hermit_give"] = "give the Hermit card"


def hermit_fits(c, name):
    """Whether Hermit card ``name`` is about character ``c`` (its HP or its faction): the
    one who gets it must then do what it says."""
    match = HERMIT_INFO[name][2]
    if match == "any":
        return True
    if match == "hp<=11":
        return HP[c] <= 11
    if match == "hp>=12":
        return HP[c] >= 12
    return FACTION[c] in match


def _effect_options(s, r, effect):
    if effect == "heal":
        return [("answer", "heal")] if s.dmg[r] > 0 else [("answer", "damage")]
    if effect == "anger":
        return [("answer", "give", e) for e in s.equip[r]] + [("answer", "damage")]
    if effect == "damage":
        return [("answer", "damage")]
    return [("answer", "show")]


def unknown_may_lie(s, r):
    return s.chars[r] == UNKNOWN and s.abilities and not s.voided[r]


def _answer_opts(s, f):
    r, c = f[1], f[3]
    name = CARD_NAME[c]
    effect = HERMIT_INFO[name][3]
    if effect == "show":
        return [("answer", "show")]
    if unknown_may_lie(s, r):
        return [("answer", "nothing")] + _effect_options(s, r, effect)
    if hermit_fits(s.chars[r], name):
        return _effect_options(s, r, effect)
    return [("answer", "nothing")]


def _answer_apply(s, f, act):
    s.stack.pop()
    r, g, c, k = f[1], f[2], f[3], f[4]
    s.in_play.remove(c)
    s.disc[0].append(c)
    what = act[1]
    s.history.append(("hermit", g, r, k, what))
    if what == "heal":
        heal(s, r, 1, "hermit")
    elif what == "damage":
        hurt(s, r, HERMIT_INFO[CARD_NAME[c]][4], g, "hermit")
        resolve_deaths(s, g)
    elif what == "give":
        move_equipment(s, r, g, act[2], "hermit")
    elif what == "show":
        tell(s, g, ("saw", r, CHAR_NAME[s.chars[r]]))
        s.shown[r] = True


F.DECIDE["hermit_answer"] = (_answer_opts, _answer_apply)
F.PROMPT["hermit_answer"] = "answer the Hermit card"


# --- single-use White and Black cards ---------------------------------------------------------
def _holy_water(s, p, c):
    heal(s, p, 2, "card")


def _ask_option(s, p, c):
    s.stack.append(("card_opt", p, c))


def _ask_target(s, p, c):
    s.stack.append(("card_target", p, c))


def _concealed(s, p, c):
    s.extra += 1


def _mirror(s, p, c):
    if FACTION[s.chars[p]] == SHADOW and s.chars[p] != UNKNOWN:
        reveal(s, p, "mirror")


def _flare(s, p, c):
    for t in range(s.n):
        if t != p and s.alive[t]:
            hurt(s, t, 2, p, "card")
    resolve_deaths(s, p)


def _guardian(s, p, c):
    s.guardian[p] = True


def _goblin(s, p, c):
    if any(s.equip[t] for t in range(s.n) if t != p and s.alive[t]):
        s.stack.append(("card_steal", p, c))


def _banana(s, p, c):
    if s.equip[p]:
        s.stack.append(("card_give", p, c))
    else:
        hurt(s, p, 1, p, "card")
        resolve_deaths(s, p)


def _dynamite(s, p, c):
    s.stack.append(("c_dynamite", p))


SINGLE = {
    "Holy Water of Healing": _holy_water,
    "Advent": _ask_option,
    "Chocolate": _ask_option,
    "Blessing": _ask_target,
    "Concealed Knowledge": _concealed,
    "Disenchant Mirror": _mirror,
    "First Aid": _ask_target,
    "Flare of Judgement": _flare,
    "Guardian Angel": _guardian,
    "Moody Goblin": _goblin,
    "Vampire Bat": _ask_target,
    "Bloodthirsty Spider": _ask_target,
    "Banana Peel": _banana,
    "Diabolic Ritual": _ask_option,
    "Dynamite": _dynamite,
    "Spiritual Doll": _ask_target,
}


def may_use(s, p, name):
    """Advent, Chocolate, Diabolic Ritual: may this character reveal and heal fully?"""
    c = s.chars[p]
    if name == "Advent":
        return FACTION[c] == HUNTER
    if name == "Chocolate":
        return c in CHOCOLATE_CHARS
    return FACTION[c] == SHADOW and not s.rev[p]


def _opt_opts(s, f):
    # Every drawer gets the same prompt; "use" is offered only to those who may (private).
    if may_use(s, f[1], CARD_NAME[f[2]]):
        return [("card_use",), ("card_pass",)]
    return [("card_pass",)]


def _opt_apply(s, f, act):
    s.stack.pop()
    p = f[1]
    if act[0] == "card_use":
        reveal(s, p, CARD_NAME[f[2]])
        heal(s, p, s.dmg[p], "card")


F.DECIDE["card_opt"] = (_opt_opts, _opt_apply)
F.PROMPT["card_opt"] = "resolve the card"


def _target_opts(s, f):
    p, name = f[1], CARD_NAME[f[2]]
    if name == "First Aid":
        return [("card_target", t) for t in range(s.n) if s.alive[t]]
    return [("card_target", t) for t in range(s.n) if t != p and s.alive[t]]


def _target_apply(s, f, act):
    s.stack.pop()
    p, name, t = f[1], CARD_NAME[f[2]], act[1]
    s.history.append(("card_target", p, name, t))
    if name == "Blessing":
        s.stack.append(("c_d6", p, "blessing", t))
    elif name == "First Aid":
        set_damage(s, t, 7, p, "card")
    elif name == "Vampire Bat":
        hurt(s, t, 2, p, "bat")
        heal(s, p, 1, "bat")
        resolve_deaths(s, p)
    elif name == "Bloodthirsty Spider":
        hurt(s, t, 2, p, "spider")
        hurt(s, p, 2, p, "spider")
        resolve_deaths(s, p)
    elif name == "Spiritual Doll":
        s.stack.append(("c_d6", p, "doll", t))


F.DECIDE["card_target"] = (_target_opts, _target_apply)
F.PROMPT["card_target"] = "choose a character for the card"


def _steal_opts(s, f):
    p = f[1]
    return [("goblin", t, e) for t in range(s.n) if t != p and s.alive[t] for e in s.equip[t]]


def _steal_apply(s, f, act):
    s.stack.pop()
    move_equipment(s, act[1], f[1], act[2], "goblin")


F.DECIDE["card_steal"] = (_steal_opts, _steal_apply)
F.PROMPT["card_steal"] = "take an Equipment card"


def _give_eq_opts(s, f):
    p = f[1]
    return [("banana", e, t) for e in s.equip[p] for t in range(s.n) if t != p and s.alive[t]]


def _give_eq_apply(s, f, act):
    s.stack.pop()
    move_equipment(s, f[1], act[2], act[1], "banana")


F.DECIDE["card_give"] = (_give_eq_opts, _give_eq_apply)
F.PROMPT["card_give"] = "give an Equipment card away"


def _dynamite_outcome(s, f):
    return "dice"


def _dynamite_roll(s, f, out):
    p = f[1]
    s.dice = (out[1], out[2])
    area = ROLL_AREA[out[1] + out[2]]
    s.history.append(("dynamite", p, out[1], out[2]))
    if area is None:
        return
    slot = s.board.index(area)
    for t in range(s.n):
        if s.alive[t] and s.pos[t] == slot:
            hurt(s, t, 3, p, "dynamite")
    resolve_deaths(s, p)


F.CHANCE["c_dynamite"] = (_dynamite_outcome, _dynamite_roll)
