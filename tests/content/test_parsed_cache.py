"""The parsed-content cache is a shortcut only: the same content with or without it,
whatever state its file is in."""

from __future__ import annotations

import datetime
import json
from pathlib import Path

import numpy as np
import pytest

from emberdeep.content import loader, parsed
from tests.helpers import load_fresh


def same(a: loader.Content, b: loader.Content) -> bool:
    """Equal field by field (``Content`` compares by identity), the sprites' pixels as
    arrays."""
    if a.sprites.keys() != b.sprites.keys():
        return False
    if not all(np.array_equal(a.sprites[k].rgba, b.sprites[k].rgba) for k in a.sprites):
        return False
    return all(
        getattr(a, name) == getattr(b, name) for name in a.__struct_fields__ if name != "sprites"
    )


@pytest.fixture
def cache_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("EMBERDEEP_CACHE_DIR", str(tmp_path / "cache"))
    return tmp_path / "cache" / parsed.CACHE_NAME


def test_content_from_the_cache_is_the_content_parsed_afresh(cache_file: Path) -> None:
    first = load_fresh()  # parses, and writes the cache
    kept = json.loads(cache_file.read_text(encoding="utf-8"))["files"]
    assert "monsters.toml" in kept and "sprites.toml" in kept
    assert same(load_fresh(), first)  # from the cache


def test_a_changed_file_is_parsed_afresh(cache_file: Path) -> None:
    cache = parsed.ParsedCache(cache_file)
    assert cache.loads("a.toml", "x = 1") == {"x": 1}
    cache.save()
    again = parsed.ParsedCache(cache_file)
    assert again.loads("a.toml", "x = 1") == {"x": 1} and not again.changed
    assert again.loads("a.toml", "x = 2") == {"x": 2} and again.changed
    with pytest.raises(ValueError):  # tomllib's TOMLDecodeError
        again.loads("a.toml", "x = ")


@pytest.mark.parametrize(
    "damage",
    [
        b"",
        b"\xff\xfe not text",
        b"{not json",
        b"[1, 2]",
        b'{"format": 1, "files": []}',
        b'{"format": 99, "files": {}}',
        b'{"format": 1, "files": {"monsters.toml": {"text": 3, "data": []}}}',
        b"[" * 100_000,
    ],
)
def test_a_damaged_cache_is_ignored_and_written_again(cache_file: Path, damage: bytes) -> None:
    cache_file.parent.mkdir(parents=True)
    cache_file.write_bytes(damage)
    assert same(load_fresh(), load_fresh())
    assert json.loads(cache_file.read_text(encoding="utf-8"))["format"] == parsed.FORMAT


def test_a_cache_that_cannot_be_written_costs_nothing(cache_file: Path) -> None:
    cache_file.parent.parent.mkdir(parents=True, exist_ok=True)
    cache_file.parent.write_text("a file where the folder should be")
    assert load_fresh().population.monsters.kinds
    assert not cache_file.exists()


def test_what_json_cannot_hold_is_not_kept(cache_file: Path) -> None:
    cache = parsed.ParsedCache(cache_file)
    assert cache.loads("d.toml", "when = 2026-11-23") == {"when": datetime.date(2026, 11, 23)}
    cache.save()
    assert not cache_file.exists()


def test_a_cache_file_too_large_to_be_ours_is_not_read(cache_file: Path) -> None:
    cache_file.parent.mkdir(parents=True)
    kept = {"format": parsed.FORMAT, "files": {"a.toml": {"text": "x = 1", "data": {"x": 2}}}}
    cache_file.write_text(json.dumps(kept))
    assert parsed.ParsedCache(cache_file).loads("a.toml", "x = 1") == {"x": 2}  # it is read
    cache_file.write_text(json.dumps(kept) + " " * parsed.MAX_BYTES)
    assert parsed.ParsedCache(cache_file).loads("a.toml", "x = 1") == {"x": 1}  # it is not
