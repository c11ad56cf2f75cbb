"""The dataclass code cache (``dataclass_code.py``): a class made from kept code is the
class a fresh compile makes, kept code is used again without compiling, and a damaged,
foreign or unwritable cache costs only the compile."""

from __future__ import annotations

import builtins
import dataclasses
import os
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from emberdeep import dataclass_code
from emberdeep.dataclass_code import CodeCache

METHODS = ("__init__", "__repr__", "__eq__", "__hash__", "__setattr__", "__delattr__")


def make_point() -> type:
    @dataclasses.dataclass(frozen=True)
    class Point:
        x: int
        tags: tuple[str, ...] = ()
        label: str = dataclasses.field(default="p", compare=False)

    return Point


@pytest.fixture
def through() -> Iterator[Callable[[CodeCache], type]]:
    """Make ``Point`` with ``cache`` standing in for ``exec`` in ``dataclasses``."""
    saved = getattr(dataclasses, "exec", None)

    def made(cache: CodeCache) -> type:
        setattr(dataclasses, "exec", cache.exec)  # noqa: B010
        try:
            return make_point()
        finally:
            delattr(dataclasses, "exec")

    yield made
    if saved is not None:
        setattr(dataclasses, "exec", saved)  # noqa: B010


def test_a_class_made_from_the_cache_is_the_class_a_fresh_compile_makes(
    tmp_path: Path, through: Callable[[CodeCache], type]
) -> None:
    cache = CodeCache(tmp_path / "code.marshal")
    fresh, cached = make_point(), through(cache)
    for name in METHODS:
        assert getattr(cached, name).__code__ == getattr(fresh, name).__code__, name
    # compiled without this module's `from __future__ import annotations`, as exec does
    assert cached.__init__.__annotations__ == fresh.__init__.__annotations__  # type: ignore[misc]
    a: Any = cached(1, ("x",))
    assert a == cached(1, ("x",), label="q") and a != cached(2)
    assert hash(a) == hash(cached(1, ("x",))) and repr(a).endswith(
        "Point(x=1, tags=('x',), label='p')"
    )
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.x = 3


def test_kept_code_is_used_again_without_compiling(
    tmp_path: Path, through: Callable[[CodeCache], type], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "cache" / "code.marshal"
    first = CodeCache(path)
    through(first)
    assert first.changed and len(first.kept) == len(METHODS)
    first.save()
    assert path.exists() and not first.changed

    second = CodeCache(path)
    assert second.kept.keys() == first.kept.keys()
    compiled: list[str] = []
    monkeypatch.setattr(builtins, "compile", lambda *args, **kw: compiled.append(args[0]))
    point: Any = through(second)
    assert compiled == [] and not second.changed
    assert point(4).x == 4
    second.save()  # nothing new: nothing written
    assert not list(path.parent.glob("*.tmp"))


def damaged(path: Path) -> list[bytes]:
    """A good cache file's bytes, and the ways it can be spoiled."""
    good = path.read_bytes()
    flipped = bytearray(good)
    flipped[-20] ^= 0x40
    return [b"", b"garbage", good[:-7], bytes(flipped), b"\x00\x00\x0d\x0a" + good[4:],
            good[:4] + b"\x00\x00\x00\x00" + good[8:]]  # fmt: skip


@pytest.mark.parametrize("spoil", range(6))
def test_a_damaged_or_foreign_cache_is_ignored_and_rewritten(
    tmp_path: Path, through: Callable[[CodeCache], type], spoil: int
) -> None:
    path = tmp_path / "code.marshal"
    made = CodeCache(path)
    through(made)
    made.save()
    assert len(CodeCache(path).kept) == len(METHODS)
    path.write_bytes(damaged(path)[spoil])
    cache = CodeCache(path)
    assert cache.kept == {}
    point: Any = through(cache)
    assert point(1) == point(1)
    cache.save()
    assert len(CodeCache(path).kept) == len(METHODS)


def test_an_unwritable_cache_costs_only_the_compile(
    tmp_path: Path, through: Callable[[CodeCache], type]
) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder", encoding="utf-8")
    cache = CodeCache(blocker / "code.marshal")
    through(cache)
    cache.save()  # no exception
    assert cache.changed


def test_a_run_of_the_game_keeps_its_methods_and_the_next_compiles_none(tmp_path: Path) -> None:
    """Two processes that make the game's classes: the first writes the cache at exit,
    the second finds every text in it."""
    code = (
        "from emberdeep import dataclass_code\n"
        "cache = dataclass_code.install()\n"
        "assert dataclass_code.install() is cache\n"
        "import emberdeep.engine.play.world\n"
        "print(len(cache.used), cache.changed)\n"
    )
    src = Path(__file__).resolve().parents[1] / "src"
    env = os.environ | {"EMBERDEEP_CACHE_DIR": str(tmp_path), "PYTHONPATH": str(src)}
    runs = [
        subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env
        ).stdout.split()
        for _ in range(2)
    ]
    assert int(runs[0][0]) > 300 and runs[0][1] == "True"
    assert runs[1] == [runs[0][0], "False"]
    assert (tmp_path / dataclass_code.CACHE_NAME).stat().st_size > 0
