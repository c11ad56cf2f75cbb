from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from emberdeep import mapgen
from emberdeep.engine.core.distance import UNREACHABLE, distance_map
from emberdeep.engine.core.floor import Floor, Tile
from emberdeep.engine.core.rng import floor_stream
from emberdeep.mapgen.carve import floor_problems, to_text
from emberdeep.mapgen.loops import add_loops
from emberdeep.mapgen.reach import Reach

SEEDS = st.integers(0, 2**63 - 1)


def build(name: str, seed: int, level: int = 1, **params: Any) -> Floor:
    return mapgen.floor_builder(name, **params)(level, floor_stream(seed, level))


@settings(max_examples=300, deadline=None)
@given(seed=SEEDS, name=st.sampled_from(sorted(mapgen.GENERATORS)))
def test_every_generator_makes_playable_floors(seed: int, name: str) -> None:
    """Every registered generator, not a fixed list: a new one is checked by being added."""
    assert floor_problems(build(name, seed)) == []


@settings(max_examples=200, deadline=None)
@given(
    seed=SEEDS,
    width=st.integers(12, 120),
    height=st.integers(12, 70),
    max_rooms=st.integers(1, 60),
    sizes=st.tuples(st.integers(3, 10), st.integers(3, 10)).map(sorted),
)
def test_rooms_with_any_valid_params_are_playable(
    seed: int, width: int, height: int, max_rooms: int, sizes: list[int]
) -> None:
    floor = build(
        "rooms", seed, width=width, height=height, max_rooms=max_rooms,
        room_min_size=sizes[0], room_max_size=sizes[1],
    )  # fmt: skip
    assert floor.tiles.shape == (width, height)
    assert floor_problems(floor) == []
    for i, room in enumerate(floor.rooms):
        assert not any(room.intersects(other) for other in floor.rooms[i + 1 :])


@settings(max_examples=200, deadline=None)
@given(
    seed=SEEDS,
    width=st.integers(8, 120),
    height=st.integers(8, 70),
    depth=st.integers(0, 12),
    min_size=st.integers(4, 8),
    full_rooms=st.booleans(),
)
def test_bsp_with_any_valid_params_is_playable(
    seed: int, width: int, height: int, depth: int, min_size: int, full_rooms: bool
) -> None:
    min_size = min(min_size, width, height)
    floor = build(
        "bsp", seed, width=width, height=height, depth=depth, min_size=min_size,
        full_rooms=full_rooms,
    )  # fmt: skip
    assert floor_problems(floor) == []


def test_tutorial_rooms_start_in_the_first_room_and_stairs_in_the_last() -> None:
    floor = build("rooms", 3)
    assert floor.start == floor.rooms[0].center
    assert floor.stairs == floor.rooms[-1].center
    assert len(floor.rooms) > 5


def test_bsp_puts_player_and_stairs_in_different_rooms() -> None:
    for seed in range(30):
        floor = build("bsp", seed)
        start_rooms = {i for i, r in enumerate(floor.rooms) if r.encloses(*floor.start)}
        stairs_rooms = {i for i, r in enumerate(floor.rooms) if r.encloses(*floor.stairs)}
        assert start_rooms and stairs_rooms and not start_rooms & stairs_rooms


def test_full_rooms_fill_their_leaves() -> None:
    full = build("bsp", 11, full_rooms=True)
    partial = build("bsp", 11, full_rooms=False)
    assert (full.tiles != Tile.WALL).sum() > (partial.tiles != Tile.WALL).sum()


@pytest.mark.parametrize("name", sorted(mapgen.GENERATORS))
def test_same_seed_same_floor_whatever_the_order(name: str) -> None:
    first = [build(name, 99, level).tiles for level in (1, 2, 3)]
    reverse = [build(name, 99, level).tiles for level in (3, 2, 1)][::-1]
    for a, b in zip(first, reverse, strict=True):
        assert a.tobytes() == b.tobytes()
    assert first[0].tobytes() != first[1].tobytes()
    assert build(name, 98).tiles.tobytes() != first[0].tobytes()


