"""``emberdeep soak``: the bot plays many games in parallel processes, the world's
invariants are checked after every turn, and anything that goes wrong is reported with
the seed and a replay file that reproduces it."""

from __future__ import annotations

import argparse
import collections
import multiprocessing
import os
import sys
import time
import traceback
from dataclasses import dataclass, field
from pathlib import Path

from emberdeep.agents.bot import Bot, random_seed, take_turn
from emberdeep.config import Settings
from emberdeep.content import loader
from emberdeep.engine.play.invariants import violations
from emberdeep.session.driver import Driver
from emberdeep.session.game import GameSetup
from emberdeep.session.narration import narrator_for
from emberdeep.storage import replays


@dataclass
class GameReport:
    seed: int
    turns: int = 0
    depth: int = 1
    level: int = 1
    outcome: str = "alive"
    """"alive" (ran out of turns), a cause of death, or "crashed"."""
    problems: list[str] = field(default_factory=list)
    replay: str = ""


def play_one(seed: int, turns: int, out: Path) -> GameReport:
    """One bot game; never raises: a crash becomes part of the report."""
    report = GameReport(seed)
    world = GameSetup(loader.load(), Settings(), data=None).new_game(seed).world
    bot = Bot(seed)
    driver = Driver(world)
    try:
        while report.turns < turns and not world.over:
            take_turn(driver, bot)
            report.turns += 1
            broken = violations(world)
            if broken:
                report.problems += [f"turn {world.turn}: {p}" for p in broken]
                break
    except Exception:  # the point is to catch and report anything
        report.outcome = "crashed"
        report.problems.append(traceback.format_exc(limit=8))
    if report.outcome != "crashed" and world.over:
        report.outcome = (
            "victory" if world.won else narrator_for(loader.load()).cause_of_death(world.death)
        )
    report.depth, report.level = world.depth, world.player.level
    if report.problems:
        path = out / replays.replay_name(seed, "soak")
        try:
            replays.write(replays.record(world, "auto"), path)
            report.replay = str(path)
        except (replays.ReplayError, MemoryError) as exc:
            report.replay = f"(could not write: {exc!r})"
    return report


MEMORY_CAP = 2 * 1024**3
"""Address space allowed to each soak process: a game that runs away with memory then
fails with MemoryError, reported with its seed, instead of taking the machine down (a
leak in tcod's dijkstra2d was found this way)."""


def cap_memory() -> None:
    try:
        import resource
    except ImportError:  # not on Windows
        return
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_CAP, MEMORY_CAP))


def _run(job: tuple[int, int, str]) -> GameReport:
    return play_one(job[0], job[1], Path(job[2]))


def soak(games: int, turns: int, seed: int, jobs: int, out: Path) -> list[GameReport]:
    work = [(random_seed(seed, n), turns, str(out)) for n in range(games)]
    if jobs <= 1:
        return [told(_run(job), n, games) for n, job in enumerate(work, 1)]
    with multiprocessing.get_context("spawn").Pool(jobs, initializer=cap_memory) as pool:
        played = pool.imap(_run, work, chunksize=max(1, games // (jobs * 8)))
        return [told(report, n, games) for n, report in enumerate(played, 1)]


def told(report: GameReport, n: int, total: int) -> GameReport:
    """``report``, after a line on standard error: a long soak shows it is alive."""
    trouble = f", {len(report.problems)} problems" if report.problems else ""
    print(
        f"soak: game {n}/{total}, seed {report.seed}: {report.outcome} on depth "
        f"{report.depth} after {report.turns} turns{trouble}",
        file=sys.stderr,
    )
    return report


def summary(reports: list[GameReport], seconds: float) -> str:
    turns = sum(r.turns for r in reports)
    depths = collections.Counter(r.depth for r in reports)
    outcomes = collections.Counter(r.outcome for r in reports)
    bad = [r for r in reports if r.problems]
    crashed = sum(r.outcome == "crashed" for r in reports)
    lines = [
        f"{len(reports)} games, {turns} turns in {seconds:.1f} s "
        f"({turns / max(seconds, 1e-9):,.0f} turns/s)",
        "deepest floor reached: " + ", ".join(f"depth {d}: {n}" for d, n in sorted(depths.items())),
        "outcomes: " + ", ".join(f"{cause}: {n}" for cause, n in outcomes.most_common()),
        f"exceptions: {crashed}, invariant violations: {len(bad) - crashed}",
    ]
    for report in bad:
        lines.append(f"- seed {report.seed}: {report.problems[0].strip()}")
        lines.append(f"  replay: {report.replay}")
    return "\n".join(lines)


def main(args: argparse.Namespace) -> int:
    started = time.perf_counter()
    out = args.out or Path("soak-failures")
    jobs = args.jobs or max(1, os.cpu_count() or 1)
    reports = soak(args.games, args.turns, args.seed, jobs, out)
    print(summary(reports, time.perf_counter() - started))
    return 1 if any(r.problems for r in reports) else 0
