"""The Shadow Hunters table: board, player boards, animations, notebook and hand-offs.

Rooms (the same names in every table package: hunters, chasing, harsh):

* ``table``     the scene (named for the game in ``game/catalog.py``): state, the
                viewer and hand-offs, the start-of-game look, keys, layout; the other
                rooms below are mixed into it
* ``paint``     drawing the table: Areas and pieces, damage track, dice tray, player
                boards, piles, the card being decided on, the animations in flight
* ``layout``    where everything goes for a window size
* ``look``      how the pieces look: Area cards, character cards, piles, chips; colours
* ``anim``      the short animations that follow game events, and which events make
                which animation (``EventAnimations``)
* ``overlays``  the private screens (own character, notebook, "who sits at the screen?")

Rooms of this game only:

* ``banners``   the moments drawn (a reveal, a death, an ability, a card taken, the final
                blow), each held until seen (``game/ui/moments``)
* ``layer``     the still parts of the table (felt, Areas, track, boards, panel, piles)
                drawn once into a kept picture, drawn again only when what they show changes
* ``cardview``  every card can be read: hovered, opened large (right-click or V), Equipment
* ``choices``   the choices: which are offered, where their buttons go (long labels
                span two or three cells), clicks on boards and Areas that pick them
* ``prompt``    the words over the table: the turn line and the prompt over the choices
* ``notebook``  each player's private deduction notes (a side file per game seed)
* ``results``   the end screen that shows who everyone was
* ``wording``   the choices' short labels and whom they aim at (the phones say the same;
                no pygame)

Everything drawn comes from ``session.view(viewer)`` and the static component tables;
nothing reads the game state.
"""
