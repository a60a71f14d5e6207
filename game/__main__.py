"""Start the app: ``python -m game`` or the ``shadows-tabletop`` command.

    python -m game                 play
    python -m game --size 1024x640 a window of that size (minimum 1024x640)
    python -m game --fullscreen    start in fullscreen (F11 switches)
    python -m game --lang ja       this run in Japanese (en, ja, de, fr; not saved)
    python -m game --self-test     open a window, load every asset, build every scene and
                                   each game's table once, run a few frames, exit 0 (or
                                   print what failed and exit 1)
"""

from __future__ import annotations

import gc
import os
import sys
from types import SimpleNamespace
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import argparse

# What the command line means without arguments (a launch from the desktop or the start
# menu): the same as build_parser().parse_args([]), a test checks it. argparse is then not
# loaded at all; its first parser costs more start-up time than the menu's first frame.
NO_ARGUMENTS = {"self_test": False, "size": None, "fullscreen": None, "lang": None}


def parse_size(text: str) -> tuple[int, int]:
    import argparse

    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"size must look like 1280x720, not {text!r}") from None
    if w < 1024 or h < 640:
        raise argparse.ArgumentTypeError(f"the smallest window is 1024x640, not {text}")
    return w, h


def build_parser() -> argparse.ArgumentParser:
    import argparse

    p = argparse.ArgumentParser(prog="shadows-tabletop",
                                description="Shadows Tabletop: three shadowy games on one table.")
    p.add_argument("--self-test", action="store_true",
                   help="build every scene and asset once, run a few frames, and exit")
    p.add_argument("--size", type=parse_size, metavar="WxH",
                   help="window size, e.g. 1280x720 (minimum 1024x640)")
    from game.i18n import LANGUAGES

    p.add_argument("--lang", choices=tuple(LANGUAGES),
                   help="the language of this run (not saved): en, ja, de or fr")
    mode = p.add_mutually_exclusive_group()
    mode.add_argument("--fullscreen", action="store_true", default=None,
                      help="start in fullscreen")
    mode.add_argument("--windowed", dest="fullscreen", action="store_false",
                      help="start in a window")
    return p


def main(argv: list[str] | None = None) -> int:
    # Start-up makes tens of thousands of long-lived objects (modules, classes, the theme)
    # and next to no garbage: collecting while they pile up only costs time before the
    # first frame. The app turns the collector back on once the menu is on screen.
    gc.disable()
    args = arguments(sys.argv[1:] if argv is None else argv)
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    name_the_app(os.environ)
    from game import crash

    crash.setup_logging()
    if args.lang:
        from game.i18n.screens import set_override

        set_override(args.lang)
    if args.self_test:
        return crash.run_guarded(lambda: self_test(args.size), show_window=False)
    return crash.run_guarded(lambda: play(args.size, args.fullscreen))


APP_ID = "ShadowsTabletop"  # the frozen executable's name and the .desktop StartupWMClass


def name_the_app(environ) -> None:
    """Give the window the app's name before SDL starts. Run from source, pygame-ce names
    the X11 window class after the script (``__main__.py``), so a Linux desktop could not
    match the window to its menu entry and showed a generic icon. SDL reads these on
    X11 and Wayland and ignores them on Windows and macOS. A value already set wins."""
    for variable in ("SDL_VIDEO_X11_WMCLASS", "SDL_VIDEO_WAYLAND_WMCLASS", "SDL_APP_ID"):
        environ.setdefault(variable, APP_ID)
    environ.setdefault("SDL_APP_NAME", "Shadows Tabletop")  # audio streams, screensaver


def arguments(argv: list[str]):
    """The parsed command line (``argv`` without the program's name)."""
    if not argv:
        return SimpleNamespace(**NO_ARGUMENTS)
    return build_parser().parse_args(argv)


def play(size, fullscreen) -> int:
    from game.app import App

    app = App(size=size, fullscreen=fullscreen)
    if no_screen(os.environ.get("SDL_VIDEODRIVER", "")):
        import pygame

        pygame.quit()
        _say("Shadows Tabletop found no screen to open its window on (SDL fell back to an "
             "invisible offscreen display). Start it from a desktop session, or set DISPLAY.")
        return 2
    return app.run()


def no_screen(requested_driver: str) -> bool:
    """SDL silently picks 'offscreen' when there is no display; nobody asked for that."""
    import pygame

    return pygame.display.get_driver() == "offscreen" and requested_driver.lower() not in (
        "offscreen", "dummy")


def _say(text: str) -> None:
    if sys.stderr is not None:  # a windowed Windows build has no stderr
        print(text, file=sys.stderr)


def self_test(size=None) -> int:
    """Build every scene once and run a few frames of each. 0 if all went well."""
    from game.selftest import run_self_test

    failures = run_self_test(size or (1280, 720))
    problem = language_problem()
    if problem:
        failures.append(("language", problem))
    for name, error in failures:
        print(f"self-test FAILED: {name}: {error}", file=sys.stderr)
    if not failures:
        print("self-test passed")
    return 1 if failures else 0


def language_problem() -> str | None:
    """What keeps the language of this run from showing (--lang in a frozen build that
    lost its catalogs or the Japanese font); None when all is there."""
    from game import i18n

    lang = i18n.current()
    if lang == i18n.ENGLISH:
        return None
    if not i18n.catalog_path(lang).is_file():
        return f"no catalog for {lang!r} at {i18n.catalog_path(lang)}"
    if i18n._("Quit") == "Quit":
        return f"the catalog for {lang!r} does not translate 'Quit'"
    from game.ui import draw

    path = draw._noto_path(False)
    if path is None or i18n.font_files(lang)[0] not in path:
        return f"no font with the letters of {lang!r} ({i18n.font_files(lang)[0]})"
    return None


if __name__ == "__main__":
    sys.exit(main())
