"""A locked treasure vault dug into solid rock, and its key left elsewhere on the floor:
inside, a choice of two to four things from deeper down, each of another kind (a weapon,
an armour, a ring, a staff, a wand), shown for what they are and never bad, of which
the player may take one (the others are caged as it is taken).

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

from emberdeep.engine.core.floor import Floor, Tile
from emberdeep.engine.creatures import runics
from emberdeep.engine.creatures.gear import forge
from emberdeep.engine.creatures.spawning import SpawnTable
from emberdeep.engine.things.items import Item, ItemKind
from emberdeep.mapgen.hazards import refresh
from emberdeep.mapgen.populate import Arrival
from emberdeep.mapgen.reach import bit_numbers, to_bits

SIZE = 5
"""The vault's outer side, walls included."""
LOOT_DEPTH_BONUS = 2
LOOT = (2, 4)
"""Fewest and most items inside: a choice (taking one loses the others)."""
MID, LAST = SIZE // 2, SIZE - 1
DOOR_STEPS = ((0, MID), (MID, 0), (MID, LAST), (LAST, MID))
DOORS = np.array(DOOR_STEPS, dtype=np.intp)
"""Where a side's door is in the block, in the order doors sort in (by x, then y): the
left side's, the top's, the bottom's, the right's. Just outside it must be open floor."""
OUTSIDE = DOORS + np.array([(-1, 0), (0, -1), (0, 1), (1, 0)], dtype=np.intp)


def sites(tiles: NDArray[np.uint8]) -> NDArray[np.intp]:
    """Every (x, y, door_x, door_y), sorted, as rows: a 5x5 block of solid rock at
    (x, y) whose side has open floor just outside its middle, where the door goes."""
    keys = site_keys(tiles)
    found = [site(key, tiles.shape[1] + 1) for key in keys.tolist()]
    return np.array(found, dtype=np.intp).reshape(len(found), 4)


def site(key: int, stride: int) -> tuple[int, int, int, int]:
    """(x, y, door_x, door_y) of the site ``site_keys`` gives as ``key``."""
    bit, side = divmod(key, 4)
    x, y = divmod(bit, stride)
    door_x, door_y = DOOR_STEPS[side]
    return x, y, x + door_x, y + door_y


def site_keys(tiles: NDArray[np.uint8]) -> NDArray[np.intp]:
    """The sites (``sites``) as numbers, ascending in their order: ``bit * 4 + side``,
    where ``bit`` is the block's corner as ``reach.to_bits`` numbers tiles and ``side``
    its door's index in ``DOORS``. A vault needs only how many there are and one of them.

    Worked out on the tiles as bits, every block at once: a block is solid where five
    columns' rock, shifted onto its left column, and then five rows of that, shifted onto
    its top row, all hold; a side's outside tile is one more shift of the open floor. A
    whole array per step cost more than the rest of a vault (a new floor makes one in
    three)."""
    width, height = tiles.shape
    if width < SIZE + 2 or height < SIZE + 2:
        return np.empty(0, dtype=np.intp)
    stride = height + 1
    wall, open_ = to_bits(tiles == Tile.WALL), to_bits(tiles == Tile.FLOOR)
    rows = wall  # rows at (x, y): rock from x to x + SIZE - 1 at y
    for i in range(1, SIZE):
        rows &= wall >> (i * stride)
    solid = rows  # the block at (x, y) is all rock (a guard bit or the map's end stops it)
    for j in range(1, SIZE):
        solid &= rows >> j
    if not solid:
        return np.empty(0, dtype=np.intp)
    # Each side's blocks, side after side in one set of bits (``size`` bits a side).
    size = width * stride
    doors = 0
    for index, (ox, oy) in enumerate(OUTSIDE.tolist()):
        doors |= (solid & _moved(open_, ox * stride + oy)) << (index * size)
    side, bit = np.divmod(bit_numbers(doors), size)
    keys: NDArray[np.intp] = np.sort(bit * 4 + side)
    return keys


def _moved(bits: int, offset: int) -> int:
    """The tiles as seen from ``offset`` bits back: bit ``p`` of the result is bit
    ``p + offset`` of ``bits`` (off the map reads as unset)."""
    return bits >> offset if offset >= 0 else bits << -offset


def add_vault(
    floor: Floor,
    items: SpawnTable[ItemKind],
    depth: int,
    rng: np.random.Generator,
    arrival: Arrival | None = None,
) -> bool:
    """Dig a vault with loot, lock it and hide its key; False when there is no site or no
    key kind in content. ``arrival``: ``Arrival.of(floor)``, if already made."""
    key_kind = next((k for k in items.kinds if k.facts.opens), None)
    cells = (arrival or Arrival.of(floor)).cells
    if floor.items:
        taken = np.zeros(floor.tiles.shape, dtype=np.bool_)
        taken[[i.x for i in floor.items], [i.y for i in floor.items]] = True
        cells = cells[~taken[cells[:, 0], cells[:, 1]]]
    options = site_keys(floor.tiles)
    if key_kind is None or not len(options) or not len(cells):
        return False
    chosen = int(options[int(rng.integers(len(options)))])
    x, y, door_x, door_y = site(chosen, floor.tiles.shape[1] + 1)
    floor.tiles[x + 1 : x + SIZE - 1, y + 1 : y + SIZE - 1] = Tile.FLOOR
    floor.tiles[door_x, door_y] = Tile.LOCKED_DOOR
    refresh(floor, (slice(x, x + SIZE), slice(y, y + SIZE)))  # the door is on the block's edge
    kx, ky = cells[int(rng.integers(len(cells)))].tolist()
    floor.items.append(Item(key_kind, kx, ky))
    loot = choices(items, depth + LOOT_DEPTH_BONUS, rng)
    inner = [(x + 1 + i, y + 1 + j) for i in range(SIZE - 2) for j in range(SIZE - 2)]
    picks = rng.choice(len(inner), size=len(loot), replace=False).tolist()
    for spot, kind in zip(picks, loot, strict=True):
        item = forge(kind, depth + LOOT_DEPTH_BONUS, rng)
        if item.enchant < 0 or (item.runic and runics.RUNICS[item.runic].bad):
            item.enchant, item.runic = abs(item.enchant), ""
        item.x, item.y = inner[spot]
        item.choice, item.known = 1, True
        floor.items.append(item)
    return True


def choices(items: SpawnTable[ItemKind], depth: int, rng: np.random.Generator) -> list[ItemKind]:
    """Two to four things worth choosing between, each of another category (a weapon, an
    armour, a ring, a staff, a wand), drawn as if ``depth``; known and never bad, as a
    vault's loot is shown for what it is."""
    weights = items.weights_at(depth)
    by_category: dict[str, list[ItemKind]] = {}
    for kind, weight in zip(items.kinds, weights, strict=True):
        if weight > 0 and kind.category in CHOICE_CATEGORIES:
            by_category.setdefault(kind.category, []).append(kind)
    if len(by_category) < LOOT[0]:
        return []
    count = int(rng.integers(LOOT[0], min(LOOT[1], len(by_category)), endpoint=True))
    categories = sorted(by_category)
    order = rng.permutation(len(categories))[:count].tolist()
    return [
        by_category[categories[i]][int(rng.integers(len(by_category[categories[i]])))]
        for i in order
    ]


CHOICE_CATEGORIES = frozenset({"weapon", "armor", "ring", "staff", "wand"})
