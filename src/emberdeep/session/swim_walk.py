"""The walks whose known way lies through deep water: travel to a place, and ``>`` or
``<`` walking to the stairs, asked once before they swim.

Two testers saw the stairs across a lake with no dry way known: ``>`` walked them to the
shore and stopped ("Deep water lies in the way"), and the crossing was left to them a
key at a time. Deep water may wash what is carried ashore (``terrain/hazards.py``), so a
walk never swims unasked; but it asks (the play screen, in a box that settles), and a yes
is carried in the command (``swim``): the walk goes on through the water, a step a turn,
stopped as any walk is. A dry way, when one is known, is still the one taken, and asks
nothing. No (or Esc) leaves the
player where they stand, told how to cross by hand.

Where the walk would stop is the engine's answer (``way_ahead.risk_ahead``: the way
travel walks, looked along before it starts). With a threat in view a walk is a step a
key (``Driver.flee_step``): it asks only when the next step is the swim.
"""

from __future__ import annotations

from msgspec.structs import replace

from emberdeep.engine.play import approach, way_ahead
from emberdeep.engine.play.autopilot import Stop
from emberdeep.engine.play.world import World
from emberdeep.session.driver import Driver, TakeStairs, Travel
from emberdeep.session.names import Names
from emberdeep.session.risk_words import risk_stop
from emberdeep.session.stairs_walk import stairs_of

RISK = "deep_water"
"""The one risk a walk asks to cross (``autopilot.risk_at``'s word for it): a trap, fire
or gas ahead still stops it, for the player to cross or wait out."""


def water_ahead(driver: Driver, command: Travel | TakeStairs) -> Stop | None:
    """The stop before deep water that the walk ``command`` would come to on its way as
    the player knows it (its cell and risk, for the words); None when it is told to
    swim already, when its way is clear, or another risk comes first."""
    world = driver.world
    target = walk_target(world, command)
    if command.swim or world.player.position == target:
        return None
    steps = 1 if approach.threats(world, driver.standoff) else None
    stop = way_ahead.risk_ahead(world, target, steps)
    return stop if stop is not None and stop.risk == RISK else None


def walk_target(world: World, command: Travel | TakeStairs) -> tuple[int, int]:
    """Where the walk ``command`` goes."""
    if isinstance(command, TakeStairs):
        return stairs_of(world.floor, command.up)
    return command.target


def swimming(command: Travel | TakeStairs) -> Travel | TakeStairs:
    """``command`` with the player's yes: through the deep water on its way."""
    return replace(command, swim=True)


def question(world: World, command: Travel | TakeStairs) -> str:
    """ "Deep water lies between you and the stairs down: swim across (the current may
    wash what you carry ashore)?" for a walk to the stairs, or a travel onto them; "on the way
    there" for a travel elsewhere."""
    floor = world.floor
    goal = {floor.start: "the stairs up", floor.stairs: "the stairs down"}
    where = goal.get(walk_target(world, command))
    way = f"between you and {where}" if where else "on the way there"
    return f"Deep water lies {way}: swim across (the current may wash what you carry ashore)?"


def stay_words(names: Names, stop: Stop, here: tuple[int, int]) -> str:
    """What a no says: the player stays, and how to cross by hand ("You stay where you
    are. Deep water lies in the way (west, 2 steps): wade in yourself ...")."""
    return f"You stay where you are. {risk_stop(names, stop, here)}"
