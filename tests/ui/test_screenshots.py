"""Every screen, at 80x24 and at full size, drawn whole: no box cut at the edge, none
drawn over another, no text out of its frame (``tools/screenshots.layout_problems``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from emberdeep.tools import screenshots
from emberdeep.ui import render
from emberdeep.ui.layout import FULL_SIZE, MIN_SIZE


@pytest.fixture(scope="module")
def rendered(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, list[str]]]:
    out = tmp_path_factory.mktemp("shots")
    return out, screenshots.render_all(out, modes=("ascii", "tiles"))


def test_every_screen_is_drawn_at_both_sizes_with_whole_boxes(
    rendered: tuple[Path, dict[str, list[str]]],
) -> None:
    _, found = rendered
    for screen in ("title", "play", "inventory", "drop", "character", "history", "help",
                   "look", "confirm-quit", "targeting", "level-up", "game-over", "victory",
                   "options", "seed-prompt", "saved-games", "hall-of-fame", "torch", "lava",
                   "bolt", "explosion", "aiming", "details-item", "details-monster"):  # fmt: skip
        for width, height in (FULL_SIZE, MIN_SIZE):
            assert f"{width}x{height}-ascii-{screen}.png" in found, screen
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
