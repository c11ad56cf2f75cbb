"""The shipped dungeon plan with hazards, traps and vaults keeps every floor invariant,
over hundreds of seeds and every depth's generator."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from emberdeep import mapgen
from emberdeep.content import loader
from emberdeep.engine.core import rng as rngs
from emberdeep.engine.core.floor import GROUND, Tile
from emberdeep.mapgen import hazards, vaults
from emberdeep.mapgen.carve import floor_problems

CONTENT = loader.load()
BUILD = mapgen.plan_builder(CONTENT.dungeon, CONTENT.population)
DEPTHS = st.integers(1, 14)
SEEDS = st.integers(0, 2**63 - 1)


@settings(max_examples=300, deadline=None)
@given(seed=SEEDS, depth=DEPTHS)
def test_every_planned_floor_keeps_the_invariants(seed: int, depth: int) -> None:
    floor = BUILD(depth, rngs.floor_stream(seed, depth))
    assert floor_problems(floor) == []
    for trap in floor.traps.values():
        assert trap.hidden and floor.tiles[trap.position] in GROUND
    locked = int((floor.tiles == Tile.LOCKED_DOOR).sum())
    assert locked <= 1
    keys = [i for i in floor.items if i.kind.effect == "key"]
    assert len(keys) == locked  # a key for every vault, none without one


@settings(max_examples=200, deadline=None)
@given(seed=SEEDS, kind=st.sampled_from(sorted(hazards.HAZARDS)), count=st.integers(1, 6))
def test_hazard_pools_always_leave_a_way_round(seed: int, kind: str, count: int) -> None:
    rng = np.random.default_rng(seed)
    floor = mapgen.get("rooms").build(mapgen.get("rooms").params(loops=3), rng)
    hazards.add_pools(floor, kind, count, rng)
    assert floor_problems(floor) == []
    start, stairs = floor.start, floor.stairs
    assert floor.tiles[start] == Tile.FLOOR and floor.tiles[stairs] == Tile.STAIRS_DOWN


def test_the_shipped_plan_uses_three_generators_and_every_hazard() -> None:
    plan = CONTENT.dungeon
    assert len({level.generator for level in plan}) >= 3
    assert {kind for level in plan for kind, _ in level.hazards} == set(hazards.HAZARDS)
    assert all(level.vault > 0 for level in plan)


def test_hazards_vaults_and_traps_appear_across_the_plan() -> None:
    seen = {tile: 0 for tile in (Tile.DEEP_WATER, Tile.LAVA, Tile.CHASM, Tile.LOCKED_DOOR)}
    traps = 0
    for seed in range(30):
        for depth in (1, 3, 5, 7, 11):
            floor = BUILD(depth, rngs.floor_stream(seed, depth))
            for tile in seen:
                seen[tile] += int((floor.tiles == tile).any())
            traps += len(floor.traps)
    assert all(count > 0 for count in seen.values()), seen
    assert traps > 0


@settings(max_examples=100, deadline=None)
@given(seed=SEEDS, name=st.sampled_from(["rooms", "bsp", "caves"]))
def test_a_vault_is_locked_filled_and_its_key_reachable(seed: int, name: str) -> None:
    rng = np.random.default_rng(seed)
    floor = mapgen.get(name).build(mapgen.get(name).params(), rng)
    if not vaults.add_vault(floor, CONTENT.population.items, 3, rng):
        assert len(vaults.sites(floor.tiles)) == 0
        return
    assert int((floor.tiles == Tile.LOCKED_DOOR).sum()) == 1
    (dx,), (dy,) = np.nonzero(floor.tiles == Tile.LOCKED_DOOR)
    inside = [i for i in floor.items if i.kind.effect != "key"]
    assert 2 <= len(inside) <= 4 and all(i.choice for i in inside)
    assert floor_problems(floor) == []  # includes: the key is reachable without the door
    assert max(max(abs(int(dx) - i.x), abs(int(dy) - i.y)) for i in inside) <= 3
