"""Set pieces: each kind is laid on a floor where it fits, built as its form says, and
leaves the floor whole; the shipped floors hold them, spread by depth; and every
floor's stairs down can be reached on foot (no swim), which hand play once found broken."""

from __future__ import annotations

import re
from collections import Counter
from importlib import resources

import numpy as np
import pytest

from emberdeep import mapgen
from emberdeep.content import loader
from emberdeep.content.setpieces import parse_setpieces
from emberdeep.content.tomldata import DataError, Table
from emberdeep.engine.acts.actions import DIRECTIONS, Move
from emberdeep.engine.core.actors import Mode
from emberdeep.engine.core.floor import Floor, Tile
from emberdeep.engine.core.rng import floor_stream
from emberdeep.engine.creatures.spawning import ByDepth
from emberdeep.engine.play.world import World
from emberdeep.mapgen import carve, setpieces
from emberdeep.mapgen.populate import Arrival
from emberdeep.mapgen.reach import Reach
from emberdeep.mapgen.setpiece_forms import FORMS
from emberdeep.mapgen.setpiece_site import SetPieces

CONTENT = loader.load()
assert CONTENT.setpieces is not None
PIECES: SetPieces = CONTENT.setpieces
BY_KEY = {kind.key: kind for kind in PIECES.kinds}
BARE = mapgen.plan_builder(CONTENT.dungeon, CONTENT.population)
TEXT = resources.files("emberdeep.content").joinpath("setpieces.toml").read_text()


def laid(key: str, depth: int, seeds: int = 40) -> tuple[Floor, tuple[int, int], int]:
    """The first of ``seeds`` game floors at ``depth`` (as built without set pieces) where
    the kind ``key`` alone is laid: the floor, where it is, and the seed."""
    only = SetPieces((BY_KEY[key],), ByDepth(((1, 1),)))
    for seed in range(seeds):
        floor = BARE(depth, floor_stream(seed, depth))
        arrival = Arrival.of(floor, connected=True)
        rng = floor_stream(seed, 99)
        placed = setpieces.place(
            floor, only, population=CONTENT.population, depth=depth, rng=rng, arrival=arrival
        )
        if placed:
            assert placed[0][0] == key
            assert carve.floor_problems(floor) == []
            return floor, placed[0][1], seed
    raise AssertionError(f"{key} never laid at depth {depth}")


def on_foot(floor: Floor) -> bool:
    """The stairs down reached from the start with no deep water, bridge or sealed or
    locked door on the way (written out here, so the test reads the old code too)."""
    walk = floor.walkable & ~np.isin(
        floor.tiles, (Tile.DEEP_WATER, Tile.BRIDGE, Tile.SEALED_DOOR, Tile.LOCKED_DOOR)
    )
    reach = Reach(walk)
    return bool(reach.reached(floor.start) & reach.bit(*floor.stairs))


def test_a_flooded_room_holds_its_reward_on_an_island_with_its_dwellers_in_the_water() -> None:
    floor, (x, y), _ = laid("flooded_room", 10)
    assert floor.tiles[x, y] == Tile.FLOOR and floor.items_at(x, y)
    around = floor.tiles[x - 2 : x + 3, y - 2 : y + 3]
    assert (around == Tile.DEEP_WATER).sum() == 24
    swimmers = [a for a in floor.actors.values() if floor.tiles[a.position] == Tile.DEEP_WATER]
    assert [a.kind for a in swimmers] == ["eel"]
    assert on_foot(floor)


def test_a_collapsing_bridge_spans_a_chasm_and_the_floor_is_whole_without_it() -> None:
    floor, (x, y), _ = laid("collapsing_bridge", 10)
    assert floor.tiles[x, y] == Tile.BRIDGE and floor.items_at(x, y)
    bridge = floor.tiles == Tile.BRIDGE
    assert bridge.sum() >= 3
    firm = Reach(floor.walkable & ~bridge)
    assert firm.reached(floor.start) == firm.bits  # nothing is cut off once it falls
    assert on_foot(floor)


