"""What the player perceives: the one place that decides it, for every event.

The world asks here as each event happens (``World.emit``), because what is in view
changes within a step (a floor is left, a door opens). An event is perceived when it
involves the player or happens where the player can see; otherwise a loud one (a fight, a
death scream, a blast) is heard when it happens within ``HEARING`` tiles, as a ``Heard``
that says only what kind of noise and whence, and the rest passes unnoticed. A calm
floor's arrival (``Arrived``) is heard wherever the player is: it comes for them, by the
stairs, and a person resting must learn what the rest has drawn (it names no creature:
it is not seen). Actions never check visibility for the log: they emit everything, and this decides.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import numpy as np
from numpy.typing import NDArray

from emberdeep.engine.core.actors import PLAYER_ID
from emberdeep.engine.core.events import (
    Alarm,
    AllyDied,
    Area,
    Arrived,
    Attacked,
    Cell,
    Cloud,
    Corroded,
    Died,
    DoorOpened,
    Enchanted,
    Event,
    Fizzled,
    Followed,
    Freed,
    Grew,
    Healed,
    Heard,
    Hunger,
    Hurt,
    Identified,
    Ignited,
    ItemMoved,
    ItemUsed,
    LeftBehind,
    LevelGained,
    Missile,
    ModeChanged,
    Moved,
    Ordered,
    RunicFlared,
    Searched,
    Shackles,
    Shattered,
    StairsTaken,
    StatusChanged,
    Summoned,
    Teleported,
    TerrainChanged,
    TrapFound,
    TrapSprung,
    Victory,
)
from emberdeep.engine.core.floor import Tile

if TYPE_CHECKING:
    from emberdeep.engine.core.actors import Actor
    from emberdeep.engine.core.floor import Floor

HEARING = 12
"""Farthest (in tiles, as the crow flies) a fight or a death is heard through walls."""
INVISIBLE = "invisible"
"""A status: its bearer is not seen, except in gas that outlines it."""
SUBMERGED = "submerged"
"""A status: its bearer, while in deep water, is under it and not seen at all."""
IMAGE = "image"
"""A status: its bearer is an illusion of its kind, seen like the real one; one blow ends
it and it leaves nothing behind (``monsters/images.py``)."""
OUTLINED = 0.05
"""Gas at least this thick shows the shape of an invisible creature (Brogue's rule)."""

Visible = NDArray[np.bool_]
Rule = Callable[[Visible, "Actor", Any], "Event | None"]


def perceive(floor: Floor, player: Actor, event: Event) -> Event | None:
    """``event`` if the player perceives it, a ``Heard`` if it is heard from out of
    sight, else None. ``floor`` is the player's floor. A hidden creature's steps and
    blinks pass unseen (its blows are felt, and said)."""
    if isinstance(event, Moved | Teleported):
        mover = floor.actors.get(event.who.id)
        if mover is not None and hidden(floor, mover):
            return None
    return RULES[type(event)](floor.visible, player, event)


def hidden(floor: Floor, actor: Actor) -> bool:
    """Whether ``actor`` cannot be seen wherever it stands: under deep water, or
    invisible outside gas. The one rule screens, the bot, the agents and aiming share."""
    statuses = actor.statuses
    if not statuses or actor.is_player:
        return False
    if SUBMERGED in statuses:
        return bool(floor.tiles[actor.x, actor.y] == Tile.DEEP_WATER)
    return INVISIBLE in statuses and float(floor.gas[actor.x, actor.y]) < OUTLINED


def in_sight(floor: Floor, actor: Actor) -> bool:
    """Whether the player sees ``actor`` now: in view and not hidden."""
    return bool(floor.visible[actor.x, actor.y]) and not hidden(floor, actor)


def always(visible: Visible, player: Actor, event: Event) -> Event:
    """What only ever happens to the player, or what the whole floor hears."""
    return event


AtACell = (
    Hurt | Healed | StatusChanged | ModeChanged | Followed | Summoned | DoorOpened | TrapSprung
    | Shackles | Freed | AllyDied | RunicFlared | Shattered
)  # fmt: skip


def at_a_cell(visible: Visible, player: Actor, event: AtACell) -> Event | None:
    """An event of one creature at one cell: seen there, or the player's own."""
    return event if event.who.id == PLAYER_ID or visible.item(*event.at) else None


def stepped(visible: Visible, player: Actor, event: Moved | Teleported) -> Event | None:
    seen = event.who.id == PLAYER_ID or visible.item(*event.start) or visible.item(*event.end)
    return event if seen else None


def blow(visible: Visible, player: Actor, event: Attacked) -> Event | None:
    if PLAYER_ID in (event.attacker.id, event.target.id):
        return event
    if visible.item(*event.start) or visible.item(*event.end):
        return event
    return heard(player, "fighting", event.end)


def flight(visible: Visible, player: Actor, event: Missile) -> Event | None:
    seen = event.who.id == PLAYER_ID or any(visible.item(*cell) for cell in event.path)
    return event if seen else None


def blast(visible: Visible, player: Actor, event: Area) -> Event | None:
    mine = event.who is not None and event.who.id == PLAYER_ID
    if mine or any(visible.item(*cell) for cell in event.cells):
        return event
    return heard(player, "blast", event.centre)


def fire(visible: Visible, player: Actor, event: Ignited) -> Event | None:
    mine = event.who is not None and event.who.id == PLAYER_ID
    return event if mine or any(visible.item(*cell) for cell in event.cells) else None


def puff(visible: Visible, player: Actor, event: Cloud) -> Event | None:
    return event if visible.item(*event.at) else None


def death(visible: Visible, player: Actor, event: Died) -> Event | None:
    if event.who.id == PLAYER_ID or visible.item(*event.at):
        return event
    return None if event.vanished else heard(player, "death", event.at)


def changed_ground(visible: Visible, player: Actor, event: TerrainChanged) -> Event | None:
    """No cells: the whole floor (a map revealed)."""
    seen = not event.cells or any(visible.item(*cell) for cell in event.cells)
    return event if seen else None


def heard(player: Actor, noise: str, at: Cell) -> Heard | None:
    near = max(abs(at[0] - player.x), abs(at[1] - player.y)) <= HEARING
    return Heard(noise, at) if near else None


RULES: dict[type, Rule] = {
    **dict.fromkeys(
        (ItemMoved, ItemUsed, Identified, Enchanted, Corroded, Grew, Fizzled, Searched, StairsTaken,
         LevelGained, Victory, TrapFound, Alarm, Heard, Ordered, Hunger, LeftBehind, Arrived),
        always,
    ),
    **dict.fromkeys(
        (Hurt, Healed, StatusChanged, ModeChanged, Followed, Summoned, DoorOpened,
         TrapSprung, Shackles, Freed, AllyDied, Shattered),
        at_a_cell,
    ),
    Moved: stepped, Teleported: stepped, Attacked: blow, Missile: flight, Area: blast,
    Ignited: fire, Cloud: puff,
    Died: death, TerrainChanged: changed_ground, RunicFlared: at_a_cell,
}  # fmt: skip
"""Event kind -> how it is perceived. Every kind has a rule (a test checks)."""


def may_see_step(floor: Floor, x0: int, y0: int, x1: int, y1: int) -> bool:
    """Whether a step from (x0, y0) to (x1, y1) could be perceived: checked before a
    monster's step is made into an event at all, as thousands are taken out of sight."""
    seen = floor.visible_cells
    return bool(seen[x0, y0] or seen[x1, y1])
