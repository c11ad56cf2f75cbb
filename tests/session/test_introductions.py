"""The log introduces every monster that comes into view, whatever the player is doing:
waiting, walking, or in the middle of a run (whose stop names it, once)."""

from __future__ import annotations

from emberdeep.content import loader
from emberdeep.engine.acts.actions import Wait
from emberdeep.engine.core.actors import Mode
from emberdeep.session.driver import Driver, Rest
from emberdeep.session.narration import narrator_for
from tests.helpers import ORC, add_monster, world_from_text

KINDS = loader.load().hero.kinds
JACKAL, OGRE = KINDS["jackal"], KINDS["ogre"]
CORNER = """
###########
#@........#
#########.#
#########.#
#########.#
#########.#
###########
"""
"""An orc out of sight round the corner, hunting the player: it walks into view."""
ROOM = """
#############
#@..........#
#...........#
#############
#...........#
#############
"""


def sightings(lines: list[str]) -> list[str]:
    return [line for line in lines if line.startswith("You see")]


def test_a_monster_that_walks_into_view_while_the_player_waits_is_introduced_once() -> None:
    world = world_from_text(CORNER)
    add_monster(world, ORC, 9, 5)
    world.refresh_fov()
    assert not world.floor.visible[9, 5]
    driver = Driver(world, narrator_for(loader.load()))
    said: list[str] = []
    for _ in range(12):
        said += [line.text for line in driver.command(Wait()).lines]
    orc = KINDS[ORC.key].name.lower()
    assert sightings(said) == [f"You see an {orc}."]
    assert said.index(f"You see an {orc}.") < next(
        n for n, text in enumerate(said) if "orc" in text and "You see" not in text
    )  # introduced before it does anything


def test_many_at_once_are_folded_into_one_line_nearest_first() -> None:
    world = world_from_text(ROOM)
    driver = Driver(world, narrator_for(loader.load()))
    for kind, x in ((OGRE, 4), (JACKAL, 7), (JACKAL, 8)):
        add_monster(world, kind, x, 1, hunting=False).mode = Mode.ASLEEP
    add_monster(world, JACKAL, 3, 4, hunting=False)  # behind the wall: not in view
    lines = [line.text for line in driver.command(Wait()).lines]
    assert sightings(lines) == ["You see an ogre and 2 jackals."]
    assert sightings([line.text for line in driver.command(Wait()).lines]) == []


def test_a_run_stopped_by_a_newcomer_names_it_once() -> None:
    world = world_from_text(CORNER)
    world.player.hp = 1
    add_monster(world, ORC, 9, 5)
    driver = Driver(world, narrator_for(loader.load()))
    said = [line.text for line in driver.command(Rest()).lines]
    for _ in range(30):
        if driver.run is None:
            break
        said += [line.text for line in driver.tick().lines]
    assert driver.run is None
    assert len(sightings(said)) == 1


def test_without_a_narrator_nothing_is_looked_for() -> None:
    """Bots and benchmarks play without English: newcomers cost them nothing."""
    world = world_from_text(ROOM)
    driver = Driver(world)
    add_monster(world, JACKAL, 5, 1)
    assert driver.command(Wait()).lines == [] and driver.in_view == set()


def test_a_newcomer_is_introduced_before_what_it_does_in_the_same_turn() -> None:
    """A monster that comes into view and strikes in the same turn (here: it is simply
    there when the driver first looks): "You see an orc." comes before its blow."""
    world = world_from_text(ROOM)
    driver = Driver(world, narrator_for(loader.load()))
    add_monster(world, ORC, 2, 1)  # beside the player, awake, unseen by the driver yet
    said: list[str] = []
    for _ in range(6):
        said += [line.text for line in driver.command(Wait()).lines]
    orc = KINDS[ORC.key].name.lower()
    acted = [n for n, text in enumerate(said) if orc in text.lower() and "You see" not in text]
    assert acted and said.index(f"You see an {orc}.") < acted[0], said
