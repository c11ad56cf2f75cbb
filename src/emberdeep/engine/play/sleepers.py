"""The sleepers a player has seen on the floor they are on, remembered between runs.

Auto-explore keeps its distance from them out of view too (``autopilot.explore_action``'s
``sleepers``), and one that lies where sight comes and goes (at the edge of what the
player sees, behind a monster's back) is no news when it comes into view again still
asleep: hand play saw explore and travel stop at every step for one sleeping centipede
("You see a centipede" seven times). A run stops for it once, the first time it is seen;
one seen awake, or gone, is forgotten, so it is news again.
"""

from __future__ import annotations

from emberdeep.engine.core.actors import Actor, Mode
from emberdeep.engine.core.floor import Floor
from emberdeep.engine.play.autopilot import sleepers_seen


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
