"""Emberdeep: a classic roguelike on python-tcod.

The package itself is the lowest layer (see ``tests/test_layers.py``): plain names every
layer may read, importing nothing.
"""

__version__ = "0.1.0"
APP_NAME = "emberdeep"
"""The folder name in the platform's config, data and cache folders (``platformdirs``):
named once here, where settings, saves and the content cache can all read it."""
