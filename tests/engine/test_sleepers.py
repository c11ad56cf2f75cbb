"""A sleeper is remembered where it was seen asleep until the player sees that it is not
there: explore once kept its berth round an empty spot in plain view and stopped ("The
way on passes close to an orc, asleep") with nothing on the screen, the orc gone from
where it had been seen."""

from __future__ import annotations

from emberdeep.engine.acts.actions import Move
from emberdeep.engine.core.actors import Mode
from emberdeep.engine.play.autopilot import BERTH, Stop, explore_action
from emberdeep.engine.play.sleepers import Sleepers
from tests.helpers import ORC, add_monster, world_from_text

HALL = """
##############################
#@...........................#
############.#################
############.#################
############.#################
############.#################
############.#################
##############################
"""
"""A hall, and a pit off it, deep enough that its far end is out of sight and out of
explore's berth from the hall."""


def test_a_sleeper_not_where_it_was_seen_is_forgotten() -> None:
    world = world_from_text(HALL)
    world.floor.move_actor(world.player, 12 - BERTH - 1, 1)  # a step short of its berth
    orc = add_monster(world, ORC, 12, 1, hunting=False)
    orc.mode = Mode.ASLEEP
    world.refresh_fov()
    sleepers = Sleepers()
    sleepers.update(world.floor, world.player)
    assert sleepers.on(world.floor) == {orc.id: (12, 1)}
    assert explore_action(world, sleepers=sleepers.on(world.floor)) == Stop(
        "sleeper", monsters=(("orc", 1),), at=(12, 1)
    )
    world.floor.move_actor(orc, 12, 6)  # gone down the pit, out of sight, asleep again
    world.refresh_fov()
    assert world.floor.visible[12, 1] and not world.floor.visible[12, 6]
    sleepers.update(world.floor, world.player)
    assert sleepers.on(world.floor) == {}  # its spot is in view, empty
    assert isinstance(explore_action(world, sleepers=sleepers.on(world.floor)), Move)


def test_a_sleeper_out_of_view_is_still_remembered() -> None:
    world = world_from_text(HALL)
    world.floor.move_actor(world.player, 12 - BERTH - 1, 1)
    orc = add_monster(world, ORC, 12, 1, hunting=False)
    orc.mode = Mode.ASLEEP
    world.refresh_fov()
    sleepers = Sleepers()
    sleepers.update(world.floor, world.player)
    world.floor.visible[...] = False  # the player looked away: nothing seen either way
    sleepers.update(world.floor, world.player)
    assert sleepers.on(world.floor) == {orc.id: (12, 1)}
