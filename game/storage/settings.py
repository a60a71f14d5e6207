"""Player settings, persisted in the user config folder."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields

from .jsonfile import DamagedFile, read_json, write_versioned
from .paths import user_dirs

KIND, VERSION = "settings", 1
ANIMATION_SPEEDS = ("slow", "normal", "fast", "off")
WINDOW_MODES = ("windowed", "fullscreen")
# Seconds between computer moves (and the base of animation durations) per speed.
PACE_SECONDS = {"slow": 1.4, "normal": 0.8, "fast": 0.35, "off": 0.0}


@dataclass
class Settings:
    window_mode: str = "windowed"
    window_size: tuple[int, int] = (1280, 720)
    animation_speed: str = "normal"
    volume: int = 70
    muted: bool = False
    memory_aids: bool = True
    last_setup: dict = field(default_factory=dict)
    howto_seen: list = field(default_factory=list)  # games whose "How to play" card was offered
    # Where phones reach the table: "" the first LAN address, "127.0.0.1" this computer
    # only, or one address of this machine's.
    phone_address: str = ""

    def validated(self) -> "Settings":
        """Clamp or reset values a hand-edited file may have spoiled."""
        if self.window_mode not in WINDOW_MODES:
            self.window_mode = "windowed"
        if self.animation_speed not in ANIMATION_SPEEDS:
            self.animation_speed = "normal"
        try:
            w, h = (int(v) for v in self.window_size)
        except (TypeError, ValueError):
            w, h = 1280, 720
        self.window_size = (max(1024, w), max(640, h))
        try:
            self.volume = max(0, min(100, int(self.volume)))
        except (TypeError, ValueError):
            self.volume = 70
        self.muted = bool(self.muted)
        self.memory_aids = bool(self.memory_aids)
        if not isinstance(self.last_setup, dict):
            self.last_setup = {}
        if not isinstance(self.howto_seen, list):
            self.howto_seen = []
        self.howto_seen = [g for g in self.howto_seen if isinstance(g, str)]
        if not isinstance(self.phone_address, str) or len(self.phone_address) > 45:
            self.phone_address = ""
        return self

    @property
    def pace(self) -> float:
        return PACE_SECONDS[self.animation_speed]


def settings_path():
    return user_dirs().config_dir / "settings.json"


def load_settings() -> tuple[Settings, str | None]:
    """The saved settings (defaults if none). A damaged file gives defaults and a notice."""
    try:
        data = read_json(settings_path(), KIND, VERSION)
    except DamagedFile as exc:
        return Settings(), (f"Your settings file was damaged ({exc.why}). It was kept as "
                            f"{exc.kept_as.name} and the default settings are used.")
    if data is None:
        return Settings(), None
    known = {f.name for f in fields(Settings)}
    s = Settings(**{k: v for k, v in data.items() if k in known})
    if isinstance(s.window_size, list):
        s.window_size = tuple(s.window_size)
    return s.validated(), None


def save_settings(settings: Settings) -> None:
    data = asdict(settings.validated())
    data["window_size"] = list(settings.window_size)
    write_versioned(settings_path(), KIND, VERSION, data)
