from __future__ import annotations

import random

import tcod.console

from emberdeep.ui import render
from emberdeep.ui.input import (
    Click,
    InputEvent,
    KeyPress,
    MouseMove,
    Resized,
    Wheel,
)
from emberdeep.ui.layout import FULL
from emberdeep.ui.menu import (
    CANCELLED,
    HIGHLIGHT_BG,
    LETTERS,
    STILL_OPEN,
    WHEEL_LINES,
    Chosen,
    Menu,
    Option,
)
from emberdeep.ui.render import Region

LABELS = ["Health Potion", "Fireball Scroll", "Confusion Scroll", "Lightning Scroll"]


def text(console: tcod.console.Console) -> list[str]:
    return ["".join(map(chr, console.ch[:, y])) for y in range(console.height)]


def drawn(
    menu: Menu, width: int = render.SCREEN_WIDTH, height: int = render.SCREEN_HEIGHT
) -> list[str]:
    console = render.new_console(width, height)
    menu.draw(console)
    return text(console)


def numbered(count: int) -> Menu:
    menu = Menu("Pick one", [f"option {i}" for i in range(count)])
    drawn(menu)
    return menu


def shown_numbers(menu: Menu) -> list[int]:
    """Draw, then the numbers of the options on screen, top to bottom."""
    rows = drawn(menu)
    return [int(row.split("option ")[1].split()[0]) for row in rows if "option " in row]


def test_letters_and_enter_choose() -> None:
    menu = Menu("Select an item to use", LABELS)
    assert menu.handle(KeyPress("b")) == Chosen(1)
    assert menu.handle(KeyPress("d")) == Chosen(3)
    assert menu.handle(KeyPress("e")) == STILL_OPEN  # no fifth option
    assert menu.handle(KeyPress("B")) == STILL_OPEN
    fresh = Menu("Select an item to use", LABELS)
    assert fresh.handle(KeyPress("enter")) == Chosen(0)
    fresh.handle(KeyPress("down"))
    fresh.handle(KeyPress("kp_2"))
    assert fresh.handle(KeyPress("enter")) == Chosen(2)


def test_options_are_drawn_with_their_letters_inside_a_titled_frame() -> None:
    menu = Menu("Select an item to use", LABELS)
    rows = drawn(menu)
    for index, label in enumerate(LABELS):
        row = menu.row_of(index)
        assert row is not None
        assert f"({LETTERS[index]}) {label}" in rows[row]
    box = menu.layout().box
    assert "Select an item to use" in rows[box.y]
    assert rows[box.y][box.x] == "┌" and rows[box.y + box.height - 1][box.x] == "└"
    # Centred.
    assert abs(box.x - (render.SCREEN_WIDTH - box.x - box.width)) <= 1
    assert abs(box.y - (render.SCREEN_HEIGHT - box.y - box.height)) <= 1


def test_a_left_click_on_an_options_row_chooses_it() -> None:
    menu = Menu("Select an item to use", LABELS)
    rows = drawn(menu)
    lay = menu.layout()
    for index, label in enumerate(LABELS):
        y = menu.row_of(index)
        assert y is not None and label in rows[y]
        for x in (lay.text_x, lay.box.x + lay.box.width - 2):  # anywhere on the row
            assert menu.handle(Click(x, y, 1)) == Chosen(index)
    assert menu.handle(Click(lay.text_x, lay.box.y, 1)) == STILL_OPEN  # the title
    assert menu.handle(Click(lay.box.x, menu.row_of(1) or 0, 1)) == STILL_OPEN  # the frame
    assert menu.handle(Click(lay.text_x, menu.row_of(1) or 0, 2)) == STILL_OPEN  # middle


def test_layout_follows_the_bounds_it_is_drawn_in() -> None:
    menu = Menu("Select an item to use", LABELS)
    console = render.new_console()
    menu.draw(console, FULL.map)
    y = menu.row_of(2)
    assert y is not None and "Confusion Scroll" in text(console)[y]
    assert menu.handle(Click(menu.layout().text_x, y, 1)) == Chosen(2)
    # Bounds given up front place mouse events right before the first draw.
    early = Menu("Select an item to use", LABELS, bounds=FULL.map)
    assert early.handle(Click(menu.layout().text_x, y, 1)) == Chosen(2)


def test_hover_moves_the_highlight_and_it_is_drawn() -> None:
    menu = Menu("Select an item to use", LABELS)
    drawn(menu)
    assert menu.highlight == 0
    y = menu.row_of(2)
    assert y is not None
    menu.handle(MouseMove(0, 0))  # where the pointer was when the menu opened
    menu.handle(MouseMove(menu.layout().text_x + 3, y))
    assert menu.highlight == 2
    console = render.new_console()
    menu.draw(console)
    x = menu.layout().text_x
    assert tuple(console.rgb["bg"][x, y]) == HIGHLIGHT_BG
    assert tuple(console.rgb["bg"][x, menu.row_of(0) or 0]) != HIGHLIGHT_BG
    menu.handle(MouseMove(0, 0))  # off the menu: the highlight stays
    assert menu.highlight == 2
    assert menu.handle(KeyPress("enter")) == Chosen(2)


