"""Logging to a rotating file, and crash reports a player can find and send us.

Self-contained on purpose: it must work even when the rest of the app failed to import,
and it never writes next to the executable (a frozen app's folder may be read-only, and
several users may share it). Everything goes to the user's log folder.

The app uses three calls::

    crash.setup_logging()                 # once, at start
    crash.log_versions()                  # once the first frame is on screen
    crash.set_context(session_snapshot)   # a callable returning the game in progress
    return crash.run_guarded(main)        # exit code; a crash writes a report

In a windowed Windows build ``sys.stdout`` and ``sys.stderr`` are None, so nothing here
prints without going through ``_say``.
"""

from __future__ import annotations

import faulthandler
import json
import logging
import os
import sys
import threading
import traceback
from pathlib import Path
from typing import Any, Callable, Mapping

APP_NAME = "ShadowsTabletop"
DIST_NAME = "shadows-tabletop"
LOG_FILE_NAME = "shadows.log"
FAULT_FILE_NAME = "faults.log"
LOG_MAX_BYTES = 512 * 1024
LOG_BACKUPS = 3
# A frozen build ships its version here (written by build_scripts/build.py), because the
# package metadata of an editable install is not always collected by PyInstaller.
BUILD_INFO_NAME = "build_info.json"
# How long the crash window waits for the player before closing by itself.
CRASH_WINDOW_SECONDS = 120.0
NO_WINDOW_ENV = "SHADOWS_NO_CRASH_WINDOW"

log = logging.getLogger("shadows")

_context_provider: Callable[[], Mapping[str, Any] | None] | None = None
_fault_file = None
_versions_to_log = False


# --- where things go ---------------------------------------------------------------------

def log_dir() -> Path:
    """The folder for logs and crash reports: game.storage.paths decides (SHADOWS_HOME
    redirects it); if that module cannot even be imported, the same layout is rebuilt
    here, because reporting a broken start is exactly when this file matters."""
    try:
        from game.storage.paths import user_dirs

        return Path(user_dirs().log_dir)
    except Exception:
        return _fallback_log_dir()


def _fallback_log_dir() -> Path:
    home = os.environ.get("SHADOWS_HOME")
    if home:
        return Path(home) / "logs"
    from platformdirs import PlatformDirs

    return Path(PlatformDirs(APP_NAME, appauthor=False).user_log_dir)


# --- versions ---------------------------------------------------------------------------

def app_version() -> str:
    """The app's version: from the frozen build's info file, else the package metadata."""
    info = _build_info()
    if info.get("version"):
        return str(info["version"])
    try:
        from importlib.metadata import PackageNotFoundError, version
    except ImportError:  # pragma: no cover - always present on 3.10+
        return "unknown"
    try:
        return version(DIST_NAME)
    except PackageNotFoundError:
        return "unknown"


def _build_info() -> dict:
    base = getattr(sys, "_MEIPASS", None)
    if not base:
        return {}
    try:
        return json.loads((Path(base) / BUILD_INFO_NAME).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}


def versions() -> dict[str, str]:
    """Everything worth knowing about the running program, as short strings."""
    import platform

    out = {
        "app": app_version(),
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "platform": platform.platform(),
        "machine": platform.machine(),
        "frozen": "yes" if getattr(sys, "frozen", False) else "no",
        "executable": sys.executable,
    }
    info = _build_info()
    for key in ("built", "commit"):
        if info.get(key):
            out[key] = str(info[key])
    # Only report pygame if it is already loaded: importing it here could be what fails.
    pg = sys.modules.get("pygame")
    if pg is not None:
        try:
            out["pygame-ce"] = pg.version.ver
            out["sdl"] = ".".join(str(n) for n in pg.get_sdl_version())
        except Exception as exc:  # a half-imported pygame must not hide the real crash
            out["pygame-ce"] = f"unavailable ({exc!r})"
    bundled = info.get("packages") or {}
    for name in ("pygame-gui", "platformdirs"):
        out[name] = str(bundled.get(name) or _dist_version(name))
    return out


def _dist_version(name: str) -> str:
    try:
        from importlib.metadata import version

        return version(name)
    except Exception:
        return "unknown"


