"""Poison gas that spreads through open tiles and thins out, as whole-array numpy steps.

A floor's ``gas`` is a float32 concentration per tile. Each player turn every open tile
(anything gas passes: transparent terrain; walls and closed doors stop it) moves
towards the mean of its open neighbourhood, then the whole cloud thins; wisps below
``FLOOR_LEVEL`` vanish, so a cloud ends. Nothing is done per tile in Python: a step is a
few slices over the array, and creatures are found with one gather of their positions.
Whoever breathes gas of at least ``HARMFUL`` is poisoned for a few turns.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
from numpy.typing import NDArray

from emberdeep.engine.core.events import Area
from emberdeep.engine.creatures import runics, statuses

if TYPE_CHECKING:
    from emberdeep.engine.core.floor import Floor
    from emberdeep.engine.play.world import World

SPREAD = 0.6
"""How far each turn a tile moves towards its neighbourhood's mean (0: never spreads)."""
THINNING = 0.94
"""The share of a cloud left after each turn."""
FLOOR_LEVEL = 0.02
"""Below this a wisp is gone."""
HARMFUL = 0.15
POISON_TURNS = 3
"""Turns of poison a breath of harmful gas gives (renewed while breathing it)."""


def release(world: World, x: int, y: int, amount: float) -> None:
    """Put ``amount`` of gas on a tile (a trap, a shattered potion) of the world's floor."""
    floor = world.floor
    floor.gas[x, y] += amount
    floor.gas_active = True
    world.emit(Area(None, (x, y), ((x, y),), "gas"))


def spread(floor: Floor) -> None:
    """One turn of spreading and thinning, in place."""
    gas = floor.gas
    open_ = floor.transparent
    held = np.where(open_, gas, np.float32(0))
    padded = np.pad(held, 1)
    counts = np.pad(open_.astype(np.float32), 1)
    width, height = gas.shape
    total = np.zeros_like(gas)
    neighbours = np.zeros_like(gas)
    for dx in (0, 1, 2):
        for dy in (0, 1, 2):
            total += padded[dx : dx + width, dy : dy + height]
            neighbours += counts[dx : dx + width, dy : dy + height]
    mean = total / np.maximum(neighbours, 1)
    result = (held + SPREAD * (mean - held)) * THINNING
    result[(result < FLOOR_LEVEL) | ~open_] = 0
    floor.gas = result.astype(np.float32, copy=False)
    floor.gas_active = bool(result.any())


def breathe(world: World) -> None:
    """Everyone standing in harmful gas is poisoned (or stays so)."""
    floor = world.floor
    living = [a for a in floor.actors.values() if a.alive]
    if not living:
        return
    xs = np.fromiter((a.x for a in living), dtype=np.intp, count=len(living))
    ys = np.fromiter((a.y for a in living), dtype=np.intp, count=len(living))
    hit: NDArray[np.intp] = np.flatnonzero(floor.gas[xs, ys] >= HARMFUL)
    for i in hit.tolist():
        actor = living[i]
        if actor.is_player and runics.wears(world, "respiration"):
            continue
        if statuses.has(actor, statuses.POISONED):  # renewed quietly while breathing it
            actor.statuses[statuses.POISONED] = max(actor.statuses[statuses.POISONED], POISON_TURNS)
        else:
            statuses.apply(world, actor, statuses.POISONED, POISON_TURNS, "gas")


def turn(world: World) -> None:
    """The gas of the player's floor, one player turn on: it spreads, then is breathed."""
    floor = world.floor
    if not floor.gas_active:
        return
    spread(floor)
    breathe(world)
