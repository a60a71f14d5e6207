"""Player settings, persisted in the user config folder."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields

from game import i18n

from .jsonfile import DamagedFile, UnreadableFile, read_json, write_versioned
from .paths import user_dirs

KIND, VERSION = "settings", 1
ANIMATION_SPEEDS = ("slow", "normal", "fast", "off")
WINDOW_MODES = ("windowed", "fullscreen")
# Seconds between computer moves (and the base of animation durations) per speed.
PACE_SECONDS = {"slow": 1.4, "normal": 0.8, "fast": 0.35, "off": 0.0}
# The computers' turns: how long each computer move stays before the next, as a factor of
# the animation speed's pace (a move also waits for its own animation to end).
COMPUTER_PACES = ("quick", "normal", "slow")
COMPUTER_PACE_FACTOR = {"quick": 0.5, "normal": 1.0, "slow": 3.0}
# Settings → Colours, text and motion (game.ui.palette names the palettes and sizes; the
# storage keeps them without importing the UI)
PALETTES = ("default", "red_green", "high_contrast")
TEXT_SIZES = (100, 125, 150, 200)
# The table actions whose keys Settings → Keys moves (game.ui.controls.TABLE_KEYS)
KEY_ACTIONS = ("select", "confirm", "undo", "hint", "log", "last_trick", "pause")
# The sound cues with a volume of their own (game.ui.sound plays them), 0-100 each
SOUND_CUES = ("turn", "card", "dice", "damage", "win", "loss")
MAX_SIDE = 8192  # before the display is known; then clamped to the display itself


@dataclass
class Settings:
    window_mode: str = "windowed"
    window_size: tuple[int, int] = (1280, 720)
    animation_speed: str = "normal"
    computer_pace: str = "normal"
    volume: int = 70
    muted: bool = False
    cue_volumes: dict = field(default_factory=dict)  # a SOUND_CUES name -> 0-100 (100 if absent)
    memory_aids: bool = True
    last_setup: dict = field(default_factory=dict)
    howto_seen: list = field(default_factory=list)  # games whose "How to play" card was offered
    tutorials_offered: list = field(default_factory=list)  # games whose tutorial was offered
    tutorials_done: list = field(default_factory=list)     # tutorials played to the end
    tutorial_steps: dict = field(default_factory=dict)     # game id -> the step to resume at
    # Where phones reach the table: "" the first LAN address, "127.0.0.1" this computer
    # only, or one address of this machine's.
    phone_address: str = ""
    # The app's language ("en", "ja", "de", "fr"); "" until chosen: the system's is used
    language: str = ""
    palette: str = "default"      # colours: default, red_green (colour-blind safe), high_contrast
    text_size: int = 100          # every text at this % (the layouts grow to hold it)
    reduce_motion: bool = False   # flights and shakes become fades or instant placement
    keys: dict = field(default_factory=dict)   # a KEY_ACTIONS name -> its key, if moved

    def validated(self) -> "Settings":
        """Clamp or reset values a hand-edited file may have spoiled."""
        if self.window_mode not in WINDOW_MODES:
            self.window_mode = "windowed"
        if self.animation_speed not in ANIMATION_SPEEDS:
            self.animation_speed = "normal"
        if self.computer_pace not in COMPUTER_PACES:
            self.computer_pace = "normal"
        try:
            w, h = (int(v) for v in self.window_size)
        except (TypeError, ValueError, OverflowError):  # OverflowError: 1e400 is infinity
            w, h = 1280, 720
        self.window_size = (min(MAX_SIDE, max(1024, w)), min(MAX_SIDE, max(640, h)))
        try:
            self.volume = max(0, min(100, int(self.volume)))
        except (TypeError, ValueError, OverflowError):
            self.volume = 70
        self.muted = self.muted is True
        if not isinstance(self.cue_volumes, dict):
            self.cue_volumes = {}
        self.cue_volumes = {k: max(0, min(100, v)) for k, v in self.cue_volumes.items()
                            if k in SOUND_CUES and type(v) is int}
        self.memory_aids = self.memory_aids is not False
        if not isinstance(self.last_setup, dict):
            self.last_setup = {}
        self.last_setup = {k: v for k, v in self.last_setup.items()
                           if isinstance(k, str) and isinstance(v, dict)}
        if not isinstance(self.howto_seen, list):
            self.howto_seen = []
        self.howto_seen = [g for g in self.howto_seen if isinstance(g, str)]
        for name in ("tutorials_offered", "tutorials_done"):
            value = getattr(self, name)
            setattr(self, name, [g for g in value if isinstance(g, str)]
                    if isinstance(value, list) else [])
        if not isinstance(self.tutorial_steps, dict):
            self.tutorial_steps = {}
        self.tutorial_steps = {k: v for k, v in self.tutorial_steps.items()
                               if isinstance(k, str) and type(v) is int and 0 <= v < 10_000}
        if not isinstance(self.phone_address, str) or len(self.phone_address) > 45:
            self.phone_address = ""
        if self.language not in ("", "en", "ja", "de", "fr"):
            self.language = ""
        if self.palette not in PALETTES:
            self.palette = "default"
        if type(self.text_size) is not int or self.text_size not in TEXT_SIZES:
            self.text_size = 100
        self.reduce_motion = self.reduce_motion is True
        if not isinstance(self.keys, dict):
            self.keys = {}
        keys = {a: k for a, k in self.keys.items()
                if a in KEY_ACTIONS and isinstance(k, str) and 0 < len(k) <= 24}
        # two actions on one key: neither is trusted, both go back to their defaults
        self.keys = {a: k for a, k in keys.items() if list(keys.values()).count(k) == 1}
        return self

    def clamp_window(self, display: tuple[int, int]) -> None:
        """No bigger than the screen it opens on (a hand-edited 16384x16384 would not fit)."""
        dw, dh = display
        if dw > 0 and dh > 0:
            w, h = self.window_size
            self.window_size = (max(1024, min(w, dw)), max(640, min(h, dh)))

    @property
    def pace(self) -> float:
        return PACE_SECONDS[self.animation_speed]

    @property
    def computer_gap(self) -> float:
        """Seconds from one computer move to the next (the session's pace)."""
        return self.pace * COMPUTER_PACE_FACTOR.get(self.computer_pace, 1.0)


def settings_path():
    return user_dirs().config_dir / "settings.json"


def load_settings() -> tuple[Settings, str | None]:
    """The saved settings (defaults if none). A damaged file gives defaults and a notice."""
    # The notices are worded before the app has a language: in the one it will speak, the
    # system's without readable settings (game.i18n.screens.start_language), else the saved
    # one; --lang before either.
    with i18n.speaking(i18n.RUN_OVERRIDE["lang"] or i18n.system_language()):
        try:
            data = read_json(settings_path(), KIND, VERSION)
        except DamagedFile as exc:
            return Settings(), exc.message(i18n._("the default settings are used"))
        except UnreadableFile as exc:
            return Settings(), exc.message(i18n._("the default settings are used (and not "
                                                  "saved over it)"))
    if data is None:
        return Settings(), None
    known = {f.name for f in fields(Settings)}
    s = Settings(**{k: v for k, v in data.items() if k in known})
    if isinstance(s.window_size, list):
        s.window_size = tuple(s.window_size)
    s.validated()
    repaired = repaired_fields(data, s)
    if not repaired:
        return s, None
    with i18n.speaking(i18n.RUN_OVERRIDE["lang"] or s.language or i18n.system_language()):
        return s, _keep_original(repaired, s)


def repaired_fields(data: dict, settings: Settings) -> list[str]:
    """The saved values that validated() had to change (in the file's order)."""
    now = asdict(settings)
    now["window_size"] = list(settings.window_size)
    return [k for k, v in data.items() if k in now and now[k] != v]


def _keep_original(repaired: list[str], settings: Settings) -> str | None:
    """Copy the file's original bytes aside, write the repaired settings over it (so the
    next start does not find, copy and tell the same again) and say so, once."""
    from .jsonfile import keep_copy, write_problem

    path = settings_path()
    names = ", ".join(repaired)
    try:
        raw = path.read_bytes()
        kept = keep_copy(path, raw)
    except OSError as exc:
        return i18n._("{file} had values this version cannot use ({names}); the defaults are "
                      "used for those, but the original could not be kept aside ({why}).",
                      file=path.name, names=names, why=write_problem(exc))
    save_settings(settings)
    return i18n._("{file} had values this version cannot use ({names}); the original is kept "
                  "as {kept} and the defaults are used for those.", file=path.name,
                  names=names, kept=kept.name)


def save_settings(settings: Settings) -> bool:
    """Write the settings. False (and the banner says why) if they could not be written."""
    from . import problems

    data = asdict(settings.validated())
    data["window_size"] = list(settings.window_size)
    try:
        write_versioned(settings_path(), KIND, VERSION, data, skip_same=True)
    except OSError as exc:
        problems.failed("settings", settings_path(), exc)
        return False
    problems.succeeded("settings")
    return True
