"""Frozen records made without compiling code at start-up: ``@frozen_record`` and ``Record``.

On Python 3.11, ``dataclasses`` compiles six functions for each frozen class it makes
(``__init__``, ``__repr__``, ``__eq__``, ``__hash__``, ``__setattr__``, ``__delattr__``),
each with an ``exec`` of its own: the game made some 190 dataclasses before its first
frame, 150 of them frozen records, and making them was a fifth of the CPU to that frame.
Compiled code is never kept on disk (no file the game reads may run code), so the frozen
records (the engine's actions, kinds and registries' entries, content's looks and
lights, input events, the screens' results, generator parameters, the session's and
storage's small records) are made by ``frozen_record``, which asks ``dataclass`` for none of
them::

    @frozen_record
    class Wait(Record): ...

``Record`` gives every record the same ``__eq__``, ``__hash__`` and ``__repr__`` and the
frozen guards (``__setattr__`` and ``__delattr__`` raise ``FrozenInstanceError``); each
class's ``__init__`` is compiled the first time one is made (most of the game's records
are never made in a given run before its first frame, many never at all), from its
fields as ``dataclass`` would have written it for a frozen class: the same parameters,
defaults, factories, keyword-only fields and ``__post_init__`` call, each field set with
``object.__setattr__``. ``dataclasses.fields``, ``replace`` and ``asdict`` work on
records as on any dataclass; ``InitVar`` and ``slots`` are not supported (no record
needs them). A field without a default after one with a default is reported when the
first is made rather than when the class is (mypy reports it at once).

The three shared methods behave as ``dataclass`` would have made them: equal when of
the same class and the tuples of their compared fields are equal; hashed as the tuple of
the hashed fields; shown as ``Name(field=value, ...)`` with the fields ``repr`` shows.
Each list of names is read from ``dataclasses.fields`` once per class. They are slower
to call than compiled ones, and called rarely: about one comparison a turn in a bot's
game (``Stop``, ``Move``), a few hashes of a ``Light`` at a start; the renderer's
``Region``, compared every frame, keeps the compiled methods. The engine's events, made
many times a step, are ``msgspec`` structs instead (``engine/core/events.py``).
"""

from __future__ import annotations

import dataclasses
import reprlib
from collections.abc import Callable
from types import CodeType, FunctionType
from typing import TYPE_CHECKING, Any, NamedTuple, TypeVar

from typing_extensions import dataclass_transform

_R = TypeVar("_R")


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


class Record:
    """A frozen record's shared methods (see the module); made with ``@frozen_record``."""

    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        names = _fields(self.__class__).compared
        return tuple([getattr(self, n) for n in names]) == tuple([getattr(other, n) for n in names])

    def __hash__(self) -> int:
        return hash(tuple([getattr(self, name) for name in _fields(self.__class__).hashed]))

    @reprlib.recursive_repr()
    def __repr__(self) -> str:
        shown = ", ".join(
            f"{name}={getattr(self, name)!r}" for name in _fields(self.__class__).shown
        )
        return f"{self.__class__.__qualname__}({shown})"

    if not TYPE_CHECKING:  # mypy knows a record is frozen, and would take any name here

        def __setattr__(self, name: str, value: object) -> None:
            raise dataclasses.FrozenInstanceError(f"cannot assign to field {name!r}")

        def __delattr__(self, name: str) -> None:
            raise dataclasses.FrozenInstanceError(f"cannot delete field {name!r}")


@dataclass_transform(frozen_default=True, field_specifiers=(dataclasses.field,))
def frozen_record(cls: type[_R]) -> type[_R]:
    """``cls`` (a ``Record``) as a frozen dataclass whose ``__init__`` is compiled when
    the first is made (see the module)."""
    if not issubclass(cls, Record):
        raise TypeError(f"{cls.__qualname__} is not a Record")
    made = dataclasses.dataclass(cls, init=False, eq=False, repr=False)
    made.__init__ = _deferred_init(made)  # type: ignore[method-assign]
    return made


def _deferred_init(cls: type) -> Callable[..., None]:
    def first_init(self: Any, *args: Any, **kwargs: Any) -> None:
        init = _compile_init(cls)
        cls.__init__ = init  # type: ignore[misc]
        init(self, *args, **kwargs)

    first_init.__qualname__ = f"{cls.__qualname__}.__init__"
    return first_init


