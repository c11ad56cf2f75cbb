from __future__ import annotations

import re
from pathlib import Path

import tcod.console

from emberdeep.config import Settings
from emberdeep.content import loader
from emberdeep.content.looks import RENDER_MODES
from emberdeep.session.playing import Game
from emberdeep.ui import keys, render
from emberdeep.ui.app import App
from emberdeep.ui.input import Click, KeyPress, Wheel
from emberdeep.ui.keys import DEFAULT_KEYS
from emberdeep.ui.screens import Pop, PopTo, Stay
from emberdeep.ui.screens.help import UNBOUND, HelpScreen, help_lines
from emberdeep.ui.screens.play import PlayScreen
from tests.helpers import opened, world_from_text

ROOM = """
#####
#...#
#.@.#
#...#
#####
"""


def text(console: tcod.console.Console) -> list[str]:
    return ["".join(map(chr, console.ch[:, y])) for y in range(console.height)]


def drawn(screen: HelpScreen, width: int = 80, height: int = 52) -> list[str]:
    console = render.new_console(width, height)
    screen.draw(console)
    return text(console)


def keys_of(rows: list[str], label: str) -> list[str]:
    """The keys listed after ``label`` on the drawn screen."""
    found = [row for row in rows if label in row]
    assert found, label
    listed = found[0].split(label, 1)[1].split("│")[0].strip()
    return listed.split(", ")


def test_lists_the_default_bindings_grouped_by_command() -> None:
    rows = drawn(HelpScreen(None))
    assert "Keys" in rows[1]
    assert keys_of(rows, "Move north:") == ["Up", "Keypad 8", "k"]
    assert keys_of(rows, "Move north-east:") == ["Page Up", "Keypad 9", "u"]
    assert keys_of(rows, "Wait a turn:") == ["Keypad 5", "."]  # kp_5 and clear: one key
    assert not any("kp_" in row or "pageup" in row for row in rows[:30])
    assert keys_of(rows, "This help:") == ["?"]


def test_lists_a_remapped_key_and_shows_unbound_commands() -> None:
    keymap, problems = keys.parse_keys(
        "keys.toml", 'preset = "no-vi"\n[keys]\nw = "move_n"\nc = ""\n'
    )
    assert problems == []
    rows = drawn(HelpScreen(keymap))
    assert keys_of(rows, "Move north:") == ["Up", "Keypad 8", "w"]
    assert keys_of(rows, "Character sheet:") == [UNBOUND]


def test_says_where_the_keys_file_is_and_what_the_mouse_does() -> None:
    lines = [line for line, _ in help_lines(DEFAULT_KEYS, 200)]
    assert "The mouse" in lines and any("Click a known tile" in line for line in lines)
    assert any(str(keys.keys_path()) in line for line in lines)


def test_scrolls_on_a_small_console_and_closes() -> None:
    screen = HelpScreen(None)
    rows = drawn(screen, 50, 12)
    assert "Move north-west:" in rows[2]
    assert screen.handle(KeyPress("end")) == Stay()
    rows = drawn(screen, 50, 12)
    assert "Move north-west:" not in "".join(rows)
    assert "page" in rows[-2] and "of" in rows[-2]
    screen.handle(KeyPress("home"))
    screen.handle(Wheel(-1))  # paged: down a whole page (8 rows at 50x12)
    assert screen.top == 8
    screen.handle(KeyPress("pageup"))
    assert screen.top == 0
    for key in ("escape", "?"):
        assert screen.handle(KeyPress(key)) == Pop()
    assert screen.handle(Click(5, 5, 3)) == Pop()


def test_the_arrows_move_the_help_a_line_and_page_down_a_page() -> None:
    """Hand play pressed Down in the key help and a whole page went by."""
    screen = HelpScreen(None)
    drawn(screen, 80, 24)  # pages of 20 rows
    rows = 20
    assert screen.max_top() >= rows
    screen.handle(KeyPress("down"))
    assert screen.top == 1
    assert "lines 2-21 of" in drawn(screen, 80, 24)[-2]
    screen.handle(KeyPress("pagedown"))  # to the next page's start, not a page on
    assert screen.top == rows
    assert "page 2 of" in drawn(screen, 80, 24)[-2]
    screen.handle(KeyPress("up"))
    assert screen.top == rows - 1
    screen.handle(KeyPress("pageup"))
    assert screen.top == 0


