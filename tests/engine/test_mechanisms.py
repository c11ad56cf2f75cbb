"""The set pieces' moving parts: a bridge that falls behind the player, a lever that opens
the floor's sealed doors, a pressure plate that springs though it is in plain view, a
tripwire that wakes the monsters near it; and saves that keep (and check) them."""

from __future__ import annotations

import pytest

from emberdeep.content import loader
from emberdeep.engine.acts.actions import Move
from emberdeep.engine.core.actors import AWARE, Mode
from emberdeep.engine.core.events import MessageKind, Refused, TerrainChanged
from emberdeep.engine.core.floor import Tile
from emberdeep.engine.creatures import statuses
from emberdeep.engine.play.invariants import violations
from emberdeep.engine.play.rules import a_pulled_lever_opened
from emberdeep.engine.saves import snapshot
from emberdeep.engine.terrain.traps import Trap
from emberdeep.engine.things.items import Item
from emberdeep.session.look_words import describe_in_detail
from tests.helpers import ORC, add_monster, lines, steps, texts, world_from_text

CONTENT = loader.load()
TRAPS = {kind.key: kind for kind in CONTENT.population.traps.kinds}  # type: ignore[union-attr]
KINDS = {kind.key: kind for kind in CONTENT.population.items.kinds}
CHASM = """
###########
#.:::::::.#
#@=======>#
#.:::::::.#
#.........#
###########
"""
LEVER = """
##########
#@......S#
#.####/#.#
#.......>#
##########
"""


def test_the_bridge_falls_behind_the_player_tile_by_tile() -> None:
    world = world_from_text(CHASM)
    world.floor.items.append(Item(KINDS["darts"], 3, 2))
    first = steps(world.step(Move(1, 0)))
    assert world.floor.tiles[2, 2] == Tile.BRIDGE  # stood on: it holds
    assert not any(isinstance(e, TerrainChanged) for e in first)
    second = world.step(Move(1, 0))
    assert world.floor.tiles[2, 2] == Tile.CHASM and not world.floor.walkable[2, 2]
    assert TerrainChanged(((2, 2),), "collapsed") in steps(second)
    assert ("The bridge gives way behind you and falls into the chasm!", MessageKind.ALERT) in (
        lines(second)
    )
    world.step(Move(1, 0))  # off the tile with the dart, left lying: it falls too
    assert world.floor.tiles[3, 2] == Tile.CHASM and not world.floor.items
    assert world.step(Move(-1, 0)) is not None and world.depth == 2  # back is a fall


def test_a_monster_or_a_levitating_player_crosses_without_breaking_it() -> None:
    world = world_from_text(CHASM)
    orc = add_monster(world, ORC, 4, 2, hunting=False)
    world.perform(orc, Move(1, 0))
    world.perform(orc, Move(1, 0))
    assert (world.floor.tiles[2:9, 2] == Tile.BRIDGE).all()
    statuses.apply(world, world.player, statuses.LEVITATING, 10, "potion")
    world.step(Move(1, 0))
    world.step(Move(1, 0))
    assert world.floor.tiles[2, 2] == Tile.BRIDGE


def test_walking_into_the_lever_opens_every_sealed_door_once() -> None:
    world = world_from_text(LEVER)
    world.floor.move_actor(world.player, 6, 3)
    assert world.floor.tiles[8, 1] == Tile.SEALED_DOOR
    pulled = world.step(Move(0, -1))
    assert world.floor.tiles[6, 2] == Tile.PULLED_LEVER and world.floor.tiles[8, 1] == Tile.FLOOR
    assert TerrainChanged(((6, 2), (8, 1)), "lever") in steps(pulled)
    assert texts(pulled)[0].startswith("You pull the lever.")
    assert world.player.position == (6, 3) and not violations(world)
    assert world.step(Move(0, -1)) == Refused("blocked")  # pulled: a wall from then on


