"""A floor's creatures and items as columns, one per field (numbers as base64 int64
arrays, flags as uint8, text as lists), so encoding reads each creature once with an
``attrgetter`` and loading checks every rule on whole columns with numpy, then builds the
creatures positionally: a floor of 1000 monsters loads faster than the same floor
unpickled. The columns follow ``Actor``'s fields whatever they are (int, str, bool, an
Enum, the statuses table)."""

from __future__ import annotations

import enum
import itertools
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
    narrowest,
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
        if matrix == "number":
            data = _ints([by_name[name] for name in fields_of], len(actors))
        else:
            data = np.array([by_name[name] for name in fields_of], dtype=dtype)
        if matrix == "number":
            columns["int_type"] = narrowest(data)
            data = data.astype(columns["int_type"])
        columns[f"{matrix}s"] = b64(data.reshape(len(fields_of), len(actors)))
        columns[f"{matrix}_fields"] = fields_of
    return columns


ITEM_NUMBERS = ("x", "y", "stack", "used", "choice", "dropped")
ITEM_GEAR = ("enchant", "proof", "recharge", "known")
"""An item's rows of the numbers matrix (format 5): the gear's only when a floor's items
have any (``gear.py``); a stack's size is ``Item.count``, flags are 0 or 1."""
_ITEM_ROW = operator.attrgetter(
    *("kind.key", "x", "y", "count", "used", "choice", "dropped"),
    *("enchant", "proof", "recharge", "known", "runic"),
)


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


def dump_items(items: list[Item]) -> dict[str, Any]:
    """A floor's items as columns, like its creatures: the numbers (flags too) one
    matrix of the narrowest integer type that holds them all, the gear's rows only when
    an item has any; the kinds and runics lists."""
    rows = list(map(_ITEM_ROW, items))
    keys, *numbers, runic = zip(*rows, strict=True) if rows else ((),) * 12
    gear = any(any(column) for column in numbers[6:9]) or any(runic) or not all(numbers[9])
    names = [*ITEM_NUMBERS, *(ITEM_GEAR if gear else ())]
    matrix = _ints(numbers[: len(names)], len(items))
    int_type = narrowest(matrix)
    columns: dict[str, Any] = {"count": len(items), "kind": list(keys), "int_type": int_type}
    columns |= {"numbers": b64(matrix.astype(int_type)), "number_fields": names}
    if gear:
        columns["runic"] = list(runic)
    return columns


def _ints(columns: list[Any], count: int) -> np.ndarray[Any, Any]:
    """Columns of Python integers as an int64 matrix, a row per column."""
    flat = itertools.chain.from_iterable(columns)
    return np.fromiter(flat, np.int64, len(columns) * count).reshape(len(columns), count)


GEAR_NUMBERS = ("enchant", "proof", "recharge")
"""Item columns beyond the kind's, present when any item has them (``gear.py``)."""


class Floors:
    """Several floors at once: their geometry as flat arrays, so the positions of every
    creature or item on all of them are checked in one numpy pass (a save of 16 floors
    pays the fixed cost of each check once, not 16 times), and who stands where."""

    def __init__(self, floors: list[tuple[Reader, Floor, str]], what: str) -> None:
        self.raws = [raw for raw, _, _ in floors]
        self.floors = [floor for _, floor, _ in floors]
        self.wheres = [f"{where}.{what}" for _, _, where in floors]
        sizes = [floor.width * floor.height for floor in self.floors]
        self.offsets = np.cumsum([0, *sizes[:-1]], dtype=np.int64)
        self.widths = np.array([floor.width for floor in self.floors], dtype=np.int64)
        self.heights = np.array([floor.height for floor in self.floors], dtype=np.int64)
        self.which = np.zeros(0, dtype=np.int64)
        self.bounds = [0]

    def counts(self, counts: list[int]) -> None:
        """How many each floor holds (the rows of every column, floor after floor)."""
        self.which = np.repeat(np.arange(len(counts)), counts)
        self.bounds = np.cumsum([0, *counts]).tolist()

    def fail_at(self, row: int, message: str) -> None:
        """A SnapshotError naming the floor of row ``row``."""
        raise SnapshotError(f"{self.wheres[int(self.which[row])]}{message}")

    def fail(self, bad: np.ndarray[Any, Any], message: str) -> None:
        """A SnapshotError naming the floor of the first row in ``bad``, if any."""
        if bad.any():
            where = self.wheres[int(self.which[int(np.flatnonzero(bad)[0])])]
            raise SnapshotError(f"{where}{message}")

    def fail_any(self, checks: list[tuple[np.ndarray[Any, Any], str]]) -> None:
        """``fail`` for each of ``checks`` (rows refused, why) in turn, looked at one by
        one only when a row is refused by any (one test for all: a small save's many
        checks each cost more than their work)."""
        if np.logical_or.reduce([bad for bad, _ in checks]).any():
            for bad, message in checks:
                self.fail(bad, message)

    def cells(self, x: np.ndarray[Any, Any], y: np.ndarray[Any, Any], message: str) -> Any:
        """Each row's tile as an index into the floors' flat arrays; refused (with
        ``message``) when outside its floor or not walkable."""
        height = self.heights[self.which]
        inside = (x >= 0) & (x < self.widths[self.which]) & (y >= 0) & (y < height)
        self.fail(~inside, message)
        cells = self.offsets[self.which] + x * height + y
        walkable = np.concatenate([floor.walkable.ravel() for floor in self.floors])
        self.fail(~walkable[cells], message)
        return cells

    def tiles(self) -> np.ndarray[Any, Any]:
        return np.concatenate([floor.tiles.ravel() for floor in self.floors])


