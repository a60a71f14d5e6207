"""English words for the advice's and the analysis's messages.

Every text the coach makes is a ``Message`` (an id and parameters). ``render`` fills the
English sentence of the id; a translation replaces ``TEXTS`` (or ``render`` is handed a
catalogue of its own) and keeps the parameters. Parameters: percentages are whole
numbers, scores have one decimal, a card is a view's ``("card", suit, rank)``, a seat is
an int that ``names`` turns into a person's name.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from .core import Message

TEXTS: dict[str, str] = {
    # Chasing Shadows
    "chasing.lead": "{card} leads: you take this trick in {trick}% of deals; "
                    "{score} points this round on average",
    "chasing.under": "{card} is under the Spotlight {spotlight}: you take this trick in "
                     "{trick}% of deals; {score} points this round on average",
    "chasing.over": "{card} is not under the Spotlight {spotlight}: you take this trick in "
                    "{trick}% of deals; {score} points this round on average",
    "chasing.discard": "Discarding the {suit} Follow Card: you take this trick in {trick}% "
                       "of deals; {score} points this round on average",
    # Shadow Hunters
    "hunters.hit": "{target}: {enemy}% that they are against you; they are dead by the end "
                   "of this turn in {dies}% of games",
    "hunters.help": "{target}: {ally}% that they are on your side",
    "hunters.hit_neutral": "{target}: {shadow}% that they are a Shadow, {hunter}% a Hunter; "
                           "they are dead by the end of this turn in {dies}% of games",
    "hunters.plain": "over the next round you take {hurt} damage on average and are "
                     "still alive in {alive}% of games",
    # Harsh Shadows
    "harsh.plain": "won in {win}% of {games} played-out games (±{margin})",
    # the analysis
    "analysis.mistake": "{when}: {who} chose {chosen} ({lost:+d}%); {best} was better",
    "analysis.luck": "{when}: {what} — {who} {swing:+d}%",
    "analysis.when.chasing": "Round {round}, trick {trick}",
    "analysis.when.hunters": "Turn {turn}",
    "analysis.when.harsh": "Turn {turn}",
    "analysis.when.step": "Step {step}",
    "analysis.when.end": "At the end",
    "analysis.chance.deal": "the deal",
    "analysis.chance.dice": "the dice",
    "analysis.chance.draw": "a card drawn",
    "analysis.chance.other": "chance",
    "analysis.chance.between": "what happened since the last decision",
    "analysis.and_others": "{what} and the others' moves",
}


def card_words(card: Sequence) -> str:
    return f"{str(card[1]).title()} {card[2]}"


def render(msg: Message | Mapping, names: Sequence[str] = (),
           texts: Mapping[str, str] | None = None) -> str:
    """The sentence of ``msg`` in English (or in ``texts``, a catalogue by id)."""
    if not isinstance(msg, Message):
        msg = Message.from_json(msg)
    template = (texts or TEXTS).get(msg.id) or TEXTS.get(msg.id)
    if template is None:
        return msg.id
    return template.format(**{k: _words(k, v, names, texts) for k, v in msg.params.items()})


def _words(key: str, value: Any, names: Sequence[str], texts) -> Any:
    if isinstance(value, Mapping) and "id" in value:
        return render(value, names, texts)
    if isinstance(value, tuple) and len(value) == 3 and value[0] == "card":
        return card_words(value)
    if key in ("target", "who", "next") and isinstance(value, int):
        return names[value] if 0 <= value < len(names) else f"Player {value + 1}"
    if value is None:
        return "—"
    return value
