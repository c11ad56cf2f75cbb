"""A floor's creatures and items as columns, one per field (numbers as base64 int64
arrays, flags as uint8, text as lists), so encoding reads each creature once with an
``attrgetter`` and loading checks every rule on whole columns with numpy, then builds the
creatures positionally: a floor of 1000 monsters loads faster than the same floor
unpickled. The columns follow ``Actor``'s fields whatever they are (int, str, bool, an
Enum, the statuses table)."""

from __future__ import annotations

import enum
import operator
import typing
from collections.abc import Mapping
from dataclasses import fields
from typing import Any

import numpy as np

from emberdeep.engine import gear, runics
from emberdeep.engine.actors import (
    AWARE,
    MAX_LEVEL,
    MAX_STAT,
    MODES,
    PLAYER_ID,
    Actor,
    Mode,
)
from emberdeep.engine.floor import Floor, Tile
from emberdeep.engine.items import MAX_STACK, Item, ItemKind
from emberdeep.engine.snapshot_reader import (
    BIG,
    MAX_ACTION_TIME,
    MAX_COUNT,
    MAX_SIDE,
    Reader,
    SnapshotError,
    b64,
)
from emberdeep.engine.statuses import MAX_TURNS, STATUSES


def _actor_types() -> list[tuple[str, type]]:
    """``Actor``'s init fields in order, with their types (resolved once)."""
    hints = typing.get_type_hints(Actor)
    return [(f.name, hints[f.name]) for f in fields(Actor) if f.init]


ACTOR_FIELDS = _actor_types()
MAX_SHACKLES = 1000
"""The most turns of work a captive's shackles may need, in a save."""
_NUMBER_LIMITS: dict[str, tuple[int, int]] = {
    "id": (1, BIG), "level": (1, MAX_LEVEL), "max_hp": (0, 2 * MAX_STAT),
    "xp": (0, 2 * MAX_STAT), "confused": (0, MAX_ACTION_TIME),
    "hunting": (0, MAX_ACTION_TIME), "detour": (0, MAX_ACTION_TIME),
    "move_time": (1, MAX_ACTION_TIME), "attack_time": (1, MAX_ACTION_TIME),
    "shackles": (0, MAX_SHACKLES),
}  # fmt: skip
"""Bounds of single number columns; any other number column is within +-``BIG``."""


def _column_kind(kind: object) -> str:
    if kind is bool:
        return "flag"
    if kind is int:
        return "number"
    if kind is str:
        return "text"
    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        return "enum"
    return "table"  # the statuses: name -> turns


_KIND_OF = {name: _column_kind(kind) for name, kind in ACTOR_FIELDS}
_MATRIX_FIELDS = {
    matrix: [name for name, _ in ACTOR_FIELDS if _KIND_OF[name] == matrix]
    for matrix in ("number", "flag")
}
"""The fields of each matrix, in ``Actor``'s order (how this version writes them)."""
_NUMBER_BOUNDS = np.array(
    [_NUMBER_LIMITS.get(name, (-BIG, BIG)) for name in _MATRIX_FIELDS["number"]], dtype=np.int64
)
_LOW, _HIGH = _NUMBER_BOUNDS[:, :1], _NUMBER_BOUNDS[:, 1:]
_MODE_CODE = {mode: n for n, mode in enumerate(MODES)}
_MODE_AWARE = np.array([mode in AWARE for mode in MODES], dtype=np.bool_)
SHUT = np.array([Tile.CLOSED_DOOR, Tile.LOCKED_DOOR], dtype=np.uint8)
"""Walking into a shut door opens it: no creature stands in one (``invariants``)."""
SHUT_TILE = np.zeros(256, dtype=np.bool_)
SHUT_TILE[SHUT] = True
"""Whether each tile kind is a shut door: one lookup for a whole column of positions."""


def _repeated(column: np.ndarray[Any, Any]) -> bool:
    """Whether a column of numbers holds one twice (a sort, not ``np.unique``'s
    machinery: a floor's columns are short and a save holds many floors)."""
    ordered = np.sort(column)
    return bool((ordered[1:] == ordered[:-1]).any())


