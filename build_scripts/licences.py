"""The licence texts a build must carry, collected for shadows.spec.

Everything the frozen app bundles: Python itself, every Python distribution the app
needs at run time (found from shadows-tabletop's own requirements, so a new dependency
cannot be forgotten), the native libraries inside pygame-ce's wheels (SDL and friends)
and pygame-gui's fonts. They land in ``licenses/`` in the app folder (``_internal/
licenses/`` on Windows and Linux), with ``THIRD-PARTY.txt`` listing them all.

    python build_scripts/licences.py      prints what a build here would carry
"""

from __future__ import annotations

import re
import sys
from importlib import metadata
from pathlib import Path

HERE = Path(__file__).resolve().parent
TEXTS = HERE / "licence_texts"
APP_DIST = "shadows-tabletop"
LICENCE_NAME = re.compile(r"(^|/)(licen[cs]e|copying|notice|authors)[^/]*$", re.I)

# Inside pygame-ce's wheels (pygame_ce.libs/ on Linux, DLLs beside pygame on Windows,
# pygame/.dylibs on macOS). The wheels carry no texts for them; SDL's and the LGPL's
# full texts ship from licence_texts/, the others are named with their licence.
NATIVE_LIBRARIES = [
    ("SDL2, SDL2_image, SDL2_mixer, SDL2_ttf", "zlib", "SDL2/SDL2-zlib.txt"),
    ("FluidSynth, mpg123, libsndfile", "LGPL-2.1", "pygame-ce/LGPL-2.1.txt"),
    ("ALSA library (Linux)", "LGPL-2.1", "pygame-ce/LGPL-2.1.txt"),
    ("FreeType", "FreeType License (FTL)", ""),
    ("HarfBuzz", "MIT", ""),
    ("libpng", "libpng licence", ""),
    ("libjpeg-turbo", "IJG and BSD-3-Clause", ""),
    ("libtiff", "libtiff licence (BSD-style)", ""),
    ("libwebp", "BSD-3-Clause", ""),
    ("libogg, libvorbis, Opus, opusfile, FLAC", "BSD-3-Clause", ""),
    ("WavPack", "BSD-3-Clause", ""),
    ("libxmp", "MIT", ""),
    ("Brotli", "MIT", ""),
    ("PortMidi", "MIT", ""),
]
# Distributions whose wheels carry no licence file: the texts come from licence_texts/.
SHIPPED_TEXTS = {"pygame-ce": ["LGPL-2.1.txt", "pygame-ce-SWAPPING.txt"]}
FONTS = [("Noto Sans, Fira Code (from pygame-gui)", "SIL Open Font License 1.1",
          "pygame_gui/ (NotoSans-LICENSE.txt, FiraCode-LICENSE.txt)")]


def _name(requirement: str) -> tuple[str, str]:
    """(distribution name, marker text) of a Requires-Dist line."""
    name = re.match(r"\s*([A-Za-z0-9][A-Za-z0-9._-]*)", requirement).group(1)
    marker = requirement.split(";", 1)[1].strip() if ";" in requirement else ""
    return name, marker


def _applies(marker: str) -> bool:
    if not marker:
        return True
    if "extra" in marker:
        return False   # optional extras (test, build, dev) are not bundled
    from packaging.markers import Marker

    return Marker(marker).evaluate()


def bundled_distributions(root: str = APP_DIST) -> list[str]:
    """Every distribution the app needs at run time on this machine, by its own name."""
    seen: dict[str, str] = {}
    todo = [root]
    while todo:
        wanted = todo.pop()
        try:
            dist = metadata.distribution(wanted)
        except metadata.PackageNotFoundError:
            continue   # a requirement of another OS or Python (marker-less but absent)
        key = dist.metadata["Name"].lower().replace("_", "-")
        if key in seen:
            continue
        seen[key] = dist.metadata["Name"]
        for requirement in dist.requires or []:
            name, marker = _name(requirement)
            if _applies(marker):
                todo.append(name)
    seen.pop(root, None)
    return sorted(seen.values(), key=str.lower)


