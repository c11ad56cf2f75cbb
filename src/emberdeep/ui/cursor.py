"""A cursor over the play view's map, shared by aiming and looking.

Both move it with the movement keys and put it where the pointer is. Aiming keeps it
inside the map view (the camera does not move while a target is chosen); looking may
take it anywhere on the floor, and the camera follows it (``followed``: hand play could
not look at what lay off the screen).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from emberdeep.ui import render

if TYPE_CHECKING:
    from emberdeep.ui.play_view import PlayView


def tile_at(play: PlayView, x: int, y: int) -> tuple[int, int] | None:
    """The floor tile shown at console cell (x, y), or None when that is no tile."""
    view = play.layout.map
    if not view.contains(x, y):
        return None
    pos = render.to_floor((x, y), view, play.origin())
    return pos if play.world.floor.in_bounds(*pos) else None


def kept_in_view(play: PlayView, pos: tuple[int, int]) -> tuple[int, int]:
    """``pos`` moved onto the floor and inside the map view."""
    floor, view = play.world.floor, play.layout.map
    ox, oy = play.origin()
    x = min(max(pos[0], ox, 0), min(ox + view.across, floor.width) - 1)
    y = min(max(pos[1], oy, 0), min(oy + view.height, floor.height) - 1)
    return x, y


FOLLOW_MARGIN = 3
"""Tiles the look cursor keeps from the map view's edges where the floor goes on (the
look's words cover the view's top rows)."""


def on_floor(play: PlayView, pos: tuple[int, int]) -> tuple[int, int]:
    """``pos`` moved onto the floor."""
    floor = play.world.floor
    return min(max(pos[0], 0), floor.width - 1), min(max(pos[1], 0), floor.height - 1)


def followed(play: PlayView, pos: tuple[int, int]) -> tuple[int, int] | None:
    """The camera's focus that shows ``pos`` at least ``FOLLOW_MARGIN`` tiles inside the
    map view, moved as little as it must from where the camera looks now (None: the
    player, when it need not move)."""
    view = play.layout.map
    origin, focus = play.origin(), list(play.focus or play.world.player.position)
    spans = (view.across, view.height)
    moved = False
    for axis in (0, 1):
        margin = min(FOLLOW_MARGIN, (spans[axis] - 1) // 2)
        low, high = origin[axis] + margin, origin[axis] + spans[axis] - 1 - margin
        centre = origin[axis] + spans[axis] // 2  # the focus that gives this origin
        if pos[axis] < low:
            focus[axis], moved = centre - (low - pos[axis]), True
        elif pos[axis] > high:
            focus[axis], moved = centre + (pos[axis] - high), True
    return (focus[0], focus[1]) if moved else play.focus
