from __future__ import annotations

import dataclasses

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from emberdeep import mapgen
from emberdeep.content import loader
from emberdeep.engine.core.distance import distance_map
from emberdeep.engine.core.floor import Floor, Tile
from emberdeep.engine.core.rng import floor_stream
from emberdeep.engine.creatures.spawning import cumulative
from emberdeep.mapgen.populate import (
    REPEAT_SHARE,
    SAFE_STEPS,
    Arrival,
    pick_kinds,
    pick_varied,
    populate,
    room_count,
)


def populated(name: str, seed: int, depth: int) -> Floor:
    """A floor populated from the spawn tables alone (captives and their captors are
    placed apart, by their own rules: tests/mapgen/test_captives.py)."""
    population = dataclasses.replace(loader.load().population, captives=None)
    build = mapgen.floor_builder(name, population)
    return build(depth, floor_stream(seed, depth))


@settings(max_examples=150, deadline=None)
@given(
    seed=st.integers(0, 2**63 - 1),
    depth=st.integers(1, 12),
    name=st.sampled_from(sorted(mapgen.GENERATORS)),
)
def test_monsters_are_placed_only_where_they_may_stand(seed: int, depth: int, name: str) -> None:
    """Where anything may be placed (``Arrival``), by its kind's weight at the depth; a
    lurker in deep water and a turret in a niche of the wall instead (each outside the
    start's room); a war band's members round their leader, whatever their own weights."""
    floor = populated(name, seed, depth)
    bestiary = loader.load().population.monsters
    kinds = {k.key: k for k in bestiary.kinds}
    start_rooms = [r for r in floor.rooms if r.encloses(*floor.start)]
    allowed = {tuple(cell) for cell in Arrival.of(floor).cells.tolist()}
    positions = [m.position for m in floor.actors.values()]
    assert len(set(positions)) == len(positions)
    banded = 0  # members of kinds not found at this depth on their own
    for monster in floor.actors.values():
        kind = kinds[monster.kind]
        assert floor.walkable[monster.position]
        assert monster.position not in (floor.start, floor.stairs)
        assert not any(r.encloses(*monster.position) for r in start_rooms)
        if kind.habitat == "water":
            assert floor.tiles[monster.position] == Tile.DEEP_WATER
        elif kind.habitat == "wall":
            assert len(niche_sides(floor, *monster.position)) == 1
        else:
            assert monster.position in allowed
        weight = bestiary.weights_at(depth)[[k.key for k in bestiary.kinds].index(monster.kind)]
        if weight == 0:
            leaders = [a for a in floor.actors.values() if monster.kind in kinds[a.kind].band]
            assert leaders, f"{monster.kind} may not appear at depth {depth}"
            banded += 1
    bands = sum(len(kinds[a.kind].band) for a in floor.actors.values())
    assert banded <= bands
    assert (
        len(positions)
        <= bestiary.per_room.at(depth) * room_count(floor, Arrival.of(floor).cells) + bands
    )


def niche_sides(floor: Floor, x: int, y: int) -> list[tuple[int, int]]:
    """The open sides (4-way) of a turret's niche."""
    return [
        (x + dx, y + dy)
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))
        if floor.tiles[x + dx, y + dy] != Tile.WALL
    ]


def test_same_seed_same_monsters_and_deeper_floors_are_tougher() -> None:
    a = [(m.kind, m.position) for m in populated("rooms", 5, 3).actors.values()]
    b = [(m.kind, m.position) for m in populated("rooms", 5, 3).actors.values()]
    assert a == b and a
    shallow = sum(len(populated("rooms", s, 1).actors) for s in range(20))
    deep = sum(len(populated("rooms", s, 8).actors) for s in range(20))
    assert deep > shallow
    kinds_deep = {m.kind for s in range(20) for m in populated("rooms", s, 8).actors.values()}
    assert "troll" in kinds_deep
    kinds_shallow = {m.kind for s in range(20) for m in populated("rooms", s, 1).actors.values()}
    assert "troll" not in kinds_shallow


