"""Binary space partition dungeon (libtcod's BSP toolkit): one room per leaf, siblings joined.

Joining the two subtrees of every split guarantees connectivity by construction; each
join uses the closest pair of rooms across the split so corridors stay short.
"""

from __future__ import annotations

from bisect import bisect_left
from dataclasses import dataclass, field
from itertools import islice

import numpy as np
import tcod.bsp
import tcod.random
from numpy.typing import NDArray

from emberdeep.engine.core.floor import Floor, Rect, Tile
from emberdeep.engine.core.rng import sub_seed
from emberdeep.mapgen import BaseParams, register
from emberdeep.mapgen.carve import dig_l_tunnel, dig_room, farthest_tile, solid_rock
from emberdeep.mapgen.doors import add_doors
from emberdeep.mapgen.loops import add_loops
from emberdeep.mapgen.reach import Reach

Centre = tuple[int, int]


@dataclass(frozen=True)
class BspParams(BaseParams):
    """The BSP generator's knobs; each is also an ``emberdeep mapgen`` option."""

    depth: int = field(default=10, metadata={"help": "maximum number of recursive splits"})
    min_size: int = field(default=5, metadata={"help": "smallest room side, walls included"})
    full_rooms: bool = field(default=False, metadata={"help": "rooms fill their whole leaf"})
    loops: int = field(default=0, metadata={"help": "openings cut to make ways round"})
    doors: int = field(default=0, metadata={"help": "percent of doorways given a door"})

    def validate(self) -> None:
        super().validate()
        if not 0 <= self.loops <= 50:
            raise ValueError("loops must be between 0 and 50")
        if not 0 <= self.doors <= 100:
            raise ValueError("doors must be between 0 and 100 (percent)")
        if not 0 <= self.depth <= 16:
            raise ValueError("depth must be between 0 and 16")
        # 4, walls included, leaves a 2x2 room: space for a start and stairs apart.
        if not 4 <= self.min_size <= min(self.width, self.height):
            raise ValueError("min_size must be at least 4 and fit in the map")


def _room_in_leaf(leaf: tcod.bsp.BSP, params: BspParams, rng: np.random.Generator) -> Rect:
    if params.full_rooms:
        return Rect(leaf.x, leaf.y, leaf.width, leaf.height)
    w = int(rng.integers(min(params.min_size, leaf.width), leaf.width, endpoint=True))
    h = int(rng.integers(min(params.min_size, leaf.height), leaf.height, endpoint=True))
    x = int(rng.integers(leaf.x, leaf.x + leaf.width - w, endpoint=True))
    y = int(rng.integers(leaf.y, leaf.y + leaf.height - h, endpoint=True))
    return Rect(x, y, w, h)


def _closest_pair(a: list[Centre], b: list[Centre]) -> tuple[int, int]:
    """Which two rooms, one each side of a split (by their centres), are nearest (steps
    across plus steps down); of equal pairs the first in ``a``'s order, then ``b``'s.

    Not every pair is measured: ``b``'s centres sorted by column, each room of ``a``
    looks outwards from its own column and stops where the columns alone are farther
    apart than the best pair so far (a split's nearest rooms face each other across
    it, so a handful of pairs are looked at where the whole table had hundreds)."""
    if len(a) == 1 and len(b) == 1:
        return 0, 0
    across = sorted([(x, y, j) for j, (x, y) in enumerate(b)])
    columns = [x for x, _, _ in across]
    # The least (gap, i, j): i only grows, so an equal gap wins only on a smaller j.
    best, bi, bj = 1 << 62, 0, 0
    for i, (ax, ay) in enumerate(a):
        start = bisect_left(columns, ax)
        for bx, by, j in islice(across, start, None):  # rightwards
            if bx - ax > best:
                break
            gap = bx - ax + abs(ay - by)
            if gap < best or (gap == best and i == bi and j < bj):
                best, bi, bj = gap, i, j
        for bx, by, j in reversed(across[:start]):  # leftwards
            if ax - bx > best:
                break
            gap = ax - bx + abs(ay - by)
            if gap < best or (gap == best and i == bi and j < bj):
                best, bi, bj = gap, i, j
    return bi, bj


def _dig(
    node: tcod.bsp.BSP, params: BspParams, rng: np.random.Generator, tiles: NDArray[np.uint8]
) -> tuple[list[Rect], list[Centre]]:
    """The rooms under ``node`` and their centres, dug and joined in post order (a
    leaf's room; a split's corridor once both its sides are dug: the order the
    generator draws its numbers in, so a seed keeps its floor)."""
    if not node.children:
        room = _room_in_leaf(node, params, rng)
        dig_room(tiles, room)
        return [room], [room.center]
    first, second = node.children
    rooms, centres = _dig(first, params, rng, tiles)
    other_rooms, other_centres = _dig(second, params, rng, tiles)
    i, j = _closest_pair(centres, other_centres)
    dig_l_tunnel(tiles, centres[i], other_centres[j], rng)
    return rooms + other_rooms, centres + other_centres


@register("bsp", BspParams)
def generate(params: BspParams, rng: np.random.Generator) -> Floor:
    """BSP rooms: split the map recursively, a room in every leaf, corridors across each split."""
    tiles = solid_rock(params.width, params.height)
    root = tcod.bsp.BSP(x=0, y=0, width=params.width, height=params.height)
    root.split_recursive(
        depth=params.depth,
        min_width=params.min_size + 1,
        min_height=params.min_size + 1,
        max_horizontal_ratio=1.5,
        max_vertical_ratio=1.5,
        seed=tcod.random.Random(seed=sub_seed(rng)),
    )
    rooms, _ = _dig(root, params, rng, tiles)
    if params.loops > 0 or params.doors > 0:
        dug = Reach(tiles == Tile.FLOOR)  # the loops' searches and the doors share it
        add_loops(tiles, params.loops, rng, dug)
        add_doors(tiles, rooms, params.doors, rng, dug.bits)
    order = rng.permutation(len(rooms))
    start = rooms[order[0]].center
    floor = Floor(tiles, start=start, stairs=start, rooms=rooms)
    one_room = len(rooms) == 1
    stairs = farthest_tile(floor, start, rooms[0]) if one_room else rooms[order[1]].center
    floor.set_tile(stairs[0], stairs[1], Tile.STAIRS_DOWN)
    floor.stairs = stairs
    return floor
