"""Argon2 in a pool of its own, bounded, so password checks never starve the server.

An Argon2id check costs tens of milliseconds of CPU and 64 MB of memory (argon2-cffi's
recommended parameters), on purpose. Run in the event loop's default threads, sixty
logins sent at once took every one of those threads and the lobby's ``/api/games``, which
needs one for its database read, answered after 141 s. Here Argon2 has ``WORKERS``
threads of its own (niced, so the games and the event loop come first) and room for
``QUEUE`` more waiting; an address has at most ``PER_ADDRESS`` in it at once. Anything
beyond is refused at once (``PoolBusyError``: the page gets 429 and may try again),
never queued without end.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import threading
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

WORKERS = 2
QUEUE = 6
PER_ADDRESS = 1
NICE = 10
"""How much lower the Argon2 threads' priority is than the server's (Linux: a thread's
own nice value; its Argon2 lanes inherit it)."""

T = TypeVar("T")


class PoolBusyError(Exception):
    """No room in the pool for this address's password check now."""


def _lower_priority() -> None:
    with contextlib.suppress(AttributeError, OSError):  # not Linux, or not allowed
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), NICE)


class HashPool:
    """The threads that check and make password hashes, and who is using them."""

    def __init__(
        self, workers: int = WORKERS, queue: int = QUEUE, per_address: int = PER_ADDRESS
    ) -> None:
        self.executor = ThreadPoolExecutor(
            workers, thread_name_prefix="argon2", initializer=_lower_priority
        )
        self.room = workers + queue
        self.per_address = per_address
        self.busy: Counter[str] = Counter()

    def reserve(self, address: str) -> bool:
        """Hold a place for ``address`` (True), or say there is none (False)."""
        if sum(self.busy.values()) >= self.room or self.busy[address] >= self.per_address:
            return False
        self.busy[address] += 1
        return True

    def release(self, address: str) -> None:
        self.busy[address] -= 1
        if self.busy[address] <= 0:
            del self.busy[address]

    async def run(self, address: str, work: Callable[[], T], reserved: bool = False) -> T:
        """``work()`` in the pool for ``address`` (in the place ``reserve`` held, if
        ``reserved``); ``PoolBusyError`` if there is no room."""
        if not reserved and not self.reserve(address):
            raise PoolBusyError(address)
        loop = asyncio.get_running_loop()
        try:
            future = self.executor.submit(work)
        except RuntimeError:  # shut down
            self.release(address)
            raise PoolBusyError(address) from None
        # The place is given back when the work is done, not when the page stops
        # waiting: a thread cannot be stopped halfway through a hash.
        future.add_done_callback(lambda _: loop.call_soon_threadsafe(self.release, address))
        return await asyncio.wrap_future(future)

    def close(self) -> None:
        self.executor.shutdown(wait=False, cancel_futures=True)
