"""A world as plain data (dicts, lists, strings, numbers) and back, for saves and tests.

No pickle: a save is data that is checked on the way in, so a damaged or hostile file can
only ever produce a ``SnapshotError`` with a reason, never run code or leave a half-built
world. The data's shape and bounds are checked as it is read; the world built is then
held to every rule of a valid world (``rules.py``, run by ``invariants.violations``), the
very rules play is held to, so whatever loads is a world play could have made. Derived
state (what is visible, the schedule, distance maps) is not stored; it is rebuilt, so it
cannot disagree with the rest.

A floor's creatures and items are stored as columns (``snapshot_columns``); saves before
format 4 held one table per creature, and still load (here). Reading untrusted data is
``snapshot_reader``'s.
"""

from __future__ import annotations

import operator
from collections.abc import Mapping
from dataclasses import fields
from typing import Any

import msgspec
import numpy as np

from emberdeep.engine.core.actors import (
    PLAYER_ID,
    Actor,
    ActorKind,
    Progression,
)
from emberdeep.engine.core.floor import REMAINS_KEY, TILE_NAMES, Floor, FloorBuilder, Rect, Tile
from emberdeep.engine.core.fov import ALGORITHMS, FovSettings
from emberdeep.engine.creatures import gear, hunger
from emberdeep.engine.creatures.fellowship import Fellowship, Loss
from emberdeep.engine.creatures.statuses import MAX_TURNS, STATUSES
from emberdeep.engine.play import rules
from emberdeep.engine.play.invariants import violations
from emberdeep.engine.play.journal import Journal, JournalError
from emberdeep.engine.play.world import World
from emberdeep.engine.saves.snapshot_columns import dump_actors, load_actors
from emberdeep.engine.saves.snapshot_items import dump_items, load_items
from emberdeep.engine.saves.snapshot_legacy import load_legacy_actors
from emberdeep.engine.saves.snapshot_reader import (
    BIG,
    MAX_ACTION_TIME,
    MAX_COUNT,
    MAX_DEPTH,
    MAX_SIDE,
    Reader,
    SnapshotError,
    b64,
    is_table,
)
from emberdeep.engine.terrain.traps import EFFECTS as TRAP_EFFECTS
from emberdeep.engine.terrain.traps import MAX_WAKES, Trap, TrapKind
from emberdeep.engine.things.identify import MAX_LOOK, Identity
from emberdeep.engine.things.items import MAX_STACK, Item, ItemKind

__all__ = [
    "MAX_ACTION_TIME", "MAX_COUNT", "MAX_DEPTH", "MAX_SIDE", "SnapshotError", "dump",
    "dump_floor", "load",
]  # fmt: skip
"""What saves and tests read here; the limits and the error are ``snapshot_reader``'s."""


def dump(world: World, kept: bool = True) -> dict[str, Any]:
    """The world as plain data; without ``kept`` the kept floors are left out (a save
    stores each on its own, ``dump_floor``)."""
    world.schedule.settle()  # the resting monsters' next turns, as they are due
    data = {
        "seed": world.seed,
        "time": world.time,
        "turn": world.turn,
        "depth": world.depth,
        "won": world.won,
        "fov": _shallow(world.fov),
        "progression": _shallow(world.progression),
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
        "explored_bits": b64(np.packbits(floor.explored)),
        "mapped_bits": b64(np.packbits(floor.mapped)) if floor.mapped.any() else "",
        "start": list(floor.start),
        "stairs": list(floor.stairs),
        "rooms": [[r.x, r.y, r.width, r.height] for r in floor.rooms],
        "left_at": floor.left_at,
        "calm_since": floor.calm_since,
        "actors": dump_actors(list(floor.actors.values())),
        "items": dump_items(floor.items),
        "traps": [_trap_fields(t) for t in floor.traps.values()],
        "gas": b64(floor.gas) if floor.gas_active else "",
        "gas_kind": b64(floor.gas_kind) if floor.gas_active else "",
        "fire": b64(floor.fire) if floor.fire_active else "",
        "seen_items": [[x, y, key] for (x, y), key in floor.seen_items.items()],
        "fixtures": [[x, y, key] for (x, y), key in floor.fixtures.items()],
    }


