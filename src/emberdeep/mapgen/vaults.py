"""A locked treasure vault dug into solid rock, and its key left elsewhere on the floor:
inside, a choice of two to four things from deeper down, of which the player may take
one (the others are caged as it is taken).

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
LOOT = (2, 4)
"""Fewest and most items inside: a choice (taking one loses the others)."""
MID, LAST = SIZE // 2, SIZE - 1
DOORS = np.array([(0, MID), (MID, 0), (MID, LAST), (LAST, MID)], dtype=np.intp)
"""Where a side's door is in the block, in the order doors sort in (by x, then y): the
left side's, the top's, the bottom's, the right's. Just outside it must be open floor."""
OUTSIDE = DOORS + np.array([(-1, 0), (0, -1), (0, 1), (1, 0)], dtype=np.intp)


def sites(tiles: NDArray[np.uint8]) -> NDArray[np.intp]:
    """Every (x, y, door_x, door_y), sorted, as rows: a 5x5 block of solid rock at
    (x, y) whose side has open floor just outside its middle, where the door goes."""
    width, height = tiles.shape
    if width < SIZE + 2 or height < SIZE + 2:
        return np.empty((0, 4), dtype=np.intp)
    across, down = width - SIZE + 1, height - SIZE + 1  # blocks that fit
    wall = tiles == Tile.WALL
    rows = wall[:across].copy()  # rows[x, y]: wall from x to x + SIZE - 1 at y
    for i in range(1, SIZE):
        rows &= wall[i : i + across]
    solid = rows[:, :down].copy()  # solid[x, y]: the block at (x, y) is all rock
    for j in range(1, SIZE):
        solid &= rows[:, j : j + down]
    open_ = np.zeros((width + 2, height + 2), dtype=np.bool_)  # a border: never open
    open_[1:-1, 1:-1] = tiles == Tile.FLOOR
    doors = np.stack(
        [solid & open_[ox + 1 : ox + 1 + across, oy + 1 : oy + 1 + down] for ox, oy in OUTSIDE],
        axis=-1,
    )
    xs, ys, side = np.nonzero(doors)  # sorted by x, y, then side: as the doors sort
    return np.column_stack([xs, ys, xs + DOORS[side, 0], ys + DOORS[side, 1]])


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
    chances = items.chances_at(depth + LOOT_DEPTH_BONUS)
    if chances is not None:
        count = int(rng.integers(LOOT[0], LOOT[1], endpoint=True))
        inner = [(x + 1 + i, y + 1 + j) for i in range(SIZE - 2) for j in range(SIZE - 2)]
        picks = rng.choice(len(inner), size=count, replace=False).tolist()
        kinds = pick_kinds(rng, chances, count).tolist()
        for spot, k in zip(picks, kinds, strict=True):
            kind = items.kinds[k]
            ix, iy = inner[spot]
            floor.items.append(Item(kind, ix, iy, count=kind.bundle, choice=1))
    return True
