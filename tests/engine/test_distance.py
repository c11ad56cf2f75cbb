from __future__ import annotations

import os

import numpy as np
import tcod.path
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from emberdeep.engine.core.distance import UNREACHABLE, Field, distance_map


def reference(cost: np.ndarray, goals: np.ndarray, cardinal: int, diagonal: int) -> np.ndarray:
    dist = tcod.path.maxarray(cost.shape, dtype=np.int32)
    dist[goals] = 0
    tcod.path.dijkstra2d(dist, cost, cardinal, diagonal, out=dist)
    return dist


@settings(max_examples=150, deadline=None)
@given(
    cost=arrays(np.int32, st.tuples(st.integers(1, 30), st.integers(1, 30)),
                elements=st.sampled_from([0, 1, 1, 1, 2])),
    seed=st.integers(0, 2**32 - 1),
    steps=st.sampled_from([(2, 3), (1, 1), (2, 2)]),
)  # fmt: skip
def test_same_distances_as_tcods_dijkstra(
    cost: np.ndarray, seed: int, steps: tuple[int, int]
) -> None:
    goals = np.random.default_rng(seed).random(cost.shape) < 0.05
    goals &= cost > 0
    ours = distance_map(cost, goals, *steps)
    assert ours.dtype == np.int32
    assert (ours == reference(cost, goals, *steps)).all()
    assert (ours[goals] == 0).all()
    assert (ours[cost == 0] == UNREACHABLE).all() or goals.any()


def resident_kib() -> int:
    """Current (not peak) resident memory, from /proc: a leak shows as growth here."""
    with open(f"/proc/{os.getpid()}/statm", encoding="ascii") as statm:
        return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") // 1024


def test_distance_maps_do_not_leak() -> None:
    """tcod 21.2.2's dijkstra2d leaks about 4 KB a call; ours must not grow."""
    cost = np.ones((80, 45), np.int32)
    goals = np.zeros(cost.shape, np.bool_)
    goals[5, 5] = True
    for _ in range(200):  # warm up allocator pools
        distance_map(cost, goals, 2, 3)
    before = resident_kib()
    for _ in range(4000):
        distance_map(cost, goals, 2, 3)
    assert resident_kib() - before < 4096  # a 4 KB-a-call leak would be 16 MB


@settings(max_examples=150, deadline=None)
@given(
    cost=arrays(np.int32, st.tuples(st.integers(1, 30), st.integers(1, 30)),
                elements=st.sampled_from([0, 1, 1, 1])),
    goal=st.tuples(st.integers(0, 29), st.integers(0, 29)),
    steps=st.sampled_from([(2, 3), (1, 1), (2, 2)]),
)  # fmt: skip
def test_a_field_reads_what_tcods_dijkstra_gives(
    cost: np.ndarray, goal: tuple[int, int], steps: tuple[int, int]
) -> None:
    """The monsters' maps (libtcod's classic Dijkstra, read a tile at a time) hold the
    same distances as the whole-map search, walls and tiles with no way there included."""
    x, y = goal[0] % cost.shape[0], goal[1] % cost.shape[1]
    cost[x, y] = max(int(cost[x, y]), 1)
    field = Field(cost.shape, *steps)
    field.walkable[...] = cost > 0
    field.compute(x, y)
    goals = np.zeros(cost.shape, np.bool_)
    goals[x, y] = True
    expected = reference(cost, goals, *steps)
    read = [[field.at(i, j) for j in range(cost.shape[1])] for i in range(cost.shape[0])]
    assert (np.array(read) == expected).all()


def test_fields_do_not_leak() -> None:
    field = Field((80, 45), 2, 3)
    field.walkable[...] = True
    for _ in range(200):
        field.compute(5, 5)
    before = resident_kib()
    for _ in range(4000):
        field.compute(5, 5)
    assert resident_kib() - before < 4096


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), diagonal=st.sampled_from([2, 3]))
def test_a_fields_steps_read_at_once_are_its_tiles_read_one_by_one(
    seed: int, diagonal: int
) -> None:
    """``Field.steps`` reads libtcod's own array of distances: the same numbers as
    ``at`` everywhere, walls and tiles nothing reached included."""
    rng = np.random.default_rng(seed)
    field = Field((30, 20), 2, diagonal)
    field.walkable[1:-1, 1:-1] = rng.random((28, 18)) < 0.7
    field.walkable[5, 5] = True
    field.compute(5, 5)
    one_by_one = np.array([[field.at(x, y) for y in range(20)] for x in range(30)])
    assert np.array_equal(field.steps(), one_by_one)
    assert (one_by_one == UNREACHABLE).any() and (one_by_one < UNREACHABLE).sum() > 1
