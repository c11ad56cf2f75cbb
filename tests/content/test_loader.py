from __future__ import annotations

import re
from importlib import resources

import pytest

from emberdeep.content import creature_kinds, item_kinds, loader, looks
from emberdeep.content.tomldata import DataError, Table, find_line
from emberdeep.engine.core.floor import TILE_NAMES
from emberdeep.engine.creatures.spawning import ByDepth


def test_shipped_content_loads_with_every_tile_in_every_mode() -> None:
    content = loader.load()
    for mode in looks.GLYPH_MODES:
        assert set(content.tiles[mode]) == set(TILE_NAMES)
    assert content.tiles["ascii"]["wall"].lit.glyph == "#"
    assert content.tiles["ascii"]["floor"].lit.glyph == "."
    assert content.tiles["solid"]["wall"].dark.bg == (0, 0, 100)
    assert content.looks["player"].glyph == "@"
    player = content.hero.kind
    assert (player.hp, player.defense, player.power) == (30, 1, 3)
    assert [k.key for k in content.hero.start_items] == ["dagger", "leather_armor"]
    rules = content.hero.progression  # player.toml's [level_up]: base + factor * level
    assert rules.xp_to_next(1) == rules.base + rules.factor > 0
    assert rules.xp_to_next(2) - rules.xp_to_next(1) == rules.factor


def _tiles(text: str) -> None:
    looks.parse_tiles(Table.parse("tiles.toml", text))


GOOD = resources.files("emberdeep.content").joinpath("tiles.toml").read_text()


def test_bad_colour_names_file_key_and_line() -> None:
    broken = GOOD.replace("dark = { fg = [70, 70, 130]", "dark = { fg = [70, 70, 300]")
    line = next(i for i, text in enumerate(broken.splitlines(), 1) if "300" in text)
    with pytest.raises(DataError) as err:
        _tiles(broken)
    assert str(err.value).startswith(f"tiles.toml:{line}: wall.ascii.dark.fg: expected a colour")


def test_missing_mode_and_unknown_tile_are_named() -> None:
    lines = GOOD.splitlines()
    line = lines.index("[floor.ascii]") + 1
    with pytest.raises(DataError, match=rf"tiles\.toml:{line}: floor\.fancy: unknown key"):
        _tiles(GOOD.replace("[floor.ascii]", "[floor.fancy]"))
    with pytest.raises(DataError, match=r"floor\.ascii: expected a table"):
        start, end = GOOD.index("[floor.ascii]"), GOOD.index("[stairs_down.solid]")
        _tiles(GOOD[:start] + GOOD[end:])
    with pytest.raises(DataError, match="magma: unknown key"):
        _tiles(GOOD + '\n[magma.solid]\nglyph = "~"\n')


def test_glyph_must_be_one_character() -> None:
    with pytest.raises(DataError, match=r"wall\.ascii\.glyph: expected exactly one character"):
        _tiles(GOOD.replace('glyph = "#"', 'glyph = "##"'))


def test_syntax_errors_keep_the_parser_line() -> None:
    with pytest.raises(DataError, match=r"tiles\.toml: not valid TOML: .*line 4"):
        _tiles("[shroud]\nglyph = ' '\nfg = [0, 0\nbg = 7\n")


def test_find_line_locates_nested_keys() -> None:
    text = "a = 1\n[x.y]\nb = 2\nc = { d = 3 }\n"
    assert find_line(text, "x.y.b") == 3
    assert find_line(text, "x.y.c.d") == 4
    assert find_line(text, "a") == 1


MONSTERS = resources.files("emberdeep.content").joinpath("monsters.toml").read_text()
ITEMS = resources.files("emberdeep.content").joinpath("items.toml").read_text()
PER_ROOM = ByDepth(((1, 2),))


def test_plural_and_article_are_read_for_the_log() -> None:
    monsters = creature_kinds.parse_monsters(Table.parse("monsters.toml", MONSTERS), PER_ROOM)[0]
    wolf = next(kind for kind in monsters.kinds if kind.key == "wolf")
    assert (wolf.plural, wolf.article) == ("Wolves", "")
    items = item_kinds.parse_items(Table.parse("items.toml", ITEMS), PER_ROOM)[0]
    heart = next(kind for kind in items.kinds if kind.key == "ember_heart")
    assert heart.article == "the"


