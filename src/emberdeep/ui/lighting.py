"""Light on the map: how brightly, and in what colour, each cell in view is drawn.

A floor's light is the sum of its sources (``content/lights.toml``): the still ones
(fixtures that mapgen placed, glowing terrain such as lava), worked out once per floor
and terrain (a door opening may let a torch's light through), and the moving ones (the
hero's own light, glowing creatures and items in view), added each frame. Each source is
a stamp: its falloff kernel, cut by what it can see (its field of view over the floor's
transparency), times its colour. The screen multiplies each cell's colours by
``ambient + light``, capped at ``brightest``: everything is numpy over the whole floor,
and nothing here changes what the player sees, only how it is drawn.
"""

from __future__ import annotations

import functools

import numpy as np
import tcod.constants
import tcod.map
from numpy.typing import NDArray

from emberdeep.content.lights import Light, Lights
from emberdeep.content.loader import Content
from emberdeep.engine.core.floor import TILE_NAMES, Floor
from emberdeep.engine.core.perception import in_sight
from emberdeep.engine.play.world import World

LightMap = NDArray[np.float32]
"""(width, height, 3): the factor each cell's red, green and blue are drawn at."""


@functools.cache
def kernel(light: Light) -> NDArray[np.float32]:
    """(2r+1, 2r+1, 3): the light's strength and colour around its centre, before walls."""
    r = light.radius
    offsets = np.arange(-r, r + 1, dtype=np.float32)
    distance = np.hypot(offsets[:, None], offsets[None, :])
    strength = np.clip(1 - distance / (r + 0.5), 0, 1) ** light.falloff * light.intensity
    color = np.asarray(light.color, dtype=np.float32) / 255
    out: NDArray[np.float32] = (strength[..., None] * color).astype(np.float32)
    return out


def stamp(
    out: LightMap,
    transparent: NDArray[np.bool_],
    position: tuple[int, int],
    light: Light,
    *,
    seen: NDArray[np.bool_] | None = None,
) -> None:
    """Add ``light`` shining from ``position`` into ``out``, where it can reach: the
    cells in its own field of view, or (``seen``, e.g. the player's view for the player's
    light) those already known to be in sight of it. A light set in a wall (a torch)
    shines from the open cell beside it, so it never lights the far side of its wall."""
    width, height = transparent.shape
    x, y = position
    r = light.radius
    x0, y0, x1, y1 = max(x - r, 0), max(y - r, 0), min(x + r + 1, width), min(y + r + 1, height)
    if x0 >= x1 or y0 >= y1:
        return
    window = (slice(x0, x1), slice(y0, y1))
    if seen is not None:
        reach = seen[window]
    else:
        local = transparent[window]
        origin = _open_side(local, (x - x0, y - y0))
        reach = tcod.map.compute_fov(
            local, origin, r, light_walls=True, algorithm=tcod.constants.FOV_SYMMETRIC_SHADOWCAST
        )
        reach[x - x0, y - y0] = True
    k = kernel(light)[x0 - x + r : x1 - x + r, y0 - y + r : y1 - y + r]
    out[window] += k * reach[..., None]


def _open_side(local: NDArray[np.bool_], origin: tuple[int, int]) -> tuple[int, int]:
    """The cell a light at ``origin`` shines from: itself if open, else the first open
    cell beside it (down, up, right, left), else itself."""
    if local[origin]:
        return origin
    x, y = origin
    for dx, dy in ((0, 1), (0, -1), (1, 0), (-1, 0)):
        nx, ny = x + dx, y + dy
        if 0 <= nx < local.shape[0] and 0 <= ny < local.shape[1] and local[nx, ny]:
            return nx, ny
    return origin


def still_light(floor: Floor, lights: Lights) -> LightMap:
    """The light of the floor's fixtures and glowing terrain, before the ambient."""
    out = np.zeros((*floor.size, 3), dtype=np.float32)
    for position, name in floor.fixtures.items():
        fixture = lights.fixtures.get(name)
        if fixture is not None:
            stamp(out, floor.transparent, position, fixture.light)
    for name, light in lights.terrain.items():
        tile = TILE_NAMES.index(name)
        for x, y in np.argwhere(floor.tiles == tile).tolist():
            stamp(out, floor.transparent, (x, y), light)
    return out


class Lighting:
    """One screen's light: the still part kept per floor and terrain, the whole kept until
    the world moves on (a frame of an animation, or the pointer moving, asks again)."""

    def __init__(self) -> None:
        self.key: tuple[object, ...] = ()
        self.still: LightMap | None = None
        self.frame_key: tuple[object, ...] = ()
        self.last: LightMap | None = None

    def light(self, world: World, content: Content) -> LightMap | None:
        """The factor every cell of the floor is drawn at (meaningful where in view), or
        None when the content lights nothing (every cell as its colours say)."""
        lights = content.lights
        if lights.player is None:
            return None
        floor = world.floor
        key = (id(floor), floor.terrain_version, len(floor.fixtures), id(lights))
        now = (key, world.time, world.turn, world.player.position, len(floor.items))
        if self.last is not None and now == self.frame_key:
            return self.last
        if self.still is None or key != self.key:
            self.key, self.still = key, still_light(floor, lights)
        self.frame_key, self.last = now, self.moving_light(world, lights, self.still)
        return self.last

    @staticmethod
    def moving_light(world: World, lights: Lights, still: LightMap) -> LightMap:
        """``still`` with the ambient, the hero's light and what glows in view added."""
        assert lights.player is not None
        floor = world.floor
        out: LightMap = still + np.float32(lights.ambient)
        player = world.player
        stamp(out, floor.transparent, player.position, lights.player, seen=floor.visible)
        visible = floor.visible
        for actor in floor.actors.values():
            glow = lights.glow.get(actor.kind)
            if glow is not None and actor.alive and in_sight(floor, actor):
                stamp(out, floor.transparent, actor.position, glow)
        for item in floor.items:
            glow = lights.glow.get(item.kind.key)
            if glow is not None and visible[item.position]:
                stamp(out, floor.transparent, item.position, glow)
        if floor.fire_active and lights.fire is not None:
            for x, y in np.argwhere((floor.fire > 0) & visible).tolist():
                stamp(out, floor.transparent, (x, y), lights.fire)
        np.minimum(out, np.float32(lights.brightest), out=out)
        return out
