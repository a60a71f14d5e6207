"""File names that every desktop accepts.

The app makes names from game ids, titles and dates, and a file saved on Linux may be
copied to Windows, so every name follows Windows' rules on every OS (the strictest of
the three): no ``< > : " / \\ | ? *`` or control characters, no trailing dot or space, no
device name (CON, NUL, COM1...) even with an extension, at most 255 bytes, and a whole
path within Windows' classic 260-character limit where that can be had by shortening.
"""

from __future__ import annotations

import re
from pathlib import Path

FORBIDDEN = re.compile(r'[<>:"/\\|?*\x00-\x1f\x7f]')
# Windows opens a device for these names whatever the extension ("nul.json" included);
# the superscript digits count as digits there too.
RESERVED = ({"CON", "PRN", "AUX", "NUL", "CONIN$", "CONOUT$"}
            | {f"{dev}{n}" for dev in ("COM", "LPT") for n in "123456789\u00b9\u00b2\u00b3"})
MAX_NAME_BYTES = 255      # ext4 and most Linux file systems; NTFS and APFS allow as much
MAX_PATH = 259            # Windows' MAX_PATH (260) less the terminating NUL
MIN_STEM = 8              # shorter than this and the name says nothing; let the write fail


def is_reserved(name: str) -> bool:
    """True for a Windows device name, with or without an extension ("COM1.json")."""
    return name.split(".", 1)[0].rstrip(" ").upper() in RESERVED


def portable_name(stem: str, suffix: str, folder: Path | None = None,
                  fallback: str = "game") -> str:
    """``stem + suffix`` made safe on every OS. ``suffix`` (".json", ".shadows.json") is
    kept as given; the stem is cleaned, and shortened to fit the name limit and, when
    ``folder`` is given, the path limit."""
    clean = FORBIDDEN.sub("_", stem).strip(" ").rstrip(". ")
    if not clean:
        clean = fallback
    if is_reserved(clean + suffix):
        clean = "_" + clean
    room = MAX_NAME_BYTES - len(suffix.encode("utf-8"))
    if folder is not None:
        room = min(room, MAX_PATH - len(str(folder)) - 1 - len(suffix))
    room = max(room, MIN_STEM)
    while len(clean.encode("utf-8")) > room or (folder is not None and len(clean) > room):
        clean = clean[:-1]
    clean = clean.rstrip(". ") or fallback
    return clean + suffix


def unused_path(folder: Path, stem: str, suffix: str) -> Path:
    """A portable name in ``folder`` that nothing has yet: stem, stem-2, stem-3, ..."""
    path = folder / portable_name(stem, suffix, folder)
    n = 2
    while path.exists() or path.is_symlink():
        # "-n" goes with the suffix, so shortening a long stem never cuts the number off
        path = folder / portable_name(stem, f"-{n}{suffix}", folder)
        n += 1
    return path