@pytest.mark.parametrize(
    ("replacement", "problem"),
    [
        ('plural = ""', r"wolf\.plural: expected a name of 1 to 40 characters"),
        ("plural = 3", r"wolf\.plural: expected a string"),
        (f'plural = "{"w" * 41}"', r"wolf\.plural: expected a name of 1 to 40"),
        ('article = "some"', r"wolf\.article: expected one of a, an, the"),
        ('plurals = "Wolves"', r"wolf\.plurals: unknown key"),
    ],
)
def test_bad_plurals_and_articles_name_file_line_and_key(replacement: str, problem: str) -> None:
    broken = MONSTERS.replace('plural = "Wolves"', replacement)
    line = broken.splitlines().index(replacement) + 1
    with pytest.raises(DataError, match=rf"^monsters\.toml:{line}: {problem}"):
        creature_kinds.parse_monsters(Table.parse("monsters.toml", broken), PER_ROOM)


def test_a_bad_item_article_is_named() -> None:
    broken = ITEMS.replace('article = "the"', 'article = "thy"')
    with pytest.raises(DataError, match=r"ember_heart\.article: expected one of a, an, the"):
        item_kinds.parse_items(Table.parse("items.toml", broken), PER_ROOM)


def test_a_monster_is_a_way_of_moving_plus_abilities_with_their_numbers() -> None:
    monsters = creature_kinds.parse_monsters(Table.parse("monsters.toml", MONSTERS), PER_ROOM)[0]
    by_key = {kind.key: kind for kind in monsters.kinds}
    wisp, shaman = by_key["will_o_wisp"], by_key["kobold_shaman"]
    assert [a.name for a in wisp.abilities] == ["blink", "shoot"] and wisp.reach == 4
    mend = shaman.ability("mend")
    assert mend is not None and mend.number("below") == 70 and mend.rate == 80
    assert shaman.keeps_distance is not None and shaman.keeps_distance.reason == "allies"
    assert by_key["goblin"].flees_below == 35 and by_key["warden"].guards == 5
    assert not by_key["spectral_blade"].leaves_remains and by_key["orc"].reach == 1


R = "{ reach = 12 }"


@pytest.mark.parametrize(
    ("old", "new", "key", "problem"),
    [
        (f"call = {R}", f"howl = {R}", "jackal.abilities.howl", "unknown ability"),
        (
            f"call = {R}",
            "call = { reach = 99 }",
            "jackal.abilities.call.reach",
            "expected an integer from 1 to 40",
        ),
        (f"call = {R}", "call = { range = 12 }", "jackal.abilities.call.range", "unknown key"),
        (
            f"call = {R}",
            "call = { rate = 0 }",
            "jackal.abilities.call.rate",
            "expected an integer from 1 to 100",
        ),
        (
            'kind = "spectral_blade"',
            'kind = "lich"',
            "goblin_conjurer.abilities.summon.kind",
            "expected one of",
        ),
        (
            'status = "poisoned"',
            'status = "cursed"',
            "spider.abilities.afflicts.status",
            "expected one of",
        ),
        (
            "thorns = { damage = 4 }",
            "thorns = {}",
            "ember_slime.abilities.thorns.damage",
            "missing",
        ),
        (
            'while = "shot"',
            'while = "bored"',
            "goblin_archer.keeps_distance.while",
            "expected one of",
        ),
    ],
)
def test_bad_abilities_name_file_line_and_key(old: str, new: str, key: str, problem: str) -> None:
    broken = MONSTERS.replace(old, new, 1)
    line = next(n for n, text in enumerate(broken.splitlines(), 1) if new in text)
    with pytest.raises(DataError, match=rf"^monsters\.toml:{line}: {re.escape(key)}: {problem}"):
        creature_kinds.parse_monsters(Table.parse("monsters.toml", broken), PER_ROOM)


def test_a_monster_drawn_as_an_item_is_refused_with_file_line_and_key() -> None:
    """Hand play took a spectral blade (then ``|``, the weapons' glyph) for a sword on
    the floor: no monster may share a glyph with an item."""
    table = Table.parse("monsters.toml", MONSTERS.replace('glyph = "R"', 'glyph = "!"', 1))
    monsters, looks, _ = creature_kinds.parse_monsters(table, PER_ROOM)
    _, item_looks = item_kinds.parse_items(Table.parse("items.toml", ITEMS), PER_ROOM)
    shipped = Table.parse("monsters.toml", MONSTERS)
    creature_kinds.refuse_item_glyphs(
        shipped, creature_kinds.parse_monsters(shipped, PER_ROOM)[1], item_looks
    )
    line = table.text.splitlines().index('glyph = "!"') + 1
    with pytest.raises(DataError, match=rf"^monsters\.toml:{line}: \w+\.glyph: '!' is an item's"):
        creature_kinds.refuse_item_glyphs(table, looks, item_looks)
    assert monsters.kinds
