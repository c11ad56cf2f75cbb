"""The comparison, hash and text of a frozen dataclass, written once for every such class.

On Python 3.11, ``dataclasses`` compiles six functions for each frozen class it makes
(``__init__``, ``__repr__``, ``__eq__``, ``__hash__``, ``__setattr__``, ``__delattr__``),
each with an ``exec`` of its own, about a fifth of a millisecond a class at every start.
Most frozen records are ``msgspec.Struct``s for that reason (made in C); the few that
need ``dataclass``'s field options (metadata read as validation rules and option help,
fields left out of comparison), keep a cache of their own or are subclassed stay
dataclasses, ask ``dataclass`` for ``__init__`` and the frozen guards alone, and take
the other three from ``Record``::

    @dataclass(frozen=True, eq=False, repr=False)
    class Settings(Record): ...

Mutable dataclasses (the actors, floors, the journal: ``msgspec.Struct`` would change how
they are copied and saved) take theirs the same way: ``MutableRecord`` compares by value
and is unhashable, ``Shown`` only shows (a class compared by identity).

They behave as ``dataclass`` would have made them: equal when of the same class and the
tuples of their compared fields are equal; hashed as the tuple of the hashed fields;
shown as ``Name(field=value, ...)`` with the fields ``repr`` shows. Each list of names
is read from ``dataclasses.fields`` once per class.
"""

from __future__ import annotations

import dataclasses
import reprlib
from typing import NamedTuple


class _Fields(NamedTuple):
    compared: tuple[str, ...]
    hashed: tuple[str, ...]
    shown: tuple[str, ...]


_FIELDS: dict[type, _Fields] = {}


def _fields(cls: type) -> _Fields:
    known = _FIELDS.get(cls)
    if known is None:
        fields = dataclasses.fields(cls)
        known = _FIELDS[cls] = _Fields(
            tuple(f.name for f in fields if f.compare),
            tuple(f.name for f in fields if (f.compare if f.hash is None else f.hash)),
            tuple(f.name for f in fields if f.repr),
        )
    return known


class Shown:
    """A dataclass's ``__repr__`` (see the module), for the mutable records compared by
    identity (``eq=False``: actors, items, traps, floors)."""

    __slots__ = ()

    @reprlib.recursive_repr()
    def __repr__(self) -> str:
        shown = ", ".join(
            f"{name}={getattr(self, name)!r}" for name in _fields(self.__class__).shown
        )
        return f"{self.__class__.__qualname__}({shown})"


class Record(Shown):
    """A frozen dataclass's ``__eq__``, ``__hash__`` and ``__repr__`` (see the module)."""

    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        names = _fields(self.__class__).compared
        return tuple([getattr(self, n) for n in names]) == tuple([getattr(other, n) for n in names])

    def __hash__(self) -> int:
        return hash(tuple([getattr(self, name) for name in _fields(self.__class__).hashed]))


class MutableRecord(Record):
    """A mutable dataclass's ``__eq__`` and ``__repr__``: unhashable, as ``dataclass``
    makes a class that compares by value and can change."""

    __slots__ = ()
    __hash__ = None  # type: ignore[assignment]
