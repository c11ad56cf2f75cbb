"""Sprites for the ``tiles`` render mode, read from ``sprites.toml`` as text pictures.

Pixel art is kept as readable text (a palette and sixteen rows of its characters) rather
than as PNGs so that a designer can draw and review it in any editor and in a diff, and
so the game needs no image library. Loading checks every picture once: a wrong
character, a short row or a missing picture is reported with the file, the sprite and
the line, and every kind of thing the content defines must have a picture, so adding a
monster without drawing it fails at start-up instead of showing an empty cell.
"""

from __future__ import annotations

from collections.abc import Iterable

import msgspec
import numpy as np
from numpy.typing import NDArray

from emberdeep.content.tomldata import DataError, Table, find_line

SPRITE_SIZE = 16
"""Width and height of every sprite, in pixels."""
TRANSPARENT = "."
"""The palette character that is always see-through; palettes may not redefine it."""


class Sprite(msgspec.Struct, frozen=True, eq=False):
    """One picture: ``rgba`` is a read-only ``(16, 16, 4)`` uint8 array, rows first, with
    alpha 255 where drawn and 0 where transparent."""

    name: str
    rgba: NDArray[np.uint8]


def _first_row_line(table: Table, name: str) -> int | None:
    """Line of the first picture row: the line after ``rows = '''`` (TOML drops a newline
    right after the opening quotes), or that same line when the picture starts on it."""
    line = find_line(table.text, table.key(name))
    if line is None:
        return None
    opening = table.text.splitlines()[line - 1]
    after = opening.split("'''", 1)[-1] if "'''" in opening else opening.split('"""', 1)[-1]
    return line + 1 if not after.strip() else line


def _row_error(table: Table, row: int, problem: str) -> DataError:
    """The error names the row's own line, found only now: finding it is a search of the
    whole file, which every sprite paying on every start-up made most of a start-up."""
    first = _first_row_line(table, "rows")
    where = f"{table.source}:{first + row}" if first is not None else table.source
    return DataError(f"{where}: {table.key('rows')}: row {row + 1}: {problem}")


def _palette(table: Table) -> dict[str, tuple[int, int, int]]:
    palette = table.sub("palette")
    colors: dict[str, tuple[int, int, int]] = {}
    for char in palette.names():
        if char == TRANSPARENT:
            raise table.error("palette", f"{TRANSPARENT!r} is always transparent; pick another")
        if len(char) != 1 or char.isspace():
            raise table.error("palette", f"{char!r}: palette keys must be single characters")
        colors[char] = palette.color(char)
    if not colors:
        raise table.error("palette", "expected at least one colour")
    return colors


def parse_sprite(table: Table) -> Sprite:
    """One ``[name]`` table: ``palette`` (character -> [r, g, b]) and ``rows``."""
    table.reject_unknown(("palette", "rows"))
    colors = _palette(table)
    text = table.get("rows", str)
    rows = text.split("\n")
    if rows and rows[-1] == "":
        rows.pop()  # the newline before the closing quotes
    if len(rows) != SPRITE_SIZE:
        raise table.error("rows", f"expected {SPRITE_SIZE} rows, got {len(rows)}")
    allowed = set(colors) | {TRANSPARENT}
    known = " ".join(sorted(colors))
    for n, row in enumerate(rows):
        if not allowed.issuperset(row):  # one set check a row; the column only when wrong
            bad = next(i for i, ch in enumerate(row) if ch not in allowed)
            problem = f"column {bad + 1}: {row[bad]!r} is not in the palette ({known}) or '.'"
            raise _row_error(table, n, problem)
        if len(row) != SPRITE_SIZE:
            problem = f"{len(row)} characters, expected {SPRITE_SIZE}"
            raise _row_error(table, n, problem)
    # Each character as its number in the palette (0: transparent), in one translate:
    # the characters themselves, sorted and searched, took twice as long a sprite.
    numbers = {ord(TRANSPARENT): 0} | {ord(char): n for n, char in enumerate(colors, 1)}
    packed = "".join(rows).translate(numbers).encode("utf-32-le", "surrogatepass")
    lookup = np.zeros((len(numbers), 4), dtype=np.uint8)
    lookup[1:, :3] = list(colors.values())
    lookup[1:, 3] = 255
    rgba = lookup[np.frombuffer(packed, dtype="<u4")].reshape(SPRITE_SIZE, SPRITE_SIZE, 4)
    rgba.flags.writeable = False
    return Sprite(table.path, rgba)


def parse_sprites(table: Table, required: Iterable[tuple[str, str]]) -> dict[str, Sprite]:
    """Every sprite in the file. ``required`` lists ``(name, what and where it is
    defined)`` for each kind the content has: each needs a sprite, and no other is
    allowed (a misspelt name would otherwise be silently unused)."""
    needed = dict(required)
    for name in table.names():
        if name not in needed:
            known = ", ".join(needed)
            raise table.error(name, f"no such kind in the content to draw (known: {known})")
    missing = [name for name in needed if name not in table]
    if missing:
        name = missing[0]
        raise DataError(
            f"{table.source}: {name}: missing sprite for {needed[name]}: "
            f"draw it as a [{name}] table with a palette and {SPRITE_SIZE} rows"
        )
    return {name: parse_sprite(table.sub(name)) for name in needed}
