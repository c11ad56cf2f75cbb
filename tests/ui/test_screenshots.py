"""Every screen, at 80x24, 100x34 and full size, drawn whole: no box cut at the edge,
none drawn over another, no text out of its frame (``tools/screenshots.layout_problems``),
and no text cut (``cut_problems``: what the fitting function cut, what ran off the
console)."""

from __future__ import annotations

from pathlib import Path

import pytest
import tcod.console

from emberdeep.config import Settings
from emberdeep.content import loader
from emberdeep.tools import screenshots
from emberdeep.ui import fitting, render
from emberdeep.ui.app import App
from emberdeep.ui.layout import FULL_SIZE, MIN_SIZE
from emberdeep.ui.screens.main_menu import MainMenu
from emberdeep.ui.stack import ScreenStack


@pytest.fixture(scope="module")
def rendered(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, list[str]]]:
    out = tmp_path_factory.mktemp("shots")
    return out, screenshots.render_all(out, modes=("ascii", "tiles"))


def test_every_screen_is_drawn_at_every_size_with_whole_boxes_and_no_cut_text(
    rendered: tuple[Path, dict[str, list[str]]],
) -> None:
    _, found = rendered
    for screen in ("title", "play", "inventory", "drop", "character", "history", "help",
                   "look", "confirm-quit", "targeting", "level-up", "game-over", "victory",
                   "options", "seed-prompt", "saved-games", "hall-of-fame", "torch", "lava",
                   "bolt", "explosion", "aiming", "details-item", "details-monster", "bridge",
                   "sealed-door", "lever", "plate"):  # fmt: skip
        for width, height in screenshots.SIZES:
            assert f"{width}x{height}-ascii-{screen}.png" in found, screen
    assert {FULL_SIZE, (100, 34), MIN_SIZE} <= set(screenshots.SIZES)
    assert {f"{w}x{h}-tiles-play.png" for w, h in (FULL_SIZE, MIN_SIZE)} <= set(found)
    assert {name: problems for name, problems in found.items() if problems} == {}


def test_the_pngs_are_written_at_the_window_size(
    rendered: tuple[Path, dict[str, list[str]]],
) -> None:
    out, found = rendered
    for name in found:
        data = (out / name).read_bytes()
        assert data.startswith(b"\x89PNG")
        width = int.from_bytes(data[16:20], "big")
        height = int.from_bytes(data[20:24], "big")
        cells = tuple(int(n) for n in name.split("-", 1)[0].split("x"))
        assert (width, height) == (cells[0] * 8, cells[1] * 16), name


def test_beside_each_png_a_text_of_the_screens_characters(
    rendered: tuple[Path, dict[str, list[str]]],
) -> None:
    out, found = rendered
    for name in found:
        text = (out / name).with_suffix(".txt").read_text("utf-8")
        rows = text.splitlines()
        width, height = (int(n) for n in name.split("-", 1)[0].split("x"))
        assert len(rows) <= height and all(len(row) <= width for row in rows), name
    assert "@" in (out / "100x52-ascii-torch.txt").read_text("utf-8")
    assert "¤" in (out / "100x52-ascii-torch.txt").read_text("utf-8")  # the torch
    assert "_" in (out / "100x52-ascii-bridge.txt").read_text("utf-8")  # the bridge
    assert "}" in (out / "100x52-ascii-lever.txt").read_text("utf-8")  # the lever


def test_the_checker_finds_a_box_cut_at_the_edge_drawn_over_or_broken_by_text() -> None:
    console = render.new_console(30, 10)
    console.draw_frame(2, 2, 10, 5, decoration="┌─┐│ │└─┘")
    assert screenshots.layout_problems(console) == []
    console.print(11, 3, "spills")  # text over the right edge
    assert screenshots.layout_problems(console)
    console.clear()
    console.draw_frame(25, 2, 10, 5, decoration="┌─┐│ │└─┘")  # cut at the edge
    assert screenshots.layout_problems(console)
    console.clear()
    console.draw_frame(2, 2, 10, 5, decoration="┌─┐│ │└─┘")
    console.draw_frame(6, 4, 10, 5, decoration="┌─┐│ │└─┘")  # over the first
    assert screenshots.layout_problems(console)


def test_the_checker_reports_text_cut_to_fit_and_text_run_off_the_console() -> None:
    title = MainMenu(App(loader.load(), Settings(), data=None))
    _, problems = screenshots.draw_checked(ScreenStack(title), MIN_SIZE)
    assert problems == []

    class Cutting:
        overlay = False

        def draw(self, console: tcod.console.Console) -> None:
            console.print(0, 0, fitting.fit("Scroll of Enchanting", 12))

    _, problems = screenshots.draw_checked(ScreenStack(Cutting()), MIN_SIZE)  # type: ignore[arg-type]
    assert problems == ["cut text: cut to 12: 'Scroll of Enchanting'"]
    console = screenshots.CheckedConsole(20, 3)
    console.print(15, 1, "Here: Kobold, open door")
    console.print(15, 2, "fits ")  # a trailing blank falls off harmlessly
    assert screenshots.cut_problems(console, []) == [
        "text at 15,1 runs off the console: 'Here: Kobold, open door'"
    ]
