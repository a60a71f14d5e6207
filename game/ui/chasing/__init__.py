"""The Chasing Shadows table: the trick-taking game for 3-5 players at one screen.

Rooms (the same names in every table package: hunters, chasing, harsh):

* ``table``     the scene: seats, buttons, game events turned into beats, input
* ``paint``     drawing the table: seat plates, Spotlight, Follow Cards, trick, hand,
                sidebar panels and the prompt line
* ``layout``    where everything sits for a window size and player count
* ``look``      how the pieces look: taken-card chips, suit marks, scoresheets, the
                memory-aid grid; the table's colours
* ``anim``      timed beats and card flights, scaled by the animation-speed setting
* ``overlays``  the full scoresheets (key S), the end-of-round screen and the final results

Rooms of this game only:

* ``model``     what the table shows, replayed event by event so animations can show the
                moments between two views
* ``wording``   prompts and the one-line reasons for refused clicks
* ``last_trick`` the last trick, public: its overlay (key L) and the picture on the
                hand-off screen
"""
