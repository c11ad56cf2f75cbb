"""A held key's refusal is said once: the same command refused again for the same reason
adds nothing to the log until a different command or something happening (hand play
read "That way is blocked." nineteen times, stepping diagonally out of a doorway)."""

from __future__ import annotations

from emberdeep.content import loader
from emberdeep.engine.acts.actions import Move
from emberdeep.engine.core.events import Refused
from emberdeep.session.driver import Driver
from emberdeep.session.narration import narrator_for
from tests.helpers import texts, world_from_text

DOORWAY = """
#####
##.##
##+##
#.@.#
#####
"""
"""A door with a corridor beyond it: from the doorway, a diagonal step meets its wall."""


def in_the_doorway() -> Driver:
    world = world_from_text(DOORWAY)
    driver = Driver(world, narrator_for(loader.load()))
    driver.command(Move(0, -1))  # opens the door
    driver.command(Move(0, -1))  # into the doorway
    assert world.player.position == (2, 2)
    return driver


def test_a_diagonal_step_from_a_doorway_into_a_wall_says_to_step_straight() -> None:
    driver = in_the_doorway()
    refused = driver.world.step(Move(-1, -1))
    assert refused == Refused("blocked", detail="doorway")
    assert texts(refused) == ["That way is blocked: from a doorway, take a straight step first."]
    assert driver.world.step(Move(-1, 1)) != refused  # out diagonally into the room: a step


def test_a_refusal_repeated_by_the_same_command_is_said_once() -> None:
    driver = in_the_doorway()
    log = driver.log
    before = len(log.entries)
    for _ in range(19):
        report = driver.command(Move(-1, -1))
        assert report.refused is not None  # still reported: only not said again
    assert [e.full_text for e in log.entries[before:]] == [
        "That way is blocked: from a doorway, take a straight step first."
    ]
    driver.command(Move(1, -1))  # a different command: its refusal is news (counted up)
    driver.command(Move(-1, -1))  # and so is this one's again, after it
    assert [e.count for e in log.entries[before:]] == [3]
