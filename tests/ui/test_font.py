"""Tests for the built-in bitmap font and tilesheet loading."""

from __future__ import annotations

import pathlib
import struct
import zlib

import numpy as np
import pytest
import tcod.console
import tcod.tileset
from numpy.typing import NDArray

from emberdeep.ui import font

PRINTABLE_ASCII = [chr(c) for c in range(0x20, 0x7F)]
BOX_DRAWING = "─│┌┐└┘├┤┬┴┼═║╔╗╚╝╠╣╦╩╬"
BLOCKS = "█▀▄▌▐░▒▓"
SYMBOLS = "·•°±≈♥♦♣♠←↑→↓▲▼◄►☺…÷×¤∙■□\u25aa○●◘♪⌂Ω∞√²¶§"  # noqa: RUF001
LETTERS_AND_DIGITS = [c for c in PRINTABLE_ASCII if c.isalnum()]

GOOD_GLYPH = "U+0041 A\n" + "\n".join(["#......."] * 8) + "\n"


@pytest.fixture(scope="module")
def glyphs() -> dict[int, NDArray[np.bool_]]:
    return {cp: font._builtin_glyphs()[cp] for cp in font.glyph_codepoints()}


def _rows(count: int, row: str = "........") -> str:
    return "\n".join([row] * count)


# --- coverage --------------------------------------------------------------


@pytest.mark.parametrize("char", PRINTABLE_ASCII + list(BOX_DRAWING + BLOCKS + SYMBOLS))
def test_required_glyph_present(char: str) -> None:
    assert ord(char) in font.glyph_codepoints()


def test_symbols_list_has_small_square() -> None:
    # Guards the test data itself: U+25AA must really be required.
    assert "\u25aa" in SYMBOLS


def test_glyph_bitmaps_are_8x8_bool(glyphs: dict[int, NDArray[np.bool_]]) -> None:
    assert font.GLYPH_SIZE == 8
    for cp, bitmap in glyphs.items():
        assert bitmap.shape == (8, 8), f"U+{cp:04X}"
        assert bitmap.dtype == np.bool_, f"U+{cp:04X}"


def test_space_is_blank_and_full_block_is_full(glyphs: dict[int, NDArray[np.bool_]]) -> None:
    assert not glyphs[ord(" ")].any()
    assert glyphs[ord("█")].all()


# --- glyph sanity ----------------------------------------------------------


@pytest.mark.parametrize("char", LETTERS_AND_DIGITS)
def test_letter_or_digit_has_pixels(char: str, glyphs: dict[int, NDArray[np.bool_]]) -> None:
    assert glyphs[ord(char)].any()


@pytest.mark.parametrize("char", LETTERS_AND_DIGITS)
def test_letter_or_digit_is_unique(char: str, glyphs: dict[int, NDArray[np.bool_]]) -> None:
    mine = glyphs[ord(char)]
    twins = [
        f"U+{cp:04X}"
        for cp, other in glyphs.items()
        if cp != ord(char) and np.array_equal(mine, other)
    ]
    assert twins == []


@pytest.mark.parametrize("char", LETTERS_AND_DIGITS)
def test_text_glyphs_leave_right_column_empty(
    char: str, glyphs: dict[int, NDArray[np.bool_]]
) -> None:
    # Letter spacing at 1x: nothing in column 7.
    assert not glyphs[ord(char)][:, 7].any()


@pytest.mark.parametrize("char", [c for c in LETTERS_AND_DIGITS if c not in "gjpqy"])
def test_text_glyphs_without_descender_leave_bottom_row_empty(
    char: str, glyphs: dict[int, NDArray[np.bool_]]
) -> None:
    assert not glyphs[ord(char)][7, :].any()


@pytest.mark.parametrize("char", "gjpqy")
def test_descenders_use_bottom_row(char: str, glyphs: dict[int, NDArray[np.bool_]]) -> None:
    assert glyphs[ord(char)][7, :].any()


def _horizontal_spans(bitmap: NDArray[np.bool_]) -> bool:
    """True if some row is lit at both column 0 and column 7."""
    return bool((bitmap[:, 0] & bitmap[:, 7]).any())


