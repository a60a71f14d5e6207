"""The fault-injection run of issue 12: one real game of Chasing Shadows (a person and three
computers) played through the app while the disk fills up, the saves folder turns
read-only and, between restarts, every kind of bad file is put in place. After each fault
the game must go on and, at the end, nothing may be lost.

Set FAULT_TABLE=path to also write the table of faults (markdown) for the closing note.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pygame
import pytest
from faults import fill, read_only, tiny_disk
from ui_helpers import key, make_app, step, until

from game.storage import jsonfile, problems, saves
from game.storage.paths import user_dirs
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.notice import NoticeScene
from game.ui.table_base import TableScene


def kept_aside(home: Path) -> set[str]:
    return {str(p.relative_to(home)) for p in home.rglob("*.damaged-*")}


class Run:
    def __init__(self, home: Path) -> None:
        self.home = home
        self.rows: list[tuple[str, str, str, str]] = []
        self.app = None
        self.moves_made: list = []

    # --- the app ----------------------------------------------------------------------
    def start(self) -> str:
        """Start the app; returns what it said (start notices), closing them."""
        self.app = make_app()
        self.app.settings.animation_speed = "off"
        step(self.app, 3)
        said = []
        while isinstance(self.app.top, NoticeScene):
            said.append(self.app.top.text)
            key(self.app, pygame.K_RETURN)
            step(self.app, 2)
        assert isinstance(self.app.top, MenuScene)
        return " / ".join(said)

    def stop(self) -> None:
        self.app.quit()
        self.app = None

    def table(self) -> TableScene:
        return self.app.find(TableScene)

    def play(self, moves: int) -> None:
        """The person makes ``moves`` moves (computers play in between)."""
        table = self.table()

        def ready() -> bool:
            if self.app.top is not table and not table.session.is_over():
                key(self.app, pygame.K_RETURN)   # a round's end: carry on
            return table.session.is_over() or (table.session.human_to_act() == 0
                                               and self.app.top is table)

        for _ in range(moves):
            assert until(self.app, ready, frames=3000), type(self.app.top).__name__
            if table.session.is_over():
                return
            s = table.session
            assert s.submit(0, s.legal_actions(0)[0]) is None
            step(self.app, 2)
        self.moves_made = list(table.session.match.log)

    def shown(self) -> str:
        return self.app.banner.text if self.app.banner.shown else ""

    def record(self, fault: str, showed: str, before: set[str], lost: str) -> None:
        aside = sorted(kept_aside(self.home) - before)
        self.rows.append((fault, showed or "(nothing)", ", ".join(aside) or "nothing", lost))

    def saved_log(self) -> list:
        session = self.table().session
        session.flush_saves()   # a move's save is written off the frame
        step(self.app, 1)       # and the banner says how it went
        # A computer's answer may have been applied in that frame (they think on a
        # thread, so whether it lands then is a matter of timing): wait for its save too,
        # so the saved game and the live one are read with no frame between them.
        session.flush_saves()
        info = saves.latest_unfinished()
        data, _ = saves.load_save(info.path)
        return data["match"]["log"]

    def live_log(self) -> list:
        return [[seat, a.to_json()] for seat, a in self.table().session.match.log]


BAD_FILES = [
    ("settings.json cut off in the middle", "config/settings.json",
     lambda p: p.write_text('{"kind": "settings", "version": 1, "data": {"volu', encoding="utf-8")),
    ("settings.json nested 100,000 deep", "config/settings.json",
     lambda p: p.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")),
    ("settings.json volume = 1e400", "config/settings.json",
     lambda p: p.write_text('{"kind": "settings", "version": 1, "data": {"volume": 1e400}}', encoding="utf-8")),
    ("statistics.json of the wrong shape (games.harsh = \"x\")", "data/statistics.json",
     lambda p: p.write_text('{"kind": "statistics", "version": 1, "data": {"games": {"harsh": "x"}}}', encoding="utf-8")),
    ("a FIFO in place of statistics.json", "data/statistics.json", lambda p: os.mkfifo(p)),
    ("a folder in place of last-finished-game.json", "data/last-finished-game.json",
     lambda p: p.mkdir()),
    ("a plain file in place of the logs folder", "logs", lambda p: p.write_text("x", encoding="utf-8")),
    ("an old autosave.json of another kind", "data/autosave.json",
     lambda p: p.write_text('{"kind": "settings", "version": 1, "data": {}}', encoding="utf-8")),
    ("temporary files of interrupted writes", "data/saves/.x.json.abcd1234.tmp",
     lambda p: p.write_text("half", encoding="utf-8")),
]


def remove(path: Path) -> None:
    if path.is_dir() and not path.is_symlink():
        shutil.rmtree(path)
    elif os.path.lexists(path):
        path.unlink()


def test_fault_injection_run_plays_on_with_nothing_lost(tmp_path, monkeypatch):
    home = tmp_path / "home"
    with tiny_disk(home, kb=4096):
        monkeypatch.setenv("SHADOWS_HOME", str(home))
        problems.clear()
        run = Run(home)
        run.start()
        from ui_helpers import click

        click(run.app, "#tile_chasing")
        click(run.app, "#start")
        run.play(3)
        assert run.saved_log() == run.live_log()

        # --- a full disk while playing ----------------------------------------------
        before = kept_aside(home)
        filler = fill(home)
        run.play(2)
        showed = run.shown()
        assert "the disk is full" in showed and run.app.banner.button is not None
        assert len(run.saved_log()) < len(run.live_log())
        filler.unlink()
        run.play(1)                      # the next move saves everything
        assert run.saved_log() == run.live_log() and not run.shown()
        run.record("full disk (tmpfs filled) during play", showed, before,
                   "nothing (the game went on in memory; the next move saved all of it)")

        # --- a read-only saves folder while playing -----------------------------------
        before = kept_aside(home)
        folder = user_dirs().data_dir / "saves"
        with read_only(folder):
            run.play(2)
            showed = run.shown()
            assert "read-only" in showed or "permission" in showed
        run.play(1)
        assert run.saved_log() == run.live_log() and not run.shown()
        run.record("saves folder read-only (bind mount) during play", showed, before,
                   "nothing (saved at the first move after)")
        log_at_quit = run.live_log()
        run.stop()

        # --- each bad file, then a restart and Continue --------------------------------
        for fault, where, make in BAD_FILES:
            before = kept_aside(home)
            target = home / where
            remove(target)
            target.parent.mkdir(parents=True, exist_ok=True)
            make(target)
            said = run.start()
            assert isinstance(run.app.top, MenuScene)
            if "temporary" in fault:
                assert not target.exists()
            run.app.top.continue_game()
            step(run.app, 2)
            assert run.app.find(TableScene) is not None, fault  # (a round's end may show)
            assert run.live_log()[:len(log_at_quit)] == log_at_quit, fault  # computers may go on
            run.play(1)
            assert run.saved_log() == run.live_log(), fault
            log_at_quit = run.live_log()
            extra = ""
            if "statistics" in fault:
                from game.ui.scenes.stats import StatsScene

                run.app.push(StatsScene(run.app))
                step(run.app, 2)
                if isinstance(run.app.top, NoticeScene):
                    extra = run.app.top.text
                    key(run.app, pygame.K_RETURN)
                run.app.pop()
            run.record(fault + " (at a restart)", " / ".join(t for t in (said, extra) if t),
                       before, "nothing")
            run.stop()

        # --- play to the end: the result is counted -----------------------------------
        before = kept_aside(home)
        run.start()
        run.app.top.continue_game()
        step(run.app, 2)
        run.play(500)
        table = run.table()
        assert table.session.is_over()
        # the table counts the game after its last round's sheet is closed, then shows
        # its results
        def counted() -> bool:
            if (user_dirs().data_dir / "statistics.json").exists():
                return True
            if run.app.top is not table:
                key(run.app, pygame.K_RETURN)
            return False

        assert until(run.app, counted, frames=600)
        st = json.loads((user_dirs().data_dir / "statistics.json").read_text(encoding="utf-8"))
        assert st["data"]["games"]["chasing"]["played"] == 1
        finished = json.loads((user_dirs().data_dir / "last-finished-game.json").read_text(encoding="utf-8"))
        assert finished["data"]["finished"] is True
        run.record("the game's end, with that folder still in place of last-finished-game.json",
                   run.shown(), before, "nothing (the result was counted)")
        run.stop()
        assert all(row[3].startswith("nothing") for row in run.rows)

    out = os.environ.get("FAULT_TABLE")
    if out:
        lines = ["| fault tried | what the app showed | kept aside | lost |", "|---|---|---|---|"]
        for row in run.rows:
            lines.append("| " + " | ".join(c.replace("|", "/").replace("\n", " ") for c in row) + " |")
        Path(out).write_text("\n".join(lines) + "\n", encoding="utf-8")
    jsonfile._leave_alone.clear()
    problems.clear()


@pytest.fixture(autouse=True)
def _no_leftover_problems():
    problems.clear()
    yield
    problems.clear()
