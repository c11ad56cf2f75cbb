"""A floor's creatures as columns, one per field (format 5: the numbers one integer
matrix of the narrowest type that holds them, flags a uint8 matrix, a text column its
distinct names and a byte each; format 4: int64 numbers and text lists), so encoding
reads each creature once with an ``attrgetter`` and loading checks the data's bounds on
whole columns of every floor at once with numpy (``snapshot_floors``), then builds the
creatures positionally (the rules of a valid world are then ``rules.py``'s, run on the
world built): a floor of 1000 monsters loads faster than the same floor
unpickled. The columns follow ``Actor``'s fields whatever they are (int, str, bool, an
Enum, the statuses table). Items are ``snapshot_items``'."""

from __future__ import annotations

import enum
import operator
import typing
from dataclasses import fields
from typing import Any

import numpy as np

from emberdeep.engine.core.actors import MAX_LEVEL, MAX_STAT, PLAYER_ID, Actor
from emberdeep.engine.core.floor import Floor
from emberdeep.engine.play.rules import status_problem
from emberdeep.engine.saves.snapshot_floors import Floors, first_repeat, int_matrix, repeats
from emberdeep.engine.saves.snapshot_reader import (
    BIG,
    MAX_ACTION_TIME,
    MAX_COUNT,
    Reader,
    SnapshotError,
    b64,
    is_table,
    narrowest,
)


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
_LISTED = [
    (name, kind, _KIND_OF[name] == "table")
    for name, kind in ACTOR_FIELDS
    if _KIND_OF[name] not in ("number", "flag")
]
"""The fields loaded as lists (texts, enums, the statuses), in ``Actor``'s order, and
whether each is the statuses table."""
_NUMBER_BOUNDS = np.array(
    [_NUMBER_LIMITS.get(name, (-BIG, BIG)) for name in _MATRIX_FIELDS["number"]], dtype=np.int64
)
_LOW, _HIGH = _NUMBER_BOUNDS[:, :1], _NUMBER_BOUNDS[:, 1:]


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
                columns[name] = _names(values)
            case "enum":
                columns[name] = _names(tuple(value.value for value in values))
            case _:
                columns[name] = [
                    [i, key, turns]
                    for i, table in enumerate(values)
                    if table
                    for key, turns in table.items()
                ]
    for matrix, dtype in (("number", np.int64), ("flag", np.uint8)):
        fields_of = _MATRIX_FIELDS[matrix]
        if matrix == "number":
            data = int_matrix([by_name[name] for name in fields_of], len(actors))
        else:
            data = np.array([by_name[name] for name in fields_of], dtype=dtype)
        if matrix == "number":
            columns["int_type"] = narrowest(data)
            data = data.astype(columns["int_type"])
        columns[f"{matrix}s"] = b64(data.reshape(len(fields_of), len(actors)))
        columns[f"{matrix}_fields"] = fields_of
    return columns


MAX_NAMES = 256
"""The most distinct names a text column of creatures may hold (a byte says which)."""


def _names(values: tuple[str, ...]) -> Any:
    """A text column as its distinct names and which each creature has (a floor holds a
    handful of kinds: a few bytes a creature, and a few strings to parse and make on
    loading, not one per creature), or as a list when there are too many names."""
    names = list(dict.fromkeys(values))
    if len(names) > MAX_NAMES:
        return list(values)
    which = np.fromiter(map({n: i for i, n in enumerate(names)}.__getitem__, values), np.uint8)
    return {"names": names, "which": b64(which)}


_DEFAULTS = {f.name: f.default for f in fields(Actor) if f.init}


def _matrix(
    raw: Reader, matrix: str, dtype: type | None, count: int, where: str
) -> np.ndarray[Any, Any]:
    """One of the creature matrices, a row per field in this version's order
    (``_MATRIX_FIELDS``); the numbers (``dtype`` None) as int64, however narrow they
    are stored. A field this version has and the save lacks takes its default (a field
    added since)."""
    saved = raw.entries(f"{matrix}_fields", len(ACTOR_FIELDS))
    wanted = _MATRIX_FIELDS[matrix]
    if saved != wanted and (not set(map(type, saved)) <= {str} or len(set(saved)) != len(saved)):
        raise SnapshotError(f"{where}.{matrix}_fields: expected field names")
    shape = (len(saved), count)
    data = raw.ints("numbers", shape) if dtype is None else raw.array(f"{matrix}s", dtype, shape)
    made = dtype or np.int64
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
        rows.append(np.full(count, default, dtype=made))
    return np.stack(rows) if rows else np.zeros((0, count), made)


def _texts(raw: Reader, name: str, kind: Any, count: int, where: str) -> list[Any]:
    """A text (or enum) column of one floor: ``count`` strings, or the field's default
    where the save has none."""
    if is_table(raw.data.get(name)):  # format 5: the distinct names, and which
        table = raw.sub(name)
        names = table.entries("names", MAX_NAMES)
        which = table.view("which", np.uint8, (count,)).tolist()
        if not set(map(type, names)) <= {str} or max(which, default=0) >= len(names):
            raise SnapshotError(f"{where}.{name}: expected {count} names")
        if _KIND_OF[name] == "enum":  # each distinct name made a member once
            names = _members(kind, names, f"{where}.{name}")
        return list(map(names.__getitem__, which))
    values = raw.entries(name) if name in raw.data else None
    if values is None and isinstance(_DEFAULTS[name], kind):
        return [_DEFAULTS[name]] * count
    if values is None or len(values) != count or not set(map(type, values)) <= {str}:
        raise SnapshotError(f"{where}.{name}: expected {count} names")
    if _KIND_OF[name] == "enum":
        return _members(kind, values, f"{where}.{name}")
    return values