def _vertical_spans(bitmap: NDArray[np.bool_]) -> bool:
    """True if some column is lit at both row 0 and row 7."""
    return bool((bitmap[0, :] & bitmap[7, :]).any())


@pytest.mark.parametrize("char", "─┬┴┼═╦╩╬")
def test_horizontal_lines_reach_both_side_edges(
    char: str, glyphs: dict[int, NDArray[np.bool_]]
) -> None:
    assert _horizontal_spans(glyphs[ord(char)])


@pytest.mark.parametrize("char", "│├┤┼║╠╣╬")
def test_vertical_lines_reach_top_and_bottom_edges(
    char: str, glyphs: dict[int, NDArray[np.bool_]]
) -> None:
    assert _vertical_spans(glyphs[ord(char)])


# Which edges each box-drawing glyph connects to: (top, bottom, left, right).
BOX_EDGES = {
    "─": (False, False, True, True),
    "│": (True, True, False, False),
    "┌": (False, True, False, True),
    "┐": (False, True, True, False),
    "└": (True, False, False, True),
    "┘": (True, False, True, False),
    "├": (True, True, False, True),
    "┤": (True, True, True, False),
    "┬": (False, True, True, True),
    "┴": (True, False, True, True),
    "┼": (True, True, True, True),
    "═": (False, False, True, True),
    "║": (True, True, False, False),
    "╔": (False, True, False, True),
    "╗": (False, True, True, False),
    "╚": (True, False, False, True),
    "╝": (True, False, True, False),
    "╠": (True, True, False, True),
    "╣": (True, True, True, False),
    "╦": (False, True, True, True),
    "╩": (True, False, True, True),
    "╬": (True, True, True, True),
}


@pytest.mark.parametrize("char", BOX_DRAWING)
def test_box_drawing_touches_exactly_its_edges(
    char: str, glyphs: dict[int, NDArray[np.bool_]]
) -> None:
    bitmap = glyphs[ord(char)]
    touched = (
        bool(bitmap[0].any()),
        bool(bitmap[7].any()),
        bool(bitmap[:, 0].any()),
        bool(bitmap[:, 7].any()),
    )
    assert touched == BOX_EDGES[char]


@pytest.mark.parametrize("char", BOX_DRAWING)
def test_box_drawing_edges_line_up(char: str, glyphs: dict[int, NDArray[np.bool_]]) -> None:
    # Single lines sit in rows/columns 3-4, double lines in 2 and 5, so
    # neighbouring cells join without steps.
    bitmap = glyphs[ord(char)]
    double = char in "═║╔╗╚╝╠╣╦╩╬"
    expected = np.zeros(8, dtype=np.bool_)
    expected[[2, 5] if double else [3, 4]] = True
    for edge in (bitmap[0], bitmap[7], bitmap[:, 0], bitmap[:, 7]):
        if edge.any():
            assert np.array_equal(edge, expected)


@pytest.mark.parametrize(("char", "fraction"), [("░", 0.25), ("▒", 0.5), ("▓", 0.75)])
def test_shade_density(char: str, fraction: float, glyphs: dict[int, NDArray[np.bool_]]) -> None:
    assert glyphs[ord(char)].mean() == pytest.approx(fraction)


def test_half_blocks(glyphs: dict[int, NDArray[np.bool_]]) -> None:
    top = np.zeros((8, 8), dtype=np.bool_)
    top[:4] = True
    assert np.array_equal(glyphs[ord("▀")], top)
    assert np.array_equal(glyphs[ord("▄")], ~top)
    assert np.array_equal(glyphs[ord("▌")], top.T)
    assert np.array_equal(glyphs[ord("▐")], ~top.T)


# --- parser ----------------------------------------------------------------


def test_parse_good_glyph() -> None:
    text = "; a comment\n\n" + GOOD_GLYPH + "\nU+0020\n" + _rows(8) + "\n"
    parsed = font.parse_glyphs(text, "test.txt")
    assert sorted(parsed) == [0x20, 0x41]
    expected = np.zeros((8, 8), dtype=np.bool_)
    expected[:, 0] = True
    assert np.array_equal(parsed[0x41], expected)
    assert not parsed[0x20].any()


def test_parse_is_row_major() -> None:
    text = "U+0042\n" + "########\n" + _rows(7) + "\n"
    bitmap = font.parse_glyphs(text, "t")[0x42]
    assert bitmap[0].all()
    assert not bitmap[1:].any()


