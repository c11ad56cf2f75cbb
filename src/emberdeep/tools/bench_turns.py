"""``emberdeep bench``'s stutter figures: every turn of two bot games to depth 10 timed
in CPU time (``bench_probe.turn_times``, as the interactive game plays them), with the
p99 and the longest turn against a frame's budget, and the longest floor change.

One long turn is what a player feels (a full garbage collection, a floor built), so the
figures are the tail, not the median alone.
"""

from __future__ import annotations

import numpy as np

from emberdeep.tools import bench_probe
from emberdeep.tools.bench_report import Figure, Report, figure

P99_TARGET_MS = 4.0
MAX_TARGET_MS = 16.0
"""A frame at 60 Hz is 16.7 ms: no turn may take one."""


def turn_figures(times: list[float], floor_changes: list[float]) -> list[Figure]:
    """The figures of one run of ``turn_times``: the turns' median (and spread), then
    their p99, the longest turn and the longest floor change, each as one value."""
    label = f"two bot games to depth {bench_probe.BOT_DEPTH}"
    return [
        figure(f"turn, {label}", times, None),
        figure("  p99 turn", [float(np.percentile(times, 99))], P99_TARGET_MS),
        figure("  longest turn", [max(times)], MAX_TARGET_MS),
        figure("  longest floor change", [max(floor_changes, default=0.0)], MAX_TARGET_MS),
    ]


def stutter(report: Report) -> None:
    played = bench_probe.turn_times()
    report.figures += turn_figures(played["times"], played["floor_changes"])
    report.notes.append(f"bot games (seed:depth:turn:state digest): {' '.join(played['games'])}")
