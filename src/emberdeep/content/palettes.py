"""Colour palettes (``palettes.toml``): the same game in other colours, for players who
need more contrast or who tell some hues apart poorly.

A palette is a transformation of the loaded content, applied once when it is chosen
(``Content.recoloured``), so the drawing code never asks which palette is in use: it
reads ``content.looks`` and ``content.tiles`` as always. Its parts, applied in order:

- rules over every foreground colour (creatures, items, traps, remains, statuses, the
  log's message kinds): ``snap_to`` replaces each by the nearest of a few colours (the
  colour-blind palette keeps to the Okabe-Ito set), ``min_luminance`` lightens each
  towards white until it is at least that bright (high contrast on dark ground);
- explicit colours for one key, which win over the rules;
- terrain looks per glyph render mode, lit and remembered;
- the colours of the interface's boxes (``ui/palette.py``) and message kinds
  (``ui/messages.py``), which the UI applies from ``Content.palette``.

Colours are ``[r, g, b]`` or the name of one in the file's ``[colours]`` table.
"""

from __future__ import annotations

from collections.abc import Iterable

import msgspec
import numpy as np

from emberdeep.content.tomldata import Color, DataError, Table
from emberdeep.engine.core.events import MessageKind
from emberdeep.engine.core.floor import TILE_NAMES
from emberdeep.engine.creatures.statuses import STATUSES

DEFAULT = "default"
PALETTE_NAMES = (DEFAULT, "high-contrast", "colour-blind")
"""Every palette, in the order the options screen steps through them. The settings'
choices (``config.py``, which must know them without reading files) come from here;
``palettes.toml`` must define exactly these."""
BOX_COLOURS = ("frame", "inside", "heading", "text", "info")
"""The box colours a palette may set (``ui/palette.py``'s, by these names)."""
MESSAGE_KINDS = tuple(kind.value for kind in MessageKind)
PALETTE_KEYS = (
    *("description", "snap_to", "min_luminance", "looks", "tiles", "statuses"),
    *("messages", "box"),
)


def luminance(colors: Iterable[Color] | np.ndarray) -> np.ndarray:
    """WCAG relative luminance (0 black .. 1 white) of each ``[r, g, b]`` colour."""
    rgb = np.asarray(list(colors) if not isinstance(colors, np.ndarray) else colors, float)
    channel = rgb.reshape(-1, 3) / 255.0
    linear = np.where(channel <= 0.04045, channel / 12.92, ((channel + 0.055) / 1.055) ** 2.4)
    result: np.ndarray = linear @ np.array([0.2126, 0.7152, 0.0722])
    return result


def contrast(a: Color, b: Color) -> float:
    """The WCAG contrast ratio of two colours, from 1 (the same) to 21 (black on white)."""
    la, lb = sorted(luminance([a, b]), reverse=True)
    return float((la + 0.05) / (lb + 0.05))


GREYISH = 0.25
"""Colours less saturated than this (HSV) count as greys when snapped."""


def saturation(colors: np.ndarray) -> np.ndarray:
    """HSV saturation of each ``[r, g, b]`` row (0 for black and greys)."""
    high, low = colors.max(axis=-1), colors.min(axis=-1)
    result: np.ndarray = np.where(high > 0, (high - low) / np.maximum(high, 1), 0.0)
    return result


def hue(colors: np.ndarray) -> np.ndarray:
    """HSV hue of each ``[r, g, b]`` row, in degrees (0 for greys)."""
    r, g, b = (colors[..., i] for i in range(3))
    high, low = colors.max(axis=-1), colors.min(axis=-1)
    span = np.maximum(high - low, 1e-9)
    h = np.where(
        high == r, ((g - b) / span) % 6, np.where(high == g, (b - r) / span + 2, (r - g) / span + 4)
    )
    result: np.ndarray = np.where(high > low, h * 60.0, 0.0)
    return result


def nearest(colors: list[Color], choices: tuple[Color, ...]) -> list[Color]:
    """Each colour replaced by the closest of ``choices``: a coloured thing by the
    coloured choice nearest in hue (then in brightness), a greyish one by the greyish
    choice nearest in brightness, so a thing keeps its hue and a grey stays grey (when
    there are choices of its kind)."""
    if not colors:
        return []
    c = np.array(colors, float)
    k = np.array(choices, float)
    turn = np.abs(hue(c)[:, None] - hue(k)[None, :])
    turn = np.minimum(turn, 360 - turn) / 180
    bright = np.abs(luminance(c)[:, None] - luminance(k)[None, :])
    grey_colour = saturation(c) < GREYISH
    grey_choice = saturation(k) < GREYISH
    dist = np.where(grey_colour[:, None] | grey_choice[None, :], bright, turn + 0.2 * bright)
    if grey_choice.any() and not grey_choice.all():
        dist = np.where(grey_colour[:, None] != grey_choice[None, :], np.inf, dist)
    return [choices[i] for i in dist.argmin(axis=1)]


