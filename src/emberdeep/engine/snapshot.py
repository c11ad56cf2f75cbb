"""A world as plain data (dicts, lists, strings, numbers) and back, for saves and tests.

No pickle: a save is data that is checked on the way in, so a damaged or hostile file can
only ever produce a ``SnapshotError`` with a reason, never run code or leave a half-built
world. Derived state (what is visible, the schedule, distance maps) is not stored; it is
rebuilt, so it cannot disagree with the rest.

A floor's creatures and items are stored as columns (``snapshot_columns``); saves before
format 4 held one table per creature, and still load (here). Reading untrusted data is
``snapshot_reader``'s.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, fields
from typing import Any

import numpy as np

from emberdeep.engine import gear, hunger, runics
from emberdeep.engine.actors import (
    AWARE,
    MAX_LEVEL,
    MAX_STAT,
    MODES,
    PLAYER_ID,
    Actor,
    ActorKind,
    Mode,
    Progression,
)
from emberdeep.engine.fellowship import Fellowship, Loss
from emberdeep.engine.floor import REMAINS_KEY, TILE_NAMES, Floor, Rect, Tile
from emberdeep.engine.fov import ALGORITHMS, FovSettings
from emberdeep.engine.identify import MAX_LOOK, Identity
from emberdeep.engine.items import MAX_STACK, Item, ItemKind
from emberdeep.engine.journal import Journal, JournalError
from emberdeep.engine.snapshot_columns import (
    SHUT,
    dump_actors,
    dump_items,
    load_actors,
    load_items,
)
from emberdeep.engine.snapshot_reader import (
    BIG,
    MAX_ACTION_TIME,
    MAX_COUNT,
    MAX_DEPTH,
    MAX_SIDE,
    Reader,
    SnapshotError,
    b64,
)
from emberdeep.engine.statuses import MAX_TURNS, STATUSES
from emberdeep.engine.traps import EFFECTS as TRAP_EFFECTS
from emberdeep.engine.traps import Trap, TrapKind
from emberdeep.engine.world import FloorBuilder, World

__all__ = [
    "MAX_ACTION_TIME", "MAX_COUNT", "MAX_DEPTH", "MAX_SIDE", "SnapshotError", "actor_in_range",
    "columns_checked", "dump", "dump_floor", "load",
]  # fmt: skip
"""What saves and tests read here; the limits and the error are ``snapshot_reader``'s."""


def dump(world: World, kept: bool = True) -> dict[str, Any]:
    """The world as plain data; without ``kept`` the kept floors are left out (a save
    stores each on its own, ``dump_floor``)."""
    data = {
        "seed": world.seed,
        "time": world.time,
        "turn": world.turn,
        "depth": world.depth,
        "won": world.won,
        "fov": asdict(world.fov),
        "progression": asdict(world.progression),
        "rng": world.rng.bit_generator.state,
        "kills": dict(world.kills),
        "allies": {
            "freed": world.fellowship.freed,
            "kills": dict(world.fellowship.kills),
            "lost": [[x.kind, x.depth, x.killer, x.cause] for x in world.fellowship.lost],
        },
        "journal": world.journal.to_data(),
        "strength": world.strength,
        "nourishment": world.nourishment,
        "inventory": [
            {"kind": i.kind.key, "equipped": i.equipped, "count": i.count, "used": i.used}
            | gear_fields(i)
            for i in world.inventory
        ],
        "identity": {
            "looks": dict(world.identity.looks),
            "known": sorted(world.identity.known),
        },
        "floor": dump_floor(world.floor),
    }
    if kept:
        data["kept"] = [{"depth": d, **dump_floor(floor)} for d, floor in world.kept.items()]
    return data


def dump_floor(floor: Floor) -> dict[str, Any]:
    return {
        "width": floor.width,
        "height": floor.height,
        "tiles": b64(floor.tiles),
        "explored": b64(floor.explored),
        "start": list(floor.start),
        "stairs": list(floor.stairs),
        "rooms": [[r.x, r.y, r.width, r.height] for r in floor.rooms],
        "left_at": floor.left_at,
        "calm_since": floor.calm_since,
        "actors": dump_actors(list(floor.actors.values())),
        "items": dump_items(floor.items),
        "traps": [_trap_fields(t) for t in floor.traps.values()],
        "gas": b64(floor.gas) if floor.gas_active else "",
        "seen_items": [[x, y, key] for (x, y), key in floor.seen_items.items()],
        "fixtures": [[x, y, key] for (x, y), key in floor.fixtures.items()],
    }


