"""``python -m game --self-test``: prove that this installation can show every screen.

It uses a throw-away user folder (the player's settings and saves are never touched),
opens the real window, loads every asset, draws every toolkit piece, builds every scene
(each catalogued game's setup and table, pause, hand-off, results…), runs a few frames of
each, and returns the list of what failed.
"""

from __future__ import annotations

import json
import math
import os
import random
import tempfile
import traceback
from typing import Callable

FRAMES = 3


def run_self_test(size: tuple[int, int] = (1280, 720)) -> list[tuple[str, str]]:
    failures: list[tuple[str, str]] = []
    with tempfile.TemporaryDirectory(prefix="shadows-selftest-") as home:
        old_home = os.environ.get("SHADOWS_HOME")
        os.environ["SHADOWS_HOME"] = home
        try:
            _run(size, failures)
        finally:
            if old_home is None:
                os.environ.pop("SHADOWS_HOME", None)
            else:
                os.environ["SHADOWS_HOME"] = old_home
    return failures


def _check(failures: list, name: str, fn: Callable[[], object]) -> object:
    try:
        return fn()
    except Exception as exc:  # noqa: BLE001 - a self-test reports everything
        tb = traceback.extract_tb(exc.__traceback__)[-1]
        failures.append((name, f"{exc!r} at {tb.filename}:{tb.lineno}"))
        return None


def _run(size, failures) -> None:
    import pygame

    from game.app import App

    app = _check(failures, "open the window", lambda: App(size=size, fullscreen=False))
    if app is None:
        return
    _check(failures, "assets", _load_assets)
    _check(failures, "drawing toolkit", _draw_toolkit)

    def frames():
        for _ in range(FRAMES):
            app.step(1 / 60)

    from game.catalog import all_games
    from game.ui.scenes import about, confirm, history, notice, rules, saves, settings, setup, stats

    _check(failures, "main menu", frames)
    for name, make in (("settings", lambda: settings.SettingsScene(app)),
                       ("about", lambda: about.AboutScene(app)),
                       ("statistics", lambda: stats.StatsScene(app)),
                       ("rules", lambda: rules.RulesScene(app)),
                       ("history", lambda: history.HistoryScene(app)),
                       ("notice", lambda: notice.NoticeScene(app, "A self-test notice.")),
                       ("saved games", lambda: saves.SavesScene(app)),
                       ("sounds", lambda: _sound_cues(app)),
                       ("question", lambda: confirm.ConfirmScene(
                           app, "A self-test question?", "Nothing happens either way.",
                           [("Keep", "#keep", lambda: None), ("Go", "#go", lambda: None)]))):
        _check(failures, name, lambda make=make: _show(app, make(), frames))
    games = _check(failures, "game catalogue", all_games) or []
    for spec in games:
        _check(failures, f"{spec.id}: setup", lambda s=spec: _show(app, setup.SetupScene(app, s), frames))
        depth = len(app.scenes)
        _check(failures, f"{spec.id}: table", lambda s=spec: _table(app, s, frames))
        _unwind(app, depth)
    from game.ui.scenes.learn import LearnScene

    _check(failures, "learn to play", lambda: _show(app, LearnScene(app), frames))
    from game.tutorial import available

    for tutorial in _check(failures, "tutorials", available) or []:
        depth = len(app.scenes)
        _check(failures, f"{tutorial.game_id}: tutorial", lambda t=tutorial: _tutorial(app, t, frames))
        _unwind(app, depth)
        if app.coach is not None:
            app.coach.detach()
    depth = len(app.scenes)
    _check(failures, "phones: join screen and server", lambda: _phones(app, frames))
    _unwind(app, depth)
    _check(failures, "resize to 1024x640", lambda: (app.resize(1024, 640), frames()))
    _check(failures, "resize back", lambda: (app.resize(*size), frames()))
    app.quit()
    pygame.quit()


def _show(app, scene, frames) -> None:
    depth = len(app.scenes)
    try:
        app.push(scene)
        frames()
    finally:
        _unwind(app, depth)


def _tutorial(app, tutorial, frames) -> None:
    """The tutorial's table with its coach, at its first step and at its last move."""
    from game.ui.coach import start_tutorial

    for index in (0, len(tutorial.rows)):
        app.settings.tutorial_steps = {tutorial.game_id: index}
        table = start_tutorial(app, tutorial.game_id)
        frames()
        if app.coach is None or app.coach.table is not table:
            raise RuntimeError("the coach is not on the tutorial's table")
        app.pop()
        frames()


def _unwind(app, depth: int) -> None:
    """Back to ``depth`` scenes even if a scene failed half-built (so later checks run)."""
    while len(app.scenes) > depth:
        scene = app.scenes.pop()
        try:
            scene.on_exit()
        except Exception:  # noqa: BLE001 - already reported by the failing step
            pass
    if app.scenes:
        app.scenes[-1].on_uncover()


def _load_assets() -> None:
    import pygame

    from game.resources import assets_dir
    from game.ui import style

    folder = assets_dir()
    for path in sorted(folder.rglob("*")):
        if path.suffix == ".json":
            json.loads(path.read_text(encoding="utf-8"))
        elif path.suffix == ".png":
            pygame.image.load(str(path))
        elif path.is_file():
            path.read_bytes()
    style.scaled_theme(1.0)


