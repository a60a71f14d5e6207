"""Where user data lives. SHADOWS_HOME, when set, redirects everything into one folder."""

from __future__ import annotations

import logging
import os
from dataclasses import dataclass
from pathlib import Path

from platformdirs import PlatformDirs

APP_NAME = "ShadowsTabletop"

log = logging.getLogger("shadows.storage")



@dataclass(frozen=True)
class UserDirs:
    config_dir: Path
    data_dir: Path
    log_dir: Path

    def ensure(self) -> "UserDirs":
        """Create the folders. A plain file in a folder's place is renamed aside (and
        told once); a folder that cannot be made is left for the writes to report."""
        for d in (self.config_dir, self.data_dir, self.log_dir):
            make_folder(d)
        return self


def make_folder(d: Path) -> None:
    try:
        d.mkdir(parents=True, exist_ok=True)
        return
    except FileExistsError:
        pass
    except OSError as exc:
        log.warning("folder %s could not be made: %s", d, exc)
        return
    # Something that is not a folder is in the way. Only our own folder's name is moved:
    # a parent belongs to the person or the system, not to us.
    if not (os.path.lexists(d) and not d.is_dir()):
        log.warning("folder %s cannot be made: a parent is not a folder", d)
        return
    from .jsonfile import set_aside

    try:
        kept = set_aside(d)
    except OSError as exc:
        log.warning("%s blocks a folder and cannot be moved: %s", d, exc)
        return
    from .problems import tell

    tell(f"A file named {d.name} stood where the folder {d.name} belongs; it is kept as "
         f"{kept.name}.")
    log.warning("moved %s aside to %s", d, kept)
    try:
        d.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        log.warning("folder %s could not be made: %s", d, exc)


def user_dirs() -> UserDirs:
    home = os.environ.get("SHADOWS_HOME")
    if home:
        root = Path(home)
        return UserDirs(root / "config", root / "data", root / "logs").ensure()
    return platform_dirs().ensure()


def platform_dirs(dirs_class=PlatformDirs) -> UserDirs:
    """The OS's usual folders (platformdirs picks the class for this OS: tests pass
    platformdirs' Windows or macOS class to see where the data lands there).
    appauthor=False: otherwise Windows repeats the app name in the path."""
    pd = dirs_class(APP_NAME, appauthor=False)
    return UserDirs(Path(pd.user_config_dir), Path(pd.user_data_dir), Path(pd.user_log_dir))
