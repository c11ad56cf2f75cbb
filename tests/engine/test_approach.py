"""Which monsters in view keep a run from starting: only one that comes (hand play found
explore refusing for a goblin running away and a caster hanging back at range)."""

from __future__ import annotations

from msgspec.structs import replace

from emberdeep.engine.core.actors import KeepsDistance, Mode
from emberdeep.engine.creatures.combat import damage_range
from emberdeep.engine.play.approach import STANDOFF, Standoff, peril, threats
from tests.helpers import ORC, add_monster, world_from_text

HALL = """
######################
#@...................#
#....................#
######################
"""


def test_a_monster_running_away_is_no_threat_until_it_is_cornered_next_to_you() -> None:
    world = world_from_text(HALL)
    goblin = add_monster(world, ORC, 9, 1)
    assert threats(world) == [goblin]
    goblin.mode = Mode.FLEEING
    assert threats(world) == []
    world.floor.move_actor(goblin, 2, 1)
    assert threats(world) == [goblin]  # cornered, next to you, it strikes


def test_a_caster_keeping_its_distance_beyond_its_reach_is_no_threat() -> None:
    world = world_from_text(HALL)
    conjurer = replace(ORC, key="conjurer", keeps_distance=KeepsDistance(2, 5))
    caster = add_monster(world, conjurer, 6, 1)
    assert threats(world) == []  # in its band: it will not come nearer
    world.floor.move_actor(caster, 8, 1)
    assert threats(world) == [caster]  # beyond its band it closes in


def test_one_that_comes_no_nearer_for_a_while_is_no_threat_one_that_nears_is() -> None:
    world = world_from_text(HALL)
    pacer = add_monster(world, ORC, 8, 1)
    standoff = Standoff()
    standoff.update(world)
    for turn in range(STANDOFF):
        assert threats(world, standoff) == [pacer]
        world.turn += 1  # a turn passes; it paces to and fro, never nearer
        world.floor.move_actor(pacer, 8, 2 - turn % 2)
        standoff.update(world)
    assert threats(world, standoff) == []
    world.turn += 1
    world.floor.move_actor(pacer, 7, 1)  # a step nearer: it comes after all
    standoff.update(world)
    assert threats(world, standoff) == [pacer]


def test_peril_counts_the_hardest_blows_that_can_land_before_your_next_turn() -> None:
    world = world_from_text(HALL)
    assert peril(world) == 0
    beside = add_monster(world, ORC, 2, 1)  # power 3: blows of 2-4
    assert peril(world) == damage_range(ORC.power)[1] == 4
    add_monster(world, ORC, 4, 1)  # two steps off: it only closes in this turn
    assert peril(world) == 4
    quick = add_monster(world, replace(ORC, key="quick", move_time=50), 1, 2)
    world.floor.move_actor(quick, 4, 2)
    assert peril(world) == 4  # three steps off, two a turn: not yet
    world.floor.move_actor(quick, 3, 2)
    assert peril(world) == 8  # two steps off, two a turn: it arrives and strikes
    beside.mode = Mode.FLEEING
    world.floor.move_actor(beside, 9, 1)
    assert peril(world) == 4  # running away: no threat


def test_a_wanderer_that_has_not_noticed_you_is_no_threat_until_next_to_you() -> None:
    """Hand play: explore refused "Not with the pale bloat coming at you!" for a bloat
    the sidebar showed as wandering."""
    world = world_from_text(HALL)
    bloat = add_monster(world, ORC, 9, 1, hunting=False)
    assert bloat.mode == Mode.WANDERING
    assert threats(world) == []
    bloat.mode = Mode.HUNTING
    assert threats(world) == [bloat]  # it has noticed you: it comes
    bloat.mode = Mode.WANDERING
    world.floor.move_actor(bloat, 2, 1)
    assert threats(world) == [bloat]  # next to you, whatever it is up to
