"""Versioned JSON files written atomically; damaged files are set aside, never deleted."""

from __future__ import annotations

import json
import os
import tempfile
import time
from pathlib import Path
from typing import Any


class DamagedFile(Exception):
    """The file exists but cannot be used; ``kept_as`` is where it was moved."""

    def __init__(self, path: Path, kept_as: Path, why: str) -> None:
        super().__init__(f"{path.name} was damaged ({why}); it was kept as {kept_as.name}")
        self.path, self.kept_as, self.why = path, kept_as, why


def write_json_atomic(path: Path, data: Any, indent: int | None = 1) -> None:
    """Write to a temporary file in the same folder, flush to disk, then rename over.
    ``indent=None`` writes compactly (long action logs)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(data, fh, indent=indent, sort_keys=True,
                      separators=None if indent is not None else (",", ":"))
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def set_aside(path: Path) -> Path:
    """Rename a damaged file to a new, unused name beside it and return that name."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    base = path.with_name(f"{path.stem}.damaged-{stamp}{path.suffix}")
    target, n = base, 1
    while target.exists():
        target = path.with_name(f"{path.stem}.damaged-{stamp}-{n}{path.suffix}")
        n += 1
    os.replace(path, target)
    return target


def read_json(path: Path, kind: str, version: int) -> dict | None:
    """The file's payload, or None if it does not exist.

    The file holds {"kind": kind, "version": version, "data": {...}}. Anything else raises
    DamagedFile after moving the file aside.
    """
    if not path.exists():
        return None
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(raw, dict) or raw.get("kind") != kind:
            raise ValueError(f"not a {kind} file")
        if raw.get("version") != version:
            raise ValueError(f"unsupported version {raw.get('version')!r}")
        data = raw.get("data")
        if not isinstance(data, dict):
            raise ValueError("no data")
        return data
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        kept = set_aside(path)
        raise DamagedFile(path, kept, str(exc)) from exc


def write_versioned(path: Path, kind: str, version: int, data: dict,
                    indent: int | None = 1) -> None:
    write_json_atomic(path, {"kind": kind, "version": version, "data": data}, indent)
