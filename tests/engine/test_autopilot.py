from __future__ import annotations

import pytest
from msgspec.structs import replace

from emberdeep import mapgen
from emberdeep.content import loader
from emberdeep.engine.acts.actions import Drop, Move, PickUp
from emberdeep.engine.core.actors import Ability, Mode
from emberdeep.engine.core.floor import Tile
from emberdeep.engine.play.approach import threats
from emberdeep.engine.play.autopilot import (
    BERTH,
    Stop,
    Watch,
    explore_action,
    travel_action,
)
from emberdeep.engine.play.sleepers import sleepers_seen
from emberdeep.engine.play.way_ahead import path_preview
from emberdeep.engine.play.world import World
from emberdeep.engine.terrain.traps import Trap
from emberdeep.engine.things.items import Item
from emberdeep.mapgen.carve import distance_from
from tests.helpers import ORC, add_monster, world_from_text

POTION = next(k for k in loader.load().population.items.kinds if k.key == "health_potion")


def explore_fully(world: World, limit: int = 5000) -> Stop:
    for _ in range(limit):
        action = explore_action(world)
        if isinstance(action, Stop):
            return action
        world.step(action)
    raise AssertionError("exploring never finished")


@pytest.mark.parametrize(
    ("generator", "seed"), [("rooms", 1), ("rooms", 2), ("bsp", 3), ("bsp", 4)]
)
def test_auto_explore_sees_every_reachable_tile_and_ends_at_the_stairs(
    generator: str, seed: int
) -> None:
    world = World(seed, mapgen.floor_builder(generator))
    reason = explore_fully(world)
    floor = world.floor
    reachable = distance_from(floor, floor.start) < 2**31 - 1
    assert (floor.explored | ~reachable).all()
    assert world.player.position == floor.stairs
    assert reason == Stop("explored_stairs")


def test_auto_explore_picks_up_items_on_the_way() -> None:
    world = world_from_text("""
    ##########
    #@.......#
    ##########
    """)
    world.floor.items.append(Item(POTION, 6, 1))
    actions = []
    while not isinstance(action := explore_action(world), Stop):
        actions.append(action)
        world.step(action)
    assert PickUp() in actions and world.inventory and world.inventory[0].kind is POTION
    world2 = world_from_text("#####\n#@..#\n#####")
    world2.floor.items.append(Item(POTION, 3, 1))
    assert not any(isinstance(explore_action(world2, pick_up=False), PickUp) for _ in range(1))


def test_disturb_rules() -> None:
    world = world_from_text("""
    ##############
    #@...........#
    ##############
    """)
    watch = Watch.start(world)
    assert watch.check(world) is None
    world.player.hp -= 1
    assert watch.check(world) == Stop("hurt")
    assert watch.check(world) is None
    add_monster(world, ORC, 9, 1, hunting=False)
    assert watch.check(world) == Stop("monsters", monsters=(("orc", 1),))
    world.inventory.append(Item(POTION))
    world.floor.remove_actor(world.floor.actors[2])
    assert watch.check(world) == Stop("picked_up")  # "You pick up ..." said it


def test_travel_walks_known_tiles_and_refuses_the_unknown() -> None:
    world = world_from_text("""
    ##########
    #@.......#
    ####.#####
    ####.....#
    ##########
    """)
    floor = world.floor
    floor.explored[...] = True
    target = (8, 3)
    path = path_preview(world, target)
    assert path[-1] == target and len(path) == 7
    steps = 0
    while not isinstance(action := travel_action(world, target), Stop):
        assert isinstance(action, Move)
        world.step(action)
        steps += 1
    assert world.player.position == target and steps == len(path)
    floor.explored[1:3, 1] = False
    assert travel_action(world, (1, 1)) == Stop("no_way")
    assert path_preview(world, (0, 0)) == []