def test_a_floor_without_rooms_is_populated_away_from_the_start() -> None:
    """A cave has no rooms: placement must not depend on them."""
    content = loader.load()
    bare = 0
    for seed in range(10):
        floor = mapgen.floor_builder("bsp")(6, floor_stream(seed, 6))
        floor.rooms = []
        populate(floor, content.population, 6, floor_stream(seed, 600))
        goals = np.zeros(floor.tiles.shape, dtype=np.bool_)
        goals[floor.start] = True
        steps = distance_map(floor.walkable.astype(np.int32), goals, 1, 1)
        placed = [m.position for m in floor.actors.values()] + [i.position for i in floor.items]
        bare += not placed
        assert all(SAFE_STEPS <= steps[p] < 10**6 for p in placed)
    assert bare < 3


@settings(max_examples=200, deadline=None)
@given(
    weights=st.lists(st.integers(0, 50), min_size=1, max_size=30).filter(lambda w: sum(w) > 0),
    count=st.integers(0, 40),
    seed=st.integers(0, 2**32 - 1),
)
def test_kinds_are_picked_as_numpys_choice_picks_them(
    weights: list[int], count: int, seed: int
) -> None:
    """The same picks from the same stream, and the stream left in the same state."""
    ours, numpys = np.random.default_rng(seed), np.random.default_rng(seed)
    array = np.array(weights, dtype=np.float64)
    picked = pick_kinds(ours, cumulative(array), count)
    expected = numpys.choice(len(weights), size=count, p=array / array.sum())
    assert picked.tolist() == expected.tolist()
    assert ours.random() == numpys.random()


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**63 - 1), depth=st.integers(1, 16))
def test_a_generated_floor_needs_no_search_for_where_things_may_go(seed: int, depth: int) -> None:
    """The builder makes ``Arrival.of(floor, connected=True)``: every walkable tile of a
    generated floor with its pools is reachable, so skipping the search changes nothing."""
    floor = mapgen.plan_builder(loader.load().dungeon)(depth, floor_stream(seed, depth))
    searched, trusted = Arrival.of(floor).cells, Arrival.of(floor, connected=True).cells
    assert searched.shape == trusted.shape and (searched == trusted).all()


@given(seed=st.integers(0, 2**32 - 1), before=st.integers(0, 3), count=st.integers(0, 12))
def test_the_sleepers_dice_in_one_draw_are_the_dice_one_by_one(
    seed: int, before: int, count: int
) -> None:
    """``fall_asleep`` rolls ``integers(100, size=n)``: the numbers, and the stream after
    them, of ``n`` single rolls (even with half of a 64-bit draw left over before)."""
    one, many = floor_stream(seed, 1), floor_stream(seed, 1)
    for rng in (one, many):
        rng.integers(7, size=before)
    singles = [int(one.integers(100)) for _ in range(count)]
    assert many.integers(100, size=count).tolist() == singles
    assert one.bit_generator.state == many.bit_generator.state


def test_a_kind_drawn_is_drawn_again_at_a_share_of_its_weight() -> None:
    """Two kinds, one nine times the other: drawn by weight alone the heavy one takes
    nine draws in ten; once drawn, its weight is cut to ``REPEAT_SHARE``, so a second
    draw is a near thing and the light kind is found too."""
    weights = np.array([9.0, 1.0])
    firsts = seconds = 0
    for seed in range(400):
        picks = pick_varied(np.random.default_rng(seed), weights, 2)
        firsts += picks[0] == 0
        seconds += picks == [0, 0]
    assert 330 < firsts < 390  # the first draw is by weight: 9 in 10
    repeat = 9 * REPEAT_SHARE / (9 * REPEAT_SHARE + 1)  # 0.69 at a quarter
    assert abs(seconds / firsts - repeat) < 0.08


def test_a_floors_loot_varies() -> None:
    """Over many generated floors, the most common kind of a floor's random loot is
    seldom found more than twice (by weight alone a floor of 12 finds held three or four
    potions of healing)."""
    population = loader.load().population
    placed = {kind.key for kind in population.placed(6)}
    most = []
    for seed in range(30):
        floor = populated("rooms", seed, 6)
        found = [i.kind.key for i in floor.items if i.kind.key not in placed]
        most.append(max(found.count(key) for key in set(found)) if found else 0)
    assert sum(n > 2 for n in most) <= 2, most
