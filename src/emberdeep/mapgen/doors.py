"""Doors where corridors meet rooms: closed ones block sight, so rooms are discovered,
not seen from afar, and a door between the player and a monster is a place to fight.

A doorway is a floor tile on a room's wall ring with wall on both sides along the ring:
a one-wide gap that a corridor dug through. Each gets a closed door with a chance: the
rings are marked (four slices a room), the doorways found and their dice rolled in whole
arrays.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from emberdeep.engine.floor import Rect, Tile
from emberdeep.engine.rng import below


def gaps(tiles: NDArray[np.uint8]) -> tuple[NDArray[np.bool_], NDArray[np.bool_]]:
    """Floor tiles with wall left and right (gaps in a wall running along x), and floor
    tiles with wall above and below (gaps in a wall running along y)."""
    floor, wall = tiles == Tile.FLOOR, tiles == Tile.WALL
    along_x = np.zeros_like(floor)
    along_y = np.zeros_like(floor)
    along_x[1:-1, :] = floor[1:-1, :] & wall[:-2, :] & wall[2:, :]
    along_y[:, 1:-1] = floor[:, 1:-1] & wall[:, :-2] & wall[:, 2:]
    return along_x, along_y


def doorways(tiles: NDArray[np.uint8], room: Rect) -> list[tuple[int, int]]:
    """The one-wide gaps in ``room``'s wall ring."""
    along_x, along_y = gaps(tiles)
    return room_doorways(along_x, along_y, room)


def room_doorways(
    along_x: NDArray[np.bool_], along_y: NDArray[np.bool_], room: Rect
) -> list[tuple[int, int]]:
    found: list[tuple[int, int]] = []
    x0, y0, x1, y1 = room.x, room.y, room.x2, room.y2
    for y in (y0, y1):
        found += [(x0 + 1 + int(i), y) for i in np.flatnonzero(along_x[x0 + 1 : x1, y])]
    for x in (x0, x1):
        found += [(x, y0 + 1 + int(i)) for i in np.flatnonzero(along_y[x, y0 + 1 : y1])]
    return found


def add_doors(
    tiles: NDArray[np.uint8], rooms: list[Rect], percent: int, rng: np.random.Generator
) -> None:
    """A closed door in each doorway of ``rooms`` with ``percent`` chance (the dice in the
    doorways' order along x, then y)."""
    if percent <= 0:
        return
    along_x, along_y = gaps(tiles)
    ring_x, ring_y = np.zeros_like(along_x), np.zeros_like(along_y)
    for room in rooms:  # the sides running along x, and those running along y
        x, y, x2, y2 = room.x, room.y, room.x + room.width - 1, room.y + room.height - 1
        ring_x[x + 1 : x2, y] = ring_x[x + 1 : x2, y2] = True
        ring_y[x, y + 1 : y2] = ring_y[x2, y + 1 : y2] = True
    xs, ys = np.nonzero((ring_x & along_x) | (ring_y & along_y))
    shut = below(rng, 100, len(xs)) < percent
    tiles[xs[shut], ys[shut]] = Tile.CLOSED_DOOR
