"""A framed, scrollable page of coloured lines over the dimmed screen beneath it.

The message history and the key help are the same thing to a player — text to scroll
and close — so they share this one behaviour: arrows (and j/k, numpad) by a line,
PgUp/PgDn by a page, Home/End to the ends, the mouse wheel, Esc or a right click to
close. Subclasses only say what the lines are and which keys also close them.
"""

from __future__ import annotations

import tcod.console

from emberdeep.ui import palette, render
from emberdeep.ui.input import Click, InputEvent, KeyPress, Wheel
from emberdeep.ui.palette import Color
from emberdeep.ui.screens import Pop, Result, Stay

MARGIN_X = 2
"""Columns of the (dimmed) parent left visible on each side, so it reads as an overlay."""
MARGIN_Y = 1
PAD_X = 1
"""Blank columns between the frame and the text."""
WHEEL_LINES = 3
PARENT_DIM = 0.5

FRAME_BG: Color = (0, 0, 0)
HINT = "┤ ↑↓ PgUp PgDn Home End  Esc close ├"

LINE_UP = frozenset({"up", "k", "kp_8"})
LINE_DOWN = frozenset({"down", "j", "kp_2"})
PAGE_UP = frozenset({"pageup", "kp_9"})
PAGE_DOWN = frozenset({"pagedown", "kp_3"})
TO_TOP = frozenset({"home", "kp_7"})
TO_BOTTOM = frozenset({"end", "kp_1"})

Line = tuple[str, Color]


def text_area(width: int, height: int) -> tuple[int, int]:
    """(columns, rows) available for text on a ``width`` x ``height`` console."""
    return max(1, width - 2 * (MARGIN_X + 1 + PAD_X)), max(1, height - 2 * (MARGIN_Y + 1))


class Pager:
    title = ""
    empty = ""
    """Shown when there are no lines."""
    close_keys: frozenset[str] = frozenset({"escape"})
    start_at_end = False
    """Open scrolled to the last line (the newest message) instead of the first."""
    fit_height = False
    """Shrink the frame to the text when it is short."""
    paged = False
    """Show whole pages, one after another (PgUp, PgDn and the wheel move to a page's
    start, the arrows by a line): no line is on two pages, and the frame says which
    page it shows (or which lines, between pages). The key help is
    paged: scrolled a page less a line, and its last page clamped to the end, its pages
    repeated up to half of what the one before showed."""

    def __init__(self) -> None:
        self.top: int | None = None
        """Index of the first line shown; None until first placed (top or end)."""
        self.console_size = (render.SCREEN_WIDTH, render.SCREEN_HEIGHT)
        """Size of the last console drawn to; wrapping and page size depend on it."""

    def lines(self, columns: int) -> list[Line]:
        raise NotImplementedError

    # -- input ---------------------------------------------------------------------------

    def handle(self, event: InputEvent) -> Result:
        match event:
            case Click(button=3):
                return Pop()
            case KeyPress(key) if key in self.close_keys:
                return Pop()
            case KeyPress(key):
                self.scroll_key(key)
            case Wheel(dy):
                self.scroll(-WHEEL_LINES * dy)
        return Stay()

    def scroll_key(self, key: str) -> None:
        rows = text_area(*self.console_size)[1]
        page = rows if self.paged else max(1, rows - 1)
        if key in LINE_UP or key in LINE_DOWN:  # a line, paged or not (hand play)
            self.move(-1 if key in LINE_UP else 1)
        elif key in PAGE_UP or key in PAGE_DOWN:
            self.scroll(-page if key in PAGE_UP else page)
        elif key in TO_TOP:
            self.top = 0
        elif key in TO_BOTTOM:
            self.top = self.max_top()

    def scroll(self, lines: int) -> None:
        """Move the view ``lines`` down (negative: up), within the text (paged: to the
        start of the next page, or of this one or the one before, the way it goes)."""
        top = self.placed_top()
        if self.paged and lines:
            rows = text_area(*self.console_size)[1]
            page = top // rows + 1 if lines > 0 else -(-top // rows) - 1
            lines = page * rows - top
        self.move(lines)

    def move(self, lines: int) -> None:
        """Move the view ``lines`` down (negative: up), within the text, off the pages'
        starts if it must: the arrows move a paged text by a line too (hand play pressed
        Down in the key help and a whole page went by)."""
        self.top = min(max(self.placed_top() + lines, 0), self.max_top())

    def max_top(self) -> int:
        columns, rows = text_area(*self.console_size)
        total = len(self.lines(columns))
        if self.paged:
            return max(0, (total - 1) // rows * rows)
        return max(0, total - rows)

    def placed_top(self) -> int:
        if self.top is None:
            self.top = self.max_top() if self.start_at_end else 0
        return self.top

    # -- drawing -------------------------------------------------------------------------

    def draw(self, console: tcod.console.Console) -> None:
        self.console_size = (console.width, console.height)
        columns, rows = text_area(console.width, console.height)
        lines = self.lines(columns)
        total = len(lines)
        height = console.height - 2 * MARGIN_Y
        if self.fit_height:
            height = min(height, max(total, 1) + 2)
        region = render.Region(MARGIN_X, MARGIN_Y, console.width - 2 * MARGIN_X, height)
        if region.width < 3 or region.height < 3:
            return
        render.draw_box(console, region, self.title, fg=palette.FRAME_FG, bg=FRAME_BG)
        text_x, text_y = region.x + 1 + PAD_X, region.y + 1
        if not lines:
            console.print(text_x, text_y, self.empty, fg=palette.INFO_FG)
            return
        top = self.top = min(self.placed_top(), self.max_top())
        end = min(total, top + rows)
        for row, (text, color) in enumerate(lines[top:end]):
            console.print(text_x, text_y + row, text, fg=color)
        bottom = region.y + region.height - 1
        indicator = f"┤ lines {top + 1}-{end} of {total} ├" if total > rows else ""
        if self.paged and total > rows and top % rows == 0:
            indicator = f"┤ page {top // rows + 1} of {(total - 1) // rows + 1} ├"
        console.print(
            region.x + region.width - 2 - len(indicator), bottom, indicator, fg=palette.INFO_FG
        )
        if len(HINT) + len(indicator) + 6 <= region.width:
            console.print(region.x + 2, bottom, HINT, fg=palette.INFO_FG)
