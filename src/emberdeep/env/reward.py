"""The reward, in parts an agent's author can read in ``info["reward_parts"]``.

Simple on purpose, so it shapes little and surprises nobody: ``DEPTH`` per floor gone
down, ``XP`` per experience point earned (by kills; spending points on a level is no
loss), ``DEATH`` once on dying. A refused action earns nothing.
"""

from __future__ import annotations

from dataclasses import dataclass

from emberdeep.engine.world import World

DEPTH = 1.0
XP = 0.01
DEATH = -1.0


@dataclass(frozen=True)
class Progress:
    """What the reward compares before and after a step."""

    depth: int
    xp: int
    alive: bool

    @classmethod
    def of(cls, world: World) -> Progress:
        return cls(world.depth, world.player.xp, world.player.alive)


def parts(before: Progress, after: Progress) -> dict[str, float]:
    return {
        "depth": DEPTH * (after.depth - before.depth),
        "xp": XP * max(after.xp - before.xp, 0),
        "death": DEATH if before.alive and not after.alive else 0.0,
    }