def _members(kind: Any, values: list[str], where: str) -> list[Any]:
    """Names as the members of enum ``kind`` whose values they are."""
    members = {value: kind(value) for value in values if value in kind._value2member_map_}
    if len(members) < len(set(values)):
        raise SnapshotError(f"{where}: unknown value (impossible creature)")
    return list(map(members.__getitem__, values))


def load_actors(floors_raw: list[tuple[Reader, Floor, str]]) -> None:
    """The creatures of several floors from columns (``Reader`` of a floor's ``actors``,
    the floor, where it is in the save): the data's bounds checked on all their columns at
    once, then built positionally (``map(Actor, *columns)``: no field looked up by name
    per creature)."""
    if not floors_raw:
        return
    floors = Floors(floors_raw, "actors")
    counts: list[int] = []
    number_parts, flag_parts = [], []
    by_name: dict[str, list[Any]] = {name: [] for name, _, _ in _LISTED}
    for raw, where in zip(floors.raws, floors.wheres, strict=True):
        count = raw.integer("count", 0, MAX_COUNT)
        counts.append(count)
        number_parts.append(_matrix(raw, "number", None, count, where))
        flag_parts.append(_matrix(raw, "flag", np.uint8, count, where))
        for name, kind, table in _LISTED:
            if table:
                by_name[name] += _status_column(raw.entries(name), count, f"{where}.{name}")
            else:
                by_name[name] += _texts(raw, name, kind, count, where)
    floors.counts(counts)
    numbers = _joined(number_parts)
    flags = _joined(flag_parts)
    outside = (numbers < _LOW) | (numbers > _HIGH)
    if np.count_nonzero(outside):
        row = int(np.flatnonzero(outside.any(axis=1))[0])
        at = floors.where(outside[row])
        raise SnapshotError(f"{at}.{_MATRIX_FIELDS['number'][row]}: out of range")
    wrong = flags > 1
    if np.count_nonzero(wrong):
        row = int(np.flatnonzero(wrong.any(axis=1))[0])
        at = floors.where(wrong[row])
        raise SnapshotError(f"{at}.{_MATRIX_FIELDS['flag'][row]}: expected true or false")
    truth = flags.astype(np.bool_)
    columns = dict(zip(_MATRIX_FIELDS["number"], numbers, strict=True))
    columns |= zip(_MATRIX_FIELDS["flag"], truth, strict=True)
    check_actor_columns(columns, floors)
    by_name |= zip(_MATRIX_FIELDS["number"], numbers.tolist(), strict=True)
    by_name |= zip(_MATRIX_FIELDS["flag"], truth.tolist(), strict=True)
    actors = list(map(Actor, *(by_name[name] for name, _ in ACTOR_FIELDS)))
    ids, blocks, x, y = by_name["id"], columns["blocks"], columns["x"], columns["y"]
    if len(floors.floors) == 1:  # the common case: no floor's share to cut out
        floor = floors.floors[0]
        floor.actors.update(zip(ids, actors, strict=True))
        floor.occupant[x[blocks], y[blocks]] = columns["id"][blocks]
        return
    bounds = floors.bounds
    for n, floor in enumerate(floors.floors):
        start, end = bounds[n], bounds[n + 1]
        floor.actors.update(zip(ids[start:end], actors[start:end], strict=True))
        standing = blocks[start:end]
        floor.occupant[x[start:end][standing], y[start:end][standing]] = columns["id"][start:end][
            standing
        ]


def _joined(parts: list[np.ndarray[Any, Any]]) -> np.ndarray[Any, Any]:
    """Every floor's matrix side by side (one floor's as it is)."""
    return parts[0] if len(parts) == 1 else np.concatenate(parts, axis=1)


def _status_column(entries: list[Any], count: int, where: str) -> list[dict[str, int]]:
    tables: list[dict[str, int]] = [{} for _ in range(count)]
    for entry in entries:
        if not (
            isinstance(entry, list)
            and len(entry) == 3
            and type(entry[0]) is int
            and 0 <= entry[0] < count
            and status_problem(entry[1], entry[2]) is None
            and entry[1] not in tables[entry[0]]
        ):
            raise SnapshotError(f"{where}: expected [creature, status, turns left]")
        tables[entry[0]][entry[1]] = entry[2]
    return tables


def check_actor_columns(numbers: dict[str, np.ndarray[Any, Any]], floors: Floors) -> None:
    """The bounds of the data the legacy loader checks one creature at a time
    (``snapshot_legacy``), on whole columns of every floor: ids given once a floor, the
    player's stats the only ones equipment may take below zero, every creature inside
    its map (before the occupancy map is indexed with its position). Whether the world
    they make is valid is ``rules.py``'s."""
    ids, x, y = numbers["id"], numbers["x"], numbers["y"]
    twice = first_repeat(floors.which, ids) if repeats(ids) else None
    if twice is not None:
        raise SnapshotError(f"{floors.where_at(twice)}: duplicate creature ids")
    lowest = np.where(ids == PLAYER_ID, -MAX_STAT, 0)
    defense, power = (
        (numbers[name] < lowest) | (numbers[name] > 2 * MAX_STAT) for name in ("defense", "power")
    )
    if (at := floors.where(defense)) is not None:
        raise SnapshotError(f"{at}.defense: out of range")
    if (at := floors.where(power)) is not None:
        raise SnapshotError(f"{at}.power: out of range")
    if (at := floors.where(floors.outside(x, y))) is not None:
        raise SnapshotError(f"{at}: a creature not on a floor tile")
