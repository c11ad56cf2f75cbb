"""The terrain kinds: plain ints that index every per-kind table."""

from __future__ import annotations

from emberdeep.engine.core.floor import TILE_NAMES, TILE_TRANSPARENT, TILE_WALKABLE, Tile


def test_each_tile_name_is_found_at_its_kinds_value() -> None:
    kinds = {name: value for name, value in vars(Tile).items() if name.isupper()}
    assert sorted(kinds.values()) == list(range(len(kinds)))
    assert all(TILE_NAMES[value] == name.lower() for name, value in kinds.items())
    assert len(TILE_WALKABLE) == len(TILE_TRANSPARENT) == len(TILE_NAMES)
