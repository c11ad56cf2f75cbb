"""Traps (hidden, found, sprung), hazard terrain (water, lava, chasm), spreading gas and
locked doors."""

from __future__ import annotations

import numpy as np

from emberdeep.content import loader
from emberdeep.engine.acts.actions import Move, PickUp, Wait
from emberdeep.engine.acts.item_actions import Search, Throw
from emberdeep.engine.core.actors import Mode
from emberdeep.engine.core.events import ItemMoved, MessageKind, Refused
from emberdeep.engine.core.floor import Tile
from emberdeep.engine.creatures import statuses
from emberdeep.engine.play.invariants import violations
from emberdeep.engine.terrain import gas, hazards, traps
from emberdeep.engine.terrain.traps import Trap
from emberdeep.engine.things.items import Item, toggle_equipment
from tests.helpers import ORC, STATUE, add_monster, lines, texts, world_from_text

KINDS = {kind.key: kind for kind in loader.load().population.items.kinds}
TRAPS = {kind.key: kind for kind in loader.load().population.traps.kinds}  # type: ignore[union-attr]
ROOM = """
###########
#.........#
#..@......#
#........>#
###########
"""


def test_a_hidden_trap_is_sprung_by_the_player_and_then_shown() -> None:
    world = world_from_text(ROOM)
    trap = Trap(TRAPS["paralysis_trap"], 4, 2)
    world.floor.traps[(4, 2)] = trap
    events = world.step(Move(1, 0))
    assert ("You trigger a paralysis trap!", MessageKind.ALERT) in lines(events)
    assert statuses.has(world.player, statuses.PARALYSED) and not trap.hidden


def test_monsters_and_the_levitating_never_spring_traps() -> None:
    world = world_from_text(ROOM)
    orc = add_monster(world, ORC, 8, 2, hunting=False)
    world.floor.traps[(7, 2)] = Trap(TRAPS["alarm_trap"], 7, 2)
    world.perform(orc, Move(-1, 0))
    assert world.floor.traps[(7, 2)].hidden
    world.floor.traps[(4, 2)] = Trap(TRAPS["alarm_trap"], 4, 2)
    statuses.apply(world, world.player, statuses.LEVITATING, 5, "potion")
    world.step(Move(1, 0))
    assert world.floor.traps[(4, 2)].hidden


def test_an_alarm_wakes_the_floor_and_sets_it_hunting() -> None:
    world = world_from_text(ROOM)
    orc = add_monster(world, ORC, 9, 3, hunting=False)
    orc.mode = Mode.ASLEEP
    world.floor.traps[(4, 2)] = Trap(TRAPS["alarm_trap"], 4, 2)
    world.step(Move(1, 0))
    assert orc.mode == Mode.HUNTING and orc.hunting > 0


def test_an_alarm_calls_only_the_nearest_and_a_second_adds_nobody() -> None:
    """An alarm trap and then a scroll of aggravation once brought a whole floor at once
    (found in hand play): the nearest come, up to ``ALARM_HUNTERS`` hunting in all; the
    rest wake and wander, and a second alarm while they hunt calls nobody more."""
    wide = "\n".join(["#" * 24, "#@" + "." * 21 + "#", "#" + "." * 22 + "#", "#" * 24])
    world = world_from_text(wide)
    orcs = [add_monster(world, ORC, x, 2, hunting=False) for x in range(4, 22, 2)]
    for orc in orcs:
        orc.mode = Mode.ASLEEP
    traps.alarm(world, "trap")
    hunting = [o for o in orcs if o.mode == Mode.HUNTING]
    assert hunting == orcs[: traps.ALARM_HUNTERS]  # the nearest
    assert all(o.mode == Mode.WANDERING for o in orcs[traps.ALARM_HUNTERS :])
    traps.alarm(world, "scroll")
    assert [o for o in orcs if o.mode == Mode.HUNTING] == hunting


def test_searching_finds_traps_around_and_luck_finds_them_too() -> None:
    world = world_from_text(ROOM)
    traps = [Trap(TRAPS["alarm_trap"], x, 1) for x in (2, 3, 4)]
    for trap in traps:
        world.floor.traps[trap.position] = trap
    for _ in range(5):
        world.step(Search())
    assert not any(trap.hidden for trap in traps)
    lucky = world_from_text(ROOM)
    trap = Trap(TRAPS["alarm_trap"], 4, 1)
    lucky.floor.traps[trap.position] = trap
    for _ in range(100):
        lucky.step(Wait())
    assert not trap.hidden  # 10% a turn: 100 turns all missing is 1 in 37,000


def test_a_trapdoor_drops_the_player_to_the_next_floor() -> None:
    world = world_from_text(ROOM)
    world.floor.traps[(4, 2)] = Trap(TRAPS["trapdoor"], 4, 2)
    hp = world.player.hp
    world.step(Move(1, 0))
    assert world.depth == 2 and world.player.hp < hp
    assert violations(world) == []


def test_gas_spreads_thins_is_stopped_by_walls_and_poisons() -> None:
    world = world_from_text(
        """
        #########
        #...#...#
        #.@.+...#
        #...#...#
        #########
        """
    )
    floor = world.floor
    orc = add_monster(world, STATUE, 1, 1, hunting=False)
    gas.release(world, 2, 2, 3.0)
    world.step(Wait())
    assert (floor.gas > 0).sum() > 1
    assert floor.gas[5:, :].sum() == 0  # the closed door holds it back
    assert statuses.has(world.player, statuses.POISONED) and statuses.has(orc, statuses.POISONED)
    for _ in range(200):
        world.step(Wait())
    assert not floor.gas_active and floor.gas.sum() == 0


