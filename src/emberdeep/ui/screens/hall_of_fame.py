"""The hall of fame: the best finished games, from the main menu (and after a game).

The scores are read once, when the screen opens, so a damaged or locked database costs
one message on this screen rather than a crash or a slow redraw. It draws over its
parent, dimmed, like the other overlays, and any of Esc, Enter, q or a click closes it.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import tcod.console

from emberdeep.session import records
from emberdeep.ui import palette, render
from emberdeep.ui.fitting import fit
from emberdeep.ui.input import Click, InputEvent, KeyPress
from emberdeep.ui.palette import Color
from emberdeep.ui.screens import Pop, Result, Stay

TITLE = "Hall of fame"
SHOWN = 20
EMPTY = "No games yet. Go and make history."
HINT = " Esc close "
CLOSE = frozenset({"escape", "enter", "q"})
HEADER = ("#", "Score", "Name", "Depth", "Lvl", "Turns", "Fate", "Date")
NUMERIC = frozenset({0, 1, 3, 4, 5})
FATE = HEADER.index("Fate")
MAX_NAME = 12
GAP = "  "
PAD = 2
"""Blank columns between the frame and the table."""

HIGHLIGHT_FG: Color = (255, 255, 120)
ERROR_FG: Color = (255, 150, 120)


def table_rows(entries: list[records.ScoreEntry], width: int) -> list[str]:
    """The header and one line per entry, every line at most ``width`` columns: the
    fate column takes what the others leave."""
    rows = [
        (
            str(rank), str(e.score), fit(e.name, MAX_NAME), str(e.depth), str(e.level),
            str(e.turns), e.cause, e.date[:10],
        )
        for rank, e in enumerate(entries, start=1)
    ]  # fmt: skip
    widths = [max(len(row[i]) for row in (HEADER, *rows)) for i in range(len(HEADER))]
    others = sum(widths) - widths[FATE] + len(GAP) * (len(HEADER) - 1)
    widths[FATE] = max(len(HEADER[FATE]), min(widths[FATE], width - others))
    lines = []
    for row in (HEADER, *rows):
        cells = [
            fit(cell, w).rjust(w) if i in NUMERIC else fit(cell, w).ljust(w)
            for i, (cell, w) in enumerate(zip(row, widths, strict=True))
        ]
        lines.append(fit(GAP.join(cells).rstrip(), width))
    return lines


class HallOfFameScreen:
    def __init__(self, *, path: Path | None = None, highlight: int | None = None) -> None:
        """``path``: the scores database (default: the player's, ``records.scores_file``);
        ``highlight``: a rank to show lit (the game just recorded)."""
        self.highlight = highlight
        self.error = ""
        self.entries: list[records.ScoreEntry] = []
        try:
            self.entries = records.top(SHOWN, path)
        except records.ScoresError as exc:
            self.error = str(exc).capitalize() + "."

    def handle(self, event: InputEvent) -> Result:
        match event:
            case KeyPress(key) if key in CLOSE:
                return Pop()
            case Click():
                return Pop()
        return Stay()

    def lines(self, width: int) -> list[tuple[str, Color]]:
        if self.error:
            return [(line, ERROR_FG) for line in textwrap.wrap(self.error, width)]
        if not self.entries:
            return [(fit(EMPTY, width), palette.INFO_FG)]
        header, *rows = table_rows(self.entries, width)
        return [(header, palette.HEADING_FG)] + [
            (row, HIGHLIGHT_FG if rank == self.highlight else palette.TEXT_FG)
            for rank, row in enumerate(rows, start=1)
        ]

    def draw(self, console: tcod.console.Console) -> None:
        width = console.width - 2 * (PAD + 1)
        lines = self.lines(width)
        box_width = min(console.width, max(len(text) for text, _ in lines) + 2 * (PAD + 1))
        box_width = max(box_width, len(TITLE) + 8)
        height = min(console.height, len(lines) + 4)
        region = render.Region(
            (console.width - box_width) // 2, max(0, (console.height - height) // 2),
            min(box_width, console.width), height,
        )  # fmt: skip
        if region.width < 3 or region.height < 3:
            return
        render.draw_box(console, region, TITLE, fg=palette.FRAME_FG, bg=palette.BOX_BG)
        for row, (text, color) in enumerate(lines[: max(0, region.height - 4)]):
            console.print(region.x + PAD + 1, region.y + 2 + row, text, fg=color)
        bottom = region.y + region.height - 1
        if len(HINT) + 4 <= region.width:
            console.print(region.x + region.width - 2 - len(HINT), bottom, HINT, fg=palette.INFO_FG)
