"""How many Shadow Hunters choice labels are cut off in their button.

Collects every label the engine offers (the decider's legal actions, as the table names
them) in N random games at 4-8 players, then checks each at 1024x640 and 1280x720, in the
plain choice strip and beside a held-up card. Run against any checkout with
PYTHONPATH=<checkout>; ``--old`` measures the old rule (three equal columns, text cut to
fit), otherwise the table's own ``choices.place`` is used.

    PYTHONPATH=. python build_scripts/research/hunters_label_fit.py --games 2000 [--old]
"""

from __future__ import annotations

import argparse
import random

import pygame

from game.rules.hunters import views
from game.rules.hunters.state import HuntersState
from game.rules.protocol import CHANCE, NOBODY
from game.ui import style
from game.ui.hunters import layout as L
from game.ui.hunters.wording import short_label
from game.ui.scenes import setup
from game.ui.table_base import fit
from game.ui.wording import PLAYER_REF


def collect(games: int, seed: int = 13) -> set:
    names = setup.default_names("hunters") if hasattr(setup, "default_names") else setup.DEFAULT_NAMES
    reveal_uses = getattr(views, "reveal_uses", None)
    named = lambda t: PLAYER_REF.sub(lambda mt: names[int(mt.group(1)) - 1], t)  # noqa: E731
    rng = random.Random(seed)
    out = set()
    for g in range(games):
        n = 4 + g % 5
        s = HuntersState.new(n, {"pool": "all", "hermit_round": "on" if g % 3 == 0 else "off"})
        steps = 0
        while s.dec != NOBODY and steps < 5000:
            d = s.dec
            if d == CHANCE:
                s.fast_apply(CHANCE, s.fast_chance(rng))
            else:
                acts = s.fast_legal(d)
                for a in acts:
                    if a[0] != "reveal":
                        out.add((n, short_label(named(views.label(s, d, a)))))
                for _, _, text in (reveal_uses(s, d) if reveal_uses else ()):
                    out.add((n, "Reveal and use " + named(text)))
                s.fast_apply(d, acts[int(rng.random() * len(acts))])
            steps += 1
    return out


def strip(m, n, focus):
    lay = L.compute(m, m.button_h + 3 * m.gap, n)
    r = lay.choices
    if focus:
        fw = int((r.height - m.px(6)) * 0.7)
        r = pygame.Rect(r.x + fw + m.gap, r.y, r.width - fw - m.gap, r.height)
    return r


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--old", action="store_true")
    args = ap.parse_args()
    pygame.font.init()
    labels = collect(args.games)
    texts = {t for _, t in labels}
    print(f"labels checked: {len(labels)} (players, label) pairs, {len(texts)} distinct texts")
    for size in ((1024, 640), (1280, 720)):
        m = style.Metrics.for_size(*size)
        for focus in (False, True):
            cut = set()
            for n, text in labels:
                r = strip(m, n, focus)
                cols = 3 if r.width > m.px(600) else 2
                cell = (r.width - m.gap * (cols - 1)) // cols
                if args.old:
                    if fit(text, m.px(17), cell - m.px(34)) != text:
                        cut.add((n, text))
                else:
                    from game.ui.hunters import choices as C
                    rows = max(1, (r.height - m.px(30)) // (m.px(40) + m.gap))
                    if not C.place([C.text_need(text, m)], cell, m.gap, cols, rows)[0].fits:
                        cut.add((n, text))
            where = "beside a card" if focus else "plain"
            print(f"{size[0]}x{size[1]} {where}: clipped {len(cut)} pairs, {len({t for _, t in cut})} distinct texts")


if __name__ == "__main__":
    main()
