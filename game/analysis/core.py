"""The analysis itself: replay, evaluate each decision, measure the swings between them."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Sequence

from game.advice import advise, position_seed
from game.advice.core import pct
from game.advice.messages import label_data, label_msg
from game.i18n import N_, Msg, Percent
from game.match import Match
from game.rules.protocol import CHANCE, Action

VERSION = 2          # 2: texts are game.i18n.Msg data, labels kept as the rules give them
BUDGETS = {"chasing": 200, "hunters": 150, "harsh": 5000}
"""Playouts a decision (Harsh: playout steps), fewer than a hint: a game has many."""
KEY_MISTAKE = 0.05      # a choice that cost at least this much win chance is worth naming
KEY_SWING = 0.15        # and a swing at least this big
KEY_MOMENTS = 8
AGAIN_SEED = 0x5DEECE66D    # the second look's worlds, apart from the first's

# Translators: what changed a player's chances between two of their decisions
CHANCE_WORDS = {"deal": N_("the deal"), "dice": N_("the dice"), "draw": N_("a card drawn"),
                "other": N_("chance"), "between": N_("what happened since the last decision"),
                "found": N_("what the last action turned up")}
# Games whose actions turn up hidden cards themselves (Harsh Shadows: a move, a reveal, a
# draw resolves cards the view did not show, with no chance step in the log): a swing
# between two decisions with nothing else in between is what the action turned up.
FOUND_BY_ACTIONS = frozenset(("harsh",))
CHANCE_KINDS = {"deal": "deal", "board": "deal", "first": "deal", "start": "deal",
                "dice": "dice", "d6": "dice", "d4": "dice", "card": "draw", "draw": "draw"}


class Cancelled(Exception):
    """The analysis was stopped before the end."""


@dataclass(frozen=True)
class Decision:
    step: int               # the decision's index in the action log
    seat: int
    chosen: Action
    best: Action
    before: float           # the seat's win chance before deciding (the best choice's)
    after: float            # its win chance with the choice made
    options: int            # legal choices
    when: Msg
    top: tuple = ()         # ((action, win), ...) the best few, for the review
    labels: tuple = ()      # (chosen, best) labels as kept (``messages.label_data``)

    @property
    def lost(self) -> float:
        return max(0.0, self.before - self.after)

    def to_json(self) -> dict:
        return {"step": self.step, "seat": self.seat, "chosen": self.chosen.to_json(),
                "chosen_label": self.label_of(0), "best": self.best.to_json(),
                "best_label": self.label_of(1), "before": round(self.before, 4),
                "after": round(self.after, 4), "lost": round(self.lost, 4),
                "options": self.options, "when": self.when.to_data(),
                "top": [[a.to_json(), label_data(a), round(w, 4)] for a, w in self.top]}

    def label_of(self, which: int):
        """The chosen (0) or best (1) action's label as kept: ``messages.label_data``."""
        if self.labels:
            return self.labels[which]
        return label_data(self.best if which else self.chosen)

    @classmethod
    def from_json(cls, d: Mapping) -> "Decision":
        def act(j, label):
            a = Action.from_json(j)
            return Action(a.kind, a.args, label_msg(label))    # a Msg stays one
        return cls(int(d["step"]), int(d["seat"]), act(d["chosen"], d["chosen_label"]),
                   act(d["best"], d["best_label"]), float(d["before"]), float(d["after"]),
                   int(d["options"]), Msg.from_data(d["when"]),
                   tuple((act(a, label), float(w)) for a, label, w in d.get("top", ())),
                   (d["chosen_label"], d["best_label"]))


