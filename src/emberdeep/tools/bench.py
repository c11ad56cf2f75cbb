"""``emberdeep bench``: every speed figure the project promises, measured on this machine
by one command, and compared with the classic tutorial approach on the same inputs.

Each figure is a median over many runs, with the 10th-90th percentile spread, next to
its target. Timing lives here and only here: unit tests never assert on speed. The
comparisons run ``bench_reference.py`` (per-monster A*, per-tile Python drawing,
pickle+lzma saves) on exactly the floors, frames and worlds our figures use, so a ratio
says what the design buys rather than what a different workload costs.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

import numpy as np

from emberdeep import mapgen
from emberdeep.config import Settings
from emberdeep.content import loader
from emberdeep.engine import gas, rng
from emberdeep.engine.actions import DIRECTIONS, Move, Wait
from emberdeep.engine.actors import HUNT_MEMORY, Actor, ActorKind, Mode
from emberdeep.engine.fov import Sight, update_fov
from emberdeep.engine.pursuit import PATH_LIMIT
from emberdeep.engine.world import FloorBuilder, World
from emberdeep.session.game import GameSetup
from emberdeep.session.setup import new_world
from emberdeep.storage import saves
from emberdeep.tools import bench_agents, bench_checkpoints, bench_web, screenshots
from emberdeep.tools import bench_reference as reference
from emberdeep.tools.bench_report import Figure, Report, Size, figure, format_report, to_json
from emberdeep.ui import ansi, layout, lighting, render
from emberdeep.ui.screens.play import PlayScreen

T = TypeVar("T")


@dataclass(frozen=True)
class Plan:
    """Runs per figure. The reference cases are slow by nature (that is the point), so
    they get few runs; a single run's spread is that run."""

    generation: int
    fov: int
    frame: int
    terminal: int
    phase: int
    saves: int
    steps: int
    startup: int
    reference_frame: int
    reference_phase: int
    reference_big_phase: int
    reference_saves: int


QUICK = Plan(
    generation=40, fov=200, frame=100, terminal=100, phase=20, saves=10, steps=400,
    startup=3, reference_frame=20, reference_phase=3, reference_big_phase=1, reference_saves=5,
)  # fmt: skip
FULL = Plan(
    generation=200, fov=1000, frame=500, terminal=500, phase=100, saves=50, steps=2000,
    startup=10, reference_frame=100, reference_phase=10, reference_big_phase=3,
    reference_saves=20,
)  # fmt: skip


def measure(
    name: str,
    fn: Callable[[T], object],
    runs: int,
    target_ms: float | None = None,
    *,
    setup: Callable[[int], T] | None = None,
    warm_up: bool = True,
) -> Figure:
    """Time ``fn(setup(i))`` for i in range(runs) after a warm-up; only ``fn`` is timed.
    Without ``setup``, ``fn`` gets the run number, so runs can vary their inputs."""
    prepare: Callable[[int], T] = setup or (lambda i: i)  # type: ignore[assignment,return-value]
    if warm_up:
        fn(prepare(-1))
    samples = []
    for i in range(runs):
        arg = prepare(i)
        start = time.perf_counter_ns()
        fn(arg)
        samples.append((time.perf_counter_ns() - start) / 1e6)
    return figure(name, samples, target_ms)


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


FEATURES = (("water", 1), ("lava", 1), ("chasm", 1))


def features(runs: int) -> Iterator[Figure]:
    """A rooms floor with the dressing the shipped plan adds: pools of water, lava and
    chasm (each lava and chasm pool checked to leave a way round), monsters, items,
    traps and a locked vault with its key."""
    population = loader.load().population
    for width, height in ((80, 45), (200, 200)):
        params = mapgen.get("rooms").params(width=width, height=height, loops=3, doors=60)
        plan = [mapgen.LevelPlan(1, "rooms", params, FEATURES, vault=100)]
        build = mapgen.plan_builder(plan, population)
        yield measure(
            f"generate rooms {width}x{height} + hazards, traps, vault",
            lambda i, build=build: build(3, rng.floor_stream(i & 0xFFFF, 3)),  # type: ignore[misc]
            runs,
        )


GAS_STEP_TARGET_MS = 0.5


