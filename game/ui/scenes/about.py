"""About: the version and build, the licence, and everything the app is made with.

The credits name everything the frozen app bundles; tests/test_licences.py checks the list
against the build's own (build_scripts/licences.py), so a new dependency cannot go
uncredited.
"""

from __future__ import annotations

from pathlib import Path

import pygame

from game.i18n import N_, _
from game.ui import draw, style
from game.ui.scene import Scene
from game.ui.widgets import ScrollPanel, heading, paragraph

ROOT = Path(__file__).resolve().parents[3]

# (what, licence, what it does here)
# The names and licences are proper names; what each does is translated.
CREDITS = [
    ("Python", "PSF License", N_("the language the app is written in")),
    ("pygame-ce", "LGPL 2.1", N_("window, drawing, sound and input; replaceable by your own "
     "build (licenses/pygame-ce/pygame-ce-SWAPPING.txt)")),
    ("SDL 2 (SDL2, SDL2_image, SDL2_mixer, SDL2_ttf)", "zlib", N_("inside pygame-ce")),
    ("FreeType, HarfBuzz, libpng, libjpeg-turbo, libwebp, libtiff, Ogg, Vorbis, Opus, FLAC, "
     "mpg123, FluidSynth, libsndfile, WavPack, libxmp, Brotli, PortMidi",
     N_("their own free licences (licenses/THIRD-PARTY.txt)"), N_("inside pygame-ce")),
    ("pygame-gui", "MIT", N_("buttons, text fields and sliders")),
    ("python-i18n", "MIT", N_("used by pygame-gui")),
    ("Noto Sans, Noto Sans JP, Fira Code fonts", "SIL Open Font License 1.1",
     N_("the type, from pygame-gui")),
    ("platformdirs", "MIT", N_("where settings and saves go on each OS")),
    ("aiohttp", "Apache 2.0 and MIT", N_("the phone page's small web server")),
    ("aiohappyeyeballs, aiosignal, attrs, frozenlist, idna, multidict, propcache, "
     "typing_extensions, yarl", "Apache 2.0, MIT, BSD, PSF", N_("used by aiohttp")),
    ("segno", "BSD 3-Clause", N_("the QR codes on the join screen")),
    ("babel", "BSD 3-Clause", N_("numbers the way each language writes them")),
]


def build_info() -> dict:
    """The frozen build's build_info.json (version, commit, date), {} from source."""
    from game import crash

    return crash._build_info()


def source_commit(root: Path = ROOT) -> str:
    """The checkout's commit, read from .git without running git ("" if there is none)."""
    git = root / ".git"
    try:
        head = (git / "HEAD").read_text(encoding="utf-8").strip()
        if not head.startswith("ref: "):
            return head[:7]
        ref = head[5:]
        ref_file = git / ref
        if ref_file.is_file():
            return ref_file.read_text(encoding="utf-8").strip()[:7]
        for line in (git / "packed-refs").read_text(encoding="utf-8").splitlines():
            if line.endswith(" " + ref):
                return line.split(" ", 1)[0][:7]
    except OSError:
        pass
    return ""


def version_line() -> str:
    """e.g. "Version 0.1.0, build 3f2a9c1 of 2026-12-06 04:58 UTC" or "... from source"."""
    from game import crash

    info = build_info()
    version = crash.app_version()
    if info:
        commit = info.get("commit") or _("unknown")
        return _("Version {version}, build {commit} of {date}", version=version, commit=commit,
                 date=info.get("built") or _("an unknown date"))
    commit = source_commit()
    if commit:
        return _("Version {version}, run from source (commit {commit})", version=version,
                 commit=commit)
    return _("Version {version}, run from source", version=version)


def credit_names() -> str:
    """Every credited name, lower case, for checks."""
    return " ".join(credit[0] for credit in CREDITS).lower()



def about_blocks() -> list:
    credits = []
    for what, licence, role in CREDITS:
        role = _(role)
        credits.append(paragraph(_("•  {what}: {licence}. {role}.", what=what, licence=_(licence),
                                   role=role[:1].upper() + role[1:])))
    return [
        heading(_("SHADOWS TABLETOP")),
        paragraph(version_line()),
        paragraph(_("Chasing Shadows, Harsh Shadows and Shadow Hunters on one table. "
                    "Free software under the MIT licence (the LICENSE file beside the app).")),
        heading(_("MADE WITH")),
        *credits,
        paragraph(_("The licence texts of everything above ship with the app, in the "
                    "licenses folder of its install folder (_internal/licenses on Windows and "
                    "Linux, inside the .app on macOS), with THIRD-PARTY.txt listing them."),
                  style.TEXT_DIM),
    ]


class AboutScene(Scene):
    keep_look_when_covered = True

    def build(self, m: style.Metrics) -> None:
        width = min(m.width - 2 * m.margin, m.px(1000))
        top, bottom = m.px(100), m.height - m.button_h - m.px(30)
        self.panel = ScrollPanel(pygame.Rect((m.width - width) // 2, top, width, bottom - top), m)
        self.panel.set_blocks(about_blocks())
        bw = m.px(160)
        self.button(((m.width - bw) // 2, m.height - m.button_h - m.px(16), bw, m.button_h),
                    _("Back"), self.app.pop, object_id="#back", cls="@primary")

    def default_action(self) -> None:
        self.app.pop()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.panel.handle_event(event):
            return True
        return super().handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        m = self.metrics
        draw.blit_text(surface, _("About"), m.px(style.FONT_TITLE), (m.width // 2, m.px(52)),
                       style.ACCENT_BRIGHT, True, "center")
        self.panel.draw(surface)
