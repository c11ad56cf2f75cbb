"""Nothing cut off: text wraps, or is abbreviated by a stated rule, and every cut the
renderer still makes is recorded (``ui/fitting.py``) for the screenshot checker."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

import pytest
import tcod.console

from emberdeep.config import Settings
from emberdeep.content import loader
from emberdeep.engine.core.floor import Tile
from emberdeep.engine.things.items import Item
from emberdeep.ui import fitting, layout, render
from emberdeep.ui.input import KeyPress
from emberdeep.ui.keys import DEFAULT_KEYS
from emberdeep.ui.menu import leading_clauses
from emberdeep.ui.screens.help import HelpScreen, help_lines
from emberdeep.ui.screens.inventory import InventoryScreen
from emberdeep.ui.screens.look import HINT, LookScreen
from emberdeep.ui.screens.play import PlayScreen, whole_hints
from tests.helpers import world_from_text

HALL = """
##########
#........#
#...@....#
#........#
##########
"""


def rows(console: tcod.console.Console, width: int | None = None) -> list[str]:
    return ["".join(map(chr, console.ch[:width, y])) for y in range(console.height)]


def test_fit_records_each_cut_only_while_someone_is_watching() -> None:
    assert fitting.fit("short", 10) == "short"
    with fitting.watching() as cuts:
        assert fitting.fit("short", 10) == "short"
        assert fitting.fit("a longer text", 6) == "a lon…"
    assert cuts == [fitting.Cut("a longer text", 6)]
    with fitting.watching() as later:
        pass
    assert fitting.fit("a longer text", 6) == "a lon…" and later == []  # nobody watching


def test_wrap_leaves_nothing_out_and_breaks_a_path_after_a_folder() -> None:
    text = "Here: Kobold, open door, Scroll of Aggravate Monsters"
    lines = fitting.wrap(text, 18)
    assert all(len(line) <= 18 for line in lines) and " ".join(lines) == text
    note = f"Morgue file: {Path.home()}/.local/share/emberdeep/morgue/morgue-1-seed7.txt."
    lines = fitting.wrap(note, 40)
    assert lines[0].startswith("Morgue file: ~/") and lines[0].endswith("/")
    assert "".join(lines) == "Morgue file: ~/.local/share/emberdeep/morgue/morgue-1-seed7.txt."
    assert fitting.wrap("abcdefghijkl", 5) == ["abcde", "fghij", "kl"]  # nothing lost
    assert fitting.home_path(Path.home() / "x.toml") == "~/x.toml"


def test_wrap_keeps_a_count_like_charges_together() -> None:
    """Hand play met the sidebar's "Staff of Fire [2/" with "2]" on the next row: a
    count's "/" was taken for a path's folder separator."""
    assert fitting.wrap("Staff of Fire [2/2]", 17) == ["Staff of Fire", "[2/2]"]
    assert fitting.wrap("Health 10/30 now", 9) == ["Health", "10/30 now"]


def test_a_menu_detail_that_does_not_fit_keeps_its_whole_leading_clauses() -> None:
    detail = "worn; Power +2, quick: attacks take 20% less time. Needs 10 strength."
    assert leading_clauses(detail, 80) == detail.removesuffix(".")  # a row: no full stop
    assert leading_clauses(detail, 30) == "worn; Power +2, quick"
    assert leading_clauses(detail, 3) == ""  # not even the first clause: none at all
    thrown = "Bad: you cannot move for 5 turns. Thrown, it shatters into paralytic gas."
    assert leading_clauses(thrown, 45) == "Bad: you cannot move for 5 turns"


def test_the_hint_row_drops_whole_hints_from_the_end() -> None:
    hints = "? help   i use   d drop   Q save & quit"
    assert whole_hints(hints, 80) == hints
    assert whole_hints(hints, 30) == "? help   i use   d drop"


def test_the_sidebar_wraps_long_names_and_what_is_underfoot_at_every_size() -> None:
    content = loader.load()
    world = world_from_text(HALL)
    kinds = {kind.key: kind for kind in content.population.items.kinds}
    longest = max(kinds.values(), key=lambda kind: len(kind.name))
    world.identity.learn(longest)
    world.floor.items.append(Item(longest, 6, 2))
    world.floor.items.append(Item(kinds["darts"], *world.player.position))
    world.floor.tiles[world.player.position] = Tile.OPEN_DOOR
    world.refresh_fov()
    play = PlayScreen.of(world, content, Settings())
    for size in (layout.MIN_SIZE, (100, 34), layout.FULL_SIZE):
        console = render.new_console(*size)
        with fitting.watching() as cuts:
            play.draw(console)
        assert cuts == [], size
        side = " ".join(" ".join(row.split()) for row in rows(console, layout.SIDEBAR_WIDTH - 1))
        assert longest.name in side, size
        assert "Here: Dart, open door" in side or "Here: 5 x Dart, open door" in side, size


def test_the_look_prompt_is_whole_on_a_narrow_map_and_under_it() -> None:
    """At 80x24 the prompt over the map's top rows hid what one looked at there: it goes
    under the map, over the log, and the map's rows are as the play screen drew them."""
    play = PlayScreen.of(world_from_text(HALL), loader.load(), Settings())
    console = render.new_console(*layout.MIN_SIZE)
    play.draw(console)
    top = rows(console)[:2]
    with fitting.watching() as cuts:
        LookScreen(play).draw(console)
    assert cuts == []
    under = play.layout.map.height
    words = [row[layout.SIDEBAR_WIDTH :].strip() for row in rows(console)[under : under + 2]]
    assert " ".join(words) == HINT
    assert rows(console)[:2] == top


