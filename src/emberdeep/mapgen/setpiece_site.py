"""What a set piece is (content's ``setpieces.toml`` made data) and the ``Site`` a form
builds one on: the floor, the kind, where things may go, and the helpers every form
uses to put down its monsters and its reward (``setpiece_forms.py``)."""

from __future__ import annotations

from collections.abc import Callable

import msgspec
import numpy as np
from numpy.typing import NDArray

from emberdeep.engine.core.actors import Actor, ActorKind, Mode
from emberdeep.engine.core.floor import Floor, Tile
from emberdeep.engine.creatures.gear import forge
from emberdeep.engine.creatures.spawning import ByDepth, Population
from emberdeep.engine.terrain.traps import TrapKind
from emberdeep.mapgen.populate import FIRST_MONSTER_ID, Arrival, pick_kinds


class SetPieceKind(msgspec.Struct, frozen=True):
    """One kind of set piece as content describes it."""

    key: str
    form: str
    """How it is built: a key of ``setpiece_forms.FORMS``."""
    depths: tuple[int, int]
    """The first and last depth it is found at."""
    weight: int
    monsters: tuple[ActorKind, ...] = ()
    """Who lives in it (the water's dwellers, the sleeping pack, the war party...)."""
    captive: ActorKind | None = None
    """The war party's prisoner."""
    trap: TrapKind | None = None
    """The plate or tripwire it is laid with."""
    treasure: int = 0
    """Items laid as its reward."""
    bonus: int = 0
    """The reward is drawn as if this many floors deeper."""


class SetPieces(msgspec.Struct, frozen=True):
    """Every kind, and how many a floor tries by depth."""

    kinds: tuple[SetPieceKind, ...]
    per_floor: ByDepth


class Site(msgspec.Struct):
    """What a form is given to build one set piece on a floor."""

    floor: Floor
    kind: SetPieceKind
    population: Population
    depth: int
    rng: np.random.Generator
    arrival: Arrival

    def free(self) -> NDArray[np.bool_]:
        """Plain floor where something may be placed (``Arrival.cells``) that no
        creature, item or trap holds."""
        floor = self.floor
        mask = np.zeros(floor.tiles.shape, dtype=np.bool_)
        cells = self.arrival.cells
        if len(cells):
            mask[cells[:, 0], cells[:, 1]] = True
        mask &= (floor.tiles == Tile.FLOOR) & (floor.occupant == 0)
        for item in floor.items:
            mask[item.x, item.y] = False
        for x, y in floor.traps:
            mask[x, y] = False
        return mask

    def monster(self, kind: ActorKind, x: int, y: int, mode: Mode | None = None) -> Actor:
        """``kind`` put at (x, y), in ``mode`` if given."""
        floor = self.floor
        actor = Actor.spawn(max(floor.actors, default=FIRST_MONSTER_ID - 1) + 1, kind, x, y)
        if mode is not None:
            actor.mode = mode
        floor.add_actor(actor)
        return actor

    def reward(self, spots: list[tuple[int, int]]) -> None:
        """The kind's ``treasure`` items, drawn as if ``bonus`` floors deeper, laid on
        ``spots`` in turn (the last spot holds the rest)."""
        if not self.kind.treasure or not spots:
            return
        items = self.population.items
        depth = self.depth + self.kind.bonus
        chances = items.chances_at(depth)  # (the goal and the keys are never drawn: weight 0)
        if chances is None:
            return
        picks = pick_kinds(self.rng, chances, self.kind.treasure)
        for n, pick in enumerate(picks.tolist()):
            item = forge(items.kinds[pick], depth, self.rng)
            item.x, item.y = spots[min(n, len(spots) - 1)]
            self.floor.items.append(item)


Form = Callable[[Site], tuple[int, int] | None]
"""Builds one set piece on ``site.floor`` and answers where it is, or None when it
finds no place (``setpieces.keep_whole`` puts back what it changed)."""
