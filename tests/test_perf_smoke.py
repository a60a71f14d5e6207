"""Start-up and frame cost: what the menu's start loads, and the frame benchmark as a smoke
run (its figures are printed, never asserted: timing depends on the machine)."""

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

MENU_START = """
import sys
from game.__main__ import build_parser
from game import crash
build_parser().parse_args(["--size", "1280x720"])
crash.setup_logging()
from game.app import App
app = App(size=(1280, 720), fullscreen=False)
app.step(0.016)
print("\\n".join(sorted(m for m in sys.modules if m.startswith("game."))))
app.quit()
"""


def _env(tmp_path) -> dict:
    return dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
                PYGAME_HIDE_SUPPORT_PROMPT="1", SHADOWS_HOME=str(tmp_path),
                PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))


def test_the_menu_starts_without_loading_any_game(tmp_path):
    out = subprocess.run([sys.executable, "-c", MENU_START], cwd=ROOT, env=_env(tmp_path),
                         capture_output=True, text=True, timeout=120, check=True).stdout
    loaded = set(out.split())
    assert "game.ui.scenes.menu" in loaded          # the menu really was built and drawn
    games = ("chasing", "harsh", "hunters")
    heavy = sorted(m for m in loaded
                   if m.startswith(("game.ai", "game.sim", "game.session", "game.match"))
                   or any(m.startswith((f"game.rules.{g}", f"game.ui.{g}")) for g in games)
                   or m in ("game.ui.table_base", "game.ui.opening"))
    assert heavy == [], f"the menu's start loaded {heavy}"


def test_frame_benchmark_smoke_run(tmp_path):
    out = subprocess.run([sys.executable, str(ROOT / "build_scripts" / "bench" / "bench_frames.py"),
                          "--actions", "6", "--finish", "0", "--speed", "fast", "--json", "--why"],
                         cwd=ROOT,
                         env=_env(tmp_path), capture_output=True, text=True, timeout=240,
                         check=True).stdout
    figures = json.loads(out)
    print(json.dumps(figures, indent=1))      # shown with pytest -s; timing is not asserted
    why = figures.pop("why")
    assert set(figures) == {"hunters", "harsh", "chasing"}
    assert why["frames"] > 0 and len(why["slow"]) <= why["frames"]
    assert sum(map(len, why["costs"].values())) == why["frames"]
    for game_id, r in figures.items():
        assert r["actions"] >= 6, game_id
        assert r["after_action"]["frames"] > 0, game_id
        assert r["first"]["frames"] >= 1 and r["opening"]["frames"] > 0, game_id  # Start's frames


def test_the_frame_benchmarks_why_names_what_else_ran_in_a_slow_frame():
    sys.path.insert(0, str(ROOT / "build_scripts" / "bench"))
    try:
        import bench_frames
    finally:
        sys.path.pop(0)
    import gc

    why = bench_frames.Why()
    try:
        why.core = 0        # as if pinned to core 0 (the test's worker may run on either)
        w = why.before()
        gc.collect()
        why.after(w, 0.005, "harsh", 1)     # within the target: only counted
        assert why.frames == 1 and why.slow == [] and why.costs == {"harsh": [5.0]}
        w = why.before()
        gc.collect()
        why.after(w, 0.020, "hunters", 2)
        (row,) = why.slow
        assert row["game"] == "hunters" and row["frame"] == 2 and row["cpu_ms"] == 20.0
        assert row["gc_passes"] == [0, 0, 1] and row["gc_ms"] >= 0
        assert row["irq_ticks"] >= 0 and row["steal_ticks"] >= 0
        assert isinstance(row["softirqs"], dict)
        assert {"switches", "minor_faults", "major_faults", "wall_ms"} <= set(row)
    finally:
        gc.callbacks.remove(why._gc)
