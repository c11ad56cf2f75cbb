"""Stairs are no escape hatch: the monsters at your heels come with you, and a floor you
come back to has lived the time you were away.

Both are decided when the player changes floor, cheaply: followers are the aware
monsters next to the player and the following allies near them, if free to follow (a
paralysed, held or confused creature stays: hand play saw a paralysed bloat follow), and only by
the stairs (no creature follows a fall: a potion of descent, a trapdoor, a chasm, as
in DCSS; the allies left are told, as on the stairs); a returned-to floor's
monsters heal by the time elapsed, forget the player, and some of the awake ones are
found elsewhere on the floor (one random pick each from its open cells, on the gameplay
stream).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING

import numpy as np

from emberdeep.engine.chase import allies
from emberdeep.engine.core.actors import AWARE, Actor, ActorKind, Mode
from emberdeep.engine.core.events import Followed, LeftBehind
from emberdeep.engine.core.floor import Floor
from emberdeep.engine.creatures import statuses

if TYPE_CHECKING:
    from emberdeep.engine.play.world import World

HEAL_TIME = 1000
"""World time for a monster left behind to heal one hit point (ten ordinary actions)."""
WANDER_TIME = 3000
"""World time away after which an awake monster has about even odds of being found
somewhere else on the floor (the odds grow with the time)."""
FOLLOW_ROOM = 4
"""How far from the player a follower may be set down on the floor entered."""
WANDER_MOST = 90
"""Percent: the likeliest an awake monster is to have moved, however long you were away."""


def followers(
    floor: Floor, player: Actor, kinds: Mapping[str, ActorKind], *, by_stairs: bool = True
) -> list[Actor]:
    """The monsters that will take the stairs after the player: awake, aware of the
    player, next to them, free to move (``free``), and free to leave (not one with a
    home of its own, a lurker in the water or a turret in a wall); and the player's
    following allies near them (``allies.coming_along``) and free to move, down and up
    alike. None at all unless ``by_stairs``: through the floor, the player leaves no
    way to follow."""
    if not by_stairs:
        return []
    hunters = [
        m
        for m in floor.actors.values()
        if m.hp > 0 and m is not player and m.mode in AWARE
        and max(abs(m.x - player.x), abs(m.y - player.y)) <= 1
        and not (m.kind in kinds and kinds[m.kind].habitat)
    ]  # fmt: skip
    return [m for m in hunters + allies.coming_along(floor, player) if free(m)]


HINDERED = (statuses.PARALYSED, statuses.HELD, statuses.CONFUSED)
"""What keeps a creature from following: it cannot step (paralysed, held fast), or
knows not where it goes (confused: a staff of entrancement's bolt)."""


def free(creature: Actor) -> bool:
    """Free to follow the player: none of ``HINDERED``."""
    return not any(statuses.has(creature, name) for name in HINDERED)


def left_behind(
    floor: Floor, player: Actor, kinds: Mapping[str, ActorKind], *, by_stairs: bool = True
) -> list[Actor]:
    """The following allies that would stay on this floor if the player left it now
    (too far, or not free to move, or the player falls): what the stairs ask about
    first, and what ``leave_behind`` tells."""
    coming = followers(floor, player, kinds, by_stairs=by_stairs)
    return [ally for ally in allies.following(floor) if ally not in coming]


def leave_behind(world: World, coming: list[Actor], way: str) -> None:
    """Tell of the following allies not taking the stairs (or the fall, ``way``
    "fell") with the player (``LeftBehind``): a companion is never lost without a word."""
    for ally in allies.following(world.floor):
        if ally not in coming:
            world.emit(LeftBehind(ally.who, ally.position, way, not free(ally)))


def bring_along(world: World, left: Floor, coming: list[Actor], way: str) -> None:
    """Take ``coming`` off the floor ``left`` and set them beside the player on the floor
    entered (numbered anew there), each a moment behind the player; told as ``Followed``.
    One for whom there is no room stays behind."""
    new = world.floor
    for monster in coming:
        spot = new.free_near(world.player.x, world.player.y, reach=FOLLOW_ROOM)
        if spot is None:
            continue
        left.remove_actor(monster)
        arrived = replace(monster, id=max(new.actors) + 1, x=spot[0], y=spot[1], blocks=True)
        arrived.next_time = world.time + arrived.move_time
        new.add_actor(arrived)
        world.schedule.add(arrived)
        ally = arrived.mode == Mode.ALLY
        world.emit(Followed(arrived.who, arrived.position, way, ally))


def live_the_time(world: World, floor: Floor) -> None:
    """``floor`` (just returned to) has lived since ``floor.left_at``: its monsters heal,
    the hunters forget the player, and awake ones may be found elsewhere."""
    away = world.time - floor.left_at
    if away <= 0:
        return
    moved = min(WANDER_MOST, 100 * away // (away + WANDER_TIME))
    rng = world.rng
    open_cells = np.argwhere(floor.open_cells())
    for monster in list(floor.actors.values()):
        if monster.hp <= 0 or monster.is_player:
            continue
        monster.hp = min(monster.max_hp, monster.hp + away // HEAL_TIME)
        if monster.mode in AWARE:
            monster.mode, monster.hunting = Mode.WANDERING, 0
        if monster.mode != Mode.WANDERING or not len(open_cells):
            continue
        if int(rng.integers(100)) < moved:
            x, y = (int(v) for v in open_cells[int(rng.integers(len(open_cells)))])
            kind = world.kinds.get(monster.kind)
            if floor.is_free(x, y) and not (kind is not None and kind.habitat):
                floor.move_actor(monster, x, y)  # (a lurker or a turret stays home)