# --- logging ----------------------------------------------------------------------------

class _ShadowsFileHandler(logging.FileHandler):
    """Our log file, appended to; once it would pass ``maxBytes`` it becomes ``.1`` (``.1``
    becomes ``.2`` and so on, the oldest dropped). This is the rotation of
    logging.handlers.RotatingFileHandler without importing that module, whose sockets,
    pickling and queues cost more start-up time than the menu's first frame. The class
    also marks our own handler, so a second setup_logging() does not add another."""

    def __init__(self, path: Path, max_bytes: int, backups: int) -> None:
        super().__init__(path, mode="a", encoding="utf-8", delay=True)
        self.maxBytes, self.backupCount = max_bytes, backups

    def emit(self, record: logging.LogRecord) -> None:
        try:
            if self._full(record):
                self._rotate()
        except Exception:  # noqa: BLE001 - logging must never take the app down
            self.handleError(record)
            return
        super().emit(record)

    def _full(self, record: logging.LogRecord) -> bool:
        if self.maxBytes <= 0 or not os.path.isfile(self.baseFilename):
            return False  # a new log, or something not a file in its place: never rotated
        if self.stream is None:
            self.stream = self._open()
        self.stream.seek(0, 2)
        return self.stream.tell() + len(self.format(record)) + 1 >= self.maxBytes

    def _rotate(self) -> None:
        self.stream.close()
        self.stream = None
        names = [self.baseFilename] + [f"{self.baseFilename}.{i}"
                                       for i in range(1, self.backupCount + 1)]
        for older, newer in reversed(list(zip(names, names[1:]))):  # the oldest moves first
            if os.path.exists(older):
                os.replace(older, newer)


def setup_logging(level: int = logging.INFO) -> Path | None:
    """Log to a rotating file in the user's log folder. Returns the log file's path.

    Safe to call more than once; a later call with a changed SHADOWS_HOME moves the log.
    Python-level faults (segfaults in SDL) are dumped to faults.log beside it. Never
    raises: an unwritable log folder falls back to the temp folder, and if that fails
    too the app runs without a log file (None).
    """
    folder = _writable_folder()
    if folder is None:
        return None
    path = folder / LOG_FILE_NAME
    if not _regular_or_absent(path):
        return None
    root = logging.getLogger()
    for handler in list(root.handlers):
        if isinstance(handler, _ShadowsFileHandler):
            if handler.baseFilename == os.path.abspath(path):
                return path
            root.removeHandler(handler)
            handler.close()
    handler = _ShadowsFileHandler(path, LOG_MAX_BYTES, LOG_BACKUPS)
    handler.setFormatter(logging.Formatter(
        "%(asctime)s %(levelname)-7s %(name)s: %(message)s", "%Y-%m-%d %H:%M:%S"))
    root.addHandler(handler)
    if root.level == logging.NOTSET or root.level > level:
        root.setLevel(level)
    logging.captureWarnings(True)
    _enable_faulthandler(folder)
    threading.excepthook = _thread_excepthook
    global _versions_to_log
    _versions_to_log = True
    log.info("Shadows Tabletop starting (pid %d)", os.getpid())
    return path


def log_versions() -> None:
    """Write the versions line to the log, once per ``setup_logging``. The app calls it once
    its first frame is on screen: reading the package metadata costs more than that frame."""
    global _versions_to_log
    if not _versions_to_log:
        return
    _versions_to_log = False
    found = versions()
    log.info("Shadows Tabletop %s (%s)", found.pop("app"),
             ", ".join(f"{k} {v}" for k, v in found.items()))


def _regular_or_absent(path: Path) -> bool:
    """Move a FIFO or folder standing at ``path`` aside (opening a FIFO to append would
    block the app forever). False if it is still in the way."""
    if not os.path.lexists(path) or path.is_file():
        return True
    import datetime as _dt

    try:
        os.replace(path, path.with_name(f"{path.name}.damaged-{_dt.datetime.now():%Y%m%d-%H%M%S}"))
    except OSError:
        return False
    return True


