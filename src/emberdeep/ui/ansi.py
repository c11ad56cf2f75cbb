"""Console frames as terminal output: the same cells the window shows, as escape sequences.

Many players run roguelikes over SSH with no display, so the terminal presenter shows
the very console that ``render`` draws for the window. This module is only the encoder
(no I/O, so it is tested without a terminal): it keeps the previous frame and emits
only the cells that changed, because a terminal over a slow link redraws at the speed
of the bytes sent, and most turns change a handful of cells.

Everything per cell is numpy: changed cells, runs of them, colour changes between
consecutive emitted cells, and the xterm-256 palette lookup. Python only loops over
runs (one cursor move each) and over the few distinct glyphs and colours of a frame.
Terminals without 24-bit colour get the nearest colour of the xterm 6x6x6 cube and grey
ramp (the 16 system colours are left out: every terminal theme redefines them).
Terminals that cannot show Unicode get ASCII stand-ins for box drawing and blocks.
"""

from __future__ import annotations

import codecs
import functools
import os
import unicodedata
from collections.abc import Callable
from typing import Literal

import numpy as np
import tcod.console
from numpy.typing import NDArray

from emberdeep.ui import render

ColorMode = Literal["truecolor", "256"]
COLOR_MODES: tuple[ColorMode, ...] = ("truecolor", "256")

CUBE_LEVELS = np.array([0, 95, 135, 175, 215, 255], dtype=np.int32)
"""Channel values of the xterm 6x6x6 colour cube (palette 16-231)."""
GREY_LEVELS = np.array([8 + 10 * i for i in range(24)], dtype=np.int32)
"""The xterm grey ramp (palette 232-255)."""

MAX_GAP = 3
"""Unchanged cells between two changed ones on a row that are re-sent rather than
skipped: a cursor move costs 6-8 bytes, re-sending a cell usually one."""

ASCII_STAND_INS: dict[str, str] = {
    "·": ".", "•": ".", "∙": ".", "°": "o", "\u00d7": "x", "÷": "/", "…": ".",
    "←": "<", "→": ">", "↑": "^", "↓": "v", "↔": "-", "↕": "|",
    "▲": "^", "▼": "v", "◄": "<", "►": ">", "■": "#", "□": "#", "♥": "*", "♦": "*",
    "\u2571": "/", "\u2572": "\\", "\u2573": "X",  # box-drawing diagonals
    "\u2013": "-", "\u2014": "-", "\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"',
    "¤": "`", "Ω": "0", "♣": ",", "§": "$",  # torch, brazier, fungus, flames: never "?", a scroll
}  # fmt: skip


def color_mode_from_env(environ: dict[str, str] | None = None) -> ColorMode:
    """24-bit colour when the terminal says so (``COLORTERM``), else the xterm palette."""
    env = os.environ if environ is None else environ
    return "truecolor" if env.get("COLORTERM", "").lower() in ("truecolor", "24bit") else "256"


def is_utf8(encoding: str | None) -> bool:
    """Whether an output encoding can show any character (else use ASCII stand-ins)."""
    if not encoding:
        return False
    try:
        return codecs.lookup(encoding).name == "utf-8"
    except LookupError:
        return False


@functools.cache
def ascii_stand_in(char: str) -> str:
    """An ASCII character that looks like ``char``: box drawing as + - |, blocks as #."""
    if char.isascii():
        return char if char.isprintable() else " "
    if char in ASCII_STAND_INS:
        return ASCII_STAND_INS[char]
    code = ord(char)
    if 0x2500 <= code <= 0x257F:  # box drawing
        words = set(unicodedata.name(char, "").split())
        across = bool(words & {"HORIZONTAL", "LEFT", "RIGHT"})
        down = bool(words & {"VERTICAL", "UP", "DOWN"})
        return "+" if across == down else "-" if across else "|"
    if 0x2580 <= code <= 0x259F:  # block elements and shades
        return "#"
    return "?"


