"""Short animations that follow game events: tumbling dice, hits, heals, moves, reveals.

The table turns each visible rules event into an ``Effect`` with a length scaled by the
animation speed (``TableScene.hold_for_animation``), so the session waits for it. At speed
"off" lengths are 0 and nothing is queued: the board simply shows the new state.
``EventAnimations`` (mixed into ``HuntersTable``) is that translation.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.i18n import N_


@dataclass
class Effect:
    kind: str              # "dice", "hit", "heal", "death", "reveal", "move", "attack", "note"
    seconds: float
    seat: int = -1
    data: dict = field(default_factory=dict)
    delay: float = 0.0     # waits this long first (a hit shows once the dice have settled)
    age: float = 0.0

    @property
    def progress(self) -> float:
        if self.seconds <= 0:
            return 1.0
        return max(0.0, min(1.0, (self.age - self.delay) / self.seconds))

    @property
    def started(self) -> bool:
        return self.age >= self.delay

    @property
    def done(self) -> bool:
        return self.age >= self.delay + self.seconds


class Effects:
    """The running animations; ``update`` ages them, finished ones drop out."""

    def __init__(self) -> None:
        self.items: list[Effect] = []
        # plays the sound cue an effect carries (data["cue"]) when the effect starts: a hit
        # is heard when it shows, once the dice have settled (the table's Sounds.play)
        self.sounds = None

    def add(self, effect: Effect) -> None:
        if effect.seconds > 0:
            self.items.append(effect)

    def update(self, dt: float) -> None:
        for e in self.items:
            waiting = not e.started
            e.age += dt
            if waiting and e.started and e.data.get("cue") and self.sounds is not None:
                self.sounds(e.data["cue"])
        self.items = [e for e in self.items if not e.done]

    def clear(self) -> None:
        self.items = []

    def running(self) -> list[Effect]:
        return [e for e in self.items if e.started]

    def of(self, kind: str, waiting_too: bool = False) -> list[Effect]:
        return [e for e in self.items if e.kind == kind and (waiting_too or e.started)]

    def on_seat(self, seat: int, kind: str | None = None) -> list[Effect]:
        return [e for e in self.items
                if e.started and e.seat == seat and (kind is None or e.kind == kind)]

    def __bool__(self) -> bool:
        return bool(self.items)


def tumbling_value(sides: int, final: int, progress: float, salt: int = 0) -> int:
    """The face a rolling die shows: changing quickly, then the result for the last third."""
    if progress >= 0.6:
        return final
    tick = int(progress * 30) + salt * 7
    return (tick * 5 + salt + 3) % sides + 1


def ease_out(t: float) -> float:
    return 1 - (1 - t) ** 3


# Hold lengths at normal speed (the session waits this long after such an event).
DICE_KINDS = ("roll", "attack", "die", "dynamite")
# The sound cue of each event (game.ui.sound.CUES); each goes with its animation or the
# board's change, never alone.
CUE_OF = {**{kind: "dice" for kind in DICE_KINDS}, "damage": "damage", "draw": "card"}
HOLD = {"roll": 0.9, "attack": 1.1, "die": 0.8, "dynamite": 1.0, "damage": 0.7, "heal": 0.6,
        "set_damage": 0.6, "death": 1.1, "reveal": 1.0, "move": 0.5, "draw": 0.6,
        "equipment": 0.6, "loot": 0.6}
# A White or Black card drawn is held up long enough to read it (at normal speed); what
# it does (hits, heals) shows after that.
CARD_HOLD = 2.6
# Moments (game/ui/moments.py): seconds at normal speed they stay unless a click ends them
# sooner. The session, the hand-off and the results wait for them.
MOMENT_SECONDS = {"reveal": 3.0, "death": 3.0, "ability": 3.0, "steal": 2.6, "final_blow": 4.5}


class EventAnimations:
    """Mixed into ``HuntersTable``: each visible rules event becomes its ``Effect``s, the
    ones a roll brings waiting until the dice have settled."""

    def animate_event(self, event, step: int, fact: tuple) -> None:
        cue = CUE_OF.get(event.kind)
        if event.kind == "damage" and not fact[2]:
            cue = None                      # nothing happened to them: no blow to hear
        heard_later = False
        if event.kind in HOLD:
            # what the dice bring (hits, heals, deaths) shows once they have settled
            if step != self._batch_step:
                self._batch_step, self._batch_delay = step, 0.0
            delay = 0.0 if event.kind in DICE_KINDS else self._batch_delay
            total = HOLD[event.kind] + delay
            scale = self.hold_for_animation(total) / total
            heard_later = self._start_effect(event.kind, fact, HOLD[event.kind] * scale,
                                             delay * scale, cue)
            if event.kind in DICE_KINDS:
                self._batch_delay += 0.6 * HOLD[event.kind]
            if event.kind == "draw" and fact[2] != "hermit":
                self._show_card(fact, delay)
        self._moment_of(event, step, fact)
        if cue and not heard_later:
            self.app.sound.play(cue)
        if event.kind in ("death", "reveal"):
            self.app.sound.play("refused" if event.kind == "death" else "click")

    # --- moments: held until seen -----------------------------------------------------------------
    def _moment_of(self, event, step: int, fact: tuple) -> None:
        """A reveal, a death, an ability, a stolen card, the end: a moment of its own,
        queued to start when the dice that brought it have settled (``release_moments``)."""
        kind = event.kind
        if kind == "reveal":
            data = {"character": fact[2], "why": fact[3] if len(fact) > 3 else ""}
            self._due_moment("reveal", fact[1], data, step)
        elif kind == "death":
            self._due_moment("death", fact[1], {"character": fact[3], "by": fact[2]}, step)
        elif kind == "ability" and fact[2] != "Ultra Soul":     # (her 3 damage shows as a hit)
            text = self.named([event.text])[0] if event.text else ""
            self._due_moment("ability", fact[1], {"character": fact[2], "target": fact[3], "text": text}, step)
        elif kind == "equipment":
            self._due_moment("steal", fact[2], {"cards": (fact[3],), "from": fact[1], "to": fact[2],
                                                "why": fact[4] if len(fact) > 4 else ""}, step)
        elif kind == "loot":
            self._due_moment("steal", fact[1], {"cards": tuple(fact[3]), "from": fact[2], "to": fact[1]}, step)
        elif kind == "end":
            data = {"final": True, "winners": tuple(fact[1])}
            death = next((d for d in reversed(self._due_moments) if d[1] == "death"), None)
            if death is not None:
                death[3].update(data)         # the final blow: the last death says the game is over
                return
            queued = self.moments.find("death")
            if queued is not None and not queued.done:
                queued.data.update(data)
                queued.seconds = max(queued.seconds, MOMENT_SECONDS["final_blow"] * self.moment_speed())
                return
            self._due_moment("final_blow", -1, data, step)

    def _due_moment(self, kind: str, seat: int, data: dict, step: int) -> None:
        speed = self.moment_speed()
        if not speed:
            return          # animations off (or skipping to the result): the log tells it
        wait = self._batch_delay if step == self._batch_step else 0.0
        self._due_moments.append([wait * speed, kind, seat, data])

    def release_moments(self, dt: float) -> None:
        """Each frame: a moment whose dice have settled joins the table's queue, in order."""
        for due in self._due_moments:
            due[0] -= dt
        while self._due_moments and self._due_moments[0][0] <= 0:
            _, kind, seat, data = self._due_moments.pop(0)
            length = MOMENT_SECONDS["final_blow" if data.get("final") else kind]
            self.moments.add(kind, length, data={**data, "seat": seat})

    def _show_card(self, fact: tuple, delay: float) -> None:
        """Hold the drawn White/Black card up, face up, then send it to its owner (an
        Equipment card) or to the discard pile; whatever it does waits for it."""
        total = CARD_HOLD + delay
        seconds = self.hold_for_animation(total)
        if seconds <= 0:
            return
        scale = seconds / total
        owner = fact[3] in self.view()["players"][fact[1]]["equipment"]
        self.effects.add(Effect("card", CARD_HOLD * scale, fact[1],
                                {"card": fact[3], "deck": fact[2], "to": "owner" if owner else "discard"},
                                delay * scale))
        self._batch_delay += CARD_HOLD

    def _start_effect(self, kind: str, fact: tuple, seconds: float, delay: float = 0.0,
                      cue: str | None = None) -> bool:
        """Queue the animation of one rules event (``fact`` is its public record). A ``cue``
        for an animation that waits (a hit after the dice) rides on it and is heard when
        it starts: True then."""
        if seconds <= 0:
            return False
        later = False
        for what, seat, data in self._effects_of(kind, fact):
            if cue and delay > 0 and not later:
                data, later = {**data, "cue": cue}, True
            self.effects.add(Effect(what, seconds, seat, data, delay))
        if later:
            self.effects.sounds = self.app.sound.play
        return later

    def _effects_of(self, kind: str, fact: tuple) -> list[tuple[str, int, dict]]:
        if kind in DICE_KINDS:
            out = [("dice", fact[1], {"fact": fact})]
            if kind == "attack":
                out.append(("attack", fact[1], {"targets": tuple(fact[2])}))
            return out
        if kind == "damage":
            return [("hit", fact[1], {"text": f"-{fact[2]}", "amount": fact[2]})]
        if kind == "heal":
            if not fact[2]:
                return []       # no damage to heal: the log says so, a "+0" would say nothing
            return [("heal", fact[1], {"text": f"+{fact[2]}", "amount": -fact[2]})]
        if kind == "set_damage":
            return [("heal", fact[1], {"text": f"= {fact[2]}"})]
        if kind == "death":
            return [("death", fact[1], {"character": fact[3]})]
        if kind == "reveal":
            return [("reveal", fact[1], {"character": fact[2]})]
        if kind == "move":
            return [("move", fact[1], {"from": self._positions.get(fact[1]), "to": fact[2]})]
        if kind == "draw":
            if fact[2] != "hermit":
                return []       # a White or Black card is held up large (``_show_card``)
            return [("note", fact[1], {"text": N_("draws a Hermit card")})]
        return []       # (a card taken is a moment: the card face up, from whom to whom)
