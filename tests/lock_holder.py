"""Another process that holds a game's lock, for the tests of what the game does then."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src"


@contextmanager
def held_elsewhere(save: Path) -> Iterator[None]:
    """While inside, a second process holds ``save``'s lock (it has said so)."""
    holder = subprocess.Popen(
        [sys.executable, "-c", textwrap.dedent(f"""
            import sys
            from pathlib import Path
            from emberdeep.storage.locks import GameLock
            GameLock(Path({str(save)!r})).acquire()
            print("held", flush=True)
            sys.stdin.read()
        """)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
        env=os.environ | {"PYTHONPATH": str(SRC)},
    )  # fmt: skip
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        yield
    finally:
        holder.communicate("")
