"""Grass on a new floor, in patches shaped by noise, so fire has something to spread over.

A share of the floor's plain ground (``LevelPlan.grass`` percent) becomes grass: the
cells where a simplex noise (``tcod.noise``, seeded from the floor's stream) is highest,
so the grass lies in drifts and meadows rather than specks. Placed after every other
draw from the floor's stream, so nothing else on a floor moves for it; stairs, doors and
water are left as they are.
"""

from __future__ import annotations

import numpy as np
import tcod.noise
from numpy.typing import NDArray

from emberdeep.engine.core.floor import Floor, Tile

SCALE = 0.12
"""Noise cells per tile: about eight tiles from one meadow's heart to the next gap."""


def grow(floor: Floor, share: int, rng: np.random.Generator) -> None:
    """Cover ``share`` percent of the floor's plain ground (and no more) with grass."""
    if share <= 0:
        return
    ground = floor.tiles == Tile.FLOOR
    ground[floor.start] = False  # the arrival becomes the stairs up
    if not ground.any():
        return
    seed = int(rng.integers(2**31))
    noise = tcod.noise.Noise(2, algorithm=tcod.noise.Algorithm.SIMPLEX, seed=seed)
    field = noise[tcod.noise.grid(floor.size, SCALE, indexing="ij")]
    cut = percentile(field[ground], 100 - min(100, share))
    floor.tiles[ground & (field >= cut)] = Tile.GRASS  # walked and seen as floor is


def percentile(values: NDArray[np.float32], q: int) -> np.float32:
    """``np.percentile(values, q)`` of a flat array (its default, linear method), worked
    out step for step as numpy 2 works it out, to the bit: the floor's grass must not
    move. numpy's own asks ``np.unique`` for its order statistics, which imports
    ``numpy.ma`` the first time: 7 ms of a start-up, for the first floor's grass.
    (``tests/mapgen/test_vegetation.py`` holds it to numpy's on many arrays.)"""
    last = values.size - 1
    virtual = last * np.true_divide(q, 100)  # where numpy looks, between two ranks
    low = last if virtual >= last else int(np.floor(virtual))
    high = min(low + 1, last)
    gamma = float(virtual - (-1 if virtual >= last else low))
    ranked = np.partition(values, (low, high))
    a, b = ranked[low], ranked[high]
    step = b - a
    return b - step * (1 - gamma) if gamma >= 0.5 else a + step * gamma  # type: ignore[no-any-return]