def test_walking_the_bridge_drops_it_behind_the_player() -> None:
    floor, (x, y), _ = laid("collapsing_bridge", 10)
    world = World(1, lambda depth, rng: floor, hero=CONTENT.hero)
    world.floor.move_actor(world.player, x, y)
    step = next(
        (dx, dy)
        for dx, dy in DIRECTIONS
        if world.floor.tiles[x + dx, y + dy] == Tile.BRIDGE and world.floor.is_free(x + dx, y + dy)
    )
    assert not isinstance(world.step(Move(*step)), type(None))
    assert world.floor.tiles[x, y] == Tile.CHASM


def test_a_paralysis_vault_has_its_plate_in_view_on_its_only_doorway() -> None:
    floor, (x, y), _ = laid("paralysis_vault", 5)
    plates = [t for t in floor.traps.values() if t.kind.key == "pressure_plate"]
    assert len(plates) == 1 and not plates[0].hidden
    px, py = plates[0].position
    assert floor.items_at(x, y) and max(abs(px - x), abs(py - y)) == 3
    inside = floor.walkable.copy()
    inside[px, py] = False  # without the plate's tile, the reward is out of reach
    assert not Reach(inside).reached(floor.start) & Reach(inside).bit(x, y)
    sleepers = [a for a in floor.actors.values() if max(abs(a.x - x), abs(a.y - y)) <= 2]
    assert sorted(a.kind for a in sleepers) == ["goblin", "zombie"]
    assert all(a.mode == Mode.ASLEEP for a in sleepers)


def test_a_sealed_vault_opens_when_its_lever_is_pulled() -> None:
    floor, (x, y), _ = laid("sealed_vault", 3)
    door = tuple(int(v) for v in np.argwhere(floor.tiles == Tile.SEALED_DOOR)[0])
    lx, ly = (int(v) for v in np.argwhere(floor.tiles == Tile.LEVER)[0])
    assert len(floor.items_at(x, y)) + sum(len(floor.items_at(x + i, y + j)) for i in (-1, 0, 1)
                                           for j in (-1, 0, 1) if i or j) == 2  # fmt: skip
    world = World(1, lambda depth, rng: floor, hero=CONTENT.hero)
    spot = next(
        (lx - dx, ly - dy)
        for dx, dy in ((0, 1), (0, -1), (1, 0), (-1, 0))
        if world.floor.is_free(lx - dx, ly - dy)
    )
    world.floor.move_actor(world.player, *spot)
    world.step(Move(lx - spot[0], ly - spot[1]))
    assert world.floor.tiles[door] == Tile.FLOOR and world.floor.tiles[lx, ly] == Tile.PULLED_LEVER


def test_a_war_party_holds_its_captive() -> None:
    floor, (x, y), _ = laid("war_party", 6)
    captive = floor.blocker_at(x, y)
    assert captive is not None and captive.mode == Mode.CAPTIVE and captive.kind == "ogre"
    party = [
        a.kind
        for a in floor.actors.values()
        if a is not captive and max(abs(a.x - x), abs(a.y - y)) <= 3
    ]
    assert Counter(party) >= Counter(["goblin", "goblin", "goblin_conjurer", "kobold_shaman"])


def test_an_ambush_hides_a_tripwire_under_its_bait_with_the_pack_asleep_round_it() -> None:
    floor, (x, y), _ = laid("ambush", 4)
    trap = floor.traps[(x, y)]
    assert trap.kind.key == "tripwire" and trap.hidden and floor.items_at(x, y)
    pack = [a for a in floor.actors.values() if max(abs(a.x - x), abs(a.y - y)) == 2]
    assert len(pack) >= 4 and all(a.mode == Mode.ASLEEP for a in pack)
    shallow, (x, y), _ = laid("rat_nest", 1)
    rats = [a.kind for a in shallow.actors.values() if max(abs(a.x - x), abs(a.y - y)) == 2]
    assert rats.count("rat") >= 3 and shallow.traps[(x, y)].hidden


def test_the_shipped_floors_hold_every_kind_spread_by_depth_and_stay_whole() -> None:
    build = mapgen.plan_builder(CONTENT.dungeon, CONTENT.population, PIECES)
    seen: dict[str, set[int]] = {}
    for seed in range(6):
        for depth in range(1, 17):
            floor = build(depth, floor_stream(seed, depth))
            assert carve.floor_problems(floor) == [], (seed, depth)
            assert on_foot(floor), (seed, depth)
            if (floor.tiles == Tile.LEVER).any():
                seen.setdefault("sealed_vault", set()).add(depth)
            if (floor.tiles == Tile.BRIDGE).any():
                seen.setdefault("collapsing_bridge", set()).add(depth)
            if any(t.kind.key == "pressure_plate" for t in floor.traps.values()):
                seen.setdefault("paralysis_vault", set()).add(depth)
            if any(t.kind.key == "tripwire" for t in floor.traps.values()):
                seen.setdefault("ambush", set()).add(depth)
    assert set(seen) == {"sealed_vault", "collapsing_bridge", "paralysis_vault", "ambush"}
    assert min(seen["ambush"]) <= 2 and max(seen["sealed_vault"]) >= 10