def _actor_fields(actor: Actor) -> dict[str, Any]:
    values = {f.name: getattr(actor, f.name) for f in fields(Actor) if f.init}
    values["statuses"] = dict(actor.statuses)
    return values


def _trap_fields(trap: Trap) -> dict[str, Any]:
    return {**_shallow(trap.kind), "x": trap.x, "y": trap.y, "hidden": trap.hidden}


def _shallow(record: msgspec.Struct) -> dict[str, Any]:
    """A record of plain values as a table, its fields in order (``asdict`` would copy
    nested values deeply, which cost a checkpoint more than all the creatures on the
    floor)."""
    return {name: getattr(record, name) for name in record.__struct_fields__}


def load(
    data: object,
    build_floor: FloorBuilder,
    item_kinds: Mapping[str, ItemKind],
    kinds: Mapping[str, ActorKind] | None = None,
) -> World:
    """Rebuild a world from ``dump`` output, checking everything; raises SnapshotError,
    naming the rule of a valid world (``rules.py``) a world that loads would break.
    ``kinds`` are the creature kinds play may bring forth (``Hero.kinds``)."""
    try:
        world = _load(Reader(data, ""), build_floor, item_kinds, kinds or {})
    except SnapshotError:
        raise
    except (TypeError, ValueError, KeyError, OverflowError) as exc:
        raise SnapshotError(f"inconsistent save: {exc}") from None
    broken = violations(world)
    if broken:
        raise SnapshotError(f"a world that breaks a rule: {broken[0]}")
    return world


def _load(
    root: Reader,
    build_floor: FloorBuilder,
    item_kinds: Mapping[str, ItemKind],
    kinds: Mapping[str, ActorKind],
) -> World:
    depth = root.integer("depth", 1, MAX_DEPTH)
    floor, kept_floors = _load_floors(root, item_kinds, depth)
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
            **{  # a save from before the trades of a level has none
                name: progression.integer(name, 0, BIG)
                for name in Progression.__struct_fields__
                if name in progression or "costs" not in name
            }
        ),
        floor=floor,
        kinds=kinds,
    )
    _player_state(root, world)
    for n, kept_depth, kept_floor in kept_floors:
        if (
            max(map(_NEXT_TIME, kept_floor.actors.values()), default=0)
            > world.time + MAX_ACTION_TIME
        ):
            raise SnapshotError(f"kept[{n}].actors: a creature is due at an impossible time")
        world.kept[kept_depth] = kept_floor
    for at_depth, each in (*world.kept.items(), (depth, floor)):
        # Every monster's turn asks its kind what to do (the player, on no kept floor,
        # has a kind of its own).
        found = set(map(_KIND, each.actors.values())) if each is not floor else _kinds(floor)
        strange = found - kinds.keys()
        if strange:
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


_NEXT_TIME = operator.attrgetter("next_time")
_KIND = operator.attrgetter("kind")
_THIRD = operator.itemgetter(2)


def _kinds(floor: Floor) -> set[str]:
    """The kinds of the monsters on ``floor``."""
    return {a.kind for a in floor.actors.values() if a.id != PLAYER_ID}


def _load_floors(
    root: Reader, item_kinds: Mapping[str, ItemKind], depth: int
) -> tuple[Floor, list[tuple[int, int, Floor]]]:
    """The current floor and the kept ones (with their index in the save and depth)."""
    columns: Columns = ([], [])
    floor = _load_floor(root.sub("floor"), item_kinds, depth, "floor", columns)
    kept_floors: list[tuple[int, int, Floor]] = []
    depths = {depth}
    for n, raw in enumerate(root.entries("kept", MAX_DEPTH) if "kept" in root else []):
        kept = Reader(raw, f"kept[{n}]")
        kept_depth = kept.integer("depth", 1, MAX_DEPTH)
        if kept_depth in depths:
            raise SnapshotError(f"kept[{n}].depth: a floor twice")
        depths.add(kept_depth)
        kept_floor = _load_floor(kept, item_kinds, kept_depth, f"kept[{n}]", columns)
        kept_floors.append((n, kept_depth, kept_floor))
    # Every floor's creatures and items at once: a save of 16 floors pays for each
    # check once, not 16 times (``snapshot_floors.Floors``).
    load_actors(columns[0])
    load_items(columns[1], item_kinds)
    return floor, kept_floors


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
    """A stack's count and a wand's spent charges (absent in older saves: 1 and 0; what
    its kind allows is ``rules.stack_fits_its_kind`` and ``rules.charges_fit``)."""
    if "count" in entry.data:
        item.count = entry.integer("count", 1, MAX_STACK)
    if "used" in entry.data:
        item.used = entry.integer("used", 0, BIG)


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
    if "runic" in entry:  # a runic it may bear: ``rules.runic_fits``
        item.runic = entry.get("runic", str)[:MAX_LOOK]
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
        wakes=entry.integer("wakes", 0, MAX_WAKES) if "wakes" in entry.data else 0,
        plate=entry.get("plate", bool) if "plate" in entry.data else False,
    )
    x, y = entry.integer("x", 0, floor.width - 1), entry.integer("y", 0, floor.height - 1)
    if (x, y) in floor.traps:  # a table holds one a tile; where it may lie is ``rules``'
        raise SnapshotError(f"{entry.path}: not on a free floor tile")
    return Trap(kind, x, y, entry.get("hidden", bool))