class GassedPlayer:
    """Waits turn after turn on a shipped floor whose every room is full of spreading
    gas (topped up, and the player healed, between the timed steps)."""

    def __init__(self) -> None:
        self.world = GameSetup(loader.load(), Settings(), data=None).new_game(1).world
        self.cloud = self.world.floor.walkable & self.world.floor.transparent

    def prepare(self, _: int) -> World:
        world = self.world
        floor = world.floor
        floor.gas[self.cloud] = np.maximum(floor.gas[self.cloud], 0.5)
        floor.gas_active = True
        world.player.hp = world.player.max_hp
        return world

    @staticmethod
    def step(world: World) -> None:
        world.step(Wait())


def gas_steps(steps: int) -> Iterator[Figure]:
    gassed = GassedPlayer()
    yield measure(
        "full game step, gas over the floor",
        GassedPlayer.step,
        steps,
        GAS_STEP_TARGET_MS,
        setup=gassed.prepare,
    )
    yield measure(
        "gas spread alone, 80x45",
        lambda world: gas.spread(world.floor),
        steps,
        setup=gassed.prepare,
    )


def fov(runs: int) -> Iterator[Figure]:
    for width, height in ((80, 45), (200, 200)):
        world = World(1, mapgen.floor_builder("rooms", width=width, height=height))
        floor = world.floor
        spots, sight = np.argwhere(floor.walkable), Sight()
        yield measure(
            f"FOV update {width}x{height} (radius {world.fov.radius})",
            lambda i, floor=floor, spots=spots, world=world, sight=sight: update_fov(  # type: ignore[misc]
                floor, tuple(spots[i % len(spots)]), world.fov, sight
            ),
            runs,
        )


LIT_FRAME_TARGET_MS = 0.6
"""The whole play frame at 100x52 with the dungeon's light on (issue #26)."""


def frame(report: Report, plan: Plan) -> None:
    """The play screen's whole frame: map, sidebar, log and hints, on a floor explored
    end to end. Typical: a moment of play with monsters and an item in view (the target);
    worst: the whole floor in view, every monster and item drawn and listed. At 100x52
    also with the light off, and with a film playing (an explosion blooming)."""
    content = loader.load()
    for size in (layout.FULL_SIZE, layout.MIN_SIZE):
        console = render.new_console(*size)
        for mode in ("in play", "all in view", "light off", "in motion"):
            if size != layout.FULL_SIZE and mode in ("light off", "in motion"):
                continue
            world = new_world(1, Settings(), content)
            settings = Settings(render_mode="ascii", lighting=mode != "light off")
            screen = PlayScreen(world, content, settings)
            screenshots.interesting_moment(screen)
            world.floor.explored[...] = True
            world.floor.visible[...] |= mode == "all in view"
            if mode == "in motion":
                screen.film = screenshots.explosion(screen)
            screen.draw(console)
            shown = len(screen.sidebar.entries)
            target = None
            if mode == "in play":
                target = LIT_FRAME_TARGET_MS if size == layout.FULL_SIZE else 0.5
            elif mode == "light off":
                target = 0.5
            lit = "lit" if settings.lighting else "unlit"
            ours = measure(
                f"render frame {size[0]}x{size[1]} {lit}, sidebar listing {shown} ({mode})",
                lambda i, screen=screen, console=console: screen.draw(console),  # type: ignore[misc]
                plan.frame,
                target,
            )
            report.figures.append(ours)
            if size != layout.FULL_SIZE or mode != "in play":
                continue
            light = screen.lighting
            assert light is not None and light.still is not None
            report.figures.append(
                measure(
                    "  the light of a new turn, worked out afresh (frames reuse it)",
                    lambda i, world=world, still=light.still: lighting.Lighting.moving_light(  # type: ignore[misc]
                        world, content.lights, still
                    ),
                    plan.frame,
                )
            )
            ref = measure(
                "reference: per-tile Python loop",
                lambda i, world=world, console=console: reference.render_map(  # type: ignore[misc]
                    console, world, content, "ascii"
                ),
                plan.reference_frame,
            )
            report.compare(ours, "per-tile Python loop (map and creatures, no sidebar)", ref)


TERMINAL_TARGETS_MS = {"full": 5.0, "typical": 0.5}


