"""Mouse look's tooltip: a framed box of lines beside the pointer, placed where it hides
neither the pointer nor the player.

Glyphs alone do not say which "o" is nearly dead or what the "%" used to be. Hovering
answers that without spending a turn; the words are the session's
(``session/look_words.py``), the box is drawn here.
"""

from __future__ import annotations

from collections.abc import Sequence

import tcod.console

from emberdeep.ui.fitting import fit
from emberdeep.ui.palette import Color
from emberdeep.ui.render import Region

TOOLTIP_FG: Color = (230, 230, 230)
TOOLTIP_BG: Color = (20, 20, 30)
FRAME_FG: Color = (120, 120, 150)
PAD = 1
"""Blank cells between the frame and the text, on every side."""


def draw_tooltip(
    console: tcod.console.Console,
    cell: tuple[int, int],
    lines: list[str],
    bounds: Region,
    *,
    avoid: Sequence[tuple[int, int]] = (),
) -> None:
    """A framed box of ``lines`` beside console ``cell``: right of and below it, flipped to
    the left / above where it would leave ``bounds``; clipped to bounds and console. It
    never covers ``cell`` or the cells in ``avoid`` (the player) while any place in
    bounds leaves them uncovered (``spot``)."""
    if not lines:
        return
    left, top = max(bounds.x, 0), max(bounds.y, 0)
    right = min(bounds.x + bounds.width, console.width)
    bottom = min(bounds.y + bounds.height, console.height)
    border = 1 + PAD
    width = min(max(len(line) for line in lines) + 2 * border, right - left)
    height = min(len(lines) + 2 * border, bottom - top)
    if width < 2 * border + 1 or height < 2 * border + 1:
        return  # no room for even one character
    x, y = spot(cell, (width, height), (left, top, right, bottom), [cell, *avoid])
    console.draw_frame(
        x, y, width, height, clear=True, fg=FRAME_FG, bg=TOOLTIP_BG, decoration="┌─┐│ │└─┘"
    )
    text_width = width - 2 * border
    for row, line in enumerate(lines[: height - 2 * border]):
        console.print(x + border, y + border + row, fit(line, text_width), fg=TOOLTIP_FG)


def spot(
    cell: tuple[int, int],
    size: tuple[int, int],
    bounds: tuple[int, int, int, int],
    avoid: Sequence[tuple[int, int]],
) -> tuple[int, int]:
    """Where a box of ``size`` goes by ``cell``: of the places beside it (either side,
    above or below) and along the edges of ``bounds``, the nearest to just right of and
    below it that covers none of ``avoid``, the plain flip (``place``) first."""
    (cx, cy), (width, height) = cell, size
    left, top, right, bottom = bounds
    flipped = place(cx, width, left, right), place(cy, height, top, bottom)
    fx, fy = flipped
    if not any(fx <= ax < fx + width and fy <= ay < fy + height for ax, ay in avoid):
        return flipped  # the plain flip covers nothing that matters
    xs = {cx + 1, cx - width, left, right - width, min(max(cx - width // 2, left), right - width)}
    ys = {cy + 1, cy - height, top, bottom - height}
    best: tuple[int, int, int] | None = None
    for x in xs:
        if not left <= x <= right - width:
            continue
        for y in ys:
            if not top <= y <= bottom - height:
                continue
            if any(x <= ax < x + width and y <= ay < y + height for ax, ay in avoid):
                continue
            far = abs(x - (cx + 1)) + abs(y - (cy + 1))
            if best is None or far < best[0]:
                best = (far, x, y)
    return (best[1], best[2]) if best is not None else flipped


def place(at: int, size: int, low: int, high: int) -> int:
    """Start of a ``size`` span just after ``at``, else just before it, kept in [low, high)."""
    start = at + 1 if at + 1 + size <= high else at - size
    return min(max(start, low), high - size)