@pytest.mark.parametrize(
    ("text", "line", "problem"),
    [
        ("; header\nA\n" + _rows(8), 2, "bad header"),
        ("U+12G4\n" + _rows(8), 1, "bad header"),
        ("U+0041 B\n" + _rows(8), 1, "bad header"),
        ("U+0041\n" + _rows(3) + "\n.......\n" + _rows(4), 5, "wrong row length"),
        ("U+0041\n" + _rows(2) + "\n.........\n" + _rows(5), 4, "wrong row length"),
        ("U+0041\n" + _rows(5) + "\n\n" + _rows(3), 7, "wrong row count"),
        ("U+0041\n" + _rows(7), 9, "wrong row count"),
        ("U+0041\n" + _rows(9), 10, "wrong row count"),
        ("U+0041\n" + _rows(3) + "\nU+0042\n" + _rows(8), 5, "wrong row count"),
        ("U+0041\n" + _rows(6) + "\n...X....\n" + _rows(1), 8, "bad character"),
        (
            "U+0041\n" + _rows(8) + "\n\nU+0042\n" + _rows(8) + "\nU+0041\n" + _rows(8),
            20,
            "duplicate codepoint",
        ),
    ],
)
def test_parse_errors_name_file_and_line(text: str, line: int, problem: str) -> None:
    with pytest.raises(font.FontError) as info:
        font.parse_glyphs(text, "broken.txt")
    message = str(info.value)
    assert message.startswith(f"broken.txt, line {line}: "), message
    assert problem in message
    assert info.value.line == line
    assert info.value.source == "broken.txt"


def test_duplicate_error_points_at_first_definition() -> None:
    text = GOOD_GLYPH + GOOD_GLYPH
    with pytest.raises(font.FontError, match=r"first defined on line 1"):
        font.parse_glyphs(text, "dup.txt")


def test_parsed_bitmaps_are_read_only() -> None:
    bitmap = font.parse_glyphs(GOOD_GLYPH, "t")[0x41]
    with pytest.raises(ValueError, match="read-only"):
        bitmap[0, 0] = False


# --- tilesets --------------------------------------------------------------


def test_glyph_codepoints_is_frozenset_with_everything_parsed() -> None:
    codepoints = font.glyph_codepoints()
    assert isinstance(codepoints, frozenset)
    assert len(codepoints) == len(font._builtin_glyphs())


def test_builtin_tileset_shapes() -> None:
    assert font.builtin_tileset().tile_shape == (8, 8)
    assert font.builtin_tileset(2).tile_shape == (16, 16)
    assert font.builtin_tileset(3).tile_shape == (24, 24)


def test_builtin_tileset_rejects_bad_scale() -> None:
    with pytest.raises(ValueError, match="scale"):
        font.builtin_tileset(0)


def test_builtin_tileset_contains_every_glyph() -> None:
    tileset = font.builtin_tileset()
    missing = [f"U+{cp:04X}" for cp in font.glyph_codepoints() if cp not in tileset]
    assert missing == []


def test_builtin_tileset_render_matches_scaled_glyphs() -> None:
    scale = 2
    tileset = font.builtin_tileset(scale)
    console = tcod.console.Console(4, 1, order="F")
    console.print(0, 0, "A#", fg=(255, 255, 255), bg=(0, 0, 0))
    pixels = tileset.render(console)
    assert pixels.shape == (16, 64, 4)

    glyphs = font._builtin_glyphs()
    expected = np.zeros((16, 64), dtype=np.uint8)
    for x, char in enumerate("A#"):
        scaled = np.kron(
            glyphs[ord(char)].astype(np.uint8), np.ones((scale, scale), dtype=np.uint8)
        )
        expected[:, x * 16 : (x + 1) * 16] = scaled * 255
    for channel in range(3):
        np.testing.assert_array_equal(pixels[:, :, channel], expected)
    # The glyphs must actually differ, or this test proves nothing.
    assert not np.array_equal(expected[:, 0:16], expected[:, 16:32])
    assert expected[:, 0:32].any()
    assert not expected[:, 32:].any()


# --- tilesheets ------------------------------------------------------------


