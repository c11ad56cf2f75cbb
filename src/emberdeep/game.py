"""Wiring a new game from settings and content: shared by the CLI, the bench and tests."""

from __future__ import annotations

from emberdeep import mapgen
from emberdeep.config import Settings
from emberdeep.content.loader import Content
from emberdeep.engine.world import World


def new_world(
    seed: int, settings: Settings, content: Content, generator: str | None = None
) -> World:
    build = mapgen.floor_builder(generator or settings.generator, content.population)
    return World(seed, build, settings.fov, content.player)
