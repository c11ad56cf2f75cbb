"""BSP floors, drawn in one loop over the stream's halves, paired as one table and dug as
one mask, must be the floors of the plain design: ``tcod.bsp``'s tree in post order, a
room a leaf from numpy's own calls, a corridor a split between the first nearest pair of
rooms across it (the whole table of gaps), dug slice by slice."""

from __future__ import annotations

import numpy as np
import tcod.bsp
import tcod.random
from hypothesis import given, settings
from hypothesis import strategies as st
from numpy.typing import NDArray

from emberdeep.engine.core.floor import Rect, Tile
from emberdeep.engine.core.rng import floor_stream, sub_seed
from emberdeep.mapgen import bsp
from emberdeep.mapgen.carve import dug_boxes

Centre = tuple[int, int]


def plain_bsp(
    params: bsp.BspParams, rng: np.random.Generator
) -> tuple[NDArray[np.uint8], list[Rect]]:
    """The design as first written: a Python object a node, a numpy call a number."""
    tiles = np.full((params.width, params.height), Tile.WALL, dtype=np.uint8)
    root = tcod.bsp.BSP(0, 0, params.width, params.height)
    size = params.min_size + 1
    seed = tcod.random.Random(seed=sub_seed(rng))
    root.split_recursive(params.depth, size, size, 1.5, 1.5, seed=seed)
    under: dict[int, tuple[list[Rect], list[Centre]]] = {}
    for node in root.post_order():
        if not node.children:
            if params.full_rooms:
                room = Rect(node.x, node.y, node.width, node.height)
            else:
                w = int(rng.integers(min(params.min_size, node.width), node.width, endpoint=True))
                h = int(rng.integers(min(params.min_size, node.height), node.height, endpoint=True))
                x = int(rng.integers(node.x, node.x + node.width - w, endpoint=True))
                y = int(rng.integers(node.y, node.y + node.height - h, endpoint=True))
                room = Rect(x, y, w, h)
            tiles[room.inner] = Tile.FLOOR
            under[id(node)] = [room], [room.center]
            continue
        left, right = node.children
        rooms, centres = under.pop(id(left))
        other_rooms, other_centres = under.pop(id(right))
        gaps = np.abs(np.array(centres)[:, None, :] - np.array(other_centres)[None, :, :])
        i, j = np.unravel_index(int(gaps.sum(axis=2).argmin()), (len(centres), len(other_centres)))
        (x1, y1), (x2, y2) = centres[i], other_centres[j]
        if rng.random() < 0.5:  # along x first: the corner at (x2, y1)
            tiles[min(x1, x2) : max(x1, x2) + 1, y1] = Tile.FLOOR
            tiles[x2, min(y1, y2) : max(y1, y2) + 1] = Tile.FLOOR
        else:
            tiles[x1, min(y1, y2) : max(y1, y2) + 1] = Tile.FLOOR
            tiles[min(x1, x2) : max(x1, x2) + 1, y2] = Tile.FLOOR
        under[id(node)] = rooms + other_rooms, centres + other_centres
    return tiles, under[id(root)][0]


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 2**20),
    size=st.sampled_from([(80, 45), (40, 30), (12, 9), (120, 60)]),
    depth=st.integers(0, 12),
    min_size=st.integers(4, 8),
    full_rooms=st.booleans(),
    offset=st.booleans(),
)
def test_floors_are_the_plain_designs(
    seed: int,
    size: tuple[int, int],
    depth: int,
    min_size: int,
    full_rooms: bool,
    offset: bool,
) -> None:
    """The same tiles, rooms, start and stairs, and the stream left in the same state
    (the start and stairs are drawn after the rooms: they would differ otherwise)."""
    params = bsp.BspParams(
        width=size[0], height=size[1], depth=depth, min_size=min_size, full_rooms=full_rooms
    )
    params.validate()
    ours, theirs = floor_stream(seed, 1), floor_stream(seed, 1)
    if offset:  # a half word already kept by the stream
        assert ours.integers(9, endpoint=True) == theirs.integers(9, endpoint=True)
    floor = bsp.generate(params, ours)
    tiles, rooms = plain_bsp(params, theirs)
    assert floor.rooms == rooms
    order = theirs.permutation(len(rooms))
    assert floor.start == rooms[order[0]].center
    if len(rooms) > 1:
        assert floor.stairs == rooms[order[1]].center
        tiles[floor.stairs] = Tile.STAIRS_DOWN
        assert np.array_equal(floor.tiles, tiles)
    assert ours.bit_generator.state == theirs.bit_generator.state


@settings(max_examples=100, deadline=None)
@given(
    boxes=st.lists(
        st.tuples(st.integers(0, 19), st.integers(0, 14), st.integers(0, 6), st.integers(0, 6)),
        max_size=30,
    )
)
def test_dug_boxes_are_the_boxes_slice_by_slice(boxes: list[tuple[int, int, int, int]]) -> None:
    expected = np.zeros((20, 15), dtype=np.bool_)
    for x, y, w, h in boxes:
        expected[x : x + w + 1, y : y + h + 1] = True
    x0, y0, w, h = np.array(boxes, dtype=np.int64).reshape(-1, 4).T
    x1, y1 = np.minimum(x0 + w, 19), np.minimum(y0 + h, 14)
    assert np.array_equal(dug_boxes((20, 15), x0, y0, x1, y1), expected)
