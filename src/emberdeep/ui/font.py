"""Emberdeep's own bitmap fonts (8x16 by default, 8x8 kept), turned into a tcod Tileset.

Why ship our own font?  The python-tcod wheels contain no font files, and
libtcod's built-in fallback is a tiny, incomplete tileset that makes the
game look broken.  Keeping the glyphs as plain text inside the package
(``emberdeep/content/font8x16.txt`` and ``font8x8.txt``) means the game always starts with a
complete, readable font, regardless of the working directory or what is
installed on the player's machine.  Players who prefer a classic
libtcod/Dwarf Fortress tilesheet can point their settings at one; that path
goes through :func:`tilesheet_tileset`, which turns every failure into a
:class:`FontError` with a readable message instead of a traceback.

The 8x16 font is the default because text is most of what a player reads: the 8x8
glyphs shown twice their size with no line spacing tired the eyes in the log and the
menus.  Its cells are twice as tall as wide, like the PC text modes the genre grew up
in; the 8x8 font stays for players who want more map on a small screen.
"""

from __future__ import annotations

import functools
import pathlib
import re
import struct
import types
from collections.abc import Mapping

import numpy as np
import tcod.tileset
from numpy.typing import NDArray

from emberdeep import shipped

__all__ = [
    "DEFAULT_FONT_SIZE",
    "FONT_SIZES",
    "FontError",
    "builtin_glyphs",
    "builtin_tileset",
    "cell_size",
    "glyph_codepoints",
    "parse_glyphs",
    "tilesheet_tileset",
]

FONT_PACKAGE = "emberdeep.content"
_FONT_SHAPES: Mapping[str, tuple[int, int]] = types.MappingProxyType(
    {"8x16": (8, 16), "8x8": (8, 8)}
)
FONT_SIZES = tuple(_FONT_SHAPES)
"""The built-in fonts by name, ``"WxH"``; the setting ``font_size`` picks one."""
DEFAULT_FONT_SIZE = "8x16"

_HEADER_RE = re.compile(r"U\+([0-9A-Fa-f]{4,6})(?: (.))?")
_ROW_CHARS = frozenset(".#")
_MAX_CODEPOINT = 0x10FFFF
_PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
_LAYOUTS: Mapping[str, tuple[int, ...]] = types.MappingProxyType(
    {
        "cp437": tuple(tcod.tileset.CHARMAP_CP437),
        "tcod": tuple(tcod.tileset.CHARMAP_TCOD),
    }
)


class FontError(Exception):
    """A font file could not be read or is malformed.

    The message always names the file (and, for glyph data, the line), so it
    can be shown to a player as-is.
    """

    def __init__(self, source: str, problem: str, line: int | None = None) -> None:
        self.source = source
        self.line = line
        self.problem = problem
        where = source if line is None else f"{source}, line {line}"
        super().__init__(f"{where}: {problem}")


def _is_row(line: str) -> bool:
    """Return True if ``line`` looks like glyph pixels rather than a header."""
    return bool(line) and not line.startswith(("U+", ";"))


def _header(line: str, line_no: int, source: str) -> int:
    """The codepoint a ``U+XXXX [char]`` header names; FontError if it is not one."""
    match = _HEADER_RE.fullmatch(line)
    if match is None:
        raise FontError(
            source,
            f"bad header {line!r}: expected 'U+XXXX' optionally followed by a space "
            "and the character",
            line_no,
        )
    codepoint = int(match.group(1), 16)
    if codepoint > _MAX_CODEPOINT:
        raise FontError(source, f"bad header {line!r}: U+{codepoint:04X} is not Unicode", line_no)
    shown = match.group(2)
    if shown is not None and shown != chr(codepoint):
        raise FontError(
            source,
            f"bad header {line!r}: character {shown!r} is not U+{codepoint:04X} "
            f"({chr(codepoint)!r})",
            line_no,
        )
    return codepoint


def _bitmap(
    codepoint: int,
    rows: list[tuple[int, str]],
    header_line: int,
    source: str,
    size: tuple[int, int],
) -> NDArray[np.bool_]:
    """The rows after a header as a read-only bitmap; FontError naming the bad line."""
    name = f"glyph U+{codepoint:04X}"
    width, height = size
    if len(rows) != height:
        line_no = rows[height][0] if len(rows) > height else header_line + len(rows) + 1
        raise FontError(
            source,
            f"wrong row count: {name} (header on line {header_line}) has {len(rows)} rows, "
            f"expected {height}",
            line_no,
        )
    for line_no, row in rows:
        if row.strip(".#"):  # a stray character somewhere (the common case is none)
            bad = next(i for i, ch in enumerate(row, start=1) if ch not in _ROW_CHARS)
            raise FontError(
                source,
                f"bad character {row[bad - 1]!r} in column {bad} of {name} "
                "(rows may only contain '.' and '#')",
                line_no,
            )
        if len(row) != width:
            raise FontError(
                source,
                f"wrong row length: {name} row is {len(row)} characters, expected {width}",
                line_no,
            )
    pixels = np.frombuffer("".join(row for _, row in rows).encode("ascii"), dtype=np.uint8)
    bitmap: NDArray[np.bool_] = pixels.reshape(height, width) == ord("#")
    bitmap.flags.writeable = False
    return bitmap


