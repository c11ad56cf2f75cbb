"""The write-ahead journal: a killed game loses at most its last second."""

from __future__ import annotations

from pathlib import Path

import pytest

from emberdeep.config import Settings
from emberdeep.content import loader
from emberdeep.engine.acts.actions import DIRECTIONS, Move, Wait
from emberdeep.session.game import CHECKPOINT_TURNS, GameSetup
from emberdeep.storage import wal
from emberdeep.storage.durable import Durable


def playing(data: Path, turns: int) -> tuple[GameSetup, str, Path]:
    """A game saved at its start, then ``turns`` moves logged to the journal only; the
    state hash it reached and its save. The session is dropped without a save, as by
    ``kill -9``."""
    setup = GameSetup(loader.load(), Settings(), data=data)
    session = setup.new_game(11)
    assert session.save() is None
    for turn in range(turns):
        if session.world.player.alive:
            session.world.step(Move(*DIRECTIONS[turn % 8]) if turn % 3 else Wait())
            assert session.after_turn() is None
    state = session.world.state_hash()
    session.release()
    assert session.save_file is not None
    return setup, state, session.save_file


def test_continuing_replays_the_journal_on_the_save(tmp_path: Path) -> None:
    setup, state, save = playing(tmp_path, 40)
    assert CHECKPOINT_TURNS > 40 and wal.read(wal.journal_path(save))
    resumed = setup.continue_game(save.parent.name)
    assert resumed.recovered >= 40 and resumed.world.state_hash() == state
    assert not wal.journal_path(save).exists()  # compacted into a new save
    resumed.release()


def test_a_torn_last_record_is_dropped_not_fatal(tmp_path: Path) -> None:
    setup, _, save = playing(tmp_path, 20)
    path = wal.journal_path(save)
    lines = path.read_bytes().splitlines(keepends=True)
    path.write_bytes(b"".join(lines[:-1]) + lines[-1][:-7])  # the kill tore the last write
    resumed = setup.continue_game(save.parent.name)
    assert resumed.recovered == len(lines) - 1
    resumed.release()


def test_damage_in_the_middle_keeps_what_came_before(tmp_path: Path) -> None:
    setup, _, save = playing(tmp_path, 20)
    path = wal.journal_path(save)
    lines = path.read_bytes().splitlines(keepends=True)
    lines[5] = lines[5].replace(b"[", b"{", 1)
    path.write_bytes(b"".join(lines))
    assert len(wal.read(path)) == 5
    resumed = setup.continue_game(save.parent.name)
    assert resumed.recovered == 5
    resumed.release()


def test_records_round_trip_and_damage_is_detected() -> None:
    record = wal.Record(3, ["s", "m", 1, 0], 12345)
    line = wal.encode(record)
    assert wal.decode(line) == record
    assert wal.decode(line[:-1]) is None  # torn
    assert wal.decode(line.replace(b"12345", b"12346")) is None  # CRC
    assert wal.decode(b"x" * 5000 + b"\n") is None


def test_a_kill_before_a_checkpoint_is_durable_loses_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The checkpoint's half on the turn ran (save staged, journal set aside), its
    durable half never did (the kill came first): the old save, the set-aside journal and
    the new one give back the whole game, and the staged temp file is tidied at start."""
    setup = GameSetup(loader.load(), Settings(), data=tmp_path)
    session = setup.new_game(11)
    assert session.save() is None
    monkeypatch.setattr(Durable, "run", lambda self, job: None)  # killed before it ran
    for turn in range(CHECKPOINT_TURNS + 30):
        session.world.step(Move(*DIRECTIONS[turn % 8]) if turn % 3 else Wait())
        assert session.after_turn() is None
    assert session.save_file is not None and session.journal is not None
    journal = wal.journal_path(session.save_file)
    assert wal.read(wal.previous_path(journal)) and wal.read(journal)  # both halves kept
    assert list(session.save_file.parent.glob("*.tmp"))  # the staged save, never renamed
    state = session.world.state_hash()
    session.release()
    monkeypatch.undo()
    resumed = setup.continue_game(session.save_file.parent.name)
    assert resumed.world.state_hash() == state
    assert not journal.exists() and not wal.previous_path(journal).exists()
    resumed.release()


def test_a_durable_checkpoint_removes_the_set_aside_journal(tmp_path: Path) -> None:
    _, _, save = playing(tmp_path, CHECKPOINT_TURNS + 10)
    journal = wal.journal_path(save)
    assert not wal.previous_path(journal).exists()
    assert len(wal.read(journal)) == 10  # only the commands since the checkpoint
    assert not list(save.parent.glob("*.tmp"))
