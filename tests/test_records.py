"""``records.frozen_record``: a record made without compiling code at start-up behaves as
the frozen dataclass ``dataclass`` would have made of the same fields: made, compared,
hashed, shown, frozen, copied and replaced alike, field options included."""

from __future__ import annotations

import copy
import dataclasses
import pickle
from dataclasses import KW_ONLY, dataclass, field

import pytest

from emberdeep.engine.core.events import Moved, Refused, Who
from emberdeep.records import Record, frozen_record


@dataclass(frozen=True)
class Made:
    """The twin ``dataclass`` compiles every method for."""

    x: int
    name: str = "q"
    note: int = field(default=0, compare=False)
    secret: int = field(default=1, repr=False)
    loose: float = field(default=2.0, hash=False)


@frozen_record
class Shared(Record):
    """The same fields, as a record."""

    x: int
    name: str = "q"
    note: int = field(default=0, compare=False)
    secret: int = field(default=1, repr=False)
    loose: float = field(default=2.0, hash=False)


@frozen_record
class Empty(Record):
    """No fields, like ``Wait``."""


@dataclass(frozen=True)
class MadeMixed:
    """Every way a field is given a value at making, in ``dataclass``'s hands."""

    a: int
    items: list[int] = field(default_factory=list)
    fixed: int = field(default=7, init=False)
    made: list[str] = field(default_factory=lambda: ["x"], init=False)
    _: KW_ONLY
    k: str = "k"
    must: int


@frozen_record
class Mixed(Record):
    """The same, as a record."""

    a: int
    items: list[int] = field(default_factory=list)
    fixed: int = field(default=7, init=False)
    made: list[str] = field(default_factory=lambda: ["x"], init=False)
    _: KW_ONLY
    k: str = "k"
    must: int


@frozen_record
class Checked(Record):
    """A record that checks itself after making, as ``Move`` does."""

    n: int
    double: int = field(default=0, init=False)

    def __post_init__(self) -> None:
        if self.n < 0:
            raise ValueError("negative")
        object.__setattr__(self, "double", self.n * 2)


@frozen_record
class Positive(Record):
    """Plain fields checked after making: its ``__init__`` shares a shape's code."""

    n: int
    m: int = 1

    def __post_init__(self) -> None:
        if self.n <= 0:
            raise ValueError("not positive")


@frozen_record
class Wider(Shared):
    """A record that adds a field to a record already made (whose ``__init__`` is
    compiled): its own ``__init__`` takes every field."""

    extra: int = 9


CASES = [(1,), (1, "a", 5, 6, 7.0), (2, "b"), (3, "c", 0, 0, float("nan"))]


@pytest.mark.parametrize("values", CASES)
def test_a_record_is_shown_hashed_and_compared_as_a_dataclass(values: tuple[object, ...]) -> None:
    made, shared = Made(*values), Shared(*values)  # type: ignore[arg-type]
    assert repr(shared) == repr(made).replace("Made(", "Shared(", 1)
    assert hash(shared) == hash(made)
    again_made, again_shared = Made(*values), Shared(*values)  # type: ignore[arg-type]
    assert (shared == again_shared) == (made == again_made)  # nan: unequal in both


def test_field_options_and_classes_are_kept() -> None:
    assert Shared(1, note=3) == Shared(1, note=4)  # compare=False
    assert hash(Shared(1, loose=3.0)) == hash(Shared(1, loose=4.0))  # hash=False
    assert Shared(1) != Shared(2) and Shared(1) != Wider(1)
    assert Shared(1).__eq__(Made(1)) is NotImplemented
    assert Empty() == Empty() and repr(Empty()) == "Empty()" and hash(Empty()) == hash(())


