"""The Harsh Shadows table: the solo deduction game at one screen.

Modules: ``pieces`` (cached drawings of Location cards, Spy Movement cards, Case File
slots, the bug, countdown and kit), ``layout`` (where everything goes for a window size),
``anim`` (the short animations: the Spy's move, card flips), ``hinting`` (the hint search
on a worker thread), ``dialogs`` (the modal choices: Bomb, discard, meeting, reorder,
stakeout, clue and ability targets), ``ending`` (the end screen that reveals every Case
File) and ``table`` (the scene itself). The catalogue names the table.

Like every scene, these read the game only through ``session.view(viewer)``, the legal
actions and the events.
"""
