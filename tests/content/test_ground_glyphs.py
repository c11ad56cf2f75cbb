"""Nothing on the ground looks like an item: hand play read a lever (``/``) as a staff,
a bridge (``=``) as rings, and in the tiles mode in a terminal a torch drawn as ``?``
as a scroll. The loader refuses terrain or a fixture drawn with an item's glyph, naming
the file, the line and the key."""

from __future__ import annotations

import re
from importlib import resources

import pytest

from emberdeep.content import loader
from emberdeep.content.ground_glyphs import refuse_item_glyphs_on_ground
from emberdeep.content.lights import parse_lights
from emberdeep.content.looks import parse_tiles
from emberdeep.content.tomldata import DataError, Table
from emberdeep.mapgen.fixtures import FIXTURES
from emberdeep.ui import ansi, sprites

CONTENT = loader.load()
TILES = resources.files("emberdeep.content").joinpath("tiles.toml").read_text()
LIGHTS = resources.files("emberdeep.content").joinpath("lights.toml").read_text()
ITEM_KEYS = {kind.key for kind in CONTENT.population.items.kinds}
ITEM_LOOKS = {
    key: look
    for key, look in CONTENT.looks.items()
    if key in ITEM_KEYS or key.startswith("unknown_")
}
ITEM_GLYPHS = {look.glyph for look in ITEM_LOOKS.values()}


def check(tiles_text: str, lights_text: str = LIGHTS) -> None:
    tiles_table = Table.parse("tiles.toml", tiles_text)
    lights_table = Table.parse("lights.toml", lights_text)
    glowing = [kind.key for kind in CONTENT.population.monsters.kinds] + sorted(ITEM_KEYS)
    lights = parse_lights(lights_table, FIXTURES, glowing)
    refuse_item_glyphs_on_ground(
        tiles_table, parse_tiles(tiles_table)[1], lights_table, lights.fixtures, ITEM_LOOKS
    )


def test_no_terrain_or_fixture_shares_a_glyph_with_an_item() -> None:
    check(TILES)
    for mode in CONTENT.tiles.values():
        for tile in ("bridge", "lever", "pulled_lever"):
            assert mode[tile].lit.glyph not in ITEM_GLYPHS | {" "}
    assert {"=", "/", "?"} <= ITEM_GLYPHS


@pytest.mark.parametrize(("tile", "glyph"), [("bridge", "="), ("lever", "/")])
def test_terrain_drawn_as_an_item_is_refused_with_file_line_and_key(tile: str, glyph: str) -> None:
    section = f"[{tile}.ascii]"
    start = TILES.index(section)
    end = TILES.index("\n", TILES.index("glyph = ", start))
    broken = (
        TILES[:start]
        + re.sub(r'glyph = ".*"', f'glyph = "{glyph}"', TILES[start:end])
        + TILES[end:]
    )
    line = broken[:start].count("\n") + 2
    pattern = rf"^tiles\.toml:{line}: {tile}\.ascii\.glyph: '{re.escape(glyph)}' is an item's glyph"
    with pytest.raises(DataError, match=pattern):
        check(broken)


def test_a_fixture_drawn_as_an_item_is_refused_with_file_line_and_key() -> None:
    broken = LIGHTS.replace('glyph = "¤"', 'glyph = "?"', 1)
    line = broken.splitlines().index('glyph = "?"') + 1
    with pytest.raises(DataError, match=rf"^lights\.toml:{line}: fixtures\.torch\.glyph: '\?'"):
        check(TILES, broken)


def test_a_fixture_shown_as_text_in_the_tiles_mode_is_its_own_glyph_not_a_scroll() -> None:
    """A terminal shows the tiles mode's sprites as their text cells (``render.untile``):
    the torch's was ``?``, the fallback for a look it did not know."""
    atlas = sprites.atlas(CONTENT)
    for name, fixture in CONTENT.lights.fixtures.items():
        cell = atlas.ascii[atlas.code(name, sprites.ALONE) - sprites.SPRITE_BASE]
        assert chr(int(cell["ch"])) == fixture.glyph != "?"


def drawn_glyphs() -> set[str]:
    """Every glyph the map may show: looks, terrain, fixtures, fire and gas."""
    found = {look.glyph for look in CONTENT.looks.values()}
    found |= {fixture.glyph for fixture in CONTENT.lights.fixtures.values()}
    found |= {look.glyph for look in sprites.OVERLAY_LOOKS.values()}
    found |= {look.lit.glyph for mode in CONTENT.tiles.values() for look in mode.values()}
    return found


def test_on_a_terminal_without_unicode_nothing_on_the_ground_turns_into_an_item() -> None:
    """A terminal that cannot show ``¤`` shows an ASCII stand-in (``ansi.ascii_stand_in``),
    which was ``?`` for the torch, the brazier, fungus and fire: a scroll's glyph."""
    for glyph in drawn_glyphs() - ITEM_GLYPHS:
        shown = ansi.ascii_stand_in(glyph)
        assert shown.isascii() and shown.isprintable() and shown not in ITEM_GLYPHS, glyph