@functools.cache
def glyph(code: int, ascii_only: bool) -> str:
    """What to print for a console cell's code point: one column wide, always printable."""
    if code < 0x20 or 0x7F <= code < 0xA0 or code > 0x10FFFF or 0xD800 <= code <= 0xDFFF:
        return " "
    char = chr(code)
    if code < 0x7F:
        return char
    if ascii_only:
        return ascii_stand_in(char)
    # Wide (CJK, emoji) and zero-width characters would shift the rest of the row.
    if unicodedata.east_asian_width(char) in ("W", "F") or unicodedata.category(char) in (
        "Mn",
        "Me",
        "Cf",
        "Cn",
        "Co",
    ):
        return "?"
    return char


@functools.cache
def _cube_index() -> NDArray[np.intp]:
    """Per channel value 0-255: the index of the nearest cube level."""
    values = np.arange(256, dtype=np.int32)[:, np.newaxis]
    nearest: NDArray[np.intp] = np.abs(values - CUBE_LEVELS).argmin(axis=1)
    return nearest


@functools.cache
def _grey_index() -> NDArray[np.intp]:
    """Per channel sum 0-765: the grey nearest to an (r, g, b) with that sum.

    Over a grey (v, v, v) the distance is 3 (v - mean)^2 + constant, so the nearest grey
    is the one nearest the mean: one lookup by the sum."""
    sums = np.arange(766, dtype=np.int32)[:, np.newaxis]
    nearest: NDArray[np.intp] = np.abs(sums - 3 * GREY_LEVELS).argmin(axis=1)
    return nearest


def to_xterm256(rgb: NDArray[np.integer]) -> NDArray[np.int32]:
    """The nearest xterm-256 palette index (16-255) of each colour in ``rgb`` (..., 3)."""
    rgb = np.asarray(rgb, dtype=np.int32)
    r, g, b = rgb[..., 0], rgb[..., 1], rgb[..., 2]
    cube = _cube_index()
    ri, gi, bi = cube[r], cube[g], cube[b]
    cube_dist = (r - CUBE_LEVELS[ri]) ** 2 + (g - CUBE_LEVELS[gi]) ** 2 + (b - CUBE_LEVELS[bi]) ** 2
    grey = _grey_index()[r + g + b]
    level = GREY_LEVELS[grey]
    grey_dist = (r - level) ** 2 + (g - level) ** 2 + (b - level) ** 2
    index: NDArray[np.int32] = np.where(
        grey_dist < cube_dist, 232 + grey, 16 + 36 * ri + 6 * gi + bi
    ).astype(np.int32)
    return index


def _pack(rgb: NDArray[np.uint8]) -> NDArray[np.int32]:
    """(..., 3) colours as one int each: 0xRRGGBB."""
    return (
        (rgb[..., 0].astype(np.int32) << 16)
        | (rgb[..., 1].astype(np.int32) << 8)
        | rgb[..., 2].astype(np.int32)
    )


def _unpack(packed: NDArray[np.int32]) -> NDArray[np.int32]:
    return np.stack([(packed >> 16) & 0xFF, (packed >> 8) & 0xFF, packed & 0xFF], axis=-1)


_PALETTE_FG = np.array([f"\x1b[38;5;{i}m" for i in range(256)], dtype=object)
_PALETTE_BG = np.array([f"\x1b[48;5;{i}m" for i in range(256)], dtype=object)


def _truecolor(prefix: int, key: int) -> str:
    return f"\x1b[{prefix};2;{(key >> 16) & 0xFF};{(key >> 8) & 0xFF};{key & 0xFF}m"


