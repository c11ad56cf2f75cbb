"""Emberdeep: a classic roguelike on python-tcod."""

__version__ = "0.1.0"
