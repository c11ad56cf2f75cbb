"""A locked treasure vault dug into solid rock, and its key left elsewhere on the floor.

The vault is a 3x3 room in its own 5x5 ring of wall, carved where the rock is solid and
one side's middle touches open floor: that tile becomes the locked door, the only way
in. Its loot is drawn from the item table as if two floors deeper. The key is put on a
tile the player can reach from the start *without* passing a locked door, so the vault
can always be opened (``carve.floor_problems`` checks this on every floor). Floors with
no solid rock beside a corridor simply get no vault. Run after ``populate``, so nothing
else is placed inside.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from emberdeep.engine.floor import Floor, Tile
from emberdeep.engine.items import Item, ItemKind
from emberdeep.engine.spawning import SpawnTable
from emberdeep.mapgen.hazards import refresh
from emberdeep.mapgen.populate import Arrival, pick_kinds

SIZE = 5
"""The vault's outer side, walls included."""
LOOT_DEPTH_BONUS = 2
LOOT = (2, 3)
"""Fewest and most items inside."""


def sites(tiles: NDArray[np.uint8]) -> NDArray[np.intp]:
    """Every (x, y, door_x, door_y), sorted, as rows: a 5x5 block of solid rock at
    (x, y) whose side has open floor just outside its middle, where the door goes."""
    found = np.empty((0, 4), dtype=np.intp)
    wall = (tiles == Tile.WALL).astype(np.int32)
    width, height = tiles.shape
    if width < SIZE + 2 or height < SIZE + 2:
        return found
    summed = np.zeros((width + 1, height + 1), dtype=np.int32)
    summed[1:, 1:] = wall.cumsum(0).cumsum(1)
    n = SIZE
    solid = (
        summed[n:, n:] - summed[:-n, n:] - summed[n:, :-n] + summed[:-n, :-n]
    ) == n * n  # solid[x, y]: the block at (x, y) is all rock
    open_ = np.zeros((width + 2, height + 2), dtype=np.bool_)  # a border: never open
    open_[1:-1, 1:-1] = tiles == Tile.FLOOR
    mid = n // 2
    sides = (
        ((mid, 0), (mid, -1)),
        ((mid, n - 1), (mid, n)),
        ((0, mid), (-1, mid)),
        ((n - 1, mid), (n, mid)),
    )
    xs, ys = np.nonzero(solid)
    parts = [found]
    for (dx, dy), (ox, oy) in sides:
        ok = open_[xs + ox + 1, ys + oy + 1]
        parts.append(np.column_stack([xs[ok], ys[ok], xs[ok] + dx, ys[ok] + dy]))
    found = np.concatenate(parts)
    return found[np.lexsort(found.T[::-1])]


def add_vault(
    floor: Floor,
    items: SpawnTable[ItemKind],
    depth: int,
    rng: np.random.Generator,
    arrival: Arrival | None = None,
) -> bool:
    """Dig a vault with loot, lock it and hide its key; False when there is no site or no
    key kind in content. ``arrival``: ``Arrival.of(floor)``, if already made."""
    key_kind = next((k for k in items.kinds if k.effect == "key"), None)
    cells = (arrival or Arrival.of(floor)).cells
    if floor.items:
        taken = np.zeros(floor.tiles.shape, dtype=np.bool_)
        taken[[i.x for i in floor.items], [i.y for i in floor.items]] = True
        cells = cells[~taken[cells[:, 0], cells[:, 1]]]
    options = sites(floor.tiles)
    if key_kind is None or not len(options) or not len(cells):
        return False
    x, y, door_x, door_y = options[int(rng.integers(len(options)))].tolist()
    floor.tiles[x + 1 : x + SIZE - 1, y + 1 : y + SIZE - 1] = Tile.FLOOR
    floor.tiles[door_x, door_y] = Tile.LOCKED_DOOR
    refresh(floor)
    kx, ky = cells[int(rng.integers(len(cells)))].tolist()
    floor.items.append(Item(key_kind, kx, ky))
    weights = np.array(items.weights_at(depth + LOOT_DEPTH_BONUS), dtype=np.float64)
    if weights.sum() > 0:
        count = int(rng.integers(LOOT[0], LOOT[1], endpoint=True))
        inner = [(x + 1 + i, y + 1 + j) for i in range(SIZE - 2) for j in range(SIZE - 2)]
        picks = rng.choice(len(inner), size=count, replace=False).tolist()
        kinds = pick_kinds(rng, weights, count).tolist()
        for spot, k in zip(picks, kinds, strict=True):
            kind = items.kinds[k]
            ix, iy = inner[spot]
            floor.items.append(Item(kind, ix, iy, count=kind.bundle))
    return True