def terminal(runs: int) -> Iterator[Figure]:
    """The terminal presenter's frame encoding (``ui/ansi.py`` supplies the cases)."""
    for name, case in ansi.bench_cases():
        target = next((ms for word, ms in TERMINAL_TARGETS_MS.items() if word in name), None)
        yield measure(name, lambda i, case=case: case(), runs, target)  # type: ignore[misc]


def web_frames(runs: int) -> Iterator[Figure]:
    """The web presenter's frame encoding, on the play screen at the web's console size
    (``web/protocol.py`` supplies the cases)."""
    from emberdeep.web import protocol

    content = loader.load()
    world = new_world(1, Settings(), content)
    screen = PlayScreen(world, content, Settings(render_mode="ascii"))
    screenshots.interesting_moment(screen)
    console = render.new_console(render.SCREEN_WIDTH, render.SCREEN_HEIGHT)
    screen.draw(console)
    for name, case in protocol.bench_cases(console):
        yield measure(name, lambda i, case=case: case(), runs)  # type: ignore[misc]


BENCH_ORC = ActorKind("orc", "Orc", hp=10, defense=0, power=3)
PHASE_TARGETS_MS = {(80, 200): 2.0, (80, 1000): 10.0}


def crowded_world(width: int, height: int, count: int, seed: int) -> World:
    """A full-rooms BSP floor (room for a crowd) with ``count`` monsters all hunting the
    player and all due now, so one ``advance`` is exactly one monster phase (the floor's
    search graph already made: play makes it at the floor's first hunt, not each phase)."""
    world = World(seed, crowd_builder(width, height))
    world.kinds[BENCH_ORC.key] = BENCH_ORC
    floor, player = world.floor, world.player
    free = np.argwhere(floor.walkable & (floor.occupant == 0))
    picks = rng.stream(seed, "bench").choice(len(free), size=min(count, len(free)), replace=False)
    for n, (x, y) in enumerate(free[picks], start=2):
        monster = Actor.spawn(n, BENCH_ORC, int(x), int(y))
        monster.mode, monster.hunting = Mode.HUNTING, HUNT_MEMORY
        floor.add_actor(monster)
    world.schedule.reset([a for a in floor.actors.values() if a is not player])
    player.next_time = world.time + 100
    keep_search_parts(world)
    return world


def keep_search_parts(world: World) -> None:
    """Make what play makes at a floor's first hunt and keeps for every later turn: the
    player's distance map and a crowd map's search (then forgotten, so the phase still
    searches afresh)."""
    floor, player = world.floor, world.player
    world.hunt.player_field(floor, player.position)
    free = floor.walkable & (floor.occupant == 0)
    world.hunt.crowd_map(floor, player.position, free, player.position, PATH_LIMIT)
    world.hunt.forget()


def crowd_builder(width: int, height: int) -> FloorBuilder:
    return mapgen.floor_builder("bsp", width=width, height=height, full_rooms=True)


def monster_phase(report: Report, plan: Plan) -> None:
    cases = [(80, 45, n) for n in (10, 50, 200, 1000)] + [(200, 200, 1000)]
    for width, height, count in cases:

        def setup(i: int, w: int = width, h: int = height, c: int = count) -> World:
            return crowded_world(w, h, c, i & 0xFF)

        ours = measure(
            f"monster phase {width}x{height}, {count} chasing",
            lambda world: world.advance(world.player.next_time, stop_for_player=True),
            plan.phase,
            PHASE_TARGETS_MS.get((width, count)),
            setup=setup,
        )
        report.figures.append(ours)
        big = width * height > 80 * 45
        # No warm-up: a reference run is pure Python loops and takes up to seconds.
        ref = measure(
            f"reference: {ours.name}",
            reference.monster_phase,
            plan.reference_big_phase if big else plan.reference_phase,
            setup=setup,
            warm_up=False,
        )
        report.compare(ours, "per-monster A* on a rebuilt cost map", ref)


def played_world(turns: int) -> World:
    """Seed 1 with the shipped content after up to ``turns`` random moves (a journal and
    explored map as a real save would have)."""
    player = RandomPlayer(seed=1)
    for turn in range(turns):
        if not player.world.player.alive:
            break
        player.step(turn)
    return player.world


