"""Everything the map shows can be told apart by more than its colour: every creature by
its glyph, and in the tiles mode by its sprite's outline; items of different categories by
outline, items of one category by a clear part of their picture."""

from __future__ import annotations

import itertools
import re
from importlib import resources

import numpy as np
from numpy.typing import NDArray

from emberdeep.content import loader
from emberdeep.content.item_kinds import unknown_key
from emberdeep.engine.things.items import UNIDENTIFIED

SILHOUETTE = 0.20
"""The least part of two sprites' outlines (opaque pixels, union) that one has and the
other has not: a fifth, so that a glance tells them apart in the tiles mode."""
REPAINTED = 0.10
"""The least part of two items' pictures (union) whose colours clearly differ, for kinds
of one category (potions are one bottle in many colours, as the game deals them)."""
CLEARLY = 90
"""Summed |r|+|g|+|b| difference of a pixel that counts as clearly different."""


def mask(key: str) -> NDArray[np.bool_]:
    result: NDArray[np.bool_] = loader.load().sprites[key].rgba[..., 3] > 0
    return result


def silhouette_difference(a: str, b: str) -> float:
    """The share of the union of two outlines covered by only one of them."""
    ma, mb = mask(a), mask(b)
    return float((ma ^ mb).sum() / (ma | mb).sum())


def repainted(a: str, b: str) -> float:
    """The share of the union of two pictures whose pixels clearly differ in colour."""
    sprites = loader.load().sprites
    pa = sprites[a].rgba.astype(np.int32)
    pb = sprites[b].rgba.astype(np.int32)
    union = mask(a) | mask(b)
    changed = (np.abs(pa - pb).sum(axis=-1) > CLEARLY) & union
    return float(changed.sum() / union.sum())


def creatures() -> list[str]:
    return ["player", *(kind.key for kind in loader.load().population.monsters.kinds)]


def items_by_category() -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for kind in loader.load().population.items.kinds:
        found.setdefault(kind.category, []).append(kind.key)
    for category in UNIDENTIFIED:
        found.setdefault(category, []).append(unknown_key(category))
    return found


def test_no_two_creatures_share_a_glyph() -> None:
    looks = loader.load().looks
    glyphs = [looks[key].glyph for key in creatures()]
    shared = {glyph for glyph in glyphs if glyphs.count(glyph) > 1}
    assert shared == set(), f"shared glyphs: {shared}"


def test_creature_glyphs_are_mnemonic() -> None:
    """The letter is the name's (or, for the few that are not letters, a symbol)."""
    content = loader.load()
    for kind in content.population.monsters.kinds:
        glyph = content.looks[kind.key].glyph
        if glyph.isalpha():
            assert glyph.lower() in kind.name.lower(), (kind.key, glyph)


def test_every_two_creature_sprites_differ_in_outline() -> None:
    poor = [
        f"{a}/{b}: {difference:.2f}"
        for a, b in itertools.combinations(creatures(), 2)
        if (difference := silhouette_difference(a, b)) < SILHOUETTE
    ]
    assert poor == [], poor


def test_items_of_different_categories_differ_in_outline() -> None:
    groups = items_by_category()
    poor = [
        f"{a}/{b}: {difference:.2f}"
        for one, other in itertools.combinations(groups, 2)
        for a in groups[one]
        for b in groups[other]
        if (difference := silhouette_difference(a, b)) < SILHOUETTE
    ]
    assert poor == [], poor


def test_items_of_one_category_differ_clearly_in_their_picture() -> None:
    """Including an unknown potion from each known one: an identified kind never looks
    unidentified."""
    poor = [
        f"{a}/{b}: {share:.2f}"
        for keys in items_by_category().values()
        for a, b in itertools.combinations(keys, 2)
        if (share := repainted(a, b)) < REPAINTED
    ]
    assert poor == [], poor


def test_the_measures_can_fail() -> None:
    assert silhouette_difference("orc", "orc") == 0.0
    assert repainted("health_potion", "health_potion") == 0.0
    assert silhouette_difference("player", "health_potion") > SILHOUETTE


HINT = re.compile(r"^\[(\w+)\]\s+#\s*(\S.*)$")
"""A monster's section header with its one-line hint: ``[eel]  # strikes from ...``."""


def test_every_monster_has_its_own_glyph_hint_description_and_sprite() -> None:
    """What a player is told of each monster (the hint, the look panel's text) and what
    they see of it (glyph, sprite) is its own: no two alike, none missing."""
    content = loader.load()
    text = resources.files("emberdeep.content").joinpath("monsters.toml").read_text("utf-8")
    hints = {m[1]: m[2] for line in text.splitlines() if (m := HINT.match(line))}
    monsters = [kind.key for kind in content.population.monsters.kinds]
    assert [key for key in monsters if key not in hints] == []
    assert len(set(hints.values())) == len(hints)
    described = [content.descriptions.monsters.get(key, "") for key in monsters]
    assert all(described) and len(set(described)) == len(described)
    assert all(key in content.sprites for key in monsters)
    glyphs = [content.looks[key].glyph for key in monsters]
    assert len(set(glyphs)) == len(glyphs)
