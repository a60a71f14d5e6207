"""Statistics per game, each with the figures that mean something for it.

Chasing Shadows: games, wins and mean final score of each person, the computer seats
apart by level. Harsh Shadows (solo): played, won and streaks per difficulty, and how the
lost games were lost; no score. Shadow Hunters: the people's factions and characters, the
computer seats apart; no score. The screen opens on the game played last.
"""

from __future__ import annotations

from typing import Mapping

from game.catalog import GameSpec
from game.i18n import N_, _, n_
from game.i18n.numbers import decimal_text, percent_text
from game.storage import stats as stats_store
from game.ui import style
from game.ui.scenes.tabbed import TabbedGameScene
from game.ui.widgets import Block, heading, paragraph, table

DIFFICULTY_ORDER = ("standard", "hard", "difficult", "expert")
LOSS_NAMES = {
    "red-herring": N_("Accused while holding a Red Herring"),
    "missing-evidence": N_("Accused without all three Evidence Items"),
    "countdown": N_("The Countdown ran out"),
    "bomb-no-card": N_("A Bomb with no card left to discard"),
    "meeting-no-card": N_("Met the Spy with no card left to discard"),
}


def games(n: int) -> str:
    return n_("{n} game", "{n} games", n)


def word(key: str) -> str:
    """A level, difficulty or faction as stored ("normal", "hunter"), in the current words."""
    return _(key[:1].upper() + key[1:])


def label(key: str, name: str, titled: bool) -> str:
    """A row's name: a faction in the current words, a character by the name the Hunters
    table gives it (the rules keep English ids), a person's name as they typed it."""
    if titled:
        return word(name)
    return _(name) if key == "characters" else name


def _int(v) -> int:
    return v if isinstance(v, int) and not isinstance(v, bool) and v >= 0 else 0


def pct(won: int, played: int) -> str:
    return percent_text(won / played) if played else "—"


def _rows(table_: Mapping, *, mean: bool, sort_by_wins: bool = True) -> list[tuple]:
    rows = []
    items = [(k, v) for k, v in table_.items() if isinstance(v, Mapping)]
    if sort_by_wins:
        items.sort(key=lambda kv: (-_int(kv[1].get("won")), str(kv[0])))
    else:
        items.sort(key=lambda kv: str(kv[0]))
    for label, v in items:
        played, won = _int(v.get("played")), _int(v.get("won"))
        row = [str(label), played, won, pct(won, played)]
        if mean:
            scored = _int(v.get("scored"))
            total = v.get("score_sum", 0)
            ok = scored and isinstance(total, (int, float)) and not isinstance(total, bool)
            row.append(decimal_text(total / scored, 1) if ok else "—")
        rows.append(tuple(row))
    return rows


def last_played(stats) -> str | None:
    """The game whose latest result is the newest (ISO times sort as text)."""
    stamped = [(g.get("last_played"), gid) for gid, g in stats.games.items()
               if isinstance(g, Mapping) and isinstance(g.get("last_played"), str)]
    return max(stamped)[1] if stamped else None


def hinted(g: Mapping) -> list[Block]:
    """The note that some games were played with hints (issue 43), if any were."""
    n = _int(g.get("with_hints"))
    if not n:
        return []
    return [paragraph(n_("{n} of these games was played with hints.",
                         "{n} of these games were played with hints.", n), style.TEXT_MUTED)]


def chasing_blocks(g: Mapping) -> list[Block]:
    out = [heading(f"{_('Chasing Shadows')} · {games(_int(g.get('played')))}")] + hinted(g)
    people = _rows(g.get("players", {}), mean=True)
    if people:
        out.append(paragraph(_("Lowest score wins, so a lower mean final score is better."),
                             style.TEXT_MUTED))
        out.append(table((_("Player"), _("Games"), _("Wins"), _("Win %"), _("Mean final score")),
                         people))
    computers = _rows(g.get("computers", {}), mean=True)
    if computers:
        out.append(heading(_("Computer seats")))
        out.append(table((_("Level"), _("Seats played"), _("Wins"), _("Win %"),
                          _("Mean final score")),
                         [(word(r[0]),) + r[1:] for r in computers]))
    return out


