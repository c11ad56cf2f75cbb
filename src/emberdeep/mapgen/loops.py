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

FLOOR = int(Tile.FLOOR)
"""(A plain int: an enum's attribute costs a microsecond a look-up.)"""
MIN_DETOUR = 20
"""An opening is cut only if it saves at least this many steps."""
ATTEMPTS_PER_LOOP = 6


def wall_runs(tiles: NDArray[np.uint8]) -> NDArray[np.intp]:
    """Every (ax, ay, bx, by, length): floor a and floor b with one or two wall tiles
    straight between them, across the map or down it, never on the map's edge."""
    open_ = tiles != Tile.WALL
    wall = ~open_
    found = [np.empty((0, 5), dtype=np.intp)]
    for axis in (0, 1):
        for length in (1, 2):
            span = open_.shape[axis] - length - 1
            if span <= 0:
                continue
            ends = [slice(None), slice(None)]
            ends[axis] = slice(0, span)
            start = open_[tuple(ends)].copy()
            for k in range(1, length + 1):
                ends[axis] = slice(k, k + span)
                start &= wall[tuple(ends)]
            ends[axis] = slice(length + 1, length + 1 + span)
            start &= open_[tuple(ends)]
            a = np.argwhere(start)
            b = a.copy()
            b[:, axis] += length + 1
            found.append(np.column_stack([a, b, np.full(len(a), length, dtype=np.intp)]))
    return np.concatenate(found)


def add_loops(tiles: NDArray[np.uint8], loops: int, rng: np.random.Generator) -> int:
    """Cut up to ``loops`` openings in place; returns how many were cut."""
    if loops <= 0:
        return 0
    runs = wall_runs(tiles)
    if not len(runs):
        return 0
    order = rng.permutation(len(runs))[: loops * ATTEMPTS_PER_LOOP]
    open_ = Reach(tiles != Tile.WALL)
    cut = 0
    for ax, ay, bx, by, length in runs[order].tolist():
        if open_.within((ax, ay), (bx, by), MIN_DETOUR + length):
            continue  # already near on foot: an opening would save too little
        dx, dy = (bx - ax) // (length + 1), (by - ay) // (length + 1)  # 1 along the run
        for k in range(1, length + 1):
            tiles[ax + dx * k, ay + dy * k] = FLOOR
            open_.open(ax + dx * k, ay + dy * k)
        cut += 1
        if cut == loops:
            break
    return cut
