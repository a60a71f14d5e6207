"""Everything on screen: the scene stack's scenes, the drawing toolkit and the theme.

Start with ``scene.Scene`` (the base of every screen), ``style`` (palette, sizes, scaling),
``draw`` (procedural cards, tokens, dice, symbols) and ``table_base.TableScene`` (the base
of the per-game tables in ``chasing``, ``harsh`` and ``hunters``). ``scenes`` holds the
menus and dialogs, ``review`` the review screen, ``opening`` starts or continues a game at
the table the catalogue names for it. Screens open one another by name through
``navigation`` (its ``SCREENS`` table), never by importing each other; ``wording`` holds
the words the screens share with the phones (no pygame).
"""
