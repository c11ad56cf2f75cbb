"""``emberdeep bench``'s figure for a web game's process: its CPU per key.

A browser game is one worker process (``web/worker.py``) per player; on a shared host
what limits how many play at once is the CPU each key costs there (issue #29: 50 games
at 10 keys a second must fit two cores beside the server). This drives the worker's own
loop (``ui/loop.py`` with the ``WebPresenter``, the screens and a real game in a
throwaway folder) with a seeded run of moves and waits, as ``scripts/web-load`` sends
them, through a pipe that hands over one key at a time. A key's cost is the process's
CPU time from its handing over to the next's: the input parsed, the turn, the journal,
the screen drawn, the frame's changed cells found and written as JSON, the status and
the records checked. Only the socket is missing, whose cost is the kernel's.
"""

from __future__ import annotations

import contextlib
import itertools
import json
import os
import random
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np

from emberdeep.tools.bench_report import Figure, figure
from emberdeep.ui import loop
from emberdeep.ui.stack import ScreenStack
from emberdeep.web.pipe import PipeClosedError

KEYS = "hjklyubn."
"""What ``scripts/web-load`` sends: the eight steps and a wait."""
WARM_UP = 30
"""Keys played before timing (the first frames are whole, the floor's caches fill)."""
SEED = 1
BATCH = 10
"""Keys per sample: a sample is their mean, so the figure's median is near the mean CPU
a key costs (what a host pays), not the quiet step's alone."""
PER_KEY_TARGET_MS = 1.5
"""50 games at 10 keys a second on 2 cores leave about 3 ms a key for the game's process
and the server together, with room to spare for latency (issue #29)."""
COLD_BYTES = 64 * 1024 * 1024
"""Written between keys for the "caches cold" figure: more than the caches of the machines
we run on (32 MB of L3 on the 2-core one), as 50 other games and the server leave them in
the 100 ms between a player's keys. A key costs about twice as much so; that is what
``scripts/web-load`` sees in a game's process."""


class _Pipe:
    """The worker's end of the pipe, as ``PipeEnd``: keys handed over one per wait, the
    frames sent counted; when the keys run out it reads as a closed pipe."""

    def __init__(self, keys: list[str], cold: bool = False) -> None:
        self.inbox = [
            json.dumps({"t": "in", "c": "bench", "s": n, "m": {"t": "key", "s": n, "k": key}})
            for n, key in enumerate(keys, start=1)
        ]
        self.inbox.reverse()
        self.handed: list[int] = []
        """The process's CPU time (ns) when each key was handed over, and when one more
        was asked for after the last: a key's cost is from its time to the next's (its
        turn, and every frame it led to)."""
        self.bytes = 0
        self.junk = np.zeros(COLD_BYTES // 8) if cold else None
        """Written over before each key (the caches left cold), its time not counted."""
        self.uncounted = 0

    def send(self, *payloads: bytes) -> None:
        self.bytes += sum(len(payload) for payload in payloads)

    def receive(self, timeout: float | None) -> bytes | None:
        if timeout == 0:
            return None  # one key per wait, as a person types
        if self.junk is not None:
            start = time.process_time_ns()
            np.add(self.junk, 1.0, out=self.junk)
            self.uncounted += time.process_time_ns() - start
        self.handed.append(time.process_time_ns() - self.uncounted)
        if not self.inbox:
            raise PipeClosedError("the keys ran out")
        return self.inbox.pop().encode()

    def close(self) -> None:
        pass


def play_keys(
    keys: int, seed: int = SEED, *, cold: bool = False
) -> tuple[list[float], dict[str, Any]]:
    """The process's CPU milliseconds per key, each sample the mean of ``BATCH`` keys, over
    ``keys`` keys (after the warm-up) in a new game of ``seed``; and the game's status at
    the end. ``cold``: the caches emptied before each key (``COLD_BYTES``)."""
    from emberdeep.web import preload, worker
    from emberdeep.web.presenter import WebPresenter
    from emberdeep.web.reader import Reader

    moves = random.Random(seed)
    pipe = _Pipe([moves.choice(KEYS) for _ in range(WARM_UP + keys)], cold)
    with tempfile.TemporaryDirectory(prefix="emberdeep-bench-web-") as folder, _env(folder):
        app = preload.new_app()
        stack = ScreenStack(worker.first_screen(app, seed))
        records = worker.Records(Path(folder)).new
        presenter = WebPresenter(
            pipe,  # type: ignore[arg-type]  # the pipe's two calls
            lambda: worker.status(app),
            records,
            None,
            Reader(app),
        )
        loop.run(stack, presenter)  # until the keys run out; then the game is saved
    handed = pipe.handed[WARM_UP::BATCH]
    samples = [(b - a) / 1e6 / BATCH for a, b in itertools.pairwise(handed)]
    return samples, dict(presenter.last_status or {})


@contextlib.contextmanager
def _env(folder: str) -> Iterator[None]:
    """The worker's folders pointed at ``folder`` while the game runs, as
    ``worker.run`` does, and put back after."""
    names = ("EMBERDEEP_DATA_DIR", "EMBERDEEP_CONFIG_DIR")
    before = {name: os.environ.get(name) for name in names}
    os.environ.update(dict.fromkeys(names, folder))
    try:
        yield
    finally:
        for name, value in before.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


def per_key(keys: int) -> Iterator[Figure]:
    samples, _ = play_keys(keys)
    yield figure("web game process per key (turn, draw, frame)", samples, PER_KEY_TARGET_MS)
    samples, _ = play_keys(keys, cold=True)
    yield figure("  the same, caches cold (as between a player's keys)", samples, None)
