"""Time has a price: the player's stomach empties a turn at a time, and only food fills it.

Brogue's clock, with its numbers: a full stomach holds ``STOMACH`` turns; at ``HUNGRY``
turns left the player is warned, at ``WEAK`` warned again, at ``FAINT`` they may pass
out for a few turns (paralysed, whatever is near), and at none they starve. Food is
placed at a stated rate (``content/spawns.toml``), enough for a careful player who
explores every room and rests to full after every fight (``emberdeep balance
--careful``), not for one who rests on and on or dances on the stairs. Runs stop at
each state (``autopilot.Watch``), so no rest sleeps through one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from emberdeep.engine.core.events import Hunger
from emberdeep.engine.creatures import harm, statuses

if TYPE_CHECKING:
    from emberdeep.engine.play.world import World

STOMACH = 2150
"""Turns of food a full stomach holds (what a new game starts with)."""
HUNGRY = 300
WEAK = 150
FAINT = 50
"""Turns left at which each state begins."""
STATES = ("", "hungry", "weak", "faint")
"""The states, from fed to faint: a later one is worse (a run stops when it gets worse)."""
FAINT_CHANCE = 8
"""Percent of turns, while faint, on which the player passes out..."""
FAINT_TURNS = 3
"""...for this many turns."""


def state(nourishment: int) -> str:
    """The hunger state of a stomach holding ``nourishment`` turns of food."""
    if nourishment > HUNGRY:
        return ""
    if nourishment > WEAK:
        return "hungry"
    return "weak" if nourishment > FAINT else "faint"


def tick(world: World) -> None:
    """One player turn of the clock: the stomach empties by one; a new state is told;
    faint, the player may pass out; empty, they starve."""
    before = world.nourishment
    world.nourishment = now = max(0, before - 1)
    player = world.player
    if now == 0:
        player.hp = 0
        harm.die(world, player, cause="starvation")
        return
    if now <= FAINT:
        if now == FAINT:
            world.emit(Hunger("faint"))
        elif int(world.rng.integers(100)) < FAINT_CHANCE:
            statuses.apply(world, player, statuses.PARALYSED, FAINT_TURNS, "hunger")
    elif now in (HUNGRY, WEAK):
        world.emit(Hunger(state(now)))


def wasted(world: World, amount: int) -> bool:
    """Whether eating ``amount`` turns of food now would waste some of it."""
    return world.nourishment + amount > STOMACH


def eat(world: World, amount: int) -> None:
    """``amount`` turns of food into the stomach (never past full)."""
    world.nourishment = min(STOMACH, world.nourishment + amount)
    world.emit(Hunger(state(world.nourishment), "ate", amount))
