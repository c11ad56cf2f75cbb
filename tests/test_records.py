"""``records.Record``: a frozen record that takes its equality, hash and text from it
behaves as the one ``dataclass`` would have compiled them for, field options included."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

import pytest

from emberdeep.engine.core.events import Moved, Refused, Who
from emberdeep.records import MutableRecord, Record, Shown


@dataclass(frozen=True)
class Made:
    """The twin ``dataclass`` compiles every method for."""

    x: int
    name: str = "q"
    note: int = field(default=0, compare=False)
    secret: int = field(default=1, repr=False)
    loose: float = field(default=2.0, hash=False)


@dataclass(frozen=True, eq=False, repr=False)
class Shared(Record):
    """The same fields, with ``Record``'s methods."""

    x: int
    name: str = "q"
    note: int = field(default=0, compare=False)
    secret: int = field(default=1, repr=False)
    loose: float = field(default=2.0, hash=False)


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class Slotted(Record):
    """One field, slotted like the engine's events."""

    x: int


@dataclass(frozen=True, eq=False, repr=False)
class Empty(Record):
    """No fields, like ``Wait``."""


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
    assert Shared(1) != Shared(2) and Shared(1) != Slotted(1) and Slotted(1) == Slotted(1)
    assert Shared(1).__eq__(Made(1)) is NotImplemented
    assert Empty() == Empty() and repr(Empty()) == "Empty()" and hash(Empty()) == hash(())


def test_a_record_stays_frozen_and_slotted() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        Slotted(1).x = 2  # type: ignore[misc]
    assert not hasattr(Slotted(1), "__dict__")
    assert dataclasses.replace(Shared(1, "a"), x=2) == Shared(2, "a")


def test_the_engines_events_read_as_before() -> None:
    moved = Moved(Who(5, "rat"), (1, 2), (2, 2))
    assert repr(moved) == "Moved(who=Who(id=5, kind='rat'), start=(1, 2), end=(2, 2))"
    assert moved == Moved(Who(5, "rat"), (1, 2), (2, 2)) and {moved: 1}[moved] == 1
    assert Refused("no") != Refused("yes")


@dataclass
class MadeMutable:
    """The twin of a mutable record, every method ``dataclass``'s."""

    x: int
    items: list[int] = field(default_factory=list)
    note: int = field(default=0, compare=False, repr=False)


@dataclass(eq=False, repr=False)
class Mutable(MutableRecord):
    x: int
    items: list[int] = field(default_factory=list)
    note: int = field(default=0, compare=False, repr=False)


@dataclass(slots=True, eq=False, repr=False)
class Identified(Shown):
    """Compared by identity, shown as a dataclass (the actors, items and traps)."""

    x: int
    hidden: int = field(default=0, repr=False)


def test_a_mutable_record_compares_and_shows_as_a_dataclass_and_is_unhashable() -> None:
    for values in [(1,), (1, [2, 3]), (1, [2], 9)]:
        made, mutable = MadeMutable(*values), Mutable(*values)  # type: ignore[arg-type]
        assert repr(mutable) == repr(made).replace("MadeMutable(", "Mutable(", 1)
    assert Mutable(1, [2], 5) == Mutable(1, [2], 6) and Mutable(1) != Mutable(2)
    changed = Mutable(1)
    changed.items.append(4)
    assert changed != Mutable(1) and changed == Mutable(1, [4])
    with pytest.raises(TypeError, match="unhashable"):
        hash(Mutable(1))


def test_a_shown_record_keeps_its_identity() -> None:
    one, other = Identified(1), Identified(1)
    assert one != other and len({one, other}) == 2 and {one: 1}[one] == 1
    assert repr(one) == "Identified(x=1)" and not hasattr(one, "__dict__")


def test_the_engines_mutable_records_read_as_before() -> None:
    from emberdeep.engine.play.journal import Journal
    from emberdeep.mapgen.bsp import BspParams

    assert Journal() == Journal() and repr(Journal()).startswith("Journal(")
    with pytest.raises(TypeError):
        hash(Journal())
    assert BspParams() == BspParams() and hash(BspParams()) == hash(BspParams())
    assert repr(BspParams()).startswith("BspParams(")
