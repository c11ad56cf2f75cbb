"""The figures ``emberdeep bench`` measures, and how they are shown: a table with each
figure's target and verdict, the comparisons with the tutorial approach, the sizes, and
the same as JSON. Measuring lives in the other ``bench_*`` modules; this only holds and prints."""

from __future__ import annotations

import os
import platform
import statistics
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field

import numpy as np

from emberdeep import __version__


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


@dataclass(frozen=True)
class Comparison:
    """One of our figures next to the tutorial approach timed on the same inputs."""

    figure: str
    approach: str
    ours_ms: float
    reference: Figure

    @property
    def ratio(self) -> float:
        """How many times longer the reference takes (below 1: the reference is faster)."""
        return self.reference.median_ms / self.ours_ms if self.ours_ms > 0 else float("inf")


@dataclass(frozen=True)
class Size:
    """A figure without a time: bytes on disk, ours and the reference's for the same world."""

    name: str
    bytes: int
    reference_bytes: int

    @property
    def ratio(self) -> float:
        return self.reference_bytes / self.bytes


@dataclass
class Report:
    quick: bool
    figures: list[Figure] = field(default_factory=list)
    comparisons: list[Comparison] = field(default_factory=list)
    sizes: list[Size] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def compare(self, ours: Figure, approach: str, ref: Figure) -> None:
        self.comparisons.append(Comparison(ours.name, approach, ours.median_ms, ref))


def figure(name: str, samples: Sequence[float], target_ms: float | None) -> Figure:
    p10, p90 = np.percentile(samples, [10, 90])
    return Figure(name, statistics.median(samples), float(p10), float(p90), len(samples),
                  target_ms)  # fmt: skip


def _table(rows: Sequence[tuple[str, ...]]) -> list[str]:
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = [
        "  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)).rstrip()
        for row in rows
    ]
    lines.insert(1, "-" * max(len(line) for line in lines))
    return lines


def _ms(value: float) -> str:
    return f"{value:.3f}" if value < 100 else f"{value:,.0f}"


def format_table(figures: list[Figure]) -> str:
    rows = [("figure", "median ms", "p10-p90 ms", "per second", "runs", "target", "")]
    for f in figures:
        target = f"<= {f.target_ms:g}" if f.target_ms is not None else ""
        rows.append(
            (
                f.name,
                _ms(f.median_ms),
                f"{_ms(f.p10_ms)}-{_ms(f.p90_ms)}",
                f"{1000 / f.median_ms:,.0f}" if f.median_ms > 0 else "",
                str(f.runs),
                target,
                f.verdict,
            )
        )
    return "\n".join(_table(rows))


def format_comparisons(comparisons: list[Comparison]) -> str:
    rows = [
        (
            "compared with (same inputs)",
            "ours ms",
            "reference ms",
            "ref p10-p90 ms",
            "runs",
            "ref/ours",
        )
    ]
    for c in comparisons:
        ref = c.reference
        rows.append(
            (
                f"{c.figure}: {c.approach}",
                _ms(c.ours_ms),
                _ms(ref.median_ms),
                f"{_ms(ref.p10_ms)}-{_ms(ref.p90_ms)}",
                str(ref.runs),
                f"{c.ratio:.1f}x" if c.ratio < 10 else f"{c.ratio:,.0f}x",
            )
        )
    return "\n".join(_table(rows))


def format_sizes(sizes: list[Size]) -> str:
    rows = [("size", "ours bytes", "pickle+lzma bytes", "ref/ours")]
    for s in sizes:
        rows.append((s.name, f"{s.bytes:,}", f"{s.reference_bytes:,}", f"{s.ratio:.2f}x"))
    return "\n".join(_table(rows))


def format_report(report: Report) -> str:
    mode = " --quick" if report.quick else ""
    parts = [
        f"emberdeep {__version__} bench{mode}, Python {platform.python_version()}, "
        f"{platform.machine()}, {os.cpu_count()} cores",
        "",
        format_table(report.figures),
        "",
        "The classic tutorial approach (src/emberdeep/tools/bench_reference.py) on the same"
        " inputs;",
        "ref/ours = reference median / ours: above 1, ours is faster (or smaller).",
        "",
        format_comparisons(report.comparisons),
        "",
        format_sizes(report.sizes),
    ]
    if report.notes:
        parts += ["", *report.notes]
    return "\n".join(parts)


def to_json(report: Report) -> dict[str, object]:
    return {
        "version": __version__,
        "python": platform.python_version(),
        "machine": platform.machine(),
        "quick": report.quick,
        "figures": [asdict(f) | {"verdict": f.verdict} for f in report.figures],
        "comparisons": [
            {
                "figure": c.figure,
                "approach": c.approach,
                "ours_median_ms": c.ours_ms,
                "reference": asdict(c.reference),
                "ratio": c.ratio,
            }
            for c in report.comparisons
        ],
        "sizes": [asdict(s) | {"ratio": s.ratio} for s in report.sizes],
        "notes": report.notes,
    }
