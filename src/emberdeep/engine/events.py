"""What happened during a step, for the UI to show. The engine never prints."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class MessageKind(Enum):
    """Lets the UI colour messages without parsing their text. The values are saved with
    the log, so they are never renamed."""

    INFO = "info"
    """Plain news: stairs taken, a door opened, a run stopped."""
    REFUSED = "refused"
    """Nothing happened, and it cost no time."""
    PLAYER_ATTACK = "player_attack"
    """The player's blows, missiles and spells landing or missing."""
    ENEMY_ATTACK = "enemy_attack"
    """What hurts the player: blows, arrows, scalding."""
    ENEMY_DIED = "enemy_died"
    """A creature dies."""
    PLAYER_DIED = "player_died"
    STATUS = "status"
    """A status begins or ends, health comes back, a level is gained."""
    ITEM = "item"
    """Picked up, dropped, worn, taken off, thrown, lost."""
    DISCOVERY = "discovery"
    """Something learnt: an item identified, a trap found, what came into view."""
    ALERT = "alert"
    """A danger stirs: a sleeper wakes, an alarm rings, a creature is called up."""


@dataclass(frozen=True)
class Message:
    """Something to tell the player, with the kind the log colours it by."""

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
