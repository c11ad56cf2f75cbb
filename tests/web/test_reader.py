"""The screen-reader mode's "around you" is in the words of the agents' text interface:
each thing in view with its steps and direction, the stairs too, nearest first."""

from __future__ import annotations

from emberdeep.config import Settings
from emberdeep.content import loader
from emberdeep.engine.acts.actions import LEVEL_UP_STATS, LevelUp, Wait
from emberdeep.session import surroundings
from emberdeep.session.driver import Driver, State
from emberdeep.session.setup import new_world
from emberdeep.web import reader
from tests.helpers import world_from_text
from tests.test_terminal_e2e import dive


def test_around_you_says_what_the_text_interface_says_with_where_it_is() -> None:
    seen: list[str] = []
    for seed in (1, 2, 3):
        world = new_world(seed, Settings(), loader.load())
        driver = Driver(world)
        for _ in range(150):
            if world.over:
                break
            said = reader.around(world)
            player = world.player
            assert said[0].startswith(
                f"Depth {world.depth}, turn {world.turn}, health {player.hp} of {player.max_hp}."
            )
            words = surroundings.in_view(world)
            assert said[1:] == [line[0].upper() + line[1:] + "." for line in words]
            seen += said[1:]
            if driver.command(dive(world)).refused is not None:
                driver.command(Wait())
            if driver.state is State.LEVEL_UP:
                driver.command(LevelUp(LEVEL_UP_STATS[0]))
    assert "Stairs up: here." in seen  # where each game starts
    creatures = [line for line in seen if " (" in line and not line.startswith("Remains")]
    assert creatures, seen
    for line in creatures:  # "Rat (unhurt, hunting you): 3 north-east."
        steps, direction = line.rsplit(": ", 1)[1].rstrip(".").split(" ")
        assert int(steps) >= 1 and direction in surroundings.COMPASS


def test_the_state_says_what_the_sidebar_shows_in_colour() -> None:
    world = new_world(1, Settings(), loader.load())
    assert reader.around(world)[0] == (
        "Depth 1, turn 0, health 30 of 30. You are fed (2150 turns of food left)."
    )
    world.nourishment = 120
    assert reader.around(world)[0] == (
        "Depth 1, turn 0, health 30 of 30. You are weak (120 turns of food left)."
    )


def test_each_way_says_how_far_the_player_can_walk_and_what_stops_them() -> None:
    world = world_from_text(
        """
        #########
        #.......#
        #..@....+
        #.......#
        ####>####
        """
    )
    world.floor.explored[:] = True
    assert surroundings.ways(world) == [
        "north: 1 step, then a wall",
        "north-east: 1 step, then a wall",
        "east: 4 steps, then a closed door",
        "south-east: 1 step, then a wall",
        "south: 1 step, then a wall",
        "south-west: 1 step, then a wall",
        "west: 2 steps, then a wall",
        "north-west: 1 step, then a wall",
    ]
    world.floor.move_actor(world.player, 4, 3)
    assert "south: the stairs down, next to you" in surroundings.ways(world)
