"""The reward, in parts an agent's author can read in ``info["reward_parts"]``.

Simple on purpose, so it shapes little and surprises nobody: ``DEPTH`` per floor reached
for the first time (climbing back up with the treasure costs nothing, and going down to
a floor already seen earns nothing), ``XP`` per experience point earned (by kills;
spending points on a level is no loss), ``DEATH`` once on dying, ``VICTORY`` once on
climbing out of the dungeon with the treasure. A refused action earns nothing.
"""

from __future__ import annotations

from typing import NamedTuple

from emberdeep.engine.play.world import World

DEPTH = 1.0
XP = 0.01
DEATH = -1.0
VICTORY = 1000.0
"""More than a winning game earns in all the rest (the bot's win of ``reset(seed=2)``
earned 748 in floors and experience), so no agent does better by staying below."""


class Progress(NamedTuple):
    """What the reward compares before and after a step (a tuple: made twice a step,
    and a frozen dataclass takes several times longer to make)."""

    deepest: int
    xp: int
    alive: bool
    won: bool

    @classmethod
    def of(cls, world: World) -> Progress:
        player = world.player
        # ``tuple.__new__`` skips the Python ``__new__`` a NamedTuple's call goes through.
        return tuple.__new__(cls, (world.deepest, player.xp, player.hp > 0, world.won))


def nothing() -> dict[str, float]:
    """The parts of a step that cannot change the progress (a refusal, a look): what
    ``parts`` gives for equal progress, without reading the world twice."""
    return {"depth": 0.0, "xp": 0.0, "death": 0.0, "victory": 0.0}


def parts(before: Progress, after: Progress) -> dict[str, float]:
    return {
        "depth": DEPTH * (after.deepest - before.deepest),
        "xp": XP * max(after.xp - before.xp, 0),
        "death": DEATH if before.alive and not after.alive else 0.0,
        "victory": VICTORY if after.won and not before.won else 0.0,
    }
