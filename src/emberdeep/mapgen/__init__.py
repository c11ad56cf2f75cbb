"""Floor generators, registered by name. Adding a generator means adding one module here.

A generator is a function ``(params, rng) -> Floor`` plus a frozen dataclass of its
parameters. The dataclass fields (with their defaults and ``help`` metadata) are the
single description of a generator's knobs: the CLI and settings read them from here.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

import msgspec
import numpy as np

from emberdeep.engine.core.floor import Floor, FloorBuilder
from emberdeep.engine.creatures.spawning import Population
from emberdeep.records import Record


@dataclass(frozen=True, eq=False, repr=False)
class BaseParams(Record):
    """Parameters every generator shares."""

    width: int = dataclasses.field(default=80, metadata={"help": "map width in tiles"})
    height: int = dataclasses.field(default=45, metadata={"help": "map height in tiles"})

    def validate(self) -> None:
        """Raise ValueError with a player-readable reason when the parameters cannot work."""
        if not (8 <= self.width <= 1000 and 8 <= self.height <= 1000):
            raise ValueError("width and height must be between 8 and 1000")


P = TypeVar("P", bound=BaseParams)


class Generator(msgspec.Struct, Generic[P], frozen=True):
    """A registered floor generator: its name, its parameters' type and its build function."""

    name: str
    params_type: type[P]
    build: Callable[[P, np.random.Generator], Floor]
    summary: str

    def params(self, **overrides: Any) -> P:
        """Defaults with ``overrides`` applied, validated."""
        params = self.params_type(**overrides)
        params.validate()
        return params


GENERATORS: dict[str, Generator[Any]] = {}


def register(
    name: str, params_type: type[P]
) -> Callable[
    [Callable[[P, np.random.Generator], Floor]], Callable[[P, np.random.Generator], Floor]
]:
    """Decorator: make a build function available under ``name``."""

    def wrap(
        build: Callable[[P, np.random.Generator], Floor],
    ) -> Callable[[P, np.random.Generator], Floor]:
        summary = (build.__doc__ or name).strip().splitlines()[0]
        GENERATORS[name] = Generator(name, params_type, build, summary)
        return build

    return wrap


def get(name: str) -> Generator[Any]:
    try:
        return GENERATORS[name]
    except KeyError:
        known = ", ".join(sorted(GENERATORS))
        raise ValueError(f"unknown generator {name!r} (known: {known})") from None


class LevelPlan(msgspec.Struct, frozen=True):
    """From ``from_depth`` down (until the next plan), floors come from this generator."""

    from_depth: int
    generator: str
    params: BaseParams
    hazards: tuple[tuple[str, int], ...] = ()
    """(hazard name in ``hazards.HAZARDS``, how many pools) for each floor."""
    vault: int = 0
    """Percent chance of a locked vault (``vaults.py``) on each floor."""
    grass: int = 0
    """Percent of each floor's plain ground grown over with grass (``vegetation.py``)."""


def plan_builder(
    plan: Sequence[LevelPlan],
    population: Population | None = None,
    pieces: SetPieces | None = None,
) -> FloorBuilder:
    """A ``World`` floor builder following ``plan`` (sorted by depth), then monsters and
    items from ``population`` (none without one), then set ``pieces`` (none without a
    population), all from the floor's own stream."""
    if not plan or plan[0].from_depth != 1:
        raise ValueError("a dungeon plan must start at depth 1")

    def build(depth: int, rng: np.random.Generator) -> Floor:
        level = [p for p in plan if p.from_depth <= depth][-1]
        floor = GENERATORS[level.generator].build(level.params, rng)
        floor.depth = depth
        for kind, count in level.hazards:
            hazards.add_pools(floor, kind, count, rng)
        arrival = None
        if population is not None:
            arrival = Arrival.of(floor, connected=True)  # one search serves all four
            populate(floor, population, depth, rng, arrival)
            if population.traps is not None:
                traps.place_traps(floor, population.traps, depth, rng, arrival)
            if level.vault and int(rng.integers(100)) < level.vault:
                vaults.add_vault(floor, population.items, depth, rng, arrival)
        fixtures.place_fixtures(floor, rng)
        if population is not None and population.captives is not None and arrival is not None:
            # Last: the draws before it are the same with or without captives.
            captives.place_captive(
                floor,
                population.captives,
                monsters=population.monsters,
                depth=depth,
                rng=rng,
                arrival=arrival,
            )
        if population is not None and pieces is not None and arrival is not None:
            # After the captive: the rest of the floor's draws are as they were.
            setpieces.place(
                floor, pieces, population=population, depth=depth, rng=rng, arrival=arrival
            )
        vegetation.grow(floor, level.grass, rng)  # after everything: it moves nothing
        return floor

    return build


def floor_builder(
    name: str,
    population: Population | None = None,
    pieces: SetPieces | None = None,
    **overrides: Any,
) -> FloorBuilder:
    """A builder using generator ``name`` (with ``overrides``) at every depth."""
    return plan_builder([LevelPlan(1, name, get(name).params(**overrides))], population, pieces)


# Importing the modules registers them.
from emberdeep.mapgen import (  # noqa: E402
    bsp,
    captives,
    caves,
    fixtures,
    hazards,
    rooms,
    setpieces,
    traps,
    vaults,
    vegetation,
)
from emberdeep.mapgen.populate import Arrival, populate  # noqa: E402
from emberdeep.mapgen.setpiece_site import SetPieces  # noqa: E402

__all__ = [
    "GENERATORS",
    "BaseParams",
    "Generator",
    "bsp",
    "caves",
    "floor_builder",
    "get",
    "register",
    "rooms",
]
