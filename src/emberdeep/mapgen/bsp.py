"""Binary space partition dungeon (libtcod's BSP toolkit): one room per leaf, siblings joined.

Joining the two subtrees of every split guarantees connectivity by construction; each
join uses the closest pair of rooms across the split so corridors stay short.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np
import tcod.random
from numpy.typing import NDArray
from tcod.cffi import ffi, lib

from emberdeep.engine.core.floor import Floor, Rect, Tile
from emberdeep.engine.core.rng import sub_seed
from emberdeep.mapgen import BaseParams, register
from emberdeep.mapgen.carve import dig_l, dig_room, farthest_tile, solid_rock
from emberdeep.mapgen.doors import add_doors
from emberdeep.mapgen.draws import Draws
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


def _room_in_leaf(leaf: Any, params: BspParams, draws: Draws) -> Rect:
    """A room somewhere in ``leaf`` (libtcod's ``TCOD_bsp_t``), the whole leaf with
    ``full_rooms``."""
    left, top, width, height = leaf.x, leaf.y, leaf.w, leaf.h
    if params.full_rooms:
        return Rect(left, top, width, height)
    w = draws.between(min(params.min_size, width), width)
    h = draws.between(min(params.min_size, height), height)
    x = draws.between(left, left + width - w)
    y = draws.between(top, top + height - h)
    return Rect(x, y, w, h)


FEW_PAIRS = 24
"""Up to this many pairs across a split are measured one by one; more, as one table."""


def _closest_pair(a: list[Centre], b: list[Centre]) -> tuple[int, int]:
    """Which two rooms, one each side of a split (by their centres), are nearest (steps
    across plus steps down); of equal pairs the first in ``a``'s order, then ``b``'s.

    Most splits part a few rooms (a floor of sixty has some forty splits of one or two
    rooms a side): their pairs are measured in Python, where numpy's fixed cost a call
    would be most of it; the few splits high in the tree measure their hundreds of
    pairs as one numpy table, whose first least entry in row order is the pair."""
    if len(a) == 1 or len(b) == 1:  # one room against a few: the first nearest
        if len(a) == len(b):
            return 0, 0
        if len(a) == 1:
            (x, y), others = a[0], b
        else:
            (x, y), others = b[0], a
        gaps = [abs(x - ox) + abs(y - oy) for ox, oy in others]
        k = gaps.index(min(gaps))
        return (0, k) if len(a) == 1 else (k, 0)
    if len(a) * len(b) <= FEW_PAIRS:
        _, i, j = min(
            (abs(ax - bx) + abs(ay - by), i, j)
            for i, (ax, ay) in enumerate(a)
            for j, (bx, by) in enumerate(b)
        )
        return i, j
    ours, theirs = np.array(a), np.array(b)
    gaps = np.abs(ours[:, None, 0] - theirs[None, :, 0]) + np.abs(
        ours[:, None, 1] - theirs[None, :, 1]
    )
    i, j = divmod(int(gaps.argmin()), len(b))
    return i, j


def _dig(
    node: Any,
    params: BspParams,
    draws: Draws,
    tiles: NDArray[np.uint8],
) -> tuple[list[Rect], list[Centre]]:
    """The rooms under ``node`` (libtcod's ``TCOD_bsp_t``, read where it lies: making
    ``tcod.bsp.BSP``'s objects of the whole tree cost more than the split) and their
    centres, dug and joined in post order (a leaf's room; a split's corridor once both
    its sides are dug: the order the generator draws its numbers in, so a seed keeps
    its floor)."""
    if lib.TCOD_bsp_is_leaf(node):
        room = _room_in_leaf(node, params, draws)
        dig_room(tiles, room)
        return [room], [room.center]
    rooms, centres = _dig(lib.TCOD_bsp_left(node), params, draws, tiles)
    other_rooms, other_centres = _dig(lib.TCOD_bsp_right(node), params, draws, tiles)
    i, j = _closest_pair(centres, other_centres)
    # ``carve.dig_l_tunnel``'s corridor, its coin drawn from ``draws``.
    dig_l(tiles, centres[i], other_centres[j], across_first=draws.random() < 0.5)
    return rooms + other_rooms, centres + other_centres


@register("bsp", BspParams)
def generate(params: BspParams, rng: np.random.Generator) -> Floor:
    """BSP rooms: split the map recursively, a room in every leaf, corridors across each split."""
    tiles = solid_rock(params.width, params.height)
    # ``tcod.bsp.BSP.split_recursive``'s own call, the tree kept in libtcod's memory.
    root = ffi.gc(
        lib.TCOD_bsp_new_with_size(0, 0, params.width, params.height), lib.TCOD_bsp_delete
    )
    seed = tcod.random.Random(seed=sub_seed(rng))
    size = params.min_size + 1
    lib.TCOD_bsp_split_recursive(root, seed.random_c, params.depth, size, size, 1.5, 1.5)
    draws = Draws(rng)
    rooms, _ = _dig(root, params, draws, tiles)
    draws.close()
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
