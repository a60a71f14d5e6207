"""The Chasing Shadows table: the scene and the pieces it is drawn from.

* ``table``     the table scene (hand, opponents, Spotlight, Follow Cards, trick, sidebar)
* ``model``     what the table shows, replayed event by event so animations can show the
                moments between two views
* ``motion``    timed beats and card flights, scaled by the animation-speed setting
* ``geometry``  where everything sits for a window size and player count
* ``pieces``    drawing helpers: scoresheets, taken-card chips, the memory-aid grid
* ``wording``   prompts and the one-line reasons for refused clicks
* ``overlays``  the full scoresheets (key S), the end-of-round screen and the final results
"""
