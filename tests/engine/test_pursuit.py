"""A crowd reads the way to the player all at once, a few monsters one by one: the two
must give every monster the same distances and the same ranking of its steps."""

from __future__ import annotations

import numpy as np
import tcod.path
from hypothesis import given, settings
from hypothesis import strategies as st

from emberdeep.engine.acts.actions import DIRECTIONS
from emberdeep.engine.chase import pursuit
from emberdeep.engine.chase.pursuit import Batch, gap
from emberdeep.tools.bench_engine import crowded_world


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), spot=st.sampled_from(["edge", "corner", "anywhere"]))
def test_a_crowd_gathered_at_once_reads_as_one_by_one(seed: int, spot: str) -> None:
    """A crowd's rows come from the whole floor's distances at once; a few monsters'
    one by one, from the search near the player where it is right for them
    (``Hunt.near_field``), else the floor's: the two must agree for every monster, near
    and far, wherever the player stands (four places a floor: a chaser on the edge of
    what the near search may be trusted with is rare)."""
    world = crowded_world(80, 45, 120, seed)
    floor, player = world.floor, world.player
    monsters = [a for a in floor.actors.values() if a is not player]
    assert len(monsters) > pursuit.ROW_BY_ROW
    rng = np.random.default_rng(seed)
    for _ in range(4):
        x = int(rng.integers(0, 3)) if spot != "anywhere" else int(rng.integers(0, 80))
        y = int(rng.integers(42, 45)) if spot == "corner" else int(rng.integers(0, 45))
        if not floor.occupant[x, y] and floor.walkable[x, y]:
            floor.move_actor(player, x, y)
        at_once = [Batch(world, monsters).pursuit.row(i) for i in range(len(monsters))]
        limit = pursuit.ROW_BY_ROW
        try:
            pursuit.ROW_BY_ROW = len(monsters)
            one_by_one = Batch(world, monsters).pursuit
            one_by_one_rows = [one_by_one.row(i) for i in range(len(monsters))]
        finally:
            pursuit.ROW_BY_ROW = limit
        assert at_once == one_by_one_rows
        assert any(here < 10**6 for here, _, _ in one_by_one_rows)  # some have a way there
        # A crowd hands each chaser only its closer steps, counted for all at once: as
        # many as the one-by-one row has steps nearer than the chaser's own tile.
        crowd = Batch(world, monsters).pursuit
        crowd.gather()
        assert crowd.gathered is not None
        counted = [
            list(crowd.gathered.orders[8 * i : 8 * i + crowd.gathered.closer[i]])
            for i in range(len(monsters))
        ]
        assert counted == [pursuit.closer_steps(*row) for row in one_by_one_rows]
        assert any(counted)  # (some can step closer)


@settings(max_examples=80, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), edge=st.sampled_from(["x", "y", "corner", "middle"]))
def test_a_crowd_map_holds_every_way_round_a_chaser_may_take(seed: int, edge: str) -> None:
    """``Hunt.crowd_map`` searches only the square a chaser's way round can cross, moved
    inside the floor along its edges: every tile next to the chaser with a way round the
    creatures of at most ``PATH_LIMIT`` - 1 steps (the only ways ``detour`` takes) must
    read what a search of the whole floor gives, and every other tile more than that."""
    world = crowded_world(80, 45, 60, seed)
    floor, player = world.floor, world.player
    rng = np.random.default_rng(seed)
    x = int(rng.integers(0, 4)) if edge in ("x", "corner") else int(rng.integers(30, 50))
    y = int(rng.integers(41, 45)) if edge in ("y", "corner") else int(rng.integers(15, 30))
    floor.occupant[player.x, player.y] = 0
    player.x, player.y = x, y
    free = floor.walkable & (floor.occupant == 0)
    free[x, y] = True
    whole = tcod.path.maxarray(free.shape, dtype=np.int32)
    whole[x, y] = 0
    tcod.path.dijkstra2d(whole, free.astype(np.int32), 2, 2, out=whole)
    longest = 2 * (pursuit.PATH_LIMIT - 1)
    limit = pursuit.PATH_LIMIT
    chasers = [a for a in floor.actors.values() if a is not player and gap(a, player) <= limit]
    assert chasers
    for chaser in chasers:
        crowd = world.hunt.crowd_map(floor, (x, y), free, chaser.position, limit)
        for dx, dy in DIRECTIONS:
            nx, ny = chaser.x + dx, chaser.y + dy
            if not (0 <= nx < 80 and 0 <= ny < 45):
                continue
            read, expected = crowd.at(nx + 1, ny + 1), int(whole[nx, ny])
            assert read == expected if expected <= longest else read > longest
