"""The colours every framed box shares (menus, pages, dialogs), so they look like one game
and a change of taste is one edit."""

from __future__ import annotations

Color = tuple[int, int, int]

FRAME_FG: Color = (150, 130, 90)
"""The border of every box."""
BOX_BG: Color = (10, 10, 16)
"""Inside a box."""
HEADING_FG: Color = (240, 220, 160)
"""Titles, letters of menu options, labels."""
TEXT_FG: Color = (220, 220, 220)
INFO_FG: Color = (120, 120, 120)
"""Hints, counts and other quiet text."""
