"""``python -m game.analyse GAMEFILE [--json] [--budget N] [--again] [--save]``

The analysis of a finished game (``.shadows.json`` file or crash report): every decision
of every seat with its figures. ``--json`` prints the whole analysis as JSON (for scripts
and tests); otherwise accuracy per seat and the key moments in words. A file that
already carries an analysis is read back unless ``--again``; ``--save`` writes the
analysis into the file (atomically).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m game.analyse", description=__doc__.split("\n\n")[1])
    ap.add_argument("gamefile", type=Path)
    ap.add_argument("--json", action="store_true", help="print every decision as JSON")
    ap.add_argument("--budget", type=int, default=None,
                    help="playouts a decision (Harsh: playout steps); default: the app's")
    ap.add_argument("--again", action="store_true", help="analyse even if the file has one")
    ap.add_argument("--save", action="store_true", help="write the analysis into the file")
    ap.add_argument("--progress", action="store_true", help="show progress on stderr")
    args = ap.parse_args(argv)

    from game.advice.messages import render
    from game.analysis import analyse
    from game.analysis.store import stored, with_analysis
    from game.review.gamefile import GameFileError, export_game, load_game

    try:
        record, _ = load_game(args.gamefile)
    except GameFileError as exc:
        print(exc, file=sys.stderr)
        return 2
    result = None if args.again or args.budget is not None else stored(record)
    if result is None:
        def progress(done: int, total: int) -> None:
            if args.progress:
                print(f"\r{done}/{total}", end="", file=sys.stderr, flush=True)
        result = analyse(record, budget=args.budget, progress=progress)
        if args.progress:
            print(file=sys.stderr)
        if args.save:
            export_game(with_analysis(record, result), args.gamefile)
    if args.json:
        out = result.to_json()
        out["names"] = record.names
        out["key_moments"] = [{"step": s, "message": m.to_data(), "text": render(m, record.names)}
                              for s, m in result.key_moments()]
        json.dump(out, sys.stdout, indent=1)
        print()
        return 0
    names = record.names
    print(f"{record.game}: {len(result.decisions)} decisions analysed "
          f"({result.budget} playouts each)")
    for seat, acc in enumerate(result.accuracy()):
        figure = "no decisions" if acc is None else f"{100 * acc:.1f}% lost per decision"
        won = " (won)" if seat in result.winners else ""
        print(f"  {names[seat]}{won}: {figure}")
    print("Key moments:")
    for _, msg in result.key_moments():
        print("  " + render(msg, names))
    return 0


if __name__ == "__main__":
    sys.exit(main())
