"""Start-up time of the frozen app next to the same start from source.

    python build_scripts/bench/bench_frozen.py [--runs 5] [--size 1280x720] [--no-onefile] [--reuse]

Freezes the exact start-up code of bench_startup.py (build the App, draw the main menu's
first frame, print the time) with the real spec into build/bench/ - one-folder and
one-file - then launches each, and the source version, interleaved, and prints the
medians. Headless (SDL dummy driver), with a throw-away user folder. The real dist/ is
left alone. Takes about a minute, most of it freezing.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
BENCH = ROOT / "build" / "bench"
sys.path[:0] = [str(HERE), str(HERE.parent)]  # bench_startup; build

import bench_startup  # noqa: E402 - the app-shell's measurement, reused so figures agree
import build  # noqa: E402


def freeze(entry: Path, onefile: bool, reuse: bool) -> Path:
    dist = BENCH / ("onefile" if onefile else "onedir")
    exe = dist / build.APP_NAME if onefile else dist / build.APP_NAME / build.APP_NAME
    if reuse and exe.is_file():
        return exe
    cmd = [sys.executable, "-m", "PyInstaller", str(build.SPEC), "--noconfirm",
           "--log-level", "ERROR", "--distpath", str(dist),
           "--workpath", str(BENCH / "work" / dist.name), "--",
           "--entry", str(entry), "--build-info", str(build.BUILD_INFO)]
    if onefile:
        cmd.append("--onefile")
    subprocess.run(cmd, cwd=ROOT, check=True)
    return exe


def first_frame_at(out: str) -> float:
    """The wall-clock time of the first frame: the last of the four figures that
    bench_startup.APP prints (CPU times at imports, App(), first frame; then time.time())."""
    return float(out.strip().splitlines()[-1].split()[-1])


def launch(cmd: list[str], home: str, cwd: Path) -> float:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PYGAME_HIDE_SUPPORT_PROMPT="1", SHADOWS_HOME=home)
    start = time.time()
    out = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True,
                         encoding="utf-8", check=True).stdout
    return first_frame_at(out) - start


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--runs", type=int, default=5)
    p.add_argument("--size", default="1280x720")
    p.add_argument("--no-onefile", action="store_true")
    p.add_argument("--reuse", action="store_true",
                   help="launch the apps frozen by an earlier run instead of freezing again")
    args = p.parse_args(argv)
    w, h = (int(v) for v in args.size.split("x"))
    code = bench_startup.APP.format(w=w, h=h, hold="gc.disable()")  # as game.__main__ does

    BENCH.mkdir(parents=True, exist_ok=True)
    build.write_build_info(build.read_version())
    entry = BENCH / "bench_entry.py"
    entry.write_text(code, encoding="utf-8")
    targets = {"from source (python -c)": [sys.executable, "-c", code]}
    targets["frozen one-folder"] = [str(freeze(entry, onefile=False, reuse=args.reuse))]
    if not args.no_onefile:
        targets["frozen one-file"] = [str(freeze(entry, onefile=True, reuse=args.reuse))]

    times: dict[str, list[float]] = {name: [] for name in targets}
    with tempfile.TemporaryDirectory(prefix="shadows-bench-") as home:
        for cmd in targets.values():  # warm the file cache once, not counted
            launch(cmd, home, ROOT)
        for _ in range(args.runs):
            for name, cmd in targets.items():
                times[name].append(launch(cmd, home, ROOT))
    print(f"launch -> main menu's first frame, {args.size}, SDL dummy driver, "
          f"{args.runs} runs each:")
    for name, xs in times.items():
        print(f"  {name:26s} median {statistics.median(xs) * 1000:6.0f} ms   "
              f"(min {min(xs) * 1000:.0f}, max {max(xs) * 1000:.0f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
