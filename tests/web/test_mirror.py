"""The worker's account of its game's folder for the shared database (``mirror.py``):
appended files as their new bytes, the rest whole, removals, the safe reading order, and
batches split and put back together."""

from __future__ import annotations

from pathlib import Path

from emberdeep.web import mirror
from emberdeep.web.mirror import Change, Mirror
from emberdeep.web.shared import safe


def test_changes_are_appends_whole_files_and_removals(tmp_path: Path) -> None:
    game = tmp_path / "games" / "g1"
    game.mkdir(parents=True)
    journal, save = game / "save.emberdeep.journal", game / "save.emberdeep"
    journal.write_bytes(b"one\n")
    save.write_bytes(b"S1")
    (game / "save.emberdeep.lock").write_bytes(b"")  # this process's: never sent
    (tmp_path / "daily" / "day").mkdir(parents=True)
    (tmp_path / "daily" / "day" / "x").write_bytes(b"a game of its own")
    files = Mirror(tmp_path, told=False)
    assert files.changes() == [
        Change("games/g1/save.emberdeep.journal", 0, b"one\n"),
        Change("games/g1/save.emberdeep", 0, b"S1"),
    ]
    assert files.changes() == []
    with journal.open("ab") as handle:
        handle.write(b"two\n")
    save.write_bytes(b"S2")
    assert files.changes() == [
        Change("games/g1/save.emberdeep.journal", 4, b"two\n"),
        Change("games/g1/save.emberdeep", 0, b"S2"),
    ]
    journal.unlink()
    assert files.changes() == [Change("games/g1/save.emberdeep.journal", 0, None)]


def test_the_set_aside_journal_is_read_before_the_journal_and_the_save(tmp_path: Path) -> None:
    for name in ("save.emberdeep", "save.emberdeep.journal", "save.emberdeep.journal.prev"):
        (tmp_path / name).write_bytes(b"x")
    assert list(mirror.files(tmp_path)) == [
        "save.emberdeep.journal.prev",
        "save.emberdeep.journal",
        "save.emberdeep",
    ]


def test_a_folder_the_server_has_is_not_sent_again(tmp_path: Path) -> None:
    (tmp_path / "settings.toml").write_bytes(b"a = 1")
    assert Mirror(tmp_path, told=True).changes() == []


def test_a_big_batch_is_split_and_whole_again(tmp_path: Path) -> None:
    big = bytes(range(256)) * (mirror.CHUNK // 100)
    changes = [Change("a", 0, big), Change("b", 0, None), Change("c", 7, b"tail")]
    messages = mirror.pack(changes)
    assert len(messages) > 2
    parts = [mirror.unpack(message) for message in messages]
    assert [whole for whole, _ in parts] == [False] * (len(parts) - 1) + [True]
    pieces = [change for _, batch in parts for change in batch]
    assert b"".join(c.body or b"" for c in pieces if c.path == "a") == big
    assert next(c.offset for c in pieces if c.path == "a") == 0
    assert pieces[-2:] == changes[1:]


def test_stored_paths_never_reach_outside_the_game_folder() -> None:
    assert safe("games/g1/save.emberdeep") is not None
    for bad in ("/etc/passwd", "../x", "games/../../x", "", "a//b", "./a"):
        assert safe(bad) is None, bad
