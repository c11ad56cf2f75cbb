"""The monsters' side of the clock: everyone due acts, in order, until the player is due.

Most monsters on a floor are dormant at any moment (asleep, or wandering unaware out of
the player's view), so their turns are the bulk of the turns taken and the cheapest:
their clocks move on without a decision. The rest notice the player or lose the scent
(``awareness``), then act as their kind decides (``minds``), deciding from one shared
picture of the batch (``pursuit.Batch``).
"""

from __future__ import annotations

from bisect import bisect_right
from operator import attrgetter
from typing import TYPE_CHECKING

from emberdeep.engine.acts.actions import WAIT, Stumble
from emberdeep.engine.chase.pursuit import Batch
from emberdeep.engine.core.actors import AWARE, HUNT_MEMORY, Actor, Mode
from emberdeep.engine.core.events import StatusChanged
from emberdeep.engine.core.schedule import PAST
from emberdeep.engine.creatures.awareness import alert, set_mode, wakes
from emberdeep.engine.monsters.minds import Decide, decider, idles_unaware

if TYPE_CHECKING:
    from emberdeep.engine.play.world import World

DORMANT = (Mode.ASLEEP, Mode.WANDERING)
"""The modes in which a monster out of view may be dormant (``dozes``): never an ally or
a captive, a guard, or one that knows where the player is."""
ASLEEP, GUARDING = Mode.ASLEEP, Mode.GUARDING
"""Read off the class once: an enum member read as ``Mode.ASLEEP`` costs ~150 ns on
Python 3.11 (its class's attribute lookup), as much as a monster's step on the floor,
and the loop asks once a monster."""
SMALL_BATCH = 16
"""Up to this many monsters due together, who sees whom is read cell by cell."""
_ID = attrgetter("id")


def advance(world: World, until: int, stop_for_player: bool, halt_below: int = -1) -> None:
    """Monsters act up to ``until``; the clock stops early once the player has fewer
    than ``halt_below`` hit points (-1: never)."""
    floor = world.floor
    while world.player.alive:
        due = world.schedule.next_time(floor)
        if due is None or due > until or (stop_for_player and due >= until):
            break
        world.time = max(world.time, due)
        batch = world.schedule.pop_batch(floor, due)
        world.schedule.add_all(take_turns(world, batch, halt_below))
        world.refresh_fov()  # a monster may have opened a door (a key compare, else)
        if world.player.hp < halt_below:
            return
    if world.player.alive:
        world.time = max(world.time, until)
        # The resting's turns up to ``until`` are over (at it too, unless the player
        # goes first).
        world.schedule.now = (until, 0 if stop_for_player else PAST)


def take_turns(world: World, monsters: list[Actor], halt_below: int = -1) -> list[Actor]:
    """Every monster in ``monsters`` (due now, oldest first) notices the player or not,
    then acts, in order: a confused one stumbles, the rest as their kind decides
    (``minds``). Once the player has fewer than ``halt_below`` hit points the rest
    wait, still due. Returns the monsters to put back on the schedule.

    A dormant monster (asleep, or wandering unaware with nothing its kind does
    then: ``minds.idles_unaware``; out of the player's view, no statuses) only
    waits: its clock is moved on here, exactly as ``perform(WAIT)`` would, without
    deciding or performing anything, and it leaves the schedule (``Schedule.rest``)
    until something wakes it. The batch's arrays (``Batch``) are made only when a
    monster that is not dormant first needs them. Which monsters are dormant is asked
    afresh on each one's turn; a resting monster woken by another's deed in this very
    batch, whose turn is now too and comes later in it, joins the batch at its place
    by id (``join``), so it acts as it did when the dormant stayed on the schedule."""
    if not monsters:
        return monsters
    # Who went to rest this batch: off the schedule, or back on it already if woken
    # since (``Schedule.wake``): never put back with the batch.
    rested: set[int] = set()
    batch, done = _turns(world, monsters, max(halt_below, 1), rested)
    player = world.player
    # Stopped for the player's sake, the rest (the resting among them) are still due.
    halted = player.hp <= 0 or player.hp < halt_below
    last = PAST if done == len(monsters) and not halted else monsters[done - 1].id + 1
    world.schedule.end_batch(last if done else 0)
    if batch is not None:
        batch.close()
    if rested:
        return [m for m in monsters if m.id not in rested]
    return monsters


