"""Playing a journal back on a fresh world, and finding where it stops matching."""

from __future__ import annotations

from typing import Any

import msgspec

from emberdeep import bounds
from emberdeep.engine.core.events import Event, Refused
from emberdeep.engine.core.fov import FovSettings
from emberdeep.engine.play.journal import Journal, JournalError, check_command, decode_action
from emberdeep.engine.play.world import HALT_WHEN_HURT, World

MAX_ADVANCE = 100_000
"""The most world time one recorded ``advance`` may move (a real-time tick is 25): a
doctored replay advancing to 2**62 would otherwise run monsters for ever."""


def latest_time(commands: list[Any]) -> int:
    """The latest world time any ``advance`` among ``commands`` names (0 if none; what is
    not a command is passed over, for the journal's own check to refuse)."""
    return max(
        (
            c[1]
            for c in commands
            if type(c) is list and len(c) > 1 and c[0] == "t" and type(c[1]) is int
        ),
        default=0,
    )


def check_bounds(commands: list[Any], most: int, what: str) -> None:
    """Refuse, before anything runs, a list of commands that holds more than ``most`` or
    advances the clock past ``bounds.time_limit`` (``bounds.InputError``, one line)."""
    bounds.check_run(len(commands), latest_time(commands), most, what)


def apply(world: World, command: list[object]) -> list[Event] | Refused:
    """Give ``world`` one recorded command (checked first), as the game did."""
    check_command(command)
    code, rest = command[0], command[1:]
    if code == "s":
        return world.step(decode_action(rest))
    if code == "a":
        return world.player_act(decode_action(rest))
    if code == "t":
        until = int(str(rest[0]))
        if until > world.time + MAX_ADVANCE:
            raise JournalError(f"advances too far at once: {command!r}")
        flags = int(str(rest[1]))
        return world.advance(until, bool(flags & 1), bool(flags & HALT_WHEN_HURT))
    world.set_fov(FovSettings(str(rest[0]), int(str(rest[1])), bool(rest[2])))
    return []


class Divergence(msgspec.Struct, frozen=True):
    """Where a replay stopped matching its recording: the first command whose checksum
    differs."""

    index: int
    """Position of the first command whose checksum differs."""
    turn: int
    """The replayed world's turn count at that point."""
    expected: int
    actual: int


def replay(world: World, journal: Journal) -> Divergence | None:
    """Run every command of ``journal`` on ``world`` (fresh from the same seed), checking
    the checksum after each; stops at the first difference. Steps take the player's own
    time, which no file names: a world whose clock passes ``bounds.time_limit`` for the
    journal's length (a player held for ages by a doctored state) ends it with a
    JournalError, so no replay runs for ever."""
    limit = bounds.time_limit(len(journal.commands))
    for index, (command, expected) in enumerate(
        zip(journal.commands, journal.checksums, strict=True)
    ):
        apply(world, command)
        if world.time > limit:
            raise JournalError(f"the clock passed {limit} at command {index + 1}")
        actual = world.journal.checksums[-1]
        if actual != expected:
            return Divergence(index, world.turn, expected, actual)
    return None