def test_travel_is_listed_with_the_look_keys_that_start_it() -> None:
    """Hand play looked in the help for travel and found only the mouse's click."""
    rows = drawn(HelpScreen(None))
    assert keys_of(rows, "cursor there):") == [";", "L", "then Enter"]
    rebound = drawn(HelpScreen({"o": "look"}))
    assert keys_of(rebound, "cursor there):") == ["o", "then Enter"]


def test_the_key_bound_to_help_also_closes_it() -> None:
    keymap = {**DEFAULT_KEYS, "f1": "help"}
    assert HelpScreen(keymap).handle(KeyPress("f1")) == Pop()


def test_play_screen_uses_the_apps_keymap_and_opens_help(tmp_path: Path) -> None:
    keymap = {**keys.preset("no-vi"), "w": "move_n", "f1": "help"}
    app = App(loader.load(), Settings(), data=None, keymap=keymap)
    play = PlayScreen(
        Game.start(world_from_text(ROOM), app.content, app.settings),
        app.content,
        app.settings,
        app=app,
    )
    assert play.handle(KeyPress("k")) == PopTo(play) and play.world.player.position == (2, 2)
    assert play.handle(KeyPress("w")) == PopTo(play) and play.world.player.position == (2, 1)
    help_screen = opened(play.handle(KeyPress("f1")), HelpScreen)
    assert help_screen.keymap is keymap
    assert keys_of(drawn(help_screen), "Move north:") == ["Up", "Keypad 8", "w"]


def test_play_screen_without_an_app_uses_the_defaults() -> None:
    play = PlayScreen.of(world_from_text(ROOM), loader.load(), Settings())
    opened(play.handle(KeyPress("?")), HelpScreen)
    assert App(loader.load(), Settings(), data=None).keymap == DEFAULT_KEYS


def test_help_and_the_readme_give_tabs_order_as_the_play_screen_cycles() -> None:
    """The play screen cycles ``RENDER_MODES`` (tested in test_play_screen); the help
    and the README's key table must say that order."""
    lines = [line for line, _ in help_lines(DEFAULT_KEYS, 200)]
    order = ", ".join(RENDER_MODES)
    said = " ".join(" ".join(line.split()) for line in lines)
    assert f"Switch the map's look ({order}, in turn): Tab" in said
    readme = (Path(__file__).parents[2] / "README.md").read_text(encoding="utf-8")
    (tab_row,) = [row for row in readme.splitlines() if row.startswith("| Tab |")]
    assert re.findall(r"`(\w+)`", tab_row) == list(RENDER_MODES)


def test_no_key_is_written_by_its_sdl_name() -> None:
    lines = help_lines(DEFAULT_KEYS, 200)
    text = " ".join(line for line, _ in lines[: [line for line, _ in lines].index("The mouse")])
    for sdl_name in ("kp_", "pageup", "pagedown", "clear", "escape", "return", "enter", "up,"):
        assert not re.search(rf"\b{sdl_name}", text), sdl_name
    assert all(keys.key_label(name)[0].isupper() for name in keys.KEY_LABELS if name != " ")


def test_help_pages_never_show_a_line_twice_nor_split_an_entry() -> None:
    """Hand play paged through the help and read the same lines on two pages."""
    for width, height in ((80, 24), (100, 34), (100, 52)):
        screen = HelpScreen(None)
        seen: list[str] = []
        pages = []
        for _ in range(10):
            inside = [row for row in drawn(screen, width, height) if row[2] == "│"]
            rows = [row[4:-4].rstrip() for row in inside]
            pages.append(rows)
            seen += [row for row in rows if row.strip()]
            if screen.top == screen.max_top():
                break
            screen.handle(KeyPress("pagedown"))
        wanted = [line for line, _ in help_lines(DEFAULT_KEYS, width - 8) if line.strip()]
        assert seen == wanted, (width, height)  # each line once, in order
        for rows in pages:
            names = [i for i, row in enumerate(rows) if row.startswith("Go up the stairs")]
            for i in names:  # its keys on the same page, on the next row
                assert rows[i + 1].rstrip().endswith("<")
