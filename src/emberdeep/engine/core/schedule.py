"""Who acts next: actor ids kept by the time they are due, ties going to the older actor.

A heap holds each distinct due time once, and a list per time holds the ids due then
(monsters act in crowds due together, so a batch is one list taken out, not one heap
operation per monster). Entries are never removed early: an id is ignored when its
actor has died, left the floor, or been rescheduled since (its ``next_time`` no longer
matches).

Dormant monsters (``monster_turns.dozes``: asleep or idly wandering out of view) are
off the heap, ``resting``, until something wakes them: on a quiet floor most monsters
are dormant, and each was taken out and put back every turn only to move its clock on
by its wait. A resting monster's turns keep coming in step all the same, every
``move_time`` from its ``next_time``, so which are already past is derived, not kept:
the schedule knows how far the clock has gone (``now``: the time, and the id of the
monster acting then, or 0 before any, ``PAST`` after all), and a monster woken gets
the first of its turns not yet gone by (``due_after``), exactly as if it had waited
each one. Nothing about resting is saved: a loaded world's monsters are all on the
heap, and the dormant go back to rest at their next turn.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable
from typing import Any

from emberdeep.engine.core.actors import Actor
from emberdeep.engine.core.events import Who, declared
from emberdeep.engine.core.floor import Floor

PAST = 1 << 62
"""``now``'s id once every monster due at its time has acted (more than any id)."""
MANY_RESTING = 64
"""Beyond this many resting, ``wake_in_view`` reads the tiles in view, not each one."""
_NAMING: dict[type, tuple[str, ...]] = {}
"""Event type -> its fields that name creatures (``Who``, or a tuple of them)."""