@dataclass(frozen=True)
class Swing:
    step: int               # where it is measured: the seat's next decision (or the end)
    since: int              # the step after the seat's previous decision
    seat: int
    kinds: tuple[str, ...]  # chance kinds in between ("deal", "dice", "draw", "found"); ()
    others: bool            # other seats decided in between
    swing: float            # win chance now minus what the previous choice kept

    def to_json(self) -> dict:
        return {"step": self.step, "since": self.since, "seat": self.seat,
                "kinds": list(self.kinds), "others": self.others, "swing": round(self.swing, 4)}

    @classmethod
    def from_json(cls, d: Mapping) -> "Swing":
        return cls(int(d["step"]), int(d["since"]), int(d["seat"]),
                   tuple(str(k) for k in d["kinds"]), bool(d["others"]), float(d["swing"]))


@dataclass(frozen=True)
class Analysis:
    game: str
    players: int
    budget: int
    decisions: tuple[Decision, ...]
    swings: tuple[Swing, ...]
    winners: tuple[int, ...]
    length: int             # steps in the log
    skipped: int = 0        # decisions no world could be rebuilt for (not estimated)
    teams: tuple[str, ...] = ()   # Shadow Hunters: each seat's faction, as the end revealed
    version: int = VERSION
    extra: Mapping[str, Any] = field(default_factory=dict)

    def accuracy(self) -> list[float | None]:
        """Per seat: the average win chance lost per decision (None: no decisions)."""
        out = []
        for s in range(self.players):
            mine = [d.lost for d in self.decisions if d.seat == s]
            out.append(sum(mine) / len(mine) if mine else None)
        return out

    def curve(self, seat: int) -> list[tuple[int, float]]:
        """(step, win chance) of one seat over the game: before each of its decisions,
        then its end (1 or 0)."""
        pts = [(0, 1.0 / self.players if self.game != "harsh" else None)]
        pts = [p for p in pts if p[1] is not None]
        pts += [(d.step, d.before) for d in self.decisions if d.seat == seat]
        pts.append((self.length, 1.0 if seat in self.winners else 0.0))
        return pts

    def team_curve(self, team: str) -> list[tuple[int, float]]:
        """(step, win chance) of a team (``teams``): after each decision of a member, the
        mean of every member's latest estimate (the Hunters' estimates are of the same
        event seen from different seats; the Neutrals' the average Neutral's chance),
        then the share of its members that won."""
        members = [s for s, t in enumerate(self.teams) if t == team]
        latest: dict[int, float] = {}
        pts = []
        for d in self.decisions:
            if d.seat in members:
                latest[d.seat] = d.before
                pts.append((d.step, sum(latest.values()) / len(latest)))
        if members:
            won = sum(1 for s in members if s in self.winners) / len(members)
            pts.append((self.length, won))
        return pts

    def mistakes(self, k: int = KEY_MOMENTS) -> list[Decision]:
        big = [d for d in self.decisions if d.lost >= KEY_MISTAKE]
        return sorted(big, key=lambda d: (-d.lost, d.step))[:k]

    def luck(self, k: int = KEY_MOMENTS) -> list[Swing]:
        big = [s for s in self.swings if s.kinds and abs(s.swing) >= KEY_SWING]
        return sorted(big, key=lambda s: (-abs(s.swing), s.step))[:k]

    def when(self, step: int) -> Msg:
        for d in self.decisions:
            if d.step == step:
                return d.when
        if step >= self.length:
            return Msg("At the end")
        return Msg("Step {step}", step=step)

    def mistake_message(self, d: Decision) -> Msg:
        """``who`` is a seat (``messages.named`` puts the name in); ``lost`` the whole
        percent of win chance the choice cost."""
        return Msg("{when}: {who} chose {chosen} (−{lost}); {best} was better", when=d.when,
                   who=d.seat, chosen=label_msg(d.label_of(0)), lost=pct(d.lost),
                   best=label_msg(d.label_of(1)))

    def luck_message(self, s: Swing) -> Msg:
        what = Msg(CHANCE_WORDS[s.kinds[0] if s.kinds else "between"])
        if s.kinds and s.others:
            what = Msg("{what} and the others' moves", what=what)
        return Msg("{when}: {what} — {who} {swing}", when=self.when(s.step), what=what,
                   who=s.seat, swing=Percent(pct(s.swing), signed=True))

    def key_moments(self, k: int = KEY_MOMENTS) -> list[tuple[int, Msg]]:
        """(step, message) of the biggest mistakes and swings of luck, in game order."""
        out = [(d.step, self.mistake_message(d)) for d in self.mistakes(k)]
        out += [(s.step, self.luck_message(s)) for s in self.luck(k)]
        out.sort(key=lambda t: t[0])
        return out

    def to_json(self) -> dict:
        return {"version": self.version, "game": self.game, "players": self.players,
                "budget": self.budget, "winners": list(self.winners), "length": self.length,
                "skipped": self.skipped, "teams": list(self.teams),
                "accuracy": [None if a is None else round(a, 4) for a in self.accuracy()],
                "decisions": [d.to_json() for d in self.decisions],
                "swings": [s.to_json() for s in self.swings]}

    @classmethod
    def from_json(cls, d: Mapping) -> "Analysis":
        """Rebuild a stored analysis; ValueError if it is damaged or of another version
        (an old one is then simply made again)."""
        try:
            if d.get("version") != VERSION:
                raise ValueError(f"analysis version {d.get('version')!r}")
            return cls(str(d["game"]), int(d["players"]), int(d["budget"]),
                       tuple(Decision.from_json(x) for x in d["decisions"]),
                       tuple(Swing.from_json(x) for x in d["swings"]),
                       tuple(int(w) for w in d["winners"]), int(d["length"]),
                       int(d.get("skipped", 0)), tuple(str(t) for t in d.get("teams", ())))
        except (KeyError, TypeError, AttributeError) as exc:
            raise ValueError(f"damaged analysis: {exc!r}") from None


