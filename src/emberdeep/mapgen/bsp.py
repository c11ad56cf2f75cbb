"""Binary space partition dungeon (libtcod's BSP toolkit): one room per leaf, siblings joined.

Joining the two subtrees of every split guarantees connectivity by construction; each
join uses the closest pair of rooms across the split so corridors stay short.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import chain
from typing import Any

import numpy as np
import tcod.random
from numpy.typing import NDArray
from tcod.cffi import ffi, lib

from emberdeep.engine.core.floor import Floor, Rect, Tile
from emberdeep.engine.core.rng import sub_seed
from emberdeep.mapgen import BaseParams, register
from emberdeep.mapgen.carve import dug_boxes, farthest_tile
from emberdeep.mapgen.doors import add_doors
from emberdeep.mapgen.draws import U32, Halves
from emberdeep.mapgen.loops import add_loops
from emberdeep.mapgen.reach import Reach


@dataclass(frozen=True, eq=False, repr=False)
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


Leaves = list[tuple[int, int, int, int]]
NEVER = 2**63 - 1
"""Above every pair's key (``_pairs``)."""
TABLE_CELLS = 1 << 13
"""The most pairs ``_pairs`` measures in one block of its table."""


def _read_tree(root: Any) -> tuple[Leaves, list[int], list[int], list[int]]:
    """libtcod's tree (``TCOD_bsp_t``, read where it lies: making ``tcod.bsp.BSP``'s
    objects of it cost more than the split) in post order, the order the generator draws
    its numbers in: the leaves (x, y, width, height), each leaf's heap number (the root
    1, a node ``k``'s sides ``2k`` and ``2k + 1``), how many splits close right after
    each leaf (their corridors' coins follow its room's numbers) and the splits' heap
    numbers. Read as a pre-order walk right side first, which is the post order reversed."""
    leaves: Leaves = []
    codes: list[int] = []
    closes: list[int] = []
    splits: list[int] = []
    left, right = lib.TCOD_bsp_left, lib.TCOD_bsp_right
    stack = [(root, 1)]
    pending = 0
    while stack:
        node, code = stack.pop()
        son = left(node)
        if son:  # a split (a leaf's first son is NULL, which is false)
            splits.append(code)
            pending += 1
            stack.append((son, 2 * code))
            stack.append((right(node), 2 * code + 1))
        else:
            leaves.append((node.x, node.y, node.w, node.h))
            codes.append(code)
            closes.append(pending)
            pending = 0
    for part in (leaves, codes, closes, splits):
        part.reverse()
    return leaves, codes, closes, splits


def _draw(
    leaves: Leaves, closes: list[int], params: BspParams, halves: Halves
) -> tuple[Leaves, list[bool]]:
    """Each leaf's room (``full_rooms``: the leaf) and each split's coin, drawn in post
    order as the generator always drew them: a room's width and height (at least
    ``min_size``, at most the leaf's), then its left and top within the leaf, each
    ``rng.integers(low, high, endpoint=True)`` (a span of none draws nothing), and after
    it the coins of the splits it closes (``rng.random() < 0.5``: the corridor's legs
    across first). One loop over the stream's halves (``draws.Halves``): a call a draw
    was most of a floor."""
    values, q = halves.values, halves.start
    take_coins, redraw = halves.coins, halves.redraw
    rooms: Leaves = []
    coins: list[bool] = []
    least = params.min_size
    for (left, top, width, height), close in zip(leaves, closes, strict=True):
        if params.full_rooms:
            rooms.append((left, top, width, height))
        else:
            # numpy's bounded draw, a half times the n values (draws.py); inline, as one loop.
            w = lo = least if least < width else width
            if span := width - lo:
                m = values[q] * (span + 1)
                q += 1
                if m & U32 <= span:
                    m, q = redraw(m, span + 1, q)
                w += m >> 32
            h = lo = least if least < height else height
            if span := height - lo:
                m = values[q] * (span + 1)
                q += 1
                if m & U32 <= span:
                    m, q = redraw(m, span + 1, q)
                h += m >> 32
            x = left
            if span := width - w:
                m = values[q] * (span + 1)
                q += 1
                if m & U32 <= span:
                    m, q = redraw(m, span + 1, q)
                x += m >> 32
            y = top
            if span := height - h:
                m = values[q] * (span + 1)
                q += 1
                if m & U32 <= span:
                    m, q = redraw(m, span + 1, q)
                y += m >> 32
            rooms.append((x, y, w, h))
        if close:
            q = take_coins(q, close, coins)
    halves.close(q)
    return rooms, coins