def _kind(entry: Reader, item_kinds: Mapping[str, ItemKind]) -> ItemKind:
    key = entry.get("kind", str)
    if key not in item_kinds:
        raise SnapshotError(f"{entry.where('kind')}: unknown item {key!r}")
    return item_kinds[key]


Columns = tuple[list[tuple[Reader, Floor, str]], list[tuple[Reader, Floor, str]]]
"""The floors whose creatures, then items, are columns, loaded all at once."""


def _load_floor(
    raw: Reader, item_kinds: Mapping[str, ItemKind], depth: int, where: str, columns: Columns
) -> Floor:
    """A floor but for its creatures and items in columns: those are added to
    ``columns`` to be loaded with every other floor's (older saves' are loaded here)."""
    shape = (raw.integer("width", 1, MAX_SIDE), raw.integer("height", 1, MAX_SIDE))
    tiles = raw.array("tiles", np.uint8, shape)
    if np.count_nonzero(tiles >= len(TILE_NAMES)):
        raise SnapshotError(f"{where}.tiles: unknown tile kind")
    rooms_raw = raw.entries("rooms")
    if not _int_rows(rooms_raw, 4, 4):
        raise SnapshotError(
            f"{where}.rooms[{_first_bad(rooms_raw, 4, 4)}]: expected [x, y, width, height]"
        )
    rooms = list(map(Rect, *zip(*rooms_raw, strict=True))) if rooms_raw else []
    floor = Floor(
        tiles, start=raw.point("start", shape), stairs=raw.point("stairs", shape), rooms=rooms
    )
    floor.depth = depth
    if floor.tiles[floor.start] == Tile.FLOOR:  # 0.1.0 floors had no up stairs
        floor.tiles[floor.start] = Tile.STAIRS_UP
    if (problem := rules.has_its_staircases(floor)) is not None:  # asked early: no
        raise SnapshotError(f"{where}: {problem}")  # floor without them is read on
    if "explored_bits" in raw:  # format 5: a bit a tile
        bits = raw.view("explored_bits", np.uint8, ((shape[0] * shape[1] + 7) // 8,))
        floor.explored[...] = np.unpackbits(bits, count=shape[0] * shape[1]).reshape(shape)
    else:
        floor.explored[...] = raw.array("explored", np.bool_, shape)
    if raw.data.get("mapped_bits"):  # a floor read by magic and not all seen since
        bits = raw.view("mapped_bits", np.uint8, ((shape[0] * shape[1] + 7) // 8,))
        mapped = np.unpackbits(bits, count=shape[0] * shape[1]).reshape(shape).astype(np.bool_)
        floor.mapped[...] = mapped & floor.explored
    if is_table(raw.data.get("actors")):
        columns[0].append((raw.sub("actors"), floor, where))
    else:
        load_legacy_actors(raw, floor, where)
    in_columns = is_table(raw.data.get("items"))
    if in_columns:
        columns[1].append((raw.sub("items"), floor, where))
    for n, item_raw in enumerate([] if in_columns else raw.entries("items")):  # formats 1 to 3
        entry = Reader(item_raw, f"{where}.items[{n}]")
        x, y = entry.integer("x", 0, shape[0] - 1), entry.integer("y", 0, shape[1] - 1)
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


def _rememberable(key: str, item_kinds: Mapping[str, ItemKind]) -> bool:
    """A key the remembered map may hold: an item's, an unknown item's look, remains."""
    if key in item_kinds or key == REMAINS_KEY:
        return True
    category = key.removeprefix("unknown_")
    return category != key and any(kind.category == category for kind in item_kinds.values())


def _load_floor_extras(raw: Reader, floor: Floor, item_kinds: Mapping[str, ItemKind]) -> None:
    """Traps, gas, fire, the remembered items and the light fixtures (none in saves
    before they existed); what the arrays may hold is ``rules.py``'s."""
    for n, trap_raw in enumerate(raw.entries("traps") if "traps" in raw.data else []):
        trap = _trap(Reader(trap_raw, f"{raw.path}.traps[{n}]"), floor)
        floor.traps[trap.position] = trap
    if raw.data.get("gas"):
        floor.gas[...] = raw.array("gas", np.float32, floor.size)
        if (floor.gas > 1e6).any():  # finite, not below nothing: ``rules.gas_is_real``
            raise SnapshotError(f"{raw.path}.gas: impossible amounts")
        floor.gas_active = bool(floor.gas.any())
    if floor.gas_active and raw.data.get("gas_kind"):  # none before kinds: all caustic
        floor.gas_kind[...] = raw.array("gas_kind", np.uint8, floor.size)
        floor.dark_version = 1  # sight is seen through any darkness held
    if raw.data.get("fire"):  # where it may burn, how long: ``rules.fire_can_burn``
        floor.fire[...] = raw.array("fire", np.uint8, floor.size)
        floor.fire_active = bool(floor.fire.any())
    seen = raw.entries("seen_items") if "seen_items" in raw.data else []
    floor.seen_items = _placed(seen, floor, f"{raw.path}.seen_items", "item")
    if not all(_rememberable(key, item_kinds) for key in set(floor.seen_items.values())):
        raise SnapshotError(f"{raw.path}.seen_items: an item the game does not know")
    fixtures = raw.entries("fixtures") if "fixtures" in raw.data else []
    floor.fixtures = _placed(fixtures, floor, f"{raw.path}.fixtures", "kind")
    if max(map(len, floor.fixtures.values()), default=0) > 40:
        raise SnapshotError(f"{raw.path}.fixtures: expected [x, y, kind]")


def _int_rows(rows: list[Any], width: int, numbers: int) -> bool:
    """Whether every row is a list of ``width`` values whose first ``numbers`` are
    integers (not bools): checked a column at a time with loops in C (the set of types
    found), not a row at a time."""
    if not rows:
        return True
    if not set(map(type, rows)) <= {list} or not set(map(len, rows)) <= {width}:
        return False
    columns = list(zip(*rows, strict=True))
    return all(set(map(type, column)) <= {int} for column in columns[:numbers])


def _first_bad(rows: list[Any], width: int, numbers: int) -> int:
    """The index of the first row ``_int_rows`` refuses (only once a save is refused)."""
    return next(n for n, row in enumerate(rows) if not _int_rows([row], width, numbers))


def _placed(rows: list[Any], floor: Floor, where: str, what: str) -> dict[tuple[int, int], str]:
    """``[x, y, name]`` rows as a table by position, checked whole: integers within the
    map and names."""
    if not rows:
        return {}
    if not _int_rows(rows, 3, 2) or not set(map(type, map(_THIRD, rows))) <= {str}:
        bad = next(
            n for n, row in enumerate(rows)
            if not _int_rows([row], 3, 2) or not isinstance(row[2], str)
        )  # fmt: skip
        raise SnapshotError(f"{where}[{bad}]: expected [x, y, {what}]")
    xs, ys, names = zip(*rows, strict=True)
    if min(xs) < 0 or min(ys) < 0 or max(xs) >= floor.width or max(ys) >= floor.height:
        bad = next(
            n for n, (x, y) in enumerate(zip(xs, ys, strict=True)) if not floor.in_bounds(x, y)
        )
        raise SnapshotError(f"{where}[{bad}]: outside the map")
    return dict(zip(zip(xs, ys, strict=True), names, strict=True))
