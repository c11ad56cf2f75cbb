"""Pools of deep water, lava and chasm on any generator's floor, with ways around.

A pool is a rough disc (a circle with a ragged edge from the floor's stream) of plain
floor turned into the hazard; stairs, the start and doors are never covered. Lava and
chasms cannot be walked, so a pool of either is kept only if every walkable tile is still
reachable from the start (``everything_reachable``): there is always a way round, often a
strip of floor left as a bridge between two halves of a pool. Deep water can be waded,
but wading loses things: every pool is kept only if the stairs down can still be reached
from the start on foot, with no swim (``stairs_on_foot``; in hand play a pool once lay
across the only way down).
"""

from __future__ import annotations

import functools

import numpy as np
from numpy.typing import NDArray

from emberdeep.engine.core.floor import TILE_TRANSPARENT, TILE_WALKABLE, Floor, Tile
from emberdeep.mapgen.reach import Reach

HAZARDS = {"water": Tile.DEEP_WATER, "lava": Tile.LAVA, "chasm": Tile.CHASM}
"""Names ``dungeon.toml`` uses for each hazard."""
ATTEMPTS = 6
"""Tries for each pool before giving up on it."""
NOT_ON_FOOT = (Tile.DEEP_WATER, Tile.BRIDGE, Tile.SEALED_DOOR, Tile.LOCKED_DOOR)
"""Walkable, but no way to the stairs: a swim, a bridge that falls, doors that need a
key or a lever."""
MIN_RADIUS, MAX_RADIUS = 2, 4
CLEARANCE = 3
"""No pool comes within this many tiles of the start or the stairs."""


def pool(floor: Floor, rng: np.random.Generator) -> NDArray[np.bool_]:
    """A ragged disc of plain floor somewhere on the floor (maybe empty)."""
    tiles = floor.tiles
    mask = np.zeros(tiles.shape, dtype=np.bool_)
    plain = (tiles == Tile.FLOOR).ravel().nonzero()[0]  # ``flatnonzero``, in half its time
    if not len(plain):
        return mask
    cx, cy = divmod(int(plain[int(rng.integers(len(plain)))]), tiles.shape[1])
    radius = int(rng.integers(MIN_RADIUS, MAX_RADIUS, endpoint=True))
    # The edge is within radius**2 + 2 * radius < (radius + 1)**2: only the square of
    # side 2 * radius + 1 around the centre is worked out.
    x0, y0 = max(cx - radius, 0), max(cy - radius, 0)
    x1, y1 = min(cx + radius + 1, tiles.shape[0]), min(cy + radius + 1, tiles.shape[1])
    box = (slice(x0, x1), slice(y0, y1))
    near = _squares(radius)[
        x0 - cx + radius : x1 - cx + radius, y0 - cy + radius : y1 - cy + radius
    ]
    edge = radius**2 + rng.random((x1 - x0, y1 - y0)) * (2 * radius)
    mask[box] = (near <= edge) & (tiles[box] == Tile.FLOOR)
    for x, y in (floor.start, floor.stairs):
        near_x = slice(max(0, x - CLEARANCE), x + CLEARANCE + 1)
        mask[near_x, max(0, y - CLEARANCE) : y + CLEARANCE + 1] = False
    return mask


@functools.cache
def _squares(radius: int) -> NDArray[np.int64]:
    """Each tile's squared distance from the centre of a square of side ``2 * radius + 1``
    (the same for every pool of that radius: worked out once)."""
    offsets = np.arange(-radius, radius + 1, dtype=np.int64) ** 2
    squares: NDArray[np.int64] = offsets[:, None] + offsets[None, :]
    squares.flags.writeable = False
    return squares


def add_pools(floor: Floor, kind: str, count: int, rng: np.random.Generator) -> int:
    """Up to ``count`` pools of hazard ``kind``; returns how many were made."""
    tile = HAZARDS[kind]
    made = 0
    for _ in range(count):
        for _ in range(ATTEMPTS):
            mask = pool(floor, rng)
            if not mask.any():
                break
            before = floor.tiles.copy()
            floor.tiles[mask] = tile
            if not TILE_WALKABLE[tile]:
                floor.walkable[...] = TILE_WALKABLE.take(floor.tiles)
            if stairs_on_foot(floor) and (TILE_WALKABLE[tile] or everything_reachable(floor)):
                made += 1
                break
            floor.tiles[...] = before
            floor.walkable[...] = TILE_WALKABLE.take(floor.tiles)
    if _like_floor(tile):  # a pool covers plain floor only: nothing derived changed
        floor.terrain_version += 1
        floor.walk_version += 1
    else:
        refresh(floor)
    return made


def _like_floor(tile: int) -> bool:
    """Whether ``tile`` is walked and seen through as plain floor is (deep water): a
    pool of it leaves ``walkable`` and ``transparent`` as they were, and working them
    out again is two lookups of the whole floor."""
    return bool(
        TILE_WALKABLE[tile] == TILE_WALKABLE[Tile.FLOOR]
        and TILE_TRANSPARENT[tile] == TILE_TRANSPARENT[Tile.FLOOR]
    )


def everything_reachable(floor: Floor) -> bool:
    """Whether every walkable tile can be reached from the start (as
    ``carve.unreachable_tiles``, which the floor checks use, but a bit search: a pool is
    tried up to six times a kind)."""
    reach = Reach(floor.walkable)
    return reach.reached(floor.start) == reach.bits


def stairs_on_foot(floor: Floor) -> bool:
    """Whether the stairs down can be walked to from the start with no swim, no bridge
    and no door that needs a key or a lever (``NOT_ON_FOOT``)."""
    walk = floor.walkable.copy()
    for tile in NOT_ON_FOOT:
        walk[floor.tiles == tile] = False
    reach = Reach(walk)
    return bool(reach.reached(floor.start) & reach.bit(*floor.stairs))


def refresh(floor: Floor, box: tuple[slice, slice] | None = None) -> None:
    """Rebuild the floor's derived arrays after its tiles changed wholesale, or only
    within ``box`` if nothing outside it changed (``take``: indexing a table with the
    uint8 tiles costs three times it)."""
    if box is None:
        floor.walkable[...] = TILE_WALKABLE.take(floor.tiles)
        floor.transparent[...] = TILE_TRANSPARENT.take(floor.tiles)
    else:
        floor.walkable[box] = TILE_WALKABLE.take(floor.tiles[box])
        floor.transparent[box] = TILE_TRANSPARENT.take(floor.tiles[box])
    floor.terrain_version += 1
    floor.walk_version += 1
