"""Where the play screen puts its parts, for any console from 80x24 up.

A window, a browser and a big terminal get the full layout: a 20-column sidebar beside an
80x45 map that shows a whole floor, with the log under it. An 80x24 terminal (the default
size of terminals and SSH windows) gets the same parts, smaller: the map becomes a
viewport that scrolls with the player, the log keeps its last three lines, and the key
hints (how to get help first) take the bottom row under the sidebar and the log, which
costs the sidebar and the log a row rather than the map. (The log once kept four lines
there, its newest drawn under the hints: the line just said was the one never seen.)
Sizes in between get what fits, and a console larger than the full size (a big terminal
or window) gives every extra column and row to the map: more of a floor in the tiles
mode's square tiles, more room around one in the others. Every region is computed here,
so a screen that draws or hit-tests asks the layout of the console it is given rather
than assuming a size.
"""

from __future__ import annotations

import functools

import msgspec

from emberdeep.ui.render import Region

FULL_SIZE = (100, 52)
"""The window's first console (and the browser's): the sidebar, a whole 80x45 floor and
seven rows of log and hints."""
MIN_SIZE = (80, 24)
"""The smallest console the game is played in."""
SIDEBAR_WIDTH = 20
FULL_LOG_ROWS = 7
"""Six lines of log and a row of key hints."""
COMPACT_LOG_ROWS = 4
"""Three lines of log and the row of key hints."""
COMPACT_BELOW = 40
"""Consoles shorter than this get the compact layout: a shorter log, and the hint row
across the whole bottom (a row under the log alone would be too narrow for the hints)."""


class Layout(msgspec.Struct, frozen=True):
    """Where each part of the play screen goes in a console of a given size."""

    width: int
    height: int
    sidebar: Region
    map: Region
    log: Region
    """The message log, under the map."""
    hints: Region
    """A row of key hints: under the log, or across the bottom in the compact layout.
    Every layout has one: a newcomer at 80x24 needs "? help" most of all."""

    @property
    def compact(self) -> bool:
        """The small layout (80x24 and up to ``COMPACT_BELOW`` rows): one-row sidebar
        entries and a three-line log."""
        return self.height < COMPACT_BELOW

    @property
    def whole(self) -> Region:
        return Region(0, 0, self.width, self.height)


@functools.cache
def layout_for(width: int, height: int) -> Layout:
    """The layout of a ``width`` x ``height`` console (at least ``MIN_SIZE``). Kept per
    size (a layout is frozen): the play screen asks every frame, and building six frozen
    dataclasses each time was 1-2% of a web game's CPU a key."""
    if width < MIN_SIZE[0] or height < MIN_SIZE[1]:
        raise ValueError(f"a console of {width}x{height} is smaller than {MIN_SIZE}")
    compact = height < COMPACT_BELOW
    below = COMPACT_LOG_ROWS if compact else FULL_LOG_ROWS
    map_width, map_height = width - SIDEBAR_WIDTH, height - below
    log_rows = below - 1  # the hints take the last row under the log (compact: its left too)
    if compact:  # the hints under the log would lose their last ones to its 60 columns
        hints = Region(0, height - 1, width, 1)
        sidebar = Region(0, 0, SIDEBAR_WIDTH, height - 1)
    else:
        hints = Region(SIDEBAR_WIDTH, height - 1, map_width, 1)
        sidebar = Region(0, 0, SIDEBAR_WIDTH, height)
    return Layout(
        width=width,
        height=height,
        sidebar=sidebar,
        map=Region(SIDEBAR_WIDTH, 0, map_width, map_height),
        log=Region(SIDEBAR_WIDTH, map_height, map_width, log_rows),
        hints=hints,
    )


def console_size(available: tuple[int, int]) -> tuple[int, int] | None:
    """The console for a screen of ``available`` cells: all of it (a screen larger than
    the full layout shows more map), or None when even the smallest layout does not fit."""
    width, height = available
    if width < MIN_SIZE[0] or height < MIN_SIZE[1]:
        return None
    return width, height


FULL = layout_for(*FULL_SIZE)


@functools.cache
def with_map_columns(layout: Layout, columns: int) -> Layout:
    """``layout`` with its map at ``columns`` console cells a tile (the tiles mode's
    square tiles), kept like ``layout_for``."""
    return msgspec.structs.replace(layout, map=msgspec.structs.replace(layout.map, columns=columns))
