"""What the player perceives: the one place that decides it, for every event.

The world asks here as each event happens (``World.emit``), because what is in view
changes within a step (a floor is left, a door opens). An event is perceived when it
involves the player or happens where the player can see; otherwise a loud one (a fight, a
death scream, a blast) is heard when it happens within ``HEARING`` tiles, as a ``Heard``
that says only what kind of noise and whence, and the rest passes unnoticed. Actions
never check visibility for the log: they emit everything, and this decides.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from emberdeep.engine.actors import PLAYER_ID
from emberdeep.engine.events import (
    Alarm,
    Area,
    Attacked,
    Cell,
    Died,
    DoorOpened,
    Event,
    Fizzled,
    Healed,
    Heard,
    Hurt,
    Identified,
    ItemMoved,
    ItemUsed,
    LevelGained,
    Missile,
    ModeChanged,
    Moved,
    Searched,
    StairsTaken,
    StatusChanged,
    Summoned,
    Teleported,
    TerrainChanged,
    TrapFound,
    TrapSprung,
    Victory,
)

if TYPE_CHECKING:
    from emberdeep.engine.floor import Floor

HEARING = 12
"""Farthest (in tiles, as the crow flies) a fight or a death is heard through walls."""
PLAYERS_OWN = (
    ItemMoved, ItemUsed, Identified, Fizzled, Searched, StairsTaken, LevelGained, Victory,
    TrapFound, Alarm,
)  # fmt: skip
"""Kinds that only ever happen to the player, or that the whole floor hears."""


def perceive(floor: Floor, player: Cell, event: Event) -> Event | None:
    """``event`` if the player perceives it, a ``Heard`` if it is heard from out of
    sight, else None. ``floor`` is the player's floor, ``player`` where they stand."""
    if isinstance(event, PLAYERS_OWN):
        return event
    visible = floor.visible
    match event:
        case Moved(who, start, end) | Teleported(who, start, end):
            seen = who.id == PLAYER_ID or visible.item(*start) or visible.item(*end)
        case Attacked(attacker, target, start, end):
            if PLAYER_ID in (attacker.id, target.id):
                return event
            if visible.item(*start) or visible.item(*end):
                return event
            return _heard(player, "fighting", end)
        case Missile(who, path):
            seen = who.id == PLAYER_ID or any(visible.item(*cell) for cell in path)
        case Area(who, centre, cells):
            if (who is not None and who.id == PLAYER_ID) or any(
                visible.item(*cell) for cell in cells
            ):
                return event
            return _heard(player, "blast", centre)
        case Died(who, at):
            if who.id == PLAYER_ID or visible.item(*at):
                return event
            return None if event.vanished else _heard(player, "death", at)
        case (
            Hurt(who, at) | Healed(who, at) | StatusChanged(who, at) | ModeChanged(who, at)
            | Summoned(who, at) | DoorOpened(who, at) | TrapSprung(who, _, at)
        ):  # fmt: skip
            seen = who.id == PLAYER_ID or visible.item(*at)
        case TerrainChanged(cells):  # no cells: the whole floor (a map revealed)
            seen = not cells or any(visible.item(*cell) for cell in cells)
        case _:
            seen = True
    return event if seen else None


def _heard(player: Cell, noise: str, at: Cell) -> Heard | None:
    near = max(abs(at[0] - player[0]), abs(at[1] - player[1])) <= HEARING
    return Heard(noise, at) if near else None


def may_see_step(floor: Floor, start: Cell, end: Cell) -> bool:
    """Whether a step between two cells could be perceived: checked before a monster's
    step is made into an event at all, as thousands are taken out of sight."""
    visible = floor.visible
    return bool(visible.item(*start) or visible.item(*end))