def _actor_fields(actor: Actor) -> dict[str, Any]:
    values = {f.name: getattr(actor, f.name) for f in fields(Actor) if f.init}
    values["statuses"] = dict(actor.statuses)
    return values


def _trap_fields(trap: Trap) -> dict[str, Any]:
    return {**asdict(trap.kind), "x": trap.x, "y": trap.y, "hidden": trap.hidden}


LEGACY_AI = {"player": "player", "hostile": "chase", "idle": "idle", "corpse": "idle"}
"""Saves of 0.1.0 named a creature's behaviour ``ai``, with these values."""
LEGACY_BEHAVIOURS = (
    *("player", "chase", "idle", "flee", "pack", "archer", "healer", "summoner", "fading"),
    *("blinker", "erratic", "guardian"),
)
"""What saves before 0.3 named a creature's behaviour (its kind now says how it acts)."""


def _renamed_fields(raw: object) -> object:
    """A creature's fields as this version names them: before 0.3 a creature had an
    ``asleep`` flag (none in 0.1.0) and a ``behaviour`` (0.1.0's ``ai``), not a mode."""
    if not isinstance(raw, Mapping) or "mode" in raw:
        return raw
    renamed = {key: value for key, value in raw.items() if key not in ("asleep", "behaviour", "ai")}
    behaviour = raw.get("behaviour", raw.get("ai"))
    behaviour = LEGACY_AI.get(behaviour, behaviour) if isinstance(behaviour, str) else behaviour
    hunting = raw.get("hunting")
    aware = type(hunting) is int and hunting > 0
    if behaviour not in LEGACY_BEHAVIOURS:
        renamed["mode"] = "?"  # refused below as an impossible creature
    elif raw.get("asleep") is True:
        renamed["mode"] = Mode.ASLEEP
    elif aware:
        renamed["mode"] = Mode.HUNTING
    else:
        renamed["mode"] = Mode.GUARDING if behaviour == "guardian" else Mode.WANDERING
    return renamed


def actor_in_range(actor: Actor) -> bool:
    """Every number of a creature within what play can reach (well beyond, but bounded:
    a level of 2**62 would make the hall of fame's arithmetic run for ever)."""
    counters = (actor.confused, actor.hunting, actor.detour)
    lowest = -MAX_STAT if actor.is_player else 0  # equipment may take from the player
    return (
        actor.id >= 1
        and 0 <= actor.hp <= actor.max_hp
        and 1 <= actor.level <= MAX_LEVEL
        and all(0 <= s <= 2 * MAX_STAT for s in (actor.max_hp, actor.xp))
        and all(lowest <= s <= 2 * MAX_STAT for s in (actor.defense, actor.power))
        and all(0 <= c <= MAX_ACTION_TIME for c in counters)
    )


def load(
    data: object,
    build_floor: FloorBuilder,
    item_kinds: Mapping[str, ItemKind],
    kinds: Mapping[str, ActorKind] | None = None,
) -> World:
    """Rebuild a world from ``dump`` output, checking everything; raises SnapshotError.
    ``kinds`` are the creature kinds play may bring forth (``Hero.kinds``)."""
    try:
        return _load(Reader(data, ""), build_floor, item_kinds, kinds or {})
    except SnapshotError:
        raise
    except (TypeError, ValueError, KeyError, OverflowError) as exc:
        raise SnapshotError(f"inconsistent save: {exc}") from None


