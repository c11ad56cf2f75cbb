"""Binary space partition dungeon (libtcod's BSP toolkit): one room per leaf, siblings joined.

Joining the two subtrees of every split guarantees connectivity by construction; each
join uses the closest pair of rooms across the split so corridors stay short.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import tcod.bsp
import tcod.random

from emberdeep.engine.core.floor import Floor, Rect, Tile
from emberdeep.engine.core.rng import sub_seed
from emberdeep.mapgen import BaseParams, register
from emberdeep.mapgen.carve import dig_l_tunnel, dig_room, farthest_tile, solid_rock
from emberdeep.mapgen.doors import add_doors
from emberdeep.mapgen.loops import add_loops
from emberdeep.mapgen.reach import Reach


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


def _closest_pair(a: list[Rect], b: list[Rect]) -> tuple[Rect, Rect]:
    ca = np.array([r.center for r in a])
    cb = np.array([r.center for r in b])
    gaps = np.abs(ca[:, None, :] - cb[None, :, :]).sum(axis=2)
    i, j = np.unravel_index(int(np.argmin(gaps)), gaps.shape)
    return a[int(i)], b[int(j)]


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
    rooms_under: dict[int, list[Rect]] = {}
    for node in root.post_order():
        if not node.children:
            room = _room_in_leaf(node, params, rng)
            dig_room(tiles, room)
            rooms_under[id(node)] = [room]
            continue
        left, right = (rooms_under.pop(id(child)) for child in node.children)
        a, b = _closest_pair(left, right)
        dig_l_tunnel(tiles, a.center, b.center, rng)
        rooms_under[id(node)] = left + right

    if params.loops > 0 or params.doors > 0:
        dug = Reach(tiles == Tile.FLOOR)  # the loops' searches and the doors share it
        add_loops(tiles, params.loops, rng, dug)
        add_doors(tiles, rooms_under[id(root)], params.doors, rng, dug.bits)
    rooms = rooms_under[id(root)]
    order = rng.permutation(len(rooms))
    start = rooms[order[0]].center
    floor = Floor(tiles, start=start, stairs=start, rooms=rooms)
    one_room = len(rooms) == 1
    stairs = farthest_tile(floor, start, rooms[0]) if one_room else rooms[order[1]].center
    floor.set_tile(stairs[0], stairs[1], Tile.STAIRS_DOWN)
    floor.stairs = stairs
    return floor
