"""The Complete Roguelike Tutorial's dungeon: random rooms joined by L-shaped tunnels."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from emberdeep.engine.floor import Floor, Rect, Tile
from emberdeep.mapgen import BaseParams, register
from emberdeep.mapgen.carve import dig_l_tunnel, dig_room, farthest_tile, solid_rock
from emberdeep.mapgen.doors import add_doors
from emberdeep.mapgen.loops import add_loops


@dataclass(frozen=True)
class RoomsParams(BaseParams):
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


@register("rooms", RoomsParams)
def generate(params: RoomsParams, rng: np.random.Generator) -> Floor:
    """Tutorial rooms: random rectangles that may not overlap, each tunnelled to the last."""
    tiles = solid_rock(params.width, params.height)
    rooms: list[Rect] = []
    for _ in range(params.max_rooms):
        w, h = rng.integers(params.room_min_size, params.room_max_size, size=2, endpoint=True)
        x = int(rng.integers(0, params.width - w - 1, endpoint=True))
        y = int(rng.integers(0, params.height - h - 1, endpoint=True))
        room = Rect(x, y, int(w) + 1, int(h) + 1)
        if any(room.intersects(other) for other in rooms):
            continue
        dig_room(tiles, room)
        if rooms:
            dig_l_tunnel(tiles, rooms[-1].center, room.center, rng)
        rooms.append(room)

    add_loops(tiles, params.loops, rng)
    add_doors(tiles, rooms, params.doors, rng)
    start = rooms[0].center
    floor = Floor(tiles, start=start, stairs=start, rooms=rooms)
    stairs = rooms[-1].center if len(rooms) > 1 else farthest_tile(floor, start, rooms[0])
    floor.set_tile(*stairs, Tile.STAIRS_DOWN)
    floor.stairs = stairs
    return floor