def _item_matrix(raw: Reader, count: int, where: str) -> np.ndarray[Any, Any]:
    """One floor's item numbers as int64, a row for each of ``ITEM_NUMBERS`` and
    ``ITEM_GEAR`` (the gear's defaults where the save has none, as before the economy);
    format 4 stored a column each."""
    if "numbers" in raw:
        names = raw.entries("number_fields", len(ITEM_NUMBERS) + len(ITEM_GEAR))
        if names not in (list(ITEM_NUMBERS), [*ITEM_NUMBERS, *ITEM_GEAR]):
            raise SnapshotError(f"{where}.number_fields: expected {list(ITEM_NUMBERS)}")
        matrix = raw.ints("numbers", (len(names), count))
        return matrix if len(names) > len(ITEM_NUMBERS) else np.vstack([matrix, _no_gear(count)])
    rows = [raw.ints(name, (count,)) for name in ("x", "y", "stack", "used")]
    rows.append(raw.ints("choice", (count,)) if "choice" in raw else np.zeros(count, np.int64))
    dropped = raw.array("dropped", np.uint8, (count,)) if "dropped" in raw else None
    rows.append(np.zeros(count, np.int64) if dropped is None else dropped.astype(np.int64))
    if "enchant" not in raw:
        return np.vstack([np.stack(rows), _no_gear(count)])
    rows += [raw.ints(name, (count,)) for name in GEAR_NUMBERS]
    rows.append(raw.array("known", np.uint8, (count,)).astype(np.int64))
    return np.stack(rows)


def _no_gear(count: int) -> np.ndarray[Any, Any]:
    """The gear rows of items without gear: no enchantment, proof or recharge, known."""
    return np.repeat(np.array([[0], [0], [0], [1]], dtype=np.int64), count, axis=1)


_RUNICS = {"", *runics.RUNICS}
_ITEM_FIELDS = [(f.name, f.default) for f in fields(Item)]


