"""How things are drawn in the glyph modes: ``Look`` (a glyph and its colours), which
every content file that draws something gives, and the two files that are only looks,
``tiles.toml`` (terrain in each glyph mode, lit and remembered) and ``statuses.toml`` (each
status's panel label and colour).

Below the parsers of kinds, so that monsters, items, traps and unknown items make their
looks without importing the loader that assembles them.
"""

from __future__ import annotations

import msgspec

from emberdeep.content.tomldata import Color, Table
from emberdeep.engine.core.floor import TILE_NAMES
from emberdeep.engine.creatures.statuses import STATUSES

GLYPH_MODES = ("ascii", "solid")
"""Render modes drawn with font glyphs, whose looks are in tiles.toml."""
RENDER_MODES = (*GLYPH_MODES, "tiles")
"""Every render mode; ``tiles`` draws the pixel art of sprites.toml (see ui/sprites.py)."""
BLACK: Color = (0, 0, 0)


class Look(msgspec.Struct, frozen=True):
    """How one thing is drawn: a glyph and its colours."""

    glyph: str
    fg: Color
    bg: Color


class TileLooks(msgspec.Struct, frozen=True):
    """A terrain kind in one render mode: in view, and remembered."""

    lit: Look
    dark: Look


def _look(table: Table) -> Look:
    table.reject_unknown(("glyph", "fg", "bg"))
    return Look(table.char("glyph"), table.color("fg"), table.color("bg"))


def parse_tiles(table: Table) -> tuple[Look, dict[str, dict[str, TileLooks]]]:
    table.reject_unknown(("shroud", *TILE_NAMES))
    shroud = _look(table.sub("shroud"))
    modes: dict[str, dict[str, TileLooks]] = {mode: {} for mode in GLYPH_MODES}
    for tile in TILE_NAMES:
        kind = table.sub(tile)
        kind.reject_unknown(GLYPH_MODES)
        for mode in GLYPH_MODES:
            looks = kind.sub(mode)
            looks.reject_unknown(("glyph", "lit", "dark"))
            glyph = looks.char("glyph")
            lit, dark = looks.sub("lit"), looks.sub("dark")
            for part in (lit, dark):
                part.reject_unknown(("fg", "bg"))
            modes[mode][tile] = TileLooks(
                Look(glyph, lit.color("fg"), lit.color("bg")),
                Look(glyph, dark.color("fg"), dark.color("bg")),
            )
    return shroud, modes


def parse_statuses(table: Table) -> tuple[dict[str, Look], dict[str, str]]:
    table.reject_unknown(STATUSES)
    looks, labels = {}, {}
    for name in STATUSES:
        entry = table.sub(name)
        entry.reject_unknown(("label", "color"))
        labels[name] = entry.get("label", str)
        looks[name] = Look(" ", entry.color("color"), BLACK)
    return looks, labels
