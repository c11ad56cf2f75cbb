"""A world's save round trip in memory: ``load(dump(world))`` without the text between.

``copy_world`` makes what loading the world's save would make (the same creatures,
items and floors, the derived state rebuilt the same way: FOV, occupancy, schedule),
building the objects straight from the live ones instead of from JSON. No data from
outside comes in, so there is nothing to check: it serves a world this process made
or already loaded through every check (the agent environment's branches, and its
restores of a snapshot it has verified before). It follows ``snapshot._load`` step by
step and reads the same field lists as the codec (``ACTOR_FIELDS``, the item columns),
so a state the save drops (a floor's ``terrain_version``, a creature's cached name,
``World.death``) is dropped here too; ``tests/engine/test_snapshot_copy.py`` holds it
to the round trip, object by object.
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from dataclasses import MISSING, fields
from typing import Any

from emberdeep.engine.core.actors import Actor
from emberdeep.engine.core.floor import Floor
from emberdeep.engine.creatures.fellowship import Fellowship
from emberdeep.engine.play.journal import Journal
from emberdeep.engine.play.world import World
from emberdeep.engine.saves.snapshot_columns import ACTOR_FIELDS
from emberdeep.engine.terrain.traps import Trap
from emberdeep.engine.things.identify import Identity
from emberdeep.engine.things.items import Item

GEAR = ("enchant", "runic", "known", "proof", "recharge")
_ACTOR_ROW = operator.attrgetter(*(name for name, _ in ACTOR_FIELDS))
_STATUSES = [name for name, _ in ACTOR_FIELDS].index("statuses")
FLOOR_ITEM = ("kind", "x", "y", "count", "used", "choice", "dropped", *GEAR)
"""What a save keeps of an item on a floor (``snapshot_items``); the rest of its fields
(``equipped``) load as their defaults."""
CARRIED = ("kind", "equipped", "count", "used", *GEAR)
"""What a save keeps of a carried item (``snapshot.dump``'s inventory)."""


def copy_world(world: World) -> World:
    """A new world, as loading ``world``'s save would make it (``snapshot._load``'s
    steps, in its order: FOV and the remembered map come out the same)."""
    world.schedule.settle()  # the resting monsters' next turns, as they are due
    floor = _copy_floor(world.floor, world.depth)
    copied = World.restore(
        seed=world.seed,
        build_floor=world.build_floor,
        fov=world.fov,
        progression=world.progression,
        floor=floor,
        kinds=world.kinds,
    )
    copied.time, copied.turn, copied.won = world.time, world.turn, world.won
    copied.strength, copied.nourishment = world.strength, world.nourishment
    for depth in sorted(world.kept):  # a save stores them by depth
        copied.kept[depth] = _copy_floor(world.kept[depth], depth)
    copied.rng.bit_generator.state = world.rng.bit_generator.state
    copied.kills.update(world.kills)
    fellowship = world.fellowship
    copied.fellowship = Fellowship(fellowship.freed, dict(fellowship.kills), list(fellowship.lost))
    journal = world.journal
    copied.journal = Journal(
        list(journal.start_fov), list(journal.commands), list(journal.checksums), journal.base
    )  # a recorded command is never changed: the lists in it are shared
    copied.inventory = list(map(_CARRIED, world.inventory))
    known: set[str] = set()
    for key in sorted(world.identity.known):  # as a save lists them
        known.add(key)
    copied.identity = Identity(dict(world.identity.looks), known)
    return copied


def _item_copier(kept: tuple[str, ...]) -> Callable[[Item], Item]:
    """An item made anew from the fields in ``kept``, the others their defaults: as the
    codec's loaders make it."""
    unknown = set(kept) - {f.name for f in fields(Item)}
    if unknown:
        raise ValueError(f"items have no field {min(unknown)!r}")
    every = fields(Item)
    row = operator.attrgetter(*(f.name for f in every if f.name in kept))
    at = [n for n, f in enumerate(every) if f.name in kept]
    defaults: list[Any] = [f.default for f in every]
    if MISSING in [defaults[n] for n in range(len(every)) if n not in at]:
        raise ValueError("a field with no default is not kept")

    def copy(item: Item) -> Item:
        values = defaults.copy()  # positional: a third of the cost of keywords
        for n, value in zip(at, row(item), strict=True):
            values[n] = value
        return Item(*values)

    return copy


_FLOOR_ITEM = _item_copier(FLOOR_ITEM)
_CARRIED = _item_copier(CARRIED)


def _copy_floor(floor: Floor, depth: int) -> Floor:
    """A floor as ``snapshot._load_floor`` and the column loaders make it."""
    copied = Floor(floor.tiles.copy(), floor.start, floor.stairs, rooms=list(floor.rooms))
    copied.depth = depth
    copied.explored[...] = floor.explored
    copied.mapped[...] = floor.mapped
    for actor in map(_copy_actor, floor.actors.values()):
        copied.actors[actor.id] = actor
        if actor.blocks:
            copied.occupant[actor.x, actor.y] = actor.id
    copied.items = list(map(_FLOOR_ITEM, floor.items))
    for trap in floor.traps.values():
        copied.traps[trap.position] = Trap(trap.kind, trap.x, trap.y, trap.hidden)
    if floor.gas_active:  # a save holds the gas only while some is left
        copied.gas[...] = floor.gas
        copied.gas_active = bool(copied.gas.any())
        if copied.gas_active:
            copied.gas_kind[...] = floor.gas_kind
            copied.dark_version = 1
    if floor.fire_active:
        copied.fire[...] = floor.fire
        copied.fire_active = bool(copied.fire.any())
    copied.seen_items = dict(floor.seen_items)
    copied.fixtures = dict(floor.fixtures)
    copied.left_at, copied.calm_since = floor.left_at, floor.calm_since
    return copied


def _copy_actor(actor: Actor) -> Actor:
    row = list(_ACTOR_ROW(actor))
    row[_STATUSES] = dict(row[_STATUSES])
    return Actor(*row)