def load_items(
    floors_raw: list[tuple[Reader, Floor, str]], item_kinds: Mapping[str, ItemKind]
) -> None:
    """The items of several floors from columns (``Reader`` of a floor's ``items``, the
    floor, where it is in the save), checked on all their columns at once."""
    if not floors_raw:
        return
    floors = Floors(floors_raw, "items")
    counts: list[int] = []
    keys: list[Any] = []
    runic: list[Any] = []
    matrices = []
    for raw, where in zip(floors.raws, floors.wheres, strict=True):
        count = raw.integer("count", 0, MAX_COUNT)
        kinds_of = raw.entries("kind")
        if len(kinds_of) != count or not set(map(type, kinds_of)) <= {str}:
            raise SnapshotError(f"{where}.kind: expected {count} known items")
        counts.append(count)
        keys += kinds_of
        matrices.append(_item_matrix(raw, count, where))
        runics_of = raw.entries("runic") if "runic" in raw else [""] * count
        if len(runics_of) != count or not set(runics_of) <= _RUNICS:
            raise SnapshotError(f"{where}.runic: expected {count} known runics")
        runic += runics_of
    floors.counts(counts)
    if not set(keys) <= item_kinds.keys():
        known = np.array([key in item_kinds for key in keys], dtype=np.bool_)
        floors.fail(~known, ".kind: an item the game does not know")
    matrix = np.concatenate(matrices, axis=1)
    x, y, stack, used, choice, dropped, enchant, proof, recharge, known = matrix
    kinds = list(map(item_kinds.__getitem__, keys))
    cells = floors.cells(x, y, ": an item not on open ground")
    most = np.array([MAX_STACK if kind.stacks else 1 for kind in kinds], dtype=np.int64)
    floors.fail_any(
        [
            (SHUT_TILE[floors.tiles()[cells]], ": an item not on open ground"),
            ((stack < 1) | (stack > most) | (used < 0), ": an impossible stack or charge"),
            ((dropped < 0) | (dropped > 1), ".dropped: expected true or false"),
            ((choice < 0) | (choice > MAX_SIDE**2), ".choice: out of range"),
            (
                (np.abs(enchant) > gear.MAX_ENCHANT)
                | (proof < 0) | (proof > gear.PROOF_TURNS)
                | (recharge < 0) | (recharge > gear.STAFF_RECHARGE)
                | (known < 0) | (known > 1),
                ": an impossible enchantment, proof or recharge",
            ),
        ]
    )  # fmt: skip
    # Only a spent charge needs the kind's charges (as enchanted): most items have none,
    # and are not looked at one by one.
    for n in np.flatnonzero(used > 0).tolist():
        if used[n] > capacity(kinds[n], int(enchant[n])):
            floors.fail_at(n, ": an impossible stack or charge")
    numbers = dict(zip((*ITEM_NUMBERS, *ITEM_GEAR), matrix.tolist(), strict=True))
    flags = {name: (matrix[n] > 0).tolist() for n, name in ((5, "dropped"), (9, "known"))}
    columns = numbers | flags | {"kind": kinds, "count": numbers["stack"], "runic": runic}
    made = [columns.get(name) or [default] * len(keys) for name, default in _ITEM_FIELDS]
    items = list(map(Item, *made))
    for floor, start, end in zip(floors.floors, floors.bounds, floors.bounds[1:], strict=False):
        floor.items += items[start:end]


def capacity(kind: ItemKind, enchant: int) -> int:
    """The charges an item of ``kind`` so enchanted holds (``Item.capacity``)."""
    return Item(kind, enchant=enchant).capacity


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
    if isinstance(raw.data.get(name), Mapping):  # format 5: the distinct names, and which
        table = raw.sub(name)
        names = table.entries("names", MAX_NAMES)
        which = table.array("which", np.uint8, (count,)).tolist()
        if not set(map(type, names)) <= {str} or max(which, default=0) >= len(names):
            raise SnapshotError(f"{where}.{name}: expected {count} names")
        values: list[Any] | None = list(map(names.__getitem__, which))
    else:
        values = raw.entries(name) if name in raw.data else None
    if values is None and isinstance(_DEFAULTS[name], kind):
        return [_DEFAULTS[name]] * count
    if values is None or len(values) != count or not set(map(type, values)) <= {str}:
        raise SnapshotError(f"{where}.{name}: expected {count} names")
    if _KIND_OF[name] == "enum":
        try:
            return [kind(v) for v in values]
        except ValueError:
            raise SnapshotError(f"{where}.{name}: unknown value") from None
    return values


