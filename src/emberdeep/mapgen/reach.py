"""Where one can walk from a tile, as a bit-parallel breadth-first search.

The generators ask two kinds of question many times while making a floor: is ``b``
within ``n`` steps of ``a`` (loops, for every candidate opening), and which tiles are
reachable at all, or within a few steps of the arrival (populate, traps, vaults). Neither
needs a distance per tile. The set of tiles reachable in ``k`` steps grows by one 3x3
dilation per step, masked by the open tiles; held as one Python integer with a bit per
tile, a dilation is six whole-floor shifts and ors, every tile at once as in numpy but
with no per-call allocation. A tcod search costs a graph, a meshgrid and a heap each
time (the floor's generation spent most of a new game's time in them); this costs a few
microseconds for a short question and about a hundred for a whole floor.

Steps are the eight directions at one step each, as ``distance_map(cost, goals, 1, 1)``
(tests/mapgen/test_generators.py checks they agree).
"""

from __future__ import annotations

import functools
import itertools

import numpy as np
from numpy.typing import NDArray


class Reach:
    """A floor's open tiles as one integer: tile ``(x, y)`` is bit ``x * stride + y``, with
    ``stride = height + 1`` so each column ends in a guard bit that is never open (a step
    off the top or bottom of a column lands there and is masked away)."""

    def __init__(self, open_: NDArray[np.bool_]) -> None:
        self.shape = (int(open_.shape[0]), int(open_.shape[1]))
        self.stride = self.shape[1] + 1
        self.size = self.shape[0] * self.stride
        """Bits a set of tiles spans, guard bits included."""
        self.bits = to_bits(open_)

    def everywhere(self) -> int:
        """Every tile of the floor, open or not (no guard bit)."""
        return everywhere(*self.shape)

    def bit(self, x: int, y: int) -> int:
        return 1 << (x * self.stride + y)

    def open(self, x: int, y: int) -> None:
        """The tile was dug: it is open from now on."""
        self.bits |= self.bit(x, y)

    def grow(self, reached: int) -> int:
        """Every open tile one step or less from ``reached``."""
        across = reached | reached << 1 | reached >> 1
        return (across | across << self.stride | across >> self.stride) & self.bits

    def within(self, a: tuple[int, int], b: tuple[int, int], steps: int) -> bool:
        """Whether ``b`` can be reached from ``a`` in at most ``steps`` steps. The search
        grows from both ends in turn, half the steps each, and stops when they meet or
        one stops growing. Every tile of a short enough way is within half the steps of
        one end, so only the columns that near ``a`` or ``b`` are searched: one shift
        and one mask cut them out, and every step after that works on a small integer."""
        (ax, ay), (bx, by) = a, b
        if max(abs(ax - bx), abs(ay - by)) > steps:
            return False  # farther than that even as the crow flies
        half = (steps + 1) // 2
        x0, x1 = max(min(ax, bx) - half, 0), min(max(ax, bx) + half + 1, self.shape[0])
        stride = self.stride
        open_ = (self.bits >> (x0 * stride)) & ((1 << ((x1 - x0) * stride)) - 1)
        near = (1 << ((ax - x0) * stride + ay)) & open_  # grows on the odd steps...
        far = (1 << ((bx - x0) * stride + by)) & open_  # ...and this on the even ones
        if near & far:
            return True
        # Each step: grow one end by a step and see whether it meets the other, or has
        # stopped growing (its whole region is found, and the other end is not in it).
        for _ in range(steps >> 1):
            across = near | near << 1 | near >> 1
            grown = (across | across << stride | across >> stride) & open_
            if grown & far:
                return True
            if grown == near:
                return False
            near = grown
            across = far | far << 1 | far >> 1
            grown = (across | across << stride | across >> stride) & open_
            if grown & near:
                return True
            if grown == far:
                return False
            far = grown
        if steps & 1:
            across = near | near << 1 | near >> 1
            return bool((across | across << stride | across >> stride) & open_ & far)
        return False

    def around(self, origin: tuple[int, int], steps: int | None = None) -> NDArray[np.bool_]:
        """The tiles reachable from ``origin`` in at most ``steps`` steps (any number if
        None), as a ``shape`` boolean array."""
        return self.to_array(self.reached(origin, steps))

    def reached(self, origin: tuple[int, int], steps: int | None = None) -> int:
        """``around`` as bits (sets of tiles combine with ``&`` and ``~`` before
        ``to_array``)."""
        reached = self.bit(*origin) & self.bits
        for _ in range(steps) if steps is not None else itertools.count():
            grown = self.grow(reached)
            if grown == reached:
                break
            reached = grown
        return reached

    def to_array(self, bits: int) -> NDArray[np.bool_]:
        """A set of tiles held as bits, as a ``shape`` boolean array (guard bits dropped)."""
        return to_array(bits, self.shape)


def to_bits(mask: NDArray[np.bool_]) -> int:
    """A (width, height) mask as ``Reach`` holds tiles: bit ``x * (height + 1) + y``,
    each column ending in a guard bit that is never set."""
    width, height = mask.shape
    padded = np.zeros((width, height + 1), dtype=np.bool_)
    padded[:, :-1] = mask
    return int.from_bytes(np.packbits(padded, bitorder="little").tobytes(), "little")


def to_array(bits: int, shape: tuple[int, int]) -> NDArray[np.bool_]:
    """``to_bits`` undone: the tiles whose bits are set, as a ``shape`` boolean array."""
    width, height = shape
    count = width * (height + 1)
    raw = np.frombuffer(bits.to_bytes((count + 7) // 8, "little"), dtype=np.uint8)
    flat = np.unpackbits(raw, count=count, bitorder="little").view(np.bool_)
    mask: NDArray[np.bool_] = flat.reshape(width, height + 1)[:, :-1]
    return mask


def bit_numbers(bits: int) -> NDArray[np.intp]:
    """The numbers of the set bits, ascending (``x * (height + 1) + y`` for a tile)."""
    raw = np.frombuffer(bits.to_bytes((bits.bit_length() + 7) // 8, "little"), dtype=np.uint8)
    found: NDArray[np.intp] = np.unpackbits(raw, bitorder="little").view(np.bool_).nonzero()[0]
    return found  # (``nonzero`` on a flat bool array: ``np.flatnonzero`` costs three times it)


def everywhere(width: int, height: int) -> int:
    """Every tile of a (width, height) floor as bits: a column's ``height`` ones on each
    of its ``width`` columns (no guard bit)."""
    return ((1 << height) - 1) * every(width, height + 1)


@functools.cache
def every(count: int, stride: int) -> int:
    """``count`` bits, ``stride`` apart from bit 0: a run of tiles along x."""
    return ((1 << (count * stride)) - 1) // ((1 << stride) - 1)
