"""What must always be true of a world, checked after every turn by the soak runs and
the tests, and by the snapshot loader on every world it builds: a violation is a bug (or
a doctored save), named in plain words with the rule it breaks. The rules themselves are
``rules.py``'s; this runs each over everything it judges."""

from __future__ import annotations

from emberdeep.engine.core.floor import Floor
from emberdeep.engine.play.rules import (
    CREATURE_RULES,
    FLOOR_RULES,
    ITEM_RULES,
    WORLD_RULES,
    lies_on_open_ground,
)
from emberdeep.engine.play.world import World
from emberdeep.engine.things.items import Item


def violations(world: World) -> list[str]:
    """Every rule the world breaks, the current floor's first, then the kept floors'
    (each named by its depth), then the world's."""
    problems = floor_violations(world.floor)
    for depth, kept in world.kept.items():
        problems += [f"depth {depth}: {problem}" for problem in floor_violations(kept)]
    problems += item_problems(world.inventory)
    for rule in WORLD_RULES:
        if (problem := rule(world)) is not None:
            problems.append(f"{problem} ({rule.__name__})")
    return problems


def floor_violations(floor: Floor) -> list[str]:
    problems = []
    for rule in FLOOR_RULES:
        if (problem := rule(floor)) is not None:
            problems.append(f"{problem} ({rule.__name__})")
    for actor in floor.actors.values():
        for creature_rule in CREATURE_RULES:
            if (problem := creature_rule(actor, floor)) is not None:
                problems.append(f"{actor.name} (#{actor.id}): {problem} ({creature_rule.__name__})")
    for item in floor.items:
        if (problem := lies_on_open_ground(item, floor)) is not None:
            problems.append(f"{item.name} at {item.position}: {problem} (lies_on_open_ground)")
    return problems + item_problems(floor.items)


def item_problems(items: list[Item]) -> list[str]:
    """What each item breaks of the rules every item keeps, carried or not."""
    problems = []
    for item in items:
        for rule in ITEM_RULES:
            if (problem := rule(item)) is not None:
                problems.append(f"{item.name}: {problem} ({rule.__name__})")
    return problems
