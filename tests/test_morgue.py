from __future__ import annotations

from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from emberdeep import __version__
from emberdeep.engine.play.world import World
from emberdeep.engine.things.items import Item, ItemKind
from emberdeep.session import morgue
from emberdeep.session.morgue import MorgueError
from tests.helpers import floor_from_text

# The wall in the middle hides the right-hand room from the start (FOV).
FLOOR = """
###########
#@..#.....#
#...#.....#
#...#....>#
###########
"""
WHEN = datetime(2026, 5, 9, 9, 35, 12, tzinfo=timezone(timedelta(hours=2)))
NAMES = {"orc": "Orc", "troll": "Troll"}


@pytest.fixture(autouse=True)
def _data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("EMBERDEEP_DATA_DIR", str(tmp_path / "data"))


def world() -> World:
    w = World(4242, lambda depth, rng: floor_from_text(FLOOR))
    w.kills.update({"orc": 3, "troll": 1, "ghost_of_content_past": 2})
    sword = ItemKind("sword", "Sword", "equip", slot="weapon", power=3)
    potion = ItemKind("potion", "Healing potion", "heal", amount=4)
    w.inventory += [Item(sword, equipped=True), Item(potion)]
    w.player.level, w.player.xp, w.turn = 2, 77, 150
    return w


def written(tmp_path: Path, w: World | None = None) -> str:
    lines = [f"message {i}" for i in range(30)]
    path = morgue.write_morgue(
        w or world(), lines, "killed by a troll", WHEN, tmp_path / "m", names=NAMES
    )
    return path.read_text(encoding="utf-8")


def test_the_file_is_named_by_date_and_seed_in_the_morgue_folder(tmp_path: Path) -> None:
    path = morgue.write_morgue(world(), [], "quit", WHEN, names=NAMES)
    assert path == tmp_path / "data" / "morgue" / "morgue-20260509-073512-seed4242.txt"
    again = morgue.write_morgue(world(), [], "quit", WHEN, names=NAMES)
    assert again.name == "morgue-20260509-073512-seed4242-2.txt" and path.exists()


def test_header_character_and_belongings(tmp_path: Path) -> None:
    text = written(tmp_path)
    lines = text.splitlines()
    assert lines[0] == f"Emberdeep {__version__} morgue file"
    assert lines[1] == "Seed: 4242"
    assert lines[2] == "Date: 2026-05-09 07:35:12 UTC"
    assert "killed by a troll" in lines[3]
    assert "Level 2   Experience 77" in text and "Hit points 30/30" in text
    assert "Turns 150" in text and "Depth 1" in text
    equipment = text.split("Equipment\n")[1].split("\n\n")[0]
    inventory = text.split("Inventory\n")[1].split("\n\n")[0]
    assert equipment == "  weapon: Sword" and inventory == "  Healing potion"


def test_only_the_last_twenty_messages(tmp_path: Path) -> None:
    text = written(tmp_path)
    assert "Last 20 messages" in text
    assert "message 10\n" in text and "message 29\n" in text and "message 9\n" not in text


def test_kills_by_monster_with_names_and_unknown_keys(tmp_path: Path) -> None:
    kills = written(tmp_path).split("Kills (6)\n")[1].split("\n\n")[0].splitlines()
    assert [line.split(None, 1) for line in kills] == [
        ["3", "Orc"],
        ["2", "ghost_of_content_past"],
        ["1", "Troll"],
    ]


def test_the_map_shows_what_was_explored_and_the_player(tmp_path: Path) -> None:
    w = world()
    assert not w.floor.explored[9, 3]  # behind the wall
    shown = written(tmp_path, w).split("Map of depth 1\n")[1].rstrip("\n").splitlines()
    assert shown[1].startswith("#@..#")
    assert ">" not in "".join(shown)  # the stairs were never seen
    assert all(len(row) <= 5 for row in shown)  # cropped: the far room is unexplored
    w.floor.explored[:, :] = True
    w.player.x, w.player.y = 5, 2
    full = morgue.known_map(w).splitlines()
    assert full == ["###########", "#<..#.....#", "#...#@....#", "#...#....>#", "###########"]


def test_a_folder_that_cannot_be_written_is_a_morgue_error(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(MorgueError, match="could not write the morgue file in"):
        morgue.write_morgue(world(), [], "quit", WHEN, blocker / "morgue")


def test_names_default_to_the_contents_monsters(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(morgue, "monster_names", lambda: {"orc": "Big orc"})
    text = morgue.morgue_text(world(), [], "quit", WHEN)
    assert "Big orc" in text and "troll" in text


def test_the_allies_freed_their_kills_and_how_they_died(tmp_path: Path) -> None:
    from emberdeep.engine.core.actors import Actor, Mode
    from emberdeep.engine.creatures.fellowship import Loss

    w = world()
    assert "Allies" not in morgue.morgue_text(w, [], "killed by an orc", WHEN, NAMES)
    w.fellowship.freed = 2
    w.fellowship.kills.update({"orc": 4})
    w.fellowship.lost.append(Loss("goblin", 3, "troll"))
    friend = Actor(9, "kobold", "Kobold", 2, 2, 5, 6, 0, 1, 100, 100, 0, mode=Mode.ALLY)
    w.floor.add_actor(friend)
    text = morgue.morgue_text(w, [], "killed by an orc", WHEN, {**NAMES, "goblin": "Goblin"})
    assert "Allies (freed 2)" in text
    assert "  Kobold (5/6 HP, at your side)" in text
    assert "Their kills (4)" in text and "     4  Orc" in text
    assert "  Goblin, slain by the troll on depth 3" in text
