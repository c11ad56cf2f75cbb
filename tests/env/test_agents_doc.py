"""docs/agents.md describes every action, observation key and glyph id as they are."""

from __future__ import annotations

import re
from pathlib import Path

from emberdeep.content import loader
from emberdeep.env import ACTIONS
from emberdeep.env.observation import KEYS, glyph_table

DOC = Path(__file__).resolve().parents[2] / "docs" / "agents.md"


def rows(first_cell: str) -> dict[str, str]:
    """The doc's table rows whose first cell matches ``first_cell``: first cell -> row."""
    found = {}
    for line in DOC.read_text(encoding="utf-8").splitlines():
        match = re.match(rf"\| ({first_cell}) \|", line)
        if match:
            found[match.group(1)] = line
    return found


def test_every_action_is_documented_with_its_number() -> None:
    text = DOC.read_text(encoding="utf-8")
    for number, name in enumerate(ACTIONS):
        assert f"| {number} | `{name}` |" in text, name


def test_every_observation_key_is_documented() -> None:
    assert set(rows(r"`[a-z_]+`")) == {f"`{key}`" for key in KEYS}


def test_the_glyph_id_table_is_the_contents() -> None:
    text = DOC.read_text(encoding="utf-8")
    for number, kind, name, _ in glyph_table(loader.load()):
        assert f"| {number} | {kind} | {name} |" in text, name
