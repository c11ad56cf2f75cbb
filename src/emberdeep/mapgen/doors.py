"""Doors where corridors meet rooms: closed ones block sight, so rooms are discovered,
not seen from afar, and a door between the player and a monster is a place to fight.

A doorway is a floor tile on a room's wall ring with wall on both sides along the ring:
a one-wide gap that a corridor dug through. Each gets a closed door with a chance.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from emberdeep.engine.floor import Rect, Tile


def doorways(tiles: NDArray[np.uint8], room: Rect) -> list[tuple[int, int]]:
    """The one-wide gaps in ``room``'s wall ring."""
    found: list[tuple[int, int]] = []
    width, height = tiles.shape
    x0, y0, x1, y1 = room.x, room.y, room.x2, room.y2
    ring = [(x, y) for x in range(x0 + 1, x1) for y in (y0, y1)]
    ring += [(x, y) for y in range(y0 + 1, y1) for x in (x0, x1)]
    for x, y in ring:
        if not (0 < x < width - 1 and 0 < y < height - 1) or tiles[x, y] != Tile.FLOOR:
            continue
        along_x = y in (y0, y1)  # a gap in a top or bottom wall runs along x
        side_a = tiles[x - 1, y] if along_x else tiles[x, y - 1]
        side_b = tiles[x + 1, y] if along_x else tiles[x, y + 1]
        if side_a == Tile.WALL and side_b == Tile.WALL:
            found.append((x, y))
    return found


def add_doors(
    tiles: NDArray[np.uint8], rooms: list[Rect], percent: int, rng: np.random.Generator
) -> None:
    """A closed door in each doorway of ``rooms`` with ``percent`` chance."""
    if percent <= 0:
        return
    for room in rooms:
        for x, y in doorways(tiles, room):
            if int(rng.integers(100)) < percent:
                tiles[x, y] = Tile.CLOSED_DOOR
