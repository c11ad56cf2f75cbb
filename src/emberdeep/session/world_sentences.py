"""What the log says of the dungeon and the hero's way through it: doors, traps, searching,
an alarm, gas, a level mapped, stairs and falls, a level gained, victory, hunger and what is
heard.

One family of the narration's sentences, one function per event kind, which ``NARRATORS``
in ``narration.py`` dispatches to.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from emberdeep.engine.core.actors import PLAYER_ID
from emberdeep.engine.core.events import (
    Alarm,
    Area,
    DoorOpened,
    Heard,
    Hunger,
    LevelGained,
    MessageKind,
    Searched,
    StairsTaken,
    TerrainChanged,
    TrapFound,
    TrapSprung,
    Victory,
)
from emberdeep.session.grammar import sentence
from emberdeep.session.log_line import Line

if TYPE_CHECKING:
    from emberdeep.session.narration import Narrator


HEARD = {
    "fighting": "You hear fighting nearby.",
    "death": "You hear a dying cry.",
    "blast": "You hear an explosion.",
}


def door_opened(n: Narrator, e: DoorOpened) -> list[Line]:
    if e.who.id != PLAYER_ID:
        return [Line(sentence(n.who(e.who), "open", "a door."))]
    if e.unlocked:
        return [Line("You unlock the door.", MessageKind.STATUS)]
    return [Line("You open the door.")]


def trap_found(n: Narrator, e: TrapFound) -> list[Line]:
    return [Line(f"You find {n.names.trap(e.trap).a}!", MessageKind.DISCOVERY)]


def trap_sprung(n: Narrator, e: TrapSprung) -> list[Line]:
    trap = n.names.trap(e.trap)
    if e.avoided:
        return [Line(f"You step carefully over {trap.the}.")]
    return [Line(f"You trigger {trap.a}!", MessageKind.ALERT)]


def searched(n: Narrator, e: Searched) -> list[Line]:
    return [] if e.found else [Line("You find nothing.")]


def alarm(n: Narrator, e: Alarm) -> list[Line]:
    return [Line("A shrill alarm rings out through the level!", MessageKind.ALERT)]


def area(n: Narrator, e: Area) -> list[Line]:
    if e.form == "gas":
        return [Line("Caustic gas billows out!", MessageKind.STATUS)]
    return []


def terrain_changed(n: Narrator, e: TerrainChanged) -> list[Line]:
    if e.cause == "mapped":
        return [Line("A map of the level forms in your mind!", MessageKind.DISCOVERY)]
    if e.cause == "shattered":
        return [Line("The walls around you shatter into rubble!", MessageKind.DISCOVERY)]
    return []


FALLS = {"trapdoor": "The floor gives way beneath you!", "chasm": "You leap into the chasm!"}


def stairs_taken(n: Narrator, e: StairsTaken) -> list[Line]:
    if e.way == "up":
        return [Line("You climb back up the stairs.")]
    if e.way == "fell" and e.cause == "descent":
        return [
            Line("You sink through the floor!", MessageKind.STATUS),
            Line("You descend deeper into the heart of the dungeon..."),
        ]
    if e.way == "fell":
        return [
            Line(FALLS.get(e.cause, "You fall!"), MessageKind.STATUS),
            Line("You descend deeper into the heart of the dungeon..."),
            Line("You land hard, and hurt yourself.", MessageKind.ENEMY_ATTACK),
        ]
    return [Line("You descend deeper into the heart of the dungeon...")]


def level_gained(n: Narrator, e: LevelGained) -> list[Line]:
    return [Line(f"You advance to level {e.level}!", MessageKind.STATUS)]


def victory(n: Narrator, e: Victory) -> list[Line]:
    return [Line("You climb into the daylight, the treasure in your pack. You win!")]


HUNGER = {
    "hungry": ("You are hungry.", MessageKind.ALERT),
    "weak": ("You feel weak with hunger.", MessageKind.ALERT),
    "faint": ("You feel faint with hunger! Eat, or you will pass out.", MessageKind.ALERT),
}
"""What the clock running down to each hunger state says."""


def hunger(n: Narrator, e: Hunger) -> list[Line]:
    if e.cause == "ate":
        return [Line("That food tasted delicious!", MessageKind.STATUS)]
    text, kind = HUNGER.get(e.state, ("Your stomach rumbles.", MessageKind.ALERT))
    return [Line(text, kind)]


def heard(n: Narrator, e: Heard) -> list[Line]:
    return [Line(HEARD.get(e.noise, "You hear something."), MessageKind.ALERT)]