def _turns(
    world: World, monsters: list[Actor], least_hp: int, rested: set[int]
) -> tuple[Batch | None, int]:
    """``take_turns``' turns, in order, until the player has fewer than ``least_hp``
    hit points (at least 1: dead, or under ``halt_below``): the batch's arrays if a
    monster needed them, and how many took their turn."""
    player, kinds, schedule = world.player, world.kinds, world.schedule
    visible = world.floor.visible
    batch, seen = _look(world, monsters)
    i = 0

    def acting() -> int:
        return monsters[i].id

    def join(woken: Actor) -> None:
        at = bisect_right(monsters, woken.id, i + 1, key=_ID)
        seen.insert(at, visible.item(woken.x, woken.y))
        if batch is None:
            monsters.insert(at, woken)
        else:
            batch.join(woken, at)

    schedule.begin_batch(monsters[0].next_time, acting, join)
    deciders: dict[str, Decide] = {}
    perform = world.perform
    for i, monster in enumerate(monsters):
        if player.hp < least_hp:
            return batch, i
        if monster.hp <= 0:  # a confused neighbour may have killed it this batch
            continue
        mode, sees = monster.mode, seen[i]
        if not sees and mode in DORMANT and dozes(world, monster):
            schedule.rest(monster)
            rested.add(monster.id)
            continue
        if mode is ASLEEP:
            if not (sees and wakes(world, monster)):
                perform(monster, WAIT)
                continue
            alert(world, monster)
        elif sees:
            if mode in AWARE:
                monster.hunting = HUNT_MEMORY  # ``alert``, for one already aware
            elif mode is not GUARDING:
                alert(world, monster)  # (not an ally or a captive: ``alert``)
        elif monster.hunting:
            monster.hunting -= 1
            if not monster.hunting:
                set_mode(world, monster, Mode.WANDERING)  # lost the player
        if monster.confused:
            _stumble(world, monster)
            continue
        if batch is None:
            # Everyone before this one only waited: the positions are the batch's own.
            batch = Batch(world, monsters)
        decide = deciders.get(monster.kind)
        if decide is None:
            decide = deciders[monster.kind] = decider(batch, kinds[monster.kind])
        due = monster.next_time
        perform(monster, decide(i))
        if monster.next_time == due and monster.alive:
            # Refused: it must not stay due for ever, and its reason is not news
            # for the player's log.
            perform(monster, WAIT)
    return batch, len(monsters)


def _look(world: World, monsters: list[Actor]) -> tuple[Batch | None, list[bool]]:
    """Which of ``monsters`` the player sees: symmetric FOV, seen by the player means
    seeing the player. A crowd gathers its positions in numpy at once (its batch made
    now); a few are looked at one by one (cheaper), their batch made only if one of
    them needs it."""
    visible = world.floor.visible
    if len(monsters) > SMALL_BATCH:
        batch = Batch(world, monsters)
        return batch, visible[batch.xs, batch.ys].tolist()
    return None, [visible.item(m.x, m.y) for m in monsters]


def _stumble(world: World, monster: Actor) -> None:
    """A confused monster's turn: a stumble, told when the confusion wears off."""
    monster.confused -= 1
    world.perform(monster, Stumble())
    if not monster.confused and monster.alive:
        world.emit(StatusChanged(monster.who, monster.position, "confused", False))


def dozes(world: World, monster: Actor) -> bool:
    """If ``monster`` (out of the player's view, its turn come, in a ``DORMANT`` mode)
    is dormant, its turn:
    a ``Wait``'s cost added to its clock, as ``perform(WAIT)`` would; else False."""
    if monster.statuses:
        return False
    if monster.mode == Mode.WANDERING:  # a sleeper's confusion waits for it to wake
        idle = world.idle_kinds.get(monster.kind)
        if idle is None:
            idle = world.idle_kinds[monster.kind] = idles_unaware(world.kinds[monster.kind])
        if not idle or monster.confused:
            return False
    cost = monster.move_time  # what Wait costs
    if cost:
        due, now = monster.next_time, world.time
        monster.next_time = (due if due > now else now) + cost
    return True
