"""``emberdeep bench --compare REF``: the start-up, stutter and crowded monster phase
figures of this checkout and of another (REF, a path to a checkout) measured in turns,
A B A B, each in a new process whose ``PYTHONPATH`` is one tree's ``src``, and printed
side by side with the ratio REF / this (above 1: this checkout is faster).

The same measuring code (``bench_probe.py``, run by its path; ``bench_startup``'s
processes) times both trees, so the figures differ only by the code measured. Each
round also takes the machine's load average, printed beside it: a busy machine slows
both trees, and the rounds show by how much.
"""

from __future__ import annotations

import os
import statistics
import zlib
from collections.abc import Callable, Mapping
from pathlib import Path

import numpy as np

from emberdeep.tools import bench_startup
from emberdeep.tools.bench_startup import probe, start_env

THIS = Path(__file__).resolve().parents[2]
"""This checkout's ``src``."""

Take = Callable[[Mapping[str, str]], list[tuple[str, float]]]


def _startup(env: Mapping[str, str]) -> list[tuple[str, float]]:
    return [
        (START_UP, bench_startup.first_frame_ms(env)),
        (TITLE, bench_startup.title_ms(env)),
        ("emberdeep --version, CPU ms", bench_startup.version_ms(env)),
    ]


def _turns(env: Mapping[str, str]) -> list[tuple[str, float]]:
    played = probe("turns", env)
    times = [float(t) for t in played["times"]]  # type: ignore[attr-defined]
    changes = [float(t) for t in played["floor_changes"]]  # type: ignore[attr-defined]
    return [
        ("turn p99, two bot games, CPU ms", float(np.percentile(times, 99))),
        ("longest turn, two bot games, CPU ms", max(times)),
        ("longest floor change, CPU ms", max(changes, default=0.0)),
        ("bot games' digest (crc32)", float(zlib.crc32(" ".join(played["games"]).encode()))),  # type: ignore[arg-type]
    ]


def _phase(env: Mapping[str, str]) -> list[tuple[str, float]]:
    medians = probe("phase", env)
    return [(f"monster phase 80x45, {hunters} hunters, CPU ms", float(ms))  # type: ignore[arg-type]
            for hunters, ms in medians.items()]  # fmt: skip


def compare(ref: Path, rounds: int = 3, *, turns: bool = True) -> str:
    """``rounds`` rounds, each this tree then REF for every figure, and the platform's
    anchor; the report as text."""
    ref_src = (ref / "src").resolve()
    if not (ref_src / "emberdeep" / "__init__.py").is_file():
        raise ValueError(f"{ref} is not a checkout of Emberdeep (no src/emberdeep)")
    takes: list[Take] = [_startup, _turns, _phase] if turns else [_startup]
    values: dict[str, dict[str, list[float]]] = {}
    loads: list[float] = []
    with start_env(THIS) as ours, start_env(ref_src) as theirs:
        for env in (ours, theirs):  # warm-up: bytecode, the parsed content
            _startup(env)
        for _ in range(rounds):
            loads.append(os.getloadavg()[0])
            for take in takes:
                for tree, env in (("this", ours), ("ref", theirs)):
                    for name, value in take(env):
                        values.setdefault(name, {"this": [], "ref": []})[tree].append(value)
            platform = bench_startup.platform_ms(ours)
            values.setdefault(PLATFORM, {"this": [], "ref": []})
            values[PLATFORM]["this"].append(platform)
            values[PLATFORM]["ref"].append(platform)
    return format_comparison(ref, values, loads)


PLATFORM = "anchor: platform's first frame, CPU ms"
START_UP = "start-up to first frame, CPU ms"
TITLE = "start-up to the title screen, CPU ms"


def floor_shares(values: Mapping[str, Mapping[str, list[float]]]) -> str:
    """How near each tree starts to the platform's floor (issue #44: at least 0.75x),
    into a new game and to the title screen: a line each that was measured."""
    if PLATFORM not in values:
        return ""
    platform = statistics.median(values[PLATFORM]["this"])
    lines = []
    for name, what in ((START_UP, "first frame"), (TITLE, "the title screen")):
        if name in values:
            this, theirs = (statistics.median(values[name][tree]) for tree in ("this", "ref"))
            lines.append(
                f"the platform's floor / start-up to {what}: this {platform / this:.2f}x, "
                f"REF {platform / theirs:.2f}x (target >= {bench_startup.FLOOR_SHARE_TARGET}x)"
            )
    return "\n".join(lines)


def format_comparison(
    ref: Path, values: Mapping[str, Mapping[str, list[float]]], loads: list[float]
) -> str:
    lines = [
        f"this checkout ({THIS.parent}) against REF ({ref}), {len(loads)} rounds in turns, "
        f"process CPU time; load average at each round's start: "
        + ", ".join(f"{load:.1f}" for load in loads),
        "",
    ]
    rows = [("figure", "this, each round", "REF, each round", "this median", "REF median",
             "REF/this")]  # fmt: skip
    for name, both in values.items():
        this, theirs = statistics.median(both["this"]), statistics.median(both["ref"])
        same = "digest" in name  # one value in every round of both trees, or games differ
        games = "same games" if len({*both["this"], *both["ref"]}) == 1 else "GAMES DIFFER"
        rows.append((
            name,
            " ".join(f"{v:.{0 if same else 1}f}" for v in both["this"]),
            " ".join(f"{v:.{0 if same else 1}f}" for v in both["ref"]),
            f"{this:.1f}",
            f"{theirs:.1f}",
            games if same else f"{theirs / this:.2f}x" if this > 0 else "",
        ))  # fmt: skip
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    for number, row in enumerate(rows):
        lines.append("  ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)).rstrip())
        if number == 0:
            lines.append("-" * (sum(widths) + 2 * (len(widths) - 1)))
    shares = floor_shares(values)
    return "\n".join([*lines, "", shares] if shares else lines)
