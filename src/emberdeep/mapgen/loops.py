"""More than one way round: openings cut where a short dig saves a long walk.

A floor of rooms each tunnelled to the next is a tree: every retreat is a dead end and
every chase a straight line. Brogue adds loops by opening walls between two places that
are close as the crow flies but far on foot; this does the same for any generator's
tiles. Candidates are wall runs of one or two tiles with open floor at both ends; each
one considered costs one distance search, so only ``ATTEMPTS_PER_LOOP`` are tried per
loop wanted.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from emberdeep.engine.distance import UNREACHABLE, distance_map
from emberdeep.engine.floor import Tile

MIN_DETOUR = 20
"""An opening is cut only if it saves at least this many steps."""
ATTEMPTS_PER_LOOP = 6


def wall_runs(tiles: NDArray[np.uint8]) -> list[tuple[tuple[int, int], tuple[int, int], int]]:
    """Every (floor a, floor b, length) with one or two wall tiles straight between them,
    across the map or down it, never on the map's edge."""
    open_ = tiles != Tile.WALL
    wall = ~open_
    found: list[tuple[tuple[int, int], tuple[int, int], int]] = []
    for axis in (0, 1):
        for length in (1, 2):
            a = np.zeros_like(open_)
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
            ends[axis] = slice(0, span)
            a[tuple(ends)] = start
            for x, y in np.argwhere(a).tolist():
                b = (x + length + 1, y) if axis == 0 else (x, y + length + 1)
                found.append(((x, y), b, length))
    return found


def far_on_foot(
    tiles: NDArray[np.uint8], a: tuple[int, int], b: tuple[int, int], steps: int
) -> bool:
    """Whether walking from ``a`` to ``b`` (a few tiles apart) takes at least ``steps``.
    Only the square ``steps`` around ``a`` is searched: a way that leaves it is longer
    than that anyway, so the answer is exact at a fraction of a whole-floor search."""
    (ax, ay), (bx, by) = a, b
    x0, y0 = max(ax - steps, 0), max(ay - steps, 0)
    x1, y1 = min(ax + steps + 1, tiles.shape[0]), min(ay + steps + 1, tiles.shape[1])
    cost = (tiles[x0:x1, y0:y1] != Tile.WALL).astype(np.int32)
    goals = np.zeros(cost.shape, dtype=np.bool_)
    goals[ax - x0, ay - y0] = True
    found = int(distance_map(cost, goals, 1, 1)[bx - x0, by - y0])
    return found == UNREACHABLE or found >= steps


def add_loops(tiles: NDArray[np.uint8], loops: int, rng: np.random.Generator) -> int:
    """Cut up to ``loops`` openings in place; returns how many were cut."""
    if loops <= 0:
        return 0
    runs = wall_runs(tiles)
    if not runs:
        return 0
    order = rng.permutation(len(runs))[: loops * ATTEMPTS_PER_LOOP]
    cut = 0
    for index in order.tolist():
        (ax, ay), (bx, by), length = runs[index]
        if tiles[ax, ay] == Tile.WALL or tiles[bx, by] == Tile.WALL:
            continue
        if not far_on_foot(tiles, (ax, ay), (bx, by), MIN_DETOUR + length + 1):
            continue
        dx, dy = int(np.sign(bx - ax)), int(np.sign(by - ay))
        for k in range(1, length + 1):
            tiles[ax + dx * k, ay + dy * k] = Tile.FLOOR
        cut += 1
        if cut == loops:
            break
    return cut
