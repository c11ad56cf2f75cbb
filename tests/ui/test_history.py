from __future__ import annotations

import re

import tcod.console

from emberdeep.engine.core.events import MessageKind
from emberdeep.session.log import MessageLog
from emberdeep.ui import messages, render
from emberdeep.ui.input import Click, InputEvent, KeyPress, Wheel
from emberdeep.ui.messages import KIND_COLORS
from emberdeep.ui.screens import Pop, Push, Result, Stay
from emberdeep.ui.screens.history import EMPTY, HistoryScreen, text_area
from emberdeep.ui.stack import ScreenStack

WIDTH, HEIGHT = 40, 14
COLUMNS, ROWS = text_area(WIDTH, HEIGHT)


class Parent:
    """A stand-in screen that marks the console, to check it is drawn underneath."""

    def __init__(self) -> None:
        self.draws = 0
        self.events: list[InputEvent] = []

    def handle(self, event: InputEvent) -> Result:
        self.events.append(event)
        return Stay()

    def draw(self, console: tcod.console.Console) -> None:
        self.draws += 1
        console.draw_rect(0, 0, console.width, console.height, ch=ord("#"), fg=(200, 200, 200))


def numbered_log(count: int) -> MessageLog:
    log = MessageLog()
    for i in range(count):
        log.add(f"message {i}")
    return log


def text(console: tcod.console.Console) -> list[str]:
    return ["".join(map(chr, console.ch[:, y])) for y in range(console.height)]


def shown(screen: HistoryScreen) -> list[int]:
    """Draw, then return the numbers of the messages on screen, top to bottom."""
    console = render.new_console(WIDTH, HEIGHT)
    screen.draw(console)
    return [int(n) for row in text(console) for n in re.findall(r"message (\d+)", row)]


def opened(count: int) -> HistoryScreen:
    screen = HistoryScreen(numbered_log(count))
    shown(screen)  # the first draw tells the screen the console size
    return screen


def test_opens_at_the_newest_lines_with_a_frame_title_and_indicator() -> None:
    screen = opened(50)
    assert shown(screen) == list(range(50 - ROWS, 50))
    rows = text(render_once(screen))
    assert "Message history" in rows[1]
    assert f"lines {50 - ROWS + 1}-50 of 50" in rows[HEIGHT - 2]


def render_once(screen: HistoryScreen) -> tcod.console.Console:
    console = render.new_console(WIDTH, HEIGHT)
    screen.draw(console)
    return console


def test_keys_scroll_one_line_and_a_page_of_rows_minus_one() -> None:
    newest_top = 50 - ROWS
    for up, down in [("up", "down"), ("k", "j"), ("kp_8", "kp_2")]:
        screen = opened(50)
        assert screen.handle(KeyPress(up)) == Stay()
        assert shown(screen)[0] == newest_top - 1, up
        screen.handle(KeyPress(down))
        assert shown(screen)[0] == newest_top, down
    screen = opened(50)
    screen.handle(KeyPress("pageup"))
    assert shown(screen)[0] == newest_top - (ROWS - 1)
    screen.handle(KeyPress("pagedown"))
    assert shown(screen)[0] == newest_top


def test_home_end_and_clamping_at_both_ends() -> None:
    screen = opened(50)
    screen.handle(KeyPress("down"))
    screen.handle(Wheel(-5))
    assert shown(screen) == list(range(50 - ROWS, 50))  # already at the newest
    screen.handle(KeyPress("home"))
    assert shown(screen) == list(range(ROWS))
    for _ in range(100):
        screen.handle(KeyPress("up"))
    screen.handle(KeyPress("pageup"))
    assert shown(screen)[0] == 0  # never past the oldest
    screen.handle(KeyPress("down"))
    assert shown(screen)[0] == 1  # and one step back is one line
    screen.handle(KeyPress("end"))
    assert shown(screen)[-1] == 49


def test_wheel_scrolls_three_lines_per_notch_toward_older_when_positive() -> None:
    screen = opened(50)
    screen.handle(Wheel(1))
    assert shown(screen)[0] == 50 - ROWS - 3
    screen.handle(Wheel(2))
    assert shown(screen)[0] == 50 - ROWS - 9
    screen.handle(Wheel(-1))
    assert shown(screen)[0] == 50 - ROWS - 6
    screen.handle(Wheel(100))
    assert shown(screen)[0] == 0


def test_a_short_log_does_not_scroll_and_an_empty_one_says_so() -> None:
    screen = opened(3)
    screen.handle(KeyPress("up"))
    screen.handle(Wheel(4))
    assert shown(screen) == [0, 1, 2]
    empty = HistoryScreen(MessageLog())
    empty.handle(KeyPress("pageup"))
    assert any(EMPTY in row for row in text(render_once(empty)))


def test_long_lines_wrap_inside_the_frame_with_their_colour() -> None:
    log = MessageLog()
    words = " ".join(f"w{i}" for i in range(40))
    log.add(words, MessageKind.REFUSED)
    log.add("short")
    screen = HistoryScreen(log)
    console = render_once(screen)
    rows = text(console)
    body = [row for row in rows[2 : HEIGHT - 2] if row.strip("│ #")]
    assert len(body) > 2  # the long one took several lines
    assert "short" in body[-1]
    # Every word made it, none cut at the frame.
    joined = " ".join(row.strip("│ #") for row in body[:-1])
    assert joined.split() == words.split()
    column = rows[2].index("w0")
    assert tuple(console.rgb["fg"][column, 2]) == KIND_COLORS[MessageKind.REFUSED]
    assert all(len(line) <= COLUMNS for line, _ in messages.wrapped(log, COLUMNS))


def test_parent_is_drawn_underneath_and_left_visible_at_the_edges() -> None:
    parent = Parent()
    stack = ScreenStack(parent)
    stack.follow(Push(HistoryScreen(numbered_log(5))))
    console = render.new_console(WIDTH, HEIGHT)
    stack.draw(console)
    assert parent.draws == 1
    assert chr(console.ch[0, 0]) == "#"  # the parent shows around the frame
    assert chr(console.ch[WIDTH // 2, HEIGHT // 2]) != "#"  # but not inside it
    assert tuple(console.rgb["fg"][0, 0]) < (200, 200, 200)  # and is dimmed


def test_closing_pops_back_to_the_parent() -> None:
    for event in (KeyPress("escape"), KeyPress("v"), KeyPress("q"), Click(1, 1, 3)):
        assert HistoryScreen(numbered_log(5)).handle(event) == Pop(), event
    screen = HistoryScreen(numbered_log(5))
    assert screen.handle(Click(1, 1, 1)) == Stay()
    assert screen.handle(KeyPress("x")) == Stay()


def test_messages_added_while_open_are_shown() -> None:
    screen = opened(5)
    screen.log.add("message 5")
    assert shown(screen)[-1] == 5
    screen.log.add("message 5")  # a repeat only bumps the count
    console = render_once(screen)
    assert any("message 5 (x2)" in row for row in text(console))
