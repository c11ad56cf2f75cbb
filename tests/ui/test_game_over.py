from __future__ import annotations

import numpy as np
import tcod.console

from emberdeep.engine.events import MessageKind
from emberdeep.ui import render
from emberdeep.ui.input import Click, InputEvent, KeyPress
from emberdeep.ui.messages import MessageLog
from emberdeep.ui.screens import Next, Screen
from emberdeep.ui.screens.game_over import GameOverScreen
from emberdeep.ui.screens.history import HistoryScreen
from emberdeep.ui.stack import ScreenStack
from tests.helpers import world_from_text

ROOM = """
#####
#.@.#
#####
"""

MAP_FG = (200, 100, 50)
MAP_BG = (100, 150, 250)


class PaintedMap:
    """The screen the game over box is opened over."""

    def handle(self, event: InputEvent) -> Next:
        return self

    def draw(self, console: tcod.console.Console) -> None:
        console.draw_rect(0, 0, console.width, console.height, ch=ord("."), fg=MAP_FG, bg=MAP_BG)


def screen(log: MessageLog | None = None) -> GameOverScreen:
    world = world_from_text(ROOM, seed=4242)
    world.turn, world.player.xp = 77, 135
    return GameOverScreen(world, log or MessageLog())


def rows(console: tcod.console.Console) -> list[str]:
    return ["".join(map(chr, console.ch[:, y])) for y in range(console.height)]


def drawn(*screens: Screen) -> tcod.console.Console:
    """The console as the stack draws it, with the game over box over a painted map."""
    stack = ScreenStack(PaintedMap())
    for shown in screens:
        stack.follow(shown)
    console = render.new_console()
    stack.draw(console)
    return console


def test_box_tells_depth_turns_seed_xp_and_the_killing_blow() -> None:
    log = MessageLog()
    log.add("Orc attacks Player for 3 hit points.", MessageKind.ENEMY_ATTACK)
    log.add("Player attacks Troll for 1 hit points.", MessageKind.PLAYER_ATTACK)
    log.add("Troll attacks Player for 5 hit points.", MessageKind.ENEMY_ATTACK)
    log.add("You died!", MessageKind.PLAYER_DIED)
    text = "\n".join(rows(drawn(screen(log))))
    for expected in (
        "YOU DIED",
        "Deepest floor 1",
        "Turns 77",
        "Seed 4242",
        "XP 135",
        "Troll attacks Player for 5 hit points.",
        "Press Enter or Esc to leave, v for message history",
    ):
        assert expected in text, expected
    assert "Orc attacks" not in text  # only the last blow


def test_without_an_enemy_attack_no_blow_is_invented() -> None:
    log = MessageLog()
    log.add("Player attacks Orc for 1 hit points.", MessageKind.PLAYER_ATTACK)
    text = "\n".join(rows(drawn(screen(log))))
    assert "YOU DIED" in text and "attacks" not in text


def test_map_underneath_is_dimmed_and_the_box_is_centred() -> None:
    console = drawn(screen())
    corner = console.rgb[0, 0]
    assert chr(corner["ch"]) == "."  # the map still shows...
    dim = render.OVERLAY_DIM
    assert np.array_equal(corner["fg"], (np.array(MAP_FG) * dim).astype(np.uint8))
    assert np.array_equal(corner["bg"], (np.array(MAP_BG) * dim).astype(np.uint8))
    title_row = next(y for y, row in enumerate(rows(console)) if "YOU DIED" in row)
    row = rows(console)[title_row]
    start = row.index("YOU DIED")
    left, right = start, console.width - (start + len("YOU DIED"))
    assert abs(left - right) <= 1
    assert abs(title_row - console.height // 2) < console.height // 3


def test_leaving_keys_end_the_game_and_v_opens_the_history() -> None:
    for event in (KeyPress("enter"), KeyPress("escape"), Click(5, 5, 1)):
        assert screen().handle(event) is None, event
    s = screen()
    assert s.handle(KeyPress("x")) is s
    assert s.handle(Click(5, 5, 3)) is s
    history = s.handle(KeyPress("v"))
    assert isinstance(history, HistoryScreen)
    assert history.parent is s and history.log is s.log
    assert history.handle(KeyPress("escape")) is s


def test_history_opened_from_game_over_draws_over_it() -> None:
    log = MessageLog()
    log.add("Troll attacks Player for 5 hit points.", MessageKind.ENEMY_ATTACK)
    over = screen(log)
    history = over.handle(KeyPress("v"))
    assert history is not None
    text = "\n".join(rows(drawn(over, history)))
    assert "Message history" in text and "Troll attacks Player" in text


def test_a_victory_says_so_and_names_no_killing_blow() -> None:
    log = MessageLog()
    log.add("Troll attacks Player for 5 hit points.", MessageKind.ENEMY_ATTACK)
    over = screen(log)
    over.world.won = True
    text = "\n".join(rows(drawn(over)))
    assert "YOU ESCAPED WITH THE TREASURE" in text and "YOU DIED" not in text
    assert "Troll attacks" not in text
