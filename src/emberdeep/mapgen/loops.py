"""More than one way round: openings cut where a short dig saves a long walk.

A floor of rooms each tunnelled to the next is a tree: every retreat is a dead end and
every chase a straight line. Brogue adds loops by opening walls between two places that
are close as the crow flies but far on foot; this does the same for any generator's
tiles. Candidates are wall runs of one or two tiles with open floor at both ends; each
one considered costs one bounded search (``reach.Reach.within``: a few microseconds,
where a tcod search each was 60% of a new game's time), and only ``ATTEMPTS_PER_LOOP``
are tried per loop wanted.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from emberdeep.engine.floor import Tile
from emberdeep.mapgen.reach import Reach

MIN_DETOUR = 20
"""An opening is cut only if it saves at least this many steps."""
ATTEMPTS_PER_LOOP = 6


class WallRuns:
    """Every (ax, ay, bx, by, length): floor a and floor b with one or two wall tiles
    straight between them, across the map (axis 0) or down it (axis 1). Found with a
    few whole-array operations per axis; only the runs asked for are turned into
    coordinates (a floor has hundreds, and a few loops try a dozen or two)."""

    def __init__(self, tiles: NDArray[np.uint8]) -> None:
        open_ = tiles != Tile.WALL
        wall = ~open_
        self.groups: list[tuple[NDArray[np.intp], int, int, int]] = []
        """(flat indices into the group's mask, the mask's height, axis, length)."""
        for axis in (0, 1):
            if open_.shape[axis] < 3:
                continue
            ahead = [slice(None), slice(None)]
            behind = [slice(None), slice(None)]
            ahead[axis], behind[axis] = slice(0, -1), slice(1, None)
            into = open_[tuple(ahead)] & wall[tuple(behind)]  # open, then wall
            out_of = wall[tuple(ahead)] & open_[tuple(behind)]  # wall, then open
            for length in (1, 2):
                first, second = [slice(None), slice(None)], [slice(None), slice(None)]
                first[axis], second[axis] = slice(0, -length), slice(length, None)
                mask = into[tuple(first)] & out_of[tuple(second)]
                self.groups.append((np.flatnonzero(mask), mask.shape[1], axis, length))
        self.count = sum(len(flat) for flat, *_ in self.groups)

    def __len__(self) -> int:
        return self.count

    def run(self, index: int) -> tuple[int, int, int, int, int]:
        for flat, height, axis, length in self.groups:
            if index < len(flat):
                ax, ay = divmod(int(flat[index]), height)
                if axis == 0:
                    return ax, ay, ax + length + 1, ay, length
                return ax, ay, ax, ay + length + 1, length
            index -= len(flat)
        raise IndexError(index)


def add_loops(tiles: NDArray[np.uint8], loops: int, rng: np.random.Generator) -> int:
    """Cut up to ``loops`` openings in place; returns how many were cut."""
    if loops <= 0:
        return 0
    runs = WallRuns(tiles)
    if not len(runs):
        return 0
    order = rng.permutation(len(runs))[: loops * ATTEMPTS_PER_LOOP]
    open_ = Reach(tiles != Tile.WALL)
    cut = 0
    for ax, ay, bx, by, length in map(runs.run, order.tolist()):
        if open_.within((ax, ay), (bx, by), MIN_DETOUR + length):
            continue  # already near on foot: an opening would save too little
        dx, dy = (bx - ax) // (length + 1), (by - ay) // (length + 1)  # 1 along the run
        for k in range(1, length + 1):
            tiles[ax + dx * k, ay + dy * k] = Tile.FLOOR
            open_.open(ax + dx * k, ay + dy * k)
        cut += 1
        if cut == loops:
            break
    return cut
