"""Figures taken in a process of their own, from any checkout of Emberdeep: the turn
times of two bot games, the monster phase of a crowd, and the process CPU time to the
first frame of the game and of the bare platform.

``emberdeep bench --compare REF`` runs this file by its path with ``PYTHONPATH`` set to
one checkout's ``src`` or the other's (``python -P bench_probe.py FIGURE``), so the same
measuring code times both trees: it imports only the standard library at the top (and
what it prints with, ``json``, after the figure), and the game's modules, inside each
probe, come from whichever tree is on the path. Each probe prints one JSON line last.
``bench_startup`` and ``bench_turns`` call the same functions for this checkout's own
report.
"""

from __future__ import annotations

import gc
import os
import runpy
import sys
import time
from collections.abc import Callable
from typing import Any

BOT_SEEDS = (1, 2)
"""Two games the bot plays to depth 10 (it dies before depth 10 on some seeds)."""
BOT_DEPTH = 10
BOT_TURN_CAP = 20_000
"""Turns a game may take at most to reach ``BOT_DEPTH``: a bot stuck on a floor ends."""

PLATFORM_FIRST_FRAME = """
import time
import numpy, tcod.console, tcod.context, tcod.tileset
console = tcod.console.Console(100, 52, order="F")
console.print(0, 0, "@")
tileset = tcod.tileset.Tileset(8, 16)
with tcod.context.new(columns=100, rows=52, tileset=tileset, vsync=True, argv=[]) as context:
    context.present(console, keep_aspect=True, integer_scaling=True)
    print(f"presented {time.monotonic():.6f} {time.process_time():.6f}")
"""
"""The least any game on this stack can do before its first frame: the interpreter,
numpy and tcod, a window of the game's size and cells and one frame presented as the
game presents it, and nothing of Emberdeep. It prints the system's monotonic clock and
its own CPU time at that moment."""


def turn_times() -> dict[str, Any]:
    """Two bot games (``BOT_SEEDS``) to depth ``BOT_DEPTH``, as the interactive game
    plays them: the collector settled when a game starts and on each floor entered,
    where the tree has ``session/collector.py`` (older trees have not, and never did).
    Each turn (the bot's choice and the game's answer) is timed in process CPU time.
    Returns the times in ms, those of the turns that changed floor, and a digest of
    both games' final states: the same digest from two trees means the same games."""
    from emberdeep.agents.bot import Bot, take_turn
    from emberdeep.config import Settings
    from emberdeep.content import loader
    from emberdeep.session.driver import Driver
    from emberdeep.session.game import GameSetup

    try:
        from emberdeep.session import collector
    except ImportError:
        collector = None  # type: ignore[assignment]
    else:
        collector.activate()
    times: list[float] = []
    floor_changes: list[float] = []
    digests: list[str] = []
    clock = time.process_time_ns
    for seed in BOT_SEEDS:
        world = GameSetup(loader.load(), Settings(), data=None).new_game(seed).world
        bot, driver = Bot(seed), Driver(world)
        if collector is not None:
            collector.settle_game()
        while not world.over and world.depth < BOT_DEPTH and len(times) < BOT_TURN_CAP:
            depth = world.depth
            began = clock()
            take_turn(driver, bot)
            if world.depth != depth and collector is not None:
                collector.settle_floor()
            took = (clock() - began) / 1e6
            times.append(took)
            if world.depth != depth:
                floor_changes.append(took)
        digests.append(f"{seed}:{world.depth}:{world.turn}:{world.state_hash()}")
    if collector is not None:  # the tools' own process: the games may go now
        collector.activate(False)
        gc.unfreeze()
    return {"times": times, "floor_changes": floor_changes, "games": digests}


def first_frame() -> dict[str, Any]:
    """``emberdeep play --seed 1 --frames 1``: straight into a new game, its first frame
    the play screen (``presented``)."""
    return presented("--seed", "1")


def title_frame() -> dict[str, Any]:
    """``emberdeep play --frames 1``: the title screen, a player's first frame."""
    return presented()


