"""What happened during a step, for the UI to show. The engine never prints."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class MessageKind(Enum):
    """Lets the UI colour messages without parsing their text."""

    INFO = "info"
    REFUSED = "refused"
    PLAYER_ATTACK = "player_attack"
    ENEMY_ATTACK = "enemy_attack"
    ENEMY_DIED = "enemy_died"
    PLAYER_DIED = "player_died"
    STATUS = "status"


@dataclass(frozen=True)
class Message:
    text: str
    kind: MessageKind = MessageKind.INFO


@dataclass(frozen=True)
class Refused:
    """The action was impossible; it cost no time. ``reason`` is for the message log."""

    reason: str


@dataclass(frozen=True)
class Killed:
    """The player killed a creature of content kind ``kind`` (for kill counts and morgues)."""

    kind: str


@dataclass(frozen=True)
class PlayerSlain:
    """The player died; ``by`` names what did it (for the hall of fame and morgue)."""

    by: str


Event = Message | Refused | Killed | PlayerSlain
