"""What a floor is built with and what lies on it besides its rooms' monsters and items:
``dungeon.toml`` (the generator and its parameters for each depth, hazard pools, the vault
chance, the goal), the items ``spawns.toml`` lays per floor or on given floors, the traps
of ``traps.toml`` and the captives of ``captives.toml``.

These are the floor-wide parts of the engine's ``Population`` and the dungeon's plan; the
kinds they name come from ``creature_kinds.py`` and ``item_kinds.py``.
"""

from __future__ import annotations

from dataclasses import fields

from emberdeep import mapgen
from emberdeep.content.looks import BLACK, Look
from emberdeep.content.shared_keys import MAX_DEPTH, MAX_STAT, by_depth
from emberdeep.content.tomldata import DataError, Table
from emberdeep.engine.core.actors import ActorKind
from emberdeep.engine.creatures.spawning import ByDepth, Captives, Goal, SpawnTable
from emberdeep.engine.creatures.statuses import MAX_TURNS, STATUSES
from emberdeep.engine.terrain.traps import EFFECTS as TRAP_EFFECTS
from emberdeep.engine.terrain.traps import MAX_WAKES, TrapKind
from emberdeep.engine.things.identify import MAX_LOOK
from emberdeep.engine.things.items import ItemKind

MAX_POOLS = 20
"""The most hazard pools of one kind a floor may ask for."""


SPAWN_KEYS = ("monsters_per_room", "items_per_room", "traps_per_floor", "per_floor", "on_floors")
"""What spawns.toml may hold."""


def parse_placed(
    spawns: Table, items: SpawnTable[ItemKind]
) -> tuple[tuple[tuple[ItemKind, ByDepth], ...], tuple[tuple[ItemKind, tuple[int, ...]], ...]]:
    """spawns.toml's ``[per_floor]`` (item key -> count by depth) and ``[on_floors]``
    (item key -> the floors it lies on once)."""
    by_key = {kind.key: kind for kind in items.kinds}
    per_floor, on_floors = [], []
    if "per_floor" in spawns:
        table = spawns.sub("per_floor")
        for key in table.data:
            if key not in by_key:
                raise table.error(key, "no such item in items.toml")
            per_floor.append((by_key[key], by_depth(table, key)))
    if "on_floors" in spawns:
        table = spawns.sub("on_floors")
        for key, floors in table.data.items():
            if key not in by_key:
                raise table.error(key, "no such item in items.toml")
            ok = isinstance(floors, list) and all(
                type(v) is int and 1 <= v <= MAX_DEPTH for v in floors
            )
            if not ok:
                raise table.error(key, f"expected a list of depths 1-{MAX_DEPTH}")
            on_floors.append((by_key[key], tuple(floors)))
    return tuple(per_floor), tuple(on_floors)


TRAP_KEYS = (
    "name", "glyph", "color", "effect", "status", "turns", "amount", "wakes", "plate", "spawn",
)  # fmt: skip


def parse_traps(table: Table, per_floor: ByDepth) -> tuple[SpawnTable[TrapKind], dict[str, Look]]:
    kinds, weights, looks = [], [], {}
    for key, trap in table.subtables():
        trap.reject_unknown(TRAP_KEYS)
        effect = trap.choice("effect", TRAP_EFFECTS)
        status = trap.choice("status", STATUSES) if effect == "status" else ""
        kinds.append(
            TrapKind(
                key=key,
                name=trap.get("name", str)[:MAX_LOOK],
                effect=effect,
                status=status,
                turns=trap.integer("turns", 1, MAX_TURNS) if status else 0,
                amount=trap.integer("amount", 1, MAX_TURNS) if effect == "gas" else 0,
                wakes=trap.integer("wakes", 1 if effect == "wake" else 0, MAX_WAKES, 0),
                plate=trap.get("plate", bool, False),
            )
        )
        weights.append(by_depth(trap, "spawn"))
        looks[key] = Look(trap.char("glyph"), trap.color("color"), BLACK)
    return SpawnTable(tuple(kinds), tuple(weights), per_floor), looks


GOAL_DEPTHS = (12, 26)
"""Where the treasure may lie: deep enough for a whole game, shallow enough to finish."""