_FACTORY = object()
"""The default of a parameter whose field has a default factory (as in ``dataclass``)."""

_SHAPES: dict[tuple[int, bool], CodeType] = {}
"""(number of fields, whether it calls ``__post_init__``) -> an ``__init__`` compiled
once for fields named ``_0``, ``_1``, ...: a record of plain fields takes a copy of it
with its own names (``CodeType.replace``, about 1 us, where compiling its own takes
30-100 us); some fifty records are first made before the first frame, in a dozen shapes."""

_SHAPED: dict[str, object] = {"_set": object.__setattr__}
"""The globals of every shaped ``__init__``."""


def _compile_init(cls: type) -> Callable[..., None]:
    """The ``__init__`` ``dataclass`` writes for a frozen class with ``cls``'s fields:
    shaped when every field is a plain parameter (no factory, not keyword-only, taken at
    making), written out otherwise."""
    fields = dataclasses.fields(cls)
    post_init = hasattr(cls, "__post_init__")
    defaulted = ""
    for f in fields:
        if f.init and not f.kw_only:
            if f.default is not dataclasses.MISSING or f.default_factory is not dataclasses.MISSING:
                defaulted = f.name
            elif defaulted:
                raise TypeError(f"non-default argument {f.name!r} follows default argument")
    plain = all(
        f.init and not f.kw_only and f.default_factory is dataclasses.MISSING for f in fields
    )
    init: Callable[..., None] = (
        _shaped_init(fields, post_init) if plain else _written_init(fields, post_init)
    )
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    return init


def _shaped_init(fields: tuple[dataclasses.Field[Any], ...], post_init: bool) -> Any:
    shape = (len(fields), post_init)
    code = _SHAPES.get(shape)
    if code is None:
        placeholders = [f"_{n}" for n in range(len(fields))]
        body = [f"_set(__record_self__, {p!r}, {p})" for p in placeholders]
        code = _SHAPES[shape] = _written(placeholders, body, post_init, dict(_SHAPED)).__code__
    names = {f"_{n}": f.name for n, f in enumerate(fields)}
    code = code.replace(
        co_varnames=tuple(names.get(name, name) for name in code.co_varnames),
        co_consts=tuple(names.get(c, c) if type(c) is str else c for c in code.co_consts),
    )
    defaults = tuple(f.default for f in fields if f.default is not dataclasses.MISSING)
    return FunctionType(code, _SHAPED, "__init__", defaults or None)


def _written_init(fields: tuple[dataclasses.Field[Any], ...], post_init: bool) -> Any:
    names: dict[str, object] = {"_set": object.__setattr__, "_FACTORY": _FACTORY}
    positional: list[str] = []
    keyword: list[str] = []
    body: list[str] = []
    for f in fields:
        name = f.name
        factory = f.default_factory is not dataclasses.MISSING
        if factory:
            names[f"_factory_{name}"] = f.default_factory
        if f.init:
            parameter = name
            if factory:
                parameter = f"{name}=_FACTORY"
            elif f.default is not dataclasses.MISSING:
                names[f"_default_{name}"] = f.default
                parameter = f"{name}=_default_{name}"
            (keyword if f.kw_only else positional).append(parameter)
            value = f"_factory_{name}() if {name} is _FACTORY else {name}" if factory else name
        elif factory:
            value = f"_factory_{name}()"
        else:
            continue  # the class attribute holds its default, as ``dataclass`` leaves it
        body.append(f"_set(__record_self__, {name!r}, {value})")
    return _written([*positional, *(["*", *keyword] if keyword else [])], body, post_init, names)


def _written(parameters: list[str], body: list[str], post_init: bool, names: dict[str, Any]) -> Any:
    """``def __init__(__record_self__, PARAMETERS): BODY``, compiled in ``names``."""
    if post_init:
        body = [*body, "__record_self__.__post_init__()"]
    source = f"def __init__({', '.join(['__record_self__', *parameters])}):\n "
    exec(source + "\n ".join(body or ["pass"]), names)
    return names["__init__"]
