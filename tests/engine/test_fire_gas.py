"""Thrown potions that shatter, gases of several kinds, fire that spreads over grass and
stops at water and stone, burning, grass on new floors, and fire and gas in saves."""

from __future__ import annotations

import base64
import json

import numpy as np
import pytest

from emberdeep.config import Settings
from emberdeep.content import loader
from emberdeep.engine.acts import kindling
from emberdeep.engine.acts.actions import Move, Use, Wait
from emberdeep.engine.acts.item_actions import Throw
from emberdeep.engine.core.events import Cloud, Event, Ignited, ItemMoved, Shattered
from emberdeep.engine.core.floor import DARKNESS_KIND, Tile
from emberdeep.engine.creatures import statuses
from emberdeep.engine.play.invariants import violations
from emberdeep.engine.play.world import World
from emberdeep.engine.saves import snapshot
from emberdeep.engine.saves.snapshot_copy import copy_world
from emberdeep.engine.saves.snapshot_reader import SnapshotError
from emberdeep.engine.terrain import burst, danger, fire, gas
from emberdeep.engine.things.items import Item
from emberdeep.session.setup import new_world
from tests.helpers import (
    ORC,
    STATUE,
    add_monster,
    floor_from_text,
    steps,
    texts,
    world_from_text,
)

KINDS = {kind.key: kind for kind in loader.load().population.items.kinds}
HALL = """
##############
#@...........#
#............#
#...........>#
##############
"""
MEADOW = """
##############
#@..gggggg~..#
#...gggggg~..#
#...gggggg~.>#
##############
""".replace("g", '"')
"""Grass (``"``) from x 4 to 9, deep water at x 10, bare floor either side."""


def thrown(world: World, key: str, at: tuple[int, int]) -> list[Event]:
    world.inventory.append(Item(KINDS[key]))
    result = world.step(Throw(len(world.inventory) - 1, at))
    assert isinstance(result, list), result
    return list(result)


@pytest.mark.parametrize(
    ("key", "status"),
    [
        ("poison_potion", statuses.POISONED),
        ("confusion_potion", statuses.CONFUSED),
        ("paralysis_potion", statuses.PARALYSED),
        ("slowness_potion", statuses.SLOWED),
        ("gas_potion", statuses.POISONED),
    ],
)
def test_a_thrown_malevolent_potion_shatters_into_its_gas(key: str, status: str) -> None:
    world = world_from_text(HALL)
    orc = add_monster(world, STATUE, 9, 2)
    events = thrown(world, key, (9, 2))
    shattered = [e for e in events if isinstance(e, Shattered)]
    assert shattered and shattered[0].at == (9, 2) and shattered[0].into == KINDS[key].bursts
    assert any(isinstance(e, Cloud) for e in events)
    assert not any(isinstance(e, ItemMoved) and e.change == "landed" for e in events)
    assert not world.floor.items  # it broke: nothing lies there
    assert world.identity.is_known(KINDS[key])  # seen bursting, it is known
    assert statuses.has(orc, status)
    assert not statuses.has(world.player, status)  # eight tiles off, out of the cloud
    assert "shatters!" in " ".join(texts(events))


def test_a_thrown_good_potion_still_lands_whole() -> None:
    world = world_from_text(HALL)
    events = thrown(world, "health_potion", (6, 2))
    assert not any(isinstance(e, Shattered) for e in events)
    assert [item.kind.key for item in world.floor.items] == ["health_potion"]


def test_gas_kinds_spread_thin_and_keep_their_kind() -> None:
    world = world_from_text(HALL)
    floor = world.floor
    gas.release(world, 10, 2, 8.0, "confusion")
    gas.spread(floor)
    spread_to = floor.gas > 0
    assert spread_to.sum() == 9 and floor.gas[10, 2] < 8.0
    assert (floor.gas_kind[spread_to] == gas.KIND_OF["confusion"]).all()
    for _ in range(200):
        gas.spread(floor)
    assert not floor.gas_active and not floor.gas_kind.any()


def test_where_clouds_meet_the_larger_share_wins_each_tile() -> None:
    world = world_from_text(HALL)
    floor = world.floor
    gas.release(world, 3, 2, 9.0, "caustic")
    gas.release(world, 10, 2, 1.0, "slowness")
    for _ in range(4):
        gas.spread(floor)
    assert floor.gas_kind[3, 2] == gas.KIND_OF["caustic"]
    assert set(np.unique(floor.gas_kind[floor.gas > 0]).tolist()) <= {0, gas.KIND_OF["slowness"]}


def test_darkness_hides_and_harms_nobody() -> None:
    assert gas.GAS_NAMES[DARKNESS_KIND] == "darkness"
    world = world_from_text(HALL)
    assert world.floor.visible[10, 2]
    gas.release(world, 6, 2, 16.0, "darkness")
    world.step(Wait())
    assert not world.floor.visible[10, 2]  # the cloud between blocks sight
    assert not statuses.active(world.player)
    assert not burst.harms("darkness") and burst.harms("caustic") and burst.harms("fire")


