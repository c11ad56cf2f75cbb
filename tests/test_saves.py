from __future__ import annotations

import errno
import os
import threading
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from emberdeep.agents.bot import Bot, take_turn
from emberdeep.config import Settings
from emberdeep.content import loader
from emberdeep.engine.acts.actions import LEVEL_UP_STATS, LevelUp, Wait
from emberdeep.engine.core.actors import MAX_LEVEL, MAX_STAT
from emberdeep.engine.core.events import MessageKind
from emberdeep.engine.play.world import World
from emberdeep.engine.things.items import Item
from emberdeep.session.driver import Driver, State
from emberdeep.session.game import GameSetup
from emberdeep.session.setup import new_world
from emberdeep.storage import saves
from emberdeep.storage.files import backup_path
from tests.helpers import builder_for
from tests.helpers import randomly_played as played

CONTENT = loader.load()
KINDS = {kind.key: kind for kind in CONTENT.population.items.kinds}
CREATURES = CONTENT.hero.kinds
LOG = (
    saves.LogLine("You hit the orc for 3 hit points.", MessageKind.PLAYER_ATTACK),
    saves.LogLine("The orc misses you.", MessageKind.ENEMY_ATTACK, 3),
)
INFO = saves.current_info("auto", log=LOG)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), turns=st.integers(0, 300))
def test_save_and_load_round_trip_equals_the_original(seed: int, turns: int) -> None:
    world = played(seed, turns)
    copy, info = saves.decode(saves.encode(world, INFO), builder_for, KINDS, kinds=CREATURES)
    assert copy.state_hash() == world.state_hash()
    assert info == INFO
    # ...and both go on to live the same future.
    for _ in range(20):
        if not world.player.alive:
            break
        world.step(Wait())
        copy.step(Wait())
    assert copy.state_hash() == world.state_hash()


GOOD = saves.encode(played(11, 150), INFO)


def assert_clean_error(data: bytes) -> None:
    with pytest.raises(saves.SaveError) as err:
        saves.decode(data, builder_for, KINDS, kinds=CREATURES)
    assert str(err.value)  # a message for the player, never an empty one


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cut=st.integers(0, len(GOOD) - 1))
def test_truncated_saves_give_a_clean_error(cut: int) -> None:
    assert_clean_error(GOOD[:cut])


