"""Light as content: ``lights.toml`` read into plain values the screens mix in.

Each source is a colour, a reach and a fade (``Light``); fixtures (torches, braziers,
fungus: placed by ``mapgen/fixtures.py``) also have the glyph they are drawn with. The
loader checks every fixture mapgen places has a light, and every glow names a monster
or an item, so a typo is an error with its file, line and key, not a dark room.
"""

from __future__ import annotations

from collections.abc import Collection

import msgspec

from emberdeep.content.tomldata import Color, DataError, Table
from emberdeep.engine.core.floor import TILE_NAMES
from emberdeep.engine.terrain.gas import GAS_NAMES

SOURCE = "lights.toml"
MAX_RADIUS = 20


class Light(msgspec.Struct, frozen=True):
    """One light: ``intensity * (1 - d / radius) ** falloff`` of ``color`` at distance d."""

    color: Color
    radius: int
    intensity: float
    falloff: float


class Fixture(msgspec.Struct, frozen=True):
    """A light fixture's light and how it is drawn in the glyph modes."""

    light: Light
    glyph: str
    glyph_color: Color


class Lights(msgspec.Struct, frozen=True):
    ambient: float = 1.0
    """What a cell in view with no light on it is lit at (1: as tiles.toml draws it)."""
    brightest: float = 1.0
    player: Light | None = None
    fixtures: dict[str, Fixture] = msgspec.field(default_factory=dict)
    terrain: dict[str, Light] = msgspec.field(default_factory=dict)
    """Tile name -> the light each cell of it gives."""
    glow: dict[str, Light] = msgspec.field(default_factory=dict)
    """Monster or item key -> its light."""
    fire: Light | None = None
    """The light each burning cell gives (``engine/terrain/fire.py``)."""
    flames: tuple[Color, ...] = ()
    """The colours a burning cell flickers between."""
    gas: dict[str, Color] = msgspec.field(default_factory=dict)
    """Gas name (``engine/terrain/gas.py``) -> the tint its cloud gives the ground."""


def _light(table: Table) -> Light:
    radius = table.integer("radius", 1, MAX_RADIUS)
    intensity = table.get("intensity", float)
    falloff = table.get("falloff", float)
    if not 0.0 <= intensity <= 2.0:
        raise table.error("intensity", f"expected a number from 0 to 2, got {intensity}")
    if not 0.25 <= falloff <= 4.0:
        raise table.error("falloff", f"expected a number from 0.25 to 4, got {falloff}")
    return Light(table.color("color"), radius, intensity, falloff)


LIGHT_KEYS = ("color", "radius", "intensity", "falloff")


def parse_lights(table: Table, fixtures: Collection[str], glowing: Collection[str]) -> Lights:
    """``lights.toml``; ``fixtures`` are the kinds mapgen places (each must be lit) and
    ``glowing`` the monster and item keys a glow may name."""
    table.reject_unknown(("ambient", "player", "fixtures", "terrain", "glow", "fire", "gas"))
    ambient = table.sub("ambient")
    ambient.reject_unknown(("level", "brightest"))
    level = ambient.get("level", float)
    brightest = ambient.get("brightest", float)
    if not 0.3 <= level <= 1.0:
        raise ambient.error("level", f"expected a number from 0.3 to 1, got {level}")
    if not 1.0 <= brightest <= 2.0:
        raise ambient.error("brightest", f"expected a number from 1 to 2, got {brightest}")
    player = table.sub("player")
    player.reject_unknown(LIGHT_KEYS)
    found: dict[str, Fixture] = {}
    for name, entry in table.sub("fixtures").subtables():
        if name not in fixtures:
            raise table.error(f"fixtures.{name}", f"not a fixture (known: {', '.join(fixtures)})")
        entry.reject_unknown((*LIGHT_KEYS, "glyph", "glyph_color"))
        found[name] = Fixture(_light(entry), entry.char("glyph"), entry.color("glyph_color"))
    missing = [name for name in fixtures if name not in found]
    if missing:
        raise DataError(f"{SOURCE}: fixtures: no light for {', '.join(missing)}")
    terrain = {}
    for name, entry in table.sub("terrain").subtables() if "terrain" in table else []:
        if name not in TILE_NAMES:
            raise table.error(f"terrain.{name}", f"not a terrain (known: {', '.join(TILE_NAMES)})")
        entry.reject_unknown(LIGHT_KEYS)
        terrain[name] = _light(entry)
    glow = {}
    for name, entry in table.sub("glow").subtables() if "glow" in table else []:
        if name not in glowing:
            raise table.error(f"glow.{name}", "not a monster or an item")
        entry.reject_unknown(LIGHT_KEYS)
        glow[name] = _light(entry)
    fire: Light | None = None
    flames: tuple[Color, ...] = ()
    if "fire" in table:
        entry = table.sub("fire")
        entry.reject_unknown((*LIGHT_KEYS, "flames"))
        fire = _light(entry)
        raw = entry.get("flames", list)
        numbered = {str(n): colour for n, colour in enumerate(raw)}
        listed = Table(entry.source, entry.text, numbered, entry.key("flames"))
        flames = tuple(listed.color(str(n)) for n in range(len(raw)))
        if not flames:
            raise entry.error("flames", "expected at least one colour")
    tints = table.sub("gas")  # every gas kind has its tint: one missing would go undrawn
    tints.reject_unknown(GAS_NAMES)
    gas = {name: tints.color(name) for name in GAS_NAMES}
    return Lights(level, brightest, _light(player), found, terrain, glow, fire, flames, gas)
