"""Versioned JSON files written atomically; damaged files are set aside, never deleted.

Reading opens only regular files (a FIFO would block the app forever), and a file that
cannot be read for want of permission is left exactly where it is and is never written
over: the person may fix the permission and find their data again.
"""

from __future__ import annotations

import errno
import json
import os
import re
import stat
import tempfile
import time
from pathlib import Path
from typing import Any

from game import i18n
from game.i18n import N_

# Deeper than anything we write; deeper input is hand-made or broken (and would blow
# Python's recursion limit in json or in a deep copy).
MAX_DEPTH = 32
MAX_BYTES = 64 * 1024 * 1024
# What mkstemp leaves behind when the app is killed between creating and renaming.
TEMP_FILE = re.compile(r"^\.[^/\\]+\.json\.[A-Za-z0-9_]{6,12}\.tmp$")

# What each kind of file is called when we talk to people about it.
KIND_WORDS = {"autosave": N_("saved game"), "settings": N_("settings"),
              "statistics": N_("statistics"), "hunters-notes": N_("notes")}

# Files that exist but could not be read: writing over them would lose them.
_leave_alone: set[str] = set()


class LeftAlone(PermissionError):
    """A write refused on purpose: the file there could not be read, so it is kept."""


class DamagedFile(Exception):
    """The file exists but cannot be used; ``kept_as`` is where it was moved."""

    def __init__(self, path: Path, kept_as: Path, why: str) -> None:
        super().__init__(f"{path.name} was damaged ({why}); it is kept as {kept_as.name}")
        self.path, self.kept_as, self.why = path, kept_as, why

    def message(self, then: str) -> str:
        """A sentence for people: what happened, where the file is, and what happens now
        (``then``, a clause already in the current words)."""
        # Translators: {why} says what is wrong ("it is empty"); {then} what happens now,
        # a clause such as "the default settings are used"
        return i18n._("{file} was damaged ({why}); it is kept as {kept} and {then}.",
                      file=self.path.name, why=self.why, kept=self.kept_as.name, then=then)


class UnreadableFile(Exception):
    """The file exists but the system will not let us read it; it was left in place."""

    def __init__(self, path: Path, why: str) -> None:
        super().__init__(f"{path.name}: {why}")
        self.path, self.why = path, why

    def message(self, then: str) -> str:
        # Translators: {why} says why it cannot be read ("no permission"); {then} what
        # happens now, a clause such as "the default settings are used"
        return i18n._("{file} cannot be read ({why}); it is left where it is, untouched, and "
                      "{then}. It is in {folder}.", file=self.path.name, why=self.why,
                      then=then, folder=self.path.parent)


# --- reasons in words ------------------------------------------------------------------

def write_problem(exc: BaseException) -> str:
    """Why a write failed, in words a player can act on."""
    if isinstance(exc, LeftAlone):
        return i18n._("the file there could not be read, so it is not written over")
    code = getattr(exc, "errno", None)
    if code in (errno.ENOSPC, errno.EDQUOT, errno.EFBIG):
        return i18n._("the disk is full")
    if code == errno.EROFS:
        return i18n._("the folder is read-only")
    if code in (errno.EACCES, errno.EPERM):
        return i18n._("there is no permission to write there")
    if code in (errno.EEXIST, errno.ENOTDIR, errno.EISDIR):
        return i18n._("something else is in the way of the file")
    # the system's own words (in the system's language)
    text = getattr(exc, "strerror", None) or str(exc)
    return text[:1].lower() + text[1:] if text else i18n._("the system refused")


def _parse_problem(exc: json.JSONDecodeError, text: str) -> str:
    if not text.strip():
        return i18n._("it is empty")
    if exc.pos >= len(text.rstrip()) or exc.msg.startswith("Unterminated string"):
        return i18n._("cut off in the middle")
    return i18n._("its text is garbled at line {line}", line=exc.lineno)


