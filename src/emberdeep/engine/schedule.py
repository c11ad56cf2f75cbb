"""Who acts next: a heap of (due time, actor id), ties going to the older actor.

Entries are never removed early: a popped entry is ignored when its actor has died,
left the floor, or been rescheduled since (its ``next_time`` no longer matches).
"""

from __future__ import annotations

import heapq

from emberdeep.engine.actors import Actor
from emberdeep.engine.floor import Floor


class Schedule:
    def __init__(self) -> None:
        self._heap: list[tuple[int, int]] = []

    def reset(self, actors: list[Actor]) -> None:
        self._heap = [(a.next_time, a.id) for a in actors]
        heapq.heapify(self._heap)

    def add(self, actor: Actor) -> None:
        heapq.heappush(self._heap, (actor.next_time, actor.id))

    def next_time(self, floor: Floor) -> int | None:
        """When the next live monster is due, or None if nobody is scheduled."""
        heap = self._heap
        while heap:
            time, actor_id = heap[0]
            actor = floor.actors.get(actor_id)
            if actor is not None and actor.alive and actor.next_time == time:
                return time
            heapq.heappop(heap)
        return None

    def pop_batch(self, floor: Floor, time: int) -> list[Actor]:
        """Every live monster due at exactly ``time``, oldest first (the heap yields equal
        times in id order, and ids are handed out in spawn order)."""
        batch: list[Actor] = []
        heap, actors = self._heap, floor.actors
        while heap and heap[0][0] == time:
            _, actor_id = heapq.heappop(heap)
            actor = actors.get(actor_id)
            if actor is not None and actor.hp > 0 and actor.next_time == time:
                batch.append(actor)
        return batch

    def add_all(self, actors: list[Actor]) -> None:
        """Put back every one of ``actors`` still alive, each at its new due time."""
        heap = self._heap
        for actor in actors:
            if actor.hp > 0:
                heapq.heappush(heap, (actor.next_time, actor.id))

    def __len__(self) -> int:
        return len(self._heap)
