"""The task suite's scenarios (``tasks.toml``), read and checked against the content:
every creature and item named must exist, every number be in range, with the file, line
and key of anything wrong (``DataError``)."""

from __future__ import annotations

import functools
from dataclasses import dataclass

from emberdeep.content.loader import Content, load, read_table
from emberdeep.content.tomldata import DataError, Table

GOALS = ("kill", "identify", "descend", "treasure", "escape")
MAX_STEPS = 100_000
KEYS = ("description", "depth", "goal", "count", "max_steps", "monsters", "items",
        "treasure", "lava", "hero")  # fmt: skip
HERO_KEYS = ("level", "hp", "power", "defense")


@dataclass(frozen=True)
class Pack:
    """``count`` creatures of ``kind``, at least ``away`` steps from the player."""

    kind: str
    count: int
    away: int


@dataclass(frozen=True)
class Task:
    """One scenario (see ``tasks.toml`` for what each field does)."""

    name: str
    description: str
    depth: int
    goal: str
    max_steps: int
    count: int = 1
    monsters: tuple[Pack, ...] = ()
    items: tuple[str, ...] = ()
    treasure: bool = False
    lava: int = 0
    hero: tuple[tuple[str, int], ...] = ()


def parse(table: Table, content: Content) -> dict[str, Task]:
    tasks = {}
    creatures = content.hero.kinds
    items = {kind.key for kind in content.population.items.kinds}
    for name, entry in table.subtables():
        if not name.isidentifier() or not name[0].isupper():
            raise entry.error("description", f"task names are CamelCase words, not {name!r}")
        entry.reject_unknown(KEYS)
        packs = []
        for n, raw in enumerate(entry.get("monsters", list, [])):
            if not isinstance(raw, dict):
                raise entry.error("monsters", f"entry {n + 1}: expected {{ kind, count, away }}")
            pack = Table(entry.source, entry.text, raw, entry.key("monsters"))
            pack.reject_unknown(("kind", "count", "away"))
            kind = pack.choice("kind", sorted(k for k in creatures if k != "player"))
            packs.append(Pack(kind, pack.integer("count", 1, 50), pack.integer("away", 1, 20, 1)))
        carried = entry.get("items", list, [])
        for key in carried:
            if key not in items:
                raise entry.error("items", f"unknown item {key!r}")
        hero = entry.sub("hero") if "hero" in entry else None
        if hero is not None:
            hero.reject_unknown(HERO_KEYS)
        task = Task(
            name=name,
            description=entry.get("description", str),
            depth=entry.integer("depth", 1, 30),
            goal=entry.choice("goal", GOALS),
            max_steps=entry.integer("max_steps", 1, MAX_STEPS),
            count=entry.integer("count", 1, 26, 1),
            monsters=tuple(packs),
            items=tuple(carried),
            treasure=entry.get("treasure", bool, False),
            lava=entry.integer("lava", 0, 20, 0),
            hero=tuple((k, hero.integer(k, 1, 10_000)) for k in HERO_KEYS if k in hero)
            if hero is not None
            else (),
        )
        if task.goal == "kill" and not packs:
            raise entry.error("goal", "a kill task needs monsters")
        if task.goal == "identify" and task.count > len(carried):
            raise entry.error("count", f"{task.count} to identify, but {len(carried)} items")
        tasks[name] = task
    if not tasks:
        raise DataError("tasks.toml: no tasks")
    return tasks


@functools.cache
def load_tasks() -> dict[str, Task]:
    """The shipped tasks, checked against the shipped content."""
    return parse(read_table("tasks.toml"), load())
