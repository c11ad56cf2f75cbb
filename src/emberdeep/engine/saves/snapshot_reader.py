"""Reading untrusted snapshot data: the limits a save may reach, the error it raises,
and ``Reader``, typed access to a table whose every failure names the field."""

from __future__ import annotations

import base64
import binascii
import math
from collections.abc import Mapping
from typing import Any, TypeGuard, TypeVar

import numpy as np

MAX_SIDE = 1000
MAX_COUNT = 100_000
MAX_DEPTH = 1000
"""Deeper than any game goes; also bounds how many kept floors a save may hold."""

BIG = 2**62
MAX_ACTION_TIME = 10_000
"""No creature's action takes longer (content allows at most this); with actions taking
at least 1, the clock's gaps below bound how long one turn can run."""
T = TypeVar("T")
_MISSING = object()


class SnapshotError(ValueError):
    """The data does not describe a valid world; the message says what is wrong."""


def b64(array: np.ndarray[Any, Any]) -> str:
    return base64.b64encode(np.ascontiguousarray(array).tobytes()).decode("ascii")


INT_TYPES = ("<i2", "<i4", "<i8")
"""How a table's integer columns may be stored (``int_type``): the narrowest that holds
them all, so a save holds a third of the bytes to inflate, parse and decode."""


def narrowest(values: np.ndarray[Any, Any]) -> str:
    """The narrowest of ``INT_TYPES`` that holds every one of ``values``."""
    low, high = int(values.min(initial=0)), int(values.max(initial=0))
    for name in INT_TYPES[:-1]:
        limits = np.iinfo(name)
        if limits.min <= low and high <= limits.max:
            return name
    return INT_TYPES[-1]


def is_table(data: object) -> TypeGuard[Mapping[Any, Any]]:
    """``isinstance(data, Mapping)``, parsed JSON's dict first (the ABC's check costs a
    microsecond, and a save is read through hundreds of tables)."""
    return type(data) is dict or isinstance(data, Mapping)


class Reader:
    """Typed access to untrusted data; every failure names the field."""

    def __init__(self, data: object, path: str) -> None:
        if not is_table(data):
            raise SnapshotError(f"{path or 'save'}: expected a table")
        self.data = data
        self.path = path

    def where(self, key: str) -> str:
        return f"{self.path}.{key}" if self.path else key

    def get(self, key: str, kind: type[T]) -> T:
        value = self.data.get(key, _MISSING)
        if type(value) is kind:  # parsed JSON: the exact type, the common case first
            return value
        if value is _MISSING:
            raise SnapshotError(f"{self.where(key)}: missing")
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise SnapshotError(f"{self.where(key)}: expected {kind.__name__}")
        return value

    def integer(self, key: str, lo: int = -BIG, hi: int = BIG) -> int:
        value = self.data.get(key)
        if type(value) is not int:
            value = self.get(key, int)
        if not lo <= value <= hi:
            raise SnapshotError(f"{self.where(key)}: {value} is out of range")
        return value

    def __contains__(self, key: str) -> bool:
        return key in self.data

    def sub(self, key: str) -> Reader:
        return Reader(self.get(key, dict), self.where(key))

    def entries(self, key: str, most: int = MAX_COUNT) -> list[Any]:
        value = self.get(key, list)
        if len(value) > most:
            raise SnapshotError(f"{self.where(key)}: too many entries")
        return value

    def point(self, key: str, floor_shape: tuple[int, int]) -> tuple[int, int]:
        value = self.entries(key, 2)
        if len(value) != 2 or not all(
            isinstance(v, int) and not isinstance(v, bool) for v in value
        ):
            raise SnapshotError(f"{self.where(key)}: expected [x, y]")
        if not (0 <= value[0] < floor_shape[0] and 0 <= value[1] < floor_shape[1]):
            raise SnapshotError(f"{self.where(key)}: outside the map")
        return value[0], value[1]

    def ints(self, key: str, shape: tuple[int, ...]) -> np.ndarray[Any, Any]:
        """An integer column as int64, stored as the table's ``int_type`` (int64 when it
        has none, as before format 5)."""
        stored = self.data.get("int_type", INT_TYPES[-1])
        if stored not in INT_TYPES:
            raise SnapshotError(f"{self.where('int_type')}: expected one of {INT_TYPES}")
        ints: np.ndarray[Any, Any] = self._stored(key, stored, shape).astype(np.int64)
        return ints  # a copy: memory of its own

    def array(self, key: str, dtype: Any, shape: tuple[int, ...]) -> np.ndarray[Any, Any]:
        """A base64 column of ``dtype`` and ``shape``, in memory of its own (writable)."""
        array: np.ndarray[Any, Any] = self._stored(key, dtype, shape).copy()
        return array

    def view(self, key: str, dtype: Any, shape: tuple[int, ...]) -> np.ndarray[Any, Any]:
        """``array``, read-only: a view of the decoded bytes, for a column only read."""
        return self._stored(key, dtype, shape)

    def _stored(self, key: str, dtype: Any, shape: tuple[int, ...]) -> np.ndarray[Any, Any]:
        """The column as a read-only view of its decoded bytes."""
        text = self.data.get(key)
        if type(text) is not str:
            text = self.get(key, str)
        try:
            raw = base64.b64decode(text, validate=True)
        except (binascii.Error, ValueError):
            raise SnapshotError(f"{self.where(key)}: not valid base64") from None
        made = _DTYPES.get(dtype)
        if made is None:
            made = _DTYPES[dtype] = np.dtype(dtype)
        expected = math.prod(shape) * made.itemsize
        if len(raw) != expected:
            raise SnapshotError(f"{self.where(key)}: {len(raw)} bytes, expected {expected}")
        stored: np.ndarray[Any, Any] = np.frombuffer(raw, dtype=made).reshape(shape)
        return stored


_DTYPES: dict[Any, np.dtype[Any]] = {}
"""Each type a column is read as (a name such as ``"<i2"``, or a numpy type) as a dtype,
made once: ``np.dtype`` costs a microsecond, and so does ``frombuffer`` given a name."""