def harsh_blocks(g: Mapping) -> list[Block]:
    played = _int(g.get("played"))
    wins = sum(_int(v.get("won")) for v in g.get("difficulty", {}).values() if isinstance(v, Mapping))
    out = [heading(f"{_('Harsh Shadows')} · {games(played)}, " + n_("{n} win", "{n} wins", wins))]
    diff = {k: v for k, v in g.get("difficulty", {}).items() if isinstance(v, Mapping)}
    if diff:
        def order(k: str) -> tuple:
            base = k.split(" ")[0]
            return (DIFFICULTY_ORDER.index(base) if base in DIFFICULTY_ORDER else 9, k)
        rows = [(word(k) if k in DIFFICULTY_ORDER else k[:1].upper() + k[1:],
                 _int(v.get("played")), _int(v.get("won")),
                 pct(_int(v.get("won")), _int(v.get("played"))),
                 _int(v.get("streak")), _int(v.get("best_streak")))
                for k, v in sorted(diff.items(), key=lambda kv: order(kv[0]))]
        out.append(heading(_("By difficulty")))
        out.append(table((_("Difficulty"), _("Played"), _("Won"), _("Win %"), _("Current streak"),
                          _("Best streak")), rows))
    outcomes = {k: _int(v) for k, v in g.get("outcomes", {}).items() if _int(v)}
    if outcomes:
        out.append(heading(_("How the lost games were lost")))
        rows = [(_(LOSS_NAMES[k]) if k in LOSS_NAMES else k, n_("{n} time", "{n} times", n))
                for k, n in sorted(outcomes.items(), key=lambda kv: (-kv[1], kv[0]))]
        out.append(table((_("Reason"), _("Lost")), rows))
    return out


def hunters_blocks(g: Mapping) -> list[Block]:
    out = [heading(f"{_('Shadow Hunters')} · {games(_int(g.get('played')))}")] + hinted(g)
    sections = (
        ("players", N_("People"), N_("Player"), False),
        ("factions", N_("Your factions"), N_("Faction"), True),
        ("characters", N_("Your characters"), N_("Character"), False),
    )
    for key, title, head, titled in sections:
        rows = _rows(g.get(key, {}), mean=False, sort_by_wins=key == "players")
        if rows:
            out.append(heading(_(title)))
            out.append(table((_(head), _("Played"), _("Won"), _("Win %")),
                             [(label(key, r[0], titled),) + r[1:] for r in rows]))
    comp_f = _rows(g.get("computer_factions", {}), mean=False, sort_by_wins=False)
    comp_l = _rows(g.get("computers", {}), mean=False)
    if comp_f or comp_l:
        out.append(heading(_("Computer seats")))
        if comp_l:
            out.append(table((_("Level"), _("Seats played"), _("Won"), _("Win %")),
                             [(word(r[0]),) + r[1:] for r in comp_l]))
        if comp_f:
            out.append(table((_("Faction"), _("Games"), _("Won"), _("Win %")),
                             [(word(r[0]),) + r[1:] for r in comp_f]))
    return out


def generic_blocks(g: Mapping, title: str) -> list[Block]:
    out = [heading(f"{_(title)} · {games(_int(g.get('played')))}")]
    rows = _rows(g.get("players", {}), mean=False)
    if rows:
        out.append(table((_("Player"), _("Played"), _("Won"), _("Win %")), rows))
    return out


BLOCKS = {"chasing": chasing_blocks, "harsh": harsh_blocks, "hunters": hunters_blocks}


class StatsScene(TabbedGameScene):
    heading = N_("Statistics")

    def __init__(self, app, game_id: str | None = None) -> None:
        stats, notice = stats_store.load_stats()
        super().__init__(app, game_id or last_played(stats))
        self.stats, self._notice = stats, notice

    def on_enter(self) -> None:
        super().on_enter()
        if self._notice:
            notice, self._notice = self._notice, None
            self.app.notify(notice, title=_("Statistics file damaged"))

    def blocks(self, spec: GameSpec) -> list[Block]:
        g = self.stats.games.get(spec.id)
        if not isinstance(g, Mapping) or not _int(g.get("played")):
            return [heading(_(spec.title)),
                    paragraph(_("No finished games of {game} yet.", game=_(spec.title)),
                              style.TEXT_MUTED)]
        make = BLOCKS.get(spec.id)
        return make(g) if make else generic_blocks(g, spec.title)
