"""What one seat's phone shows, built from that seat's view and legal actions only.

The result is plain JSON data. Whatever a game needs beyond the shared part (choices,
turn line, log tail) comes from a per-game function; a game without one gets its view
described line by line, like the generic table. Labels are the desktop's: the same
"Player 3" -> name substitution and the same shortened Shadow Hunters choices, from the
pygame-free wording modules the tables use too (``game.ui.wording``,
``game.ui.chasing.wording``, ``game.ui.hunters.wording``), never from a table itself.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

from game.i18n import N_, _, shown
from game.rules.protocol import Action
from game.session import Session
from game.ui.chasing import wording as chasing_wording
from game.ui.chasing.model import SUIT_ORDER, TRICKS_PER_ROUND
from game.ui.hunters.wording import short_label, target_seat
from game.ui.wording import describe_view, with_names

LOG_TAIL = 14


def snapshot(session: Session, seat: int, started: bool = True) -> dict:
    """The state message for ``seat``'s phone (``started``: the join screen has closed)."""
    seats = session.seats
    view = session.view(seat)
    over = session.is_over()
    decider = session.decider()
    # nothing to choose before the join screen closes: the game has not started
    legal = [] if over or not started else list(session.legal_actions(seat))
    game_id = session.match.game_id
    extra = PRESENTERS.get(game_id, generic)
    shaped = extra(session, seat, view, legal)
    actions = shaped.pop("order", None) or legal
    labels = shaped.pop("labels", {})
    out = {
        "type": "state",
        "seq": len(session.match.log),
        "game": _(session.spec.title),
        "game_id": game_id,
        "seat": seat,
        "name": seats[seat].name,
        "players": [s.name for s in seats],
        "mine": decider == seat,
        "turn": turn_line(session, seat) if started else _("The game has not started yet."),
        "actions": [{"label": labels.get((a.kind, a.args)) or with_names(a.label or str(a), seats),
                     "action": a.to_json(),
                     **({"confirm": _(CONFIRM[a.kind])} if a.kind in CONFIRM else {})}
                    for a in actions],
        "log": [with_names(line, seats) for line in session.log_lines(seat)[-LOG_TAIL:]],
        "over": over,
        "result": result_line(session) if over else "",
        # the phone's own sound cues (opt-in there): what to count, and a win or a loss
        "cues": cue_counts(session, seat),
        "won": _won(session, seat) if over else None,
    }
    out.update(shaped)
    if not started:
        out["prompt"] = _("It starts on the table's screen once every phone has joined, "
                          "or when someone there presses Start now.")
    elif out.get("prompt") == out["turn"]:
        del out["prompt"]       # said once, in the heading
    return out


# The rules events a phone hears, as the table does (game.ui.sound.CUES): a card played
# or drawn, dice, a hit that did damage
CUE_OF = {"card_played": "card", "draw": "card", "roll": "dice", "attack": "dice",
          "die": "dice", "dynamite": "dice", "damage": "damage"}


def cue_counts(session: Session, seat: int) -> dict[str, int]:
    """How many of each cue's events this seat has seen: the page plays a cue when its
    count grows between two states."""
    out = {"card": 0, "dice": 0, "damage": 0}
    for _step, e in session.log_events(seat):
        cue = CUE_OF.get(e.kind)
        if cue == "damage":
            data = e.data
            fact = data.get("fact", ()) if isinstance(data, Mapping) else ()
            if len(fact) > 2 and not fact[2]:
                continue                    # nobody was hurt: no blow to hear
        if cue is not None:
            out[cue] += 1
    return out


def _won(session: Session, seat: int) -> bool | None:
    result = session.result()
    return None if result is None else seat in result.winners


CONFIRM = {"reveal": N_("Show your character to everyone? This cannot be taken back.")}


