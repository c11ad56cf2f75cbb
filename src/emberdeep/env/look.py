"""The ``look`` action: what the look cursor would tell about everything in view, as
messages, so an agent can know what the glyphs do not say (how hurt a monster is, what it
is doing, the odds of fighting it) the way a player finds out, without spending a turn."""

from __future__ import annotations

from emberdeep.engine.core.perception import hidden
from emberdeep.engine.play.world import World
from emberdeep.session.look_words import describe_in_detail

NOTHING = "You see nothing of note."


def look(world: World) -> list[str]:
    """One line per tile in view with a creature, an item or a found trap on it, nearest
    first (ties in the floor's order), each as the look cursor words it."""
    floor, player = world.floor, world.player
    places = [a.position for a in floor.actors.values() if a is not player and not hidden(floor, a)]
    places += [item.position for item in floor.items]
    places += [position for position, trap in floor.traps.items() if not trap.hidden]
    seen = {p: None for p in places if floor.visible[p]}  # each once, in the floor's order
    px, py = player.position
    nearest_first = sorted(seen, key=lambda p: max(abs(p[0] - px), abs(p[1] - py)))
    lines = ["; ".join(line.strip() for line in describe_in_detail(world, p)) + "."
             for p in nearest_first]  # fmt: skip
    return lines or [NOTHING]