def _load(
    root: Reader,
    build_floor: FloorBuilder,
    item_kinds: Mapping[str, ItemKind],
    kinds: Mapping[str, ActorKind],
) -> World:
    depth = root.integer("depth", 1, MAX_DEPTH)
    floor = _load_floor(root.sub("floor"), item_kinds, depth, "floor")
    if floor.actors.get(PLAYER_ID) is None:
        raise SnapshotError("floor.actors: the player is missing")
    fov = root.sub("fov")
    algorithm = fov.get("algorithm", str)
    if algorithm not in ALGORITHMS:
        raise SnapshotError(f"fov.algorithm: unknown {algorithm!r}")
    progression = root.sub("progression")
    world = World.restore(
        seed=root.integer("seed", 0, 2**63 - 1),
        build_floor=build_floor,
        fov=FovSettings(
            algorithm, fov.integer("radius", 0, MAX_SIDE), fov.get("light_walls", bool)
        ),
        progression=Progression(
            **{f.name: progression.integer(f.name, 0, BIG) for f in fields(Progression)}
        ),
        floor=floor,
        kinds=kinds,
    )
    _player_state(root, world)
    for n, raw in enumerate(root.entries("kept", MAX_DEPTH) if "kept" in root else []):
        kept = Reader(raw, f"kept[{n}]")
        kept_depth = kept.integer("depth", 1, MAX_DEPTH)
        if kept_depth == depth or kept_depth in world.kept:
            raise SnapshotError(f"kept[{n}].depth: a floor twice")
        kept_floor = _load_floor(kept, item_kinds, kept_depth, f"kept[{n}]")
        if PLAYER_ID in kept_floor.actors:
            raise SnapshotError(f"kept[{n}].actors: the player is on another floor")
        if any(a.next_time > world.time + MAX_ACTION_TIME for a in kept_floor.actors.values()):
            raise SnapshotError(f"kept[{n}].actors: a creature is due at an impossible time")
        world.kept[kept_depth] = kept_floor
    for at_depth, each in (*world.kept.items(), (depth, floor)):
        strange = {a.kind for a in each.actors.values() if a.id != PLAYER_ID} - set(kinds)
        if strange:  # every monster's turn asks its kind what to do
            unknown = min(strange)
            raise SnapshotError(f"depth {at_depth}: a creature of an unknown kind {unknown!r}")
    for actor in world.floor.actors.values():
        # In play the player is due within one action and no monster lags behind the
        # clock; otherwise the next turn would run monsters for an age (a hang).
        gap = actor.next_time - world.time
        player = actor.id == PLAYER_ID
        if actor.alive and (gap > MAX_ACTION_TIME if player else gap < -MAX_ACTION_TIME):
            raise SnapshotError(f"floor.actors: creature {actor.id} is due at an impossible time")
    try:
        world.rng.bit_generator.state = root.get("rng", dict)
    except (TypeError, ValueError, KeyError):
        raise SnapshotError("rng: not a valid random state") from None
    for name, count in root.get("kills", dict).items():
        if not isinstance(name, str) or not isinstance(count, int) or count < 0:
            raise SnapshotError("kills: expected names and counts")
        world.kills[name] = count
    if "allies" in root.data:  # absent in saves made before allies
        world.fellowship = _fellowship(root.sub("allies"))
    try:
        world.journal = Journal.from_data(root.get("journal", dict))
    except JournalError as exc:
        raise SnapshotError(f"journal: {exc}") from None
    for n, raw in enumerate(root.entries("inventory", 26)):
        entry = Reader(raw, f"inventory[{n}]")
        item = Item(_kind(entry, item_kinds), equipped=entry.get("equipped", bool))
        load_gear(entry, item)
        _stack(entry, item)
        world.inventory.append(item)
    if "identity" in root.data:
        world.identity = _identity(root.sub("identity"), item_kinds)
    return world


def _fellowship(raw: Reader) -> Fellowship:
    """The allies' record: freed, kills by kind, losses."""
    record = Fellowship(freed=raw.integer("freed", 0, BIG))
    for name, count in raw.get("kills", dict).items():
        if not isinstance(name, str) or type(count) is not int or not 0 <= count <= BIG:
            raise SnapshotError("allies.kills: expected names and counts")
        record.kills[name] = count
    for n, entry in enumerate(raw.entries("lost", MAX_COUNT)):
        if not (
            isinstance(entry, list) and len(entry) == 4
            and all(isinstance(v, str) and len(v) <= MAX_LOOK for v in entry[::2] + entry[3:])
            and type(entry[1]) is int and 1 <= entry[1] <= MAX_DEPTH
        ):  # fmt: skip
            raise SnapshotError(f"allies.lost[{n}]: expected [kind, depth, killer, cause]")
        record.lost.append(Loss(entry[0], entry[1], entry[2], entry[3]))
    return record


