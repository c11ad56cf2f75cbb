"""Checkpoints whose cost does not grow with the game: the save holds the commands since
the replay's last chunk only, the replay is appended and never rewritten, kept floors
that did not change are not encoded again; and Continue still restores the very world."""

from __future__ import annotations

from pathlib import Path

from emberdeep.config import Settings
from emberdeep.content import loader
from emberdeep.engine.acts.actions import Move, Wait
from emberdeep.session.game import GameSetup
from emberdeep.storage import replays, saves

CONTENT = loader.load()


def setup(tmp_path: Path) -> GameSetup:
    return GameSetup(CONTENT, Settings(), data=tmp_path)


def test_the_save_holds_only_the_commands_since_the_last_checkpoint(tmp_path: Path) -> None:
    games = setup(tmp_path)
    session = games.new_game(4)
    session.save()
    for _ in range(3):
        for _ in range(20):
            session.world.step(Wait())
        assert session.save() is None
    assert session.save_file is not None and session.world.player.alive
    payload = saves.decode_payload(session.save_file.read_bytes())
    journal = payload["world"]["journal"]
    assert journal["commands"] == [] and journal["base"] == 60
    path = session.replay_path()
    assert path is not None
    before = path.read_bytes()
    session.world.step(Move(1, 0))
    session.save()
    assert path.read_bytes().startswith(before)  # appended, never rewritten
    recorded = replays.read(path)
    assert len(recorded.journal.commands) == 61 and recorded.final_hash == ""
    assert replays.verify(recorded, games.builder_for, CONTENT.hero) is None


def test_continue_after_a_kill_restores_the_world_and_the_replay_reads_whole(
    tmp_path: Path,
) -> None:
    games = setup(tmp_path)
    session = games.new_game(9)
    for _ in range(120):
        session.world.step(Wait())
        session.after_turn()
    for _ in range(7):  # in the write-ahead journal only: then a kill -9
        session.world.step(Wait())
        session.after_turn()
    expected = session.world.state_hash()
    assert session.journal is not None
    session.journal.sync()
    session.release()
    again = games.continue_game(session.save_file.parent.name if session.save_file else "")
    assert again.recovered >= 7 and again.world.state_hash() == expected
    again.world.player.hp = 0  # the end: the replay gets its final line
    hash_at_end = again.world.state_hash()
    again.end()
    path = again.replay_path()
    assert path is not None
    recorded = replays.read(path)
    assert recorded.final_hash == hash_at_end
    assert len(recorded.journal.commands) == again.world.journal.total


def test_a_chunk_from_an_earlier_command_replaces_what_followed(tmp_path: Path) -> None:
    """A save older than the replay was continued (its backup, or the last save failed):
    its commands follow from its own count on, and the reader takes them."""
    games = setup(tmp_path)
    session = games.new_game(5)
    for _ in range(30):
        session.world.step(Wait())
    session.save()
    assert session.save_file is not None
    older = session.save_file.read_bytes()
    for _ in range(30):
        session.world.step(Move(1, 1))
    session.save()
    session.release()
    session.save_file.write_bytes(older)  # back to the save at command 30 (and its base)
    again = games.continue_game(session.save_file.parent.name)
    for _ in range(5):
        again.world.step(Move(-1, 0))
    again.save()
    path = again.replay_path()
    assert path is not None
    recorded = replays.read(path)
    assert len(recorded.journal.commands) == 30 + 1 + 5  # Continue records this run's FOV
    assert replays.verify(recorded, games.builder_for, CONTENT.hero) is None
    torn = path.read_bytes() + b'{"from":36,"commands":[["s","w"'  # a kill mid-append
    path.write_bytes(torn)
    assert len(replays.read(path).journal.commands) == 36
    again.world.step(Wait())
    again.save()  # appends on a line of its own, after the torn one
    assert len(replays.read(path).journal.commands) == 37


def test_kept_floors_are_encoded_once_while_they_stay_kept(tmp_path: Path) -> None:
    games = setup(tmp_path)
    world = games.new_game(2).world
    for depth in (2, 3):
        world.floor.move_actor(world.player, *world.floor.stairs)
        world.change_floor(depth)
    writer = saves.SaveWriter()
    info = saves.current_info("auto")
    first = writer.encode(world, info)
    cached = dict(writer._kept)
    second = writer.encode(world, info)
    assert first == second and all(writer._kept[d][1] is cached[d][1] for d in cached)
    world.change_floor(2)  # floor 2 is played again: encoded afresh when next kept
    writer.encode(world, info)
    world.step(Wait())
    world.change_floor(3)
    writer.encode(world, info)
    assert writer._kept[2][1] is not cached[2][1]
    assert writer._kept[1][1] is cached[1][1]
    kinds = {k.key: k for k in CONTENT.population.items.kinds}
    data = writer.encode(world, info)
    loaded, _ = saves.decode(data, games.builder_for, kinds, kinds=CONTENT.hero.kinds)
    assert loaded.state_hash() == world.state_hash()


def test_items_columns_keep_every_field(tmp_path: Path) -> None:
    """Dropped and choice-vault items come back as they were (the columns, format 4)."""
    games = setup(tmp_path)
    world = games.new_game(7).world
    kinds = {k.key: k for k in CONTENT.population.items.kinds}
    from emberdeep.engine.things.items import Item

    x, y = world.player.position
    world.floor.items += [Item(CONTENT.population.items.kinds[0], x, y, count=1)]
    world.floor.items[-1].dropped = True
    world.floor.items[-1].choice = 3
    data = saves.SaveWriter().encode(world, saves.current_info("auto"))
    loaded, _ = saves.decode(data, games.builder_for, kinds, kinds=CONTENT.hero.kinds)
    assert loaded.state_hash() == world.state_hash()
    assert (loaded.floor.items[-1].dropped, loaded.floor.items[-1].choice) == (True, 3)
