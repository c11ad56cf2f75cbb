"""The terrain kinds: plain ints that index every per-kind table."""

from __future__ import annotations

import pickle

import numpy as np

from emberdeep.engine.core.floor import TILE_NAMES, TILE_TRANSPARENT, TILE_WALKABLE, Floor, Tile
from emberdeep.engine.play.rules import cells_are_views


def test_each_tile_name_is_found_at_its_kinds_value() -> None:
    kinds = {name: value for name, value in vars(Tile).items() if name.isupper()}
    assert sorted(kinds.values()) == list(range(len(kinds)))
    assert all(TILE_NAMES[value] == name.lower() for name, value in kinds.items())
    assert len(TILE_WALKABLE) == len(TILE_TRANSPARENT) == len(TILE_NAMES)


def a_floor() -> Floor:
    tiles = np.full((6, 4), Tile.FLOOR, dtype=np.uint8)
    tiles[0, :] = Tile.WALL
    tiles[3, 2] = Tile.CLOSED_DOOR
    return Floor(tiles, start=(1, 1), stairs=(4, 2))


def test_the_cell_views_read_and_write_the_floors_arrays() -> None:
    """A turn reads cells through the memoryviews (``Floor._view_cells``): what numpy
    holds, and a step written through them is in ``occupant`` too."""
    floor = a_floor()
    floor.visible[2, 3] = True
    assert floor.tile_cells[3, 2] == Tile.CLOSED_DOOR and floor.tile_cells[1, 1] == Tile.FLOOR
    assert not floor.walkable_cells[0, 2] and floor.walkable_cells[1, 2]
    assert floor.visible_cells[2, 3] and not floor.visible_cells[3, 2]
    floor.occupant_cells[4, 1] = 7
    assert floor.occupant[4, 1] == 7
    assert cells_are_views(floor) is None


def test_an_array_replaced_instead_of_changed_breaks_a_rule() -> None:
    """The views would go on reading the old array: the invariants name it."""
    floor = a_floor()
    floor.walkable = floor.walkable.copy()
    assert cells_are_views(floor) == "a cell view is not of the floor's array"


def test_a_pickled_floor_comes_back_with_views_of_its_own_arrays() -> None:
    """Only the bench's tutorial save pickles a floor; a memoryview cannot be pickled,
    so the views are left out and made again."""
    floor = a_floor()
    floor.occupant[2, 2] = 5
    again = pickle.loads(pickle.dumps(floor))
    assert cells_are_views(again) is None
    assert again.occupant_cells[2, 2] == 5
