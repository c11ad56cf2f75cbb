"""The real game in a real terminal: tmux runs ``emberdeep --terminal``, the test presses
keys with ``send-keys`` and reads the screen back with ``capture-pane``.

Each test has its own tmux server (``-L``, no config file), so a user's tmux is never
touched. The game runs under a shell that prints its exit status afterwards and stays,
so the test can check the terminal was left clean (normal screen, cursor shown, mouse
reporting and keypad mode off). tmux is required: CI installs it (``.ci/run``).
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TypeVar

import pytest

from emberdeep.engine.acts.actions import (
    LEVEL_UP_STATS,
    Descend,
    LevelUp,
    Move,
    PlayerCommand,
    Wait,
)
from emberdeep.engine.play import autopilot
from emberdeep.engine.play.world import World
from emberdeep.session.driver import Driver, State

ROOT = Path(__file__).resolve().parents[1]
DEADLINE = 10.0
T = TypeVar("T")


class Pane:
    """One tmux server with one window, running the game."""

    def __init__(self, tmux: str, scratch: Path) -> None:
        self.tmux_path = tmux
        self.socket = f"emberdeep-test-{os.getpid()}-{uuid.uuid4().hex[:8]}"
        self.config_dir = scratch / "config"
        self.data_dir = scratch / "data"
        self.env = {k: v for k, v in os.environ.items() if k not in ("TMUX", "TMUX_PANE")}
        self.socket_path: Path | None = None

    def tmux(self, *args: str) -> str:
        result = subprocess.run(
            [self.tmux_path, "-L", self.socket, "-f", os.devnull, *args],
            capture_output=True,
            text=True,
            env=self.env,
            timeout=DEADLINE,
            check=False,
        )
        if result.returncode != 0:
            raise AssertionError(f"tmux {' '.join(args)} failed: {result.stderr.strip()}")
        return result.stdout

    def start(self, width: int, height: int) -> None:
        game = shlex.join(
            [
                "env",
                f"EMBERDEEP_CONFIG_DIR={self.config_dir}",
                f"EMBERDEEP_DATA_DIR={self.data_dir}",  # saves never reach the user's own
                f"PYTHONPATH={ROOT / 'src'}",
                sys.executable,
                "-m",
                "emberdeep",
                "--terminal",
                "--seed",
                "7",
            ]
        )
        command = f'{game}; echo "EXITED $?"; exec sleep 600'
        self.tmux(
            "new-session", "-d", "-s", "game", "-x", str(width), "-y", str(height),
            "-c", str(ROOT), command,
        )  # fmt: skip
        self.socket_path = Path(self.tmux("display-message", "-p", "#{socket_path}").strip())

    def close(self) -> None:
        """Stop this tmux server (and the game) and remove its socket."""
        subprocess.run(
            [self.tmux_path, "-L", self.socket, "kill-server"],
            capture_output=True,
            env=self.env,
            check=False,
        )
        if self.socket_path is not None:
            self.socket_path.unlink(missing_ok=True)

    def screen(self) -> str:
        return self.tmux("capture-pane", "-p", "-t", "game")

    def flag(self, name: str) -> str:
        return self.tmux("display-message", "-p", "-t", "game", f"#{{{name}}}").strip()

    def keys(self, *keys: str) -> None:
        self.tmux("send-keys", "-t", "game", *keys)

    def literal(self, text: str) -> None:
        self.tmux("send-keys", "-t", "game", "-l", text)

    def wait_for(self, found: Callable[[str], T | None], what: str, seconds: float = DEADLINE) -> T:
        """Poll the screen until ``found`` returns something, or fail showing the screen."""
        end = time.monotonic() + seconds
        while True:
            screen = self.screen()
            result = found(screen)
            if result is not None and result is not False:
                return result
            if time.monotonic() > end:
                raise AssertionError(f"timed out waiting for {what}; the screen:\n{screen}")
            time.sleep(0.05)

    def game_pid(self) -> int:
        shell = self.flag("pane_pid")
        children = Path(f"/proc/{shell}/task/{shell}/children")
        if children.exists():
            return int(children.read_text().split()[0])
        return int(subprocess.check_output(["ps", "-o", "pid=", "--ppid", shell]).split()[0])

    def assert_left_clean(self) -> None:
        """The game has exited with status 0 and the terminal is as it was before."""
        screen = self.wait_for(lambda s: s if "EXITED" in s else None, "the game to exit")
        assert "EXITED 0" in screen, screen
        assert "@" not in screen and "Health" not in screen, screen  # the game is gone
        assert self.flag("alternate_on") == "0"
        assert self.flag("cursor_flag") == "1"
        assert self.flag("mouse_any_flag") == "0"
        assert self.flag("mouse_sgr_flag") == "0"
        assert self.flag("keypad_flag") == "0"
        assert self.flag("wrap_flag") == "1"


@pytest.fixture
def pane(tmp_path: Path) -> Iterator[Pane]:
    tmux = shutil.which("tmux")
    if tmux is None:
        pytest.fail(
            "tmux is not installed: the terminal end-to-end tests need it "
            "(apt-get install tmux; .ci/run installs it)"
        )
    pane = Pane(tmux, tmp_path)
    try:
        yield pane
    finally:
        pane.close()


def player(screen: str) -> tuple[int, int] | None:
    """(column, row) of the one "@" on the screen."""
    found = [
        (m.start(), row)
        for row, line in enumerate(screen.splitlines())
        for m in re.finditer("@", line)
    ]
    return found[0] if len(found) == 1 else None


def test_play_move_look_and_quit(pane: Pane) -> None:
    pane.start(100, 60)
    start = pane.wait_for(player, "the map with the player")
    screen = pane.screen()
    assert "Health 30/30" in screen
    assert pane.flag("alternate_on") == "1" and pane.flag("cursor_flag") == "0"

    # Move: arrow keys (escape sequences) until one is not blocked by a wall.
    moves = {"Right": (1, 0), "Left": (-1, 0), "Up": (0, -1), "Down": (0, 1)}

    def elsewhere(screen: str) -> tuple[int, int] | None:
        position = player(screen)
        return position if position not in (None, start) else None

    moved: tuple[int, int] | None = None
    for name, (dx, dy) in moves.items():
        pane.keys(name)
        try:
            moved = pane.wait_for(elsewhere, f"{name} to move", seconds=2.0)
        except AssertionError:
            continue  # a wall: refused, and no time passes
        assert moved == (start[0] + dx, start[1] + dy)
        break
    assert moved is not None, "the player could not move in any direction"
    # and a vi-key back again
    back = {(1, 0): "h", (-1, 0): "l", (0, -1): "j", (0, 1): "k"}[
        (moved[0] - start[0], moved[1] - start[1])
    ]
    pane.keys(back)
    pane.wait_for(lambda s: player(s) == start, "the vi-key to move back")

    # Mouse look: an SGR motion report over the player shows the tooltip.
    assert " you " not in pane.screen()
    pane.literal(f"\x1b[<35;{start[0] + 1};{start[1] + 1}M")
    pane.wait_for(lambda s: " you " in s, "the mouse-look tooltip")

    pane.keys("Escape")  # closes overlays only: here, a hint
    pane.wait_for(lambda s: "press Q" in s, "the hint on how to leave")
    pane.keys("Q")  # asks first...
    pane.wait_for(lambda s: "[y] Yes" in s, "the question")
    pane.keys("y")  # ...then saves and goes back to the title screen...
    pane.wait_for(lambda s: "New game" in s and "Continue" in s, "the title screen")
    pane.keys("Escape")  # ...which Esc leaves
    pane.assert_left_clean()


def test_a_small_terminal_asks_to_be_enlarged_then_resumes(pane: Pane) -> None:
    pane.start(60, 20)
    pane.wait_for(
        lambda s: "Please enlarge the terminal to at least 80x24 (now 60x20)." in s,
        "the enlarge message",
    )
    assert player(pane.screen()) is None
    pane.tmux("resize-window", "-t", "game", "-x", "80", "-y", "24")
    pane.wait_for(player, "the game after enlarging to 80x24")
    assert "Please enlarge" not in pane.screen()
    pane.tmux("resize-window", "-t", "game", "-x", "70", "-y", "30")
    pane.wait_for(lambda s: "(now 70x30)" in s, "the message after shrinking")
    pane.keys("q")  # still quits (saving) while the game cannot be shown
    pane.assert_left_clean()
    assert list((pane.data_dir / "games").glob("*/save.emberdeep"))


def dive(world: World) -> PlayerCommand:
    """A reckless player: down every stair it finds, never fighting back, so it dies in a
    few hundred turns; explores (or waits) when it knows no stairs."""
    floor, player = world.floor, world.player
    if player.position == floor.stairs:
        return Descend()
    if floor.explored[floor.stairs]:
        choice = autopilot.travel_action(world, floor.stairs)
    else:
        choice = autopilot.explore_action(world, False)
    return choice if isinstance(choice, Move) else Wait()


KEYS: dict[type[PlayerCommand], str] = {Descend: ">", Wait: "."}
VI = {(0, -1): "k", (0, 1): "j", (-1, 0): "h", (1, 0): "l",
      (-1, -1): "y", (1, -1): "u", (-1, 1): "b", (1, 1): "n"}  # fmt: skip


def test_a_whole_game_to_death_at_80x24(pane: Pane) -> None:
    """Played start to death in the smallest terminal, by keys only. A copy of the game
    runs here in lockstep (same seed, same commands: the game is deterministic) to choose
    each key; the screen is checked against it along the way."""
    from emberdeep.config import Settings
    from emberdeep.content import loader
    from emberdeep.session.setup import new_world

    pane.start(80, 24)
    pane.wait_for(player, "the map with the player")
    world = new_world(7, Settings(), loader.load())
    driver = Driver(world)  # turn-based, as the game's own screen drives it
    sent = 0
    while not world.over and sent < 3000:
        command = dive(world)
        keys = [VI[(command.dx, command.dy)] if isinstance(command, Move) else KEYS[type(command)]]
        if driver.command(command).refused is not None:
            driver.command(Wait())
            keys.append(".")
        if driver.state is State.LEVEL_UP:
            assert driver.command(LevelUp(LEVEL_UP_STATS[0])).refused is None
            keys.append("a")
        pane.literal("".join(keys))
        sent += 1
        if sent % 10 == 0:  # the screen keeps up, and shows the same game
            turn = f"Turn {world.turn}"
            pane.wait_for(lambda s, turn=turn: turn in s, turn, seconds=30)  # type: ignore[misc]
            screen = pane.screen().splitlines()
            assert len(screen) == 24 and all(len(row) <= 80 for row in screen)
            assert f"Depth {world.depth}" in screen[0]
    assert world.over, "the reckless player outlived 3,000 turns"
    pane.wait_for(lambda s: "YOU DIED" in s, "the game over box")
    pane.keys("Enter")
    pane.wait_for(lambda s: "New game" in s, "the title screen")
    pane.keys("Escape")
    pane.assert_left_clean()


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP])
def test_termination_signals_restore_the_terminal(pane: Pane, signum: signal.Signals) -> None:
    pane.start(100, 60)
    pane.wait_for(player, "the map with the player")
    os.kill(pane.game_pid(), signum)
    pane.assert_left_clean()


# -- the command line's choice of presenter (no tmux needed) -------------------------------


class _Tty:
    """Stands in for stdin/stdout when the test pretends to run in a terminal."""

    def __init__(self, real: object) -> None:
        self.real = real

    def isatty(self) -> bool:
        return True

    def __getattr__(self, name: str) -> object:
        return getattr(self.real, name)


def _no_display(tileset: object) -> object:
    from emberdeep.ui import sdl

    raise sdl.NoDisplayError("no available video device")


def test_terminal_flag_without_a_terminal_is_a_clear_error(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from emberdeep import cli

    assert cli.main(["--terminal", "--seed", "7"]) == 1  # "play" is implied
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--terminal needs a terminal" in err


def test_no_display_falls_back_to_the_terminal_only_in_a_terminal(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from emberdeep import cli
    from emberdeep.ui import sdl, terminal
    from emberdeep.ui.screens.play import PlayScreen

    shown: list[object] = []
    monkeypatch.setattr(sdl, "open_window", _no_display)
    monkeypatch.setattr(terminal, "run", lambda screen, **_: shown.append(screen))

    assert cli.main(["--seed", "7"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "cannot open a window here" in err and not shown

    monkeypatch.setattr(sys, "stdin", _Tty(sys.stdin))
    monkeypatch.setattr(sys, "stdout", _Tty(sys.stdout))
    assert cli.main(["--seed", "7"]) == 0
    assert len(shown) == 1 and isinstance(shown[0], PlayScreen)
    assert cli.main(["play", "--terminal"]) == 0
    assert len(shown) == 2