def test_explore_walks_round_deep_water_and_stops_before_the_only_way_through_it() -> None:
    world = world_from_text("""
    ###########
    #@..~~....#
    #.........#
    ###########
    """)
    world.floor.items.append(Item(POTION, 8, 1))
    world.inventory.append(Item(POTION, count=5))
    explore_fully(world)
    assert world.inventory[0].count == 6  # round, not through: nothing washed away
    assert not any(world.floor.tiles[p] == Tile.DEEP_WATER for p in [world.player.position])
    moat = world_from_text("""
    ########
    #@.~~..#
    ########
    """)
    moat.floor.items.append(Item(POTION, 6, 1))  # worth crossing for, but not blindly
    stop = explore_fully(moat)
    assert stop == Stop("risky", at=(3, 1), risk="deep_water") and moat.player.position == (2, 1)
    moat.step(Move(1, 0))  # the player wades in themselves; then the run goes on
    assert not isinstance(explore_action(moat), Stop)


def test_explore_leaves_an_item_on_a_found_trap_for_the_player_and_explores_on() -> None:
    """Hand play: a scroll lay on a found tripwire, and every press of explore stopped
    before it ("A tripwire lies in the way"), the rest of the floor unexplored."""
    world = world_from_text("""
    ##########
    #@.......#
    #........#
    ##########
    """)
    traps = loader.load().population.traps
    assert traps is not None
    tripwire = next(kind for kind in traps.kinds if kind.key == "alarm_trap")
    world.floor.traps[(3, 1)] = Trap(tripwire, 3, 1, hidden=False)
    world.floor.items.append(Item(POTION, 3, 1))
    for _ in range(50):
        action = explore_action(world, risky_items=False)
        if isinstance(action, Stop):
            break
        world.step(action)
    assert action in (Stop("explored"), Stop("explored_stairs"))
    assert world.floor.explored[1:9, 1:3].all() and not world.inventory
    assert explore_action(world, dare=True) != action  # the bot goes for it


def test_explore_leaves_what_the_player_dropped() -> None:
    world = world_from_text("""
    ########
    #@.....#
    ########
    """)
    world.inventory.append(Item(POTION))
    world.step(Drop(0))
    world.step(Move(1, 0))
    assert explore_fully(world) in (Stop("explored"), Stop("explored_stairs"))
    assert not world.inventory and world.floor.items[0].dropped
    world.step(Move(-1, 0))
    world.step(PickUp())
    assert world.inventory and not world.inventory[0].dropped  # picked up again by hand


def test_explore_taking_a_thing_leaves_the_same_kind_the_player_dropped_there() -> None:
    world = world_from_text("""
    #####
    #@..#
    #####
    """)
    world.inventory.append(Item(POTION, count=2))
    world.step(Drop(0))  # put down where one of its kind already lay
    world.floor.items.insert(0, Item(POTION, 1, 1))
    assert explore_fully(world) in (Stop("explored"), Stop("explored_stairs"))
    assert [i.count for i in world.inventory] == [1]  # the one found, not the two put down
    assert [(i.count, i.dropped) for i in world.floor.items] == [(2, True)]
    while world.player.position != (1, 1):
        world.step(Move(-1, 0))
    world.step(PickUp())
    assert [i.count for i in world.inventory] == [3]  # by hand, they come too


def test_only_an_awake_monster_that_can_reach_you_keeps_a_run_from_starting() -> None:
    world = world_from_text("""
    ##########
    #@....:..#
    ##########
    """)
    sleeper = add_monster(world, ORC, 3, 1, hunting=False)
    sleeper.mode = Mode.ASLEEP
    across = add_monster(world, ORC, 8, 1, hunting=False)  # beyond the chasm
    assert threats(world) == []
    sleeper.mode = Mode.HUNTING  # awake, and has noticed the player
    assert threats(world) == [sleeper]
    world.floor.remove_actor(sleeper)
    across.mode = Mode.HUNTING
    archer = replace(
        ORC, key="archer", abilities=(Ability("shoot", values={"reach": 5, "flight": "first"}),)
    )
    across.kind = archer.key
    world.kinds[archer.key] = archer
    assert threats(world) == [across]  # it can shoot across


def test_a_new_sleeper_in_view_stops_a_run_once() -> None:
    world = world_from_text("""
    ##############
    #@...........#
    ##############
    """)
    watch = Watch.start(world)
    sleeper = add_monster(world, ORC, 9, 1, hunting=False)
    sleeper.mode = Mode.ASLEEP
    assert watch.check(world) == Stop("monsters", monsters=(("orc", 1),))
    assert watch.check(world) is None