def load_actors(floors_raw: list[tuple[Reader, Floor, str]]) -> None:
    """The creatures of several floors from columns (``Reader`` of a floor's ``actors``,
    the floor, where it is in the save): every rule checked on all their columns at
    once, then built positionally (``map(Actor, *columns)``: no field looked up by name
    per creature)."""
    if not floors_raw:
        return
    floors = Floors(floors_raw, "actors")
    counts: list[int] = []
    number_parts, flag_parts = [], []
    by_name: dict[str, list[Any]] = {
        name: [] for name, _ in ACTOR_FIELDS if _KIND_OF[name] not in ("number", "flag")
    }
    for raw, where in zip(floors.raws, floors.wheres, strict=True):
        count = raw.integer("count", 0, MAX_COUNT)
        counts.append(count)
        number_parts.append(_matrix(raw, "number", None, count, where))
        flag_parts.append(_matrix(raw, "flag", np.uint8, count, where))
        for name, kind in ACTOR_FIELDS:
            if _KIND_OF[name] in ("text", "enum"):
                by_name[name] += _texts(raw, name, kind, count, where)
            elif _KIND_OF[name] == "table":
                by_name[name] += _status_column(raw.entries(name), count, f"{where}.{name}")
    floors.counts(counts)
    numbers = np.concatenate(number_parts, axis=1)
    flags = np.concatenate(flag_parts, axis=1)
    outside = (numbers < _LOW) | (numbers > _HIGH)
    if outside.any():
        row = int(np.flatnonzero(outside.any(axis=1))[0])
        floors.fail(outside[row], f".{_MATRIX_FIELDS['number'][row]}: out of range")
    wrong = flags > 1
    if wrong.any():
        row = int(np.flatnonzero(wrong.any(axis=1))[0])
        floors.fail(wrong[row], f".{_MATRIX_FIELDS['flag'][row]}: expected true or false")
    columns = dict(zip(_MATRIX_FIELDS["number"], numbers, strict=True))
    columns |= zip(_MATRIX_FIELDS["flag"], flags.astype(np.bool_), strict=True)
    check_actor_columns(columns, by_name["mode"], floors)
    by_name |= zip(_MATRIX_FIELDS["number"], numbers.tolist(), strict=True)
    by_name |= zip(_MATRIX_FIELDS["flag"], flags.astype(np.bool_).tolist(), strict=True)
    actors = list(map(Actor, *(by_name[name] for name, _ in ACTOR_FIELDS)))
    ids, blocks, x, y = by_name["id"], columns["blocks"], columns["x"], columns["y"]
    bounds = floors.bounds
    for n, floor in enumerate(floors.floors):
        start, end = bounds[n], bounds[n + 1]
        floor.actors.update(zip(ids[start:end], actors[start:end], strict=True))
        standing = blocks[start:end]
        floor.occupant[x[start:end][standing], y[start:end][standing]] = columns["id"][start:end][
            standing
        ]


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


def _first_repeat(which: np.ndarray[Any, Any], values: np.ndarray[Any, Any]) -> int | None:
    """The row of a value its floor holds twice, if any."""
    order = np.lexsort((values, which))
    w, v = which[order], values[order]
    same = (w[1:] == w[:-1]) & (v[1:] == v[:-1])
    return int(order[int(np.flatnonzero(same)[0]) + 1]) if same.any() else None


def check_actor_columns(
    numbers: dict[str, np.ndarray[Any, Any]], modes: list[str], floors: Floors
) -> None:
    """The rules ``actor_in_range`` and the legacy loader apply one creature at a time,
    on whole columns of every floor (a creature's mode as a small code, its rules a
    table lookup)."""
    ids, x, y, hp = numbers["id"], numbers["x"], numbers["y"], numbers["hp"]
    twice = _first_repeat(floors.which, ids)
    if twice is not None:
        floors.fail_at(twice, ": duplicate creature ids")
    player = ids == PLAYER_ID
    lowest = np.where(player, -MAX_STAT, 0)
    blocks = numbers["blocks"]
    if not set(modes) <= _MODE_CODE.keys():
        known = np.array([mode in _MODE_CODE for mode in modes], dtype=np.bool_)
        floors.fail(~known, ": impossible creature (mode)")
    codes = np.array(list(map(_MODE_CODE.__getitem__, modes)), dtype=np.int8)
    aware = _MODE_AWARE[codes] if codes.size else np.zeros(0, np.bool_)
    captive, ally = codes == _MODE_CODE[Mode.CAPTIVE], codes == _MODE_CODE[Mode.ALLY]
    floors.fail_any(
        [
            ((numbers[name] < lowest) | (numbers[name] > 2 * MAX_STAT), f".{name}: out of range")
            for name in ("defense", "power")
        ]
        + [
            ((hp < 0) | (hp > numbers["max_hp"]), ": impossible creature (health)"),
            (blocks != (hp > 0), ": the living must block, the dead must not"),
            (
                np.where(
                    player, codes != _MODE_CODE[Mode.WANDERING], aware != (numbers["hunting"] > 0)
                ),
                ": impossible creature (mode)",
            ),
            (
                ((numbers["shackles"] > 0) & ~captive) | (numbers["stays"] & ~ally),
                ": impossible creature (shackles or orders)",
            ),
        ]
    )
    cells = floors.cells(x, y, ": a creature not on a floor tile")
    standing = np.flatnonzero(blocks)
    twice = _first_repeat(np.zeros(standing.size, np.int64), cells[standing])
    if twice is not None:
        floors.fail_at(int(standing[twice]), ": two creatures on one tile")
    floors.fail(blocks & SHUT_TILE[floors.tiles()[cells]], ": a creature stands in a shut door")