def _player_state(root: Reader, world: World) -> None:
    """The clock, the turn, whether won, the strength (absent before the economy) and
    the food in the stomach (absent before the hunger clock: a full one)."""
    world.time = root.integer("time", 0)
    world.turn = root.integer("turn", 0)
    world.won = root.get("won", bool) if "won" in root else False
    if "strength" in root:
        world.strength = root.integer("strength", 1, gear.MAX_STRENGTH)
    if "nourishment" in root:
        world.nourishment = root.integer("nourishment", 0, hunger.STOMACH)


def _stack(entry: Reader, item: Item) -> None:
    """A stack's count and a wand's spent charges (absent in older saves: 1 and 0)."""
    if "count" in entry.data:
        item.count = entry.integer("count", 1, MAX_STACK if item.kind.stacks else 1)
    if "used" in entry.data:
        item.used = entry.integer("used", 0, item.capacity)


def gear_fields(item: Item) -> dict[str, object]:
    """What a carried item is beyond its kind, when not the default (older saves have
    none of it)."""
    found: dict[str, object] = {}
    if item.enchant:
        found["enchant"] = item.enchant
    if item.runic:
        found["runic"] = item.runic
    if not item.known:
        found["known"] = False
    if item.proof:
        found["proof"] = item.proof
    if item.recharge:
        found["recharge"] = item.recharge
    return found


def load_gear(entry: Reader, item: Item) -> None:
    """``gear_fields`` back, checked."""
    if "enchant" in entry:
        item.enchant = entry.integer("enchant", -gear.MAX_ENCHANT, gear.MAX_ENCHANT)
    if "runic" in entry:
        item.runic = entry.get("runic", str)
        if item.runic not in runics.RUNICS:
            raise SnapshotError(f"{entry.where('runic')}: no such runic")
    if "known" in entry:
        item.known = entry.get("known", bool)
    if "proof" in entry:
        item.proof = entry.integer("proof", 0, gear.PROOF_TURNS)
    if "recharge" in entry:
        item.recharge = entry.integer("recharge", 0, gear.STAFF_RECHARGE)


def _identity(raw: Reader, item_kinds: Mapping[str, ItemKind]) -> Identity:
    identity = Identity()
    for key, look in raw.get("looks", dict).items():
        if key not in item_kinds or not isinstance(look, str) or not 0 < len(look) <= MAX_LOOK:
            raise SnapshotError(f"identity.looks: bad entry {key!r}")
        identity.looks[key] = look
    for key in raw.entries("known"):
        if not isinstance(key, str) or key not in item_kinds:
            raise SnapshotError(f"identity.known: unknown item {key!r}")
        identity.known.add(key)
    return identity


def _trap(entry: Reader, floor: Floor) -> Trap:
    effect = entry.get("effect", str)
    status = entry.get("status", str)
    if effect not in TRAP_EFFECTS or (status and status not in STATUSES):
        raise SnapshotError(f"{entry.path}: impossible trap")
    kind = TrapKind(
        key=entry.get("key", str)[:MAX_LOOK],
        name=entry.get("name", str)[:MAX_LOOK],
        effect=effect,
        status=status,
        turns=entry.integer("turns", 0, MAX_TURNS),
        amount=entry.integer("amount", 0, MAX_TURNS),
    )
    x, y = entry.integer("x", 0, floor.width - 1), entry.integer("y", 0, floor.height - 1)
    if not floor.walkable[x, y] or (x, y) in floor.traps or floor.tiles[x, y] in SHUT:
        raise SnapshotError(f"{entry.path}: not on a free floor tile")
    return Trap(kind, x, y, entry.get("hidden", bool))


