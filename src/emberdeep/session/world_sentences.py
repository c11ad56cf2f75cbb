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
    Arrived,
    Cloud,
    DoorOpened,
    Heard,
    Hunger,
    Ignited,
    LevelGained,
    MessageKind,
    Searched,
    Shattered,
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
ARRIVALS = {
    "down": "You hear something come down the stairs, on your trail.",
    "up": "You hear something come up the stairs, on your trail.",
}
"""A calm floor's arrival by its way in: heard, as every sound is, so never named."""


def door_opened(n: Narrator, e: DoorOpened) -> list[Line]:
    if e.who.id != PLAYER_ID:
        return [Line(sentence(n.who(e.who), "open", "a door."))]
    if e.unlocked:
        return [Line("You unlock the door: the key stays in the lock.", MessageKind.STATUS)]
    return [Line("You open the door.")]


def trap_found(n: Narrator, e: TrapFound) -> list[Line]:
    return [Line(f"You find {n.names.trap(e.trap).a}!", MessageKind.DISCOVERY)]


def trap_sprung(n: Narrator, e: TrapSprung) -> list[Line]:
    trap = n.names.trap(e.trap)
    if e.avoided:
        return [Line(f"You step carefully over {trap.the}.")]
    kind = n.names.traps.get(e.trap)
    if kind is not None and kind.plate:
        return [Line(sentence(trap, "click", "under your feet!"), MessageKind.ALERT)]
    return [Line(f"You trigger {trap.a}!", MessageKind.ALERT)]


def searched(n: Narrator, e: Searched) -> list[Line]:
    return [] if e.found else [Line("You find nothing.")]


def alarm(n: Narrator, e: Alarm) -> list[Line]:
    return [Line("A shrill alarm rings out through the level!", MessageKind.ALERT)]


def area(n: Narrator, e: Area) -> list[Line]:
    """A blast is told by what it does (a gas by its ``Cloud``)."""
    return []


CLOUDS = {
    "caustic": "Caustic gas billows out!",
    "confusion": "A shimmering cloud of confusing gas billows out!",
    "paralysis": "A cloud of paralytic gas billows out!",
    "slowness": "A leaden mist spreads out!",
    "darkness": "Darkness wells up and swallows the light!",
}
"""What is said as each gas (``engine/terrain/gas.py``) is let out."""


def cloud(n: Narrator, e: Cloud) -> list[Line]:
    return [Line(CLOUDS.get(e.gas, "A cloud billows out!"), MessageKind.ALERT)]


def shattered(n: Narrator, e: Shattered) -> list[Line]:
    return [Line(sentence(n.names.thing(e.thing), "shatter", "!"), MessageKind.ITEM)]


IGNITIONS = {
    "potion": "Flames burst out!",
    "bolt": "The grass catches fire!",
    "scroll": "The grass catches fire!",
}
"""What is said as fire is set; fire spreading from tile to tile is only seen."""


def ignited(n: Narrator, e: Ignited) -> list[Line]:
    said = IGNITIONS.get(e.cause)
    return [Line(said, MessageKind.ALERT)] if said else []  # fire: danger, not good news


def terrain_changed(n: Narrator, e: TerrainChanged) -> list[Line]:
    if e.cause == "mapped":
        return [Line("A map of the level forms in your mind!", MessageKind.DISCOVERY)]
    if e.cause == "collapsed":
        return [
            Line("The bridge gives way behind you and falls into the chasm!", MessageKind.ALERT)
        ]
    if e.cause == "lever":
        opened = "" if len(e.cells) > 1 else " Nothing seems to open."
        return [
            Line(
                "You pull the lever. Somewhere, stone grinds against stone." + opened,
                MessageKind.DISCOVERY,
            )
        ]
    if e.cause == "burrowed":
        return [Line("The rock crumbles: something burrows through!", MessageKind.ALERT)]
    if e.cause == "shattered":
        return [Line("The walls around you shatter into rubble!", MessageKind.DISCOVERY)]
    return []


FALLS = {"trapdoor": "The floor gives way beneath you!", "chasm": "You leap into the chasm!"}


def stairs_taken(n: Narrator, e: StairsTaken) -> list[Line]:
    if e.way == "up":
        return [Line("You climb back up the stairs.")]
    return [*descended(e), *goal_here(n, e.end)]


def goal_here(n: Narrator, depth: int) -> list[Line]:
    """On coming down to the treasure's floor: that it lies here."""
    goal = n.goal
    if goal is None or goal[0] != depth:
        return []
    return [Line(f"The {goal[1]} lies somewhere on this floor.", MessageKind.ALERT)]


def descended(e: StairsTaken) -> list[Line]:
    if e.way == "fell" and e.cause == "descent":
        return [
            Line("You sink through the floor!", MessageKind.ALERT),
            Line("You descend deeper into the heart of the dungeon..."),
        ]
    if e.way == "fell":
        return [
            Line(FALLS.get(e.cause, "You fall!"), MessageKind.ALERT),
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


def arrived(n: Narrator, e: Arrived) -> list[Line]:
    text = ARRIVALS.get(e.way, "You hear something stir, on your trail.")
    return [Line(text, MessageKind.ALERT)]