def when_of(game: str, view: Mapping, step: int) -> Msg:
    if game == "chasing":
        return Msg("Round {round}, trick {trick}", round=view["round"],
                   trick=len(view["history"]) + 1)
    if game in ("hunters", "harsh"):
        return Msg("Turn {turn}", turn=view["turn"])
    return Msg("Step {step}", step=step)


def analyse(record, budget: int | None = None, progress: Callable[[int, int], None] | None = None,
            cancelled: Callable[[], bool] | None = None, calibrated: bool = True,
            only: Callable[[int], bool] | None = None) -> Analysis:
    """The analysis of a finished ``GameRecord`` (see the package text)."""
    return analyse_log(record.game, record.players, record.seed, record.options,
                       list(record.log), record.chance, budget, progress, cancelled, calibrated,
                       only)


def analyse_log(game: str, players: int, seed: int, options: Mapping, log: Sequence,
                chance: int = 1, budget: int | None = None,
                progress: Callable[[int, int], None] | None = None,
                cancelled: Callable[[], bool] | None = None, calibrated: bool = True,
                only: Callable[[int], bool] | None = None) -> Analysis:
    """``only(i)``: look at the decision at log step ``i`` only if true (the calibration
    tool samples a few decisions of many games; the rest still teach the seats' beliefs,
    as in a full analysis, so a sampled decision's figures are the full analysis's)."""
    budget = BUDGETS[game] if budget is None else budget
    m = Match.start(game, players, seed, options, chance)
    beliefs: dict[int, Any] = {}
    decisions: list[Decision] = []
    swings: list[Swing] = []
    last: dict[int, tuple[int, float]] = {}      # seat -> (step after its decision, kept)
    chance_since: list[tuple[int, str]] = []     # (step, kind) of chance outcomes
    deciders_since: list[tuple[int, int]] = []   # (step, seat) of decisions
    skipped = 0
    total = len(log)
    for i, (seat, action) in enumerate(log):
        if cancelled is not None and cancelled():
            raise Cancelled()
        if progress is not None:
            progress(i, total)
        if seat == CHANCE:
            chance_since.append((i, CHANCE_KINDS.get(action.kind, "other")))
            m.apply(seat, action)
            continue
        legal = m.state.legal_actions(seat)
        if len(legal) >= 2 and only is not None and not only(i):
            if game == "hunters":
                _learn(beliefs, m.state.view(seat), seat)
        elif len(legal) >= 2:
            view = m.state.view(seat)
            adv = _advise(game, view, legal, budget, action, beliefs, seat, calibrated=calibrated)
            choice = adv.of(action) if adv is not None else None
            if choice is None:
                skipped += 1
            else:
                before, after = adv.best.win, choice.win
                if adv.best.action != action:
                    before, after = _again(game, view, adv.best.action, choice.action, budget,
                                           beliefs, seat, calibrated) or (before, after)
                d = Decision(i, seat, choice.action, adv.best.action, before, after,
                             len(legal), when_of(game, view, i),
                             tuple((c.action, c.win) for c in adv.top(3)))
                decisions.append(d)
                _swing(swings, last, seat, i, d.before, chance_since, deciders_since,
                       game in FOUND_BY_ACTIONS)
                last[seat] = (i + 1, d.after)
        deciders_since.append((i, seat))
        m.apply(seat, action)
    res = m.state.result()
    winners = tuple(res.winners) if res is not None else ()
    teams = tuple(res.details.get("factions", ())) if res is not None and game == "hunters" \
        else ()
    for seat, _ in sorted(last.items()):
        _swing(swings, last, seat, total, 1.0 if seat in winners else 0.0, chance_since,
               deciders_since, game in FOUND_BY_ACTIONS)
    if progress is not None:
        progress(total, total)
    return Analysis(game, players, budget, tuple(decisions), tuple(swings), winners, total,
                    skipped, teams)


