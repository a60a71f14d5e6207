"""The Harsh Shadows table: the solo deduction game at one screen.

Rooms (the same names in every table package: hunters, chasing, harsh):

* ``table``     the scene: its state, buttons, choices, game events and input
* ``paint``     drawing the table: the grid of Locations and the pieces, the Spy's forecast,
                the Discovery Collection, the Spy Movement deck, the animations in flight
* ``layout``    where everything goes for a window size (and the Case File cards, the pieces)
* ``look``      how the pieces look: cached drawings of Location cards, Spy Movement cards,
                Case File slots, the bug, countdown and kit; the table's colours
* ``anim``      the short animations (the Spy's move, card flips) and which event plays which
* ``overlays``  what is drawn over the board: the dialog, the toast, the hint panel and ring

Rooms of this game only:

* ``column``    the middle column: status, Case Files, the action buttons and their notes
* ``dialogs``   what each modal choice offers (Bomb, discard, meeting, reorder, stakeout,
                clue and ability targets), built from the view and the legal actions
* ``ending``    the end screen that reveals every Case File, and why it was won or lost
* ``dangers``   which choices can lose the game at once (said on the option, asked once)
* ``checking``  the table's side of it: the check's worlds played a few each frame, a
                quick choice held until they are played
* ``forecast``  where the Spy goes next when the top Spy card is known
* ``hinting``   the hint search on a worker thread
* ``reader``    a Location's card shown whole beside the grid when its text is cut (large text)

The catalogue (``game/catalog.py``) names the table scene. Like every scene, these read
the game only through ``session.view(viewer)``, the legal actions and the events.
"""
