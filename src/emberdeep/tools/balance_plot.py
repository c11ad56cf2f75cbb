"""``emberdeep balance --plot FILE.png``: the balance figures as three charts, deaths by
depth and cause, health on arrival by depth, and wins by policy, so a change to the
game's numbers can be judged at a glance and two runs compared side by side.

Drawn with what the game already has: numpy for the raster, the game's own bitmap font
(``ui/font.py``) for the words and its PNG writer (``ui/png.py``), so the balance tool
needs no plotting library in the dependencies nor in the one-file binary. The charts
read the same records ``--json`` writes, so ``--from FILE.json`` plots an earlier run
without playing it again.
"""

from __future__ import annotations

import collections
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray

from emberdeep.ui.font import builtin_glyphs, cell_size
from emberdeep.ui.png import write_png

WIDTH, PANEL = 900, 300
"""The image's width and each chart's height, in pixels."""
MARGIN = 48
BACKGROUND = (24, 22, 28)
INK = (225, 220, 205)
FAINT = (90, 86, 96)
CAUSE_COLOURS = [
    (214, 93, 68), (232, 170, 66), (120, 180, 90), (86, 150, 210),
    (170, 110, 200), (200, 200, 120), (120, 200, 190), (150, 150, 150),
]  # fmt: skip
"""The most common causes in this order; the last colour is every other cause."""
HEALTH, WINS = (120, 190, 110), (232, 190, 80)
FONT = "8x16"


class PlotError(Exception):
    """The records could not be plotted (not balance records); the message says why."""


@dataclass(frozen=True)
class Game:
    """What the charts need of one game's record (``balance.Outcome`` as JSON)."""

    label: str
    result: str
    depth: int
    arrival: Mapping[int, float]

    @property
    def died(self) -> bool:
        return self.result not in ("victory", "stuck")


def games_from(records: Any) -> list[Game]:
    """The games in ``balance --json``'s records; raises ``PlotError`` for anything else."""
    if not isinstance(records, list) or not records:
        raise PlotError("expected the list of games that `emberdeep balance --json` writes")
    games = []
    try:
        for record in records:
            variant = str(record.get("variant", ""))
            label = f"{record['policy']}, {record['build']}" + (f", {variant}" if variant else "")
            arrival = {int(depth): float(h) for depth, h in dict(record["arrival"]).items()}
            games.append(Game(label, str(record["result"]), int(record["depth"]), arrival))
    except (AttributeError, KeyError, TypeError, ValueError) as exc:
        raise PlotError(f"a game's record is not balance's ({exc!r})") from None
    return games


