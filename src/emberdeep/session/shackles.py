"""The work at a captive's shackles that a ``FreeCaptive`` run does, a bump a turn.

Freeing is a run like a rest (the driver stops it when disturbed), but each of its turns
is a step into the captive (``Move``, which the engine turns into work at the shackles
while the captive is held): this says which, for as long as there is one to work at.
"""

from __future__ import annotations

from emberdeep.engine.acts.actions import Move
from emberdeep.engine.core.actors import Mode
from emberdeep.engine.play.world import World


def shackles_step(world: World, target: tuple[int, int]) -> Move | None:
    """The step into the captive at ``target`` that works at its shackles, while there is
    one there next to the player."""
    player = world.player
    dx, dy = target[0] - player.x, target[1] - player.y
    if not (max(abs(dx), abs(dy)) == 1 and world.floor.in_bounds(*target)):
        return None
    captive = world.floor.blocker_at(*target)
    if captive is None or captive.mode != Mode.CAPTIVE:
        return None
    return Move(dx, dy)