def _depth(value: Any) -> int:
    """Nesting depth, without recursion (the value may be nested very deeply)."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        v, d = stack.pop()
        if isinstance(v, dict):
            deepest = max(deepest, d)
            stack.extend((x, d + 1) for x in v.values())
        elif isinstance(v, list):
            deepest = max(deepest, d)
            stack.extend((x, d + 1) for x in v)
        if deepest > MAX_DEPTH:
            break
    return deepest


def kind_word(kind: str) -> str:
    return i18n._(KIND_WORDS[kind]) if kind in KIND_WORDS else kind


# --- reading ---------------------------------------------------------------------------

def _read_regular(path: Path) -> str | None:
    """The text of ``path`` if it is a regular file; None if there is none.

    Raises DamagedFile (after moving it aside) for anything that is not a regular file
    or not text, UnreadableFile when permission is refused.
    """
    try:
        st = os.stat(path)
    except FileNotFoundError:
        return None
    except NotADirectoryError:
        return None
    except PermissionError as exc:
        raise _unreadable(path) from exc
    if not stat.S_ISREG(st.st_mode):
        what = (i18n._("it is a folder, not a file") if stat.S_ISDIR(st.st_mode)
                else i18n._("it is not a regular file"))
        raise DamagedFile(path, set_aside(path), what)
    try:
        # O_NONBLOCK: if a FIFO slipped in after the stat, opening it must not wait.
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except FileNotFoundError:
        return None
    except PermissionError as exc:
        raise _unreadable(path) from exc
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            os.close(fd)
            fd = -1
            raise DamagedFile(path, set_aside(path), i18n._("it is not a regular file"))
        with os.fdopen(fd, "rb") as fh:
            fd = -1
            raw = fh.read(MAX_BYTES + 1)
    except PermissionError as exc:
        raise _unreadable(path) from exc
    except OSError as exc:
        raise UnreadableFile(path, write_problem(exc)) from exc
    finally:
        if fd >= 0:
            os.close(fd)
    if len(raw) > MAX_BYTES:
        raise DamagedFile(path, set_aside(path), i18n._("it is far too large"))
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise DamagedFile(path, set_aside(path), i18n._("it is not text")) from exc


def _unreadable(path: Path) -> UnreadableFile:
    _leave_alone.add(str(path))
    return UnreadableFile(path, i18n._("no permission"))


def read_json(path: Path, kind: str, version: int) -> dict | None:
    """The file's payload, or None if it does not exist.

    The file holds {"kind": kind, "version": version, "data": {...}}. Anything else raises
    DamagedFile after moving the file aside; a file we may not read raises UnreadableFile
    and stays where it is.
    """
    text = _read_regular(path)
    if text is None:
        return None
    _leave_alone.discard(str(path))
    try:
        raw = json.loads(text)
    except json.JSONDecodeError as exc:
        raise DamagedFile(path, set_aside(path), _parse_problem(exc, text)) from exc
    except RecursionError as exc:
        raise DamagedFile(path, set_aside(path), i18n._("it is nested far too deeply")) from exc
    if _depth(raw) > MAX_DEPTH:
        raise DamagedFile(path, set_aside(path), i18n._("it is nested far too deeply"))
    why = envelope_problem(raw, kind, version)
    if why:
        raise DamagedFile(path, set_aside(path), why)
    return raw["data"]


def envelope_problem(raw: Any, kind: str, version: int) -> str | None:
    """Why ``raw`` is not a ``kind`` file of ``version`` (None if it is one)."""
    if not isinstance(raw, dict) or not isinstance(raw.get("kind"), str):
        return i18n._("it is not a {kind} file", kind=kind_word(kind))
    if raw["kind"] != kind:
        return i18n._("it holds {other}, not a {kind}", other=kind_word(raw["kind"]),
                      kind=kind_word(kind))
    if raw.get("version") != version:
        v = raw.get("version")
        if isinstance(v, int) and not isinstance(v, bool) and v > version:
            return i18n._("it was written by a newer version of the app (format {format})",
                          format=v)
        return i18n._("it is in a format this version does not know")
    if not isinstance(raw.get("data"), dict):
        return i18n._("its contents are missing")
    return None


def peek_json(path: Path) -> Any:
    """The parsed JSON of a regular file without moving anything; raises OSError or
    ValueError (covering RecursionError's cousins) when it cannot be used."""
    st = os.stat(path)
    if not stat.S_ISREG(st.st_mode):
        raise ValueError("not a regular file")
    if st.st_size > MAX_BYTES:
        raise ValueError("too large")
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    with os.fdopen(fd, "rb") as fh:
        raw = fh.read(MAX_BYTES + 1)
    try:
        value = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, RecursionError) as exc:
        raise ValueError(str(exc)) from exc
    if _depth(value) > MAX_DEPTH:
        raise ValueError("nested too deeply")
    return value


# --- writing ---------------------------------------------------------------------------

