"""Checkpoints and loads of long games, for ``emberdeep bench`` (issue #27).

A checkpoint is what the session does every 100 turns and on every new floor:
``GameSession.checkpoint()``, the write-ahead journal, the replay's new chunk and the save
written to the OS on the player's turn; its fsyncs, rename and backup follow on a thread of
their own (``storage/durable.py``), timed apart as "durable" (before each checkpoint the
last one's durable half is waited for, as 100 turns of play would). It must cost the
same in a long game as in a short one, so the figures put a game of 60,000 commands at
depth 16 with 15 kept floors beside one of 600 commands at depth 1. Each run first plays
100 more commands' worth into the journal (recorded waits: the checkpoint's cost does not
depend on what they were) and the write-ahead journal on disk, as a real checkpoint
follows 100 turns. Loads are of those
saves, against pickle+lzma of the same world (``bench_reference``: pickle only here, for
comparison, never for saves).
"""

from __future__ import annotations

import functools
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from emberdeep.config import Settings
from emberdeep.content import loader
from emberdeep.engine.acts.actions import Wait
from emberdeep.engine.play.world import World
from emberdeep.session.game import GameSession, GameSetup
from emberdeep.tools import bench_reference as reference
from emberdeep.tools.bench_report import Figure, Report, figure

CHECKPOINT_TARGET_MS = 10.0
LONG, SHORT = 60_000, 600
DEPTH = 16
CHECKPOINT_EVERY = 100


def record_commands(world: World, count: int) -> None:
    """``count`` recorded waits in the world's journal, as if played (their checksums
    are the world's own; the world itself does not move, which a checkpoint cannot tell)."""
    checksum = world.checksum()
    for _ in range(count):
        world.journal.add(["s", Wait.code], checksum)


def deep_game(setup: GameSetup, depth: int, commands: int) -> GameSession:
    """A game at ``depth`` with every floor above it kept, whose journal has recorded
    ``commands`` commands, saved once (so its replay holds them, as in play)."""
    session = setup.new_game(16)
    world = session.world
    for next_depth in range(2, depth + 1):
        world.floor.move_actor(world.player, *world.floor.stairs)
        world.change_floor(next_depth)
    record_commands(world, commands - world.journal.total)
    session.save()
    return session


def checkpoint_figures(report: Report, runs: int, measure: Callable[..., Figure]) -> None:
    """Checkpoint and load of a long, deep game and of a short one; the loads against
    pickle+lzma of the same world."""
    content = loader.load()
    with tempfile.TemporaryDirectory(prefix="emberdeep-bench-") as folder:
        setup = GameSetup(content, Settings(), data=Path(folder))
        games = [
            (f"{SHORT} commands, depth 1", deep_game(setup, 1, SHORT)),
            (f"{LONG:,} commands, depth {DEPTH}, {DEPTH - 1} kept floors",
             deep_game(setup, DEPTH, LONG)),
        ]  # fmt: skip
        checkpoints = []
        cpu_ms: list[float] = []
        waits: list[float] = []
        for name, session in games:
            durable_ms: list[float] = []

            def checkpoint(_: int, session: GameSession = session) -> None:
                session.checkpoint()

            def more(
                _: int, session: GameSession = session, durable_ms: list[float] = durable_ms
            ) -> None:
                started = time.perf_counter()
                session.durable.wait()
                durable_ms.append((time.perf_counter() - started) * 1000)
                record_commands(session.world, CHECKPOINT_EVERY)
                session.log_commands()  # as each of those turns did

            figure = measure(
                f"checkpoint, {name}", checkpoint, runs, CHECKPOINT_TARGET_MS, setup=more
            )
            checkpoints.append(figure)
            report.figures.append(figure)
            cpu = []
            for _ in range(runs):
                more(0)
                started = time.process_time()
                checkpoint(0)
                cpu.append((time.process_time() - started) * 1000)
            cpu_ms.append(sorted(cpu)[len(cpu) // 2])
            session.durable.wait()
            waits.append(sorted(durable_ms)[len(durable_ms) // 2])
        short, long = checkpoints
        report.notes.append(
            f"checkpoint of the {LONG:,}-command game: {long.median_ms / short.median_ms:.2f}x "
            f"the {SHORT}-command game's (median wall time on the player's turn); CPU time "
            f"{cpu_ms[1]:.1f} ms against {cpu_ms[0]:.1f} ms ({cpu_ms[1] / cpu_ms[0]:.2f}x); "
            f"the durable half off the turn (fsyncs, rename, backup; median wait for it "
            f"straight after a checkpoint) {waits[1]:.1f} ms against {waits[0]:.1f} ms"
        )
        for name, session in games:
            save_file = session.save_file
            assert save_file is not None
            world = session.world
            ref = reference.encode_save(world)
            load, ref_load = in_turns(
                f"load, {name}",
                functools.partial(setup.read_world, save_file),
                functools.partial(reference.decode_save, ref, world.build_floor),
                2 * runs,
            )
            report.figures.append(load)
            report.compare(load, "pickle + lzma", ref_load)
            session.release()


def in_turns(
    name: str, ours: Callable[[], object], theirs: Callable[[], object], runs: int
) -> tuple[Figure, Figure]:
    """``ours`` and ``theirs`` (the reference) timed in turns after a warm-up of each, so
    a busy moment on a shared machine weighs on both alike and their ratio holds (timed
    one after the other, the same loads gave ratios from 0.6 to 1.0 on a busy machine)."""
    ours()
    theirs()
    samples: tuple[list[float], list[float]] = ([], [])
    for _ in range(runs):
        for fn, kept in ((ours, samples[0]), (theirs, samples[1])):
            started = time.perf_counter_ns()
            fn()
            kept.append((time.perf_counter_ns() - started) / 1e6)
    return figure(name, samples[0], None), figure(f"reference: {name}", samples[1], None)
