"""The slow half of a checkpoint, off the player's turn.

A checkpoint writes its replay chunk and its save to the OS on the player's turn (so a
``kill -9`` from then on loses nothing: the OS keeps what a killed process wrote, and the
write-ahead journal held every command before that). What makes them survive a power cut
is the fsyncs, which cost far more than the writing, and more the busier the disk: they
run here, on one thread per game, while play goes on. One job at a time: the next
checkpoint, a save, the end of the game and quitting first ``wait`` for the last one, and
learn whether it worked (a failure is told then, one checkpoint late, and the journal
still holds every command the failed save would have)."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import queue

Job = Callable[[], str | None]
"""Does its work; returns what went wrong, or None."""


class Durable:
    """Runs one game's durability jobs one after another on a thread of its own, started
    with the first job (starting a thread waits for it to run, which on a busy machine
    costs a turn milliseconds; handing a job to a running one does not wait)."""

    def __init__(self) -> None:
        self._jobs: queue.SimpleQueue[Job | None] | None = None
        """The running thread's jobs (``queue`` is imported with the first: a game's first
        checkpoint, after its first frame)."""
        self._idle = threading.Event()
        self._idle.set()
        self._thread: threading.Thread | None = None
        self._problem: str | None = None

    def run(self, job: Job) -> None:
        """Start ``job`` once the last is done (what went wrong with that one is kept for
        ``wait``)."""
        self._idle.wait()
        self._idle.clear()
        jobs = self._jobs
        if self._thread is None or jobs is None:
            import queue

            jobs = self._jobs = queue.SimpleQueue()
            # A daemon, so an idle one never holds the interpreter open; every way out of
            # a game (``GameSession.release``) waits for its job first, and a job cut off
            # at exit is a kill -9, which a checkpoint is safe from.
            self._thread = threading.Thread(
                target=self._work, args=(jobs,), name="emberdeep-durable"
            )
            self._thread.daemon = True
            self._thread.start()
        jobs.put(job)

    def _work(self, jobs: queue.SimpleQueue[Job | None]) -> None:
        while (job := jobs.get()) is not None:
            try:
                problem = job()
            except Exception as exc:  # a bug must not leave the game waiting for ever
                problem = f"could not save the game ({type(exc).__name__}: {exc})"
            if problem is not None:
                self._problem = problem
            self._idle.set()

    def wait(self) -> str | None:
        """Wait for the running job; what went wrong with the jobs not yet asked about."""
        self._idle.wait()
        problem, self._problem = self._problem, None
        return problem

    def close(self) -> None:
        """Wait for the running job, then end the thread (a later job starts another)."""
        self._idle.wait()
        if self._thread is not None and self._jobs is not None:
            self._jobs.put(None)
        self._thread = self._jobs = None