def lighten(colors: list[Color], least: float) -> list[Color]:
    """Each colour mixed with white just enough to reach luminance ``least`` (bisection
    over the whole list at once); brighter colours are kept."""
    if not colors or least <= 0:
        return list(colors)
    rgb = np.array(colors, float)
    lo, hi = np.zeros(len(rgb)), np.ones(len(rgb))
    hi[luminance(rgb) >= least] = 0.0
    for _ in range(24):
        mid = (lo + hi) / 2
        bright = luminance(np.rint(rgb + mid[:, None] * (255 - rgb))) >= least
        hi = np.where(bright, mid, hi)
        lo = np.where(bright, lo, mid)
    mixed = np.rint(rgb + hi[:, None] * (255 - rgb)).astype(int)
    return [(int(r), int(g), int(b)) for r, g, b in mixed]


class TileColours(msgspec.Struct, frozen=True):
    """A palette's terrain look in one state: colours only (glyphs stay the content's)."""

    fg: Color
    bg: Color


class Palette(msgspec.Struct, frozen=True):
    """One colour palette from ``palettes.toml``: rules over every foreground, then single
    colours that override them."""

    name: str
    description: str = ""
    snap_to: tuple[Color, ...] = ()
    min_luminance: float = 0.0
    looks: dict[str, Color] = msgspec.field(default_factory=dict)
    """Look key (monster, item, trap, ``unknown_<category>``, ``player``, ``remains``) ->
    foreground, over the rules."""
    tiles: dict[tuple[str, str, str], TileColours] = msgspec.field(default_factory=dict)
    """(glyph render mode, tile name, ``lit`` / ``dark``) -> colours."""
    statuses: dict[str, Color] = msgspec.field(default_factory=dict)
    messages: dict[str, Color] = msgspec.field(default_factory=dict)
    """Message kind (``MessageKind`` value) -> colour, over the rules."""
    box: dict[str, Color] = msgspec.field(default_factory=dict)
    """``BOX_COLOURS`` name -> colour."""

    def recolour(self, colors: dict[str, Color], explicit: dict[str, Color]) -> dict[str, Color]:
        """``colors`` (foregrounds by key) through the rules, then ``explicit`` ones."""
        keys = list(colors)
        values = [colors[key] for key in keys]
        if self.snap_to:
            values = nearest(values, self.snap_to)
        values = lighten(values, self.min_luminance)
        out = dict(zip(keys, values, strict=True))
        out.update((key, color) for key, color in explicit.items() if key in out)
        return out


def _colour(table: Table, name: str, named: dict[str, Color]) -> Color:
    value = table.data.get(name)
    if isinstance(value, str):
        if value not in named:
            raise table.error(name, f"no colour {value!r} in [colours] ({', '.join(named)})")
        return named[value]
    return table.color(name)


def _colours(table: Table, known: Iterable[str], named: dict[str, Color]) -> dict[str, Color]:
    table.reject_unknown(tuple(known))
    return {name: _colour(table, name, named) for name in table.names()}


def _tiles(
    table: Table, modes: tuple[str, ...], named: dict[str, Color]
) -> dict[tuple[str, str, str], TileColours]:
    table.reject_unknown(modes)
    found: dict[tuple[str, str, str], TileColours] = {}
    for mode in table.names():
        per_mode = table.sub(mode)
        per_mode.reject_unknown(TILE_NAMES)
        for tile in per_mode.names():
            states = per_mode.sub(tile)
            states.reject_unknown(("lit", "dark"))
            for state in states.names():
                part = states.sub(state)
                part.reject_unknown(("fg", "bg"))
                colours = TileColours(_colour(part, "fg", named), _colour(part, "bg", named))
                found[(mode, tile, state)] = colours
    return found


def parse_palettes(
    table: Table, look_keys: Iterable[str], modes: tuple[str, ...]
) -> dict[str, Palette]:
    """Every palette of ``palettes.toml``; ``look_keys`` are the keys ``looks`` may name
    (content's looks and ``remains``), ``modes`` the glyph render modes."""
    table.reject_unknown(("colours", *PALETTE_NAMES))
    named: dict[str, Color] = {}
    if "colours" in table:
        colours = table.sub("colours")
        named = {name: colours.color(name) for name in colours.names()}
    look_keys = tuple(look_keys)
    palettes = {}
    for name in PALETTE_NAMES:
        if name not in table:
            raise DataError(f"{table.source}: no [{name}] palette (every one of "
                            f"{', '.join(PALETTE_NAMES)} is needed)")  # fmt: skip
        entry = table.sub(name)
        entry.reject_unknown(PALETTE_KEYS)
        snap: tuple[Color, ...] = ()
        if "snap_to" in entry:
            raw = entry.get("snap_to", list)
            if not raw or not all(isinstance(v, str) and v in named for v in raw):
                raise entry.error("snap_to", "expected a list of names from [colours]")
            snap = tuple(named[v] for v in raw)
        least = entry.get("min_luminance", float, 0.0)
        if not 0.0 <= least <= 1.0:
            raise entry.error("min_luminance", f"expected a number from 0 to 1, got {least}")

        def part(key: str, known: Iterable[str], entry: Table = entry) -> dict[str, Color]:
            return _colours(entry.sub(key), known, named) if key in entry else {}

        palettes[name] = Palette(
            name=name,
            description=entry.get("description", str, ""),
            snap_to=snap,
            min_luminance=least,
            looks=part("looks", look_keys),
            tiles=_tiles(entry.sub("tiles"), modes, named) if "tiles" in entry else {},
            statuses=part("statuses", STATUSES),
            messages=part("messages", MESSAGE_KINDS),
            box=part("box", BOX_COLOURS),
        )
    return palettes
