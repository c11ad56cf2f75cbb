"""A graph of the content's own records as plain msgpack-able lists, and back.

The validated content is kept between runs (``content/cached.py``) so a start-up need
not read and check every file again. Not with ``pickle``: the cache lives in a folder the
user (or anything running as the user) may write, and unpickling runs whatever the file
names. Nor with ``msgspec``'s typed decoding of ``Content``: some fields' types are
written only for the type checker (``Population.traps`` names a kind the engine's lower
rooms may not import), and a typed decode makes a fresh object at every place a kind is
used, where the game shares one (the hero's catalogue, the floors' plans and the spawn
tables hold the very kinds the population holds).

So this is a small whitelist codec. A value is a string, number, bool, None or bytes as
itself, or a list whose first item says what it is: a tuple, list, dict, set, frozenset,
numpy array (of a few plain dtypes) or a record (a ``msgspec.Struct`` or dataclass) of
one of the classes the caller names, by its index among them, with its fields in order;
or a reference to an object already decoded (every object gets the next number when
made), so what was one object is one object again. Nothing else can be named: a file
can make only objects of those classes, built by their own constructors from plain
values. Whatever a file holds that does not decode as one of these raises
``GraphError`` (the cache is then ignored).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import Any

import msgspec
import numpy as np

REF, TUPLE, LIST, DICT, SET, FROZENSET, ARRAY, RECORD = range(8)
DTYPES = ("uint8", "bool", "int8", "int16", "int32", "int64", "float32", "float64")
"""The array element types a graph may hold (what the content's arrays are made of)."""
_PLAIN = frozenset((str, int, float, bool, type(None), bytes))


class GraphError(ValueError):
    """What was given is not a graph these classes can be: unknown tag or class,
    a reference to nothing, an array of the wrong size, a constructor's refusal."""


def _fields(cls: type) -> tuple[str, ...]:
    """The names a record is built from, in order: a Struct's fields, or a dataclass's
    ``init`` fields (the others are its caches, made afresh by its ``__init__``)."""
    if issubclass(cls, msgspec.Struct):
        return cls.__struct_fields__
    if dataclasses.is_dataclass(cls):
        return tuple(f.name for f in dataclasses.fields(cls) if f.init)
    raise TypeError(f"{cls.__qualname__} is neither a msgspec Struct nor a dataclass")


class Encoder:
    """Encodes graphs of ``classes``' records."""

    def __init__(self, classes: Sequence[type]) -> None:
        self._classes = {cls: (index, _fields(cls)) for index, cls in enumerate(classes)}

    def encode(self, root: object) -> Any:
        """``root`` as nested lists; TypeError for an object of a class not named, or a
        cycle (the content has none: each record is built from finished parts)."""
        numbers: dict[int, int] = {}
        keep: list[object] = []  # the objects numbered, so no id is reused meanwhile
        busy: set[int] = set()

        def node(value: object) -> Any:
            if type(value) in _PLAIN:  # exactly: a str or int enum member is not plain
                return value
            key = id(value)
            if key in numbers:
                return [REF, numbers[key]]
            if key in busy:
                raise TypeError("the graph has a cycle")
            busy.add(key)
            encoded = _composite(value)
            busy.discard(key)
            numbers[key] = len(numbers)
            keep.append(value)
            return encoded

        def _composite(value: object) -> Any:
            if isinstance(value, tuple):
                return [TUPLE, *[node(item) for item in value]]
            if isinstance(value, list):
                return [LIST, *[node(item) for item in value]]
            if isinstance(value, dict):
                pairs = [x for k, v in value.items() for x in (node(k), node(v))]
                return [DICT, *pairs]
            if isinstance(value, (set, frozenset)):
                tag = FROZENSET if isinstance(value, frozenset) else SET
                return [tag, *[node(item) for item in sorted(value, key=repr)]]
            if isinstance(value, np.ndarray):
                if str(value.dtype) not in DTYPES:
                    raise TypeError(f"array of {value.dtype} is not a graph's")
                flags = bool(value.flags.writeable)
                return [ARRAY, str(value.dtype), list(value.shape), flags, value.tobytes()]
            found = self._classes.get(type(value))
            if found is None:
                raise TypeError(f"{type(value).__qualname__} is not named")
            index, names = found
            return [RECORD, index, *[node(getattr(value, name)) for name in names]]

        return node(root)


class Decoder:
    """Decodes what an ``Encoder`` of the same ``classes`` made."""

    def __init__(self, classes: Sequence[type]) -> None:
        self._classes: list[tuple[Callable[..., Any], int]] = [
            (cls, len(_fields(cls))) for cls in classes
        ]

    def decode(self, encoded: Any) -> Any:
        """The graph ``encoded`` was made from; GraphError when it is not one. One
        closure over its locals, called about two thousand times for the content."""
        made: list[object] = []
        keep, classes, plain, count = made.append, self._classes, _PLAIN, len(self._classes)

        def node(value: Any) -> Any:
            if type(value) is not list:
                if type(value) in plain:
                    return value
                raise GraphError(f"unexpected {type(value).__name__}")
            tag = value[0] if value else None
            if tag == REF:
                if len(value) != 2 or type(value[1]) is not int or not 0 <= value[1] < len(made):
                    raise GraphError("a reference to nothing")
                return made[value[1]]
            if type(tag) is not int:
                raise GraphError("a list without its tag")
            if tag == RECORD:
                index = value[1] if len(value) > 1 else None
                if type(index) is not int or not 0 <= index < count:
                    raise GraphError("a record of an unknown class")
                cls, fields = classes[index]
                if len(value) != 2 + fields:
                    raise GraphError(f"{getattr(cls, '__qualname__', cls)}: wrong field count")
                # In field order (the round trip's test: no class is kw_only); plain
                # items, most of a graph, taken as they are without a call each.
                result: object = cls(*[v if type(v) in plain else node(v) for v in value[2:]])
            elif tag == TUPLE:
                result = tuple([v if type(v) in plain else node(v) for v in value[1:]])
            elif tag == ARRAY:
                result = _array(value)
            else:
                items = [v if type(v) in plain else node(v) for v in value[1:]]
                if tag == LIST:
                    result = items
                elif tag == DICT:
                    if len(items) % 2:
                        raise GraphError("a dict with a key and no value")
                    result = dict(zip(items[::2], items[1::2], strict=True))
                elif tag == FROZENSET:
                    result = frozenset(items)
                elif tag == SET:
                    result = set(items)
                else:
                    raise GraphError(f"unknown tag {tag!r}")
            keep(result)
            return result

        try:
            return node(encoded)
        except GraphError:
            raise
        except (TypeError, ValueError, KeyError, IndexError, RecursionError) as exc:
            raise GraphError(f"not a content graph: {exc}") from None


def _array(value: list[Any]) -> np.ndarray[Any, Any]:
    if len(value) != 5:
        raise GraphError("an array with missing parts")
    _, dtype, shape, writeable, data = value
    if dtype not in DTYPES or not isinstance(data, bytes) or not isinstance(shape, list):
        raise GraphError("an array of an unknown kind")
    if not all(type(n) is int and n >= 0 for n in shape):
        raise GraphError("an array of a bad shape")
    array = np.frombuffer(data, dtype=dtype)
    size = 1
    for n in shape:
        size *= n
    if array.size != size:
        raise GraphError("an array of the wrong size")
    array = array.reshape(shape)
    if writeable is True:
        array = array.copy()
    return array