def write_json_atomic(path: Path, data: Any, indent: int | None = 1,
                      skip_same: bool = False) -> None:
    """Write to a temporary file in the same folder, flush to disk, rename over, then
    flush the folder so the rename itself survives a power cut. OSError on failure; the
    file that was there before is untouched. ``indent=None`` writes compactly (long
    action logs). ``skip_same``: a file that already holds exactly these bytes is left as
    it is (the settings are saved at every quit, mostly unchanged: two flushes to disk
    for nothing)."""
    if str(path) in _leave_alone:
        raise LeftAlone(errno.EACCES, f"{path.name} could not be read, so it is not written "
                                      "over", str(path))
    path.parent.mkdir(parents=True, exist_ok=True)
    if os.path.lexists(path) and not path.is_file():
        set_aside(path)  # a folder or a FIFO in the file's place: keep it, write beside
    text = json.dumps(data, indent=indent, sort_keys=True,
                      separators=None if indent is not None else (",", ":"))
    if skip_same and _holds(path, text):
        return
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        # newline="\n": the same bytes on every OS (Windows would write \r\n)
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        replace_file(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    sync_folder(path.parent)


def _holds(path: Path, text: str) -> bool:
    """Whether ``path`` is a file whose bytes are ``text``'s, as write_json_atomic writes it."""
    try:
        return path.is_file() and path.read_bytes() == text.encode("utf-8")
    except OSError:
        return False


def on_windows() -> bool:
    return os.name == "nt"


# On Windows, os.replace onto a file that another process has open (an antivirus scan, a
# backup or search indexer, an editor) fails with a sharing violation (PermissionError)
# for the moment that process holds it; elsewhere a rename never waits on readers.
REPLACE_TRIES = 6
REPLACE_FIRST_WAIT_S = 0.02   # doubles each try: about 0.6 s in all before giving up


def replace_file(src: str | Path, dst: str | Path, sleep=None) -> None:
    """os.replace, tried again a few times on Windows while another process holds ``dst``.
    The last PermissionError is raised (the caller reports it; the old file is intact)."""
    tries = REPLACE_TRIES if on_windows() else 1
    sleep = sleep or time.sleep
    for attempt in range(tries):
        try:
            os.replace(src, dst)
            return
        except PermissionError:
            if attempt == tries - 1:
                raise
            sleep(REPLACE_FIRST_WAIT_S * 2 ** attempt)


def sync_folder(folder: Path) -> None:
    """fsync a folder so a rename in it is on disk (where the OS allows it)."""
    if on_windows():
        return  # Windows cannot open a folder for fsync; NTFS journals the rename
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass  # some file systems refuse fsync on folders; the data itself is synced
    finally:
        os.close(fd)


def _aside_name(path: Path) -> Path:
    """A new, unused <stem>.damaged-<date>[-n].json beside ``path``."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    suffix = path.suffix if path.suffix == ".json" else ""
    stem = path.stem if suffix else path.name
    target, n = path.with_name(f"{stem}.damaged-{stamp}{suffix}"), 1
    while os.path.lexists(target):
        target = path.with_name(f"{stem}.damaged-{stamp}-{n}{suffix}")
        n += 1
    return target


def set_aside(path: Path) -> Path:
    """Rename a damaged file to a new, unused name beside it and return that name."""
    target = _aside_name(path)
    os.replace(path, target)
    _leave_alone.discard(str(path))
    return target


def keep_copy(path: Path, raw: bytes) -> Path:
    """Keep ``raw`` (a file's original bytes) beside it under a damaged-file name, for a
    file the app goes on using in a repaired form. OSError if it cannot be written."""
    target = _aside_name(path)
    fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0),
                 0o644)
    with os.fdopen(fd, "wb") as fh:
        fh.write(raw)
        fh.flush()
        os.fsync(fh.fileno())
    return target


def is_kept_aside(name: str) -> bool:
    return ".damaged-" in name


def clean_temp_files(folder: Path) -> list[str]:
    """Remove temporary files an interrupted atomic write left in ``folder`` (only our
    own pattern, only regular files). Returns the names removed."""
    removed = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return removed
    for entry in entries:
        if not TEMP_FILE.match(entry.name):
            continue
        try:
            if entry.is_file(follow_symlinks=False):
                os.unlink(entry.path)
                removed.append(entry.name)
        except OSError:
            pass
    return removed


def write_versioned(path: Path, kind: str, version: int, data: dict,
                    indent: int | None = 1, skip_same: bool = False) -> None:
    write_json_atomic(path, {"kind": kind, "version": version, "data": data}, indent, skip_same)