@pytest.mark.parametrize(
    ("name", "params", "message"),
    [
        ("rooms", {"room_min_size": 8, "room_max_size": 6}, "room_min_size"),
        ("rooms", {"width": 10, "room_max_size": 10}, "smaller than width"),
        ("rooms", {"max_rooms": 0}, "max_rooms"),
        ("bsp", {"min_size": 2}, "min_size"),
        ("bsp", {"depth": 40}, "depth"),
        ("bsp", {"width": 3}, "between 8 and 1000"),
        ("bsp", {"loops": 51}, "loops"),
        ("caves", {"fill": 90}, "fill"),
        ("caves", {"smoothing": -1}, "smoothing"),
    ],
)
def test_impossible_params_are_refused_with_a_reason(
    name: str, params: dict[str, Any], message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        mapgen.floor_builder(name, **params)


def test_unknown_generator_names_the_known_ones() -> None:
    with pytest.raises(ValueError, match="bsp, caves, rooms"):
        mapgen.get("caves-that-do-not-exist")


def test_text_form_marks_start_and_stairs() -> None:
    floor = build("rooms", 5)
    rows = to_text(floor).splitlines()
    assert len(rows) == floor.height and {len(r) for r in rows} == {floor.width}
    assert rows[floor.start[1]][floor.start[0]] == "@"
    assert rows[floor.stairs[1]][floor.stairs[0]] == ">"
    assert set("".join(rows)) == {"#", ".", "@", ">"}
    assert np.count_nonzero(floor.walkable) == sum(
        r.count(".") + r.count("@") + r.count(">") for r in rows
    )


@settings(max_examples=100, deadline=None)
@given(seed=SEEDS, name=st.sampled_from(["rooms", "bsp"]), loops=st.integers(0, 50))
def test_floors_with_loops_are_playable(seed: int, name: str, loops: int) -> None:
    assert floor_problems(build(name, seed, loops=loops)) == []


@settings(max_examples=100, deadline=None)
@given(
    seed=SEEDS,
    width=st.integers(8, 120),
    height=st.integers(8, 70),
    fill=st.integers(30, 60),
    smoothing=st.integers(0, 12),
    min_pocket=st.integers(1, 200),
)
def test_caves_with_any_valid_params_are_playable(
    seed: int, width: int, height: int, fill: int, smoothing: int, min_pocket: int
) -> None:
    floor = build(
        "caves", seed, width=width, height=height, fill=fill, smoothing=smoothing,
        min_pocket=min_pocket,
    )  # fmt: skip
    assert floor_problems(floor) == []
    assert floor.rooms == []


def test_caves_keep_their_pockets_joined_rather_than_dropped() -> None:
    """Every pocket worth keeping is joined, so the default cave is mostly open ground,
    not one surviving pocket or the fallback chamber."""
    for seed in range(10):
        assert 0.35 < build("caves", seed).walkable.mean() < 0.8


def test_a_loop_is_cut_where_it_saves_a_long_walk() -> None:
    """A U-shaped corridor whose ends are one wall apart: the one opening worth cutting."""
    tiles = np.full((30, 12), Tile.WALL, dtype=np.uint8)
    tiles[2:28, 2] = Tile.FLOOR  # top arm
    tiles[27, 2:5] = Tile.FLOOR  # the bend
    tiles[2:28, 4] = Tile.FLOOR  # bottom arm
    before = tiles.copy()
    assert add_loops(tiles, 1, np.random.default_rng(3)) == 1
    opened = np.argwhere(tiles != before)
    assert int(opened[0][1]) == 3
    assert int(opened[0][0]) < 18  # where it saves a long walk, not beside the bend


@settings(max_examples=200, deadline=None)
@given(
    shape=st.tuples(st.integers(1, 40), st.integers(1, 40)),
    seed=st.integers(0, 2**32 - 1),
    walls=st.floats(0.0, 0.6),
    steps=st.integers(0, 60),
)
def test_the_bit_search_agrees_with_a_distance_map(
    shape: tuple[int, int], seed: int, walls: float, steps: int
) -> None:
    """The bit search answers exactly what a full distance map would, from every tile to
    one tile: within ``steps`` or not, reachable or not."""
    rng = np.random.default_rng(seed)
    tiles = np.where(rng.random(shape) < walls, Tile.WALL, Tile.FLOOR).astype(np.uint8)
    a = (int(rng.integers(shape[0])), int(rng.integers(shape[1])))
    tiles[a] = Tile.FLOOR
    goals = np.zeros(shape, dtype=np.bool_)
    goals[a] = True
    distance = distance_map((tiles != Tile.WALL).astype(np.int32), goals, 1, 1)
    bits = Reach(tiles != Tile.WALL)
    found = np.array([[bits.within(a, (x, y), steps) for y in range(shape[1])]
                      for x in range(shape[0])])  # fmt: skip
    assert (found == (distance <= steps)).all()
    assert (bits.around(a, steps) == (distance <= steps)).all()
    assert (bits.around(a) == (distance != UNREACHABLE)).all()


def test_a_dug_tile_joins_the_bit_search() -> None:
    tiles = np.full((5, 3), Tile.WALL, dtype=np.uint8)
    tiles[0, 1] = tiles[2, 1] = Tile.FLOOR
    bits = Reach(tiles != Tile.WALL)
    assert not bits.within((0, 1), (2, 1), 10)
    bits.open(1, 1)
    assert bits.within((0, 1), (2, 1), 2) and not bits.within((0, 1), (2, 1), 1)


def test_no_loop_is_cut_where_it_saves_little() -> None:
    tiles = np.full((12, 12), Tile.WALL, dtype=np.uint8)
    tiles[2:10, 2] = Tile.FLOOR
    tiles[9, 2:5] = Tile.FLOOR
    tiles[2:10, 4] = Tile.FLOOR
    assert add_loops(tiles, 5, np.random.default_rng(3)) == 0


@settings(max_examples=100, deadline=None)
@given(seed=SEEDS, name=st.sampled_from(["rooms", "bsp"]), doors=st.integers(0, 100))
def test_floors_with_doors_are_playable_and_doors_sit_in_walls(
    seed: int, name: str, doors: int
) -> None:
    floor = build(name, seed, doors=doors, loops=2)
    assert floor_problems(floor) == []
    for x, y in np.argwhere(floor.tiles == Tile.CLOSED_DOOR).tolist():
        across = floor.tiles[x - 1, y] == Tile.WALL and floor.tiles[x + 1, y] == Tile.WALL
        down = floor.tiles[x, y - 1] == Tile.WALL and floor.tiles[x, y + 1] == Tile.WALL
        assert across or down  # a one-wide gap
    if doors == 100:
        assert (floor.tiles == Tile.CLOSED_DOOR).any() or len(floor.rooms) < 2
