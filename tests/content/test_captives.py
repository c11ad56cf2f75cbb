"""captives.toml: which monsters may be found in shackles, checked with file, line, key."""

from __future__ import annotations

import re
from importlib import resources

import pytest

from emberdeep.content import creature_kinds, floors, loader
from emberdeep.content.tomldata import DataError, Table
from emberdeep.engine.core.actors import ActorKind
from emberdeep.engine.creatures.spawning import ByDepth, SpawnTable

CAPTIVES = resources.files("emberdeep.content").joinpath("captives.toml").read_text()
MONSTERS = resources.files("emberdeep.content").joinpath("monsters.toml").read_text()


def _monsters() -> SpawnTable[ActorKind]:
    table, _, _ = creature_kinds.parse_monsters(Table.parse("monsters.toml", MONSTERS), ByDepth(()))
    return table


def test_the_shipped_captives_are_at_least_six_kinds_from_depth_two() -> None:
    captives = loader.load().population.captives
    assert captives is not None
    keys = [kind.key for kind in captives.kinds.kinds]
    assert len(keys) >= 6 and {"goblin_conjurer", "kobold_shaman", "goblin_archer"} <= set(keys)
    assert captives.from_depth == 2 and 30 <= captives.chance <= 70
    assert captives.shackles >= 2 and captives.captors.at(2) >= 1


@pytest.mark.parametrize(
    ("old", "new", "key", "problem"),
    [
        ("[ogre]", "[balrog]", "balrog", "'balrog' is not a monster"),
        ("chance = 50", "chance = 150", "chance", "expected an integer from 0 to 100"),
        ("shackles = 5", "shackles = 0", "shackles", "expected an integer from 1"),
        (
            "spawn = [[5, 10], [9, 15]]",
            "spawn = [[9, 10], [5, 15]]",
            "ogre.spawn",
            "depths must rise",
        ),
        ("spawn = [[7, 10]]", "spawns = [[7, 10]]", "spider.spawns", "unknown key"),
    ],
)
def test_bad_captives_name_file_line_and_key(old: str, new: str, key: str, problem: str) -> None:
    broken = CAPTIVES.replace(old, new, 1)
    assert broken != CAPTIVES
    line = next(n for n, text in enumerate(broken.splitlines(), 1) if new in text)
    with pytest.raises(DataError, match=rf"^captives\.toml:{line}: {re.escape(key)}: {problem}"):
        floors.parse_captives(Table.parse("captives.toml", broken), _monsters())
