"""Window sizes in whole steps: how big the window opens, and where a resized window draws.

Pixel fonts only look right at whole multiples of their size: at 1.5x some columns of a
glyph are one screen pixel wide and others two, and text shimmers. So the window opens
at the largest whole scale of the console that fits the desktop's usable area (the
screen less task bars and docks), and a window the player resizes shows the console at
the largest whole scale that fits it, centred, with even borders (a letterbox).

Everything here but :func:`desktop_size` is plain arithmetic, so it is tested over
thousands of desktop and window sizes without a display. The letterbox is the one
``tcod.context.Context.present(console, keep_aspect=True, integer_scaling=True)`` draws
(centred is its default ``align=(0.5, 0.5)``), so code that needs to know where the
picture is (borders, mouse hit tests) agrees with what is on screen.
"""

from __future__ import annotations

import msgspec
import tcod.sdl.sys
from tcod.cffi import ffi, lib

__all__ = ["Placement", "WindowFit", "desktop_size", "fit_window", "place_console"]

Size = tuple[int, int]
"""(width, height)."""


class WindowFit(msgspec.Struct, frozen=True):
    """The window to open: ``scale`` screen pixels per font pixel, and its size."""

    scale: int
    width: int
    height: int


class Placement(msgspec.Struct, frozen=True):
    """Where the console is drawn in a window: its top-left corner and size in pixels."""

    scale: int
    """Screen pixels per font pixel; 1 when even 1 does not fit (then the picture is
    shrunk to fit, keeping its aspect, and ``shrunk`` is True)."""
    x: int
    y: int
    width: int
    height: int
    shrunk: bool = False


def _console_pixels(cells: Size, cell: Size) -> Size:
    columns, rows = cells
    cell_width, cell_height = cell
    if min(columns, rows, cell_width, cell_height) < 1:
        msg = f"a console of {columns}x{rows} cells of {cell_width}x{cell_height} pixels is empty"
        raise ValueError(msg)
    return columns * cell_width, rows * cell_height


def _whole_scale(picture: Size, room: Size) -> int:
    """The largest whole scale of ``picture`` that fits ``room``, at least 1."""
    return max(1, min(room[0] // picture[0], room[1] // picture[1]))


def fit_window(cells: Size, cell: Size, desktop: Size) -> WindowFit:
    """The window for a console of ``cells`` (columns, rows) of ``cell`` (width, height)
    pixels on a desktop whose usable area is ``desktop`` pixels.

    The scale is the largest whole one at which the console fits, and the window is
    exactly the console at that scale. On a desktop too small for even 1x the scale is 1
    and the window is clipped to the desktop: it still fits, and tcod shrinks the
    picture into it rather than hiding part of the screen off the desktop's edge.
    """
    width, height = _console_pixels(cells, cell)
    scale = _whole_scale((width, height), desktop)
    desktop_width, desktop_height = (max(1, side) for side in desktop)
    return WindowFit(scale, min(width * scale, desktop_width), min(height * scale, desktop_height))


SHARE = 0.9
"""The most of the desktop's usable area a new window takes."""


def fit_console(cells: Size, cell: Size, desktop: Size, least: Size) -> tuple[Size, WindowFit]:
    """The console and window a new window opens with on ``desktop``: ``cells`` at the
    largest whole scale within ``SHARE`` of the usable area; where even 1x is too big
    (a 1280x800 laptop), fewer cells (never fewer than ``least``: the play screen lays
    itself out for any size from 80x24 up) at 1x, so nothing is squashed or cut."""
    room = (max(1, int(desktop[0] * SHARE)), max(1, int(desktop[1] * SHARE)))
    width, height = _console_pixels(cells, cell)
    if width <= room[0] and height <= room[1]:
        return cells, fit_window(cells, cell, room)
    fewer = (
        min(cells[0], max(least[0], room[0] // cell[0])),
        min(cells[1], max(least[1], room[1] // cell[1])),
    )
    return fewer, fit_window(fewer, cell, desktop)


def place_console(cells: Size, cell: Size, window: Size) -> Placement:
    """Where a console of ``cells`` of ``cell`` pixels is drawn in a ``window`` of that
    many pixels: the largest whole scale that fits, centred (a letterbox). A window
    smaller than the console at 1x gets the console shrunk to fit, aspect kept."""
    width, height = _console_pixels(cells, cell)
    window_width, window_height = (max(1, side) for side in window)
    scale = _whole_scale((width, height), (window_width, window_height))
    shown_width, shown_height = width * scale, height * scale
    shrunk = shown_width > window_width or shown_height > window_height
    if shrunk:
        # Compare the two ratios in integers: window_width / width vs window_height / height.
        if window_width * height <= window_height * width:
            shown_width, shown_height = window_width, max(1, height * window_width // width)
        else:
            shown_width, shown_height = max(1, width * window_height // height), window_height
    return Placement(
        scale,
        (window_width - shown_width) // 2,
        (window_height - shown_height) // 2,
        shown_width,
        shown_height,
        shrunk,
    )


def desktop_size() -> Size | None:
    """The usable area (less task bars and docks) of the primary display, in pixels,
    or None when there is no display to ask (then open the window at a fixed scale).

    python-tcod 21 has no wrapper for display bounds, so this asks SDL directly through
    tcod's own cffi binding; the video subsystem is reference-counted by SDL, so this
    neither needs nor disturbs a window that is already open.
    """
    try:
        tcod.sdl.sys.init(tcod.sdl.sys.Subsystem.VIDEO)
    except RuntimeError:
        return None
    try:
        display = lib.SDL_GetPrimaryDisplay()
        rect = ffi.new("SDL_Rect*")
        if not display or not lib.SDL_GetDisplayUsableBounds(display, rect):
            return None
        if rect.w < 1 or rect.h < 1:
            return None
        return int(rect.w), int(rect.h)
    finally:
        tcod.sdl.sys.quit(tcod.sdl.sys.Subsystem.VIDEO)
