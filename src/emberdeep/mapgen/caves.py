"""Caves grown by cellular automata, every pocket joined to the rest.

Random rock smoothed by the 4-5 rule (see ``smooth``) gives natural caverns, but also
pockets that nothing reaches. Tiny pockets are filled in; every other one is joined to
the cave by a tunnel from its nearest point, so the whole floor is reachable by
construction, as every generator guarantees.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
from numpy.typing import NDArray

from emberdeep.engine.core.distance import UNREACHABLE, distance_map
from emberdeep.engine.core.flight import line
from emberdeep.engine.core.floor import Floor, Rect, Tile
from emberdeep.mapgen import BaseParams, register
from emberdeep.mapgen.carve import dig_room, farthest_tile, solid_rock

NEAREST_SAMPLE = 1500
"""At most this many tiles of the joined cave are compared with a pocket when looking for
the shortest tunnel: enough for a short one, and the cost stays flat on big maps."""


@dataclass(frozen=True, eq=False, repr=False)
class CavesParams(BaseParams):
    """The caves generator's knobs; each is also an ``emberdeep mapgen`` option."""

    fill: int = field(default=45, metadata={"help": "percent of rock before smoothing"})
    smoothing: int = field(default=5, metadata={"help": "rounds of the 4-5 rule"})
    min_pocket: int = field(default=12, metadata={"help": "smaller pockets are filled in"})

    def validate(self) -> None:
        super().validate()
        if not 30 <= self.fill <= 60:
            raise ValueError("fill must be between 30 and 60 (percent)")
        if not 0 <= self.smoothing <= 12:
            raise ValueError("smoothing must be between 0 and 12")
        if not 1 <= self.min_pocket <= 200:
            raise ValueError("min_pocket must be between 1 and 200")


def rock_neighbours(rock: NDArray[np.bool_]) -> NDArray[np.int8]:
    """How many of each tile's eight neighbours are rock (off the map counts as rock)."""
    padded = np.pad(rock, 1, constant_values=True).astype(np.int8)
    w, h = rock.shape
    total = np.zeros(rock.shape, dtype=np.int8)
    for dx in (0, 1, 2):
        for dy in (0, 1, 2):
            if (dx, dy) != (1, 1):
                total += padded[dx : dx + w, dy : dy + h]
    return total


def smooth(rock: NDArray[np.bool_], rounds: int) -> NDArray[np.bool_]:
    """The 4-5 rule: rock stays rock with four rock neighbours, open ground turns to rock
    with five."""
    for _ in range(rounds):
        around = rock_neighbours(rock)
        rock = (around >= 5) | (rock & (around >= 4))
        rock[[0, -1], :] = True
        rock[:, [0, -1]] = True
    return rock


def pockets(open_: NDArray[np.bool_]) -> list[NDArray[np.bool_]]:
    """Each separate open area, as a mask; biggest first."""
    cost = open_.astype(np.int32)
    left = open_.copy()
    found = []
    while left.any():
        goals = np.zeros(open_.shape, dtype=np.bool_)
        goals.flat[int(np.argmax(left))] = True
        reached = distance_map(cost, goals, 1, 1) != UNREACHABLE
        found.append(reached)
        left &= ~reached
    return sorted(found, key=lambda mask: -int(mask.sum()))


def nearest_pair(
    joined: NDArray[np.bool_], pocket: NDArray[np.bool_], rng: np.random.Generator
) -> tuple[tuple[int, int], tuple[int, int]]:
    a = np.argwhere(joined)
    if len(a) > NEAREST_SAMPLE:
        a = a[rng.choice(len(a), NEAREST_SAMPLE, replace=False)]
    b = np.argwhere(pocket)
    if len(b) > NEAREST_SAMPLE:
        b = b[rng.choice(len(b), NEAREST_SAMPLE, replace=False)]
    # The Chebyshev gap of every pair, one axis at a time in 16 bits (a floor's side is
    # at most 1000): the same numbers, so the same first nearest pair, as the gaps of
    # the pairs' 64-bit differences taken whole, without that (N, M, 2) array (30 times
    # quicker; it made a floor change with many pockets take 30 ms).
    a16, b16 = a.astype(np.int16), b.astype(np.int16)
    gaps = np.maximum(
        np.abs(a16[:, 0, None] - b16[None, :, 0]), np.abs(a16[:, 1, None] - b16[None, :, 1])
    )
    i, j = np.unravel_index(int(np.argmin(gaps)), gaps.shape)
    (ax, ay), (bx, by) = a[int(i)].tolist(), b[int(j)].tolist()
    return (ax, ay), (bx, by)


@register("caves", CavesParams)
def generate(params: CavesParams, rng: np.random.Generator) -> Floor:
    """Caves: cellular automata, small pockets filled, the rest joined by tunnels."""
    w, h = params.width, params.height
    rock = rng.random((w, h)) < params.fill / 100
    rock[[0, -1], :] = True
    rock[:, [0, -1]] = True
    rock = smooth(rock, params.smoothing)
    tiles = solid_rock(w, h)
    found = [p for p in pockets(~rock) if p.sum() >= params.min_pocket]
    if not found or found[0].sum() < 2:
        # Too little cave to play: a plain chamber in the middle instead.
        dig_room(tiles, Rect(w // 4, h // 4, max(4, w // 2), max(4, h // 2)))
    else:
        joined = found[0].copy()
        for pocket in found[1:]:
            a, b = nearest_pair(joined, pocket, rng)
            tunnel = np.array(line(a, b))
            joined[tunnel[:, 0], tunnel[:, 1]] = True
            joined |= pocket
        tiles[joined] = Tile.FLOOR
    open_cells = np.argwhere(tiles == Tile.FLOOR)
    sx, sy = open_cells[int(rng.integers(len(open_cells)))].tolist()
    floor = Floor(tiles, start=(sx, sy), stairs=(sx, sy))
    stairs = farthest_tile(floor, (sx, sy), Rect(0, 0, w, h))
    floor.set_tile(*stairs, Tile.STAIRS_DOWN)
    floor.stairs = stairs
    return floor
