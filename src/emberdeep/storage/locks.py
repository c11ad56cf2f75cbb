"""One game, one process: an OS file lock held while a game is played.

Two game processes on one data folder used to race on one save (the last writer won).
The lock is the operating system's (``filelock``: ``flock`` on POSIX), not a pid file, so
a killed process never leaves a stale lock behind: the OS drops it with the process.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import filelock


class GameLockedError(Exception):
    """Another process is playing this game; the message says so in one line."""


_LOCKS: dict[Path, filelock.FileLock] = {}
"""One lock object per file in this process: it counts how often it is held, so this
process may take its own lock again (to look at the save it is playing); only another
process is refused."""


class GameLock:
    def __init__(self, save_file: Path) -> None:
        # Imported here: ``filelock`` brings ``asyncio``, a twentieth of a start-up, and
        # the title screen locks nothing (a game is locked when it is started or resumed).
        import filelock

        self.path = save_file.with_name(save_file.name + ".lock")
        self._lock = _LOCKS.setdefault(self.path, filelock.FileLock(self.path, timeout=0))
        self._held = False

    def acquire(self) -> None:
        """Take the lock at once or raise ``GameLockedError``; an unwritable folder is not a
        reason to refuse play (saving will say what is wrong), so it is let through."""
        import filelock

        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._lock.acquire()
            self._held = True
        except filelock.Timeout:
            raise GameLockedError(
                "this game is safe: it is open in another Emberdeep (play it there,"
                " or close that one and try again)"
            ) from None
        except OSError:
            pass

    def release(self) -> None:
        if self._held:
            self._held = False
            self._lock.release()
