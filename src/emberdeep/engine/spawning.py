"""What appears on a floor, and how often, by depth (the tutorial's ``from_dungeon_level``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Generic, TypeVar

from emberdeep.engine.actors import ActorKind
from emberdeep.engine.items import ItemKind

if TYPE_CHECKING:
    from emberdeep.engine.traps import TrapKind

K = TypeVar("K")


@dataclass(frozen=True)
class ByDepth:
    """A value that changes with depth: ``steps`` are (from_depth, value), sorted by depth.
    The value at a depth is the one of the deepest step at or above it."""

    steps: tuple[tuple[int, int], ...]

    def at(self, depth: int) -> int:
        value = 0
        for from_depth, step_value in self.steps:
            if from_depth > depth:
                break
            value = step_value
        return value


@dataclass(frozen=True)
class SpawnTable(Generic[K]):
    """Kinds that can appear, their weights by depth, and how many at most per room."""

    kinds: tuple[K, ...]
    weights: tuple[ByDepth, ...]
    """Spawn weight of each kind, by depth (parallel to ``kinds``)."""
    per_room: ByDepth
    _by_depth: dict[int, tuple[int, ...]] = field(
        default_factory=dict, init=False, compare=False, hash=False, repr=False
    )
    """``weights_at`` once worked out (every new floor asks)."""

    def weights_at(self, depth: int) -> list[int]:
        found = self._by_depth.get(depth)
        if found is None:
            found = self._by_depth[depth] = tuple(w.at(depth) for w in self.weights)
        return list(found)


@dataclass(frozen=True)
class Population:
    """Everything a floor builder needs to fill a floor."""

    monsters: SpawnTable[ActorKind]
    items: SpawnTable[ItemKind]
    traps: SpawnTable[TrapKind] | None = None
    """Traps by depth; ``per_room`` counts per floor (mapgen/traps.py)."""
    goal: Goal | None = None
    """The treasure at the bottom and its guardian, placed on the goal's floor."""


@dataclass(frozen=True)
class Goal:
    """What the game is for: ``treasure`` lies on floor ``depth``, watched by ``guardian``;
    carrying it out of the dungeon wins."""

    depth: int
    treasure: ItemKind
    guardian: ActorKind
