"""The loaded content kept between runs is a shortcut only: the very content the files
make, used only while they and the code are the same, and a damaged, foreign or hostile
file is ignored (and replaced), never believed and never run."""

from __future__ import annotations

import enum
import os
import pickle
import subprocess
import sys
import zlib
from pathlib import Path

import msgspec
import numpy as np
import pytest

from emberdeep.content import cached, graph_codec, loader, parsed
from tests.helpers import load_fresh

SRC = str(Path(loader.__file__).parents[2])


class _Colour(str, enum.Enum):
    RED = "red"


def shape(content: loader.Content) -> object:
    """The whole graph as plain values, shared objects as references: two contents with
    the same shape hold equal values and share the same objects in the same places."""
    return graph_codec.Encoder(loader.RECORDS).encode(content)


@pytest.fixture
def kept(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("EMBERDEEP_CACHE_DIR", str(tmp_path / "cache"))
    return tmp_path / "cache" / cached.CACHE_NAME


def checks_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    """From now on, a load that reads and checks the files fails the test."""

    def refused() -> loader.Content:
        raise AssertionError("the files were loaded afresh")

    monkeypatch.setattr(loader, "load_checked", refused)


def test_the_kept_content_is_the_checked_content_with_its_kinds_shared(
    kept: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    checked = load_fresh()
    assert kept.is_file()
    checks_refused(monkeypatch)
    again = load_fresh()
    assert again is not checked and shape(again) == shape(checked)
    items = {id(kind) for kind in again.population.items.kinds}
    monsters = {id(kind) for kind in again.population.monsters.kinds}
    assert id(again.hero.kind) not in monsters
    assert {id(kind) for kind in again.hero.start_items} <= items
    goal = again.population.goal
    assert goal is not None and id(goal.treasure) in items and id(goal.guardian) in monsters
    assert all(id(kind) in items for kind, _ in again.population.per_floor)
    sprite = again.sprites["player"].rgba
    assert np.array_equal(sprite, checked.sprites["player"].rgba) and not sprite.flags.writeable


def test_an_edited_file_is_loaded_and_checked_afresh(
    kept: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    load_fresh()
    real = parsed.content_bytes

    def edited(name: str) -> bytes:
        return real(name) + (b"#\n" if name == "items.toml" else b"")

    assert cached.read(loader.Content, loader.FILES, real, loader.RECORDS) is not None
    assert cached.read(loader.Content, loader.FILES, edited, loader.RECORDS) is None
    checks = []
    checked = loader.load_checked

    def counted() -> loader.Content:
        checks.append(1)
        return checked()

    monkeypatch.setattr(loader, "load_checked", counted)
    monkeypatch.setattr(loader, "content_bytes", edited)
    load_fresh()
    assert checks == [1]


def test_changed_code_is_loaded_and_checked_afresh(kept: Path) -> None:
    load_fresh()
    assert isinstance(
        cached.read(loader.Content, loader.FILES, parsed.content_bytes, loader.RECORDS),
        loader.Content,
    )
    header = msgspec.msgpack.decode(kept.read_bytes(), type=cached._Header)
    path, size, mtime = header.code[0]
    assert path.endswith(".py") and os.stat(path).st_mtime_ns == mtime
    stale = msgspec.structs.replace(header, code=[(path, size, mtime - 1), *header.code[1:]])
    kept.write_bytes(msgspec.msgpack.encode(stale))
    assert cached.read(loader.Content, loader.FILES, parsed.content_bytes, loader.RECORDS) is None


def test_the_code_kept_in_its_stamp_is_all_the_loader_runs() -> None:
    """Every module the loader imports is one whose change makes the kept content stale."""
    found = subprocess.run(
        [sys.executable, "-c", "import sys, emberdeep.content.loader; print(*sys.modules)"],
        capture_output=True, text=True, check=True, env=os.environ | {"PYTHONPATH": SRC},
    ).stdout.split()  # fmt: skip
    ours = [name for name in found if name.split(".")[0] == "emberdeep"]
    assert "emberdeep.content.tomldata" in ours and "emberdeep.engine.things.items" in ours
    assert [name for name in ours if not cached._shapes_content(name)] == []
    assert not cached._shapes_content("emberdeep.ui.render")


def _with_graph(kept: Path, graph: object) -> None:
    """The kept file, with ``graph`` for its content and a CRC that matches it."""
    header = msgspec.msgpack.decode(kept.read_bytes(), type=cached._Header)
    data = msgspec.msgpack.encode(graph)
    kept.write_bytes(
        msgspec.msgpack.encode(msgspec.structs.replace(header, graph=data, crc=zlib.crc32(data)))
    )


@pytest.mark.parametrize(
    "graph",
    [
        [graph_codec.RECORD, 999],  # a class it does not name
        [graph_codec.RECORD, 0, "too few fields"],
        [graph_codec.REF, 0],  # a reference to nothing
        [99, 1, 2],  # an unknown tag
        [],
        {"a": "map"},
        [graph_codec.ARRAY, "object", [1], False, b"\x00"],  # an array of objects
        [graph_codec.ARRAY, "uint8", [4], False, b"\x00"],  # of the wrong size
        [graph_codec.DICT, "key without a value"],
        "a string",  # well formed, but not content
    ],
)
def test_a_hostile_graph_is_ignored_and_replaced(
    kept: Path, graph: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    load_fresh()
    _with_graph(kept, graph)
    assert cached.read(loader.Content, loader.FILES, parsed.content_bytes, loader.RECORDS) is None
    content = load_fresh()  # loaded and checked afresh, and kept again
    checks_refused(monkeypatch)
    assert shape(load_fresh()) == shape(content)


class _Ran:
    """What a pickle would run while loading: it would leave a mark."""

    def __init__(self, mark: Path) -> None:
        self.mark = mark

    def __reduce__(self) -> tuple[object, tuple[str, str]]:
        return (open, (str(self.mark), "w"))


@pytest.mark.parametrize(
    "damage",
    [
        lambda data: b"",
        lambda data: data[: len(data) // 2],  # cut short
        lambda data: data[:-100] + bytes(b ^ 0xFF for b in data[-100:]),  # bits flipped
        lambda data: b"\xc1" + data,  # not msgpack
        lambda data: msgspec.msgpack.encode({"format": 1}),
    ],
)
def test_a_damaged_file_is_ignored_and_replaced(kept: Path, damage: object) -> None:
    content = load_fresh()
    kept.write_bytes(damage(kept.read_bytes()))  # type: ignore[operator]
    assert cached.read(loader.Content, loader.FILES, parsed.content_bytes, loader.RECORDS) is None
    assert shape(load_fresh()) == shape(content)
    assert (
        cached.read(loader.Content, loader.FILES, parsed.content_bytes, loader.RECORDS) is not None
    )


def test_a_pickle_in_its_place_is_never_run(kept: Path, tmp_path: Path) -> None:
    load_fresh()
    mark = tmp_path / "ran"
    kept.write_bytes(pickle.dumps(_Ran(mark)))
    assert cached.read(loader.Content, loader.FILES, parsed.content_bytes, loader.RECORDS) is None
    load_fresh()
    assert not mark.exists()


def test_an_unwritable_cache_folder_still_loads(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("EMBERDEEP_CACHE_DIR", str(blocker / "cache"))
    content = load_fresh()
    assert content.population.monsters.kinds
    assert cached.read(loader.Content, loader.FILES, parsed.content_bytes, loader.RECORDS) is None


def test_the_codec_names_no_class_it_was_not_given() -> None:
    class Stranger(msgspec.Struct):
        x: int

    with pytest.raises(TypeError):
        graph_codec.Encoder([loader.Content]).encode(Stranger(1))
    with pytest.raises(TypeError):  # an enum member is not its plain value
        graph_codec.Encoder([]).encode([1, _Colour.RED])
