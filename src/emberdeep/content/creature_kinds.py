"""``monsters.toml`` and ``player.toml`` into creature kinds: the stats every creature
has, each monster's look, spawn weights and blow, the remains of the dead, and the hero's
starting kit and level-up rules.

What only a monster has (its way of moving, its abilities) is read by ``creatures.py``;
the numbers and names items share with creatures by ``shared_keys.py``.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping

import msgspec

from emberdeep.content.creatures import TRAIT_KEYS, traits
from emberdeep.content.looks import BLACK, Look
from emberdeep.content.shared_keys import ARTICLES, MAX_STAT, by_depth, plural_key
from emberdeep.content.tomldata import DataError, Table
from emberdeep.engine.core.actors import ActorKind, Progression
from emberdeep.engine.creatures.spawning import ByDepth, SpawnTable
from emberdeep.engine.play.hero import Hero
from emberdeep.engine.things.items import ItemKind

BLOW_VERBS = ("hit", "bite", "sting", "touch", "claw", "slash", "burn", "bash")
"""What a monster's blow may be called (the narration knows each one's noun)."""
CREATURE_KEYS = ("name", "glyph", "color", "hp", "defense", "power", "move_time", "attack_time")
MONSTER_KEYS = ("xp", "sleeps", "spawn", "verb", "plural", "article", *TRAIT_KEYS)


def actor_kind(
    key: str, table: Table, defaults: dict[str, int], monsters: Collection[str] = ()
) -> ActorKind:
    """A creature kind; for a monster (``monsters``: every monster kind's key, which its
    abilities may name), how it moves and what it can do."""

    def time(name: str) -> int:
        return table.integer(name, 1, MAX_STAT, defaults.get(name, 100))

    return ActorKind(
        key=key,
        name=table.get("name", str),
        hp=table.integer("hp", 1, MAX_STAT),
        defense=table.integer("defense", 0, MAX_STAT),
        power=table.integer("power", 0, MAX_STAT),
        move_time=time("move_time"),
        attack_time=time("attack_time"),
        xp=table.integer("xp", 0, MAX_STAT, 0),
        sleeps=table.integer("sleeps", 0, 100, 0),
        verb=table.choice("verb", BLOW_VERBS, "hit"),
        plural=plural_key(table),
        article=table.choice("article", ARTICLES, "") if "article" in table else "",
        **(traits(table, monsters) if monsters else {}),
    )


def parse_monsters(
    table: Table, per_room: ByDepth
) -> tuple[SpawnTable[ActorKind], dict[str, Look], Look]:
    defaults_table = table.sub("defaults")
    defaults_table.reject_unknown(("move_time", "attack_time"))
    defaults = {n: defaults_table.integer(n, 1, MAX_STAT) for n in defaults_table.names()}
    remains_table = table.sub("remains")
    remains_table.reject_unknown(("glyph", "color"))
    remains = Look(remains_table.char("glyph"), remains_table.color("color"), BLACK)
    kinds, weights, looks = [], [], {}
    monster_keys = [key for key in table.names() if key not in ("defaults", "remains")]
    for key, monster in table.subtables():
        if key in ("defaults", "remains"):
            continue
        monster.reject_unknown((*CREATURE_KEYS, *MONSTER_KEYS))
        weights.append(by_depth(monster, "spawn"))
        kinds.append(
            msgspec.structs.replace(
                actor_kind(key, monster, defaults, monster_keys), spawn=weights[-1].steps
            )
        )
        looks[key] = Look(monster.char("glyph"), monster.color("color"), BLACK)
    if not kinds:
        raise DataError(f"{table.source}: no monsters defined")
    return SpawnTable(tuple(kinds), tuple(weights), per_room), looks, remains


def parse_hero(
    table: Table, items: SpawnTable[ItemKind], monsters: SpawnTable[ActorKind]
) -> tuple[Hero, Look]:
    table.reject_unknown((*CREATURE_KEYS, "start_items", "level_up"))
    by_key = {kind.key: kind for kind in items.kinds}
    start = []
    for key in table.get("start_items", list, []):
        if not isinstance(key, str) or key not in by_key:
            raise table.error("start_items", f"no item {key!r} in items.toml")
        start.append(by_key[key])
    gains = table.sub("level_up")
    names = ("base", "factor", "hp", "power", "defense", "might_costs", "agility_costs")
    gains.reject_unknown(names)
    progression = Progression(
        *(gains.integer(name, 0, MAX_STAT) for name in names[:5]),
        *(gains.integer(name, 0, MAX_STAT, 0) for name in names[5:]),
    )
    kind = actor_kind("player", table, {})
    kinds = {monster.key: monster for monster in monsters.kinds}
    look = Look(table.char("glyph"), table.color("color"), BLACK)
    return Hero(kind, tuple(start), progression, kinds=kinds), look


def refuse_item_glyphs(table: Table, looks: Mapping[str, Look], items: Mapping[str, Look]) -> None:
    """Refuse a monster (of ``looks``, read from ``table``) drawn with an item's glyph
    (of ``items``): hand play took a spectral blade, then ``|``, for a weapon lying on the
    floor, and a monster must never look like something to pick up."""
    taken = {look.glyph for look in items.values()}
    for key, look in looks.items():
        if look.glyph in taken:
            problem = f"{look.glyph!r} is an item's glyph: a monster must not look like an item"
            raise table.sub(key).error("glyph", problem)
