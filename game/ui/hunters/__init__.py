"""The Shadow Hunters table: board, player boards, animations, notebook and hand-offs.

Rooms (the same names in every table package: hunters, chasing, harsh):

* ``table``     the scene (named for the game in ``game/catalog.py``):
                state, choices, clicks, hand-offs and the start-of-game look
* ``paint``     drawing the table: Areas and pieces, damage track, dice tray, player
                boards, piles, the card being decided on, the animations in flight
* ``layout``    where everything goes for a window size
* ``look``      how the pieces look: Area cards, character cards, piles, chips; colours
* ``anim``      the short animations that follow game events
* ``overlays``  the private screens (own character, notebook, "who sits at the screen?")

Rooms of this game only:

* ``cardview``  every card can be read: hovered, opened large (right-click or V), Equipment
* ``choices``   where the choice buttons go (long labels span two or three cells)
* ``notebook``  each player's private deduction notes (a side file per game seed)
* ``results``   the end screen that shows who everyone was
* ``wording``   the choices' short labels and whom they aim at (the phones say the same;
                no pygame)

Everything drawn comes from ``session.view(viewer)`` and the static component tables;
nothing reads the game state.
"""
