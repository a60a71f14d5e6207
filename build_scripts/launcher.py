"""Entry script for the frozen app: PyInstaller needs a plain file, not ``python -m``.

``game/__main__.py`` may use package-relative imports, which break when that file is
run as a script, so the frozen app starts here and calls the same ``main``.
"""

import multiprocessing
import sys

from game.__main__ import main

if __name__ == "__main__":
    # A frozen app that starts worker processes (the simulator's process pool) re-runs
    # this executable for each one on Windows and macOS; this turns those runs into
    # workers instead of second copies of the app.
    multiprocessing.freeze_support()
    sys.exit(main())