def _draw_toolkit() -> None:
    import pygame

    from game.ui import draw, style

    target = pygame.Surface((400, 300), pygame.SRCALPHA)
    for suit in style.SUITS:
        for rank in range(15):
            draw.draw_card(target, draw.card_face(rank, suit, (90, 126)), (10, 10),
                           ("normal", "playable", "unplayable", "selected")[rank % 4])
        target.blit(draw.card_back((90, 126), suit), (0, 0))
    target.blit(draw.card_back((90, 126)), (0, 0))
    for faction in style.FACTIONS:
        target.blit(draw.faction_symbol(faction, 32), (0, 0))
    for v in range(1, 7):
        target.blit(draw.die_face(v, 6, 48), (0, 0))
    for v in range(1, 5):
        target.blit(draw.die_face(v, 4, 48), (0, 0))
    target.blit(draw.spy_token(40), (0, 0))
    target.blit(draw.agent_token(40), (0, 0))
    target.blit(draw.player_token(3, 40, "Dave"), (0, 0))
    target.blit(draw.text_card("Self-test", ("a card", "with text"), (140, 196)), (0, 0))


def _table(app, spec, frames) -> None:
    from game.session import SeatConfig, Session
    from game.ui.opening import table_for
    from game.ui.scenes.handoff import HandoffScene
    from game.ui.scenes.menu import MenuScene
    from game.ui.scenes.pause import PauseScene
    from game.ui.scenes.results import ResultsScene

    n = spec.min_players
    seats = [SeatConfig(f"Player {i + 1}") for i in range(n)]
    session = Session.new(spec.id, seats, seed=1, options={}, bus=app.bus, pace=0.0,
                          autosave=False)
    table = app.push(table_for(spec.id)(app, session))
    frames()
    app.push(PauseScene(app, table))
    frames()
    app.pop()
    app.push(HandoffScene(app, table, 0))
    frames()
    app.pop()
    from game.ui.scenes.save_to import SaveToScene

    app.push(SaveToScene(app, session))
    frames()
    app.pop()
    _banner(app, frames)
    _play_out(session)
    app.push(ResultsScene(app, session))
    frames()
    app.pop_to(MenuScene)
    _review(app, session, frames)


def _review(app, session, frames) -> None:
    """The finished game at its review table, a step back and forth."""
    from game.review.gamefile import check
    from game.review.record import GameRecord
    from game.ui.review.scene import open_review
    from game.ui.scenes.menu import MenuScene

    record = GameRecord.from_session(session)
    review = open_review(app, record, check(record))
    frames()
    review.step(-1)
    frames()
    review.go(review.replay.length)
    frames()
    app.pop_to(MenuScene)


def _banner(app, frames) -> None:
    """The saving-is-failing banner, drawn once over the table (nothing is written)."""
    import errno
    from pathlib import Path

    from game.storage import problems

    problems.failed("game", Path("self-test"), OSError(errno.ENOSPC, "self-test"))
    try:
        frames()
        if not app.banner.shown or app.banner.button is None:
            raise AssertionError("the banner did not show")
    finally:
        problems.succeeded("game")
    frames()


def _phones(app, frames) -> None:
    """A table with a phone seat: the join screen (QR codes), and the phone page served on
    loopback (proves aiohttp, segno and assets/phone/ are in this installation)."""
    import socket

    from game.session import SeatConfig
    from game.ui.opening import start_game
    from game.ui.scenes.join import JoinScene
    from game.ui.scenes.menu import MenuScene

    old = app.settings.phone_address
    app.settings.phone_address = "127.0.0.1"
    try:
        seats = [SeatConfig("Ann", device="phone"), SeatConfig("Ben"), SeatConfig("Cid")]
        table = start_game(app, "chasing", seats, 1, {})
        if not isinstance(app.top, JoinScene):
            raise RuntimeError("no join screen for a phone seat")
        frames()
        hub = table.phones
        with socket.create_connection(("127.0.0.1", hub.port), timeout=5) as conn:
            conn.sendall(b"GET /phone.js HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
            reply = b""
            while chunk := conn.recv(65536):
                reply += chunk
        if not reply.startswith(b"HTTP/1.1 200") or b"WebSocket" not in reply:
            raise RuntimeError(f"the phone page was not served: {reply[:80]!r}")
        app.pop_to(MenuScene)
        if hub.server.running:
            raise RuntimeError("the phone server still runs after leaving the table")
    finally:
        app.settings.phone_address = old


def _play_out(session, limit: int = 50_000) -> None:
    """Finish the game with random legal choices (no drawing, no autosave)."""
    rng = random.Random(7)
    for _ in range(limit):
        session.update(now=math.inf)  # table scenes hold the session for animations: skip them
        if session.is_over():
            return
        seat = session.human_to_act()
        if seat is not None:
            session.submit(seat, rng.choice(session.legal_actions(seat)))
    raise RuntimeError(f"{session.spec.title} did not finish within {limit} random steps")


def _sound_cues(app):
    """The Sounds screen, after every cue's WAV is found and loads (a build that left
    assets/sounds/ out would otherwise only be silent)."""
    from game.ui.sound import CUES, cue_file
    from game.ui.sound_settings import SoundCuesScene

    for cue in CUES:
        cue_file(cue)
        if app.sound.available and app.sound._sound(cue) is None:
            raise RuntimeError(f"the {cue} sound does not load")
    return SoundCuesScene(app)
