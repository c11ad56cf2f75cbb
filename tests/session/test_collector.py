"""The interactive game's collector policy (``session/collector.py``): what it freezes
is out of the collector's walks, and a game played before is freed, not frozen for good."""

from __future__ import annotations

import gc
import weakref
from collections.abc import Iterator

import pytest

from emberdeep.session import collector


class Node:
    """A plain object that can be in a reference cycle."""

    def __init__(self) -> None:
        self.other: object = self


@pytest.fixture(autouse=True)
def unfrozen(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(collector.Frozen, "game", False)
    monkeypatch.setattr(collector.Frozen, "active", True)
    yield
    gc.unfreeze()


def test_a_floor_entered_freezes_what_lives() -> None:
    kept = Node()
    collector.settle_floor()
    assert gc.get_freeze_count() > 0
    assert not any(o is kept for o in gc.get_objects())  # no generation walks it


def test_cycles_made_just_before_a_floor_freeze_are_freed_not_frozen() -> None:
    dropped = Node()
    gone = weakref.ref(dropped)
    del dropped
    collector.settle_floor()
    assert gone() is None


def test_the_next_game_frees_the_one_played_before() -> None:
    old_game = Node()
    gone = weakref.ref(old_game)
    collector.settle_game()  # the first game: frozen with its cycle
    del old_game
    gc.collect()
    assert gone() is not None  # frozen: no collection reaches it
    collector.settle_game()  # a new game in the same process
    assert gone() is None


def test_what_the_start_up_made_is_frozen_before_the_collector_comes_back() -> None:
    kept = Node()
    collector.settle_start()
    assert gc.get_freeze_count() > 0
    assert not any(o is kept for o in gc.get_objects())  # no young collection walks it


def test_a_process_that_did_not_activate_it_freezes_nothing() -> None:
    collector.activate(False)
    collector.settle_start()
    collector.settle_game()
    collector.settle_floor()
    assert gc.get_freeze_count() == 0 and not collector.Frozen.game
