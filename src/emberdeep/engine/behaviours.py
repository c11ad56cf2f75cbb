"""How monsters decide what to do: a registry of behaviours, named by content.

A behaviour is one function. It is given a ``Batch`` — every monster due at the same
moment, with their positions gathered once into numpy arrays — and returns a decider:
for a monster's index in the batch, the action it takes now. The world performs each
action before asking for the next, so a monster always decides on the floor as the ones
before it left it. Work shared by a whole batch (the chase's distance lookups) is done
once when the behaviour is first needed in the batch, not once per monster.

Adding a behaviour means one function here, registered with ``@behaviour("name")``, and
``behaviour = "name"`` on a monster in ``content/monsters.toml``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np
from numpy.typing import NDArray

from emberdeep.engine.actions import (
    DIRECTIONS,
    STEPS,
    WAIT,
    Action,
    Blink,
    Either,
    Fade,
    Mend,
    Move,
    Shoot,
    Stumble,
    Summon,
    line_of_fire,
)
from emberdeep.engine.actors import Actor
from emberdeep.engine.distance import UNREACHABLE
from emberdeep.engine.floor import Floor
from emberdeep.engine.hunt import Hunt, crowd_map

DX = np.array([d[0] for d in DIRECTIONS], dtype=np.intp)
DY = np.array([d[1] for d in DIRECTIONS], dtype=np.intp)
PATH_LIMIT = 25
"""A chaser never takes a way round other creatures longer than this."""
HUNT_MEMORY = 10
"""Turns a monster keeps hunting after it last saw the player."""


@dataclass
class Batch:
    """Monsters due at the same moment, and what every behaviour needs to know of them."""

    floor: Floor
    player: Actor
    hunt: Hunt
    monsters: list[Actor]
    xs: NDArray[np.intp] = field(init=False)
    ys: NDArray[np.intp] = field(init=False)

    def __post_init__(self) -> None:
        count = len(self.monsters)
        self.xs = np.fromiter((m.x for m in self.monsters), dtype=np.intp, count=count)
        self.ys = np.fromiter((m.y for m in self.monsters), dtype=np.intp, count=count)


Decide = Callable[[int], Action]
Behaviour = Callable[[Batch], Decide]
BEHAVIOURS: dict[str, Behaviour] = {}


def behaviour(name: str) -> Callable[[Behaviour], Behaviour]:
    """Decorator: make a behaviour available to content under ``name``."""

    def register(function: Behaviour) -> Behaviour:
        BEHAVIOURS[name] = function
        return function

    return register


@behaviour("idle")
def idle(batch: Batch) -> Decide:
    """Never moves; a training dummy, or a statue until something wakes it."""
    return lambda i: WAIT


class Pursuit:
    """What chasers of one batch share: the distance map's view from each of them,
    gathered and sorted for the whole batch in one numpy operation on the first hunter's
    turn (a batch with nobody hunting, the usual case on a quiet floor, never builds the
    map). Per monster, only which pre-sorted step is free now is checked in Python."""

    def __init__(self, batch: Batch, path_limit: int = PATH_LIMIT) -> None:
        self.batch = batch
        self.path_limit = path_limit
        self.here: list[int] = []
        self.order: list[list[int]] = []
        self.around: list[list[int]] = []
        self.crowd: NDArray[np.int32] | None = None

    def gather(self) -> None:
        batch = self.batch
        dist = batch.hunt.player_map(batch.floor, batch.player)
        xs, ys = batch.xs, batch.ys
        around_array = dist[(xs + 1)[:, None] + DX, (ys + 1)[:, None] + DY]
        # Plain Python numbers from here on: a numpy scalar costs several times a Python
        # int to read and compare, and these are read one at a time.
        self.here = dist[xs + 1, ys + 1].tolist()
        self.order = np.argsort(around_array, axis=1, kind="stable").tolist()
        self.around = around_array.tolist()

    def toward(self, i: int) -> Action:
        """The chase: melee when next to the player, else the best free step closer; a
        chaser whose every closer tile is taken walks round the others on the crowd map,
        keeping to that way for as many turns as it is long."""
        batch = self.batch
        floor, player, monster = batch.floor, batch.player, batch.monsters[i]
        dx, dy = player.x - monster.x, player.y - monster.y
        if -1 <= dx <= 1 and -1 <= dy <= 1:
            return STEPS[dx, dy]  # into the player: an attack
        if monster.detour:
            monster.detour -= 1
        else:
            if not self.here:
                self.gather()
            step = closer_step(floor, monster, self.order[i], self.around[i], self.here[i])
            if step is not None:
                return step
        if self.crowd is None:
            self.crowd = crowd_map(floor, player, self.path_limit)
        return detour(floor, monster, player, self.crowd, self.path_limit)

    def away(self, i: int) -> Action | None:
        """The free step that gets farthest from the player on foot, if any gets farther."""
        if not self.here:
            self.gather()
        monster, occupant = self.batch.monsters[i], self.batch.floor.occupant
        for k in reversed(self.order[i]):
            farther = self.around[i][k]
            if farther >= UNREACHABLE or farther <= self.here[i]:
                continue
            dx, dy = DIRECTIONS[k]
            if not occupant.item(monster.x + dx, monster.y + dy):
                return STEPS[dx, dy]
        return None


def gap(a: Actor, b: Actor) -> int:
    return max(abs(a.x - b.x), abs(a.y - b.y))


@behaviour("chase")
def chase(batch: Batch) -> Decide:
    """Hunt the player once seen (for ``HUNT_MEMORY`` turns after), melee when next to them."""
    pursuit = Pursuit(batch)
    return lambda i: pursuit.toward(i) if batch.monsters[i].hunting else WAIT


FLEE_BELOW = 35
"""Percent of its health under which a cowardly monster runs."""


@behaviour("flee")
def flee(batch: Batch) -> Decide:
    """Fights like a chaser, but runs when badly hurt; out of the player's sight it
    recovers, and comes back once it is no longer badly hurt. Cornered, it fights."""
    pursuit = Pursuit(batch)

    def decide(i: int) -> Action:
        monster = batch.monsters[i]
        if not monster.hunting:
            return WAIT
        if monster.hp * 100 >= monster.max_hp * FLEE_BELOW:
            return pursuit.toward(i)
        if not batch.floor.visible[monster.x, monster.y]:
            monster.hp += 1  # catching its breath where the player cannot see it
        return pursuit.away(i) or pursuit.toward(i)

    return decide


PACK_CALL = 12
"""A pack animal that sees the player calls every one of its kind this near."""


@behaviour("pack")
def pack(batch: Batch) -> Decide:
    """Hunts like a chaser; the first of a pack to see the player calls the rest of its
    kind nearby (waking them), so they come together."""
    pursuit = Pursuit(batch)
    called: set[str] = set()

    def decide(i: int) -> Action:
        monster = batch.monsters[i]
        if not monster.hunting:
            return WAIT
        if monster.hunting == HUNT_MEMORY and monster.kind not in called:
            called.add(monster.kind)
            for other in batch.floor.actors.values():
                if other.kind == monster.kind and other.alive and gap(other, monster) <= PACK_CALL:
                    other.hunting, other.asleep = HUNT_MEMORY, False
        return pursuit.toward(i)

    return decide


ARCHER_REACH = 5
"""How far an archer shoots."""


@behaviour("archer")
def archer(batch: Batch) -> Decide:
    """Keeps its distance and shoots along a clear line; steps back when the player
    comes close, fights in melee only when cornered, and closes in when it has no shot."""
    pursuit = Pursuit(batch)
    player = batch.player

    def decide(i: int) -> Action:
        monster = batch.monsters[i]
        if not monster.hunting:
            return WAIT
        distance = gap(monster, player)
        in_view = batch.floor.visible[monster.x, monster.y]
        clear = in_view and line_of_fire(batch.floor, monster.position, player.position)
        if not clear or distance > ARCHER_REACH:
            return pursuit.toward(i)
        return keep_distance(
            pursuit, i, near=2, far=ARCHER_REACH, stand=Shoot(player, ARCHER_REACH)
        )

    return decide


BACK_OFF = 60
"""Percent of turns a monster keeping its distance backs off when the player comes near
(else it stands, or fights): it cannot be chased round a loop for ever."""


def keep_distance(pursuit: Pursuit, i: int, near: int, far: int, stand: Action = WAIT) -> Action:
    """Stay between ``near`` and ``far`` tiles from the player: back off (mostly) when
    closer, close in when farther; next to the player and not backing off, it fights.
    ``stand`` is what it does when it holds its ground (wait, or shoot)."""
    monster, player = pursuit.batch.monsters[i], pursuit.batch.player
    distance = gap(monster, player)
    if distance <= near:
        hold = pursuit.toward(i) if distance == 1 else stand
        back = pursuit.away(i)
        return hold if back is None else Either(back, hold, BACK_OFF)
    return pursuit.toward(i) if distance > far else stand


MEND_BELOW = 70
"""Percent of its health under which a healer's ally gets mended."""
MEND_REACH = 6
MEND_SHARE = 40
"""Percent of the patient's health a mending restores."""