def test_a_record_is_made_as_a_dataclass_is() -> None:
    """Positional and keyword fields, defaults, fresh factories, fields not taken at
    making, keyword-only fields after ``KW_ONLY``."""
    for args, kwargs in (((1,), {"must": 2}), ((1, [3]), {"must": 2, "k": "z"})):
        made, mixed = MadeMixed(*args, **kwargs), Mixed(*args, **kwargs)
        assert dataclasses.asdict(mixed) == dataclasses.asdict(made)
    first, second = Mixed(1, must=0), Mixed(1, must=0)
    assert first.items == [] and first.items is not second.items
    assert first.made == ["x"] and first.made is not second.made
    assert [f.name for f in dataclasses.fields(Mixed)] == [
        "a",
        "items",
        "fixed",
        "made",
        "k",
        "must",
    ]
    assert Wider(1, "b", extra=3).extra == 3 and Wider(1).name == "q"
    assert Mixed.__init__.__qualname__ == "Mixed.__init__"


@pytest.mark.parametrize(
    ("args", "kwargs"),
    [((), {"must": 1}), ((1,), {}), ((1, [], 2), {"must": 1}), ((1,), {"must": 1, "fixed": 3})],
)
def test_a_record_refuses_what_a_dataclass_refuses(
    args: tuple[object, ...], kwargs: dict[str, object]
) -> None:
    with pytest.raises(TypeError):
        MadeMixed(*args, **kwargs)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        Mixed(*args, **kwargs)  # type: ignore[arg-type]


def test_post_init_runs_after_the_fields_are_set() -> None:
    assert Checked(4).double == 8
    with pytest.raises(ValueError, match="negative"):
        Checked(-1)
    assert Positive(2).m == 1 and Positive(m=3, n=2).m == 3
    with pytest.raises(ValueError, match="not positive"):
        Positive(0)


def test_records_of_one_shape_keep_their_own_names_and_defaults() -> None:
    """``Shared`` and ``Wider`` share compiled code with every record of as many plain
    fields, renamed: each still takes its own names and defaults, and names them when
    one is missing or unknown."""
    assert Shared(x=1, secret=3).secret == 3 and Shared(1).loose == 2.0
    assert Wider(1, extra=2).extra == 2 and Wider(x=1).extra == 9
    with pytest.raises(TypeError, match="'x'"):
        Shared()  # type: ignore[call-arg]
    with pytest.raises(TypeError, match="'nope'"):
        Shared(1, nope=2)  # type: ignore[call-arg]


def test_a_field_without_a_default_after_one_with_is_refused() -> None:
    @frozen_record
    class Misordered(Record):
        a: int = 1
        b: int  # type: ignore[misc]

    with pytest.raises(TypeError, match="non-default argument 'b' follows default argument"):
        Misordered(1, 2)


def test_a_record_stays_frozen() -> None:
    shared = Shared(1)
    with pytest.raises(dataclasses.FrozenInstanceError):
        shared.x = 2  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        del shared.x
    with pytest.raises(dataclasses.FrozenInstanceError):
        shared.other = 1  # type: ignore[attr-defined]
    assert shared.x == 1


def test_a_record_is_replaced_copied_and_pickled_by_value() -> None:
    shared = Shared(1, "a", secret=5)
    assert dataclasses.replace(shared, x=2) == Shared(2, "a", secret=5)
    with pytest.raises(ValueError, match="init=False"):
        dataclasses.replace(Mixed(1, must=0), fixed=3)
    for twin in (copy.copy(shared), copy.deepcopy(shared), pickle.loads(pickle.dumps(shared))):
        assert twin == shared and twin.secret == 5 and twin is not shared
    checked = pickle.loads(pickle.dumps(Checked(3)))
    assert checked.double == 6


def test_only_records_are_made_records() -> None:
    class Plain:
        x: int

    with pytest.raises(TypeError, match="not a Record"):
        frozen_record(Plain)


def test_the_engines_events_read_as_before() -> None:
    """The events are ``msgspec`` structs now, and read as the records they were."""
    moved = Moved(Who(5, "rat"), (1, 2), (2, 2))
    assert repr(moved) == "Moved(who=Who(id=5, kind='rat'), start=(1, 2), end=(2, 2))"
    assert moved == Moved(Who(5, "rat"), (1, 2), (2, 2)) and {moved: 1}[moved] == 1
    assert Refused("no") != Refused("yes") and Refused("no", detail="") == Refused("no")
    with pytest.raises(AttributeError):
        moved.start = (0, 0)  # type: ignore[misc]
