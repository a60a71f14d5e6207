"""PyInstaller runtime hook: runs inside the frozen app before any of its own code.

pygame prints a banner on import; a double-clicked app has no use for it (and a windowed
Windows build has no stdout to print to).
"""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