def test_a_pointer_resting_on_an_option_when_the_menu_opens_lights_nothing() -> None:
    """The title once opened with Quit lit, and the level-up box with the last stat
    chosen: the pointer rested where those are drawn. It lights an option only once it
    leaves the one it rested on."""
    menu = Menu("Level up!", LABELS, preselect=False)
    drawn(menu)
    x, rest, other = menu.layout().text_x, menu.row_of(2), menu.row_of(1)
    assert rest is not None and other is not None
    menu.handle(MouseMove(x, rest))
    menu.handle(MouseMove(x + 4, rest))  # a jiggle along the same row
    assert menu.highlight is None
    menu.handle(MouseMove(x, other))
    assert menu.highlight == 1
    menu.handle(MouseMove(x, rest))
    assert menu.highlight == 2
    title = Menu("", LABELS)
    drawn(title)
    title.handle(MouseMove(x, rest))
    assert title.highlight == 0  # the first option, not the one under the pointer


def test_right_click_escape_and_window_close_cancel() -> None:
    for event in (Click(0, 0, 3), Click(40, 26, 3), KeyPress("escape")):
        assert Menu("T", LABELS).handle(event) == CANCELLED, event
    assert Menu("T", LABELS).handle(Resized()) == STILL_OPEN


def test_disabled_options_are_highlighted_but_not_chosen() -> None:
    menu = Menu("T", [Option("Continue", "no saved game", disabled=True), Option("New game")])
    assert menu.highlight == 1  # starts on the first that can be chosen
    assert menu.handle(KeyPress("a")) == STILL_OPEN
    assert menu.highlight == 0
    assert menu.handle(KeyPress("enter")) == STILL_OPEN
    assert menu.handle(KeyPress("b")) == Chosen(1)
    rows = drawn(menu)
    assert "no saved game" in rows[menu.row_of(0) or 0]


def test_arrows_scroll_a_long_list_and_letters_follow_the_rows_shown() -> None:
    menu = numbered(40)
    assert shown_numbers(menu) == list(range(26))
    rows = drawn(menu)
    assert "1-26 of 40" in rows[menu.layout().box.y + menu.layout().box.height - 1]
    for _ in range(26):
        menu.handle(KeyPress("down"))
    assert menu.highlight == 26
    assert shown_numbers(menu) == list(range(1, 27))
    assert "(z) option 26" in drawn(menu)[menu.row_of(26) or 0]
    assert menu.handle(KeyPress("a")) == Chosen(1)  # (a) is the first row shown
    menu.handle(KeyPress("end"))
    assert menu.highlight == 39 and shown_numbers(menu) == list(range(14, 40))
    menu.handle(KeyPress("pagedown"))
    assert menu.highlight == 39  # a page stops at the end
    menu.handle(KeyPress("pageup"))
    assert menu.highlight == 13 and shown_numbers(menu)[0] == 0
    menu.handle(KeyPress("pagedown"))
    assert menu.highlight == 39 and shown_numbers(menu)[-1] == 39
    menu.handle(KeyPress("home"))
    assert menu.highlight == 0 and shown_numbers(menu) == list(range(26))
    menu.handle(KeyPress("pageup"))
    assert menu.highlight == 0


def test_one_step_wraps_round_both_ways_and_scrolls_to_show_it() -> None:
    """Hand play: Up on the pack's first item did not go to the last."""
    menu = numbered(40)
    assert menu.highlight == 0
    menu.handle(KeyPress("up"))
    assert menu.highlight == 39 and shown_numbers(menu)[-1] == 39
    menu.handle(KeyPress("down"))
    assert menu.highlight == 0 and shown_numbers(menu)[0] == 0
    few = numbered(5)  # no option has j or k for its letter: vi's moves
    few.handle(KeyPress("k"))
    assert few.highlight == 4
    few.handle(KeyPress("j"))
    assert few.highlight == 0
    unlit = Menu("Pick one", ["a", "b", "c"], preselect=False)
    unlit.handle(KeyPress("up"))  # from no highlight: the last
    assert unlit.highlight == 2
    unlit.handle(KeyPress("down"))
    assert unlit.highlight == 0


def test_the_wheel_scrolls_and_keeps_the_highlight_in_view_or_under_the_pointer() -> None:
    menu = numbered(40)
    menu.handle(Wheel(-1))  # down one notch
    assert shown_numbers(menu) == list(range(WHEEL_LINES, 26 + WHEEL_LINES))
    assert menu.highlight == WHEEL_LINES  # pulled into view
    menu.handle(Wheel(-100))
    assert shown_numbers(menu) == list(range(14, 40))
    menu.handle(Wheel(1))
    assert shown_numbers(menu)[0] == 14 - WHEEL_LINES
    menu.handle(Wheel(100))
    assert shown_numbers(menu)[0] == 0
    # With the pointer over a row, the highlight follows what scrolls under it.
    y = menu.row_of(5)
    assert y is not None
    menu.handle(MouseMove(menu.layout().text_x, y))
    menu.handle(Wheel(-1))
    assert menu.highlight == 5 + WHEEL_LINES
    assert menu.handle(Click(menu.layout().text_x, y, 1)) == Chosen(5 + WHEEL_LINES)