def dump_actors(actors: list[Actor]) -> dict[str, Any]:
    """The creatures as columns (see the module's docstring): the numbers as one int64
    matrix, a row per field, the flags as one uint8 matrix, the rest a list per field."""
    names = [name for name, _ in ACTOR_FIELDS]
    rows = list(map(operator.attrgetter(*names), actors))
    by_name = dict(zip(names, zip(*rows, strict=True) if rows else [()] * len(names), strict=True))
    columns: dict[str, Any] = {"count": len(actors)}
    for name, _ in ACTOR_FIELDS:
        values = by_name[name]
        match _KIND_OF[name]:
            case "number" | "flag":
                pass
            case "text":
                columns[name] = list(values)
            case "enum":
                columns[name] = [value.value for value in values]
            case _:
                columns[name] = [
                    [i, key, turns]
                    for i, table in enumerate(values)
                    if table
                    for key, turns in table.items()
                ]
    for matrix, dtype in (("number", np.int64), ("flag", np.uint8)):
        fields_of = _MATRIX_FIELDS[matrix]
        data = np.array([by_name[name] for name in fields_of], dtype=dtype)
        columns[f"{matrix}s"] = b64(data.reshape(len(fields_of), len(actors)))
        columns[f"{matrix}_fields"] = fields_of
    return columns


def dump_items(items: list[Item]) -> dict[str, Any]:
    """A floor's items as columns, like its creatures."""
    rows = [(i.kind.key, i.x, i.y, i.count, i.used, i.choice, i.dropped) for i in items]
    keys, *numbers, dropped = zip(*rows, strict=True) if rows else ((),) * 7
    columns: dict[str, Any] = {"count": len(items), "kind": list(keys)}
    for name, values in zip(("x", "y", "stack", "used", "choice"), numbers, strict=True):
        columns[name] = b64(np.array(values, dtype=np.int64))
    columns["dropped"] = b64(np.array(dropped, dtype=np.uint8))
    if any(i.enchant or i.runic or not i.known or i.proof or i.recharge for i in items):
        for name in GEAR_NUMBERS:
            columns[name] = b64(np.array([getattr(i, name) for i in items], dtype=np.int64))
        columns["known"] = b64(np.array([i.known for i in items], dtype=np.uint8))
        columns["runic"] = [i.runic for i in items]
    return columns


GEAR_NUMBERS = ("enchant", "proof", "recharge")
"""Item columns beyond the kind's, present when any item has them (``gear.py``)."""


def _load_gear(raw: Reader, count: int, where: str) -> dict[str, list[Any]]:
    """Each item's enchantment, proof, recharge, whether known, and runic, as columns
    (absent when the save has none, as before the economy: the defaults)."""
    if "enchant" not in raw:
        return {}
    enchant, proof, recharge = (raw.array(n, np.int64, (count,)) for n in GEAR_NUMBERS)
    known = raw.array("known", np.uint8, (count,))
    runic = raw.entries("runic")
    if count and (
        np.abs(enchant).max() > gear.MAX_ENCHANT
        or proof.min() < 0
        or proof.max() > gear.PROOF_TURNS
        or recharge.min() < 0
        or recharge.max() > gear.STAFF_RECHARGE
        or known.max() > 1
    ):
        raise SnapshotError(f"{where}: an impossible enchantment, proof or recharge")
    if len(runic) != count or not set(runic) <= _RUNICS:
        raise SnapshotError(f"{where}.runic: expected {count} known runics")
    return {
        "enchant": enchant.tolist(), "proof": proof.tolist(), "recharge": recharge.tolist(),
        "known": (known > 0).tolist(), "runic": runic,
    }  # fmt: skip


_RUNICS = {"", *runics.RUNICS}
_ITEM_FIELDS = [(f.name, f.default) for f in fields(Item)]