def _advise(game, view, legal, budget, action, beliefs, seat, seed=None, calibrated=True):
    seed = position_seed(view) if seed is None else seed
    if game == "hunters":
        from game.advice.hunters import Beliefs, NoWorld
        b = beliefs.get(seat)
        if b is None:
            b = beliefs[seat] = Beliefs(seat, view)
        try:
            # the bare figures: the analysis re-measures its best choice in fresh worlds
            return advise(game, view, legal, budget, seed, calibrated, must=action, beliefs=b,
                          steady=False)
        except NoWorld:
            return None
    if game == "chasing":     # the bare figures, as above
        return advise(game, view, legal, budget, seed, calibrated, must=action, order="bare")
    return advise(game, view, legal, budget, seed, calibrated, must=action, steady=False)


def _learn(beliefs, view, seat) -> None:
    """What a seat's beliefs take from a view it decided at (as ``advise`` does)."""
    from game.advice.hunters import Beliefs, beliefs_for

    b = beliefs.get(seat)
    if b is None:
        b = beliefs[seat] = Beliefs(seat, view)
    beliefs_for(view, b)


def _again(game, view, best, chosen, budget, beliefs, seat, calibrated=True):
    """(before, after) measured again in fresh worlds for the two choices alone: the best
    of many noisy figures is too good by chance (the winner's curse), so a loss measured
    in the same worlds that picked the best would be overstated."""
    adv = _advise(game, view, [best, chosen], budget, chosen, beliefs, seat,
                  position_seed(view) ^ AGAIN_SEED, calibrated)
    if adv is None:
        return None
    a, b = adv.of(best), adv.of(chosen)
    return max(a.win, b.win), b.win


def _swing(swings, last, seat, step, now, chance_since, deciders_since, found=False):
    prev = last.get(seat)
    if prev is None:
        return
    since, kept = prev
    kinds = tuple(dict.fromkeys(k for s, k in chance_since if since <= s < step))
    others = any(s != seat and since <= j < step for j, s in deciders_since)
    if found and not kinds and not others:
        kinds = ("found",)
    swings.append(Swing(step, since, seat, kinds, others, now - kept))
