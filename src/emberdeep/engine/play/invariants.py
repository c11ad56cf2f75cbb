"""What must always be true of a world, checked after every turn by the soak runs and
the tests: a violation is a bug, named in plain words."""

from __future__ import annotations

import numpy as np

from emberdeep.engine.core.actors import AWARE, PLAYER_ID, Mode
from emberdeep.engine.core.floor import SHUT_DOORS, Floor, Tile
from emberdeep.engine.creatures.statuses import MAX_TURNS, STATUSES
from emberdeep.engine.play.world import World
from emberdeep.engine.things.items import Item


def violations(world: World) -> list[str]:
    problems = floor_violations(world.floor)
    for depth, kept in world.kept.items():
        problems += [f"depth {depth}: {problem}" for problem in floor_violations(kept)]
        if world.player.id in kept.actors:
            problems.append(f"the player is also on depth {depth}")
    if len(world.inventory) > 26:
        problems.append("more than 26 items carried")
    problems += item_problems(world.inventory)
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
        if actor.alive and not actor.blocks:
            problems.append(f"{actor.name} (#{actor.id}) is alive but blocks nothing")
        aware = actor.mode in AWARE
        if actor.id != PLAYER_ID and actor.alive and aware != (actor.hunting > 0):
            problems.append(f"{actor.name} (#{actor.id}) is {actor.mode}, {actor.hunting} to hunt")
    for item in floor.items:
        if not floor.in_bounds(*item.position) or not floor.walkable[item.position]:
            problems.append(f"{item.name} lies in a wall")
    return problems + ally_problems(floor) + door_trap_status_problems(floor)


def ally_problems(floor: Floor) -> list[str]:
    """Captives are shackled and allies are not; only an ally is told to wait; nobody
    hunts an ally's or a captive's way (their ``hunting`` is 0, by the rule above)."""
    problems = []
    for actor in floor.actors.values():
        if not actor.alive or actor.id == PLAYER_ID:
            continue
        captive = actor.mode == Mode.CAPTIVE
        if captive != (actor.shackles > 0):
            problems.append(
                f"{actor.name} (#{actor.id}) is {actor.mode}, {actor.shackles} shackles"
            )
        if actor.stays and actor.mode != Mode.ALLY:
            problems.append(f"{actor.name} (#{actor.id}) is told to wait but is no ally")
    return problems


def door_trap_status_problems(floor: Floor) -> list[str]:
    """Shut doors are never stood or left on (walking into one opens it), traps lie on
    open ground at their own key, statuses are known and running down, the gas is real."""
    problems = []
    for actor in floor.actors.values():
        if actor.blocks and floor.tiles[actor.position] in SHUT_DOORS:
            problems.append(f"{actor.name} (#{actor.id}) stands in a shut door")
        for name, turns in actor.statuses.items():
            if name not in STATUSES or not 1 <= turns <= MAX_TURNS:
                problems.append(f"{actor.name} (#{actor.id}) has status {name} for {turns}")
    for item in floor.items:
        if floor.tiles[item.position] in SHUT_DOORS:
            problems.append(f"{item.name} lies in a shut door")
    for position, trap in floor.traps.items():
        if position != trap.position or not floor.walkable[position]:
            problems.append(f"the {trap.kind.name} at {position} is not on open ground")
        elif floor.tiles[position] in SHUT_DOORS:
            problems.append(f"the {trap.kind.name} at {position} is in a door")
    if floor.gas_active and not (np.isfinite(floor.gas).all() and (floor.gas >= 0).all()):
        problems.append("the gas holds impossible amounts")
    return problems + item_problems(floor.items)


def item_problems(items: list[Item]) -> list[str]:
    """Stacks and spent charges within what their kinds (and enchanting) allow."""
    problems = []
    for item in items:
        if not 1 <= item.count <= (99 if item.kind.stacks else 1):
            problems.append(f"{item.name} is a stack of {item.count}")
        if not 0 <= item.used <= item.capacity:
            problems.append(f"{item.name} has spent {item.used} charges")
    return problems
