"""Every command the world was given, in order, with a checksum after each.

A game is its seed plus this list: replaying the commands on a fresh world rebuilds it
exactly, and the checksums say at which command a replay first went differently. Commands
are stored as short JSON-ready lists, not objects, so the journal can go into saves and
replay files as plain data and be checked on the way back in.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from emberdeep.engine.actions import (
    DIRECTIONS,
    Action,
    Descend,
    Drop,
    LevelUp,
    Move,
    PickUp,
    Use,
    Wait,
)

MAX_SLOT = 25
LEVEL_UP_STATS = ("hp", "power", "defense")


class JournalError(ValueError):
    """A recorded command is malformed; the message says which and why."""


def encode_action(action: Action) -> list[object]:
    match action:
        case Move(dx, dy):
            return ["m", dx, dy]
        case Wait():
            return ["w"]
        case PickUp():
            return ["g"]
        case Drop(slot):
            return ["d", slot]
        case Use(slot, None):
            return ["u", slot]
        case Use(slot, (x, y)):
            return ["u", slot, x, y]
        case Descend():
            return [">"]
        case LevelUp(stat):
            return ["l", stat]
    raise AssertionError(f"unencodable action {action!r}")


def _ints(values: list[object], count: int) -> list[int]:
    if len(values) != count or not all(type(v) is int for v in values):
        raise JournalError(f"expected {count} integers, got {values!r}")
    return [v for v in values if isinstance(v, int)]


def decode_action(raw: object) -> Action:
    """The action a recorded list stands for; raises JournalError when it is not one."""
    if not isinstance(raw, list) or not raw or not isinstance(raw[0], str):
        raise JournalError(f"not a recorded action: {raw!r}")
    code, rest = raw[0], raw[1:]
    if code == "m":
        dx, dy = _ints(rest, 2)
        if (dx, dy) not in DIRECTIONS:
            raise JournalError(f"not a one-tile step: {raw!r}")
        return Move(dx, dy)
    if code in ("w", "g", ">") and not rest:
        simple: dict[str, Action] = {"w": Wait(), "g": PickUp(), ">": Descend()}
        return simple[code]
    if code == "d":
        (slot,) = _ints(rest, 1)
        return Drop(slot)
    if code == "u" and len(rest) in (1, 3):
        slot, *target = _ints(rest, len(rest))
        return Use(slot, (target[0], target[1]) if target else None)
    if code == "l" and len(rest) == 1 and rest[0] in LEVEL_UP_STATS:
        return LevelUp(str(rest[0]))
    raise JournalError(f"not a recorded action: {raw!r}")


@dataclass
class Journal:
    start_fov: list[object] = field(default_factory=list)
    """The field of view the world began with: [algorithm, radius, light_walls]."""
    commands: list[list[object]] = field(default_factory=list)
    checksums: list[int] = field(default_factory=list)

    def add(self, command: list[object], checksum: int) -> None:
        self.commands.append(command)
        self.checksums.append(checksum)
