"""The dataclasses' compiled methods kept between runs (``storage/code_cache.py``): the
classes made from the cache behave as those made without it, and a damaged or foreign
cache is ignored."""

from __future__ import annotations

import dataclasses
import marshal
from pathlib import Path

import pytest

from emberdeep.storage import code_cache


def make_point() -> type:
    @dataclasses.dataclass(frozen=True, slots=True)
    class Point:
        x: int
        y: int = 2

    return Point


def test_a_second_start_runs_the_kept_code_and_the_classes_are_the_same(tmp_path: Path) -> None:
    with code_cache.cached_dataclasses(tmp_path) as first:
        point = make_point()
    assert first.fresh and not first.kept  # compiled, then written
    assert not hasattr(dataclasses, "exec")  # dataclasses' own exec again
    with code_cache.cached_dataclasses(tmp_path) as second:
        again = make_point()
    assert second.kept.keys() == first.fresh.keys() and not second.fresh  # nothing compiled
    for cls in (point, again):
        made = cls(1)
        assert (made.x, made.y) == (1, 2) and made == cls(1, 2) and hash(made) == hash(cls(1, 2))
        assert repr(made).endswith("Point(x=1, y=2)")
        with pytest.raises(dataclasses.FrozenInstanceError):
            made.x = 3


def test_a_damaged_or_foreign_cache_is_ignored(tmp_path: Path) -> None:
    path = tmp_path / code_cache.cache_name()
    for data in (
        b"not marshal at all",
        marshal.dumps({"stamp": "0 another python", "code": {}}),
        marshal.dumps({"stamp": code_cache.STAMP, "code": {"source": "not code"}}),
    ):
        path.write_bytes(data)
        with code_cache.cached_dataclasses(tmp_path) as cache:
            make_point()
        assert not cache.kept and cache.fresh  # compiled afresh, and written again
        assert marshal.loads(path.read_bytes())["stamp"] == code_cache.STAMP