def test_help_puts_every_key_in_one_column_and_shows_no_absolute_path(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("EMBERDEEP_CONFIG_DIR", str(Path.home() / ".config" / "emberdeep"))
    lines = [line for line, _ in help_lines(DEFAULT_KEYS, 74)]
    entries = lines[: lines.index("")]
    keys_at = {len(line) - len(line.split(":")[-1].lstrip()) for line in entries if ":" in line}
    assert len(keys_at) == 1  # no name pushes its keys out of the column
    text = "\n".join(lines)
    assert str(Path.home()) not in text and "~/.config/emberdeep/keys.toml" in text


def test_the_help_at_80x24_is_whole_page_by_page_and_line_by_line() -> None:
    """Every page of the key help, and each view the arrows scroll to, cuts nothing,
    travel's entry among them."""
    screen = HelpScreen(None)
    console = render.new_console(*layout.MIN_SIZE)
    seen = ""
    with fitting.watching() as cuts:
        for key in ["home"] + ["down"] * 70 + ["home"] + ["pagedown"] * 4:
            screen.handle(KeyPress(key))
            console.clear()
            screen.draw(console)
            seen += "\n".join(rows(console))
    assert cuts == []
    assert "Travel to a spot" in seen and ";, L, then Enter" in seen


def test_a_console_larger_than_the_full_layout_shows_more_map() -> None:
    assert layout.console_size((200, 70)) == (200, 70)
    assert layout.console_size((79, 70)) is None
    play = PlayScreen.of(
        world_from_text(HALL), loader.load(), Settings(render_mode="tiles", font_size="8x16")
    )
    full = play.layout_of(render.new_console(*layout.FULL_SIZE))
    big = play.layout_of(render.new_console(200, 70))
    assert big.map.across > full.map.across and big.map.height > full.map.height
    assert big.map.across >= 80  # a whole default floor across, in square tiles


def test_the_enchant_menu_title_is_whole_at_80x24() -> None:
    """Hand play at 80x24: the title of the menu choosing what a scroll of enchanting
    goes on ended "(? about ..."."""
    content = loader.load()
    kinds = {kind.key: kind for kind in content.population.items.kinds}
    world = world_from_text(HALL)
    for key in ("enchant_scroll", "dagger"):
        world.identity.learn(kinds[key])
        world.inventory.append(Item(kinds[key]))
    play = PlayScreen.of(world, content, Settings())
    console = render.new_console(*layout.MIN_SIZE)
    play.draw(console)
    menu = InventoryScreen(play, "on", scroll=0)
    with fitting.watching() as cuts:
        menu.draw(console)
    assert cuts == []
    assert any("Scroll of Enchanting" in row and "?" in row for row in rows(console))


@pytest.mark.parametrize("purpose", ["use", "drop", "throw"])
def test_the_inventory_footer_says_what_letters_question_mark_and_escape_do(
    purpose: Literal["use", "drop", "throw"],
) -> None:
    """A tester found "(? about it)" in the title confusing: the bottom border says what
    each key does, whole at 80x24 beside a long list's position."""
    content = loader.load()
    world = world_from_text(HALL)
    for kind in content.population.items.kinds[:24]:
        world.inventory.append(Item(kind))
    play = PlayScreen.of(world, content, Settings())
    console = render.new_console(*layout.MIN_SIZE)
    play.draw(console)
    with fitting.watching() as cuts:
        InventoryScreen(play, purpose).draw(console)
    assert cuts == []
    footer = f"letter: {purpose} · ?: details · Esc: back"
    assert any(footer in row and " of 24 " in row for row in rows(console))
