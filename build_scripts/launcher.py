"""Entry script for the frozen app: PyInstaller needs a plain file, not ``python -m``.

``game/__main__.py`` may use package-relative imports, which break when that file is
run as a script, so the frozen app starts here and calls the same ``main``.
"""

import sys

from game.__main__ import main

if __name__ == "__main__":
    sys.exit(main())
