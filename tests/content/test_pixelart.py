"""sprites.toml: every kind is drawn, and mistakes are reported with file, sprite and line."""

from __future__ import annotations

from importlib import resources

import numpy as np
import pytest

from emberdeep.content import loader
from emberdeep.content.parsed import ParsedCache
from emberdeep.content.pixelart import SPRITE_SIZE, parse_sprites
from emberdeep.content.tomldata import DataError, Table
from emberdeep.engine.core.floor import TILE_NAMES
from emberdeep.mapgen.fixtures import FIXTURES

GOOD = resources.files("emberdeep.content").joinpath("sprites.toml").read_text()


def kinds() -> list[str]:
    content = loader.load()
    population = content.population
    return [
        "shroud",
        *TILE_NAMES,
        "player",
        *(kind.key for kind in population.monsters.kinds),
        "remains",
        *(kind.key for kind in population.items.kinds),
        *(kind.key for kind in (population.traps.kinds if population.traps else ())),
        *(f"unknown_{category}" for category in ("potion", "scroll", "wand", "staff")),
        *FIXTURES,
        "flames",
        "gas_cloud",
    ]


def parse(text: str, names: list[str] | None = None) -> None:
    required = [(name, f"thing {name!r}") for name in (names or kinds())]
    parse_sprites(Table.parse("sprites.toml", text), required)


def line_of(text: str, needle: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if needle in line)


def test_every_kind_in_the_content_has_a_sprite() -> None:
    content = loader.load()
    assert list(content.sprites) == kinds()
    for name, sprite in content.sprites.items():
        assert sprite.rgba.shape == (SPRITE_SIZE, SPRITE_SIZE, 4), name
        assert set(np.unique(sprite.rgba[..., 3])) <= {0, 255}, name
        assert not sprite.rgba.flags.writeable


def test_sprites_keep_to_a_small_palette_and_creatures_are_outlined() -> None:
    for name, sprite in loader.load().sprites.items():
        drawn = sprite.rgba[sprite.rgba[..., 3] > 0][:, :3]
        colours = len(np.unique(drawn, axis=0))
        assert 2 <= colours <= 6, (name, colours)
    for name in ("player", "orc", "troll", "jackal", "ogre"):
        rgba = loader.load().sprites[name].rgba
        assert (rgba[..., 3] == 0).sum() > 40, f"{name} should leave floor visible around it"


def test_a_character_missing_from_the_palette_names_sprite_row_and_line() -> None:
    row = "..kgkbbbbbbkgk.."  # the orc's belt, first of two identical rows
    broken = GOOD.replace(row, "..kgkbbZbbbkgk..", 1)
    line = line_of(broken, "bbZbbb")
    with pytest.raises(DataError) as err:
        parse(broken)
    message = str(err.value)
    assert message.startswith(f"sprites.toml:{line}: orc.rows: row 10: column 8: 'Z'")
    assert "not in the palette" in message


def test_a_short_row_and_a_wrong_row_count_are_named() -> None:
    broken = GOOD.replace("kmk..kmksskmk...", "kmk..kmksskmk..", 1)
    line = line_of(broken, "kmk..kmksskmk..")
    with pytest.raises(DataError, match=rf"^sprites\.toml:{line}: player\.rows: row 5: 15 char"):
        parse(broken)
    start = GOOD.index("[jackal]")
    missing_row = GOOD[:start] + GOOD[start:].replace("................\n", "", 1)
    line = line_of(missing_row, "[jackal]") + 2
    with pytest.raises(DataError, match=rf"^sprites\.toml:{line}: jackal\.rows: expected 16 rows"):
        parse(missing_row)


def test_palette_mistakes_are_named() -> None:
    bad_colour = GOOD.replace("r = [255, 51, 35]", "r = [255, 51, 300]", 1)
    with pytest.raises(DataError, match=r"orc\.palette\.r: expected a colour"):
        parse(bad_colour)
    dot = GOOD.replace("[orc]\npalette = { ", '[orc]\npalette = { "." = [1, 2, 3], ', 1)
    line = line_of(dot, '"." = [1, 2, 3]')
    with pytest.raises(DataError, match=rf"^sprites\.toml:{line}: orc\.palette: '\.' is always"):
        parse(dot)


def test_a_monster_without_a_sprite_is_a_load_error(monkeypatch: pytest.MonkeyPatch) -> None:
    read = loader.read_table

    def with_goblin(name: str, cache: ParsedCache | None = None) -> Table:
        table = read(name, cache)
        if name != "monsters.toml":
            return table
        text = table.text + (
            '\n[hobgoblin]\nname = "Hobgoblin"\nglyph = "g"\ncolor = [0, 200, 0]\n'
            "hp = 5\ndefense = 0\npower = 2\nspawn = [[1, 10]]\n"
        )
        return Table.parse(name, text)

    monkeypatch.setattr(loader, "read_table", with_goblin)
    with pytest.raises(DataError) as err:
        loader.load_checked()
    assert str(err.value).startswith(
        "sprites.toml: hobgoblin: missing sprite for monster 'hobgoblin' (monsters.toml)"
    )


def test_a_sprite_for_no_kind_is_refused_with_its_line() -> None:
    extra = GOOD + "\n[gobbo]\npalette = { k = [0, 0, 0] }\nrows = '''\n" + "k" * 16 + "\n'''\n"
    line = line_of(extra, "[gobbo]")
    with pytest.raises(DataError, match=rf"^sprites\.toml:{line}: gobbo: no such kind"):
        parse(extra)