def test_a_sealed_door_refuses_everyone_and_a_monster_pulls_no_lever() -> None:
    world = world_from_text(LEVER)
    orc = add_monster(world, ORC, 7, 1, hunting=False)
    assert world.perform(orc, Move(1, 0)) == Refused("sealed")
    world.floor.move_actor(orc, 5, 3)
    assert world.perform(orc, Move(1, -1)) == Refused("blocked")
    assert world.floor.tiles[6, 2] == Tile.LEVER
    world.floor.move_actor(world.player, 8, 2)
    assert world.step(Move(0, -1)) == Refused("sealed")
    assert world.floor.tiles[8, 1] == Tile.SEALED_DOOR


def test_the_look_says_what_the_lever_the_bridge_and_the_door_do() -> None:
    world = world_from_text(LEVER)
    world.floor.visible[...] = world.floor.explored[...] = True
    assert "  a lever set in the wall: walk into it to pull it" in describe_in_detail(world, (6, 2))
    assert any("lever somewhere" in line for line in describe_in_detail(world, (8, 1)))
    bridge = world_from_text(CHASM)
    bridge.floor.visible[...] = bridge.floor.explored[...] = True
    assert any("give way behind you" in line for line in describe_in_detail(bridge, (4, 2)))


def test_a_pressure_plate_in_plain_view_springs_and_wakes_the_sleepers_near() -> None:
    world = world_from_text(CHASM.replace("=", ".").replace(":", "."))
    plate = Trap(TRAPS["pressure_plate"], 2, 2, hidden=False)
    world.floor.traps[(2, 2)] = plate
    near = add_monster(world, ORC, 5, 3, hunting=False)
    far = add_monster(world, ORC, 9, 1, hunting=False)
    near.mode = far.mode = Mode.ASLEEP
    world.floor.visible[...] = world.floor.explored[...] = True
    assert any("no stepping over it" in line for line in describe_in_detail(world, (2, 2)))
    events = world.step(Move(1, 0))
    assert ("The pressure plate clicks under your feet!", MessageKind.ALERT) in lines(events)
    assert statuses.has(world.player, statuses.PARALYSED)
    assert near.mode in AWARE and far.mode == Mode.ASLEEP


def test_a_found_tripwire_is_stepped_over_and_a_hidden_one_wakes_the_pack() -> None:
    world = world_from_text(CHASM.replace("=", ".").replace(":", "."))
    sleeper = add_monster(world, ORC, 6, 4, hunting=False)
    sleeper.mode = Mode.ASLEEP
    world.floor.traps[(2, 2)] = Trap(TRAPS["tripwire"], 2, 2, hidden=False)
    assert "You step carefully over the tripwire." in texts(world.step(Move(1, 0)))
    assert sleeper.mode == Mode.ASLEEP
    world.floor.traps[(3, 2)] = Trap(TRAPS["tripwire"], 3, 2)
    assert "You trigger a tripwire!" in texts(world.step(Move(1, 0)))
    assert sleeper.mode in AWARE and not statuses.active(world.player)


def test_a_save_keeps_the_bridge_and_the_lever_and_refuses_a_lever_that_opened_nothing() -> None:
    world = world_from_text(CHASM)
    world.floor.traps[(1, 4)] = Trap(TRAPS["pressure_plate"], 1, 4, hidden=False)
    world.step(Move(1, 0))
    world.step(Move(1, 0))
    back = snapshot.load(snapshot.dump(world), world.build_floor, KINDS, CONTENT.hero.kinds)
    assert (back.floor.tiles == world.floor.tiles).all() and back.floor.tiles[2, 2] == Tile.CHASM
    assert back.floor.traps[(1, 4)].kind == TRAPS["pressure_plate"]  # its wakes and plate too
    lever = world_from_text(LEVER)
    lever.floor.tiles[6, 2] = Tile.PULLED_LEVER
    assert a_pulled_lever_opened(lever.floor) is not None
    with pytest.raises(snapshot.SnapshotError, match="sealed wall"):
        snapshot.load(snapshot.dump(lever), lever.build_floor, KINDS, CONTENT.hero.kinds)
