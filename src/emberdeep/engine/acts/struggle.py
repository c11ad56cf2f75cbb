"""Held fast (``statuses.HELD``): a step away is a struggle against the grip.

Each try takes the turn and breaks free one time in ``BREAK_FREE``; a grip whose holder
is no longer next to the held creature (dead, moved, gone under) lets go at once, and
the step is taken. Blows are never held back: striking the holder is the other answer.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from emberdeep.engine.core.actors import Actor
from emberdeep.engine.core.events import StatusChanged
from emberdeep.engine.creatures.statuses import HELD

if TYPE_CHECKING:
    from emberdeep.engine.play.world import World

BREAK_FREE = 3
"""One struggle in this many breaks the grip."""
GRIPS = "holds"
"""The ability whose blow holds (``monsters/grapplers.py``): a holder has it."""


def holder(world: World, actor: Actor) -> Actor | None:
    """The living creature next to ``actor`` that can hold it, if any."""
    for other in world.floor.actors.values():
        if (
            other.alive
            and other is not actor
            and max(abs(other.x - actor.x), abs(other.y - actor.y)) <= 1
        ):
            kind = world.kinds.get(other.kind)
            if kind is not None and kind.ability(GRIPS) is not None:
                return other
    return None


def let_go(world: World, held: Actor) -> bool:
    """Whether ``held``'s grip ended now, as no living grappler is next to it (told as
    released): at once, not only when it next tries a step (``grapplers.died``, the
    player's turn), so no "Held" stays in the sidebar once the holder is gone."""
    if held.alive and HELD in held.statuses and holder(world, held) is None:
        del held.statuses[HELD]
        world.emit(StatusChanged(held.who, held.position, HELD, False, 0, "released"))
        return True
    return False


def struggles(world: World, actor: Actor) -> bool:
    """Whether ``actor``, held, spends its step struggling (told either way); False
    when it is not held, or the grip has let go (told), and it may step."""
    grip = holder(world, actor) if HELD in actor.statuses else None
    if grip is None:
        let_go(world, actor)
        return False
    if int(world.rng.integers(BREAK_FREE)) == 0:
        del actor.statuses[HELD]
        world.emit(StatusChanged(actor.who, actor.position, HELD, False, 0, "struggle", grip.who))
    else:
        turns = actor.statuses[HELD]
        world.emit(
            StatusChanged(actor.who, actor.position, HELD, True, turns, "struggle", grip.who)
        )
    return True
