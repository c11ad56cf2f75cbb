"""The task families (``tasks.toml``), read and checked against the content: every
creature and item named must exist, every number be in range, with the file, line and key
of anything wrong (``DataError``).

A family is a goal with a ladder of levels; a level's keys override the family's, so a
researcher adds a level, or a family, by writing a table (the file's header says how).
Each level is one task, named ``<Family>-<Level>``.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any

from emberdeep.content.loader import Content, load, read_table
from emberdeep.content.tomldata import DataError, Table

GOALS = ("kill", "identify", "descend", "treasure", "escape", "rescue")
MAX_STEPS = 100_000
FAMILY_KEYS = ("description", "depth", "goal", "count", "max_steps", "monsters", "items",
               "items_away", "captives", "treasure", "lava", "hero", "near", "shaping")  # fmt: skip
LEVEL_KEYS = (*FAMILY_KEYS, "alias")
HERO_KEYS = ("level", "hp", "power", "defense")
NEAR_GOALS = ("descend", "escape")
"""The goals with stairs to start ``near``: the stairs down, or up."""


@dataclass(frozen=True)
class Pack:
    """``count`` creatures of ``kind``, at least ``away`` steps from the player; a
    captive pack's ``shackles`` are its turns of work to free (0: not captive)."""

    kind: str
    count: int
    away: int
    shackles: int = 0


@dataclass(frozen=True)
class Task:
    """One level of a family (see ``tasks.toml`` for what each field does)."""

    family: str
    level: str
    description: str
    depth: int
    goal: str
    max_steps: int
    count: int = 1
    monsters: tuple[Pack, ...] = ()
    items: tuple[str, ...] = ()
    items_away: int = 0
    captives: tuple[Pack, ...] = ()
    treasure: bool = False
    lava: int = 0
    hero: tuple[tuple[str, int], ...] = ()
    near: int = 0
    shaping: float = 0.0
    alias: str = ""

    @property
    def name(self) -> str:
        return f"{self.family}-{self.level}"


class Level:
    """A level's table over its family's: each key read from the level if it has it,
    else from the family, so errors name the line that set the value."""

    def __init__(self, level: Table, family: Table) -> None:
        self.level, self.family = level, family

    def at(self, key: str) -> Table:
        return self.level if key in self.level else self.family

    def __contains__(self, key: str) -> bool:
        return key in self.level or key in self.family


def packs(table: Table, key: str, creatures: Any, captive: bool) -> tuple[Pack, ...]:
    found = []
    for n, raw in enumerate(table.get(key, list, [])):
        if not isinstance(raw, dict):
            raise table.error(key, f"entry {n + 1}: expected {{ kind, count, away }}")
        pack = Table(table.source, table.text, raw, table.key(key))
        pack.reject_unknown(("kind", "count", "away", "shackles") if captive else
                            ("kind", "count", "away"))  # fmt: skip
        kind = pack.choice("kind", sorted(k for k in creatures if k != "player"))
        shackles = pack.integer("shackles", 1, 50, 5) if captive else 0
        found.append(Pack(kind, pack.integer("count", 1, 50, 1),
                          pack.integer("away", 1, 40, 1), shackles))  # fmt: skip
    return tuple(found)


def parse_level(family: str, name: str, entry: Level, content: Content) -> Task:
    at = entry.at
    creatures = content.hero.kinds
    items = {kind.key for kind in content.population.items.kinds}
    carried = at("items").get("items", list, [])
    for key in carried:
        if key not in items:
            raise at("items").error("items", f"unknown item {key!r}")
    hero_table = at("hero").sub("hero") if "hero" in entry else None
    if hero_table is not None:
        hero_table.reject_unknown(HERO_KEYS)
    task = Task(
        family=family,
        level=name,
        description=at("description").get("description", str),
        depth=at("depth").integer("depth", 1, 30, 1),
        goal=at("goal").choice("goal", GOALS),
        max_steps=at("max_steps").integer("max_steps", 1, MAX_STEPS),
        count=at("count").integer("count", 1, 26, 1),
        monsters=packs(at("monsters"), "monsters", creatures, captive=False),
        items=tuple(carried),
        items_away=at("items_away").integer("items_away", 0, 40, 0),
        captives=packs(at("captives"), "captives", creatures, captive=True),
        treasure=at("treasure").get("treasure", bool, False),
        lava=at("lava").integer("lava", 0, 20, 0),
        hero=tuple((k, hero_table.integer(k, 1, 10_000)) for k in HERO_KEYS if k in hero_table)
        if hero_table is not None
        else (),
        near=at("near").integer("near", 0, 200, 0),
        shaping=at("shaping").get("shaping", float, 0.0),
        alias=entry.level.get("alias", str, ""),
    )
    if not 0.0 <= task.shaping <= 1.0:
        raise at("shaping").error("shaping", f"expected a number from 0 to 1, got {task.shaping}")
    if task.goal == "kill" and not task.monsters:
        raise at("goal").error("goal", "a kill task needs monsters")
    if task.goal == "rescue" and not task.captives:
        raise at("goal").error("goal", "a rescue task needs captives")
    if task.goal == "identify" and task.count > len(carried):
        raise at("count").error("count", f"{task.count} to identify, but {len(carried)} items")
    if task.near and task.goal not in NEAR_GOALS:
        raise at("near").error("near", f"only a {' or '.join(NEAR_GOALS)} task starts near")
    if task.alias and not (task.alias.isidentifier() and task.alias[0].isupper()):
        raise entry.level.error("alias", f"an alias is a CamelCase word, not {task.alias!r}")
    return task


def camel(table: Table, name: str) -> None:
    if not name.isidentifier() or not name[0].isupper() or "_" in name:
        raise table.error(name, f"family and level names are CamelCase words, not {name!r}")


def parse(table: Table, content: Content) -> dict[str, Task]:
    """Every level of every family, by task name (``<Family>-<Level>``)."""
    tasks: dict[str, Task] = {}
    for family_name, family in table.subtables():
        camel(table, family_name)
        family.reject_unknown((*FAMILY_KEYS, "levels"))
        levels = family.sub("levels")
        if not levels.names():
            raise family.error("levels", "a family needs at least one level")
        for level_name, level in levels.subtables():
            camel(levels, level_name)
            level.reject_unknown(LEVEL_KEYS)
            task = parse_level(family_name, level_name, Level(level, family), content)
            tasks[task.name] = task
    if not tasks:
        raise DataError("tasks.toml: no tasks")
    aliases = [task.alias for task in tasks.values() if task.alias]
    if len(set(aliases)) != len(aliases):
        raise DataError(f"tasks.toml: an alias is used twice: {sorted(aliases)}")
    return tasks


def names(table: Table) -> list[tuple[str, str]]:
    """(task name, alias or "") of every level, read from the file's shape alone (for
    registering the ids without loading the content); ``load_tasks`` checks the rest."""
    found = []
    for family, entry in table.data.items():
        levels = entry.get("levels", {}) if isinstance(entry, dict) else {}
        for level, body in levels.items() if isinstance(levels, dict) else ():
            alias = body.get("alias", "") if isinstance(body, dict) else ""
            found.append((f"{family}-{level}", alias if isinstance(alias, str) else ""))
    return found


@functools.cache
def load_tasks() -> dict[str, Task]:
    """The shipped tasks, checked against the shipped content."""
    return parse(read_table("tasks.toml"), load())
