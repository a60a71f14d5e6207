"""Shadows Tabletop."""
