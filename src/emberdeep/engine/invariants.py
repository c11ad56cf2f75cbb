"""What must always be true of a world, checked after every turn by the soak runs and
the tests: a violation is a bug, named in plain words."""

from __future__ import annotations

import numpy as np

from emberdeep.engine.floor import Floor, Tile
from emberdeep.engine.world import World


def violations(world: World) -> list[str]:
    problems = floor_violations(world.floor)
    for depth, kept in world.kept.items():
        problems += [f"depth {depth}: {problem}" for problem in floor_violations(kept)]
        if world.player.id in kept.actors:
            problems.append(f"the player is also on depth {depth}")
    if len(world.inventory) > 26:
        problems.append("more than 26 items carried")
    if (world.floor.visible & ~world.floor.explored).any():
        problems.append("a visible tile is not marked explored")
    if world.player.alive and world.floor.actors.get(world.player.id) is not world.player:
        problems.append("the player is not on the current floor")
    return problems


def floor_violations(floor: Floor) -> list[str]:
    problems = []
    if floor.tiles[floor.start] != Tile.STAIRS_UP or floor.tiles[floor.stairs] != Tile.STAIRS_DOWN:
        problems.append("a staircase is missing")
    blockers = [a for a in floor.actors.values() if a.blocks]
    if len({a.position for a in blockers}) != len(blockers):
        problems.append("two blocking creatures share a tile")
    expected = np.zeros_like(floor.occupant)
    for actor in blockers:
        expected[actor.position] = actor.id
    if not (expected == floor.occupant).all():
        problems.append("the occupancy map disagrees with where creatures are")
    for actor in floor.actors.values():
        if not floor.in_bounds(*actor.position) or not floor.walkable[actor.position]:
            problems.append(f"{actor.name} (#{actor.id}) stands in a wall")
        if not 0 <= actor.hp <= actor.max_hp:
            problems.append(f"{actor.name} (#{actor.id}) has {actor.hp}/{actor.max_hp} HP")
        if actor.blocks and not actor.alive:
            problems.append(f"{actor.name} (#{actor.id}) is dead but still blocks")
    for item in floor.items:
        if not floor.in_bounds(*item.position) or not floor.walkable[item.position]:
            problems.append(f"{item.name} lies in a wall")
    return problems
