"""``emberdeep bench``: the speed figures the project promises, measured on this machine.

Each figure is a median over many runs, with the 10th-90th percentile spread, next to
its target. Timing lives here and only here: unit tests never assert on speed.
"""

from __future__ import annotations

import json
import platform
import statistics
import time
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import TypeVar

import numpy as np

from emberdeep import __version__, mapgen
from emberdeep.config import Settings
from emberdeep.content import loader
from emberdeep.engine import ai, rng
from emberdeep.engine.actions import DIRECTIONS, Move
from emberdeep.engine.actors import Actor, ActorKind
from emberdeep.engine.fov import update_fov
from emberdeep.engine.world import World
from emberdeep.game import new_world
from emberdeep.ui import render
from emberdeep.ui.screens.play import PlayScreen

T = TypeVar("T")


@dataclass(frozen=True)
class Figure:
    name: str
    median_ms: float
    p10_ms: float
    p90_ms: float
    runs: int
    target_ms: float | None = None

    @property
    def verdict(self) -> str:
        if self.target_ms is None:
            return ""
        return "ok" if self.median_ms <= self.target_ms else "SLOW"


def measure(
    name: str,
    fn: Callable[[T], object],
    runs: int,
    target_ms: float | None = None,
    setup: Callable[[int], T] | None = None,
) -> Figure:
    """Time ``fn(setup(i))`` for i in range(runs) after a warm-up; only ``fn`` is timed.
    Without ``setup``, ``fn`` gets the run number, so runs can vary their inputs."""
    prepare: Callable[[int], T] = setup or (lambda i: i)  # type: ignore[assignment,return-value]
    fn(prepare(-1))
    samples = []
    for i in range(runs):
        arg = prepare(i)
        start = time.perf_counter_ns()
        fn(arg)
        samples.append((time.perf_counter_ns() - start) / 1e6)
    p10, p90 = np.percentile(samples, [10, 90])
    return Figure(name, statistics.median(samples), float(p10), float(p90), runs, target_ms)


GENERATION_TARGETS_MS = {("rooms", 80, 45): 2.0}


def generation(runs: int) -> Iterator[Figure]:
    for name in sorted(mapgen.GENERATORS):
        for width, height in ((80, 45), (200, 200)):
            build = mapgen.floor_builder(name, width=width, height=height)
            yield measure(
                f"generate {name} {width}x{height}",
                lambda i, build=build: build(1, rng.floor_stream(i & 0xFFFF, 1)),  # type: ignore[misc]
                runs,
                GENERATION_TARGETS_MS.get((name, width, height)),
            )


def fov(runs: int) -> Iterator[Figure]:
    for width, height in ((80, 45), (200, 200)):
        world = World(1, mapgen.floor_builder("rooms", width=width, height=height))
        floor = world.floor
        spots = np.argwhere(floor.walkable)
        yield measure(
            f"FOV update {width}x{height} (radius {world.fov.radius})",
            lambda i, floor=floor, spots=spots, world=world: update_fov(  # type: ignore[misc]
                floor, tuple(spots[i % len(spots)]), world.fov
            ),
            runs,
        )


def frame(runs: int) -> Iterator[Figure]:
    content = loader.load()
    console = render.new_console()
    for mode in ("solid", "ascii"):
        world = World(1, mapgen.floor_builder("rooms"))
        world.floor.explored[...] = True  # worst case: every cell drawn from the table
        screen = PlayScreen(world, content, Settings(render_mode=mode))
        yield measure(
            f"render frame {render.SCREEN_WIDTH}x{render.SCREEN_HEIGHT} {mode}",
            lambda i, screen=screen: screen.draw(console),  # type: ignore[misc]
            runs,
            0.5,
        )


BENCH_ORC = ActorKind("orc", "Orc", hp=10, defense=0, power=3)
PHASE_TARGETS_MS = {(80, 200): 2.0, (80, 1000): 10.0}


def crowded_world(width: int, height: int, count: int, seed: int) -> World:
    """A full-rooms BSP floor (room for a crowd) with ``count`` monsters all hunting the
    player and all due now, so one ``advance`` is exactly one monster phase."""
    world = World(seed, mapgen.floor_builder("bsp", width=width, height=height, full_rooms=True))
    floor, player = world.floor, world.player
    free = np.argwhere(floor.walkable & (floor.occupant == 0))
    picks = rng.stream(seed, "bench").choice(len(free), size=min(count, len(free)), replace=False)
    for n, (x, y) in enumerate(free[picks], start=2):
        monster = Actor.spawn(n, BENCH_ORC, int(x), int(y))
        monster.hunting = ai.HUNT_MEMORY
        floor.add_actor(monster)
    world.schedule.reset([a for a in floor.actors.values() if a is not player])
    player.next_time = world.time + 100
    return world


def monster_phase(runs: int) -> Iterator[Figure]:
    cases = [(80, 45, n) for n in (10, 50, 200, 1000)] + [(200, 200, 1000)]
    for width, height, count in cases:
        yield measure(
            f"monster phase {width}x{height}, {count} chasing",
            lambda world: world.advance(world.player.next_time, stop_for_player=True),
            runs,
            PHASE_TARGETS_MS.get((width, count)),
            setup=lambda i, w=width, h=height, c=count: crowded_world(w, h, c, i & 0xFF),  # type: ignore[misc]
        )


class RandomPlayer:
    """Plays whole turns with random moves, starting a new game whenever the player dies."""

    def __init__(self) -> None:
        self.content = loader.load()
        self.moves = [Move(dx, dy) for dx, dy in DIRECTIONS]
        self.chooser = rng.stream(0, "bench-steps")
        self.games = 0
        self.world = new_world(self.games, Settings(), self.content)

    def step(self, _: int) -> None:
        if not self.world.player.alive:
            self.games += 1
            self.world = new_world(self.games, Settings(), self.content)
        self.world.step(self.moves[int(self.chooser.integers(len(self.moves)))])


def game_steps(steps: int) -> Iterator[Figure]:
    """Whole turns (player step, monsters, FOV) with the shipped content."""
    yield measure("full game step, default population", RandomPlayer().step, steps)


def run_all(quick: bool) -> list[Figure]:
    scale = 1 if quick else 5
    return [
        *generation(40 * scale),
        *fov(200 * scale),
        *frame(100 * scale),
        *monster_phase(20 * scale),
        *game_steps(400 * scale),
    ]


def format_table(figures: list[Figure]) -> str:
    rows = [("figure", "median ms", "p10-p90 ms", "per second", "runs", "target", "")]
    for f in figures:
        target = f"<= {f.target_ms:g}" if f.target_ms is not None else ""
        rows.append(
            (
                f.name,
                f"{f.median_ms:.3f}",
                f"{f.p10_ms:.3f}-{f.p90_ms:.3f}",
                f"{1000 / f.median_ms:,.0f}" if f.median_ms > 0 else "",
                str(f.runs),
                target,
                f.verdict,
            )
        )
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = [
        "  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)).rstrip()
        for row in rows
    ]
    lines.insert(1, "-" * len(lines[0]))
    return "\n".join(lines)


def main(quick: bool = False, json_path: Path | None = None) -> int:
    figures = run_all(quick)
    print(
        f"emberdeep {__version__} bench, Python {platform.python_version()}, {platform.machine()}"
    )
    print(format_table(figures))
    if json_path is not None:
        payload = {
            "version": __version__,
            "python": platform.python_version(),
            "figures": [asdict(f) | {"verdict": f.verdict} for f in figures],
        }
        json_path.write_text(json.dumps(payload, indent=2) + "\n", encoding="utf-8")
    return 0
