"""Fire on the floor: it burns a while on each tile, spreads by the terrain's rules and
sets creatures ablaze, as whole-array numpy steps.

A floor's ``fire`` holds the turns of fire left per tile (0: none). What a tile does in
a fire is a tile rule, beside walking and seeing (``floor.py``): how long fire lasts on
it (``TILE_BURNS_FOR``: none on walls, water, lava or chasms, so water stops it), how
likely it is to catch from a burning neighbour (``TILE_FLAMMABILITY``: grass and wooden
doors) and what it leaves (``TILE_BURNT``: ash). Each player turn the tiles next to fire
catch by their odds (the play stream rolls, one number per candidate, in the floor's
order), the fires burn down, and whoever stands in fire is set ablaze
(``statuses.BURNING``, which hurts each turn until it burns out or its bearer wades into
deep water); a burning creature sets alight the grass it walks on.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

import numpy as np
from numpy.typing import NDArray

from emberdeep.engine.core.events import Ignited, StatusChanged
from emberdeep.engine.core.floor import (
    TILE_BURNS_FOR,
    TILE_BURNT,
    TILE_FLAMMABILITY,
    Floor,
    Tile,
)
from emberdeep.engine.creatures import statuses

if TYPE_CHECKING:
    from emberdeep.engine.core.actors import Actor
    from emberdeep.engine.play.world import World

Cell = tuple[int, int]

BURN_TURNS = 4
"""Turns a creature burns after it last stood in fire."""
MOST = int(TILE_BURNS_FOR.max())
"""No tile burns longer (a save holding more is refused)."""


def can_burn(floor: Floor) -> NDArray[np.bool_]:
    """Where fire can be at all (not walls, water, lava or chasms)."""
    found: NDArray[np.bool_] = TILE_BURNS_FOR.take(floor.tiles.astype(np.intp)) > 0
    return found


def flammable(floor: Floor, cell: Cell) -> bool:
    """Whether fire spreads to ``cell`` (grass, a wooden door)."""
    return bool(TILE_FLAMMABILITY[floor.tiles.item(*cell)])


def may_spread(floor: Floor, lit: Iterable[Cell]) -> NDArray[np.bool_]:
    """Where fire set at ``lit`` may reach: those cells, and every flammable one joined
    to them through flammable ones, side by side (``spread``'s neighbours). Asked before
    fire is set (``kindling``): each catches only by its odds, but it may."""
    reach = np.zeros(floor.size, dtype=np.bool_)
    for cell in lit:
        reach[cell] = True
    catches = TILE_FLAMMABILITY.take(floor.tiles.astype(np.intp)) > 0
    while True:
        padded = np.pad(reach, 1)
        near = padded[:-2, 1:-1] | padded[2:, 1:-1] | padded[1:-1, :-2] | padded[1:-1, 2:]
        grown = reach | (near & catches)
        if np.array_equal(grown, reach):
            return reach
        reach = grown


def ignite(world: World, cells: Iterable[Cell], who: Actor | None, cause: str) -> tuple[Cell, ...]:
    """Set fire to those of ``cells`` that can burn and are not burning (a potion, a
    bolt, a fireball: ``cause``, set by ``who``); whoever stands there catches. Returns
    the cells lit."""
    floor = world.floor
    lit = []
    for x, y in cells:
        turns = int(TILE_BURNS_FOR[floor.tiles.item(x, y)])
        if turns and not floor.fire.item(x, y):
            floor.fire[x, y] = turns
            lit.append((x, y))
    if lit:
        floor.fire_active = True
        floor.hazard_version += 1
        floor.gas[tuple(np.array(lit).T)] = 0  # the flames burn the gas away
        world.emit(Ignited(who.who if who else None, tuple(lit), cause))
        for cell in lit:  # caught in the fire ``who`` set: its death is ``who``'s kill
            standing = floor.blocker_at(*cell)
            if standing is not None and standing.alive and standing is not who:
                blaze(world, standing, "fire", by=who)
        scorch(world)
    return tuple(lit)


def spread(world: World) -> tuple[Cell, ...]:
    """One turn of fire, in place: the flammable tiles beside it catch by their odds,
    the fires burn down (a tile burnt out becomes what it leaves), the new ones start.
    Returns the cells that caught."""
    floor = world.floor
    burning = floor.fire > 0
    padded = np.pad(burning, 1).astype(np.uint8)
    near = padded[:-2, 1:-1] + padded[2:, 1:-1] + padded[1:-1, :-2] + padded[1:-1, 2:]
    odds = TILE_FLAMMABILITY.take(floor.tiles.astype(np.intp)).astype(np.float64) / 100
    candidates = np.flatnonzero((near > 0) & ~burning & (odds > 0))
    caught: NDArray[np.intp] = candidates[:0]
    if candidates.size:
        chance = 1 - (1 - odds.ravel()[candidates]) ** near.ravel()[candidates]
        caught = candidates[world.rng.random(candidates.size) < chance]
    np.subtract(floor.fire, 1, out=floor.fire, where=burning)
    for x, y in np.argwhere(burning & (floor.fire == 0)).tolist():
        tile = floor.tiles.item(x, y)
        if TILE_BURNT[tile] != tile:
            floor.set_tile(x, y, int(TILE_BURNT[tile]))
    xs, ys = np.unravel_index(caught, floor.size)
    floor.fire[xs, ys] = TILE_BURNS_FOR.take(floor.tiles[xs, ys].astype(np.intp))
    floor.gas[floor.fire > 0] = 0
    floor.fire_active = bool(floor.fire.any())
    floor.hazard_version += 1
    return tuple(zip(xs.tolist(), ys.tolist(), strict=True))


def scorch(world: World) -> None:
    """Whoever stands in fire is ablaze (again); whoever is ablaze sets alight the
    flammable ground under them."""
    floor = world.floor
    for actor in [a for a in floor.actors.values() if a.alive]:
        x, y = actor.position
        if floor.fire.item(x, y):
            blaze(world, actor, "fire")
        elif statuses.has(actor, statuses.BURNING) and TILE_FLAMMABILITY[floor.tiles.item(x, y)]:
            floor.fire[x, y] = TILE_BURNS_FOR[floor.tiles.item(x, y)]
            floor.fire_active = True
            floor.hazard_version += 1
            world.emit(Ignited(actor.who, ((x, y),), "spread"))


def blaze(world: World, actor: Actor, cause: str, *, by: Actor | None = None) -> None:
    """``actor`` is set ablaze for ``BURN_TURNS`` (renewed quietly while it stays in the
    flames); never in deep water. ``by``: whose fire it caught (``Actor.ablaze_by``:
    kept until the burning ends, so a death by it is their kill)."""
    if world.floor.tiles.item(*actor.position) == Tile.DEEP_WATER:
        return
    if by is not None:
        actor.ablaze_by = by.id
    if statuses.has(actor, statuses.BURNING):
        actor.statuses[statuses.BURNING] = max(actor.statuses[statuses.BURNING], BURN_TURNS)
    else:
        statuses.apply(world, actor, statuses.BURNING, BURN_TURNS, cause)


def quench(world: World, actor: Actor) -> None:
    """Deep water puts out a burning creature."""
    if statuses.has(actor, statuses.BURNING):
        del actor.statuses[statuses.BURNING]
        actor.ablaze_by = 0
        world.emit(StatusChanged(actor.who, actor.position, statuses.BURNING, False, 0, "water"))


def turn(world: World) -> None:
    """The fire of the player's floor, one player turn on: it spreads and burns down,
    then burns whoever stands in it."""
    caught = spread(world)
    if caught:
        world.emit(Ignited(None, caught, "spread"))
    scorch(world)