def _enable_faulthandler(folder: Path) -> None:
    global _fault_file
    if faulthandler.is_enabled():
        return  # someone (python -X faulthandler, pytest) already sends faults somewhere
    if not _regular_or_absent(folder / FAULT_FILE_NAME):
        return
    try:
        # Kept open for the whole run: faulthandler writes to it from a signal handler.
        _fault_file = open(folder / FAULT_FILE_NAME, "a", encoding="utf-8")  # noqa: SIM115
        faulthandler.enable(file=_fault_file)
    except (OSError, ValueError, RuntimeError):
        _fault_file = None


def _thread_excepthook(args: threading.ExceptHookArgs) -> None:
    # A dying worker (a computer player's search) must leave a trace even though the
    # main loop carries on; the report holds the game so the bug can be replayed.
    if issubclass(args.exc_type, SystemExit):
        return
    name = args.thread.name if args.thread is not None else "?"
    log.error("Uncaught exception in thread %s", name,
              exc_info=(args.exc_type, args.exc_value, args.exc_traceback))
    if args.exc_value is not None:
        write_crash_report(args.exc_value, where=f"thread {name}")


# --- the game in progress ------------------------------------------------------------------

def set_context(provider: Callable[[], Mapping[str, Any] | None] | None) -> None:
    """Register a callable that returns the game in progress (or None when there is none).

    Expected keys: game id, seed, options, action log (any JSON-able data will do). It
    is called only when a report is written, so it may be as slow as it likes.
    """
    global _context_provider
    _context_provider = provider


def _context_text() -> str:
    if _context_provider is None:
        return "(no game context registered)"
    try:
        data = _context_provider()
    except Exception:
        return "(the game context could not be read)\n" + traceback.format_exc()
    if data is None:
        return "(no game in progress)"
    try:
        return _context_json(data)
    except (TypeError, ValueError) as exc:
        return f"(the game context is not JSON: {exc!r})\n{data!r}"


def _context_json(data: Mapping[str, Any]) -> str:
    """JSON with one line per key and one line per action, so a long log stays readable."""
    def compact(value: Any) -> str:
        return json.dumps(value, sort_keys=True, default=repr, ensure_ascii=False)

    items = sorted(dict(data).items())
    lines = ["{"]
    for i, (key, value) in enumerate(items):
        comma = "," if i < len(items) - 1 else ""
        if isinstance(value, (list, tuple)) and value:
            lines.append(f" {compact(str(key))}: [")
            lines += [f"  {compact(v)}{',' if j < len(value) - 1 else ''}"
                      for j, v in enumerate(value)]
            lines.append(f" ]{comma}")
        else:
            lines.append(f" {compact(str(key))}: {compact(value)}{comma}")
    lines.append("}")
    return "\n".join(lines)


# --- reports ------------------------------------------------------------------------------

def write_crash_report(exc: BaseException, where: str = "main") -> Path | None:
    """Write a report (traceback, versions, game context) and return its path.

    Returns None only if even the log folder cannot be written; never raises.
    """
    import datetime as _dt

    now = _dt.datetime.now()
    name = f"crash-{now:%Y%m%d-%H%M%S}-{os.getpid()}-{threading.get_ident() % 10000:04d}.txt"
    parts = [
        "Shadows Tabletop crash report",
        f"time: {now.isoformat(timespec='seconds')}",
        f"where: {where}",
        "",
        "== error ==",
        "".join(traceback.format_exception(type(exc), exc, exc.__traceback__)).rstrip(),
        "",
        "== versions ==",
        *(f"{k}: {v}" for k, v in versions().items()),
        "",
        "== game in progress (seed, options and action log replay it exactly) ==",
        _context_text(),
        "",
    ]
    text = "\n".join(parts)
    for folder in _report_folders():
        path = folder / name
        try:
            folder.mkdir(parents=True, exist_ok=True)
            with open(path, "w", encoding="utf-8") as fh:
                fh.write(text)
                fh.flush()
                os.fsync(fh.fileno())
        except OSError:
            # A full disk leaves an empty or cut-off report: remove it and try elsewhere.
            try:
                os.unlink(path)
            except OSError:
                pass
            continue
        log.critical("Crash report written to %s", path)
        return path
    _say(text)  # no folder took it: the report goes to the console, where there is one
    return None