class Schedule:
    def __init__(self) -> None:
        self._times: list[int] = []
        self._due: dict[int, list[int]] = {}
        self.resting: dict[int, Actor] = {}
        """Dormant monsters by id, off the heap until woken (``wake``)."""
        self.now: tuple[int, int] = (0, 0)
        """How far the monsters' clock has gone: (time, id) — every turn due before
        that time, and at that time every monster's with a smaller id, is over.
        While a batch takes its turns, its time and ``acting``'s id."""
        self.acting: Callable[[], int] | None = None
        """While a batch takes its turns (``begin_batch``): the id of the one acting
        (asked only when a resting monster wakes, so the batch's loop pays nothing)."""
        self.join: Callable[[Actor], None] = _no_batch
        """While a batch takes its turns: takes in a woken monster whose turn is now
        and comes later in the batch."""

    def reset(self, actors: list[Actor]) -> None:
        """Schedule ``actors`` afresh (a floor entered, a world built): the resting are
        given their due times first (they may be on the floor being left)."""
        self.settle()
        self.resting = {}
        self._times, self._due = [], {}
        self.add_all(actors)

    def begin_batch(
        self, time: int, acting: Callable[[], int], join: Callable[[Actor], None]
    ) -> None:
        """A batch due at ``time`` begins to act (``monster_turns.take_turns``)."""
        self.now, self.acting, self.join = (time, 0), acting, join

    def end_batch(self, after: int) -> None:
        """The batch is done: every turn of its time with an id below ``after`` is over
        (``PAST``: all of them)."""
        self.now, self.acting, self.join = (self.now[0], after), None, _no_batch

    def rest(self, actor: Actor) -> None:
        """``actor``, dormant, leaves the heap (it was just taken out with its batch)."""
        self.resting[actor.id] = actor

    def due_after(self, actor: Actor) -> int:
        """The first of a resting ``actor``'s turns (every ``move_time`` from its
        ``next_time``) not yet over by ``now``."""
        due, step = actor.next_time, actor.move_time
        time, after = self.now
        if self.acting is not None:
            after = self.acting()
        if due > time or step <= 0:
            return due
        due += -((due - time) // step) * step  # the first at or after ``time``
        if due == time and actor.id < after:
            due += step
        return due

    def wake(self, actor: Actor) -> None:
        """Something touched or showed ``actor``: if it was resting, it is back on the
        heap at its next turn (or in the batch acting now, if that is its turn and it
        comes later in it). Waking one that would have gone on dozing is harmless: it
        is asked afresh at its turn."""
        if self.resting.pop(actor.id, None) is None or actor.hp <= 0:
            return
        actor.next_time = due = self.due_after(actor)
        acting = self.acting
        if acting is not None and due == self.now[0] and actor.id > acting():
            self.join(actor)
        else:
            self.add(actor)

    def wake_named(self, event: Any, floor: Floor) -> None:
        """Wake every resting creature ``event`` names: whatever is done to a creature
        is told as an event naming it (a blow, a status, a mode, a move made by
        another), so this wakes each one that may no longer be dormant, whatever
        module acted."""
        names = _NAMING.get(type(event))
        if names is None:
            names = _NAMING[type(event)] = tuple(
                name for name, type_ in declared(type(event)) if "Who" in type_
            )
        resting, actors = self.resting, floor.actors
        for name in names:
            value = getattr(event, name)
            if type(value) is Who:
                if value.id in resting:
                    self.wake(actors[value.id])
            elif value is not None:
                for who in value:
                    if who.id in resting:
                        self.wake(actors[who.id])

    def wake_in_view(self, floor: Floor) -> None:
        """Wake every resting monster the player now sees (after the view changed): in
        view, it notices the player or not at its turn. A few are looked at one by
        one; a crowd's tiles newly seen are read at once."""
        resting, visible = self.resting, floor.visible
        if len(resting) <= MANY_RESTING:
            seen = [a for a in resting.values() if visible.item(a.x, a.y)]
        else:
            ids = floor.occupant[visible]
            seen = [resting[i] for i in ids[ids != 0].tolist() if i in resting]
        for actor in seen:
            self.wake(actor)

    def settle(self) -> None:
        """Every resting monster's ``next_time`` set to its next turn, as it would read
        had it stayed on the heap (before the world is hashed, saved or copied)."""
        for actor in self.resting.values():
            actor.next_time = self.due_after(actor)

    def add(self, actor: Actor) -> None:
        time = actor.next_time
        ids = self._due.get(time)
        if ids is None:
            self._due[time] = [actor.id]
            heapq.heappush(self._times, time)
        else:
            ids.append(actor.id)

    def next_time(self, floor: Floor) -> int | None:
        """When the next live monster is due, or None if nobody is scheduled."""
        times, due, actors = self._times, self._due, floor.actors
        while times:
            time = times[0]
            for actor_id in due[time]:
                actor = actors.get(actor_id)
                if actor is not None and actor.alive and actor.next_time == time:
                    return time
            heapq.heappop(times)
            del due[time]
        return None

    def pop_batch(self, floor: Floor, time: int) -> list[Actor]:
        """Every live monster due at exactly ``time`` (the earliest time scheduled),
        oldest first: ids are handed out in spawn order."""
        ids = self._due.pop(time, None)
        if ids is None:
            return []
        times = self._times
        if times[0] == time:
            heapq.heappop(times)
        else:  # not the earliest (``World`` never asks for such a time)
            times.remove(time)
            heapq.heapify(times)
        ids.sort()
        return [
            actor
            for actor in map(floor.actors.get, ids)
            if actor is not None and actor.hp > 0 and actor.next_time == time
        ]

    def add_all(self, actors: list[Actor]) -> None:
        """Put back every one of ``actors`` still alive, each at its new due time
        (``add``, written out: a crowd puts back a thousand a phase, most of them due
        at the same time as the one before)."""
        due, times = self._due, self._times
        last: int | None = None
        ids: list[int] = []
        for actor in actors:
            if actor.hp > 0:
                time = actor.next_time
                if time != last:
                    last, found = time, due.get(time)
                    if found is None:
                        found = due[time] = []
                        heapq.heappush(times, time)
                    ids = found
                ids.append(actor.id)

    def __len__(self) -> int:
        """Entries on the heap (some stale), and the resting."""
        return sum(len(ids) for ids in self._due.values()) + len(self.resting)


def _no_batch(actor: Actor) -> None:
    raise AssertionError(f"no batch is acting for {actor.id} to join")
