"""The Shadow Hunters table: board, player boards, animations, notebook and hand-offs.

``table`` holds the scene (named for the game in ``game/catalog.py``):
state, choices, clicks, hand-offs and the start-of-game look. ``paint`` draws it,
``layout`` says where everything goes for a window size, ``look`` holds the drawn pieces
(Area cards, character cards, piles, chips), ``anim`` the short animations that follow
game events, ``notebook`` each player's private deduction notes (kept in a side file per
game seed), ``overlays`` the private screens (own character, notebook, "who sits at the
screen?") and ``results`` the end screen that shows who everyone was.

Everything drawn comes from ``session.view(viewer)`` and the static component tables;
nothing reads the game state.
"""