def test_gas_spreading_never_creates_gas() -> None:
    world = world_from_text(ROOM)
    floor = world.floor
    rng = np.random.default_rng(1)
    floor.gas[1:-1, 1:-1] = rng.random((9, 3)).astype(np.float32)
    floor.gas_active = True
    total = float(floor.gas.sum())
    gas.spread(floor)
    assert 0 < float(floor.gas.sum()) <= total


def test_deep_water_carries_off_what_is_not_worn_to_the_nearest_shore() -> None:
    """Hand play lost four things in five strokes, for good: what the current takes
    now washes up on the ground nearest the swimmer, to be fetched."""
    world = world_from_text(
        """
        #########
        #@~~~~~.#
        #########
        """
    )
    world.inventory += [Item(KINDS["darts"], count=3), Item(KINDS["dagger"])]
    toggle_equipment(world, world.player, world.inventory[1])
    washed = []
    for _ in range(5):
        events = world.step(Move(1, 0))
        assert not isinstance(events, Refused)
        washed += [e for e in events if isinstance(e, ItemMoved) and e.change == "washed"]
    assert washed and all(e.thing.quantity == 1 for e in washed)  # one at a time, never a stack
    darts = sum(i.count for i in world.inventory if i.kind.key == "darts")
    assert darts == 3 - len(washed)
    assert any(i.kind.key == "dagger" and i.equipped for i in world.inventory)
    ashore = [(i.x, i.y) for i in world.floor.items if i.kind.key == "darts"]
    assert len(ashore) == len(washed)
    assert all(world.floor.tiles[x, y] == Tile.FLOOR for x, y in ashore)
    assert [e.at for e in washed] == ashore


def test_with_no_shore_what_the_current_takes_is_gone() -> None:
    world = world_from_text(
        """
        ###
        #@#
        ###
        """
    )
    world.floor.tiles[world.player.position] = Tile.DEEP_WATER
    world.inventory[:] = [Item(KINDS["darts"], count=50)]
    changes = set()
    for _ in range(20):
        hazards.wade(world)
        changes |= {e.change for e in world.take_events() if isinstance(e, ItemMoved)}
    assert changes == {"swept"} and not world.floor.items
    assert world.inventory[0].count < 50


def test_deep_water_never_carries_off_a_key() -> None:
    """Hand play lost a vault key while swimming, the line unseen among the others."""
    world = world_from_text(
        """
        ###
        #@#
        ###
        """
    )
    world.inventory[:] = [Item(KINDS["vault_key"]), Item(KINDS["darts"], count=50)]
    for _ in range(200):
        hazards.wade(world)
    assert [item.kind.key for item in world.inventory] == ["vault_key"]


def test_a_key_used_on_a_door_is_said_to_stay_in_the_lock() -> None:
    """A key leaving the pack is always told: used up on a door, it says so."""
    world = world_from_text(
        """
        #####
        #@L.#
        #####
        """
    )
    world.inventory[:] = [Item(KINDS["vault_key"])]
    said = texts(world.step(Move(1, 0)))
    assert "You unlock the door: the key stays in the lock." in said
    assert world.inventory == []


def test_lava_is_refused_and_a_chasm_is_a_way_down() -> None:
    world = world_from_text(
        """
        #######
        #%@:..#
        #######
        """
    )
    refused = world.step(Move(-1, 0))
    assert refused == Refused("lava") and world.turn == 0
    assert texts(refused) == ["The lava would burn you to a cinder."]
    assert not world.floor.walkable[3, 1]  # nobody paths through it
    world.step(Move(1, 0))
    assert world.depth == 2


def test_a_dart_thrown_over_a_chasm_is_lost() -> None:
    world = world_from_text(
        """
        ########
        #@.::..#
        ########
        """
    )
    world.inventory.append(Item(KINDS["darts"], count=2))
    world.step(Throw(0, (6, 1)))
    assert world.inventory[0].count == 1 and world.floor.items == []


def test_a_locked_door_opens_only_with_its_key_which_is_used_up() -> None:
    world = world_from_text(
        """
        #######
        #@L...#
        #######
        """
    )
    refused = world.step(Move(1, 0))
    assert refused == Refused("need_key") and "locked" in texts(refused)[0]
    world.inventory.append(Item(KINDS["vault_key"]))
    world.step(Move(1, 0))
    assert world.floor.tiles[2, 1] == Tile.OPEN_DOOR and world.inventory == []
    world.step(Move(1, 0))
    assert world.player.position == (2, 1)


def test_vault_keys_stack_and_each_door_takes_one() -> None:
    """Any key opens any vault door, so a tester's keys in separate slots were clutter:
    they stack, and a door takes one off the stack."""
    world = world_from_text(
        """
        #########
        #@.L.L..#
        #########
        """
    )
    world.floor.items += [Item(KINDS["vault_key"], 1, 1), Item(KINDS["vault_key"], 2, 1)]
    world.step(PickUp())
    world.step(Move(1, 0))
    world.step(PickUp())
    assert [(i.kind.key, i.count) for i in world.inventory] == [("vault_key", 2)]
    world.step(Move(1, 0))
    assert world.floor.tiles[3, 1] == Tile.OPEN_DOOR
    assert [(i.kind.key, i.count) for i in world.inventory] == [("vault_key", 1)]
