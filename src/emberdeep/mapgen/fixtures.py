"""Light fixtures on a new floor: torches on room walls, braziers in big rooms, glowing
fungus on cave floors, all from the floor's own stream.

Fixtures are scenery: nothing in the rules reads them (they never block, burn or hide
anything); the screens light the dungeon from them (``content/lights.toml`` says each
kind's colour and reach, ``ui/lighting.py`` mixes it in). They are placed last, after
every other draw from the floor's stream, so adding them changed no floor's layout,
monsters or items.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from emberdeep.engine.core.floor import Floor, Tile
from emberdeep.engine.core.rng import below

FIXTURES = ("torch", "brazier", "fungus")
"""Every fixture kind mapgen places; content must light each (``lights.toml``)."""
TORCH_CHANCE = 0.45
"""The share of rooms with a torch on their top wall."""
BRAZIER_AREA = 48
"""A room with at least this many dug tiles may have a brazier at its centre."""
BRAZIER_CHANCE = 0.3
FUNGUS_PER_TILES = 220
"""A roomless floor (a cave) has a patch of glowing fungus for this many open tiles."""
MAX_FUNGUS = 8


def place_fixtures(floor: Floor, rng: np.random.Generator) -> None:
    """Torches and braziers in some rooms; fungus on a floor without rooms."""
    tiles = floor.tiles
    keep = {floor.start, floor.stairs}
    rolls = rng.random((len(floor.rooms), 3))
    lit: NDArray[np.bool_] | None = None  # wall with dug floor right below, made if asked
    for room, (torch, brazier, where) in zip(floor.rooms, rolls.tolist(), strict=True):
        if torch < TORCH_CHANCE:
            # A wall cell on the room's top edge with dug floor right below it.
            if lit is None:
                lit = (tiles[:, :-1] == Tile.WALL) & (tiles[:, 1:] == Tile.FLOOR)
            choices = lit[room.x + 1 : room.x2, room.y].nonzero()[0].tolist()
            if choices:
                x = room.x + 1 + choices[int(where * len(choices))]
                floor.fixtures[(x, room.y)] = "torch"
        inner = (room.width - 2) * (room.height - 2)
        if inner >= BRAZIER_AREA and brazier < BRAZIER_CHANCE:
            centre = room.center
            if tiles.item(centre) == Tile.FLOOR and centre not in keep:
                floor.fixtures[centre] = "brazier"
    if not floor.rooms:
        open_cells = np.argwhere(tiles == Tile.FLOOR)
        count = min(MAX_FUNGUS, len(open_cells) // FUNGUS_PER_TILES)
        if count:
            for x, y in open_cells[below(rng, len(open_cells), count)].tolist():
                if (x, y) not in keep:
                    floor.fixtures[(x, y)] = "fungus"