def _statuses(raw: object, where: str) -> dict[str, int]:
    if raw is None:
        return {}
    if not isinstance(raw, Mapping) or not all(
        name in STATUSES and type(turns) is int and 1 <= turns <= MAX_TURNS
        for name, turns in raw.items()
    ):
        raise SnapshotError(f"{where}.statuses: expected status names and turns left")
    return dict(raw)


def _kind(entry: Reader, item_kinds: Mapping[str, ItemKind]) -> ItemKind:
    key = entry.get("kind", str)
    if key not in item_kinds:
        raise SnapshotError(f"{entry.where('kind')}: unknown item {key!r}")
    return item_kinds[key]


def _load_floor(raw: Reader, item_kinds: Mapping[str, ItemKind], depth: int, where: str) -> Floor:
    shape = (raw.integer("width", 1, MAX_SIDE), raw.integer("height", 1, MAX_SIDE))
    tiles = raw.array("tiles", np.uint8, shape)
    if tiles.max(initial=0) >= len(TILE_NAMES):
        raise SnapshotError(f"{where}.tiles: unknown tile kind")
    rooms = []
    for n, room in enumerate(raw.entries("rooms")):
        if not (isinstance(room, list) and len(room) == 4 and all(type(v) is int for v in room)):
            raise SnapshotError(f"{where}.rooms[{n}]: expected [x, y, width, height]")
        rooms.append(Rect(*room))
    floor = Floor(
        tiles, start=raw.point("start", shape), stairs=raw.point("stairs", shape), rooms=rooms
    )
    floor.depth = depth
    if floor.tiles[floor.start] == Tile.FLOOR:  # 0.1.0 floors had no up stairs
        floor.tiles[floor.start] = Tile.STAIRS_UP
    if floor.tiles[floor.start] != Tile.STAIRS_UP or floor.tiles[floor.stairs] != Tile.STAIRS_DOWN:
        raise SnapshotError(f"{where}: a staircase is missing")
    floor.explored[...] = raw.array("explored", np.bool_, shape)
    if isinstance(raw.data.get("actors"), Mapping):
        load_actors(raw.sub("actors"), floor, where)
    else:
        _load_legacy_actors(raw, floor, where)
    columns = isinstance(raw.data.get("items"), Mapping)
    if columns:
        load_items(raw.sub("items"), floor, item_kinds, f"{where}.items")
    for n, item_raw in enumerate([] if columns else raw.entries("items")):  # formats 1 to 3
        entry = Reader(item_raw, f"{where}.items[{n}]")
        x, y = entry.integer("x", 0, shape[0] - 1), entry.integer("y", 0, shape[1] - 1)
        if not floor.walkable[x, y] or floor.tiles[x, y] in SHUT:
            raise SnapshotError(f"{entry.path}: not on open ground")
        item = Item(_kind(entry, item_kinds), x, y)
        load_gear(entry, item)
        _stack(entry, item)
        item.dropped = entry.get("dropped", bool) if "dropped" in entry.data else False
        item.choice = entry.integer("choice", 0, MAX_SIDE**2) if "choice" in entry.data else 0
        floor.items.append(item)
    _load_floor_extras(raw, floor, item_kinds)
    if "left_at" in raw.data:  # saves before 0.3 froze the floors left...
        floor.left_at = raw.integer("left_at", 0)
    if "calm_since" in raw.data:  # ...and nothing arrived on them
        floor.calm_since = raw.integer("calm_since", 0)
    return floor


def columns_checked(data: object) -> bool:
    """Whether a world's data stores its creatures as columns (format 4): the loader
    then checks on whole columns every rule ``invariants.violations`` checks one
    creature at a time, and a save need not run those again."""
    floor = data.get("floor") if isinstance(data, Mapping) else None
    return isinstance(floor, Mapping) and isinstance(floor.get("actors"), Mapping)


SINCE_COLUMNS = ("shackles", "stays")
"""Creature fields added after the formats that saved creatures one table each."""