def load_items(raw: Reader, floor: Floor, item_kinds: Mapping[str, ItemKind], where: str) -> None:
    """Items from columns, checked on whole columns (each distinct kind looked at once)."""
    count = raw.integer("count", 0, MAX_COUNT)
    keys = raw.entries("kind")
    if (
        len(keys) != count
        or not set(map(type, keys)) <= {str}
        or not set(keys) <= item_kinds.keys()
    ):
        raise SnapshotError(f"{where}.kind: expected {count} known items")
    x, y, stack, used = (
        raw.array(name, np.int64, (count,)) for name in ("x", "y", "stack", "used")
    )
    kinds = list(map(item_kinds.__getitem__, keys))
    inside = (x >= 0) & (x < floor.width) & (y >= 0) & (y < floor.height)
    if not inside.all() or not floor.walkable[x, y].all() or SHUT_TILE[floor.tiles[x, y]].any():
        raise SnapshotError(f"{where}: an item not on open ground")
    columns = _load_gear(raw, count, where)
    enchants = columns.get("enchant", [0] * count)
    pairs = list(zip(keys, enchants, strict=True))
    held = {pair: capacity(item_kinds[pair[0]], pair[1]) for pair in set(pairs)}
    charges = np.array(list(map(held.__getitem__, pairs)), np.int64)
    most = np.array([MAX_STACK if kind.stacks else 1 for kind in kinds], dtype=np.int64)
    if count and ((stack < 1) | (stack > most) | (used < 0) | (used > charges)).any():
        raise SnapshotError(f"{where}: an impossible stack or charge")
    dropped = raw.array("dropped", np.uint8, (count,)) if "dropped" in raw else np.zeros(count)
    if count and dropped.max() > 1:
        raise SnapshotError(f"{where}.dropped: expected true or false")
    choice = raw.array("choice", np.int64, (count,)) if "choice" in raw else np.zeros(count, int)
    if count and (choice.min() < 0 or choice.max() > MAX_SIDE**2):
        raise SnapshotError(f"{where}.choice: out of range")
    columns |= {
        "kind": kinds, "x": x.tolist(), "y": y.tolist(), "count": stack.tolist(),
        "used": used.tolist(), "dropped": (dropped > 0).tolist(), "choice": choice.tolist(),
    }  # fmt: skip
    made = [columns.get(name) or [default] * count for name, default in _ITEM_FIELDS]
    floor.items.extend(map(Item, *made))


def capacity(kind: ItemKind, enchant: int) -> int:
    """The charges an item of ``kind`` so enchanted holds (``Item.capacity``)."""
    return Item(kind, enchant=enchant).capacity


_DEFAULTS = {f.name: f.default for f in fields(Actor) if f.init}


def _matrix(raw: Reader, matrix: str, dtype: type, count: int, where: str) -> np.ndarray[Any, Any]:
    """One of the creature matrices, a row per field in this version's order
    (``_MATRIX_FIELDS``). A field this version has and the save lacks takes its
    default (a field added since)."""
    saved = raw.entries(f"{matrix}_fields", len(ACTOR_FIELDS))
    if not set(map(type, saved)) <= {str} or len(set(saved)) != len(saved):
        raise SnapshotError(f"{where}.{matrix}_fields: expected field names")
    data = raw.array(f"{matrix}s", dtype, (len(saved), count))
    wanted = _MATRIX_FIELDS[matrix]
    if saved == wanted:
        return data
    row = {name: n for n, name in enumerate(saved)}
    rows = []
    for name in wanted:
        if name in row:
            rows.append(data[row[name]])
            continue
        default = _DEFAULTS[name]
        if not isinstance(default, int):
            raise SnapshotError(f"{where}: {name} is missing")
        rows.append(np.full(count, default, dtype=dtype))
    return np.stack(rows) if rows else np.zeros((0, count), dtype)


def load_actors(raw: Reader, floor: Floor, where: str) -> None:
    """Creatures from columns, every rule checked on whole columns at once, then built
    positionally (``map(Actor, *columns)``: no field looked up by name per creature)."""
    count = raw.integer("count", 0, MAX_COUNT)
    where = f"{where}.actors"
    numbers = _matrix(raw, "number", np.int64, count, where)
    if count and numbers.size:
        outside = ((numbers < _LOW) | (numbers > _HIGH)).any(axis=1)
        if outside.any():
            bad = _MATRIX_FIELDS["number"][int(np.flatnonzero(outside)[0])]
            raise SnapshotError(f"{where}.{bad}: out of range")
    flags = _matrix(raw, "flag", np.uint8, count, where)
    if count and flags.size:
        wrong = (flags > 1).any(axis=1)
        if wrong.any():
            bad = _MATRIX_FIELDS["flag"][int(np.flatnonzero(wrong)[0])]
            raise SnapshotError(f"{where}.{bad}: expected true or false")
    by_name: dict[str, Any] = dict(zip(_MATRIX_FIELDS["number"], numbers.tolist(), strict=True))
    by_name |= zip(_MATRIX_FIELDS["flag"], flags.astype(np.bool_).tolist(), strict=True)
    for name, kind in ACTOR_FIELDS:
        match _KIND_OF[name]:
            case "number" | "flag":
                pass
            case "text" | "enum":
                values = raw.entries(name) if name in raw.data else None
                if values is None and isinstance(_DEFAULTS[name], kind):
                    values = [_DEFAULTS[name]] * count
                elif values is None or len(values) != count or not set(map(type, values)) <= {str}:
                    raise SnapshotError(f"{where}.{name}: expected {count} names")
                elif _KIND_OF[name] == "enum":
                    try:
                        values = [kind(v) for v in values]
                    except ValueError:
                        raise SnapshotError(f"{where}.{name}: unknown value") from None
                by_name[name] = values
            case _:
                by_name[name] = _status_column(raw.entries(name), count, f"{where}.{name}")
    columns = dict(zip(_MATRIX_FIELDS["number"], numbers, strict=True))
    columns |= zip(_MATRIX_FIELDS["flag"], flags.astype(np.bool_), strict=True)
    check_actor_columns(columns, by_name["mode"], floor, where)
    actors = map(Actor, *(by_name[name] for name, _ in ACTOR_FIELDS))
    floor.actors.update(zip(by_name["id"], actors, strict=True))
    blocks = columns["blocks"]
    floor.occupant[columns["x"][blocks], columns["y"][blocks]] = columns["id"][blocks]


