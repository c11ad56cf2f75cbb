"""Field of view: which tiles the player sees now, and which they have ever seen."""

from __future__ import annotations

from dataclasses import dataclass

import tcod.constants
import tcod.map

from emberdeep.engine.floor import Floor

ALGORITHMS: dict[str, int] = {
    "basic": tcod.constants.FOV_BASIC,
    "diamond": tcod.constants.FOV_DIAMOND,
    "shadow": tcod.constants.FOV_SHADOW,
    **{f"permissive{n}": tcod.constants.FOV_PERMISSIVE_0 + n for n in range(9)},
    "restrictive": tcod.constants.FOV_RESTRICTIVE,
    "symmetric": tcod.constants.FOV_SYMMETRIC_SHADOWCAST,
}


@dataclass(frozen=True)
class FovSettings:
    """The libtcod tutorial's torch: radius 10, walls lit; ``radius`` 0 means unlimited."""

    algorithm: str = "symmetric"
    radius: int = 10
    light_walls: bool = True

    def __post_init__(self) -> None:
        if self.algorithm not in ALGORITHMS:
            raise ValueError(f"unknown FOV algorithm {self.algorithm!r}")
        if self.radius < 0:
            raise ValueError("FOV radius cannot be negative")


def update_fov(floor: Floor, pov: tuple[int, int], settings: FovSettings) -> None:
    """Recompute ``visible`` from ``pov`` and remember everything seen in ``explored``."""
    floor.visible[...] = tcod.map.compute_fov(
        floor.transparent,
        pov=pov,
        radius=settings.radius,
        light_walls=settings.light_walls,
        algorithm=ALGORITHMS[settings.algorithm],
    )
    floor.explored |= floor.visible
