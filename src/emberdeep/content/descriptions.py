"""Flavour text for every monster and item (``descriptions.toml``), for the details panel.

Kept apart from ``monsters.toml`` and ``items.toml`` so the rules' files stay rules; the
loader checks that every monster and item has its text, that no text names a thing that
does not exist, and that each category hidden while unknown has its own, so a thing
without words is an error at start-up with its file, line and key.
"""

from __future__ import annotations

from collections.abc import Collection

import msgspec

from emberdeep.content.tomldata import DataError, Table

SOURCE = "descriptions.toml"
MAX_TEXT = 400


class Descriptions(msgspec.Struct, frozen=True):
    monsters: dict[str, str] = msgspec.field(default_factory=dict)
    items: dict[str, str] = msgspec.field(default_factory=dict)
    unknown: dict[str, str] = msgspec.field(default_factory=dict)
    """Category -> what an unknown potion, scroll or wand is said to be."""


def _texts(table: Table, name: str, keys: Collection[str], what: str) -> dict[str, str]:
    section = table.sub(name)
    texts = {}
    for key in section.names():
        if key not in keys:
            raise section.error(key, f"not {what}")
        text = section.get(key, str).strip()
        if not text or len(text) > MAX_TEXT:
            raise section.error(key, f"expected some text, at most {MAX_TEXT} characters")
        texts[key] = text
    missing = [key for key in keys if key not in texts]
    if missing:
        raise DataError(f"{SOURCE}: [{name}]: no text for {', '.join(missing)}")
    return texts


def parse_descriptions(
    table: Table, monsters: Collection[str], items: Collection[str], hidden: Collection[str]
) -> Descriptions:
    """Every monster key, item key and hidden category (``UNIDENTIFIED``) with its text."""
    table.reject_unknown(("monsters", "items", "unknown"))
    return Descriptions(
        _texts(table, "monsters", monsters, "a monster"),
        _texts(table, "items", items, "an item"),
        _texts(table, "unknown", hidden, "a category hidden while unknown"),
    )
