"""Finding the files in ``assets/`` however the app was started.

Three ways to run the app put the assets in three places:

* a source checkout (also ``pip install -e .``): ``<repo>/assets``;
* a frozen PyInstaller build: ``sys._MEIPASS/assets`` (the spec bundles the folder there);
* a regular ``pip install .``: the wheel ships the folder as data files, which pip
  installs under ``<prefix>/share/shadows-tabletop/assets`` (see ``[tool.setuptools.data-files]``
  in pyproject.toml); ``--user`` installs use the user base as prefix.

The first folder that holds ``theme.json`` wins, so a stale copy never shadows the checkout
a developer is editing. No pygame here: the packaging tests use this module on its own.
"""

from __future__ import annotations

import os
import site
import sys
from functools import lru_cache
from pathlib import Path

SHARE_SUBDIR = Path("share") / "shadows-tabletop" / "assets"
MARKER = "theme.json"


def candidate_dirs() -> list[Path]:
    """Where assets may live, most specific first."""
    out: list[Path] = []
    override = os.environ.get("SHADOWS_ASSETS")
    if override:
        out.append(Path(override))
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        out.append(Path(frozen) / "assets")
    out.append(Path(__file__).resolve().parent.parent / "assets")
    prefixes = [sys.prefix, sys.exec_prefix, sys.base_prefix]
    try:
        prefixes.append(site.getuserbase())
    except (AttributeError, OSError):  # some embedded interpreters lack a user base
        pass
    for prefix in prefixes:
        path = Path(prefix) / SHARE_SUBDIR
        if path not in out:
            out.append(path)
    return out


@lru_cache(maxsize=1)
def assets_dir() -> Path:
    tried = candidate_dirs()
    for folder in tried:
        if (folder / MARKER).is_file():
            return folder
    raise FileNotFoundError(
        "the app's assets folder was not found; looked in: " + ", ".join(str(p) for p in tried))


def asset_path(name: str) -> Path:
    """Absolute path of ``assets/<name>``; raises FileNotFoundError if it is missing."""
    path = assets_dir() / name
    if not path.exists():
        raise FileNotFoundError(f"missing asset {name!r} (looked in {assets_dir()})")
    return path
