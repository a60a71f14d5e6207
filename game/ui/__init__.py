"""Everything on screen: the scene stack's scenes, the drawing toolkit and the theme.

Start with ``scene.Scene`` (the base of every screen), ``style`` (palette, sizes, scaling),
``draw`` (procedural cards, tokens, dice, symbols) and ``table_base.TableScene`` (the base
of the per-game table scenes registered in ``game.ui.tables``).
"""
