"""Monsters and items on a new floor, from content's spawn tables and the floor's stream."""

from __future__ import annotations

from typing import TypeVar

import numpy as np

from emberdeep.engine.actors import Actor
from emberdeep.engine.floor import Floor, Rect
from emberdeep.engine.items import Item
from emberdeep.engine.spawning import Population, SpawnTable

FIRST_MONSTER_ID = 2  # 1 is the player's
K = TypeVar("K")


def _placements(
    table: SpawnTable[K], room: Rect, depth: int, rng: np.random.Generator
) -> list[tuple[K, int, int]]:
    """Up to the depth's per-room maximum of (kind, x, y), kinds drawn by weight."""
    weights = np.array(table.weights_at(depth), dtype=np.float64)
    if weights.sum() <= 0:
        return []
    probabilities = weights / weights.sum()
    inner_x, inner_y = room.inner
    placed = []
    for _ in range(int(rng.integers(0, table.per_room.at(depth), endpoint=True))):
        x = int(rng.integers(inner_x.start, inner_x.stop))
        y = int(rng.integers(inner_y.start, inner_y.stop))
        placed.append((table.kinds[int(rng.choice(len(weights), p=probabilities))], x, y))
    return placed


def populate(floor: Floor, population: Population, depth: int, rng: np.random.Generator) -> None:
    """Fill every room but the player's starting one; nothing on the start or the stairs,
    creatures never on each other, items never in a pile."""
    next_id = max(floor.actors, default=FIRST_MONSTER_ID - 1) + 1
    for room in floor.rooms:
        if room.encloses(*floor.start):
            continue
        for kind, x, y in _placements(population.monsters, room, depth, rng):
            if (x, y) in (floor.stairs, floor.start) or not floor.is_free(x, y):
                continue
            floor.add_actor(Actor.spawn(next_id, kind, x, y))
            next_id += 1
        for item_kind, x, y in _placements(population.items, room, depth, rng):
            if (x, y) in (floor.stairs, floor.start) or floor.items_at(x, y):
                continue
            floor.items.append(Item(item_kind, x, y))
