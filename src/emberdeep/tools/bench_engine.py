"""``emberdeep bench``'s figures for the engine: floors generated (plain and with the
shipped plan's hazards, traps and vault), FOV, a monster phase of up to a thousand
hunters against the tutorial's per-monster A*, whole turns with the default population,
and turns with gas over a floor.

The worlds these figures play on (``crowded_world``, ``played_world``) are made here and
used by the save figures (``bench_saves.py``) and the pursuit tests too.
"""

from __future__ import annotations

import math
from collections.abc import Iterator

import numpy as np

from emberdeep import mapgen
from emberdeep.config import Settings
from emberdeep.content import loader
from emberdeep.engine.acts.actions import DIRECTIONS, Move, Wait
from emberdeep.engine.chase.pursuit import PATH_LIMIT
from emberdeep.engine.core import rng
from emberdeep.engine.core.actors import HUNT_MEMORY, Actor, ActorKind, Mode
from emberdeep.engine.core.floor import FloorBuilder
from emberdeep.engine.core.fov import Sight, update_fov
from emberdeep.engine.play.world import World
from emberdeep.engine.terrain import gas
from emberdeep.session.game import GameSetup
from emberdeep.tools import bench_reference as reference
from emberdeep.tools.bench_report import Figure, Report
from emberdeep.tools.bench_timing import Plan, measure

GENERATION_TARGETS_MS = {("rooms", 80, 45): 2.0}


def generation(report: Report, plan: Plan) -> None:
    """Each generator on a floor of two sizes; at 80x45, the tutorial's generator on the
    same size beside it (it places no monsters, nor do these)."""
    runs = plan.generation
    ref = measure(
        "reference: generate 80x45",
        lambda i: reference.generate_dungeon(80, 45, i & 0xFFFF),
        runs,
    )
    for name in sorted(mapgen.GENERATORS):
        for width, height in ((80, 45), (200, 200)):
            build = mapgen.floor_builder(name, width=width, height=height)
            ours = measure(
                f"generate {name} {width}x{height}",
                lambda i, build=build: build(1, rng.floor_stream(i & 0xFFFF, 1)),  # type: ignore[misc]
                runs,
                GENERATION_TARGETS_MS.get((name, width, height)),
            )
            report.figures.append(ours)
            if (width, height) == (80, 45):
                report.compare(ours, "tutorial v2: random rooms joined by L tunnels", ref)


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


BENCH_ORC = ActorKind("orc", "Orc", hp=10, defense=0, power=3)
PHASE_TARGETS_MS = {(80, 200): 2.0, (80, 1000): 10.0}


def crowded_world(width: int, height: int, count: int, seed: int) -> World:
    """A full-rooms BSP floor (room for a crowd) with ``count`` monsters all hunting the
    player and all due now, so one ``advance`` is exactly one monster phase (the maps'
    search parts already made: play makes them at the floor's first hunt, not each
    phase)."""
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
    player's distance maps (near, whole, and the whole one as an array a crowd reads
    at once) and a crowd map's searches, a chaser's and a crowd's (then
    forgotten, so the phase still searches afresh)."""
    floor, player, hunt = world.floor, world.player, world.hunt
    hunt.player_field(floor, player.position)
    hunt.near_field(floor, player.position)
    hunt.player_map(floor, player.position)
    free = floor.walkable & (floor.occupant == 0)
    for whole in (False, True):
        hunt.forget()
        hunt.crowd_map(floor, player.position, free, player.position, PATH_LIMIT, whole=whole)
    hunt.forget()


def crowd_builder(width: int, height: int) -> FloorBuilder:
    return mapgen.floor_builder("bsp", width=width, height=height, full_rooms=True)


GROWTH_FROM, GROWTH_TO = 100, 1000
GROWTH_TARGET = 1.0
"""A phase's time grows at most as fast as the crowd: time ~ hunters ** k, k <= 1."""


def growth(report: Report) -> str:
    """The note with k, the exponent of a phase's growth from ``GROWTH_FROM`` to
    ``GROWTH_TO`` hunters on 80x45 (each blocked hunter's detour must not cost more
    the more hunters there are)."""
    times = {f.name: f.median_ms for f in report.figures}
    low = times[f"monster phase 80x45, {GROWTH_FROM} chasing"]
    high = times[f"monster phase 80x45, {GROWTH_TO} chasing"]
    k = math.log(high / low) / math.log(GROWTH_TO / GROWTH_FROM)
    verdict = "ok" if k <= GROWTH_TARGET else "SLOW"
    return (
        f"monster phase growth from {GROWTH_FROM} to {GROWTH_TO} hunters on 80x45: "
        f"time ~ hunters ** {k:.2f} (target k <= {GROWTH_TARGET}) {verdict}"
    )


def monster_phase(report: Report, plan: Plan) -> None:
    cases = [(80, 45, n) for n in (10, 50, GROWTH_FROM, 200, GROWTH_TO)] + [(200, 200, 1000)]
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
    report.notes.append(growth(report))


def sleeping_world(count: int, seed: int) -> World:
    """A full-rooms BSP floor 80x45 with ``count`` monsters asleep out of the player's
    view, due at scattered times, after a few turns (play finds a quiet floor so: its
    sleepers rest off the schedule after their first turn)."""
    world = World(seed, crowd_builder(80, 45))
    world.kinds[BENCH_ORC.key] = BENCH_ORC
    floor, player = world.floor, world.player
    free = np.argwhere(floor.walkable & (floor.occupant == 0) & ~floor.visible)
    chooser = rng.stream(seed, "bench")
    for n, (x, y) in enumerate(free[chooser.choice(len(free), size=count, replace=False)], 2):
        monster = Actor.spawn(n, BENCH_ORC, int(x), int(y))
        monster.mode, monster.next_time = Mode.ASLEEP, int(chooser.integers(1, 100))
        floor.add_actor(monster)
    world.schedule.reset([a for a in floor.actors.values() if a is not player])
    for _ in range(3):
        sleeping_phase(world)
    return world


def sleeping_phase(world: World) -> None:
    """One monster phase: the player's turn's worth of the monsters' clock."""
    world.player.next_time += 100
    world.advance(world.player.next_time, stop_for_player=True)


def sleepers_phase(report: Report, plan: Plan) -> None:
    """The monster phase of a floor of 1000 sleepers out of view, against the tutorial's
    loop, which asks every monster each turn whether the player is in view."""
    world = sleeping_world(1000, 1)
    ours = measure(
        "monster phase 80x45, 1000 asleep out of view",
        sleeping_phase,
        plan.steps,
        setup=lambda _: world,
    )
    report.figures.append(ours)
    ref = measure(
        f"reference: {ours.name}", reference.idle_phase, plan.phase, setup=lambda _: world
    )
    report.compare(ours, "every monster asks whether it sees the player", ref)


def played_world(turns: int) -> World:
    """Seed 1 with the shipped content after up to ``turns`` random moves (a journal and
    explored map as a real save would have)."""
    player = RandomPlayer(seed=1)
    for turn in range(turns):
        if not player.world.player.alive:
            break
        player.step(turn)
    return player.world


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


def game_steps(steps: int) -> Iterator[Figure]:
    """Whole turns (player step, monsters, FOV) with the shipped content."""
    yield measure(
        "full game step, default population", RandomPlayer().step, steps, GAME_STEP_TARGET_MS
    )