def test_no_options_shows_why_and_only_cancels() -> None:
    menu = Menu("Select an item to drop", [], empty_text="You are not carrying anything.")
    rows = drawn(menu)
    assert any("You are not carrying anything." in row for row in rows)
    lay = menu.layout()
    events: list[InputEvent] = [
        KeyPress("a"), KeyPress("enter"), KeyPress("down"), KeyPress("pagedown"),
        KeyPress("end"), KeyPress("j"), Wheel(-3),
        MouseMove(lay.text_x, lay.first_row), Click(lay.text_x, lay.first_row, 1),
    ]  # fmt: skip
    for event in events:
        assert menu.handle(event) == STILL_OPEN, event
    assert menu.highlight is None
    assert menu.handle(KeyPress("escape")) == CANCELLED
    assert any("(empty)" in row for row in drawn(Menu("T", [])))


def test_exactly_26_options_all_have_letters_and_need_no_scrolling() -> None:
    menu = numbered(26)
    assert shown_numbers(menu) == list(range(26))
    rows = drawn(menu)
    assert "(z) option 25" in rows[menu.row_of(25) or 0]
    assert not any(" of 26" in row for row in rows)
    for index, letter in enumerate(LETTERS):
        assert menu.handle(KeyPress(letter)) == Chosen(index)  # j and k included


def test_j_and_k_move_the_highlight_when_no_option_has_that_letter() -> None:
    menu = numbered(5)
    menu.handle(KeyPress("j"))
    menu.handle(KeyPress("j"))
    assert menu.highlight == 2
    menu.handle(KeyPress("k"))
    assert menu.highlight == 1
    assert numbered(12).handle(KeyPress("j")) == Chosen(9)


def test_long_labels_are_cut_with_an_ellipsis_to_fit_a_small_console() -> None:
    long = "Scroll of Remarkably Verbose and Thoroughly Unnecessary Naming"
    menu = Menu("A title far too long for this console", [long, "Short", Option("X", "y" * 30)])
    width, height = 24, 8
    rows = drawn(menu, width, height)
    box = menu.layout().box
    assert box.x >= 0 and box.y >= 0
    assert box.x + box.width <= width and box.y + box.height <= height
    first = rows[menu.row_of(0) or 0]
    assert "(a) Scroll of" in first and first.rstrip(" │").endswith("…")
    assert long not in first
    assert first[box.x + box.width - 1] == "│"  # the frame is intact
    assert "…" in rows[box.y]  # the title too
    assert "(b) Short" in rows[menu.row_of(1) or 0]


def test_more_options_than_rows_pages_by_what_fits() -> None:
    menu = Menu("T", [f"option {i}" for i in range(10)])
    rows = drawn(menu, 30, 7)  # room for 5 rows inside the frame
    assert menu.layout().rows == 5
    assert [r for r in rows if "option" in r][-1].count("option 4") == 1
    menu.handle(KeyPress("pagedown"))
    assert menu.highlight == 5
    assert menu.handle(KeyPress("a")) == Chosen(5)


def test_never_crashes_on_any_event_at_any_size() -> None:
    rng = random.Random(7)
    keys = [*LETTERS, "A", "Z", "é", "", "enter", "escape", "up", "down", "pageup"]
    keys += ["pagedown", "home", "end", "kp_8", "kp_2", "kp_9", "kp_3", "tab", "f1", "?", " "]
    sizes = [(1, 1), (2, 2), (3, 3), (5, 4), (12, 5), (24, 8), (80, 52)]
    for count in (0, 1, 25, 26, 27, 40):
        for width, height in sizes:
            options: list[str | Option] = [
                Option(f"label {i} " * rng.randint(0, 6), "d" * rng.randint(0, 5), i % 3 == 1)
                for i in range(count)
            ]
            menu = Menu("title " * rng.randint(0, 8), options, header="h " * rng.randint(0, 40))
            console = render.new_console(width, height)
            for _ in range(60):
                choice = rng.randrange(6)
                x, y = rng.randint(-5, width + 5), rng.randint(-5, height + 5)
                event: InputEvent
                if choice == 0:
                    event = KeyPress(rng.choice(keys))
                elif choice == 1:
                    event = MouseMove(x, y)
                elif choice == 2:
                    event = Click(x, y, rng.choice((1, 2, 3)))
                elif choice == 3:
                    event = Wheel(rng.randint(-50, 50))
                else:
                    event = Resized()
                result = menu.handle(event)
                if isinstance(result, Chosen):
                    assert 0 <= result.index < count and not menu.options[result.index].disabled
                menu.draw(console)
                menu.draw(console, Region(1, 1, max(0, width - 2), max(0, height - 2)))
                if menu.highlight is not None:
                    assert 0 <= menu.highlight < count
                assert 0 <= menu.top <= max(0, count - 1)