def test_drinking_darkness_clouds_the_drinker() -> None:
    world = world_from_text(HALL)
    world.inventory.append(Item(KINDS["darkness_potion"]))
    world.step(Use(0))
    floor = world.floor
    assert floor.gas_kind[world.player.position] == DARKNESS_KIND
    assert not floor.visible[8, 2]  # hidden in it, and seeing little


def test_fire_spreads_over_grass_and_stops_at_water_and_stone() -> None:
    world = world_from_text(MEADOW)
    floor = world.floor
    fire.ignite(world, [(4, 2)], None, "potion")
    for _ in range(30):
        world.step(Wait())
    assert not floor.fire_active
    assert (floor.tiles[4:10, 1:4] == Tile.ASH).all()  # the whole meadow burnt
    assert (floor.tiles[10, 1:4] == Tile.DEEP_WATER).all()
    assert (floor.tiles[11:13, 1:3] == Tile.FLOOR).all()  # past the water: untouched
    assert (floor.tiles[1:4, 2:4] == Tile.FLOOR).all()  # bare stone never caught
    assert not violations(world)


def test_fire_spread_draws_only_from_the_play_stream() -> None:
    def burnt(seed: int) -> bytes:
        world = world_from_text(MEADOW, seed=seed)
        fire.ignite(world, [(4, 2)], None, "potion")
        for _ in range(3):
            world.step(Wait())
        return world.floor.fire.tobytes()

    assert burnt(5) == burnt(5)


def test_a_wooden_door_burns_to_ash_and_opens() -> None:
    world = world_from_text(
        """
        #########
        #@..gg+>#
        #########
        """.replace("g", '"')
    )
    fire.ignite(world, [(4, 1)], None, "potion")
    for _ in range(60):
        world.step(Wait())
        if world.floor.tiles[6, 1] == Tile.ASH:
            break
    assert world.floor.tiles[6, 1] == Tile.ASH and world.floor.transparent[6, 1]


def test_incineration_sets_creatures_ablaze_and_burning_hurts() -> None:
    world = world_from_text(MEADOW)
    orc = add_monster(world, STATUE, 6, 2)
    events = thrown(world, "incineration_potion", (6, 2))
    assert any(isinstance(e, Ignited) for e in events)
    assert statuses.has(orc, statuses.BURNING)
    before = orc.hp
    for _ in range(3):
        world.step(Wait())
        statuses.tick(world, orc)  # a statue never acts: its statuses run as if it did
    assert orc.hp < before
    assert "The statue catches fire!" in texts(events)


def test_deep_water_puts_out_the_burning() -> None:
    world = world_from_text(
        """
        #######
        #@~..>#
        #######
        """
    )
    fire.blaze(world, world.player, "potion")
    events = world.step(Move(1, 0))
    assert not statuses.has(world.player, statuses.BURNING)
    assert "You are put out by the water." in texts(events)


def test_drinking_incineration_sets_the_drinker_ablaze() -> None:
    world = world_from_text(MEADOW)
    world.inventory.append(Item(KINDS["incineration_potion"]))
    world.step(Use(0))
    assert statuses.has(world.player, statuses.BURNING)
    assert world.floor.fire_active


def test_a_fire_bolt_sets_the_grass_on_its_way_alight() -> None:
    world = world_from_text(MEADOW)
    orc = add_monster(world, STATUE, 8, 2)
    world.inventory.append(Item(KINDS["firebolt_staff"]))
    world.step(Use(0, (8, 2)))
    assert statuses.has(orc, statuses.BURNING)
    assert world.floor.fire[4:8, 2].any()


def test_monsters_keep_out_of_fire_when_they_can() -> None:
    world = world_from_text(
        """
        ##########
        #@.......#
        #.......>#
        ##########
        """
    )
    orc = add_monster(world, ORC, 7, 1)
    floor = world.floor
    for _ in range(8):
        floor.fire[4, 1:3] = fire.MOST  # a wall of flame, kept burning
        floor.fire_active = True
        floor.hazard_version += 1
        world.step(Wait())
        assert orc.x != 4
    assert orc.x == 5  # it came up to the flames, and no further
    assert danger.avoids(floor, 5, 1, 4, 1) and not danger.avoids(floor, 4, 1, 4, 2)


def test_new_floors_grow_grass_in_patches() -> None:
    world = new_world(7, Settings(), loader.load())
    floor = world.floor
    grass = floor.tiles == Tile.GRASS
    ground = grass | (floor.tiles == Tile.FLOOR)
    assert 0.2 < grass.sum() / ground.sum() < 0.3  # depth 1: a quarter of the ground
    padded = np.pad(grass, 1)
    neighbours = np.zeros(grass.shape, dtype=np.int32)
    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        neighbours += padded[1 + dx : padded.shape[0] - 1 + dx, 1 + dy : padded.shape[1] - 1 + dy]
    assert (neighbours[grass] >= 2).mean() > 0.8  # in patches, not specks
    again = new_world(7, Settings(), loader.load())
    assert again.floor.tiles.tobytes() == floor.tiles.tobytes()


