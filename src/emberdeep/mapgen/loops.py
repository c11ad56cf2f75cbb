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

from emberdeep.engine.core.floor import Tile
from emberdeep.mapgen.reach import Reach, bit_numbers

MIN_DETOUR = 20
"""An opening is cut only if it saves at least this many steps."""
ATTEMPTS_PER_LOOP = 6


GROUPS = ((0, 1), (0, 2), (1, 1), (1, 2))
"""The runs' groups, in the order runs are numbered: (axis, length) with axis 0 across
the map, 1 down it."""


def wall_runs(reach: Reach) -> NDArray[np.intp]:
    """Every run of one or two wall tiles with open floor at both ends, in a straight
    line across the map or down it, as a number: ``group * size + bit``, where ``bit``
    is the run's first floor tile as ``reach`` numbers tiles and ``size`` is
    ``reach.size``. Ascending, so by group (``GROUPS``), then x, then y. Found as bits,
    every tile at once: a run is open floor, wall shifted back one or two tiles, then
    open floor again; a floor has hundreds and a few loops try a dozen or two."""
    open_, stride = reach.bits, reach.stride
    wall = reach.everywhere() & ~open_
    found = 0
    for index, (axis, length) in enumerate(GROUPS):
        step = stride if axis == 0 else 1  # one tile on, across or down
        run = open_ & (open_ >> ((length + 1) * step))
        for k in range(1, length + 1):
            run &= wall >> (k * step)  # a guard bit (never wall) stops a run down a column
        found |= run << (index * reach.size)
    return bit_numbers(found)


def run_at(reach: Reach, number: int) -> tuple[int, int, int, int, int]:
    """(ax, ay, bx, by, length) of the run ``wall_runs`` numbers ``number``."""
    group, bit = divmod(number, reach.size)
    axis, length = GROUPS[group]
    ax, ay = divmod(bit, reach.stride)
    if axis == 0:
        return ax, ay, ax + length + 1, ay, length
    return ax, ay, ax, ay + length + 1, length


def add_loops(
    tiles: NDArray[np.uint8], loops: int, rng: np.random.Generator, open_: Reach | None = None
) -> int:
    """Cut up to ``loops`` openings in place; returns how many were cut. ``open_``: the
    tiles that are not wall, if the caller has them (they are kept up to date)."""
    if loops <= 0:
        return 0
    if open_ is None:
        open_ = Reach(tiles != Tile.WALL)
    runs = wall_runs(open_)
    if not len(runs):
        return 0
    order = rng.permutation(len(runs))[: loops * ATTEMPTS_PER_LOOP]
    cut = 0
    for number in runs[order].tolist():
        ax, ay, bx, by, length = run_at(open_, number)
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
