"""What a monster knows of the player, changed in one place.

A monster's mode (``actors.Mode``) is read by everyone (its mind, the sidebar, look,
agents) and set only here, so that every change is told (``ModeChanged``) and a monster
that stops knowing where the player is also forgets the scent (``Actor.hunting``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from emberdeep.engine.core.actors import AWARE, HUNT_MEMORY, UNALIGNED, Actor, Mode
from emberdeep.engine.core.events import ModeChanged
from emberdeep.engine.things import items

if TYPE_CHECKING:
    from emberdeep.engine.play.world import World

WAKE_CHANCES = ((1, 70), (3, 35), (6, 15))
"""(within this many tiles, percent chance a sleeper in view wakes each turn)..."""
WAKE_CHANCE_FAR = 5
"""...and farther away."""


def set_mode(world: World, monster: Actor, mode: Mode, cause: str = "") -> None:
    """``monster`` is now up to ``mode`` (``actors.Mode``), told if it changed; out of
    the aware modes it no longer knows where the player is."""
    previous = monster.mode
    if previous == mode:
        return
    monster.mode = mode
    if mode not in AWARE:
        monster.hunting = 0
    world.emit(ModeChanged(monster.who, monster.position, mode, previous, cause))


def alert(world: World, monster: Actor, turns: int = HUNT_MEMORY, cause: str = "") -> None:
    """``monster`` knows where the player is, for ``turns`` turns after it last does:
    it hunts (or goes on fleeing). An ally or a captive is nobody's quarry."""
    if monster.mode in UNALIGNED:
        return
    monster.hunting = turns
    if monster.mode not in AWARE:
        set_mode(world, monster, Mode.HUNTING, cause)


def wakes(world: World, sleeper: Actor) -> bool:
    """Whether a sleeper in view notices the player this turn: likelier up close, so
    creeping past at a distance is a real choice."""
    player = world.player
    gap = max(abs(sleeper.x - player.x), abs(sleeper.y - player.y))
    chance = next((c for reach, c in WAKE_CHANCES if gap <= reach), WAKE_CHANCE_FAR)
    chance += items.noise(world)
    return int(world.rng.integers(100)) < chance