class FrameEncoder:
    """Turns successive frames of one console size into the output that updates a terminal.

    The console is drawn with its top-left cell at terminal cell ``origin`` (0-based).
    The encoder assumes it is the only thing writing to that area: after anything else
    writes there (a clear, a message), call ``invalidate`` for a full redraw.
    """

    def __init__(
        self,
        width: int,
        height: int,
        color_mode: ColorMode = "256",
        ascii_only: bool = False,
        origin: tuple[int, int] = (0, 0),
    ) -> None:
        if color_mode not in COLOR_MODES:
            raise ValueError(f"unknown colour mode {color_mode!r}; use one of {COLOR_MODES}")
        self.width = width
        self.height = height
        self.color_mode: ColorMode = color_mode
        self.ascii_only = ascii_only
        self.origin = origin
        self._previous: tuple[NDArray[np.int32], NDArray[np.int32], NDArray[np.int32]] | None
        self._previous = None
        self._pen = (-1, -1)  # fg and bg keys the terminal is set to; -1 when unknown
        self._escapes: tuple[dict[int, str], dict[int, str]] = ({}, {})

    def invalidate(self) -> None:
        """Forget what the terminal shows: the next ``encode`` redraws every cell."""
        self._previous = None
        self._pen = (-1, -1)

    def encode(self, console: tcod.console.Console) -> str:
        """The output that turns the previous frame into ``console``: '' when nothing changed."""
        if (console.width, console.height) != (self.width, self.height):
            raise ValueError(
                f"console is {console.width}x{console.height}, "
                f"encoder is {self.width}x{self.height}"
            )
        cells = console.rgb.T  # [y, x]: row-major, the order a terminal is written in
        ch = np.array(cells["ch"], dtype=np.int32)
        fg, bg = _pack(cells["fg"]), _pack(cells["bg"])
        previous, self._previous = self._previous, (ch, fg, bg)
        if previous is None:
            changed = np.ones(ch.size, dtype=bool)
        else:
            changed = ((ch != previous[0]) | (fg != previous[1]) | (bg != previous[2])).ravel()
        index = np.flatnonzero(changed)
        if index.size == 0:
            return ""
        index = self._close_small_gaps(changed, index)
        return self._emit(index, ch.ravel()[index], fg.ravel()[index], bg.ravel()[index])

    def _close_small_gaps(
        self, changed: NDArray[np.bool_], index: NDArray[np.intp]
    ) -> NDArray[np.intp]:
        """Also send up to MAX_GAP unchanged cells between changed ones on the same row."""
        if index.size < 2:
            return index
        gaps = np.diff(index) - 1
        fill = (
            (gaps > 0) & (gaps <= MAX_GAP) & (index[1:] // self.width == index[:-1] // self.width)
        )
        if not fill.any():
            return index
        starts, lengths = index[:-1][fill] + 1, gaps[fill]
        offsets = np.arange(lengths.sum()) - np.repeat(np.cumsum(lengths) - lengths, lengths)
        changed = changed.copy()
        changed[np.repeat(starts, lengths) + offsets] = True
        return np.flatnonzero(changed)

    def _emit(
        self,
        index: NDArray[np.intp],
        ch: NDArray[np.int32],
        fg: NDArray[np.int32],
        bg: NDArray[np.int32],
    ) -> str:
        if self.color_mode == "256":
            fg, bg = to_xterm256(_unpack(fg)), to_xterm256(_unpack(bg))
        codes, inverse = np.unique(ch, return_inverse=True)
        tokens = np.array([glyph(c, self.ascii_only) for c in codes.tolist()], dtype=object)
        tokens = tokens[inverse.ravel()]
        # Colour escapes only where the colour differs from the previously emitted cell.
        for layer, (keys, pen) in enumerate(((bg, self._pen[1]), (fg, self._pen[0]))):
            before = np.empty_like(keys)
            before[0], before[1:] = pen, keys[:-1]
            where = np.flatnonzero(keys != before)
            if where.size:
                tokens[where] = (
                    self._colour_escapes(keys[where], foreground=layer == 1) + tokens[where]
                )
        self._pen = (int(fg[-1]), int(bg[-1]))
        # A cursor move starts every run of consecutive cells, and every row.
        x, y = index % self.width, index // self.width
        starts = np.ones(index.size, dtype=bool)
        starts[1:] = (np.diff(index) != 1) | (x[1:] == 0)
        runs = np.flatnonzero(starts)
        ox, oy = self.origin
        moves = [
            f"\x1b[{row + oy + 1};{col + ox + 1}H"
            for col, row in zip(x[runs].tolist(), y[runs].tolist(), strict=True)
        ]
        tokens[runs] = np.array(moves, dtype=object) + tokens[runs]
        return "".join(tokens.tolist())

    def _colour_escapes(self, keys: NDArray[np.int32], *, foreground: bool) -> NDArray[np.object_]:
        if self.color_mode == "256":
            return (_PALETTE_FG if foreground else _PALETTE_BG)[keys]
        cache = self._escapes[0 if foreground else 1]
        prefix = 38 if foreground else 48
        unique, inverse = np.unique(keys, return_inverse=True)
        strings = []
        for key in unique.tolist():
            escape = cache.get(key)
            if escape is None:
                escape = cache[key] = _truecolor(prefix, key)
            strings.append(escape)
        return np.array(strings, dtype=object)[inverse.ravel()]


def _sample_console(seed: int = 1) -> tcod.console.Console:
    """A busy full frame in the play screen's layout: a sidebar of text and bars, a map of
    runs in a few colours with creatures, and the log under it."""
    from emberdeep.ui import layout, sidebar

    rng = np.random.default_rng(seed)
    lay = layout.FULL
    console = tcod.console.Console(lay.width, lay.height, order="F")
    view = lay.map
    w, map_h = view.width, view.height
    walls = rng.random((w, map_h)) < 0.35
    lit = np.zeros((w, map_h), dtype=bool)
    lit[20:60, 10:35] = True
    cells = console.rgb[view.x : view.x + w, :map_h]
    cells["ch"] = np.where(walls, ord("#"), ord("."))
    cells["fg"] = np.where(
        lit[..., np.newaxis],
        np.where(walls[..., np.newaxis], (220, 190, 120), (200, 180, 110)),
        np.where(walls[..., np.newaxis], (70, 70, 130), (50, 50, 120)),
    )
    cells["bg"] = np.where(lit[..., np.newaxis], (30, 20, 10), (0, 0, 0))
    for i in range(40):  # creatures, each its own colour
        x, y = int(rng.integers(0, w)), int(rng.integers(0, map_h))
        cells[x, y] = (ord("a") + i % 26, tuple(int(v) for v in rng.integers(0, 256, 3)), (0, 0, 0))
    for row in range(lay.log.y, lay.height):
        text = f"Line {row}: the orc hits you for 3 hit points." * 2
        console.print(view.x + 1, row, text[: w - 2], fg=(200, 200, 200))
    side = lay.sidebar
    sidebar.bar(console, 1, 1, side.width - 2, value=17, maximum=30, label="Health 17/30")
    for row in range(3, 20, 2):
        console.print(1, row, "o", fg=(63, 127, 63))
        sidebar.bar(console, 3, row, side.width - 4, value=row, maximum=20, label="orc")
        console.print(3, row + 1, "hunting you", fg=(150, 150, 150))
    return console


def bench_cases() -> list[tuple[str, Callable[[], object]]]:
    """Figures for ``emberdeep bench`` (targets: full frame <= 5 ms, typical <= 0.5 ms).

    "typical" is a turn: the player and a monster step (four cells) and the turn counter
    in the panel changes."""
    console = _sample_console()
    full = FrameEncoder(console.width, console.height, "256", ascii_only=False)
    typical = FrameEncoder(console.width, console.height, "256", ascii_only=False)
    typical.encode(console)
    step = [0]

    def full_frame() -> object:
        full.invalidate()
        return full.encode(console)

    def typical_frame() -> object:
        step[0] += 1
        render.bench_turn(console, step[0])
        return typical.encode(console)

    return [
        (f"terminal frame full {console.width}x{console.height}", full_frame),
        ("terminal frame typical (few cells changed)", typical_frame),
    ]