def distribution_licences(name: str) -> list[Path]:
    """The licence files a distribution installed (LICENSE, COPYING, NOTICE, licenses/...)."""
    files = metadata.distribution(name).files or []
    return [Path(f.locate()) for f in files
            if LICENCE_NAME.search(str(f)) or "/licenses/" in f"/{f}"]


def python_licence(base_prefix: str | None = None, platform: str | None = None,
                   version: tuple[int, int] | None = None) -> Path | None:
    """Python's own LICENSE.txt: beside python.exe on Windows, in lib/pythonX.Y elsewhere
    (python.org, pyenv, actions/setup-python); Debian keeps it as a copyright file."""
    base = Path(base_prefix or sys.base_prefix)
    platform = platform or sys.platform
    major, minor = version or sys.version_info[:2]
    if platform == "win32":
        candidates = [base / "LICENSE.txt"]
    else:
        candidates = [base / "lib" / f"python{major}.{minor}" / "LICENSE.txt",
                      Path(f"/usr/share/doc/python{major}.{minor}/copyright")]
    return next((c for c in candidates if c.is_file()), None)


def collect() -> list[tuple[str, str]]:
    """(source file, folder in the bundle) pairs for PyInstaller's datas. SystemExit
    when a bundled distribution or Python has no licence text to ship."""
    out: list[tuple[str, str]] = []
    missing = []
    for name in bundled_distributions():
        files = distribution_licences(name) + [TEXTS / t for t in SHIPPED_TEXTS.get(name, [])]
        if not files:
            missing.append(name)
        out += [(str(f), f"licenses/{name}") for f in files]
    py = python_licence()
    if py is None:
        missing.append("Python")
    else:
        out.append((str(py), "licenses/Python"))
    out.append((str(TEXTS / "SDL2-zlib.txt"), "licenses/SDL2"))
    if missing:
        raise SystemExit("no licence text found for: " + ", ".join(missing))
    return out


def write_third_party(folder: Path) -> Path:
    """THIRD-PARTY.txt in ``folder`` (the build's work folder), for the spec to bundle."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "THIRD-PARTY.txt"
    path.write_text(third_party_text(), encoding="utf-8", newline="\n")
    return path


def third_party_text() -> str:
    """THIRD-PARTY.txt: what the app bundles, each with its licence and where its text is."""
    lines = ["Shadows Tabletop bundles the following. Their licence texts are in the",
             "folders named after them beside this file.", "",
             f"Python {sys.version.split()[0]}  -  PSF License  -  Python/", ""]
    for name in bundled_distributions():
        meta = metadata.metadata(name)
        licence = (meta.get("License-Expression") or meta.get("License") or "").strip()
        licence = licence.splitlines()[0][:60] if licence else _classifier_licence(meta)
        lines.append(f"{name} {meta['Version']}  -  {licence}  -  {name}/")
    lines += ["", "Native libraries inside pygame-ce:"]
    lines += [f"  {what}  -  {lic}" + (f"  -  {where}" if where else "")
              for what, lic, where in NATIVE_LIBRARIES]
    lines += ["", "Fonts:"]
    lines += [f"  {what}  -  {lic}  -  {where}" for what, lic, where in FONTS]
    lines += ["", "pygame-ce is under the LGPL 2.1: pygame-ce/SWAPPING.txt says how to run",
              "the game with your own build of it.", ""]
    return "\n".join(lines)


def _classifier_licence(meta) -> str:
    for value in meta.get_all("Classifier") or []:
        if value.startswith("License ::"):
            return value.rsplit("::", 1)[1].strip()
    return "see its licence file"


if __name__ == "__main__":
    for source, folder in collect():
        print(f"{folder:32} {source}")
    print()
    print(third_party_text())
