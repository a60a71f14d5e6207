"""Where user data lives. SHADOWS_HOME, when set, redirects everything into one folder."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from platformdirs import PlatformDirs

APP_NAME = "ShadowsTabletop"


@dataclass(frozen=True)
class UserDirs:
    config_dir: Path
    data_dir: Path
    log_dir: Path

    def ensure(self) -> "UserDirs":
        for d in (self.config_dir, self.data_dir, self.log_dir):
            d.mkdir(parents=True, exist_ok=True)
        return self


def user_dirs() -> UserDirs:
    home = os.environ.get("SHADOWS_HOME")
    if home:
        root = Path(home)
        return UserDirs(root / "config", root / "data", root / "logs").ensure()
    # appauthor=False: otherwise Windows repeats the app name in the path.
    pd = PlatformDirs(APP_NAME, appauthor=False)
    return UserDirs(Path(pd.user_config_dir), Path(pd.user_data_dir),
                    Path(pd.user_log_dir)).ensure()
