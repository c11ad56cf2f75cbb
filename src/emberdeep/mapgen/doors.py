"""Doors where corridors meet rooms: closed ones block sight, so rooms are discovered,
not seen from afar, and a door between the player and a monster is a place to fight.

A doorway is a floor tile on a room's wall ring with wall on both sides along the ring:
a one-wide gap that a corridor dug through. Each gets a closed door with a chance: the
gaps and the rings are found as bits (``reach.to_bits``), the doorways' dice rolled in
one array.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from emberdeep.engine.core.floor import Rect, Tile
from emberdeep.engine.core.rng import below
from emberdeep.mapgen.reach import bit_numbers, every, everywhere, to_bits


def gaps(tiles: NDArray[np.uint8]) -> tuple[NDArray[np.bool_], NDArray[np.bool_]]:
    """Floor tiles with wall left and right (gaps in a wall running along x), and floor
    tiles with wall above and below (gaps in a wall running along y)."""
    floor, wall = tiles == Tile.FLOOR, tiles == Tile.WALL
    along_x = np.zeros_like(floor)
    along_y = np.zeros_like(floor)
    along_x[1:-1, :] = floor[1:-1, :] & wall[:-2, :] & wall[2:, :]
    along_y[:, 1:-1] = floor[:, 1:-1] & wall[:, :-2] & wall[:, 2:]
    return along_x, along_y


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
    tiles: NDArray[np.uint8],
    rooms: list[Rect],
    percent: int,
    rng: np.random.Generator,
    floor_bits: int | None = None,
) -> None:
    """A closed door in each doorway of ``rooms`` with ``percent`` chance (the dice in the
    doorways' order along x, then y).

    As bits (``reach.to_bits``): the gaps are the floor with wall a column (or a row) to
    either side, each room's ring is four runs of bits, and the doorways are where they
    meet: a few shifts a room where arrays took four slices a room and a dozen whole-map
    steps, a tenth of a new game. ``floor_bits``: the floor tiles as bits, if the caller
    has them and the tiles are all wall or floor."""
    if percent <= 0:
        return
    stride = tiles.shape[1] + 1
    if floor_bits is None:
        floor, wall = to_bits(tiles == Tile.FLOOR), to_bits(tiles == Tile.WALL)
    else:
        floor = floor_bits
        wall = everywhere(*tiles.shape) & ~floor
    along_x = floor & wall >> stride & wall << stride  # gaps in a wall running along x
    along_y = floor & wall >> 1 & wall << 1  # and along y (a guard bit is never wall)
    ring_x = ring_y = 0  # the sides running along x, and those running along y
    for room in rooms:
        x, y, width, height = room.x, room.y, room.width, room.height
        if width > 2:
            side = every(width - 2, stride) << (x + 1) * stride
            ring_x |= side << y | side << (y + height - 1)
        if height > 2:
            side = ((1 << (height - 2)) - 1) << (y + 1)
            ring_y |= side << x * stride | side << (x + width - 1) * stride
    xs, ys = np.divmod(bit_numbers(ring_x & along_x | ring_y & along_y), stride)
    shut = below(rng, 100, len(xs)) < percent
    tiles[xs[shut], ys[shut]] = Tile.CLOSED_DOOR
