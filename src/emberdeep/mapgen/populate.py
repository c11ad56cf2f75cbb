"""Monsters on a new floor, from the content's bestiary and the floor's own random stream."""

from __future__ import annotations

import numpy as np

from emberdeep.engine.actors import Actor, Bestiary
from emberdeep.engine.floor import Floor

FIRST_MONSTER_ID = 2  # 1 is the player's


def populate(floor: Floor, bestiary: Bestiary, depth: int, rng: np.random.Generator) -> None:
    """Up to the depth's per-room maximum in every room but the player's starting one,
    never on walls, stairs, the start or each other."""
    weights = np.array(bestiary.weights_at(depth), dtype=np.float64)
    if weights.sum() <= 0:
        return
    probabilities = weights / weights.sum()
    most = bestiary.per_room.at(depth)
    next_id = max(floor.actors, default=FIRST_MONSTER_ID - 1) + 1
    for room in floor.rooms:
        if room.encloses(*floor.start):
            continue
        inner_x, inner_y = room.inner
        for _ in range(int(rng.integers(0, most, endpoint=True))):
            x = int(rng.integers(inner_x.start, inner_x.stop))
            y = int(rng.integers(inner_y.start, inner_y.stop))
            kind = bestiary.kinds[int(rng.choice(len(weights), p=probabilities))]
            if (x, y) in (floor.stairs, floor.start) or not floor.is_free(x, y):
                continue
            floor.add_actor(Actor.spawn(next_id, kind, x, y))
            next_id += 1
