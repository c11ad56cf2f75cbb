"""The way a click would walk, tinted on the map under the mouse.

The play screen asks for the path (``way_ahead.path_preview``: the steps travel takes,
in its order) and keeps it until something moves; this lays the tint over the cells of
each of its tiles that are in the map view, every console column of a wide tile.
"""

from __future__ import annotations

import numpy as np
import tcod.console

from emberdeep.ui.render import Region

PATH_TINT = np.array((40, 110, 200))


def tint(
    console: tcod.console.Console,
    path: list[tuple[int, int]],
    view: Region,
    origin: tuple[int, int],
) -> None:
    """Blend ``PATH_TINT`` into the background of the floor cells ``path`` in ``view``
    (its top-left tile at floor position ``origin``)."""
    cells = np.array(path) - origin
    cells[:, 0] *= view.columns
    cells += (view.x, view.y)
    if view.columns > 1:  # every cell of each tile
        cells = np.concatenate([cells + np.array((i, 0)) for i in range(view.columns)])
    inside = (cells[:, 0] >= view.x) & (cells[:, 1] >= view.y)
    inside &= (cells[:, 0] < view.x + view.width) & (cells[:, 1] < view.y + view.height)
    xs, ys = cells[inside].T
    bg = console.rgb["bg"][xs, ys].astype(np.int32)
    console.rgb["bg"][xs, ys] = (bg + PATH_TINT) // 2
