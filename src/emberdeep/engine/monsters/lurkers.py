"""Lurkers in deep water (Brogue's eel and bog monster): out of sight under the surface,
they come up only to strike, and go down again.

A lurker's whole turn is its ``submerges`` ability (its kind does not chase: it keeps to
deep water). Submerged (``perception.SUBMERGED``) it is not drawn, not aimed at and not
counted as a threat in view; next to its foe it surfaces with a blow; then, unless its
foe is held fast (a bog monster keeps its grip), it dives again. So the answer is to
keep away from deep water, or to strike back in the turn it shows itself.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import msgspec
import numpy as np
from numpy.typing import NDArray

from emberdeep.engine.acts.actions import STEPS, WAIT, Action, ActionResult, Attack, done
from emberdeep.engine.chase.allies import foe_of
from emberdeep.engine.chase.pursuit import Batch, gap
from emberdeep.engine.core.actors import Ability, Actor, ActorKind
from emberdeep.engine.core.events import StatusChanged
from emberdeep.engine.core.floor import Tile
from emberdeep.engine.core.perception import SUBMERGED
from emberdeep.engine.creatures import statuses
from emberdeep.engine.creatures.statuses import HELD, MAX_TURNS
from emberdeep.engine.monsters.abilities import ability

if TYPE_CHECKING:
    from emberdeep.engine.core.floor import Floor
    from emberdeep.engine.play.world import World


def in_water(floor: Floor, x: int, y: int) -> bool:
    return bool(floor.tiles.item(x, y) == Tile.DEEP_WATER)


def lurks(kind: ActorKind) -> bool:
    """Whether ``kind`` strikes from under the water (its turn is ``submerges``)."""
    return kind.ability("submerges") is not None


def shore(floor: Floor) -> NDArray[np.bool_]:
    """The dry cells a lurker in deep water can strike: those beside deep water (it
    keeps to the water and bites only what is next to it)."""
    water = floor.tiles == Tile.DEEP_WATER
    near = np.zeros_like(water)
    w, h = water.shape
    for dx in (-1, 0, 1):
        for dy in (-1, 0, 1):
            near[max(0, dx) : w + min(0, dx), max(0, dy) : h + min(0, dy)] |= water[
                max(0, -dx) : w + min(0, -dx), max(0, -dy) : h + min(0, -dy)
            ]
    found: NDArray[np.bool_] = near & ~water & floor.walkable
    return found


@ability("submerges", "turn")
def submerges(batch: Batch, i: int, known: Ability) -> Action:
    """Strike from under the water when next to its foe, dive when it is not (or after
    a blow, unless its foe is held), and swim closer through deep water only."""
    lurker, floor = batch.monsters[i], batch.floor
    foe = foe_of(batch, i)
    under = SUBMERGED in lurker.statuses
    wet = in_water(floor, lurker.x, lurker.y)
    if foe is not None and gap(lurker, foe) <= 1:
        if under:
            return Surface(foe)
        if wet and HELD not in foe.statuses:
            return Dive()
        return Attack(foe)
    if wet and not under:
        return Dive()
    if foe is None or not wet:
        return WAIT
    best, here = None, gap(lurker, foe)
    for (dx, dy), step in STEPS.items():
        x, y = lurker.x + dx, lurker.y + dy
        if floor.in_bounds(x, y) and in_water(floor, x, y) and floor.is_free(x, y):
            away = max(abs(x - foe.x), abs(y - foe.y))
            if away < here:
                best, here = step, away
    return best or WAIT


class Dive(msgspec.Struct, frozen=True):
    """Go under the surface: out of sight until it surfaces."""

    def perform(self, world: World, actor: Actor) -> ActionResult:
        if not in_water(world.floor, actor.x, actor.y):
            return done(actor.move_time)
        statuses.apply(world, actor, SUBMERGED, MAX_TURNS, "dive")
        return done(actor.move_time)


class Surface(msgspec.Struct, frozen=True):
    """Come up out of the water with a blow at ``foe``."""

    foe: Actor

    def perform(self, world: World, actor: Actor) -> ActionResult:
        if SUBMERGED in actor.statuses:
            del actor.statuses[SUBMERGED]
            world.emit(StatusChanged(actor.who, actor.position, SUBMERGED, False, 0, "surface"))
        return Attack(self.foe).perform(world, actor)
