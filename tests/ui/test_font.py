from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest
import tcod.console

from emberdeep.ui import font
from emberdeep.ui.font import GLYPH_SIZE, FontError, parse_glyphs

REQUIRED = "─│┌┐└┘├┤┬┴┼═║╔╗╚╝╠╣╦╩╬█▀▄▌▐░▒▓·•°±≈♥♦♣♠←↑→↓▲▼◄►☺…÷×¤∙■□▪○●◘♪⌂Ω∞√²¶§"  # noqa: RUF001


def test_every_printable_ascii_and_ui_symbol_has_a_glyph() -> None:
    have = font.glyph_codepoints()
    missing = [chr(c) for c in range(0x20, 0x7F) if c not in have]
    missing += [ch for ch in REQUIRED if ord(ch) not in have]
    assert missing == []


def test_letters_and_digits_are_drawn_and_all_different() -> None:
    glyphs = font._builtin_glyphs()
    alnum = [c for c in range(0x20, 0x7F) if chr(c).isalnum()]
    for c in alnum:
        assert glyphs[c].any(), chr(c)
    shapes = {glyphs[c].tobytes() for c in alnum}
    assert len(shapes) == len(alnum), "two letters or digits share a bitmap"


def test_box_lines_reach_the_cell_edges_so_they_join() -> None:
    glyphs = font._builtin_glyphs()
    horizontal, vertical = glyphs[ord("─")], glyphs[ord("│")]
    assert any(horizontal[row, 0] and horizontal[row, -1] for row in range(GLYPH_SIZE))
    assert any(vertical[0, col] and vertical[-1, col] for col in range(GLYPH_SIZE))
    assert glyphs[ord("█")].all()


@pytest.mark.parametrize(
    ("text", "line", "problem"),
    [
        ("U+0041 A\n" + "........\n" * 7, 9, "wrong row count"),
        ("U+0041 A\n" + "........\n" * 9, 10, "wrong row count"),
        ("U+0041 A\n" + "........\n" * 3 + ".......\n" + "........\n" * 4, 5, "wrong row length"),
        ("U+0041 A\n" + "...x....\n" + "........\n" * 7, 2, "bad character 'x' in column 4"),
        ("A glyph\n", 1, "bad header"),
        ("U+0041 B\n" + "........\n" * 8, 1, "character 'B' is not U+0041"),
        ("U+0041\n" + "........\n" * 8 + "U+0041\n" + "........\n" * 8, 10, "duplicate"),
    ],
)
def test_parse_errors_name_the_line(text: str, line: int, problem: str) -> None:
    with pytest.raises(FontError, match=re.escape(problem)) as err:
        parse_glyphs(text, "test.txt")
    assert err.value.line == line
    assert str(err.value).startswith(f"test.txt, line {line}: ")


def test_scaled_tileset_renders_exactly_the_bitmaps() -> None:
    tileset = font.builtin_tileset(2)
    assert tileset.tile_shape == (16, 16)
    console = tcod.console.Console(4, 1, order="F")
    console.print(0, 0, "A#", fg=(255, 255, 255), bg=(0, 0, 0))
    pixels = tileset.render(console)
    glyphs = font._builtin_glyphs()
    for cell, ch in enumerate("A#"):
        expected = np.kron(glyphs[ord(ch)], np.ones((2, 2), dtype=np.bool_))
        drawn = pixels[:, cell * 16 : (cell + 1) * 16, :3].max(axis=2) > 127
        assert (drawn == expected).all(), ch


def test_a_missing_tilesheet_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(FontError, match=r"sheet\.png"):
        font.tilesheet_tileset(tmp_path / "sheet.png", 16, 16, "cp437")
    with pytest.raises(FontError):
        font.tilesheet_tileset(tmp_path / "sheet.png", 16, 16, "klingon")
