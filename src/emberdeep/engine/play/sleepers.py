"""The sleepers a player has seen on the floor they are on, remembered between runs.

Auto-explore keeps its distance from them out of view too (``autopilot.explore_action``'s
``sleepers``), and one that lies where sight comes and goes (at the edge of what the
player sees, behind a monster's back) is no news when it comes into view again still
asleep: hand play saw explore and travel stop at every step for one sleeping centipede
("You see a centipede" seven times). A run stops for it once, the first time it is seen;
one seen awake, or gone, is forgotten, so it is news again; and so is one whose spot is
in view with no sleeper seen on it (it woke and went, out of sight): explore once kept
its distance from an empty spot in plain view and stopped for "an orc, asleep" with
nothing on the screen.
"""

from __future__ import annotations

from emberdeep.engine.core.actors import Actor, Mode
from emberdeep.engine.core.floor import Floor
from emberdeep.engine.core.perception import in_sight
from emberdeep.engine.play.approach import visible_monsters


class Sleepers:
    """Id -> where each sleeper was last seen asleep, for one floor (ids are a floor's
    own: a new floor starts with none)."""

    def __init__(self) -> None:
        self.floor: Floor | None = None
        self.known: dict[int, tuple[int, int]] = {}

    def on(self, floor: Floor) -> dict[int, tuple[int, int]]:
        """The sleepers remembered on ``floor`` (none, after a change of floor)."""
        if self.floor is not floor:
            self.floor, self.known = floor, {}
        return self.known

    def update(self, floor: Floor, player: Actor) -> None:
        """Remember the sleepers in view now; forget those seen awake or gone."""
        sleepers_seen(floor, player, self.on(floor))

    def quiet(self, floor: Floor) -> set[int]:
        """The remembered sleepers still asleep: no news when they come into view."""
        actors = floor.actors
        return {i for i in self.on(floor) if i in actors and actors[i].mode == Mode.ASLEEP}


def sleepers_seen(floor: Floor, player: Actor, known: dict[int, tuple[int, int]]) -> None:
    """Update ``known`` (id -> where seen asleep) with what is in view now: a sleeper in
    view is remembered where it lies; one seen awake, gone, or not seen where it lay
    when that spot is in view, is forgotten (what the player sees, ``in_sight``)."""
    for actor_id in visible_monsters(floor, player):
        actor = floor.actors[actor_id]
        if actor.mode == Mode.ASLEEP:
            known[actor_id] = actor.position
        else:
            known.pop(actor_id, None)
    for actor_id, spot in list(known.items()):
        if not seen_there(floor, floor.actors.get(actor_id), spot):
            del known[actor_id]


def seen_there(floor: Floor, actor: Actor | None, spot: tuple[int, int]) -> bool:
    """Whether the player may still believe ``actor`` lies at ``spot``: alive, and seen
    there, or ``spot`` out of view."""
    if actor is None or not actor.alive:
        return False
    return not floor.visible[spot] or (actor.position == spot and in_sight(floor, actor))