def test_explore_walks_round_a_captive_and_leaves_what_lies_under_it() -> None:
    """A captive never moves: an item under it is out of reach, and its tile a wall for
    the route (a bot once stepped to and fro beside one for 50,000 turns)."""
    world = world_from_text("""
    #######
    #@....#
    #.....#
    #.....#
    #######
    """)
    captive = add_monster(world, ORC, 3, 2, hunting=False)
    captive.mode = Mode.CAPTIVE
    world.floor.items.append(Item(POTION, 3, 2))
    reason = explore_fully(world, limit=200)
    assert reason in (Stop("explored"), Stop("explored_stairs"))
    assert world.floor.items and not world.inventory


def test_a_full_pack_still_goes_for_what_it_stacks_and_leaves_the_rest() -> None:
    world = world_from_text("""
    ##########
    #@.......#
    ##########
    """)
    kinds = {k.key: k for k in loader.load().population.items.kinds}
    world.inventory.append(Item(kinds["ration"]))
    while len(world.inventory) < 26:
        world.inventory.append(Item(kinds["dagger"]))
    world.floor.items += [Item(kinds["ration"], 7, 1), Item(kinds["dagger"], 4, 1)]
    explore_fully(world)
    assert world.inventory[0].count == 2  # the ration was fetched and stacked
    assert any(i.position == (4, 1) for i in world.floor.items)  # no room for the dagger


def test_explore_keeps_its_berth_from_a_sleeper_gone_out_of_sight() -> None:
    """A sleeper seen once is still there out of view: explore keeps its distance and
    says so, rather than walking back until the sleeper comes into view again (and
    stopping, and turning away, and coming back...)."""
    from emberdeep.engine.play import autopilot

    world = world_from_text("""
    ##############################
    #.......@....................#
    ##############################
    """)
    assert world.player.position == (12 - autopilot.BERTH - 1, 1)
    sleeper = add_monster(world, ORC, 12, 1, hunting=False)
    sleeper.mode = Mode.ASLEEP
    world.refresh_fov()
    known: dict[int, tuple[int, int]] = {}
    sleepers_seen(world.floor, world.player, known)
    assert known == {sleeper.id: (12, 1)}
    world.floor.visible[...] = False  # it went out of sight
    world.floor.explored[12:, :] = False
    sleepers_seen(world.floor, world.player, known)
    assert known == {sleeper.id: (12, 1)}  # remembered where it lies
    assert autopilot.explore_action(world, sleepers=known) == autopilot.Stop(
        "sleeper", monsters=(("orc", 1),), at=(12, 1)
    )
    assert isinstance(autopilot.explore_action(world), Move)  # the bot's: no berth
    sleeper.mode = Mode.HUNTING
    world.floor.visible[12, 1] = True  # in view again, awake
    sleepers_seen(world.floor, world.player, known)
    assert known == {}  # seen awake: forgotten


def test_explore_stops_once_by_a_sleeper_a_door_opened_beside() -> None:
    """Hand play: a door opened with a sleeper just inside, within the berth already;
    explore walked on past it and back out (waking it). It stops instead, and stays
    stopped on another press, rather than stepping nearer."""
    world = world_from_text("""
    ###############
    #@....+.......#
    #######.......#
    #######.......#
    ###############
    """)
    sleeper = add_monster(world, ORC, 7, 1, hunting=False)
    known: dict[int, tuple[int, int]] = {}
    stops = []
    for _ in range(12):
        sleeper.mode = Mode.ASLEEP
        world.refresh_fov()
        sleepers_seen(world.floor, world.player, known)
        action = explore_action(world, sleepers=known)
        if isinstance(action, Stop):
            stops.append(action)
            continue
        before = max(abs(world.player.x - 7), abs(world.player.y - 1))
        world.step(action)
        after = max(abs(world.player.x - 7), abs(world.player.y - 1))
        assert not known or after >= before or after > BERTH  # once seen, never nearer
    assert world.player.position == (5, 1)  # at the door it opened
    assert stops and set(stops) == {Stop("sleeper", monsters=(("orc", 1),), at=(7, 1))}