def _writable_folder() -> Path | None:
    for folder in _report_folders():
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError:
            continue
        if os.access(folder, os.W_OK):
            return folder
    return None


def _report_folders() -> list[Path]:
    folders = []
    try:
        folders.append(log_dir())
    except Exception:
        pass
    # Last resort: the temp folder, still never beside the executable.
    import tempfile

    folders.append(Path(tempfile.gettempdir()) / APP_NAME)
    return folders


def _say(text: str) -> None:
    stream = sys.stderr
    if stream is None:
        return
    try:
        print(text, file=stream, flush=True)
    except (OSError, ValueError):
        pass


def _want_window(show_window: bool | None) -> bool:
    if show_window is not None:
        return show_window
    if os.environ.get(NO_WINDOW_ENV):
        return False
    if os.environ.get("SDL_VIDEODRIVER", "").lower() in ("dummy", "offscreen"):
        return False
    # A self-test is run by machines (CI): report and exit, never wait for a key.
    return "--self-test" not in sys.argv


def tell_player(report: Path | None, exc: BaseException, show_window: bool | None = None) -> None:
    where = str(report) if report else "(the report could not be written)"
    _say(f"Shadows Tabletop stopped because of an error: {exc!r}\n"
         f"A crash report was saved to: {where}")
    if _want_window(show_window):
        try:
            _crash_window(where)
        except Exception:
            log.exception("The crash window could not be shown")


def _crash_window(where: str) -> None:
    import time

    import pygame

    pygame.display.init()
    pygame.font.init()
    big = pygame.font.Font(None, 34)
    small = pygame.font.Font(None, 24)
    lines = [
        (big, "Shadows Tabletop stopped because of an error.", (235, 225, 200)),
        (small, "A crash report was saved to:", (200, 200, 210)),
        *((small, chunk, (255, 210, 120)) for chunk in _wrap(where, 70)),
        (small, "A game in progress was autosaved: Continue in the menu resumes it.",
         (200, 200, 210)),
        (small, "Press any key or close this window.", (150, 150, 160)),
    ]
    margin, gap = 28, 6
    width = 820
    height = 2 * margin + sum(font.get_linesize() + gap for font, _, _ in lines)
    screen = pygame.display.set_mode((width, height))
    pygame.display.set_caption("Shadows Tabletop - error")
    screen.fill((22, 22, 30))
    y = margin
    for font, text, colour in lines:
        screen.blit(font.render(text, True, colour), (margin, y))
        y += font.get_linesize() + gap
    pygame.display.flip()
    deadline = time.monotonic() + CRASH_WINDOW_SECONDS
    while time.monotonic() < deadline:
        for event in pygame.event.get():
            if event.type in (pygame.QUIT, pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
                pygame.display.quit()
                return
        pygame.time.wait(50)
    pygame.display.quit()


def _wrap(text: str, width: int) -> list[str]:
    return [text[i:i + width] for i in range(0, len(text), width)] or [""]


def run_guarded(main: Callable[[], int | None], show_window: bool | None = None) -> int:
    """Run ``main`` and return its exit code; an uncaught exception becomes a report.

    SystemExit keeps its code, Ctrl+C gives 130, any other exception writes a crash
    report, tells the player where it is, and gives 1. ``show_window`` None means: show
    the crash window unless running headless, under --self-test or with
    SHADOWS_NO_CRASH_WINDOW set.
    """
    try:
        code = main()
    except SystemExit as exc:
        return _exit_code(exc.code)
    except KeyboardInterrupt:
        log.info("Interrupted")
        return 130
    except BaseException as exc:  # noqa: BLE001 - everything a player could hit
        log.critical("Uncaught exception", exc_info=(type(exc), exc, exc.__traceback__))
        report = write_crash_report(exc)
        tell_player(report, exc, show_window)
        return 1
    return _exit_code(code)


def _exit_code(code: object) -> int:
    if code is None:
        return 0
    if isinstance(code, bool):
        return int(code)
    if isinstance(code, int):
        return code
    # sys.exit("message") prints the message and exits with 1, like Python itself.
    _say(str(code))
    return 1
