"""Wiring a new game from settings and content: shared by the CLI, the bench and tests."""

from __future__ import annotations

from emberdeep import mapgen
from emberdeep.config import Settings
from emberdeep.content.loader import Content
from emberdeep.engine.core.floor import Floor, FloorBuilder
from emberdeep.engine.core.rng import floor_stream
from emberdeep.engine.play.world import World


def floor_builder(
    settings: Settings, content: Content, generator: str | None = None
) -> FloorBuilder:
    """Content's plan of generators by depth, unless a generator is forced for every depth."""
    forced = generator or settings.generator
    if forced != "auto":
        return mapgen.floor_builder(forced, content.population, content.setpieces)
    return mapgen.plan_builder(content.dungeon, content.population, content.setpieces)


def dungeon_floor(seed: int, depth: int, content: Content) -> Floor:
    """Floor ``depth`` of game ``seed`` as the game builds it (content's plan, monsters,
    items, traps, set pieces): ``emberdeep mapgen --dungeon``."""
    return floor_builder(Settings(), content)(depth, floor_stream(seed, depth))


def new_world(
    seed: int, settings: Settings, content: Content, generator: str | None = None
) -> World:
    return World(seed, floor_builder(settings, content, generator), settings.fov, content.hero)