def save_figures(report: Report, plan: Plan) -> None:
    """Save (encode, then the game's atomic write with a backup) and load (read +
    decode), ours and pickle+lzma stored the same way; plus the bytes on disk."""
    content = loader.load()
    kinds = {kind.key: kind for kind in content.population.items.kinds}
    info = saves.current_info("auto")
    shipped = GameSetup(content, Settings(), data=None).builder_for("auto")
    cases = [
        ("default game, 500 moves", played_world(500), shipped),
        ("200x200 floor, 1000 monsters", crowded_world(200, 200, 1000, 1), crowd_builder(200, 200)),
    ]  # fmt: skip
    with tempfile.TemporaryDirectory(prefix="emberdeep-bench-") as folder:
        ours_path, ref_path = Path(folder) / "ours.emberdeep", Path(folder) / "reference.pickle"
        for name, world, build in cases:
            save = measure(
                f"save {name}",
                lambda i, world=world: saves.write_save(world, info, ours_path),  # type: ignore[misc]
                plan.saves,
            )
            ref_save = measure(
                f"reference: save {name}",
                lambda i, world=world: saves.store(reference.encode_save(world), ref_path),  # type: ignore[misc]
                plan.reference_saves,
            )
            load, ref_load = bench_checkpoints.in_turns(
                f"load {name}",
                lambda build=build: saves.read_save(  # type: ignore[misc]
                    lambda _: build, kinds, ours_path, content.looks, content.hero.kinds
                ),
                lambda build=build: reference.decode_save(ref_path.read_bytes(), build),  # type: ignore[misc]
                plan.saves,
            )
            report.figures += [save, load]
            report.compare(save, "pickle + lzma, same atomic write", ref_save)
            report.compare(load, "pickle + lzma", ref_load)
            ours_bytes, ref_bytes = ours_path.stat().st_size, ref_path.stat().st_size
            report.sizes.append(Size(f"save file, {name}", ours_bytes, ref_bytes))


class RandomPlayer:
    """Plays whole turns with random moves, starting a new game whenever the player dies."""

    def __init__(self, seed: int = 0) -> None:
        self.games_setup = GameSetup(loader.load(), Settings(), data=None)
        self.moves = [Move(dx, dy) for dx, dy in DIRECTIONS]
        self.chooser = rng.stream(seed, "bench-steps")
        self.games = seed
        self.world = self.games_setup.new_game(self.games).world

    def step(self, _: int) -> None:
        if not self.world.player.alive:
            self.games += 1
            self.world = self.games_setup.new_game(self.games).world
        self.world.step(self.moves[int(self.chooser.integers(len(self.moves)))])


GAME_STEP_TARGET_MS = 0.1
"""Issue #18: at least 10,000 whole turns a second on one core."""
ENV_MOVE_TARGET_MS = 1 / 25
"""Issue #28: moves and waits at least 25,000 steps a second on one core..."""
ENV_RANDOM_TARGET_MS = 1 / 60
"""...random actions (many refused, costing no turn) at least 60,000..."""
ENV_RESET_TARGET_MS = 0.8
"""...and a new game in at most 0.8 ms."""
STARTUP_TARGET_MS = 250.0


def game_steps(steps: int) -> Iterator[Figure]:
    """Whole turns (player step, monsters, FOV) with the shipped content."""
    yield measure(
        "full game step, default population", RandomPlayer().step, steps, GAME_STEP_TARGET_MS
    )


ENV_FIGURES = (
    "env step, random actions",
    "env step, moves and waits only",
    "env reset",
    "env observation build",
)
"""The agent environment's figures, named here once so that a skipped run can say which."""


class NotMeasuredError(Exception):
    """Some figures cannot be measured here; the message says which, why and what to do.
    Raised instead of returning nothing, so that the report says so rather than leaving a
    newcomer to wonder where the env's figures went."""