def parse_goal(table: Table, items: SpawnTable[ItemKind], monsters: SpawnTable[ActorKind]) -> Goal:
    table.reject_unknown(("depth", "treasure", "guardian"))
    item_keys = {kind.key: kind for kind in items.kinds}
    monster_keys = {kind.key: kind for kind in monsters.kinds}
    treasure = table.choice("treasure", sorted(item_keys))
    if item_keys[treasure].effect != "treasure":
        raise table.error("treasure", f'{treasure!r} is not an item with effect = "treasure"')
    return Goal(
        table.integer("depth", *GOAL_DEPTHS),
        item_keys[treasure],
        monster_keys[table.choice("guardian", sorted(monster_keys))],
    )


def parse_dungeon(
    table: Table, items: SpawnTable[ItemKind], monsters: SpawnTable[ActorKind]
) -> tuple[tuple[mapgen.LevelPlan, ...], Goal]:
    table.reject_unknown(("levels", "goal"))
    goal = parse_goal(table.sub("goal"), items, monsters)
    raw = table.get("levels", list)
    plan = []
    for n, entry in enumerate(raw):
        if not isinstance(entry, dict):
            raise table.error("levels", "expected [[levels]] tables")
        level = Table(table.source, table.text, entry, f"levels[{n}]")
        level.reject_unknown(("from", "generator", "params", "hazards", "vault", "grass"))
        from_depth = level.integer("from", 1, MAX_DEPTH)
        name = level.choice("generator", sorted(mapgen.GENERATORS))
        params = generator_params(level, mapgen.get(name).params_type)
        pools: list[tuple[str, int]] = []
        if "hazards" in level:
            table_ = level.sub("hazards")
            table_.reject_unknown(tuple(mapgen.hazards.HAZARDS))
            pools = [(kind, table_.integer(kind, 0, MAX_POOLS)) for kind in table_.names()]
        vault = level.integer("vault", 0, 100, 0)
        grass = level.integer("grass", 0, 100, 0)
        try:
            built = mapgen.get(name).params(**params)
        except (TypeError, ValueError) as exc:
            raise level.error("params", str(exc)) from None
        plan.append(mapgen.LevelPlan(from_depth, name, built, tuple(pools), vault, grass))
        if len(plan) > 1 and from_depth <= plan[-2].from_depth:
            raise level.error("from", "depths must rise from one level to the next")
    if not plan or plan[0].from_depth != 1:
        raise table.error("levels", "the first level must be from = 1")
    return tuple(plan), goal


CAPTIVE_KEYS = ("from", "chance", "shackles", "captors")
MAX_SHACKLES = 100


def parse_captives(table: Table, monsters: SpawnTable[ActorKind]) -> Captives:
    """``captives.toml``: how often a captive is found, and which monsters may be, each a
    section named by its monster key with its own ``spawn`` weights by depth."""
    by_key = {kind.key: kind for kind in monsters.kinds}
    kinds, weights = [], []
    for key in table.names():
        if key in CAPTIVE_KEYS:
            continue
        if key not in by_key:
            raise table.error(key, f"{key!r} is not a monster in monsters.toml")
        entry = table.sub(key)
        entry.reject_unknown(("spawn",))
        kinds.append(by_key[key])
        weights.append(by_depth(entry, "spawn"))
    if not kinds:
        raise DataError(f"{table.source}: no captive kinds defined")
    return Captives(
        kinds=SpawnTable(tuple(kinds), tuple(weights), ByDepth(())),
        from_depth=table.integer("from", 1, MAX_DEPTH),
        chance=table.integer("chance", 0, 100),
        shackles=table.integer("shackles", 1, MAX_SHACKLES),
        captors=by_depth(table, "captors"),
    )


def generator_params(level: Table, params_type: type[mapgen.BaseParams]) -> dict[str, int]:
    """A level's ``params``, each checked against the generator's field: a wrong type or
    an absurd size would otherwise fail, or run for ever, only when the floor is built."""
    if "params" not in level:
        return {}
    table = level.sub("params")
    specs = {spec.name: spec for spec in fields(params_type)}
    table.reject_unknown(tuple(specs))
    return {
        name: table.get(name, bool)
        if isinstance(specs[name].default, bool)
        else table.integer(name, 0, MAX_STAT)
        for name in table.names()
    }