def _status_column(entries: list[Any], count: int, where: str) -> list[dict[str, int]]:
    tables: list[dict[str, int]] = [{} for _ in range(count)]
    for entry in entries:
        if not (
            isinstance(entry, list)
            and len(entry) == 3
            and type(entry[0]) is int
            and 0 <= entry[0] < count
            and entry[1] in STATUSES
            and type(entry[2]) is int
            and 1 <= entry[2] <= MAX_TURNS
            and entry[1] not in tables[entry[0]]
        ):
            raise SnapshotError(f"{where}: expected [creature, status, turns left]")
        tables[entry[0]][entry[1]] = entry[2]
    return tables


def check_actor_columns(
    numbers: dict[str, np.ndarray[Any, Any]],
    modes: list[str],
    floor: Floor,
    where: str,
) -> None:
    """The rules ``actor_in_range`` and the legacy loader apply one creature at a time,
    on whole columns (a creature's mode as a small code, its rules a table lookup)."""
    ids, x, y, hp = numbers["id"], numbers["x"], numbers["y"], numbers["hp"]
    if _repeated(ids):
        raise SnapshotError(f"{where}: duplicate creature ids")
    player = ids == PLAYER_ID
    lowest = np.where(player, -MAX_STAT, 0)
    for name in ("defense", "power"):
        if ((numbers[name] < lowest) | (numbers[name] > 2 * MAX_STAT)).any():
            raise SnapshotError(f"{where}.{name}: out of range")
    if ((hp < 0) | (hp > numbers["max_hp"])).any():
        raise SnapshotError(f"{where}: impossible creature (health)")
    blocks = numbers["blocks"]
    if (blocks != (hp > 0)).any():
        raise SnapshotError(f"{where}: the living must block, the dead must not")
    if not set(modes) <= _MODE_CODE.keys():
        raise SnapshotError(f"{where}: impossible creature (mode)")
    codes = np.array(list(map(_MODE_CODE.__getitem__, modes)), dtype=np.int8)
    aware = _MODE_AWARE[codes] if codes.size else np.zeros(0, np.bool_)
    wrong = np.where(player, codes != _MODE_CODE[Mode.WANDERING], aware != (numbers["hunting"] > 0))
    if wrong.any():
        raise SnapshotError(f"{where}: impossible creature (mode)")
    captive, ally = codes == _MODE_CODE[Mode.CAPTIVE], codes == _MODE_CODE[Mode.ALLY]
    if ((numbers["shackles"] > 0) & ~captive).any() or (numbers["stays"] & ~ally).any():
        raise SnapshotError(f"{where}: impossible creature (shackles or orders)")
    width, height = floor.width, floor.height
    inside = (x >= 0) & (x < width) & (y >= 0) & (y < height)
    if not inside.all() or not floor.walkable[x, y].all():
        raise SnapshotError(f"{where}: a creature not on a floor tile")
    bx, by = x[blocks], y[blocks]
    if _repeated(bx * height + by):
        raise SnapshotError(f"{where}: two creatures on one tile")
    if SHUT_TILE[floor.tiles[bx, by]].any():
        raise SnapshotError(f"{where}: a creature stands in a shut door")
