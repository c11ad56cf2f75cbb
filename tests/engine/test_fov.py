"""The FOV handed to tcod only the square its radius spans sees exactly what tcod sees on
the whole floor."""

from __future__ import annotations

import numpy as np
import tcod.map
from hypothesis import given, settings
from hypothesis import strategies as st

from emberdeep.engine.core.floor import Floor
from emberdeep.engine.core.fov import ALGORITHMS, FovSettings, Sight, update_fov

SIGHT = Sight()
"""Kept across examples: its maps, reused, must hold nothing of the last call."""


@settings(max_examples=300, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    size=st.tuples(st.integers(1, 50), st.integers(1, 50)),
    algorithm=st.sampled_from(sorted(ALGORITHMS)),
    radius=st.integers(0, 14),
    light_walls=st.booleans(),
)
def test_the_fov_is_tcods_on_the_whole_floor(
    seed: int, size: tuple[int, int], algorithm: str, radius: int, light_walls: bool
) -> None:
    rng = np.random.default_rng(seed)
    tiles = (rng.random(size) < rng.uniform(0.4, 0.95)).astype(np.uint8)  # floor or wall
    floor = Floor(tiles, start=(0, 0), stairs=(0, 0))
    pov = (int(rng.integers(size[0])), int(rng.integers(size[1])))
    floor.visible[...] = rng.random(size) < 0.5  # what was in view before: all replaced
    remembered = rng.random(size) < 0.3
    floor.explored[...] = remembered
    update_fov(floor, pov, FovSettings(algorithm, radius, light_walls), SIGHT)
    expected = tcod.map.compute_fov(
        floor.transparent, pov, radius, light_walls, ALGORITHMS[algorithm]
    )
    assert (floor.visible == expected).all()
    assert (floor.explored == (remembered | expected)).all()


def test_a_kept_map_forgets_the_last_view() -> None:
    """The same ``Sight`` for an open room, then a walled one of the same shape: the
    second sees only what its walls let through, nothing the first saw."""
    sight, settings = Sight(), FovSettings("symmetric", 4, True)
    open_room = Floor(np.ones((9, 9), np.uint8), start=(0, 0), stairs=(0, 0))
    update_fov(open_room, (4, 4), settings, sight)
    walled = np.zeros((9, 9), np.uint8)
    walled[3:6, 3:6] = 1
    closed_room = Floor(walled, start=(0, 0), stairs=(0, 0))
    update_fov(closed_room, (4, 4), settings, sight)
    assert open_room.visible.sum() > 40
    assert closed_room.visible.sum() == 25  # the 3x3 room and its lit walls