def turn_line(session: Session, seat: int) -> str:
    if session.is_over():
        return _("The game is over.")
    d = session.decider()
    if d < 0:
        view = session.view(seat)
        if session.match.game_id == "chasing" and view.get("rounds_done"):
            return _("Round {round} is over.", round=view["rounds_done"])
        return _("The cards are being dealt.") if session.match.game_id == "chasing" \
            else _("The table is setting up.")
    if d == seat:
        return _("Your decision.")
    cfg = session.seats[d]
    if not cfg.is_human:
        return _("{name} (computer) is deciding.", name=cfg.name)
    if cfg.on_phone:
        return _("Waiting for {name}'s phone.", name=cfg.name)
    return _("Waiting for {name}.", name=cfg.name)


def result_line(session: Session) -> str:
    result = session.result()
    if result is None:
        return ""
    if result.reason:
        return with_names(shown(result.reason), session.seats)   # a Msg: in the phone's words
    names = [session.seats[w].name for w in result.winners]
    if not names:
        return _("Nobody won.")
    return _("Won by {names}.", names=_(", ").join(names))


# --- per game --------------------------------------------------------------------------------

def generic(session: Session, seat: int, view: Mapping, legal: list[Action]) -> dict:
    return {"panels": [{"title": _("What you can see"),
                        "lines": describe_view(view, limit=200)}]}


def chasing(session: Session, seat: int, view: Mapping, legal: list[Action]) -> dict:
    names = [s.name for s in session.seats]
    plays = {(a.args[0], a.args[1]): i for i, a in enumerate(legal) if a.kind == "play"}
    hand = [{"card": list(c), "lit": (c[1], c[2]) in plays,
             "index": plays.get((c[1], c[2]), -1)} for c in view["hands"][seat]]
    d = session.decider()
    acting = d == seat
    waiting = ((_("{name}'s phone", name=names[d]) if session.seats[d].on_phone else names[d])
               if d >= 0 else _("the dealer"))
    follow = [c[1] for c in view["follow"]]
    order = sorted(legal, key=lambda a: follow.index(a.args[0])
                   if a.kind == "discard" and a.args[0] in follow else 0)
    spot = view["spotlight"]
    per_round = TRICKS_PER_ROUND[len(names)]
    trick = min(len(view["history"]) + 1, per_round)
    between = view["phase"] == "deal" and view["rounds_done"]
    lines = [_("Round {round} of 3 is over: its scores are on the table's screen",
               round=view["rounds_done"])
             if between else _("Round {round} of 3 · trick {trick} of {tricks}",
                               round=view["round"], trick=trick, tricks=per_round),
             _("Spotlight: {card}", card=chasing_wording.card_name(spot)
               if spot and spot[0] == "card" else "—"),
             _("Follow Cards: {suits}",
               suits=chasing_wording.suit_list([s for s in SUIT_ORDER if s in follow])
               or _("none"))]
    trick = view["trick"]
    if trick:
        lines.append(_("On the table: {cards}", cards="; ".join(
            f"{names[p['seat']]} {chasing_wording.card_name(p['card'])}" for p in trick)))
    lines.append(_("Cards taken: {counts}", counts=", ".join(
        f"{names[i]} {len(t)}" for i, t in enumerate(view["taken"]))))
    prompt = chasing_wording.prompt(view, seat, acting, waiting)
    if between:
        prompt = _("Round {round} is scored: the scores are on the table's screen, where "
                   "Continue starts the next round.", round=view["rounds_done"])
    elif view["phase"] == "deal":
        prompt = _("The cards are being dealt.")
    return {"prompt": prompt,
            "hand": hand, "order": order,
            "panels": [{"title": _("The table"), "lines": lines}]}