def _saved_with_fire_and_gas() -> tuple[World, dict[str, object]]:
    world = world_from_text(MEADOW)
    fire.ignite(world, [(5, 2)], None, "potion")
    gas.release(world, 2, 2, 5.0, "paralysis")
    world.step(Wait())
    return world, json.loads(json.dumps(snapshot.dump(world)))


def test_fire_and_gas_survive_a_save_and_a_copy() -> None:
    world, data = _saved_with_fire_and_gas()
    loaded = snapshot.load(data, lambda depth, rng: floor_from_text(MEADOW), KINDS)
    for other in (loaded, copy_world(world)):
        assert (other.floor.fire == world.floor.fire).all() and other.floor.fire_active
        assert (other.floor.gas_kind == world.floor.gas_kind).all() and other.floor.gas_active
        assert other.state_hash() == world.state_hash()


@pytest.mark.parametrize(
    ("key", "value", "rule"),
    [
        ("gas_kind", 200, "kind the game does not know"),
        ("fire", 200, "longer than anything burns"),
        ("fire_on_wall", 2, "where nothing can burn"),
    ],
)
def test_a_save_with_impossible_fire_or_gas_is_refused(key: str, value: int, rule: str) -> None:
    _, data = _saved_with_fire_and_gas()
    floor = data["floor"]
    assert isinstance(floor, dict)
    column = "fire" if key == "fire_on_wall" else key
    dtype = np.uint8
    array = np.frombuffer(base64.b64decode(floor[column]), dtype=dtype).copy()
    array = array.reshape(14, 5)
    if key == "fire_on_wall":
        array[0, 0] = value
    else:
        array[array > 0] = value
        array[1, 1] = value
    floor[column] = base64.b64encode(array.tobytes()).decode()
    with pytest.raises(SnapshotError, match=rule):
        snapshot.load(data, lambda depth, rng: floor_from_text(MEADOW), KINDS)


def test_a_monster_burnt_to_death_by_the_players_fire_is_the_players_kill() -> None:
    """Hand play set an orc alight with a potion of incineration and watched it burn to
    death for no experience: a death by the fire the player set is their kill. Who set
    a creature alight survives a save; fire that was nobody's gives nothing."""
    world = world_from_text(HALL)
    orc = add_monster(world, ORC, 5, 2)
    orc.hp = 2
    xp = world.player.xp
    fire.ignite(world, [orc.position], world.player, "potion")
    assert orc.ablaze_by == world.player.id
    data = json.loads(json.dumps(snapshot.dump(world)))
    loaded = snapshot.load(data, lambda depth, rng: floor_from_text(HALL), KINDS, world.kinds)
    assert loaded.floor.actors[orc.id].ablaze_by == world.player.id
    for _ in range(10):
        if not orc.alive:
            break
        world.step(Wait())
    assert not orc.alive and world.player.xp == xp + ORC.xp and world.kills["orc"] == 1
    stray = add_monster(world, ORC, 8, 2)
    stray.hp = 2
    fire.ignite(world, [stray.position], None, "spread")  # nobody's fire
    for _ in range(10):
        if not stray.alive:
            break
        world.step(Wait())
    assert not stray.alive and world.player.xp == xp + ORC.xp and stray.ablaze_by == 0


def test_where_fire_may_spread_is_the_burning_cells_and_the_grass_joined_to_them() -> None:
    floor = world_from_text(MEADOW).floor
    reach = fire.may_spread(floor, [(4, 2)])
    assert reach[4:10, 1:4].all()  # the whole meadow, as the fire above burnt it
    assert not reach[10:, :].any() and not reach[1:4, :].any()  # not past water or stone


def test_a_thrown_potion_of_incineration_is_known_to_light_what_it_would_light() -> None:
    world = world_from_text(MEADOW)
    world.inventory.append(Item(KINDS["incineration_potion"]))
    potion, player = world.inventory[0], world.player
    assert kindling.near_user(world.floor, player, potion, (6, 2), throw=True) == ""
    world.floor.move_actor(player, 3, 2)  # by the meadow's edge: the grass beside catches
    assert kindling.near_user(world.floor, player, potion, (6, 2), throw=True) == "beside"
    planned = kindling.kindled(world.floor, player, potion, (6, 2), throw=True)
    events = steps(world.step(Throw(0, (6, 2))))
    (ignited,) = [e for e in events if isinstance(e, Ignited) and e.cause == "potion"]
    assert sorted(planned) == sorted(ignited.cells)
