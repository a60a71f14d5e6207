"""The Shadow Hunters table: board, player boards, animations, notebook and hand-offs.

``table`` holds the scene (registered for the game in ``game/ui/tables/hunters.py``),
``layout`` where everything goes for a window size, ``look`` the drawn pieces (Area
cards, character cards, player boards, piles, dice), ``anim`` the short animations that
follow game events, ``notebook`` each player's private deduction notes (kept in a side
file per game seed) and ``overlays`` the private screens (own character, notebook,
"who wants the screen?").

Everything drawn comes from ``session.view(viewer)`` and the static component tables;
nothing reads the game state.
"""