@pytest.mark.parametrize("seed", range(200))
def test_the_stairs_down_are_reached_on_foot_whatever_the_water(seed: int) -> None:
    for depth in (1, 5, 11):  # rooms, then caves with two pools and with the most
        floor = BARE(depth, floor_stream(seed, depth))
        assert on_foot(floor), (seed, depth)


def test_a_pool_that_would_drown_the_only_way_down_is_not_kept() -> None:
    corridor = np.full((12, 5), Tile.WALL, dtype=np.uint8)
    corridor[1:11, 2] = Tile.FLOOR
    corridor[1:11, 1] = Tile.FLOOR
    corridor[1:11, 3] = Tile.FLOOR
    corridor[10, 2] = Tile.STAIRS_DOWN
    floor = Floor(corridor, start=(1, 2), stairs=(10, 2))
    made = sum(
        mapgen.hazards.add_pools(floor, "water", 1, np.random.default_rng(n)) for n in range(30)
    )
    assert made == 0 or on_foot(floor)
    assert on_foot(floor)


@pytest.mark.parametrize(
    ("old", "new", "key", "problem"),
    [
        ('form = "flooded"', 'form = "moat"', "flooded_room.form", "expected one of"),
        ('monsters = ["eel"]', 'monsters = ["sea_serpent"]', "flooded_room.monsters",
         "'sea_serpent' is not a monster"),
        ("depths = [2, 14]", "depths = [14, 2]", "flooded_room.depths", "expected \\[first"),
        ('trap = "pressure_plate"', 'trap = "pit"', "paralysis_vault.trap", "expected one of"),
        ('captive = "ogre"\n', "", "war_party.captive", "missing"),
        ("treasure = 2\nbonus = 2\n\n[sealed", "treasure = 9\nbonus = 2\n\n[sealed",
         "paralysis_vault.treasure", "expected an integer from 0 to 4"),
        ("weight = 10\ntreasure = 1\nbonus = 1\n\n[paralysis",
         'weight = 10\ntrap = "tripwire"\ntreasure = 1\nbonus = 1\n\n[paralysis',
         "collapsing_bridge.trap", "only the forms"),
        ("per_floor = [[1, 1]", "per_floor = [[1, 9]", "per_floor", "at most 6"),
        ('form = "bridge"', 'form = "bridge"\nguards = 2', "collapsing_bridge.guards",
         "unknown key"),
    ],
)  # fmt: skip
def test_bad_set_pieces_name_file_line_and_key(old: str, new: str, key: str, problem: str) -> None:
    broken = TEXT.replace(old, new, 1)
    assert broken != TEXT
    with pytest.raises(DataError, match=rf"^setpieces\.toml:\d+: {re.escape(key)}: {problem}"):
        parse_setpieces(
            Table.parse("setpieces.toml", broken),
            CONTENT.population.monsters,
            CONTENT.population.traps,  # type: ignore[arg-type]
        )


def test_the_shipped_set_pieces_are_six_forms_spread_over_every_band_of_depths() -> None:
    assert {kind.form for kind in PIECES.kinds} == set(FORMS)
    for first, last in ((1, 3), (4, 7), (8, 11), (12, 16)):
        found = {k.key for k in PIECES.kinds if k.depths[0] <= last and k.depths[1] >= first}
        assert len(found) >= (3 if first == 1 else 5), (first, found)


def test_mapgen_dungeon_prints_a_games_floor_with_its_set_pieces(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from emberdeep import cli

    assert cli.main(["mapgen", "--dungeon", "--seed", "3", "--level", "4"]) == 0
    printed = capsys.readouterr().out
    assert "S" in printed and "/" in printed and "$" in printed  # a sealed vault, its lever
    assert printed.count("@") == 1 and printed.count(">") == 1
