"""Shadows Tabletop: three shadowy tabletop games on one table, for one screen.

Layers, lowest first (docs/architecture.md): ``rules`` (pure game logic), ``ai`` (computer
players), ``catalog`` (which games exist), the services (``match``, ``session``, ``bus``,
``sim``, ``review``, ``storage``), the screens (``ui``, ``net``) and ``app``.
"""
