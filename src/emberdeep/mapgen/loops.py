"""More than one way round: openings cut where a short dig saves a long walk.

A floor of rooms each tunnelled to the next is a tree: every retreat is a dead end and
every chase a straight line. Brogue adds loops by opening walls between two places that
are close as the crow flies but far on foot; this does the same for any generator's
tiles. Candidates are wall runs of one or two tiles with open floor at both ends; each
one considered costs one bounded search, so only ``ATTEMPTS_PER_LOOP`` are tried per
loop wanted.

The search is the one part of a new game that used to cost most (a tcod graph built and
searched per candidate: 60% of a reset). Whether ``b`` is within ``n`` steps of ``a`` only
needs the set of tiles reachable in ``k`` steps for ``k < n``, and that set grows by one
3x3 dilation per step, masked by the open tiles. Held as one Python integer with a bit per
tile, a dilation is six whole-floor shifts and ors: the floor's every tile at once, like
a numpy operation, but with no per-call allocation, so a candidate costs microseconds.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

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


class OpenBits:
    """A floor's open tiles as one integer: tile ``(x, y)`` is bit ``x * stride + y``, with
    ``stride = height + 1`` so each column ends in a guard bit that is never open (a step
    off the top or bottom of a column lands there and is masked away)."""

    def __init__(self, tiles: NDArray[np.uint8]) -> None:
        self.stride = int(tiles.shape[1]) + 1
        padded = np.zeros((tiles.shape[0], self.stride), dtype=np.bool_)
        padded[:, :-1] = tiles != Tile.WALL
        packed = np.packbits(padded.ravel(), bitorder="little")
        self.bits = int.from_bytes(packed.tobytes(), "little")

    def bit(self, x: int, y: int) -> int:
        return 1 << (x * self.stride + y)

    def open(self, x: int, y: int) -> None:
        """The tile was dug: it is open from now on."""
        self.bits |= self.bit(x, y)

    def within(self, a: tuple[int, int], b: tuple[int, int], steps: int) -> bool:
        """Whether ``b`` can be reached from ``a`` in at most ``steps`` steps (any of the
        eight directions, each costing one), by a breadth-first search that grows a set
        of tiles by one step at a time and stops when it reaches ``b`` or stops growing."""
        stride, open_, goal = self.stride, self.bits, self.bit(*b)
        reached = self.bit(*a) & open_
        for _ in range(steps):
            if reached & goal:
                return True
            across = reached | reached << 1 | reached >> 1
            grown = (across | across << stride | across >> stride) & open_
            if grown == reached:
                return False
            reached = grown
        return bool(reached & goal)


def add_loops(tiles: NDArray[np.uint8], loops: int, rng: np.random.Generator) -> int:
    """Cut up to ``loops`` openings in place; returns how many were cut."""
    if loops <= 0:
        return 0
    runs = wall_runs(tiles)
    if not runs:
        return 0
    order = rng.permutation(len(runs))[: loops * ATTEMPTS_PER_LOOP]
    open_ = OpenBits(tiles)
    cut = 0
    for index in order.tolist():
        (ax, ay), (bx, by), length = runs[index]
        if tiles[ax, ay] == Tile.WALL or tiles[bx, by] == Tile.WALL:
            continue
        if open_.within((ax, ay), (bx, by), MIN_DETOUR + length):
            continue  # already near on foot: an opening would save too little
        dx, dy = int(np.sign(bx - ax)), int(np.sign(by - ay))
        for k in range(1, length + 1):
            tiles[ax + dx * k, ay + dy * k] = Tile.FLOOR
            open_.open(ax + dx * k, ay + dy * k)
        cut += 1
        if cut == loops:
            break
    return cut
