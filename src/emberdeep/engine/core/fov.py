"""Field of view: which tiles the player sees now, and which they have ever seen."""

from __future__ import annotations

import msgspec
import numpy as np
import tcod
import tcod.constants
from numpy.typing import NDArray

from emberdeep.engine.core.floor import Floor
from emberdeep.engine.core.tcod_map import TcodMap

ALGORITHMS: dict[str, int] = {
    "basic": tcod.constants.FOV_BASIC,
    "diamond": tcod.constants.FOV_DIAMOND,
    "shadow": tcod.constants.FOV_SHADOW,
    **{f"permissive{n}": tcod.constants.FOV_PERMISSIVE_0 + n for n in range(9)},
    "restrictive": tcod.constants.FOV_RESTRICTIVE,
    "symmetric": tcod.constants.FOV_SYMMETRIC_SHADOWCAST,
}


class FovSettings(msgspec.Struct, frozen=True):
    """The libtcod tutorial's torch: radius 10, walls lit; ``radius`` 0 means unlimited."""

    algorithm: str = "symmetric"
    radius: int = 10
    light_walls: bool = True

    def __post_init__(self) -> None:
        if self.algorithm not in ALGORITHMS:
            raise ValueError(f"unknown FOV algorithm {self.algorithm!r}")
        if self.radius < 0:
            raise ValueError("FOV radius cannot be negative")


SHAPES_KEPT = 4
"""Maps kept by a ``Sight``, one per shape (a torch's square; a floor smaller than it)."""


class Sight:
    """``tcod.map.compute_fov`` with its map kept between calls, one per shape: making
    the map was over half the cost of a torch's field of view."""

    def __init__(self) -> None:
        self._maps: dict[tuple[int, ...], TcodMap] = {}

    def compute(
        self, transparent: NDArray[np.bool_], pov: tuple[int, int], settings: FovSettings
    ) -> NDArray[np.bool_]:
        """What ``tcod.map.compute_fov`` gives for these arguments (its axes too: the
        first is libtcod's rows), valid until the next call."""
        shape = transparent.shape
        found = self._maps.get(shape)
        if found is None:
            if len(self._maps) >= SHAPES_KEPT:
                del self._maps[next(iter(self._maps))]  # the oldest shape
            found = self._maps[shape] = TcodMap((shape[0], shape[1]))
        cells = found.cells
        cells["transparent"] = transparent
        tcod.lib.TCOD_map_compute_fov(
            found.c, pov[1], pov[0], settings.radius, settings.light_walls,
            ALGORITHMS[settings.algorithm],
        )  # fmt: skip
        seen: NDArray[np.bool_] = cells["fov"]
        return seen


def span(centre: int, radius: int, size: int) -> slice:
    """The ``2 * radius + 1`` cells round ``centre``, moved inside ``0..size`` along the
    floor's edges (all of it on a smaller floor): one shape all over a floor, so that
    a ``Sight`` keeps one map for it."""
    length = min(2 * radius + 1, size)
    start = min(max(centre - radius, 0), size - length)
    return slice(start, start + length)


def update_fov(
    floor: Floor, pov: tuple[int, int], settings: FovSettings, sight: Sight | None = None
) -> None:
    """Recompute ``visible`` from ``pov`` and remember everything seen in ``explored``.

    With a radius, only a square of its span is handed to tcod (nothing beyond it can be
    seen, and tcod bounds every algorithm's rays by the radius), so a torch of 10 costs
    the same on a floor of any size. ``sight``: maps kept for the next call."""
    x, y = pov
    radius = settings.radius
    if radius > 0:
        box = (span(x, radius, floor.width), span(y, radius, floor.height))
        pov = (x - box[0].start, y - box[1].start)
    else:
        box = (slice(None), slice(None))
    seen = (sight or Sight()).compute(floor.see_through()[box], pov, settings)
    floor.visible[...] = False
    floor.visible[box] = seen
    floor.explored[box] |= seen
    floor.mapped[box] &= ~seen
    floor.sight_changed(box if radius > 0 else None)
