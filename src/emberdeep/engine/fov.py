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
    """Recompute ``visible`` from ``pov`` and remember everything seen in ``explored``.

    With a radius, only the square it spans is handed to tcod (nothing beyond it can be
    seen, and tcod bounds every algorithm's rays by that same square), so a torch of 10
    costs the same on a floor of any size."""
    x, y = pov
    radius = settings.radius
    if radius > 0:
        box = (
            slice(max(x - radius, 0), x + radius + 1),
            slice(max(y - radius, 0), y + radius + 1),
        )
        pov = (x - box[0].start, y - box[1].start)
    else:
        box = (slice(None), slice(None))
    seen = tcod.map.compute_fov(
        floor.transparent[box],
        pov=pov,
        radius=radius,
        light_walls=settings.light_walls,
        algorithm=ALGORITHMS[settings.algorithm],
    )
    floor.visible[...] = False
    floor.visible[box] = seen
    floor.explored[box] |= seen
    floor.sight_changed(box if radius > 0 else None)