def hunters(session: Session, seat: int, view: Mapping, legal: list[Action]) -> dict:
    from game.rules.hunters.data import CARD_TEXT
    seats = session.seats
    names = [s.name for s in seats]
    actions = legal
    if len(actions) > 8:   # as on the desktop: choices without a target first
        actions = sorted(actions, key=lambda a: target_seat(a) is not None)
    labels = {(a.kind, a.args): short_label(with_names(a.label, seats)) for a in actions}
    me = view.get("me") or {}
    public = view["players"][seat]
    out: dict[str, Any] = {"order": actions, "labels": labels}
    pending = view["pending"]
    if pending.get("seat") == seat and pending.get("kind"):
        out["prompt"] = _hunters_prompt(pending, names)
    elif pending.get("seat") is not None and pending.get("seat", -1) >= 0:
        who = pending["seat"]
        what = _(pending["prompt"]) if pending.get("prompt") else ""
        out["prompt"] = _("{name}: {decision}.", name=names[who], decision=what)   # the heading waits
    if me:
        # names and texts in the phone's language; the faction stays the page's key
        win = _(me["win"]) if me.get("win") else ""
        if me.get("agnes_target") is not None:
            win = _("{player} wins", player=names[me["agnes_target"]])
        out["character"] = {"name": _(me["character"]) if me.get("character") else None,
                            "faction": me.get("faction"),
                            "hp": me.get("hp"), "damage": public["damage"],
                            "win": win, "ability": _(me["ability"]) if me.get("ability") else "",
                            "revealed": public["revealed"], "alive": public["alive"]}
    holding = view.get("holding")
    if holding:
        out["holding"] = {"name": _(holding),
                          "text": _(CARD_TEXT[holding]) if holding in CARD_TEXT else ""}
    private = list(view.get("private", ()))
    out["private"] = [list(e) for e in private]
    out["private_lines"] = [_private_line(e, names) for e in private if _private_line(e, names)]
    out["seen"] = [_("{name} is {faction}", name=names[s], faction=_(c))
                   for s, c in view.get("shown_to_me", ())]
    out["board"] = [_board_line(p, names) for p in view["players"]]
    out["notebook"] = [{"seat": p["seat"], "name": names[p["seat"]],
                        "known": p["faction"] if p["revealed"] else ""}
                       for p in view["players"] if p["seat"] != seat]
    return out


def _hunters_prompt(pending: Mapping, names: list[str]) -> str:
    kind = pending.get("kind")
    if kind == "hermit_answer":
        return _("{name} gave you a Hermit card. Answer it:", name=names[pending["giver"]])
    if kind == "hermit_give":
        return _("Read your Hermit card, then give it to another player.")
    if kind == "respond":
        return _("{name} attacked you. Your response:", name=names[pending["attacker"]])
    if kind == "start":
        return _("Your turn: roll the dice to move.")
    text = _(pending["prompt"]) if pending.get("prompt") else _("choose")
    return _("{decision}:", decision=text[:1].upper() + text[1:])


def _private_line(entry, names: list[str]) -> str:
    kind = entry[0]
    if kind == "drew":
        return _("You drew the Hermit card {card}.", card=_(entry[2]))
    if kind == "gave":
        return _("You gave {card} to {name}.", card=_(entry[3]), name=names[entry[2]])
    if kind == "got":
        return _("{name} gave you {card}.", name=names[entry[2]], card=_(entry[3]))
    if kind == "saw":
        return _("You saw that {name} is {faction}.", name=names[entry[1]], faction=_(entry[2]))
    return ""


def _board_line(p: Mapping, names: list[str]) -> str:
    who = names[p["seat"]]
    if not p["alive"]:
        return (_("{name}: dead ({character})", name=who, character=_(p["character"]))
                if p["revealed"] else _("{name}: dead", name=who))
    ident = (_("{player} ({character})", player=_(p["character"]), character=_(p["faction"]))
             if p["revealed"] else _("hidden"))
    gear = "".join(_("{list}, {item}", list="", item=_(e)) for e in p["equipment"])
    return _("{name}: {identity}, {area}, {damage} damage{equipment}", name=who, identity=ident,
             area=_(p["area"]) if p["area"] else _("not on the board"), damage=p["damage"],
             equipment=gear)


PRESENTERS: dict[str, Callable[[Session, int, Mapping, list[Action]], dict]] = {
    "chasing": chasing,
    "hunters": hunters,
}
