"""Every monster comes with what the player is told of it: a one-line hint (the comment
after its table's name in monsters.toml), a description, a sprite and its own glyph."""

from __future__ import annotations

import re
from importlib.resources import files

from emberdeep.content import loader

HEADER = re.compile(r"^\[(?P<key>[a-z_]+)\](?P<rest>.*)$")


def hints() -> dict[str, str]:
    """Each monster table's key -> the comment on its header line ("" without one)."""
    text = files("emberdeep.content").joinpath("monsters.toml").read_text(encoding="utf-8")
    found = {}
    for line in text.splitlines():
        match = HEADER.match(line)
        if match and match["key"] not in ("defaults", "remains"):
            found[match["key"]] = match["rest"].strip().removeprefix("#").strip()
    return found


def test_every_monster_has_a_hint_a_description_a_sprite_and_a_glyph_of_its_own() -> None:
    content = loader.load()
    kinds = [kind.key for kind in content.population.monsters.kinds]
    given = hints()
    assert sorted(given) == sorted(kinds)
    assert [key for key in kinds if len(given[key]) < 20] == []
    assert [key for key in kinds if not content.descriptions.monsters.get(key)] == []
    assert [key for key in kinds if key not in content.sprites] == []
    glyphs = [content.looks[key].glyph for key in kinds]
    assert len(set(glyphs)) == len(glyphs)


def test_the_deep_floors_gain_at_least_five_kinds_in_each_band() -> None:
    """Depths 8-11 and 12-16 each meet five kinds not found any shallower."""
    kinds = loader.load().population.monsters.kinds
    first = {k.key: min((d for d, w in k.spawn if w > 0), default=0) for k in kinds}
    assert sum(1 for depth in first.values() if 8 <= depth <= 11) >= 5
    assert sum(1 for depth in first.values() if 12 <= depth <= 16) >= 5
