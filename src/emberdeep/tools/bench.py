"""``emberdeep bench``: every speed figure the project promises, measured on this machine
by one command, and compared with the classic tutorial approach on the same inputs.

Each figure is a median over many runs, with the 10th-90th percentile spread, next to
its target. Timing lives in the ``bench_*`` modules and only there: unit tests never
assert on speed. The comparisons run ``bench_reference.py`` (per-monster A*, per-tile
Python drawing, pickle+lzma saves) on exactly the floors, frames and worlds our figures
use, so a ratio says what the design buys rather than what a different workload costs.

This module runs them all, in one order, into one report: each group of figures lives
in a module of its own (``bench_engine``, ``bench_frames``, ``bench_web``, ``bench_saves``,
``bench_checkpoints``, ``bench_env``, ``bench_agents``, ``bench_startup``), all timed
alike by ``bench_timing.measure``.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from emberdeep.tools import bench_agents, bench_checkpoints, bench_web
from emberdeep.tools.bench_engine import (
    features,
    fov,
    game_steps,
    gas_steps,
    generation,
    monster_phase,
)
from emberdeep.tools.bench_env import agent_env_figures
from emberdeep.tools.bench_frames import frame, terminal, web_frames
from emberdeep.tools.bench_report import Report, format_report, to_json
from emberdeep.tools.bench_saves import save_figures
from emberdeep.tools.bench_startup import StartupError, startup
from emberdeep.tools.bench_timing import FULL, QUICK, measure


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