def parse_glyphs(
    text: str, source: str, size: tuple[int, int] = (8, 8)
) -> dict[int, NDArray[np.bool_]]:
    """Parse glyph text (see the header of ``font8x8.txt``) into bitmaps.

    ``size`` is the glyphs' (width, height): every glyph of a file has it, so a
    row or a glyph of another size is a mistake in the file, reported by line.
    Returns a mapping of codepoint to a read-only bool array of shape
    ``(height, width)`` (row-major), ``True`` where the pixel is on.  ``source``
    is only used in error messages.

    Raises:
        FontError: on a bad header, a row of the wrong length, the wrong
            number of rows, a character other than ``.``/``#`` or a codepoint
            defined twice; the message names the line.
    """
    plain = _parse_well_formed(text, size)
    if plain is not None:
        return plain
    glyphs: dict[int, NDArray[np.bool_]] = {}
    defined_on: dict[int, int] = {}
    lines = [(n, raw.rstrip()) for n, raw in enumerate(text.splitlines(), start=1)]
    index = 0
    while index < len(lines):
        line_no, line = lines[index]
        index += 1
        if not line or line.startswith(";"):
            continue
        codepoint = _header(line, line_no, source)
        if codepoint in defined_on:
            first = defined_on[codepoint]
            raise FontError(
                source, f"duplicate codepoint U+{codepoint:04X} (first defined on line {first})",
                line_no,
            )  # fmt: skip
        defined_on[codepoint] = line_no
        rows = []
        while index < len(lines) and _is_row(lines[index][1]):
            rows.append(lines[index])
            index += 1
        glyphs[codepoint] = _bitmap(codepoint, rows, line_no, source, size)
    return glyphs


def _parse_well_formed(text: str, size: tuple[int, int]) -> dict[int, NDArray[np.bool_]] | None:
    """``parse_glyphs``'s result for a file with nothing wrong in it, in a few passes over
    whole lines and one numpy conversion for every glyph (the shipped font is read at
    every start: line by line it was a tenth of the window's opening); None at the first
    thing out of place, for ``parse_glyphs`` to find and report with its line. The same
    rules: comments and blank lines only between glyphs, each header a new codepoint
    followed by exactly ``height`` rows of ``width`` pixels."""
    width, height = size
    lines = [raw.rstrip() for raw in text.splitlines()]
    headers = [i for i, line in enumerate(lines) if line.startswith("U+")]
    glyphs: dict[int, NDArray[np.bool_]] = {}
    rows: list[str] = []
    after = 0  # the line after the last glyph's rows
    for at in headers:
        if at < after or any(line and line[0] != ";" for line in lines[after:at]):
            return None  # a header among rows, or stray lines between glyphs
        match = _HEADER_RE.fullmatch(lines[at])
        if match is None:
            return None
        codepoint = int(match.group(1), 16)
        shown = match.group(2)
        if codepoint > _MAX_CODEPOINT or codepoint in glyphs:
            return None
        if shown is not None and shown != chr(codepoint):
            return None
        after = at + 1 + height
        own = lines[at + 1 : after]
        if len(own) != height or any(len(row) != width for row in own):
            return None
        glyphs[codepoint] = np.empty(0, dtype=np.bool_)  # its place, filled below
        rows += own
    if any(line and line[0] != ";" for line in lines[after:]):
        return None
    pixels = "".join(rows)
    if pixels.strip(".#"):
        return None
    bitmaps = np.frombuffer(pixels.encode("ascii"), dtype=np.uint8) == ord("#")
    bitmaps = bitmaps.reshape(len(glyphs), height, width)
    bitmaps.flags.writeable = False
    return {codepoint: bitmaps[i] for i, codepoint in enumerate(glyphs)}


def cell_size(font_size: str = DEFAULT_FONT_SIZE) -> tuple[int, int]:
    """(width, height) in pixels of a built-in font's glyphs; ValueError if unknown."""
    shape = _FONT_SHAPES.get(font_size)
    if shape is None:
        known = ", ".join(repr(name) for name in FONT_SIZES)
        msg = f"unknown font size {font_size!r} (expected one of {known})"
        raise ValueError(msg)
    return shape


