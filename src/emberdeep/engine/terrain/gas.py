"""Gases that spread through open tiles and thin out, as whole-array numpy steps.

A floor's ``gas`` is a float32 concentration per tile and ``gas_kind`` which gas it is
(``GASES``; one kind a tile, as in Brogue: where clouds meet, the larger share wins).
Each player turn every open tile (anything gas passes: transparent terrain; walls and
closed doors stop it) moves towards the mean of its open neighbourhood and takes the
kind of the neighbour that gave it most, then the whole cloud thins; wisps below
``FLOOR_LEVEL`` vanish, so a cloud ends. Nothing is done per tile in Python: a step is
a few slices over the array, and creatures are found with one gather of their
positions. Whoever breathes a gas of at least ``HARMFUL`` suffers its status; darkness
harms nobody but blocks sight (``Floor.see_through``), so whoever stands in it is hidden.

``release(world, x, y, amount, "caustic")`` is the one way gas comes onto a floor: a
trap, a shattered or opened potion, a creature bursting.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import msgspec
import numpy as np
from numpy.typing import NDArray

from emberdeep.engine.core.events import Area, Cloud
from emberdeep.engine.core.floor import DARKNESS_KIND
from emberdeep.engine.creatures import runics, statuses

if TYPE_CHECKING:
    from emberdeep.engine.core.actors import Actor
    from emberdeep.engine.core.floor import Floor
    from emberdeep.engine.play.world import World

SPREAD = 0.6
"""How far each turn a tile moves towards its neighbourhood's mean (0: never spreads)."""
THINNING = 0.94
"""The share of a cloud left after each turn."""
FLOOR_LEVEL = 0.02
"""Below this a wisp is gone."""
HARMFUL = 0.15
"""A breath of at least this much gas acts on the breather."""
MOST = 1e6
"""No tile holds more (a save holding more is refused)."""


class Gas(msgspec.Struct, frozen=True):
    """One kind of gas: the status a breath of it gives and for how long (renewed while
    breathed), or none (darkness only hides)."""

    name: str
    status: str
    turns: int

    @property
    def harmful(self) -> bool:
        return bool(self.status)


GASES: tuple[Gas, ...] = (
    Gas("caustic", statuses.POISONED, 3),
    Gas("confusion", statuses.CONFUSED, 3),
    Gas("paralysis", statuses.PARALYSED, 2),
    Gas("slowness", statuses.SLOWED, 4),
    Gas("darkness", "", 0),
)
"""Every gas, by its ``Floor.gas_kind`` number (0, caustic, is what saves before kinds held)."""
GAS_NAMES = tuple(gas.name for gas in GASES)
KIND_OF = {name: n for n, name in enumerate(GAS_NAMES)}
HARMLESS = np.array([not gas.harmful for gas in GASES], dtype=np.bool_)


def release(world: World, x: int, y: int, amount: float, name: str = "caustic") -> None:
    """Put ``amount`` of the gas ``name`` on a tile of the world's floor (a trap, a
    shattered potion, a creature bursting); it takes the tile's kind if it is the more."""
    floor = world.floor
    kind = KIND_OF[name]
    if floor.gas_kind[x, y] != kind and floor.gas[x, y] < amount:
        floor.gas_kind[x, y] = kind
    floor.gas[x, y] = min(MOST, float(floor.gas[x, y]) + amount)
    floor.gas_active = True
    floor.hazard_version += 1
    if kind == DARKNESS_KIND:
        floor.dark_version += 1
    world.emit(Area(None, (x, y), ((x, y),), "gas"))
    world.emit(Cloud((x, y), name))


def harmful(floor: Floor) -> NDArray[np.bool_]:
    """Where a breath would hurt: gas of a harmful kind at least ``HARMFUL`` thick (what
    monsters, auto-explore and the bot keep out of)."""
    found: NDArray[np.bool_] = (floor.gas >= HARMFUL) & ~HARMLESS[floor.gas_kind]
    return found


def spread(floor: Floor) -> None:
    """One turn of spreading and thinning, in place."""
    gas = floor.gas
    open_ = floor.transparent
    held = np.where(open_, gas, np.float32(0))
    padded = np.pad(held, 1)
    kinds = np.pad(floor.gas_kind, 1)
    counts = np.pad(open_.astype(np.float32), 1)
    width, height = gas.shape
    total = np.zeros_like(gas)
    neighbours = np.zeros_like(gas)
    most = np.zeros_like(gas)
    kind = floor.gas_kind.copy()
    was_dark = bool(floor.dark_version) and bool((kind == DARKNESS_KIND).any())
    for dx in (0, 1, 2):
        for dy in (0, 1, 2):
            part = padded[dx : dx + width, dy : dy + height]
            total += part
            neighbours += counts[dx : dx + width, dy : dy + height]
            more = part > most
            most[more] = part[more]
            kind[more] = kinds[dx : dx + width, dy : dy + height][more]
    mean = total / np.maximum(neighbours, 1)
    result = (held + SPREAD * (mean - held)) * THINNING
    gone = (result < FLOOR_LEVEL) | ~open_
    result[gone] = 0
    kind[gone] = 0
    floor.gas = result.astype(np.float32, copy=False)
    floor.gas_kind = kind
    floor.gas_active = bool(result.any())
    floor.hazard_version += 1
    if was_dark:  # the field of view is seen through the darkness as it is now
        floor.dark_version += 1


def breathe(world: World) -> None:
    """Everyone standing in harmful gas suffers its status (renewed quietly while they
    breathe it)."""
    floor = world.floor
    living = [a for a in floor.actors.values() if a.alive]
    if not living:
        return
    xs = np.fromiter((a.x for a in living), dtype=np.intp, count=len(living))
    ys = np.fromiter((a.y for a in living), dtype=np.intp, count=len(living))
    hit: NDArray[np.intp] = np.flatnonzero(harmful(floor)[xs, ys])
    for i in hit.tolist():
        actor = living[i]
        if actor.is_player and runics.wears(world, "respiration"):
            continue
        breath(world, actor, GASES[int(floor.gas_kind[actor.x, actor.y])])


def breath(world: World, actor: Actor, gas: Gas) -> None:
    """One breath of ``gas``: its status begins, or runs on quietly."""
    name = gas.status
    if statuses.has(actor, name):
        if name == statuses.CONFUSED:
            actor.confused = max(actor.confused, gas.turns)
        else:
            actor.statuses[name] = max(actor.statuses[name], gas.turns)
    else:
        statuses.apply(world, actor, name, gas.turns, "gas")


def turn(world: World) -> None:
    """The gas of the player's floor, one player turn on: it spreads, then is breathed."""
    floor = world.floor
    if not floor.gas_active:
        return
    spread(floor)
    breathe(world)
