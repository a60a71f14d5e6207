"""The review screen: a finished game at its own table with every secret face up, its
log, and opening or exporting ``.shadows.json`` files.

* ``scene``     the review screen, built from the game's own table (``review_class``)
* ``games``     each game's review hooks: the view with every secret, where things go
* ``logview``   the review's log, which follows the position
* ``sections``  the secrets panel
* ``files``     opening a game file (the menu's picker, a file dropped on the window)
* ``export``    saving a game as a file
"""