def _write_png(path: pathlib.Path, rgba: NDArray[np.uint8]) -> None:
    """Write an RGBA array as a minimal PNG file."""
    height, width = rgba.shape[:2]
    raw = b"".join(b"\x00" + rgba[y].tobytes() for y in range(height))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (
            struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
        )

    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    path.write_bytes(
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(raw))
        + chunk(b"IEND", b"")
    )


def _sheet(path: pathlib.Path, columns: int, rows: int, tile: int) -> None:
    image = np.zeros((rows * tile, columns * tile, 4), dtype=np.uint8)
    image[..., 3] = 255
    # Tile index 65 ('A' in CP437) gets a white top-left pixel.
    y, x = divmod(65, columns)
    image[y * tile, x * tile, :3] = 255
    _write_png(path, image)


def test_tilesheet_missing_file(tmp_path: pathlib.Path) -> None:
    missing = tmp_path / "nope.png"
    with pytest.raises(font.FontError, match="not found") as info:
        font.tilesheet_tileset(missing, 16, 16, "cp437")
    assert str(missing) in str(info.value)


def test_tilesheet_directory(tmp_path: pathlib.Path) -> None:
    with pytest.raises(font.FontError, match="directory"):
        font.tilesheet_tileset(tmp_path, 16, 16, "cp437")


def test_tilesheet_not_a_png(tmp_path: pathlib.Path) -> None:
    junk = tmp_path / "junk.png"
    junk.write_bytes(b"this is not an image at all")
    with pytest.raises(font.FontError, match="not a PNG"):
        font.tilesheet_tileset(junk, 16, 16, "cp437")


def test_tilesheet_corrupt_png(tmp_path: pathlib.Path) -> None:
    sheet = tmp_path / "corrupt.png"
    _sheet(sheet, 16, 16, 4)
    data = sheet.read_bytes()
    sheet.write_bytes(data[:40])  # valid header, truncated image data
    with pytest.raises(font.FontError, match="cannot load tilesheet"):
        font.tilesheet_tileset(sheet, 16, 16, "cp437")


def test_tilesheet_bad_layout(tmp_path: pathlib.Path) -> None:
    sheet = tmp_path / "sheet.png"
    _sheet(sheet, 16, 16, 4)
    with pytest.raises(font.FontError, match="unknown tilesheet layout 'ascii'"):
        font.tilesheet_tileset(sheet, 16, 16, "ascii")


@pytest.mark.parametrize(("columns", "rows"), [(0, 16), (16, 0), (-1, 16)])
def test_tilesheet_bad_grid(tmp_path: pathlib.Path, columns: int, rows: int) -> None:
    sheet = tmp_path / "sheet.png"
    _sheet(sheet, 16, 16, 4)
    with pytest.raises(font.FontError, match="at least 1x1"):
        font.tilesheet_tileset(sheet, columns, rows, "cp437")


def test_tilesheet_grid_does_not_divide_image(tmp_path: pathlib.Path) -> None:
    sheet = tmp_path / "sheet.png"
    _sheet(sheet, 16, 16, 4)  # 64x64 pixels
    with pytest.raises(font.FontError, match="64x64 image cannot be split into 10x16"):
        font.tilesheet_tileset(sheet, 10, 16, "cp437")


def test_tilesheet_cp437_loads(tmp_path: pathlib.Path) -> None:
    sheet = tmp_path / "sheet.png"
    _sheet(sheet, 16, 16, 4)
    tileset = font.tilesheet_tileset(sheet, 16, 16, "cp437")
    assert isinstance(tileset, tcod.tileset.Tileset)
    assert tileset.tile_shape == (4, 4)
    tile = tileset[ord("A")]
    assert tile[0, 0, 3] == 255
    assert tile[1:, :, 3].sum() == 0


def test_tilesheet_tcod_layout_uses_tcod_charmap(tmp_path: pathlib.Path) -> None:
    sheet = tmp_path / "sheet.png"
    _sheet(sheet, 32, 8, 4)
    tileset = font.tilesheet_tileset(sheet, 32, 8, "tcod")
    lit = chr(tcod.tileset.CHARMAP_TCOD[65])
    assert tileset[ord(lit)][0, 0, 3] == 255
