"""The review screen: a finished game at its own table with every secret face up, its
log, and opening or exporting ``.shadows.json`` files."""