def agent_env(steps: int, notes: list[str] | None = None) -> Iterator[Figure]:
    """Emberdeep-v0 (only where the optional ``env`` extra, gymnasium, is installed), one
    process, actions from a seeded stream: steps with uniformly random actions (many are
    refused: an empty slot, no stairs) and with moves and waits only (each one a turn of
    the game), both with the default observation and resetting when an episode ends;
    ``reset(seed=i)`` (a new game: its first floor generated and populated); and the
    observation's build alone, the env's own share of every step that is not refused.
    A step's median hides the dearer steps (a hunter's search when the player moves),
    so ``notes`` also gets each kind of step's throughput from its total CPU time, what
    the targets in steps a second are about.
    Without gymnasium, raises ``NotMeasuredError`` (saying so) before measuring anything."""
    try:
        from emberdeep.env import ACTIONS, EmberdeepEnv
    except ImportError as exc:
        missing = exc.name or ""
        why = (
            'gymnasium (the env extra) is not installed. To measure them: pip install -e ".[env]"'
            if missing.partition(".")[0] == "gymnasium"
            else f"emberdeep.env cannot be imported ({exc})."
        )
        names = "; ".join(ENV_FIGURES)
        raise NotMeasuredError(
            f"Skipped the agent env's {len(ENV_FIGURES)} figures ({names}): {why}"
        ) from exc
    env = EmberdeepEnv()
    stream = rng.stream(0, "bench-env")
    anything = stream.integers(len(ACTIONS), size=steps).tolist()
    moves = stream.integers(ACTIONS.index("wait") + 1, size=steps).tolist()

    def step(actions: list[int]) -> Callable[[int], None]:
        def one(i: int) -> None:
            if any(env.step(actions[i % steps])[2:4]):
                env.reset()

        return one

    def throughput(name: str, actions: list[int], target_ms: float) -> Figure:
        env.reset(seed=0)
        start = time.process_time()
        found = measure(name, step(actions), steps, target_ms)
        rate = (steps + 1) / max(time.process_time() - start, 1e-9)
        if notes is not None:
            target = 1000 / target_ms
            verdict = "ok" if rate >= target else "BELOW TARGET"
            notes.append(f"{name}: {rate:,.0f} a second of CPU time over all {steps} "
                         f"(target >= {target:,.0f}: {verdict})")  # fmt: skip
        return found

    random_steps, move_steps, resets, observations = ENV_FIGURES
    yield throughput(random_steps, anything, ENV_RANDOM_TARGET_MS)
    yield throughput(move_steps, moves, ENV_MOVE_TARGET_MS)
    yield measure(resets, lambda i: env.reset(seed=i + 1), max(10, steps // 4), ENV_RESET_TARGET_MS)
    env.reset(seed=0)
    walk = step(moves)

    def observe(_: None) -> None:
        env.observer.observe(env.game, env.log)

    yield measure(observations, observe, steps, setup=walk)


def agent_env_figures(report: Report, steps: int) -> None:
    """The env's figures into ``report``, or a note that says which were skipped and how
    to get them (the figures are optional; a silent gap in the table is not)."""
    try:
        report.figures += agent_env(steps, report.notes)
    except NotMeasuredError as skipped:
        report.notes.append(str(skipped))


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


def run_all(quick: bool, compare_nle: bool = False) -> Report:
    plan = QUICK if quick else FULL
    report = Report(quick)
    report.figures += generation(plan.generation)
    report.figures += features(plan.generation)
    report.figures += fov(plan.fov)
    frame(report, plan)
    report.figures += terminal(plan.terminal)
    report.figures += web_frames(plan.terminal)
    report.figures += bench_web.per_key(plan.steps // 4)
    monster_phase(report, plan)
    save_figures(report, plan)
    bench_checkpoints.checkpoint_figures(report, plan.saves, measure)
    report.figures += game_steps(plan.steps)
    report.figures += gas_steps(plan.steps)
    agent_env_figures(report, plan.steps)
    bench_agents.agent_platform(report, quick, compare_nle)
    try:
        report.figures += startup(plan.startup)
    except (StartupError, OSError, subprocess.TimeoutExpired) as exc:
        report.notes.append(f"start-up to first frame: not measured ({exc})")
    return report


def main(quick: bool = False, json_path: Path | None = None, compare_nle: bool = False) -> int:
    report = run_all(quick, compare_nle)
    print(format_report(report))
    if json_path is not None:
        json_path.write_text(json.dumps(to_json(report), indent=2) + "\n", encoding="utf-8")
    return 0
