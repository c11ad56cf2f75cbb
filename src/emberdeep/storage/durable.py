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


class Durable:
    """Runs one game's durability jobs one after another, each on a thread of its own."""

    def __init__(self) -> None:
        self._thread: threading.Thread | None = None
        self._problem: str | None = None

    def run(self, job: Callable[[], str | None]) -> None:
        """Start ``job`` (which returns what went wrong, or None) once the last is done
        (what went wrong with that one is kept for ``wait``)."""
        if self._thread is not None:
            self._thread.join()

        def work() -> None:
            problem = job()
            if problem is not None:
                self._problem = problem

        # Not a daemon: the interpreter finishes a job before it exits.
        self._thread = threading.Thread(target=work, name="emberdeep-durable")
        self._thread.start()

    def wait(self) -> str | None:
        """Wait for the running job; what went wrong with the jobs not yet asked about."""
        if self._thread is not None:
            self._thread.join()
            self._thread = None
        problem, self._problem = self._problem, None
        return problem
