"""What appears on a floor, and how often, by depth (the tutorial's ``from_dungeon_level``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Generic, TypeVar

import msgspec
import numpy as np
from numpy.typing import NDArray

from emberdeep.engine.core.actors import ActorKind
from emberdeep.engine.things.items import ItemKind
from emberdeep.records import Record

if TYPE_CHECKING:
    from emberdeep.engine.terrain.traps import TrapKind

K = TypeVar("K")


class ByDepth(msgspec.Struct, frozen=True):
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


@dataclass(frozen=True, eq=False, repr=False)
class SpawnTable(Record, Generic[K]):
    """Kinds that can appear, their weights by depth, and how many at most per room."""

    kinds: tuple[K, ...]
    weights: tuple[ByDepth, ...]
    """Spawn weight of each kind, by depth (parallel to ``kinds``)."""
    per_room: ByDepth
    _by_depth: dict[int, tuple[int, ...]] = field(
        default_factory=dict, init=False, compare=False, hash=False, repr=False
    )
    """``weights_at`` once worked out (every new floor asks)."""
    _chances: dict[int, NDArray[np.float64] | None] = field(
        default_factory=dict, init=False, compare=False, hash=False, repr=False
    )
    """``chances_at`` once worked out."""

    def weights_at(self, depth: int) -> list[int]:
        found = self._by_depth.get(depth)
        if found is None:
            found = self._by_depth[depth] = tuple(w.at(depth) for w in self.weights)
        return list(found)

    def chances_at(self, depth: int) -> NDArray[np.float64] | None:
        """The depth's weights as cumulative chances (``cumulative``), read-only; None when
        nothing can appear there."""
        if depth not in self._chances:
            weights = np.array(self.weights_at(depth), dtype=np.float64)
            chances = cumulative(weights) if weights.sum() > 0 else None
            if chances is not None:
                chances.flags.writeable = False
            self._chances[depth] = chances
        return self._chances[depth]


def cumulative(weights: NDArray[np.float64]) -> NDArray[np.float64]:
    """Weights (not all 0) as the cumulative chances ``Generator.choice`` draws against,
    worked out exactly as it works them out, ending at exactly 1."""
    chances: NDArray[np.float64] = (weights / weights.sum()).cumsum()
    chances /= chances[-1]
    return chances


@dataclass(frozen=True, eq=False, repr=False)
class Population(Record):
    """Everything a floor builder needs to fill a floor."""

    monsters: SpawnTable[ActorKind]
    items: SpawnTable[ItemKind]
    traps: SpawnTable[TrapKind] | None = None
    """Traps by depth; ``per_room`` counts per floor (mapgen/traps.py)."""
    goal: Goal | None = None
    """The treasure at the bottom and its guardian, placed on the goal's floor."""
    per_floor: tuple[tuple[ItemKind, ByDepth], ...] = ()
    """Items every floor gets, so many by depth (the scrolls of enchanting)."""
    on_floors: tuple[tuple[ItemKind, tuple[int, ...]], ...] = ()
    """Items placed once on each of the floors listed (the rare potions of growth)."""
    captives: Captives | None = None
    """Who may be found in shackles, and how often (``mapgen/captives.py``)."""

    _placed: dict[int, tuple[ItemKind, ...]] = field(
        default_factory=dict, init=False, compare=False, hash=False, repr=False
    )
    """``placed`` once worked out (every new floor asks)."""

    def placed(self, depth: int) -> list[ItemKind]:
        """The items floor ``depth`` gets whatever its rooms, in content's order."""
        found = self._placed.get(depth)
        if found is None:
            every = [kind for kind, count in self.per_floor for _ in range(count.at(depth))]
            every += [kind for kind, floors in self.on_floors if depth in floors]
            found = self._placed[depth] = tuple(every)
        return list(found)


class Captives(msgspec.Struct, frozen=True):
    """Monsters found in shackles (Brogue's captives): on ``chance`` percent of the floors
    from ``from_depth`` down, one of ``kinds`` (by its weights at the depth; ``per_room``
    is unused), needing ``shackles`` turns of work, watched by ``captors`` (a count by
    depth) of the floor's own monsters."""

    kinds: SpawnTable[ActorKind]
    from_depth: int
    chance: int
    shackles: int
    captors: ByDepth


class Goal(msgspec.Struct, frozen=True):
    """What the game is for: ``treasure`` lies on floor ``depth``, watched by ``guardian``;
    carrying it out of the dungeon wins."""

    depth: int
    treasure: ItemKind
    guardian: ActorKind
