"""``emberdeep bench``'s start-up figure: a fresh ``emberdeep play`` process until its first
frame and until it has exited, beside a process that does nothing but open a window and
present one frame on the same stack, so the difference is Emberdeep's own share.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from emberdeep.tools.bench_report import Figure, figure

STARTUP_TARGET_MS = 250.0


class StartupError(RuntimeError):
    pass


PLATFORM_FIRST_FRAME = """
import time
import numpy, tcod.console, tcod.context, tcod.tileset
console = tcod.console.Console(100, 52, order="F")
console.print(0, 0, "@")
tileset = tcod.tileset.Tileset(8, 16)
with tcod.context.new(columns=100, rows=52, tileset=tileset, vsync=True, argv=[]) as context:
    context.present(console, keep_aspect=True, integer_scaling=True)
    print(f"presented {time.monotonic():.6f}")
"""
"""The least any game on this stack can do before its first frame: the interpreter,
numpy and tcod, a window of the game's size and cells and one frame presented as the
game presents it, and nothing of Emberdeep."""


def startup(runs: int) -> list[Figure]:
    """A fresh process (``python -m emberdeep play --seed 1``) on SDL's dummy video
    driver, with throwaway settings and save folders: until it has presented its first
    frame (interpreter start, imports, content, the first floor, the first save, the
    window and the frame; the process says when on the system's monotonic clock, which
    this process shares), and until it has exited. Beside it, the same for a process
    that only opens a window and presents one frame (``PLATFORM_FIRST_FRAME``): the
    difference is Emberdeep's own share."""
    with tempfile.TemporaryDirectory(prefix="emberdeep-bench-") as folder:
        env = os.environ | {
            "SDL_VIDEODRIVER": "dummy",
            "SDL_AUDIODRIVER": "dummy",
            "EMBERDEEP_CONFIG_DIR": str(Path(folder) / "config"),
            "EMBERDEEP_DATA_DIR": str(Path(folder) / "data"),
        }
        # As on a player's machine: compiled bytecode is written by the warm-up start and
        # used after (with this set, as in some sandboxes, every start compiles afresh
        # whatever changed since bytecode was last written).
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        game = [sys.executable, "-m", "emberdeep", "play", "--seed", "1", "--frames", "1"]
        platform_only = [sys.executable, "-c", PLATFORM_FIRST_FRAME]

        def start(command: list[str]) -> tuple[float, float]:
            began = time.monotonic()
            done = subprocess.run(
                command,
                check=False,
                env=env,
                stdin=subprocess.DEVNULL,
                capture_output=True,
                timeout=60,
            )
            ended = time.monotonic()
            if done.returncode != 0:
                reason = done.stderr.decode(errors="replace").strip().splitlines()
                raise StartupError(reason[-1] if reason else f"exit status {done.returncode}")
            said = done.stdout.decode(errors="replace").split()
            if len(said) != 2 or said[0] != "presented":
                raise StartupError(f"no time of the first frame in {done.stdout[:80]!r}")
            return (float(said[1]) - began) * 1000, (ended - began) * 1000

        start(game)  # warm-up: the disk cache, compiled bytecode, the parsed content
        start(platform_only)
        games, platforms = [], []
        for _ in range(runs):  # taken in turns, so a busy moment weighs on both alike
            games.append(start(game))
            platforms.append(start(platform_only))
        return [
            figure("start-up to first frame (new process)", [g[0] for g in games],
                    STARTUP_TARGET_MS),
            figure("  the same, until the process has exited", [g[1] for g in games], None),
            figure("  python + numpy + tcod + a window + one frame, no game",
                    [p[0] for p in platforms], None),
        ]  # fmt: skip
