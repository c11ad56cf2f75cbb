"""The Complete Roguelike Tutorial's dungeon: random rooms joined by L-shaped tunnels.

Every attempt's size, place and tunnel corner are drawn in one call at the start (a
call to the generator costs more than the rest of an attempt), and which attempts
overlap is one numpy comparison of every pair; the loop over attempts only keeps or
drops each one.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
from numpy.typing import NDArray

from emberdeep.engine.core.floor import Floor, Rect, Tile
from emberdeep.mapgen import BaseParams, register
from emberdeep.mapgen.carve import farthest_tile, solid_rock
from emberdeep.mapgen.doors import add_doors
from emberdeep.mapgen.loops import add_loops
from emberdeep.mapgen.reach import Reach


@dataclass(frozen=True, eq=False, repr=False)
class RoomsParams(BaseParams):
    """The rooms generator's knobs; each is also an ``emberdeep mapgen`` option."""

    max_rooms: int = field(default=30, metadata={"help": "room placement attempts"})
    room_min_size: int = field(
        default=6, metadata={"help": "smallest room, tutorial units (dug size + 1)"}
    )
    room_max_size: int = field(
        default=10, metadata={"help": "largest room, tutorial units (dug size + 1)"}
    )
    loops: int = field(default=0, metadata={"help": "openings cut to make ways round"})
    doors: int = field(default=0, metadata={"help": "percent of doorways given a door"})

    def validate(self) -> None:
        super().validate()
        if not 0 <= self.loops <= 50:
            raise ValueError("loops must be between 0 and 50")
        if not 0 <= self.doors <= 100:
            raise ValueError("doors must be between 0 and 100 (percent)")
        if self.max_rooms < 1:
            raise ValueError("max_rooms must be at least 1")
        if not 3 <= self.room_min_size <= self.room_max_size:
            raise ValueError("need 3 <= room_min_size <= room_max_size")
        if self.room_max_size + 2 > min(self.width, self.height):
            raise ValueError("room_max_size must be at least 2 smaller than width and height")


def bit_rows(matrix: NDArray[np.bool_]) -> list[int]:
    """Each row of a boolean matrix as an int, column ``j`` its bit ``j``. Up to 64
    columns, the packed rows are read as 64-bit words in one ``tolist`` (a
    ``from_bytes`` a row cost more than the rest of this)."""
    packed = np.packbits(matrix, axis=1, bitorder="little")
    if matrix.shape[1] > 64:
        return [int.from_bytes(row.tobytes(), "little") for row in packed]
    words = np.zeros((len(packed), 8), dtype=np.uint8)
    words[:, : packed.shape[1]] = packed
    rows: list[int] = words.view("<u8").ravel().tolist()
    return rows


@register("rooms", RoomsParams)
def generate(params: RoomsParams, rng: np.random.Generator) -> Floor:
    """Tutorial rooms: random rectangles that may not overlap, each tunnelled to the last."""
    n = params.max_rooms
    low, high = params.room_min_size, params.room_max_size
    draws = rng.random((n, 5))  # each attempt's width, height, x, y and corner
    size = low + 1 + (draws[:, :2] * (high - low + 1)).astype(np.intp)  # walls included
    x = (draws[:, 2] * (params.width - size[:, 0] + 1)).astype(np.intp)
    y = (draws[:, 3] * (params.height - size[:, 1] + 1)).astype(np.intp)
    across_first = (draws[:, 4] < 0.5).tolist()
    x2, y2 = x + size[:, 0] - 1, y + size[:, 1] - 1
    overlaps = (  # overlaps[i, j]: attempts i and j overlap (as ``Rect.intersects``)
        (x[:, None] <= x2[None, :])
        & (x2[:, None] >= x[None, :])
        & (y[:, None] <= y2[None, :])
        & (y2[:, None] >= y[None, :])
    )
    clashes = bit_rows(overlaps)
    tiles = solid_rock(params.width, params.height)
    rooms: list[Rect] = []
    kept = 0  # a bit per attempt kept
    last = (0, 0)  # the previous room's centre
    for i, (rx, ry, (w, h)) in enumerate(zip(x.tolist(), y.tolist(), size.tolist(), strict=True)):
        if clashes[i] & kept:
            continue
        kept |= 1 << i
        # As ``dig_room`` and an L of two legs, with plain ints: a slice costs less than a Rect's
        # properties, and this loop is a tenth of a new game.
        tiles[rx + 1 : rx + w - 1, ry + 1 : ry + h - 1] = Tile.FLOOR
        cx, cy = rx + w // 2, ry + h // 2
        if rooms:
            lx, ly = last
            left, right = (lx, cx) if lx < cx else (cx, lx)
            top, bottom = (ly, cy) if ly < cy else (cy, ly)
            if across_first[i]:  # along x at the last room's y, then along y at ours
                tiles[left : right + 1, ly] = Tile.FLOOR
                tiles[cx, top : bottom + 1] = Tile.FLOOR
            else:
                tiles[lx, top : bottom + 1] = Tile.FLOOR
                tiles[left : right + 1, cy] = Tile.FLOOR
        rooms.append(Rect(rx, ry, w, h))
        last = (cx, cy)

    if params.loops > 0 or params.doors > 0:
        dug = Reach(tiles == Tile.FLOOR)  # the loops' searches and the doors share it
        add_loops(tiles, params.loops, rng, dug)
        add_doors(tiles, rooms, params.doors, rng, dug.bits)
    start = rooms[0].center
    floor = Floor(tiles, start=start, stairs=start, rooms=rooms)
    stairs = rooms[-1].center if len(rooms) > 1 else farthest_tile(floor, start, rooms[0])
    floor.set_tile(*stairs, Tile.STAIRS_DOWN)
    floor.stairs = stairs
    return floor
