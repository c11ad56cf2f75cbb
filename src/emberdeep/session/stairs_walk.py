"""The walk to the stairs that ``>`` and ``<`` start, and the allies it would leave.

Hand play pressed ``>`` with an ogre ally a few steps off: the walk arrived and went
down at once, and the ogre stayed behind ("too far away to follow") with no word
before. Who follows is the engine's answer (``monsters/stairs.left_behind``: following
allies within ``allies.STAIRS_REACH`` and free to move, as DCSS takes the allies near
you). Here a walk that arrives with an ally to be left waits a few turns for it (an
ogre is slow), then stops on the stairs instead of taking them, and says so; ``>`` or
``<`` pressed on the stairs asks first (``question``, asked by the play screen in a box
that settles): a companion is never left without the player's say.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from emberdeep.engine.acts.actions import Ascend, Descend, PlayerCommand, Wait
from emberdeep.engine.monsters import stairs
from emberdeep.engine.play import autopilot
from emberdeep.engine.play.autopilot import Stop
from emberdeep.session.grammar import listed

if TYPE_CHECKING:
    from emberdeep.engine.core.actors import Actor
    from emberdeep.engine.core.floor import Floor
    from emberdeep.engine.play.world import World
    from emberdeep.session.driver import Run, TakeStairs
    from emberdeep.session.names import Names


WAIT_MOST = 10
"""Turns the walk waits on the stairs for an ally still coming: an ogre (slow) at the
edge of ``allies.LEASH`` is within reach in about six."""


def stairs_of(floor: Floor, up: bool) -> tuple[int, int]:
    """Where the stairs down are, or up (where the player came in)."""
    return floor.start if up else floor.stairs


def left_behind(world: World, up: bool) -> list[Actor]:
    """The following allies that the stairs (``up`` or down) taken now would leave on
    this floor; none when they lead out of the dungeon (the game ends there)."""
    if up and world.depth == 1:
        return []
    return stairs.left_behind(world.floor, world.player, world.kinds)


def stairs_step(world: World, take: TakeStairs, run: Run) -> PlayerCommand | Stop:
    """The walk's next step: toward the stairs (through deep water too when
    ``take.swim``: the player said yes, ``swim_walk.py``), or on them, the stairs
    themselves. An ally to be left that can still come (a slow ogre a few steps back) is
    waited for, up to ``WAIT_MOST`` turns (counted in ``run.waited``); then, or at once
    when none can come (paralysed, held), the walk stops ("left_behind", the allies in
    ``monsters``)."""
    up = take.up
    where = stairs_of(world.floor, up)
    if world.player.position != where:
        return autopilot.travel_action(world, where, swim=take.swim)
    behind = left_behind(world, up)
    if not behind:
        return Ascend() if up else Descend()
    if run.waited < WAIT_MOST and any(stairs.free(ally) for ally in behind):
        run.waited += 1
        return Wait()
    return Stop("left_behind", monsters=autopilot.kinds_of(world.floor, [a.id for a in behind]))


def yours(names: Names, allies: Sequence[tuple[str, int]]) -> tuple[str, bool]:
    """ "your ogre and your 2 goblins", and whether that is more than one."""
    parts = [
        f"your {names.kind(kind).singular if n == 1 else names.kind(kind).count(n)}"
        for kind, n in allies
    ]
    return listed(parts), sum(n for _, n in allies) > 1


def stop_words(names: Names, allies: Sequence[tuple[str, int]]) -> str:
    """Why the walk stopped on the stairs, and what to do."""
    who, many = yours(names, allies)
    them = "them" if many else "it"
    return (
        f"You stop on the stairs: {who} would be left behind. Wait (s) for {them},"
        f" or take the stairs again to go without {them}."
    )


def question(world: World, up: bool, names: Names) -> str | None:
    """What to ask before the stairs the player stands on are taken, or None to take
    them at once: only when an ally would be left."""
    if world.player.position != stairs_of(world.floor, up):
        return None
    behind = left_behind(world, up)
    if not behind:
        return None
    who, many = yours(names, autopilot.kinds_of(world.floor, [a.id for a in behind]))
    way = "up" if up else "down"
    return f"Go {way} without {who}? {'They' if many else 'It'} would stay on this floor."