@behaviour("healer")
def healer(batch: Batch) -> Decide:
    """A caster that keeps behind its allies and closes their wounds: the one to strike
    first. Alone, it has nothing to hide behind and fights (feebly)."""
    pursuit = Pursuit(batch)
    floor = batch.floor

    def decide(i: int) -> Action:
        monster = batch.monsters[i]
        if not monster.hunting:
            return WAIT
        allies = [
            ally
            for ally in floor.actors.values()
            if ally.alive
            and not ally.is_player
            and ally is not monster
            and gap(ally, monster) <= MEND_REACH
        ]
        for ally in allies:
            if ally.hp * 100 < ally.max_hp * MEND_BELOW and line_of_fire(
                floor, monster.position, ally.position
            ):
                return Mend(ally, max(1, ally.max_hp * MEND_SHARE // 100))
        return keep_distance(pursuit, i, near=2, far=4) if allies else pursuit.toward(i)

    return decide


SUMMON_REACH = 8
SUMMONED_AT_ONCE = 2
"""A summoner calls again only when fewer of its creatures than this are about."""
SUMMON_COST = 2
"""Hit points a summoning costs the summoner: it cannot call for ever."""


@behaviour("summoner")
def summoner(batch: Batch) -> Decide:
    """Calls up creatures (its kind's ``summons``) when it sees the player and too few are
    about, at a cost in its own life, and keeps its distance meanwhile: reach it quickly,
    or flee its summons."""
    pursuit = Pursuit(batch)
    floor, player = batch.floor, batch.player

    def decide(i: int) -> Action:
        monster = batch.monsters[i]
        if not monster.hunting:
            return WAIT
        if monster.hp <= SUMMON_COST:  # spent: nothing left to call with, it fights
            return pursuit.toward(i)
        if monster.hunting == HUNT_MEMORY and gap(monster, player) <= SUMMON_REACH:
            about = sum(
                1
                for other in floor.actors.values()
                if other.alive and other.behaviour == "fading" and gap(other, monster) <= 6
            )
            if about < SUMMONED_AT_ONCE and monster.hp > SUMMON_COST:
                monster.hp -= SUMMON_COST
                return Summon(SUMMONED_AT_ONCE)
        return keep_distance(pursuit, i, near=2, far=5)

    return decide


@behaviour("fading")
def fading(batch: Batch) -> Decide:
    """A summoned creature: it hunts like a chaser and loses one hit point a turn, fading
    away when none is left, so running or outlasting it is a real answer."""
    pursuit = Pursuit(batch)

    def decide(i: int) -> Action:
        monster = batch.monsters[i]
        if monster.hp <= 1:
            return Fade()
        monster.hp -= 1
        monster.hunting = HUNT_MEMORY  # called up to fight: it always knows where you are
        return pursuit.toward(i)

    return decide


BLINK_REACH = 7
BLINK_COST = 2
ZAP_REACH = 4


@behaviour("blinker")
def blinker(batch: Batch) -> Decide:
    """Stings from a few tiles away along a clear line; when the player gets next to it,
    it blinks away to somewhere in sight. Each blink costs it ``BLINK_COST`` hit points of
    its essence, so a chase wears it down and it can always be caught in the end."""
    pursuit = Pursuit(batch)
    floor, player = batch.floor, batch.player

    def decide(i: int) -> Action:
        monster = batch.monsters[i]
        if not monster.hunting:
            return WAIT
        distance = gap(monster, player)
        if distance <= 1 and monster.hp > BLINK_COST:
            monster.hp -= BLINK_COST
            return Blink(player, BLINK_REACH, least=3)
        clear = floor.visible[monster.x, monster.y] and line_of_fire(
            floor, monster.position, player.position
        )
        if clear and distance <= ZAP_REACH:
            return Shoot(player, ZAP_REACH)
        return pursuit.toward(i)

    return decide


ERRATIC_SHARE = 50
"""Percent of its turns an erratic flyer flits in a random direction."""


@behaviour("erratic")
def erratic(batch: Batch) -> Decide:
    """Hunts like a chaser, but half its moves go astray: hard to pin down, and hard to
    run from."""
    pursuit = Pursuit(batch)

    def decide(i: int) -> Action:
        monster = batch.monsters[i]
        if not monster.hunting:
            return WAIT
        return Either(Stumble(), pursuit.toward(i), ERRATIC_SHARE)

    return decide


GUARD_RADIUS = 5
"""The guardian stirs when the player comes this near."""


@behaviour("guardian")
def guardian(batch: Batch) -> Decide:
    """Stands over the treasure. It stirs when the player comes near, when it is hurt, or
    when the treasure is gone from its floor, and then never stops hunting."""
    pursuit = Pursuit(batch)
    floor, player = batch.floor, batch.player
    treasure_here = any(item.kind.effect == "treasure" for item in floor.items)

    def decide(i: int) -> Action:
        monster = batch.monsters[i]
        roused = (
            gap(monster, player) <= GUARD_RADIUS or monster.hp < monster.max_hp or not treasure_here
        )
        if not roused:
            return WAIT
        monster.hunting = HUNT_MEMORY
        return pursuit.toward(i)

    return decide


def closer_step(
    floor: Floor, monster: Actor, order: list[int], around: list[int], here: int
) -> Move | None:
    """The best free step that gets closer on the shared map, if there is one."""
    occupant = floor.occupant
    for k in order:
        if around[k] >= here:
            return None
        dx, dy = DIRECTIONS[k]
        if not occupant.item(monster.x + dx, monster.y + dy):
            return STEPS[dx, dy]
    return None


def detour(
    floor: Floor, monster: Actor, player: Actor, crowd: NDArray[np.int32], path_limit: int
) -> Action:
    """Walk around the creatures in the way, or step straight at the player if that is far."""
    best, best_step = UNREACHABLE, (0, 0)
    for dx, dy in DIRECTIONS:  # the first of equal steps wins, in DIRECTIONS order
        x, y = monster.x + dx, monster.y + dy
        steps = int(crowd[x + 1, y + 1])
        if steps < best and not floor.occupant[x, y]:
            best, best_step = steps, (dx, dy)
    length = best // 2 + 1
    if best < UNREACHABLE and length <= path_limit:
        # Keep to the way round, or the shared map would pull it straight back.
        monster.detour = monster.detour or length
        return STEPS[best_step]
    monster.detour = 0
    sx, sy = int(np.sign(player.x - monster.x)), int(np.sign(player.y - monster.y))
    if floor.is_free(monster.x + sx, monster.y + sy):
        return STEPS[sx, sy]
    return WAIT
