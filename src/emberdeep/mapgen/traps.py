"""Hidden traps on a new floor: kinds by depth from content, on open floor the player can
reach, never on the stairs or near the start (``populate.spawn_cells``)."""

from __future__ import annotations

import numpy as np

from emberdeep.engine.core.floor import Floor
from emberdeep.engine.core.rng import below
from emberdeep.engine.creatures.spawning import SpawnTable
from emberdeep.engine.terrain.traps import Trap, TrapKind
from emberdeep.mapgen.populate import Arrival, pick_kinds


def place_traps(
    floor: Floor,
    table: SpawnTable[TrapKind],
    depth: int,
    rng: np.random.Generator,
    arrival: Arrival | None = None,
) -> None:
    """Between none and the depth's ``per_room`` (per floor, here) traps, each hidden.
    ``arrival``: ``Arrival.of(floor)``, if already made."""
    chances = table.chances_at(depth)
    cells = (arrival or Arrival.of(floor)).cells
    if chances is None or not len(cells):
        return
    count = int(rng.integers(0, table.per_room.at(depth), endpoint=True))
    kinds = pick_kinds(rng, chances, count)
    where = cells[below(rng, len(cells), count)]
    for k, (x, y) in zip(kinds.tolist(), where.tolist(), strict=True):
        if (x, y) not in floor.traps:
            floor.traps[(x, y)] = Trap(table.kinds[k], x, y)
