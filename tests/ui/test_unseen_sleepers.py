"""Explore keeps its distance only from the sleepers the player has seen (the one rule of
sight, ``perception.in_sight``): a tester's explore stopped for "an orc, asleep" with
nothing on screen, as if it knew of one behind the closed door of a room never opened.
One asleep behind a wall beside the way is passed as the player knows nothing of it;
one seen (through the doorway) stops explore with the way to where it lies."""

from __future__ import annotations

from emberdeep.config import Settings
from emberdeep.content import loader
from emberdeep.engine.core.actors import Mode
from emberdeep.engine.core.perception import in_sight
from emberdeep.ui.input import KeyPress
from emberdeep.ui.screens.play import PlayScreen
from tests.helpers import ORC, add_monster, world_from_text

PICTURE = """
##############################
#@...........................#
###########.###########+######
#########.....#######.....####
#########.....#######.....####
##############################
"""
"""A corridor with an open doorway into one room and a shut door into another, each room
with a sleeper two rows below the corridor (inside the berth of a walk along it)."""


def explore_once(screen: PlayScreen) -> list[str]:
    """What one press of x says, its run taken to its stop."""
    before = len(screen.log.entries)
    screen.handle(KeyPress("x"))
    count = 0
    while screen.running and count < 500:
        screen.tick()
        count += 1
    return [entry.text for entry in screen.log.entries[before:]]


def test_a_sleeper_never_seen_behind_a_shut_door_stops_no_explore() -> None:
    world = world_from_text(PICTURE)
    hidden = add_monster(world, ORC, 23, 4, hunting=False)  # behind the shut door (23, 2)
    hidden.mode = Mode.ASLEEP
    screen = PlayScreen.of(world, loader.load(), Settings())
    said = explore_once(screen)
    # along the corridor within its berth, unseen and unsaid, up to the door it opens
    assert world.player.position == (23, 2)
    assert said == ["You open the door.", "You see an orc."]
    assert in_sight(world.floor, hidden)
    assert explore_once(screen) == [
        "The way on passes close to an orc, asleep (south, 2 steps): walk past it"
        " yourself, or strike first while it sleeps."
    ]


def test_a_sleeper_seen_through_a_doorway_stops_explore_with_its_way() -> None:
    world = world_from_text(PICTURE)
    seen = add_monster(world, ORC, 11, 4, hunting=False)  # below the open doorway (11, 2)
    seen.mode = Mode.ASLEEP
    screen = PlayScreen.of(world, loader.load(), Settings())
    assert explore_once(screen) == ["You see an orc."]
    world.refresh_fov()
    assert in_sight(world.floor, seen)
    said = explore_once(screen)
    assert said[0].startswith("The way on passes close to an orc, asleep (south, 2 steps)")
