"""One log a game, below the screens (``session/playing.py``): a line added to it is the
line the play screen draws, the web's screen-reader mode reads, the save keeps and gives
back, and the morgue writes, a repeat folded into its count the same way everywhere;
and the agent environment observes the same object."""

from __future__ import annotations

from pathlib import Path

from emberdeep.config import Settings
from emberdeep.content import loader
from emberdeep.engine.acts.actions import Wait
from emberdeep.engine.core.events import MessageKind
from emberdeep.env import EmberdeepEnv
from emberdeep.env.observation import KEYS, decode_message
from emberdeep.session.records import LogLine
from emberdeep.ui.app import App
from emberdeep.ui.screens.main_menu import start_game
from emberdeep.web.reader import Reader

DRIP = "A drip echoes somewhere."


def test_the_screen_the_reader_the_save_and_the_morgue_read_one_log(tmp_path: Path) -> None:
    content, settings = loader.load(), Settings()
    app = App(content, settings, data=tmp_path)
    setup = app.setup
    session = setup.new_game(7)
    play = start_game(app, session)
    game = app.game
    assert game is not None and game.session is session
    assert play.log is game.log is session.log is game.driver.log  # one object
    reader = Reader(app)
    reader.reset()
    for _ in range(3):
        game.log.add(DRIP)
    assert play.log.entries[-1].full_text == f"{DRIP} (x3)"  # what the screen draws
    words = reader.update()
    assert words is not None and words["log"] == [DRIP]  # a repeat is announced once
    game.driver.command(Wait())  # a turn: the driver writes into the same log
    assert session.save() is None and session.save_file is not None
    saved = setup.read_world(session.save_file)[1].log
    assert LogLine(DRIP, MessageKind.INFO, 3) in saved
    assert saved == tuple(game.log.last())  # the newest lines, as the log holds them
    game.world.player.hp = 0  # the end, seen by the driver on its next call
    game.log.add(DRIP)
    report = game.driver.tick()
    morgue = next(note for note in report.notes if note.startswith("Morgue file: "))
    text = (tmp_path / morgue.removeprefix("Morgue file: ").rstrip(".")).read_text(encoding="utf-8")
    assert f"{DRIP} (x4)" in text


def test_a_saved_log_comes_back_on_continue_folded_as_it_was(tmp_path: Path) -> None:
    app = App(loader.load(), Settings(), data=tmp_path)
    session = app.setup.new_game(3)
    start_game(app, session)
    for _ in range(2):
        session.log.add(DRIP)
    assert session.save() is None and session.save_file is not None
    session.release()
    back = app.setup.continue_game(session.save_file.parent.name)
    assert back.log.entries[-1].full_text == f"{DRIP} (x2)"
    back.log.add(DRIP)  # a repeat after Continue still counts up
    assert back.log.entries[-1].full_text == f"{DRIP} (x3)"
    back.release()


def test_the_environment_observes_the_games_log() -> None:
    env = EmberdeepEnv(observation_keys=KEYS)
    env.reset(seed=5)
    for _ in range(2):
        env.played.log.add(DRIP)
    assert env.log[-1] == f"{DRIP} (x2)"
    assert env.played.driver.log is env.played.log  # what the driver says goes there too
    observation = env.observer.observe(env.game, env.log)
    assert decode_message(observation["messages"][0]) == f"{DRIP} (x2)"
    restored = EmberdeepEnv(observation_keys=KEYS)
    restored.restore(env.snapshot())
    assert restored.log == env.log  # kinds and counts kept: the same messages
    restored.played.log.add(DRIP)
    assert restored.log[-1] == f"{DRIP} (x3)"
    env.played.log.add("You cannot go that way.", MessageKind.REFUSED)
    assert env.log[-1] == f"{DRIP} (x2)"  # refusals are the info's, not the messages'
