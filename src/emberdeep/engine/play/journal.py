"""Every command the world was given, in order, with a checksum after each.

A game is its seed plus this list: replaying the commands on a fresh world rebuilds it
exactly, and the checksums say at which command a replay first went differently. Commands
are stored as short JSON-ready lists, not objects, so the journal can go into saves and
replay files as plain data and be checked on the way back in. This module is the one
place that turns actions and journals into data and back.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from itertools import chain
from typing import cast

import msgspec

from emberdeep.bounds import to_json
from emberdeep.engine.acts.actions import (
    DIRECTIONS,
    LEVEL_UP_STATS,
    PLAYER_COMMANDS,
    Ascend,
    Descend,
    Drop,
    LevelUp,
    Move,
    PickUp,
    PlayerCommand,
    Use,
    Wait,
)
from emberdeep.engine.acts.item_actions import DECODERS as ITEM_DECODERS
from emberdeep.engine.chase.allies import DECODERS as ALLY_DECODERS
from emberdeep.engine.core.fov import ALGORITHMS
from emberdeep.records import MutableRecord

MAX_TIME = 2**62
"""The latest world time a recorded ``advance`` may name."""
MAX_FOV_RADIUS = 1000
MAX_COMMANDS = 10_000_000
"""The most commands a saved or replayed journal may hold."""
MAX_BASE = 10**12
"""The most commands a game may have played before the ones a saved journal holds."""
CODES = {command.code: command for command in PLAYER_COMMANDS}
DECODERS = {**ITEM_DECODERS, **ALLY_DECODERS}
"""The commands that decode themselves (those added beside ``actions.py``)."""


class JournalError(ValueError):
    """A recorded command is malformed; the message says which and why."""


def encode_action(action: PlayerCommand) -> list[object]:
    return [action.code, *action.arguments()]


def _ints(values: list[object], count: int) -> list[int]:
    if len(values) != count or not all(type(v) is int for v in values):
        raise JournalError(f"expected {count} integers, got {values!r}")
    return [v for v in values if isinstance(v, int)]


def decode_action(raw: object) -> PlayerCommand:
    """The action a recorded list stands for; raises JournalError when it is not one."""
    if isinstance(raw, list) and raw and isinstance(raw[0], str) and raw[0] in DECODERS:
        decoded = DECODERS[raw[0]](raw[1:])
        if decoded is None:
            raise JournalError(f"not a recorded action: {raw!r}")
        return decoded
    if not isinstance(raw, list) or not raw or not isinstance(raw[0], str) or raw[0] not in CODES:
        raise JournalError(f"not a recorded action: {raw!r}")
    command, rest = CODES[raw[0]], raw[1:]
    if command is Move:
        dx, dy = _ints(rest, 2)
        if (dx, dy) not in DIRECTIONS:
            raise JournalError(f"not a one-tile step: {raw!r}")
        return Move(dx, dy)
    if command in (Wait, PickUp, Descend, Ascend) and not rest:
        return command()
    if command is PickUp:
        (which,) = _ints(rest, 1)
        return PickUp(which)
    if command is Drop:
        (slot,) = _ints(rest, 1)
        return Drop(slot)
    if command is Use and len(rest) in (1, 2, 3):
        slot, *target = _ints(rest, len(rest))
        if len(target) == 1:
            return Use(slot, on=target[0])
        return Use(slot, (target[0], target[1]) if target else None)
    if command is LevelUp and len(rest) == 1 and rest[0] in LEVEL_UP_STATS:
        return LevelUp(str(rest[0]))
    raise JournalError(f"not a recorded action: {raw!r}")


def check_command(command: object) -> list[object]:
    """``command`` if it is well formed, else JournalError; the world is never touched by
    a malformed command."""
    if not isinstance(command, list) or not command or not isinstance(command[0], str):
        raise JournalError(f"not a command: {command!r}")
    code, rest = command[0], command[1:]
    if code in ("s", "a"):
        decode_action(rest)
    elif code == "t":
        if len(rest) != 2 or type(rest[0]) is not int or rest[1] not in (0, 1, 2, 3):
            raise JournalError(f"bad advance command: {command!r}")
        if not 0 <= rest[0] <= MAX_TIME:
            raise JournalError(f"time out of range: {command!r}")
    elif code == "f":
        ok = len(rest) == 3 and isinstance(rest[0], str) and rest[0] in ALGORITHMS
        ok = ok and type(rest[1]) is int
        if not ok or not 0 <= int(str(rest[1])) <= MAX_FOV_RADIUS or type(rest[2]) is not bool:
            raise JournalError(f"bad field-of-view command: {command!r}")
    else:
        raise JournalError(f"unknown command: {command!r}")
    return command


KNOWN_GOOD_LIMIT = 4096
"""How many distinct well-formed commands ``check_commands`` remembers across calls."""
_known_good: set[tuple[object, ...]] = set()
_PLAIN = {str, int}
"""The types of a command's values that a tuple of them tells apart exactly: ``True``
equals ``1`` and ``1.0`` does too, so a command holding a bool or a float is never
known by its tuple (``check_command`` checks it each time; few commands hold one)."""
_last_good: list[tuple[bytes, int]] = [(b"", 0)]
"""The JSON of the last list of commands found good in bulk, without its closing
bracket, and how many commands it holds: a game's next snapshot holds the same ones
and a few more."""


def check_commands(commands: list[object]) -> list[list[object]]:
    """Every command of a list checked in bulk: a game repeats a few dozen distinct
    commands (eight steps, a wait, a few items), so each distinct one is checked once and
    the rest are known by their tuple, once every value is found to be a string or an
    integer (exactly: not a bool nor a float, which a tuple takes for an equal integer);
    JournalError names the first bad one. The commands found good are remembered across
    calls (at most ``KNOWN_GOOD_LIMIT``, then forgotten at once), and so is the JSON of
    the last list found good: restoring snapshots of one game (a search over an agent's
    futures) checks each command once, and a list whose JSON begins with that one's, to
    a command's end, looks up only the commands after those (equal JSON is equal values
    of the same types: ``true`` is not ``1``, nor ``1.0``). Only what passed
    ``check_command`` is remembered, so nothing unchecked ever passes."""
    if set(map(type, commands)) <= {list}:
        try:
            text = to_json(commands)
        except (TypeError, ValueError, msgspec.EncodeError):  # not data parsed from JSON
            return _checked_one_by_one(commands)
        rest = cast(list[list[object]], commands[_known_prefix(text) :])
        if (
            set(map(type, chain.from_iterable(rest))) <= _PLAIN
            and set(map(tuple, rest)) <= _known_good
        ):
            _last_good[0] = (text[:-1], len(commands))
            return cast(list[list[object]], list(commands))  # the common case
    return _checked_one_by_one(commands)


def _known_prefix(text: bytes) -> int:
    """How many of the commands in ``text`` (their JSON) are the last list's found good:
    the same JSON up to the end of its last command."""
    last, count = _last_good[0]
    if count and text.startswith(last) and text[len(last) : len(last) + 1] in (b",", b"]"):
        return count
    return 0


def _checked_one_by_one(commands: list[object]) -> list[list[object]]:
    """``check_commands`` when the bulk way cannot tell (a bool, a float, damage)."""
    known = _known_good
    good: list[list[object]] = []
    for command in commands:
        if isinstance(command, list) and set(map(type, command)) <= _PLAIN:
            key = tuple(command)
            if key not in known:
                check_command(command)
                if len(known) >= KNOWN_GOOD_LIMIT:
                    known.clear()
                known.add(key)
            good.append(command)
        else:
            good.append(check_command(command))
    return good


@dataclass(eq=False, repr=False)
class Journal(MutableRecord):
    """Every command the player gave, each with the world's checksum after it: what a
    replay plays back and a save's write-ahead log extends."""

    start_fov: list[object] = field(default_factory=list)
    """The field of view the world began with: [algorithm, radius, light_walls]."""
    commands: list[list[object]] = field(default_factory=list)
    checksums: list[int] = field(default_factory=list)
    base: int = 0
    """Commands the game played before ``commands[0]``: a saved game's earlier commands
    live in its replay file (appended at each checkpoint), not here, so a checkpoint's
    cost does not grow with the game."""

    @property
    def total(self) -> int:
        """Every command the game has played: the index the next one gets."""
        return self.base + len(self.commands)

    def add(self, command: list[object], checksum: int) -> None:
        self.commands.append(command)
        self.checksums.append(checksum)

    def forget_before(self, total: int) -> None:
        """Drop the commands before index ``total`` (they are kept elsewhere now)."""
        cut = max(0, min(total - self.base, len(self.commands)))
        del self.commands[:cut], self.checksums[:cut]
        self.base += cut

    def to_data(self) -> dict[str, object]:
        """The journal as JSON-ready data (saves and replay files both hold this)."""
        data: dict[str, object] = {
            "start_fov": self.start_fov,
            "commands": self.commands,
            "checksums": self.checksums,
        }
        if self.base:
            data["base"] = self.base
        return data

    @classmethod
    def from_data(cls, data: object) -> Journal:
        """A journal from untrusted data (``to_data``'s keys, at most ``MAX_COMMANDS``),
        every command checked; JournalError says what is wrong."""
        if not isinstance(data, Mapping):
            raise JournalError("expected a table")
        start_fov, commands = data.get("start_fov"), data.get("commands")
        checksums = data.get("checksums")
        if not isinstance(commands, list) or not isinstance(checksums, list):
            raise JournalError("commands and checksums must be lists")
        if not isinstance(start_fov, list):
            raise JournalError("start_fov must be a list")
        if len(commands) > MAX_COMMANDS:
            raise JournalError(f"more than {MAX_COMMANDS} commands")
        if len(commands) != len(checksums) or not set(map(type, checksums)) <= {int}:
            raise JournalError("commands and checksums do not match")
        base = data.get("base", 0)
        if type(base) is not int or not 0 <= base <= MAX_BASE:
            raise JournalError("base must be a count of commands")
        check_command(["f", *start_fov])
        return cls(list(start_fov), check_commands(list(commands)), list(checksums), base)
