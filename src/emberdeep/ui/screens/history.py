"""The message history: the whole log, scrollable, over the screen that opened it.

The panel under the map only has room for the last few lines, and fights scroll past
faster than they can be read; this screen lets the player look back at everything the
log still holds. It is an overlay: the parent is drawn first (dimmed) and comes back
unchanged when the history closes, so opening it never costs game time.

The scroll position is counted in display lines back from the newest, so "at the
bottom" stays at the bottom whatever the console size. Wrapping depends on the console
width, which ``handle`` does not see, so the screen remembers the size of its last draw
to clamp between draws (and clamps again when it draws).
"""

from __future__ import annotations

import numpy as np
import tcod.console

from emberdeep.ui import render
from emberdeep.ui.input import Click, CloseRequested, InputEvent, KeyPress, Wheel
from emberdeep.ui.messages import Color, MessageLog
from emberdeep.ui.screens import Screen

TITLE = "┤ Message history ├"
EMPTY = "(no messages yet)"
HINT = "┤ ↑↓ PgUp PgDn Home End  Esc close ├"
MARGIN_X = 2
"""Columns of the (dimmed) parent left visible on each side, so it reads as an overlay."""
MARGIN_Y = 1
PAD_X = 1
"""Blank columns between the frame and the text."""
WHEEL_LINES = 3
"""Lines scrolled per mouse-wheel notch."""
PARENT_DIM = 0.5

FRAME_FG: Color = (150, 130, 90)
FRAME_BG: Color = (0, 0, 0)
TITLE_FG: Color = (240, 220, 160)
INFO_FG: Color = (120, 120, 120)

LINE_UP = frozenset({"up", "k", "kp_8"})
LINE_DOWN = frozenset({"down", "j", "kp_2"})
PAGE_UP = frozenset({"pageup", "kp_9"})
PAGE_DOWN = frozenset({"pagedown", "kp_3"})
TO_OLDEST = frozenset({"home", "kp_7"})
TO_NEWEST = frozenset({"end", "kp_1"})
CLOSE = frozenset({"escape", "v", "q"})


def text_area(width: int, height: int) -> tuple[int, int]:
    """(columns, rows) available for log lines on a ``width`` x ``height`` console."""
    return max(1, width - 2 * (MARGIN_X + 1 + PAD_X)), max(1, height - 2 * (MARGIN_Y + 1))


class HistoryScreen:
    def __init__(self, log: MessageLog, parent: Screen) -> None:
        self.log = log
        self.parent = parent
        self.back = 0
        """Display lines scrolled back from the newest; 0 shows the newest at the bottom."""
        self.console_size = (render.SCREEN_WIDTH, render.SCREEN_HEIGHT)
        """Size of the last console drawn to; wrapping and page size depend on it."""
        self._wrapped: tuple[tuple[object, ...], list[tuple[str, Color]]] = ((), [])

    # -- input ---------------------------------------------------------------------------

    def handle(self, event: InputEvent) -> Screen | None:
        match event:
            case CloseRequested():
                return None
            case KeyPress(key) if key in CLOSE:
                return self.parent
            case Click(button=3):
                return self.parent
            case KeyPress(key):
                self.scroll_key(key)
            case Wheel(dy):
                self.scroll(WHEEL_LINES * dy)
        return self

    def scroll_key(self, key: str) -> None:
        columns, rows = text_area(*self.console_size)
        page = max(1, rows - 1)
        if key in LINE_UP:
            self.scroll(1)
        elif key in LINE_DOWN:
            self.scroll(-1)
        elif key in PAGE_UP:
            self.scroll(page)
        elif key in PAGE_DOWN:
            self.scroll(-page)
        elif key in TO_OLDEST:
            self.back = self.max_back(len(self.lines(columns)), rows)
        elif key in TO_NEWEST:
            self.back = 0

    def scroll(self, lines: int) -> None:
        """Move ``lines`` toward older messages (negative: toward newer), within the log."""
        columns, rows = text_area(*self.console_size)
        total = len(self.lines(columns))
        self.back = min(max(self.back + lines, 0), self.max_back(total, rows))

    def lines(self, columns: int) -> list[tuple[str, Color]]:
        """``log.wrapped(columns)``, re-wrapped only when the log or the width changed
        (a long log takes milliseconds to wrap, and every key would do it)."""
        entries = self.log.entries
        key = (columns, len(entries), *(id(e) for e in entries[:1] + entries[-1:]))
        key += (entries[-1].count,) if entries else ()
        if key != self._wrapped[0]:
            self._wrapped = (key, self.log.wrapped(columns))
        return self._wrapped[1]

    @staticmethod
    def max_back(total: int, rows: int) -> int:
        return max(0, total - rows)

    # -- drawing -------------------------------------------------------------------------

    def draw(self, console: tcod.console.Console) -> None:
        self.parent.draw(console)
        for layer in ("fg", "bg"):
            console.rgb[layer] = (console.rgb[layer] * PARENT_DIM).astype(np.uint8)
        self.console_size = (console.width, console.height)
        columns, rows = text_area(console.width, console.height)
        x, y = MARGIN_X, MARGIN_Y
        width, height = console.width - 2 * MARGIN_X, console.height - 2 * MARGIN_Y
        console.draw_frame(
            x, y, width, height, clear=True, fg=FRAME_FG, bg=FRAME_BG, decoration="┌─┐│ │└─┘"
        )
        console.print(x + max(0, (width - len(TITLE)) // 2), y, TITLE, fg=TITLE_FG)

        lines = self.lines(columns)
        total = len(lines)
        text_x, text_y = x + 1 + PAD_X, y + 1
        if not lines:
            console.print(text_x, text_y, EMPTY, fg=INFO_FG)
            return
        self.back = min(self.back, self.max_back(total, rows))
        end = total - self.back
        start = max(0, end - rows)
        for row, (text, color) in enumerate(lines[start:end]):
            console.print(text_x, text_y + row, text, fg=color)

        bottom = y + height - 1
        indicator = f"┤ lines {start + 1}-{end} of {total} ├"
        console.print(x + width - 2 - len(indicator), bottom, indicator, fg=INFO_FG)
        if len(HINT) + len(indicator) + 6 <= width:
            console.print(x + 2, bottom, HINT, fg=INFO_FG)