class Canvas:
    """An RGBA raster with the few strokes a bar chart needs."""

    def __init__(self, width: int, height: int) -> None:
        self.pixels = np.zeros((height, width, 4), dtype=np.uint8)
        self.pixels[...] = (*BACKGROUND, 255)
        self.glyphs = builtin_glyphs(FONT)
        self.cell = cell_size(FONT)

    def box(self, x: int, y: int, width: int, height: int, colour: Sequence[int]) -> None:
        top, left = max(0, y), max(0, x)
        self.pixels[top : max(top, y + height), left : max(left, x + width), :3] = colour

    def text(self, x: int, y: int, words: str, colour: Sequence[int] = INK) -> int:
        """``words`` with the top left at (x, y); returns the x after them."""
        width, height = self.cell
        for char in words:
            glyph = self.glyphs.get(ord(char), self.glyphs.get(ord("?")))
            area = self.pixels[y : y + height, x : x + width, :3]
            if glyph is not None and area.shape[:2] == glyph.shape:
                area[glyph] = colour
            x += width
        return x

    def line(
        self, start: tuple[int, int], end: tuple[int, int], colour: Sequence[int], thick: int = 2
    ) -> None:
        """A straight stroke from ``start`` to ``end`` (x, y), ``thick`` pixels square at
        each of its points (the learning curves' lines)."""
        (x0, y0), (x1, y1) = start, end
        count = max(abs(x1 - x0), abs(y1 - y0)) + 1
        for x, y in zip(np.linspace(x0, x1, count), np.linspace(y0, y1, count), strict=True):
            self.box(round(x) - thick // 2, round(y) - thick // 2, thick, thick, colour)

    def text_width(self, words: str) -> int:
        return len(words) * self.cell[0]


def bars(
    canvas: Canvas,
    top: int,
    title: str,
    *,
    columns: Sequence[tuple[str, Sequence[float]]],
    colours: Sequence[Sequence[int]],
    most: float,
    value: str = "{:.0f}",
) -> None:
    """A bar chart in the panel at ``top``: one column per (label, stacked parts), the
    scale from 0 to ``most``, each column's total written over it."""
    canvas.text(MARGIN, top + 8, title)
    floor, height = top + PANEL - 40, PANEL - 90
    left, right = MARGIN + 40, WIDTH - MARGIN
    most = most or 1.0
    if most % 2 and value == "{:.0f}":
        most += 1  # whole numbers: the middle line must read as one too
    for share in (0.0, 0.5, 1.0):
        y = floor - int(height * share)
        canvas.box(left, y, right - left, 1, FAINT)
        canvas.text(MARGIN - 8, y - 8, value.format(most * share).rjust(5)[-5:], FAINT)
    slot = (right - left) // max(1, len(columns))
    for n, (label, parts) in enumerate(columns):
        x, bottom = left + n * slot + slot // 6, floor
        for part, colour in zip(parts, colours, strict=False):
            tall = round(height * part / most)
            canvas.box(x, bottom - tall, slot * 2 // 3, tall, colour)
            bottom -= tall
        total = value.format(sum(parts)) if sum(parts) else ""  # an empty column says nothing
        canvas.text(x + (slot * 2 // 3 - canvas.text_width(total)) // 2, bottom - 18, total)
        short = label[: max(1, slot // canvas.cell[0])]
        canvas.text(x + (slot * 2 // 3 - canvas.text_width(short)) // 2, floor + 6, short)


def deaths_chart(canvas: Canvas, top: int, games: list[Game]) -> None:
    dead = [g for g in games if g.died]
    causes = [c for c, _ in collections.Counter(g.result for g in dead).most_common()]
    shown = causes[: len(CAUSE_COLOURS) - 1]
    depths = range(1, max((g.depth for g in dead), default=1) + 1)
    columns = []
    for depth in depths:
        here = collections.Counter(
            g.result if g.result in shown else "other" for g in dead if g.depth == depth
        )
        columns.append((str(depth), [float(here[c]) for c in [*shown, "other"]]))
    most = max((sum(parts) for _, parts in columns), default=0.0)
    title = f"Deaths by depth and cause ({len(dead)} of {len(games)} games)"
    bars(canvas, top, title, columns=columns, colours=CAUSE_COLOURS, most=most)
    x, y = MARGIN, top + PANEL - 18
    for cause, colour in zip([*shown, "other"], CAUSE_COLOURS, strict=False):
        word = cause.removeprefix("killed by ").removeprefix("a ").removeprefix("an ")
        if x + 14 + canvas.text_width(word) > WIDTH:
            break  # no word cut: the rarest causes go unnamed (their colours are kept)
        canvas.box(x, y + 4, 10, 10, colour)
        x = canvas.text(x + 14, y, word, colour) + 16


def arrival_chart(canvas: Canvas, top: int, games: list[Game]) -> None:
    found: dict[int, list[float]] = collections.defaultdict(list)
    for game in games:
        for depth, health in game.arrival.items():
            found[depth].append(health)
    columns = [(str(d), [100 * sum(h) / len(h)]) for d, h in sorted(found.items())]
    title = "Mean health on arrival by depth (% of full)"
    bars(canvas, top, title, columns=columns, colours=[HEALTH], most=100)


def wins_chart(canvas: Canvas, top: int, games: list[Game]) -> None:
    by_label: dict[str, list[Game]] = collections.defaultdict(list)
    for game in games:
        by_label[game.label].append(game)
    columns = [
        (label, [100 * sum(g.result == "victory" for g in played) / len(played)])
        for label, played in by_label.items()
    ]
    bars(canvas, top, "Wins by policy (% of games)", columns=columns, colours=[WINS], most=100)


def draw(games: list[Game]) -> NDArray[np.uint8]:
    """The three charts, one under another, as an RGBA array."""
    canvas = Canvas(WIDTH, 3 * PANEL)
    deaths_chart(canvas, 0, games)
    arrival_chart(canvas, PANEL, games)
    wins_chart(canvas, 2 * PANEL, games)
    return canvas.pixels


def plot(records: Any, path: Path) -> None:
    """Write the charts of ``records`` (``balance --json``'s) to the PNG at ``path``.
    Raises ``PlotError`` or ``OSError``."""
    write_png(path, draw(games_from(records)))
