"""Playing a journal back on a fresh world, and finding where it stops matching."""

from __future__ import annotations

from dataclasses import dataclass

from emberdeep.engine.events import Event
from emberdeep.engine.fov import ALGORITHMS, FovSettings
from emberdeep.engine.journal import Journal, JournalError, decode_action
from emberdeep.engine.world import World

MAX_TIME = 2**62


def check_command(command: object) -> list[object]:
    """``command`` if it is well formed, else JournalError; the world is never touched by
    a malformed command."""
    if not isinstance(command, list) or not command or not isinstance(command[0], str):
        raise JournalError(f"not a command: {command!r}")
    code, rest = command[0], command[1:]
    if code in ("s", "a"):
        decode_action(rest)
    elif code == "t":
        if len(rest) != 2 or type(rest[0]) is not int or rest[1] not in (0, 1):
            raise JournalError(f"bad advance command: {command!r}")
        if not 0 <= rest[0] <= MAX_TIME:
            raise JournalError(f"time out of range: {command!r}")
    elif code == "f":
        ok = len(rest) == 3 and rest[0] in ALGORITHMS and type(rest[1]) is int
        if not ok or not 0 <= int(str(rest[1])) <= 1000 or type(rest[2]) is not bool:
            raise JournalError(f"bad field-of-view command: {command!r}")
    else:
        raise JournalError(f"unknown command: {command!r}")
    return command


def apply(world: World, command: list[object]) -> list[Event]:
    """Give ``world`` one recorded command (checked first), as the game did."""
    check_command(command)
    code, rest = command[0], command[1:]
    if code == "s":
        return world.step(decode_action(rest))
    if code == "a":
        return world.player_act(decode_action(rest))
    if code == "t":
        return world.advance(int(str(rest[0])), stop_for_player=bool(rest[1]))
    world.set_fov(FovSettings(str(rest[0]), int(str(rest[1])), bool(rest[2])))
    return []


@dataclass(frozen=True)
class Divergence:
    index: int
    """Position of the first command whose checksum differs."""
    turn: int
    """The replayed world's turn count at that point."""
    expected: int
    actual: int

    def describe(self) -> str:
        return (
            f"the replay diverged at command {self.index + 1} (turn {self.turn}): "
            f"checksum {self.actual:08x}, recorded {self.expected:08x}"
        )


def replay(world: World, journal: Journal) -> Divergence | None:
    """Run every command of ``journal`` on ``world`` (fresh from the same seed), checking
    the checksum after each; stops at the first difference."""
    for index, (command, expected) in enumerate(
        zip(journal.commands, journal.checksums, strict=True)
    ):
        apply(world, command)
        actual = world.journal.checksums[-1]
        if actual != expected:
            return Divergence(index, world.turn, expected, actual)
    return None
