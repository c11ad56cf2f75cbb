"""Who acts next: actor ids kept by the time they are due, ties going to the older actor.

A heap holds each distinct due time once, and a list per time holds the ids due then
(monsters act in crowds due together, so a batch is one list taken out, not one heap
operation per monster). Entries are never removed early: an id is ignored when its
actor has died, left the floor, or been rescheduled since (its ``next_time`` no longer
matches).
"""

from __future__ import annotations

import heapq

from emberdeep.engine.core.actors import Actor
from emberdeep.engine.core.floor import Floor


class Schedule:
    def __init__(self) -> None:
        self._times: list[int] = []
        self._due: dict[int, list[int]] = {}

    def reset(self, actors: list[Actor]) -> None:
        self._times, self._due = [], {}
        self.add_all(actors)

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
        actors = floor.actors
        batch: list[Actor] = []
        for actor_id in ids:
            actor = actors.get(actor_id)
            if actor is not None and actor.hp > 0 and actor.next_time == time:
                batch.append(actor)
        return batch

    def add_all(self, actors: list[Actor]) -> None:
        """Put back every one of ``actors`` still alive, each at its new due time
        (``add``, written out: a crowd puts back a thousand a phase)."""
        due, times = self._due, self._times
        for actor in actors:
            if actor.hp > 0:
                time = actor.next_time
                ids = due.get(time)
                if ids is None:
                    due[time] = [actor.id]
                    heapq.heappush(times, time)
                else:
                    ids.append(actor.id)

    def __len__(self) -> int:
        return sum(len(ids) for ids in self._due.values())