def _pairs(
    centres: tuple[NDArray[np.int64], NDArray[np.int64]], codes: list[int], splits: list[int]
) -> NDArray[np.int64]:
    """For each split (``splits``' heap numbers), the closest pair of rooms across it, one
    each side, by their ``centres`` (steps across plus steps down): of equal pairs the
    first in the left side's order, then the right side's, as the generator always chose.

    Every pair of leaves is parted by exactly one split, the deepest node above both: a
    leaf's heap number shifted to the deepest level (``padded``), two leaves' first
    differing bit names it. So every pair's gap, leaf numbers and split come as one table
    and each split's least pair is one ``minimum.at`` over it, not a search a split. The
    table is made a block of rows at a time (``TABLE_CELLS`` at most), each row from its
    own leaf on (a pair's key is the least in its left leaf's row): a floor of thousands
    of leaves would not fit it whole."""
    count = len(codes)
    numbers = np.array(codes, dtype=np.int64)
    levels = np.frexp(numbers)[1]
    padded = numbers << (levels.max() - levels)
    across, down = centres
    least = np.full(2 << int(levels.max()), NEVER, dtype=np.int64)
    rows = max(1, TABLE_CELLS // count)
    for first in range(0, count, rows):
        mine, theirs = slice(first, first + rows), slice(first, count)
        split = padded[mine, None] >> np.frexp(padded[mine, None] ^ padded[None, theirs])[1]
        gaps = np.abs(across[mine, None] - across[None, theirs])
        gaps += np.abs(down[mine, None] - down[None, theirs])
        # The gap, then the left room's order, then the right's: the least key's pair.
        numbering = np.arange(first, min(first + rows, count))[:, None] * count
        keys = gaps * (count * count) + numbering + np.arange(first, count)
        np.minimum.at(least, split.ravel(), keys.ravel())
    pair: NDArray[np.int64] = least[splits] % (count * count)
    return pair


Column = NDArray[np.int64]


def _legs(
    centres: tuple[Column, Column], pair: Column, coins: list[bool]
) -> tuple[tuple[Column, Column], ...]:
    """Each split's corridor between its pair of rooms (``pair``: the left room's number
    times the rooms' count plus the right's), an L of two legs from centre to centre: a
    row and a column, across first (heads: the corner in the near room's row) or down
    first. As boxes one tile wide: for each of x0, y0, x1 and y1 (ends included), the
    row legs' values and the column legs'."""
    across, down = centres
    near, far = np.divmod(pair, len(across))
    ax, ay, bx, by = across[near], down[near], across[far], down[far]
    heads = np.array(coins)
    row, column = np.where(heads, ay, by), np.where(heads, bx, ax)
    return (
        (np.minimum(ax, bx), column),
        (row, np.minimum(ay, by)),
        (np.maximum(ax, bx), column),
        (row, np.maximum(ay, by)),
    )


@register("bsp", BspParams)
def generate(params: BspParams, rng: np.random.Generator) -> Floor:
    """BSP rooms: split the map recursively, a room in every leaf, corridors across each split."""
    # ``tcod.bsp.BSP.split_recursive``'s own call, the tree kept in libtcod's memory.
    root = ffi.gc(
        lib.TCOD_bsp_new_with_size(0, 0, params.width, params.height), lib.TCOD_bsp_delete
    )
    seed = tcod.random.Random(seed=sub_seed(rng))
    size = params.min_size + 1
    lib.TCOD_bsp_split_recursive(root, seed.random_c, params.depth, size, size, 1.5, 1.5)
    leaves, codes, closes, splits = _read_tree(root)
    words = len(splits) if params.full_rooms else 2 * len(leaves) + len(splits)
    boxes, coins = _draw(leaves, closes, params, Halves(rng, words))
    rooms = list(map(Rect._make, boxes))
    # As columns (``fromiter``: numpy's ``array`` reads tuples slowly).
    x, y, w, h = np.fromiter(chain.from_iterable(boxes), np.int64, 4 * len(boxes)).reshape(-1, 4).T
    centres = x + w // 2, y + h // 2
    # The rooms' insides and the corridors, as boxes with their ends included.
    x0, y0, x1, y1 = x + 1, y + 1, x + w - 2, y + h - 2
    if splits:
        legs = _legs(centres, _pairs(centres, codes, splits), coins)
        x0, y0, x1, y1 = (
            np.concatenate((a, *b)) for a, b in zip((x0, y0, x1, y1), legs, strict=True)
        )
    inside = dug_boxes((params.width, params.height), x0, y0, x1, y1)
    tiles = np.where(inside, np.uint8(Tile.FLOOR), np.uint8(Tile.WALL))
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