def presented(*words: str) -> dict[str, Any]:
    """``emberdeep play WORDS --frames 1`` in this process, its CPU time taken when the
    first frame is presented (any tree: tcod's ``present``, which every version presents
    through, is timed once ``tcod.context`` is imported, by the game: ``_AfterImport``).

    Importing tcod here first, to patch it, made the game's process import numpy and tcod
    with the cyclic collector on, which a start of the game never does (``cli.main``
    turns it off before a play command's line is read): 30-40 M instructions of
    collections, about a twentieth of the figure, that no player's start pays."""
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    seen: list[float] = []

    def timing(module: Any) -> None:
        present = module.Context.present

        def timed(self: Any, *args: Any, **kwargs: Any) -> None:
            present(self, *args, **kwargs)
            if not seen:
                seen.append(time.process_time() * 1000)

        module.Context.present = timed

    sys.meta_path.insert(0, _AfterImport("tcod.context", timing))
    # `python -m emberdeep play ...` run here, as a process would run it (the tools
    # never import the command line above them).
    sys.argv = ["emberdeep", "play", *words, "--frames", "1"]
    try:
        runpy.run_module("emberdeep", run_name="__main__", alter_sys=True)
        status: object = 0
    except SystemExit as exit:
        status = exit.code
    if status != 0 or not seen:
        raise SystemExit(f"the game did not present a frame (exit status {status})")
    return {"cpu_ms": seen[0]}


class _AfterImport:
    """A finder that finds nothing itself: when module ``name`` is first imported (by
    the game), it has the other finders find it, and calls ``then`` with the module
    once it has run."""

    def __init__(self, name: str, then: Callable[[Any], None]) -> None:
        self.name, self.then = name, then

    def find_spec(self, fullname: str, path: Any = None, target: Any = None) -> Any:
        if fullname != self.name:
            return None
        import importlib.util

        sys.meta_path.remove(self)
        spec = importlib.util.find_spec(fullname)
        if spec is None or spec.loader is None:
            return spec
        run, then = spec.loader.exec_module, self.then

        def exec_module(module: Any) -> None:
            run(module)
            then(module)

        spec.loader.exec_module = exec_module  # type: ignore[method-assign]
        return spec


PHASE_RUNS = 30
PHASE_HUNTERS = (100, 1000)


def crowd_phase() -> dict[str, Any]:
    """The monster phase on a crowded 80x45 floor (``crowded_world``: every monster
    hunting, all due at once), ``PHASE_RUNS`` fresh worlds for each of
    ``PHASE_HUNTERS``: the median CPU ms of one phase, by hunters. Older trees kept
    ``crowded_world`` in ``tools/bench.py``: looked up by name, as this tree's
    ``bench.py`` imports this file's callers."""
    import importlib
    import statistics

    for name in ("emberdeep.tools.bench_engine", "emberdeep.tools.bench"):
        try:
            crowded_world = importlib.import_module(name).crowded_world
            break
        except (ImportError, AttributeError):
            continue
    else:
        raise SystemExit("this tree has no crowded_world to time")

    medians = {}
    for hunters in PHASE_HUNTERS:
        warm = crowded_world(80, 45, hunters, 255)
        warm.advance(warm.player.next_time, stop_for_player=True)
        samples = []
        for seed in range(PHASE_RUNS):
            world = crowded_world(80, 45, hunters, seed)
            began = time.process_time_ns()
            world.advance(world.player.next_time, stop_for_player=True)
            samples.append((time.process_time_ns() - began) / 1e6)
        medians[str(hunters)] = statistics.median(samples)
    return medians


PROBES = {"turns": turn_times, "first-frame": first_frame, "title-frame": title_frame,
          "phase": crowd_phase}  # fmt: skip


if __name__ == "__main__":
    figures = PROBES[sys.argv[1]]()
    import json  # after the figure: the game's start-up pays for no import of the probe's

    print(json.dumps(figures))
