"""The rules layer and the computer players never import pygame."""

import ast
import os
import subprocess
import sys
from pathlib import Path

import source_trees

ROOT = Path(__file__).resolve().parent.parent


def test_no_pygame_in_rules_or_ai_source():
    offenders = []
    for folder in ("game/rules", "game/ai"):
        for path in (ROOT / folder).rglob("*.py"):
            for node in source_trees.nodes(path):
                names = []
                if isinstance(node, ast.Import):
                    names = [a.name for a in node.names]
                elif isinstance(node, ast.ImportFrom) and node.module:
                    names = [node.module]
                if any(n == "pygame" or n.startswith(("pygame.", "pygame_gui")) for n in names):
                    offenders.append(str(path.relative_to(ROOT)))
    assert offenders == []


def test_importing_every_game_and_bot_loads_no_pygame():
    code = (
        "import sys, pkgutil, importlib, game.rules, game.ai\n"
        "for pkg in (game.rules, game.ai):\n"
        "    for m in pkgutil.walk_packages(pkg.__path__, pkg.__name__ + '.'):\n"
        "        importlib.import_module(m.name)\n"
        "import game.bus, game.sim\n"
        "bad = [m for m in sys.modules if m.startswith(('pygame', 'pygame_gui'))]\n"
        "assert not bad, bad\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT)


def test_the_app_never_imports_the_cheating_oracles():
    # The oracles (build_scripts/research/harsh_oracle.py, hunters_oracle.py) read hidden cards; they
    # are for measurement only and must not reach the app or the frozen build.
    offenders = []
    for path in (ROOT / "game").rglob("*.py"):
        for node in source_trees.nodes(path):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
            if any("_oracle" in n or n.startswith("build_scripts") for n in names):
                offenders.append(str(path.relative_to(ROOT)))
    assert offenders == []
    code = (
        "import sys, pkgutil, importlib, game\n"
        "for m in pkgutil.walk_packages(game.__path__, 'game.'):\n"
        "    if not m.name.endswith('__main__'):\n"
        "        importlib.import_module(m.name)\n"
        "bad = [m for m in sys.modules if '_oracle' in m or m.startswith('build_scripts')]\n"
        "assert not bad, bad\n"
        "assert 'game.ui.app' in sys.modules or 'game.app' in sys.modules\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT,
                   env={**os.environ, "SDL_VIDEODRIVER": "dummy",
                        "SDL_AUDIODRIVER": "dummy"})


def test_the_phone_presenter_loads_no_pygame():
    # The phones say what the desktop says, from the wording modules, not from the tables:
    # a snapshot of every game's phone page (its choices, labels, prompt) loads no pygame.
    code = (
        "import sys\n"
        "from game.net.present import snapshot\n"
        "from game.session import SeatConfig, Session\n"
        "for game_id, n in (('chasing', 3), ('hunters', 4), ('harsh', 1)):\n"
        "    seats = [SeatConfig(f'P{i}', 'human', 'normal', 'phone') for i in range(n)]\n"
        "    session = Session.new(game_id, seats, 7, {}, autosave=False, pace=0.0)\n"
        "    session.update()\n"
        "    for seat in range(n):\n"
        "        assert snapshot(session, seat)['actions'] is not None\n"
        "bad = [m for m in sys.modules if m.startswith(('pygame', 'pygame_gui'))]\n"
        "assert not bad, sorted(bad)[:3]\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT)