@settings(max_examples=300, deadline=None)
@given(bit=st.integers(0, len(GOOD) * 8 - 1))
def test_bit_flipped_saves_give_a_clean_error_or_load(bit: int) -> None:
    data = bytearray(GOOD)
    data[bit // 8] ^= 1 << (bit % 8)
    try:
        saves.decode(bytes(data), builder_for, KINDS, kinds=CREATURES)
    except saves.SaveError as exc:
        assert str(exc)


def test_foreign_and_newer_files_are_named_as_such() -> None:
    with pytest.raises(saves.SaveError, match="not an Emberdeep save"):
        saves.decode(b"PK\x03\x04 a zip file", builder_for, KINDS, kinds=CREATURES)
    newer = GOOD.replace(f"format {saves.FORMAT}\n".encode(), b"format 9\n", 1)
    with pytest.raises(saves.SaveError, match="newer Emberdeep"):
        saves.decode(newer, builder_for, KINDS, kinds=CREATURES)


def test_a_decompression_bomb_is_refused() -> None:
    import zlib

    bomb = saves.MAGIC + b"format 1\n" + zlib.compress(b" " * (saves.MAX_PAYLOAD + 10))
    with pytest.raises(saves.SaveError, match="too large"):
        saves.decode(bomb, builder_for, KINDS, kinds=CREATURES)


def test_files_round_trip_and_keep_a_backup(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "save.emberdeep"
    first, second = played(1, 10), played(2, 10)
    saves.write_save(first, INFO, path)
    saves.write_save(second, INFO, path)
    assert (
        saves.read_save(builder_for, KINDS, path, kinds=CREATURES)[0].state_hash()
        == second.state_hash()
    )
    backup = backup_path(path)
    assert (
        saves.read_save(builder_for, KINDS, backup, kinds=CREATURES)[0].state_hash()
        == first.state_hash()
    )


@pytest.mark.parametrize(
    ("failing", "error", "message"),
    [
        ("replace", OSError(5, "Input/output error"), "could not save"),  # power cut
        ("fsync", OSError(28, "No space left on device"), "No space left on device"),
    ],
)
def test_a_failed_save_is_reported_and_the_old_save_survives(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, failing: str, error: OSError, message: str
) -> None:
    path = tmp_path / "save.emberdeep"
    old = played(1, 10)
    saves.write_save(old, INFO, path)

    def fail(*args: object) -> None:
        raise error

    monkeypatch.setattr(os, failing, fail)
    with pytest.raises(saves.SaveError, match=message):
        saves.write_save(played(2, 10), INFO, path)
    monkeypatch.undo()
    assert (
        saves.read_save(builder_for, KINDS, path, kinds=CREATURES)[0].state_hash()
        == old.state_hash()
    )


def test_a_save_path_that_is_a_directory_is_reported_and_leaves_no_temp(tmp_path: Path) -> None:
    target = tmp_path / "save.emberdeep"
    target.mkdir()
    with pytest.raises(saves.SaveError, match="could not save"):
        saves.write_save(played(1, 1), INFO, target)
    assert [p.name for p in tmp_path.iterdir()] == ["save.emberdeep"]


def test_a_full_disk_is_reported_and_leaves_no_temp(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def full(fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    with pytest.raises(saves.SaveError, match="No space left"):
        saves.write_save(played(1, 1), INFO, tmp_path / "save.emberdeep")
    assert list(tmp_path.iterdir()) == []


def test_two_writers_never_share_a_temp_file(tmp_path: Path) -> None:
    target = tmp_path / "save.emberdeep"
    worlds = [played(seed, 3) for seed in (1, 2)]
    failures: list[BaseException] = []

    def write(world: World) -> None:
        for _ in range(20):
            try:
                saves.write_save(world, INFO, target)
            except BaseException as exc:  # collected for the assertion below
                failures.append(exc)

    threads = [threading.Thread(target=write, args=(w,)) for w in worlds]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == []
    assert not [p for p in tmp_path.iterdir() if p.name.endswith("tmp")]


def test_reading_a_missing_save_says_so(tmp_path: Path) -> None:
    with pytest.raises(saves.SaveError, match="no saved game"):
        saves.read_save(builder_for, KINDS, tmp_path / "none", kinds=CREATURES)


def test_a_game_with_items_picked_up_loads_to_the_same_state(tmp_path: Path) -> None:
    """A carried item has no floor position, so a reloaded world hashes the same."""
    from emberdeep.engine.acts.actions import PickUp
    from emberdeep.engine.things.items import Item

    world = played(3, 2)
    kind = next(iter(KINDS.values()))
    world.floor.items.append(Item(kind, *world.player.position))
    world.step(PickUp())
    target = tmp_path / "save.emberdeep"
    saves.write_save(world, INFO, target)
    loaded, _ = saves.read_save(builder_for, KINDS, target, kinds=CREATURES)
    assert loaded.state_hash() == world.state_hash()


def bot_played(seed: int, turns: int, pushed: bool) -> World:
    """A game the bot played for ``turns`` turns; ``pushed`` starts the player at the
    limits play saturates at (level, experience, every stat)."""
    world = new_world(seed, Settings(), CONTENT)
    if pushed:
        player = world.player
        player.level, player.xp = MAX_LEVEL - 1, MAX_STAT
        player.max_hp = player.hp = player.power = player.defense = MAX_STAT
    driver, bot = Driver(world), Bot(seed)
    for _ in range(turns):
        if not world.player.alive:
            break
        take_turn(driver, bot)
        while driver.state is State.LEVEL_UP:
            report = driver.command(LevelUp(LEVEL_UP_STATS[world.turn % 3]))
            assert report.refused is None, report.refused
    return world


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**32), turns=st.integers(1, 400), pushed=st.booleans())
def test_a_save_after_any_bot_game_loads_again(seed: int, turns: int, pushed: bool) -> None:
    world = bot_played(seed, turns, pushed)
    copy = saves.decode(saves.encode(world, INFO), builder_for, KINDS, kinds=CREATURES)[0]
    assert copy.state_hash() == world.state_hash()
    if pushed:
        assert world.player.level == MAX_LEVEL and world.player.xp <= MAX_STAT


def test_the_log_comes_back_with_the_game_and_is_bounded() -> None:
    many = tuple(saves.LogLine(f"Line {n}.", MessageKind.INFO) for n in range(80))
    info = saves.current_info("auto", log=many)
    assert len(info.log) == saves.LOG_LINES and info.log[-1].text == "Line 79."
    _, loaded = saves.decode(saves.encode(played(3, 5), info), builder_for, KINDS, kinds=CREATURES)
    assert loaded.log == info.log


def test_the_inventorys_letters_come_back_with_the_game() -> None:
    world = played(3, 5)
    letters = "zAqbcdefghijklmnopqrstuvwxy"[: len(world.inventory)]
    info = saves.current_info("auto", letters=letters)
    _, loaded = saves.decode(saves.encode(world, info), builder_for, KINDS, kinds=CREATURES)
    assert loaded.letters == letters and len(world.inventory) > 0


@pytest.mark.parametrize("letters", [3, "ab!", "aab", "é", "abcdefghijklmnopqrstuvwxyz"])
def test_damaged_letters_are_refused_in_a_sentence(letters: object) -> None:
    payload = saves.decode_payload(GOOD)
    carried = len(payload["world"]["inventory"])
    payload["letters"] = letters if isinstance(letters, int) else str(letters)[: carried + 1]
    with pytest.raises(saves.SaveError, match="inventory's letters"):
        saves.decode(legacy(saves.FORMAT, payload), builder_for, KINDS, kinds=CREATURES)


def legacy(version: int, payload: dict[str, object]) -> bytes:
    """A save as format ``version`` wrote it: no log (and for format 1 no summary)."""
    import json
    import zlib

    body = zlib.compress(json.dumps(payload).encode())
    summary = b"" if version == 1 else GOOD.splitlines(keepends=True)[2]
    return saves.MAGIC + f"format {version}\n".encode() + summary + body


@pytest.mark.parametrize("version", [1, 2])
def test_saves_from_before_the_log_still_load_without_one(version: int) -> None:
    payload = saves.decode_payload(GOOD)
    del payload["log"]
    world, info = saves.decode(legacy(version, payload), builder_for, KINDS, kinds=CREATURES)
    assert info.log == () and world.state_hash() == played(11, 150).state_hash()


@pytest.mark.parametrize(
    "log",
    [
        "not a list",
        [["You wait.", "info", 1]] * (saves.LOG_LINES + 1),  # longer than a save keeps
        [["You wait.", "info"]],  # a field short
        [[3, "info", 1]],  # text not text
        [["x" * (saves.MAX_LOG_TEXT + 1), "info", 1]],  # too long to be ours
        [["You wait.\x1b[2J", "info", 1]],  # an escape code for the terminal
        [["You wait.", "shouting", 1]],  # a kind the game does not know
        [["You wait.", "info", 0]],
        [["You wait.", "info", True]],
        [["You wait.", "info", 2**70]],
        [["You wait.", ["info"], 1]],  # a kind not even a name
        [["You wait.", "info", 1], ["You wait.", "info", 1.0]],  # a bad line after a good one
    ],
)
def test_a_damaged_log_is_refused_in_a_sentence(log: object) -> None:
    payload = saves.decode_payload(GOOD)
    payload["log"] = log
    with pytest.raises(saves.SaveError, match="damaged") as refused:
        saves.decode(legacy(saves.FORMAT, payload), builder_for, KINDS, kinds=CREATURES)
    if isinstance(log, list) and len(log) == 2:
        assert "log line 2" in str(refused.value)


def test_a_session_keeps_its_letters_with_no_screen_to_show_them(tmp_path: Path) -> None:
    """The letters are the session's, as the log is: a game continued and saved again
    without a play screen keeps the letters it was saved with."""
    content = loader.load()
    setup = GameSetup(content, Settings(), data=tmp_path)
    session = setup.new_game(7)
    kinds = {kind.key: kind for kind in content.population.items.kinds}
    session.world.inventory[:] = [Item(kinds[key]) for key in ("darts", "dagger", "darts")]
    session.letters.of(session.world.inventory)  # a, b, c
    del session.world.inventory[0]  # b, c kept: not dealt again as a, b
    assert session.save() is None
    session.release()
    (listing,) = setup.saved_games()
    continued = setup.continue_game(listing.game)
    assert continued.letters.of(continued.world.inventory) == ["b", "c"]
    assert continued.save() is None
    continued.release()
    again = setup.continue_game(listing.game)
    assert again.letters.of(again.world.inventory) == ["b", "c"]
    again.release()
