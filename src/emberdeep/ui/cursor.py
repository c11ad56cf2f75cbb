"""A cursor over the play view's map, shared by aiming and looking.

Both move it with the movement keys, put it where the pointer is, and keep it on the
floor and inside the map view (the camera does not move while they are open).
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
