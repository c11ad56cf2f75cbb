"""What an actor can try to do, as plain data. Input, bots and replays all produce these."""

from __future__ import annotations

from dataclasses import dataclass

# The eight compass steps, in the order numpad/vi keys list them: used by input and AI alike.
DIRECTIONS: tuple[tuple[int, int], ...] = (
    (-1, -1), (0, -1), (1, -1),
    (-1, 0),           (1, 0),
    (-1, 1),  (0, 1),  (1, 1),
)  # fmt: skip


@dataclass(frozen=True)
class Move:
    """Step one tile in a direction; each component is -1, 0 or 1."""

    dx: int
    dy: int

    def __post_init__(self) -> None:
        if (self.dx, self.dy) not in DIRECTIONS:
            raise ValueError(f"not a one-tile step: ({self.dx}, {self.dy})")


@dataclass(frozen=True)
class Wait:
    """Let time pass for one action."""


@dataclass(frozen=True)
class PickUp:
    """Pick up the top item where the player stands."""


@dataclass(frozen=True)
class Drop:
    """Drop the inventory item in ``slot`` (0 = a)."""

    slot: int


@dataclass(frozen=True)
class Use:
    """Use the inventory item in ``slot``, aimed at ``target`` when it needs aiming."""

    slot: int
    target: tuple[int, int] | None = None


@dataclass(frozen=True)
class Descend:
    """Take the down stairs the player stands on."""


@dataclass(frozen=True)
class LevelUp:
    """Spend a level on ``stat``: "hp", "power" or "defense". Takes no time."""

    stat: str


Action = Move | Wait | PickUp | Drop | Use | Descend | LevelUp
