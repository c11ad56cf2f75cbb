"""A terminal closed under the game (``tmux kill-session``, a dropped SSH link): every read,
write and mode restore may fail, in any order. Nothing raises, and the game is saved."""

from __future__ import annotations

import contextlib
import errno
import termios
from collections.abc import Iterator
from pathlib import Path

import pytest
from blessed.keyboard import Keystroke

from emberdeep.config import Settings
from emberdeep.content import loader
from emberdeep.ui import terminal
from emberdeep.ui.app import App
from emberdeep.ui.input import KeyPress
from emberdeep.ui.screens import Reset
from emberdeep.ui.screens.main_menu import MainMenu
from emberdeep.ui.screens.play import PlayScreen


def eio() -> OSError:
    return OSError(errno.EIO, "Input/output error")


class Stream:
    """The tty's output: fine for ``good`` writes, then gone."""

    encoding = "utf-8"

    def __init__(self, good: int) -> None:
        self.good = good

    def write(self, text: str) -> int:
        self.good -= 1
        if self.good < 0:
            raise eio()
        return len(text)

    def flush(self) -> None:
        if self.good < 0:
            raise eio()


class GoneTerminal:
    """blessed's Terminal as a closed tty answers it: keys until ``keys`` run out, then
    EIO; restoring raw mode raises termios.error, leaving keypad mode raises EIO."""

    width, height = 100, 60

    def __init__(self, keys: str, good_writes: int) -> None:
        self.keys = list(keys)
        self.stream = Stream(good_writes)

    @contextlib.contextmanager
    def raw(self) -> Iterator[None]:
        yield
        raise termios.error(errno.EIO, "Input/output error")

    @contextlib.contextmanager
    def keypad(self) -> Iterator[None]:
        yield
        raise eio()

    def inkey(self, timeout: float | None = None, esc_delay: float = 0.35) -> Keystroke:
        if not self.keys:
            raise eio()
        return Keystroke(self.keys.pop(0))

    def kbhit(self, timeout: float | None = None) -> bool:
        if not self.keys:
            raise eio()
        return True


@pytest.mark.parametrize("good_writes", [0, 3, 1000])
def test_a_closed_terminal_raises_nothing_and_the_game_is_saved(
    tmp_path: Path, good_writes: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    silenced: list[bool] = []
    monkeypatch.setattr(terminal, "_silence_stdout", lambda: silenced.append(True))
    app = App(loader.load(), Settings(), data=tmp_path)
    started = MainMenu(app).handle(KeyPress("a"))  # a new game
    assert isinstance(started, Reset) and isinstance(started.screen, PlayScreen)
    play = started.screen
    terminal.run(play, term=GoneTerminal("....", good_writes))  # type: ignore[arg-type]
    (listing,) = app.setup.saved_games()
    world = app.setup.continue_game(listing.game).world
    assert world.state_hash() == play.world.state_hash()
    assert silenced == [True]
    if good_writes == 1000:  # the keys were read before the terminal went
        assert world.turn == 4
