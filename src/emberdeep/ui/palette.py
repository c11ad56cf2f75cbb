"""The colours every framed box shares (menus, pages, dialogs), so they look like one game
and a change of taste is one edit.

They are read at draw time as ``palette.FRAME_FG`` (never imported by name): a colour
palette chosen in the options (``ui/theme.py``) rebinds them, and every box follows.
"""

from __future__ import annotations

Color = tuple[int, int, int]

FRAME_FG: Color = (150, 130, 90)
"""The border of every box."""
BOX_BG: Color = (10, 10, 16)
"""Inside a box."""
HEADING_FG: Color = (240, 220, 160)
"""Titles, letters of menu options, labels."""
TEXT_FG: Color = (220, 220, 220)
INFO_FG: Color = (128, 128, 128)
"""Hints, counts and other quiet text."""

DEFAULTS: dict[str, Color] = {
    "frame": FRAME_FG,
    "inside": BOX_BG,
    "heading": HEADING_FG,
    "text": TEXT_FG,
    "info": INFO_FG,
}
"""The default box colours by the names ``palettes.toml`` gives them (``[<palette>.box]``)."""
NAMES = {"frame": "FRAME_FG", "inside": "BOX_BG", "heading": "HEADING_FG", "text": "TEXT_FG",
         "info": "INFO_FG"}  # fmt: skip
"""Palette name -> this module's constant."""
