"""Words for a screen that works on the map (aiming, looking): drawn under the map, over
the log and the key hints, so they never hide a cell the cursor may go to.

Drawn over the map's top rows, the aiming words hid the cells one might aim at, and the
look header the cells one might look at (hand play at 80x24). Rows that do not fit under
the map go over the map's edge farthest from the cursor.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import tcod.console

from emberdeep.ui import render, sidebar
from emberdeep.ui.palette import Color

if TYPE_CHECKING:
    from emberdeep.ui.play_view import PlayView

BAR_BG: Color = (0, 0, 0)


def draw_rows(
    console: tcod.console.Console,
    parent: PlayView,
    rows: Sequence[tuple[str, Color]],
    cursor: tuple[int, int],
) -> None:
    """``rows`` (each already fitted to the map's width less two) from the row under the
    map down; those that do not fit there over the map's edge away from ``cursor``."""
    view = parent.layout.map
    width = min(view.width, console.width - view.x)
    below = view.y + view.height
    places = list(range(below, console.height))
    extra = len(rows) - len(places)
    if extra > 0:
        cell = render.to_screen(cursor, view, parent.origin())
        cursor_row = cell[1] if cell is not None else view.y
        if cursor_row - view.y >= view.height // 2:
            places = list(range(view.y, view.y + extra)) + places
        else:
            places = list(range(below - extra, below)) + places
    hints = parent.layout.hints
    for y, (text, fg) in zip(places, rows, strict=False):
        if y == hints.y and hints.x < view.x:  # no stub of the key hints left, and
            # the sidebar's edge goes on down beside the words (hand play at 80x24)
            console.draw_rect(hints.x, y, view.x - hints.x, 1, ch=ord(" "), bg=sidebar.BG)
            sidebar.rule(console, view.x - 1, y, 1)
        console.draw_rect(view.x, y, width, 1, ch=ord(" "), bg=BAR_BG)
        console.print(view.x + 1, y, text, fg=fg)