@functools.cache
def builtin_glyphs(font_size: str = DEFAULT_FONT_SIZE) -> Mapping[int, NDArray[np.bool_]]:
    """A shipped font's glyphs, parsed once (``content/font<size>.txt``); read-only."""
    size = cell_size(font_size)
    resource_name = f"font{font_size}.txt"
    source = f"{FONT_PACKAGE}/{resource_name}"
    try:
        text = shipped.read_text(FONT_PACKAGE, resource_name)
    except (OSError, UnicodeDecodeError) as exc:
        raise FontError(source, f"cannot read the built-in font: {exc}") from exc
    return types.MappingProxyType(parse_glyphs(text, source, size))


def glyph_codepoints(font_size: str = DEFAULT_FONT_SIZE) -> frozenset[int]:
    """Return the codepoints a built-in font has a glyph for."""
    return frozenset(builtin_glyphs(font_size))


def builtin_tileset(scale: int = 1, font_size: str = DEFAULT_FONT_SIZE) -> tcod.tileset.Tileset:
    """Build a Tileset from a built-in font, each pixel ``scale`` x ``scale``.

    Tiles are the font's cell size times ``scale``, scaled by nearest
    neighbour so the pixels stay crisp: whole steps only, since a fractional
    scale would draw some pixel columns wider than others.
    """
    if scale < 1:
        msg = f"scale must be a positive integer, got {scale!r}"
        raise ValueError(msg)
    width, height = cell_size(font_size)
    tileset = tcod.tileset.Tileset(width * scale, height * scale)
    glyphs = builtin_glyphs(font_size)
    pixels = np.stack(list(glyphs.values())).repeat(scale, axis=1).repeat(scale, axis=2)
    # White RGB with the glyph in the alpha channel.  tcod 21.2 also accepts a grey-scale
    # (h, w) array, but that path calls its own deprecated Tileset.set_tile internally
    # and emits a DeprecationWarning.
    rgba: NDArray[np.uint8] = np.full((*pixels.shape, 4), 255, dtype=np.uint8)
    rgba[..., 3] = pixels * np.uint8(255)
    for codepoint, tile in zip(glyphs, rgba, strict=True):
        tileset[codepoint] = tile
    return tileset


def _png_size(path: pathlib.Path) -> tuple[int, int]:
    """Return (width, height) of a PNG file, raising FontError if it is not one."""
    try:
        with path.open("rb") as file:
            head = file.read(24)
    except FileNotFoundError as exc:
        raise FontError(str(path), "tilesheet file not found") from exc
    except IsADirectoryError as exc:
        raise FontError(str(path), "tilesheet path is a directory, not a PNG file") from exc
    except OSError as exc:
        raise FontError(str(path), f"cannot read tilesheet: {exc.strerror or exc}") from exc
    if len(head) < 24 or not head.startswith(_PNG_SIGNATURE) or head[12:16] != b"IHDR":
        raise FontError(str(path), "tilesheet is not a PNG image")
    width, height = struct.unpack(">II", head[16:24])
    return int(width), int(height)


def tilesheet_tileset(
    path: pathlib.Path, columns: int, rows: int, layout: str
) -> tcod.tileset.Tileset:
    """Load a libtcod-style tilesheet PNG chosen by the player.

    ``columns`` x ``rows`` is the grid of tiles in the image; ``layout`` names
    the character map: ``"cp437"`` (Dwarf Fortress style, 16x16) or ``"tcod"``
    (libtcod's own 32x8 layout).

    Raises:
        FontError: if the layout is unknown, the grid is invalid, or the file is
            missing, unreadable or not a PNG whose size fits the grid.
    """
    charmap = _LAYOUTS.get(layout)
    if charmap is None:
        known = ", ".join(repr(name) for name in _LAYOUTS)
        raise FontError(str(path), f"unknown tilesheet layout {layout!r} (expected one of {known})")
    if columns < 1 or rows < 1:
        # libtcod divides by these; zero would crash the process.
        raise FontError(str(path), f"tilesheet grid must be at least 1x1, got {columns}x{rows}")
    width, height = _png_size(path)
    if width < columns or height < rows or width % columns or height % rows:
        raise FontError(
            str(path),
            f"a {width}x{height} image cannot be split into {columns}x{rows} equal tiles",
        )
    try:
        return tcod.tileset.load_tilesheet(path, columns, rows, charmap)
    except (OSError, RuntimeError) as exc:
        detail = str(exc).strip().splitlines()[-1] if str(exc).strip() else type(exc).__name__
        raise FontError(str(path), f"cannot load tilesheet: {detail}") from exc
