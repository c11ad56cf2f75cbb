"""``emberdeep bench``: every speed figure the project promises, measured on this machine
by one command, and compared with the classic tutorial approach on the same inputs.

Each figure is a median over many runs, with the 10th-90th percentile spread, next to
its target. Timing lives in the ``bench_*`` modules and only there: unit tests never
assert on speed. The comparisons run ``bench_reference.py`` (per-monster A*, per-tile
Python drawing, pickle+lzma saves) on exactly the floors, frames and worlds our figures
use, so a ratio says what the design buys rather than what a different workload costs.

This module runs them all, in one order, into one report: each group of figures lives
in a module of its own (``bench_engine``, ``bench_frames``, ``bench_web``, ``bench_saves``,
``bench_checkpoints``, ``bench_env``, ``bench_agents``, ``bench_turns``, ``bench_startup``),
all timed alike by ``bench_timing.measure``, in process CPU time. ``--compare REF``
(``bench_compare``) runs the start-up and stutter figures of another checkout in turns
with this one's instead.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

from emberdeep.tools import bench_agents, bench_checkpoints, bench_startup, bench_turns, bench_web
from emberdeep.tools.bench_compare import compare
from emberdeep.tools.bench_engine import (
    features,
    fov,
    game_steps,
    gas_steps,
    generation,
    monster_phase,
    sleepers_phase,
)
from emberdeep.tools.bench_env import agent_env_figures
from emberdeep.tools.bench_frames import frame, terminal, web_frames
from emberdeep.tools.bench_report import Report, format_report, to_json
from emberdeep.tools.bench_saves import save_figures
from emberdeep.tools.bench_startup import StartupError, startup
from emberdeep.tools.bench_timing import FULL, QUICK, measure


def run_all(quick: bool, compare_nle: bool = False) -> Report:
    """Every group of figures in turn, each announced on standard error with the time
    so far: the whole run takes minutes on a busy machine, and silence looks like a hang."""
    plan = QUICK if quick else FULL
    report = Report(quick)
    figures = report.figures.extend
    groups: list[tuple[str, Callable[[], object]]] = [
        ("floor generation", lambda: generation(report, plan)),
        ("floor features", lambda: figures(features(plan.generation))),
        ("field of view", lambda: figures(fov(plan.fov))),
        ("frames", lambda: frame(report, plan)),
        ("the terminal", lambda: figures(terminal(plan.terminal))),
        ("web frames", lambda: figures(web_frames(plan.terminal))),
        ("web keys", lambda: figures(bench_web.per_key(plan.steps // 4))),
        ("monster turns", lambda: monster_phase(report, plan)),
        ("sleepers", lambda: sleepers_phase(report, plan)),
        ("saves", lambda: save_figures(report, plan)),
        ("checkpoints", lambda: bench_checkpoints.checkpoint_figures(report, plan.saves, measure)),
        ("game steps", lambda: figures(game_steps(plan.steps))),
        ("gas steps", lambda: figures(gas_steps(plan.steps))),
        ("agent environments", lambda: agent_env_figures(report, plan.steps)),
        ("agent platform", lambda: bench_agents.agent_platform(report, quick, compare_nle)),
        ("turn times over two bot games", lambda: bench_turns.stutter(report)),
        ("start-up", lambda: startup_figures(report, plan.startup)),
    ]
    started = time.perf_counter()
    for number, (name, group) in enumerate(groups, 1):
        elapsed = time.perf_counter() - started
        print(f"bench: {number}/{len(groups)} {name} ({elapsed:.0f} s so far)", file=sys.stderr)
        group()
    return report


def startup_figures(report: Report, runs: int) -> None:
    try:
        figures = startup(runs)
        report.figures += figures
        report.notes.append(bench_startup.floor_share(figures))
    except (StartupError, OSError, subprocess.TimeoutExpired) as exc:
        report.notes.append(f"start-up to first frame: not measured ({exc})")


def main(
    quick: bool = False,
    json_path: Path | None = None,
    compare_nle: bool = False,
    compare_ref: Path | None = None,
) -> int:
    if compare_ref is not None:
        try:
            print(compare(compare_ref, rounds=3))
        except (ValueError, StartupError, OSError, subprocess.TimeoutExpired) as exc:
            print(f"emberdeep bench: --compare: {exc}", file=sys.stderr)
            return 1
        return 0
    report = run_all(quick, compare_nle)
    print(format_report(report))
    if json_path is not None:
        try:
            json_path.write_text(json.dumps(to_json(report), indent=2) + "\n", encoding="utf-8")
        except OSError as exc:
            print(
                f"emberdeep bench: cannot write {json_path}: {exc.strerror or exc}", file=sys.stderr
            )
            return 1
    return 0