def _load_legacy_actors(raw: Reader, floor: Floor, where: str) -> None:
    """Creatures saved one table each (formats 1 to 3), checked one by one."""
    names = {f.name: f.type for f in fields(Actor) if f.init}
    for n, fields_raw in enumerate(raw.entries("actors")):
        entry = Reader(_renamed_fields(fields_raw), f"{where}.actors[{n}]")
        values: dict[str, Any] = {}
        for name, annotation in names.items():
            if name == "statuses":
                values[name] = _statuses(entry.data.get(name), entry.path)
                continue
            if name in SINCE_COLUMNS:
                continue  # no captive or ally was ever saved one table each: the default
            kind = {"int": int, "str": str, "bool": bool}[str(annotation)]
            values[name] = entry.integer(name) if kind is int else entry.get(name, kind)
        actor = Actor(**values)
        aware = actor.mode in AWARE
        known = actor.mode == Mode.WANDERING if actor.is_player else actor.mode in MODES
        if not known or (not actor.is_player and aware != (actor.hunting > 0)):
            raise SnapshotError(f"{where}.actors[{n}]: impossible creature")
        if not actor_in_range(actor):
            raise SnapshotError(f"{where}.actors[{n}]: impossible creature")
        if actor.blocks != actor.alive:
            raise SnapshotError(f"{where}.actors[{n}]: the living must block, the dead must not")
        if not (
            1 <= actor.move_time <= MAX_ACTION_TIME and 1 <= actor.attack_time <= MAX_ACTION_TIME
        ):
            raise SnapshotError(f"{where}.actors[{n}]: impossible action times")
        if not floor.in_bounds(actor.x, actor.y) or not floor.walkable[actor.x, actor.y]:
            raise SnapshotError(f"{where}.actors[{n}]: not on a floor tile")
        if actor.id in floor.actors:
            raise SnapshotError(f"{where}.actors[{n}]: duplicate id {actor.id}")
        floor.add_actor(actor)


def _rememberable(key: str, item_kinds: Mapping[str, ItemKind]) -> bool:
    """A key the remembered map may hold: an item's, an unknown item's look, remains."""
    if key in item_kinds or key == REMAINS_KEY:
        return True
    category = key.removeprefix("unknown_")
    return category != key and any(kind.category == category for kind in item_kinds.values())


def _load_floor_extras(raw: Reader, floor: Floor, item_kinds: Mapping[str, ItemKind]) -> None:
    """Traps, gas, the remembered items and the light fixtures (none in saves before they
    existed)."""
    for n, trap_raw in enumerate(raw.entries("traps") if "traps" in raw.data else []):
        trap = _trap(Reader(trap_raw, f"{raw.path}.traps[{n}]"), floor)
        floor.traps[trap.position] = trap
    if raw.data.get("gas"):
        floor.gas[...] = raw.array("gas", np.float32, floor.size)
        if not np.isfinite(floor.gas).all() or (floor.gas < 0).any() or (floor.gas > 1e6).any():
            raise SnapshotError(f"{raw.path}.gas: impossible amounts")
        floor.gas_active = bool(floor.gas.any())
    for n, seen in enumerate(raw.entries("seen_items") if "seen_items" in raw.data else []):
        ok = isinstance(seen, list) and len(seen) == 3 and isinstance(seen[2], str)
        if (
            not ok
            or not _rememberable(seen[2], item_kinds)
            or not all(type(v) is int for v in seen[:2])
        ):
            raise SnapshotError(f"{raw.path}.seen_items[{n}]: expected [x, y, item]")
        if not floor.in_bounds(seen[0], seen[1]):
            raise SnapshotError(f"{raw.path}.seen_items[{n}]: outside the map")
        floor.seen_items[(seen[0], seen[1])] = seen[2]
    for n, fixture in enumerate(raw.entries("fixtures") if "fixtures" in raw.data else []):
        ok = isinstance(fixture, list) and len(fixture) == 3 and isinstance(fixture[2], str)
        if not ok or not all(type(v) is int for v in fixture[:2]) or len(fixture[2]) > 40:
            raise SnapshotError(f"{raw.path}.fixtures[{n}]: expected [x, y, kind]")
        if not floor.in_bounds(fixture[0], fixture[1]):
            raise SnapshotError(f"{raw.path}.fixtures[{n}]: outside the map")
        floor.fixtures[(fixture[0], fixture[1])] = fixture[2]
