"""Travel's way looked along before it starts (``way_ahead``): the risk it would stop
before, and the step into deep water a walk takes only when told to swim."""

from __future__ import annotations

from emberdeep.engine.acts.actions import Move
from emberdeep.engine.core.floor import Tile
from emberdeep.engine.play.autopilot import Stop, travel_action
from emberdeep.engine.play.way_ahead import path_preview, risk_ahead
from tests.helpers import world_from_text

LAKE = """
    ############
    #@..~~...>.#
    #...~~.....#
    ############
    """


def test_the_engine_looks_along_the_way_and_swims_only_when_told() -> None:
    world = world_from_text(LAKE)
    world.floor.explored[...] = True
    stairs = world.floor.stairs
    assert risk_ahead(world, stairs) == Stop("risky", at=(4, 1), risk="deep_water")
    assert risk_ahead(world, stairs, steps=1) is None  # the next step is dry
    for _ in range(2):
        step = travel_action(world, stairs)
        assert isinstance(step, Move)
        world.step(step)
    assert travel_action(world, stairs) == Stop("risky", at=(4, 1), risk="deep_water")
    step = travel_action(world, stairs, swim=True)
    assert step == Move(1, 0)
    world.step(step)
    assert world.floor.tiles[world.player.position] == Tile.DEEP_WATER
    assert risk_ahead(world, stairs) is None  # in the water: on without a stop


def test_the_path_shown_is_the_way_travel_walks() -> None:
    world = world_from_text("""
    #######
    #@....#
    #.....#
    #....>#
    #######
    """)
    world.floor.explored[...] = True
    shown = path_preview(world, world.floor.stairs)
    walked = []
    while isinstance(step := travel_action(world, world.floor.stairs), Move):
        world.step(step)
        walked.append(world.player.position)
    assert shown == walked and walked[-1] == world.floor.stairs
