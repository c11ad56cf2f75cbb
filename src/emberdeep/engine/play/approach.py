"""Which monsters in view come at the player: the one question that keeps a run (explore,
rest, travel) from starting or going on.

Hand play found explore refusing for a goblin running away and for a shaman hanging
back at range: a monster that cannot or does not come is no reason to stand still. So
a monster in view is a threat only while it is awake, hostile, able to reach the player
(on foot, or with a shot) and either next to the player or coming: not fleeing, not
wandering (it has not noticed the player: hand play was refused explore for a pale
bloat drifting by), not one that never moves or guards its post, not a kiter holding
its band beyond its shot, and not one that has come no nearer for ``STANDOFF`` turns (``Standoff``).
"""

from __future__ import annotations

import msgspec
import numpy as np

from emberdeep.engine.core.actors import Actor, Mode
from emberdeep.engine.core.distance import UNREACHABLE, distance_map
from emberdeep.engine.core.events import Refused
from emberdeep.engine.core.floor import Floor
from emberdeep.engine.core.perception import in_sight
from emberdeep.engine.creatures import statuses
from emberdeep.engine.creatures.combat import damage_range
from emberdeep.engine.play.world import World

CALM = (Mode.ASLEEP, Mode.ALLY, Mode.CAPTIVE)
"""Modes of a monster in view that do not keep a run from starting."""
STANDOFF = 5
"""Turns an awake monster in view may come no nearer the player, out of its reach,
before a run goes on regardless (``Standoff``): one that does not come is no threat."""


def visible_monsters(floor: Floor, player: Actor) -> list[int]:
    """The creatures in view but the player's allies (who come and go at the player's
    side: no reason to stop a run)."""
    return [
        a.id
        for a in floor.actors.values()
        if a.alive and a is not player and a.mode != Mode.ALLY and in_sight(floor, a)
    ]


def gap(a: tuple[int, int], b: tuple[int, int]) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def threats(world: World, standoff: Standoff | None = None) -> list[Actor]:
    """The monsters in view a run must not walk on with, nearest first: awake, able to
    reach the player on foot or with a shot, and ``coming``. A new one in view still
    stops a run once (``autopilot.Watch``), whatever it does."""
    floor, player = world.floor, world.player
    awake = [
        floor.actors[i]
        for i in visible_monsters(world.floor, world.player)
        if floor.actors[i].mode not in CALM and coming(world, floor.actors[i], standoff)
    ]
    if not awake:
        return []
    goal = np.zeros(floor.tiles.shape, dtype=np.bool_)
    goal[player.position] = True
    on_foot = distance_map(floor.walkable.astype(np.int32), goal, 2, 3)
    found = []
    for monster in awake:
        kind = world.kinds.get(monster.kind)
        if on_foot[monster.position] != UNREACHABLE or (kind is not None and kind.reach > 1):
            found.append(monster)
    return sorted(found, key=lambda m: gap(m.position, player.position))


def refusal(world: World, threat: Actor) -> Refused:
    """Why a run does not start with ``threat`` in view: "monster_aiming" for one that
    never moves (a turret in a wall has the player in its sights, it is not coming:
    hand play read "Not with the arrow turret coming at you!"), else "monster_in_view";
    ``detail`` names its kind."""
    kind = world.kinds.get(threat.kind)
    still = kind is not None and kind.moves == "still"
    return Refused("monster_aiming" if still else "monster_in_view", detail=threat.kind)


def peril(world: World, standoff: Standoff | None = None) -> int:
    """The most the threats in view could take from the player before its next turn:
    each one within its reach (or a turn's movement of it) at its hardest blow, as many
    blows as it strikes in a turn. What a player weighs before one more exchange of blows
    (the bot drinks or flees when its health is no more than this)."""
    player, total = world.player, 0
    for monster in threats(world, standoff):
        kind = world.kinds.get(monster.kind)
        reach = kind.reach if kind is not None else 1
        closing = gap(monster.position, player.position) - reach
        if closing > max(1, player.move_time // max(1, monster.move_time)) - 1:
            continue
        blows = max(1, player.attack_time // max(1, monster.attack_time))
        total += blows * damage_range(statuses.power(monster))[1]
    return total


def coming(world: World, monster: Actor, standoff: Standoff | None) -> bool:
    """Whether ``monster`` (awake, in view) may come at the player: next to it (a
    cornered runner included), or none of: running away, wandering (it has not noticed
    the player, even within its reach), then within its reach already, or none of:
    never moving, guarding its post out of its rousing range, hanging back in its band
    beyond its shot, or come no nearer for ``STANDOFF`` turns."""
    kind = world.kinds.get(monster.kind)
    distance = gap(monster.position, world.player.position)
    if kind is None or distance <= 1:
        return True
    if monster.mode == Mode.FLEEING:
        return False  # running: it strikes only when cornered, next to the player
    if monster.mode == Mode.WANDERING:
        return False  # it has not noticed the player: a drifting bloat is no reason to wait
    if distance <= kind.reach:
        return True
    if kind.moves == "still":
        return False
    if monster.mode == Mode.GUARDING and distance > kind.guards + 1:
        return False
    keeps = kind.keeps_distance
    if keeps is not None and keeps.reason == "always" and distance <= keeps.far:
        return False  # it keeps this far away, and its shot (if any) does not reach
    return standoff is None or not standoff.holds_off(monster)


class Standoff(msgspec.Struct):
    """For each awake monster in view, where it stood and how many player turns it has
    come no nearer the player, so that one that does not come (a hunter across water it
    will not swim, a caster pacing in its band) stops keeping the player from a run.
    ``update`` once a turn; the driver keeps one."""

    turn: int = -1
    stood: dict[int, tuple[tuple[int, int], int]] = msgspec.field(default_factory=dict)
    """Monster id -> (where it stands, turns it has come no nearer)."""

    def update(self, world: World) -> None:
        if world.turn == self.turn:
            return
        self.turn = world.turn
        floor, player, now = world.floor, world.player.position, {}
        for actor_id in visible_monsters(world.floor, world.player):
            monster = floor.actors[actor_id]
            before = self.stood.get(actor_id)
            if before is None or gap(monster.position, player) < gap(before[0], player):
                now[actor_id] = (monster.position, 0)  # new in view, or nearer
            else:
                now[actor_id] = (monster.position, before[1] + 1)
        self.stood = now

    def holds_off(self, monster: Actor) -> bool:
        """Whether ``monster`` has come no nearer ``player`` for ``STANDOFF`` turns, and
        stands where the last ``update`` saw it."""
        stood = self.stood.get(monster.id)
        return stood is not None and stood[0] == monster.position and stood[1] >= STANDOFF
