"""Tests for the built-in bitmap font and tilesheet loading."""

from __future__ import annotations

import pathlib
import struct
import zlib
from importlib import resources

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


FONTS = font.FONT_SIZES
TEXT_DESCENDERS = "gjpqy"


@pytest.fixture(scope="module", params=FONTS)
def font_size(request: pytest.FixtureRequest) -> str:
    size: str = request.param
    return size


@pytest.fixture(scope="module")
def glyphs(font_size: str) -> dict[int, NDArray[np.bool_]]:
    return dict(font.builtin_glyphs(font_size))


@pytest.fixture(scope="module")
def tall() -> dict[int, NDArray[np.bool_]]:
    return dict(font.builtin_glyphs("8x16"))


def _rows(count: int, row: str = "........") -> str:
    return "\n".join([row] * count)


def _differing_pixels(glyphs: dict[int, NDArray[np.bool_]], a: str, b: str) -> int:
    return int((glyphs[ord(a)] != glyphs[ord(b)]).sum())


# --- coverage --------------------------------------------------------------


def test_the_fonts_are_8x16_by_default_and_8x8() -> None:
    assert font.FONT_SIZES == ("8x16", "8x8")
    assert font.DEFAULT_FONT_SIZE == "8x16"
    assert font.cell_size() == (8, 16)
    assert font.cell_size("8x8") == (8, 8)


def test_an_unknown_font_size_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match=r"unknown font size '9x9'.*'8x16', '8x8'"):
        font.cell_size("9x9")


@pytest.mark.parametrize("char", PRINTABLE_ASCII + list(BOX_DRAWING + BLOCKS + SYMBOLS))
def test_required_glyph_present(char: str, font_size: str) -> None:
    assert ord(char) in font.glyph_codepoints(font_size)


def test_both_fonts_cover_the_same_162_codepoints() -> None:
    assert len(font.glyph_codepoints("8x8")) == 162
    assert font.glyph_codepoints("8x16") == font.glyph_codepoints("8x8")
    assert font.glyph_codepoints() == font.glyph_codepoints("8x16")


def test_symbols_list_has_small_square() -> None:
    # Guards the test data itself: U+25AA must really be required.
    assert "\u25aa" in SYMBOLS


def test_glyph_bitmaps_have_the_font_cell_size(
    font_size: str, glyphs: dict[int, NDArray[np.bool_]]
) -> None:
    width, height = font.cell_size(font_size)
    for cp, bitmap in glyphs.items():
        assert bitmap.shape == (height, width), f"U+{cp:04X}"
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
    # Letter spacing at 1x: nothing in the last column.
    assert not glyphs[ord(char)][:, -1].any()


@pytest.mark.parametrize("char", [c for c in LETTERS_AND_DIGITS if c not in TEXT_DESCENDERS])
def test_text_glyphs_without_descender_leave_the_descender_rows_empty(
    char: str, font_size: str, glyphs: dict[int, NDArray[np.bool_]]
) -> None:
    first_below_baseline = 7 if font_size == "8x8" else 12
    if char == "Q":  # its tail may dip below the baseline, never into the line spacing
        first_below_baseline = 7 if font_size == "8x8" else 14
    assert not glyphs[ord(char)][first_below_baseline:].any()


@pytest.mark.parametrize("char", TEXT_DESCENDERS)
def test_descenders_go_below_the_baseline(
    char: str, font_size: str, glyphs: dict[int, NDArray[np.bool_]]
) -> None:
    lowest = 7 if font_size == "8x8" else 14
    assert glyphs[ord(char)][lowest, :].any()


# The 8x16 font's proportions: line spacing above and below, cap height 10 rows,
# x-height 7, descenders 3 (rows 12-14).


def _lit_rows(bitmap: NDArray[np.bool_]) -> tuple[int, int]:
    rows = np.flatnonzero(bitmap.any(axis=1))
    return int(rows[0]), int(rows[-1])


@pytest.mark.parametrize("char", LETTERS_AND_DIGITS)
def test_tall_text_leaves_line_spacing_above_and_below(
    char: str, tall: dict[int, NDArray[np.bool_]]
) -> None:
    top, bottom = _lit_rows(tall[ord(char)])
    assert top >= 2 and bottom <= 14


@pytest.mark.parametrize("char", [c for c in LETTERS_AND_DIGITS if c.isupper() or c.isdigit()])
def test_tall_capitals_and_digits_are_ten_rows(
    char: str, tall: dict[int, NDArray[np.bool_]]
) -> None:
    top, bottom = _lit_rows(tall[ord(char)][:12])
    assert (top, bottom) == (2, 11)


@pytest.mark.parametrize("char", "acemnorsuvwxz")
def test_tall_x_height_is_seven_rows(char: str, tall: dict[int, NDArray[np.bool_]]) -> None:
    assert _lit_rows(tall[ord(char)]) == (5, 11)


@pytest.mark.parametrize("char", "bdfhkl")
def test_tall_ascenders_reach_cap_height(char: str, tall: dict[int, NDArray[np.bool_]]) -> None:
    assert _lit_rows(tall[ord(char)]) == (2, 11)


@pytest.mark.parametrize(("a", "b", "least"), [("@", "c", 12), ("@", "o", 12)])
def test_at_sign_is_far_from_c_and_o(
    a: str, b: str, least: int, tall: dict[int, NDArray[np.bool_]]
) -> None:
    # "@ reads like c" was the complaint: the inner bowl must be many pixels, not one.
    assert _differing_pixels(tall, a, b) >= least


@pytest.mark.parametrize(("a", "b"), [("0", "O"), ("1", "l"), ("1", "I"), ("l", "I"), ("I", "|")])
def test_look_alikes_differ_by_several_pixels(
    a: str, b: str, tall: dict[int, NDArray[np.bool_]]
) -> None:
    assert _differing_pixels(tall, a, b) >= 6


def test_zero_is_narrower_than_capital_o(tall: dict[int, NDArray[np.bool_]]) -> None:
    def width(char: str) -> int:
        return int(tall[ord(char)].any(axis=0).sum())

    assert width("0") < width("O")


def _line_band(length: int, double: bool) -> NDArray[np.bool_]:
    """Where a line meets a cell edge ``length`` pixels long: a single line is the two
    middle pixels, a double line one pixel either side of them, in every font, so
    neighbouring cells (and the two fonts' proportions) join without steps."""
    band = np.zeros(length, dtype=np.bool_)
    middle = length // 2
    band[[middle - 2, middle + 1] if double else [middle - 1, middle]] = True
    return band


@pytest.mark.parametrize("char", "─┬┴┼═╦╩╬")
def test_horizontal_lines_reach_both_side_edges(
    char: str, glyphs: dict[int, NDArray[np.bool_]]
) -> None:
    bitmap = glyphs[ord(char)]
    assert (bitmap[:, 0] & bitmap[:, -1]).any()


@pytest.mark.parametrize("char", "│├┤┼║╠╣╬")
def test_vertical_lines_reach_top_and_bottom_edges(
    char: str, glyphs: dict[int, NDArray[np.bool_]]
) -> None:
    bitmap = glyphs[ord(char)]
    assert (bitmap[0, :] & bitmap[-1, :]).any()


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
        bool(bitmap[-1].any()),
        bool(bitmap[:, 0].any()),
        bool(bitmap[:, -1].any()),
    )
    assert touched == BOX_EDGES[char]


@pytest.mark.parametrize("char", BOX_DRAWING)
def test_box_drawing_edges_line_up(char: str, glyphs: dict[int, NDArray[np.bool_]]) -> None:
    bitmap = glyphs[ord(char)]
    double = char in "═║╔╗╚╝╠╣╦╩╬"
    height, width = bitmap.shape
    for edge in (bitmap[0], bitmap[-1]):
        if edge.any():
            assert np.array_equal(edge, _line_band(width, double))
    for edge in (bitmap[:, 0], bitmap[:, -1]):
        if edge.any():
            assert np.array_equal(edge, _line_band(height, double))


def test_box_drawing_joins_in_a_rendered_frame(font_size: str) -> None:
    # A 3x3 box drawn and rendered: its outline must be unbroken pixels all round.
    console = tcod.console.Console(3, 3, order="F")
    for y, row in enumerate(["┌─┐", "│ │", "└─┘"]):
        console.print(0, y, row, fg=(255, 255, 255), bg=(0, 0, 0))
    lit = font.builtin_tileset(1, font_size).render(console)[..., 0] > 0
    width, height = font.cell_size(font_size)
    middle_row, middle_col = height // 2, width // 2
    assert lit[middle_row, middle_col:-middle_col].all()  # the top edge, corner to corner
    assert lit[-middle_row - 1, middle_col:-middle_col].all()  # the bottom edge
    assert lit[middle_row:-middle_row, middle_col].all()  # the left edge
    assert lit[middle_row:-middle_row, -middle_col - 1].all()  # the right edge
    assert not lit[height, width : 2 * width].any()  # the middle cell is empty


@pytest.mark.parametrize(("char", "fraction"), [("░", 0.25), ("▒", 0.5), ("▓", 0.75)])
def test_shade_density(char: str, fraction: float, glyphs: dict[int, NDArray[np.bool_]]) -> None:
    assert glyphs[ord(char)].mean() == pytest.approx(fraction)


@pytest.mark.parametrize("char", "░▒▓")
def test_shades_tile_across_cells(char: str, glyphs: dict[int, NDArray[np.bool_]]) -> None:
    # A pattern that repeats every 4 pixels, a divisor of the cell's sides, continues
    # from one cell into the next: no seams between neighbouring shaded cells.
    bitmap = glyphs[ord(char)]
    assert np.array_equal(bitmap, np.roll(bitmap, 4, axis=0))
    assert np.array_equal(bitmap, np.roll(bitmap, 4, axis=1))
    assert bitmap.shape[0] % 4 == 0 and bitmap.shape[1] % 4 == 0


def test_half_blocks(glyphs: dict[int, NDArray[np.bool_]]) -> None:
    height, width = glyphs[ord("█")].shape
    top = np.zeros((height, width), dtype=np.bool_)
    top[: height // 2] = True
    left = np.zeros((height, width), dtype=np.bool_)
    left[:, : width // 2] = True
    assert np.array_equal(glyphs[ord("▀")], top)
    assert np.array_equal(glyphs[ord("▄")], ~top)
    assert np.array_equal(glyphs[ord("▌")], left)
    assert np.array_equal(glyphs[ord("▐")], ~left)


# --- parser ----------------------------------------------------------------


def test_parse_good_glyph() -> None:
    text = "; a comment\n\n" + GOOD_GLYPH + "\nU+0020\n" + _rows(8) + "\n"
    parsed = font.parse_glyphs(text, "test.txt")
    assert sorted(parsed) == [0x20, 0x41]
    expected = np.zeros((8, 8), dtype=np.bool_)
    expected[:, 0] = True
    assert np.array_equal(parsed[0x41], expected)
    assert not parsed[0x20].any()


def test_parse_takes_the_glyph_size_of_its_file() -> None:
    tall = "U+0041 A\n" + "\n".join(["##......"] + ["........"] * 15) + "\n"
    bitmap = font.parse_glyphs(tall, "tall.txt", (8, 16))[0x41]
    assert bitmap.shape == (16, 8)
    assert bitmap[0, :2].all() and not bitmap[1:].any()
    with pytest.raises(font.FontError, match=r"tall.txt, line 11: .*9 rows, expected 16"):
        font.parse_glyphs("U+0041\n" + _rows(9), "tall.txt", (8, 16))
    with pytest.raises(font.FontError, match=r"line 2: .*row is 8 characters, expected 6"):
        font.parse_glyphs("U+0041\n" + _rows(16), "narrow.txt", (6, 16))
    # an 8x16 glyph is not a valid 8x8 one: the parser names the extra row
    with pytest.raises(font.FontError, match=r"line 10: wrong row count"):
        font.parse_glyphs(tall, "small.txt")


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


@pytest.mark.parametrize("font_size", font.FONT_SIZES)
def test_the_shipped_fonts_read_at_once_as_line_by_line(
    font_size: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    text = (resources.files("emberdeep.content") / f"font{font_size}.txt").read_text("utf-8")
    size = font.cell_size(font_size)
    at_once = font.parse_glyphs(text, "shipped", size)
    monkeypatch.setattr(font, "_parse_well_formed", lambda text, size: None)
    line_by_line = font.parse_glyphs(text, "shipped", size)
    assert list(at_once) == list(line_by_line) and len(at_once) == 162
    for codepoint, bitmap in at_once.items():
        assert np.array_equal(bitmap, line_by_line[codepoint]) and not bitmap.flags.writeable


def test_a_font_with_anything_out_of_place_is_read_line_by_line() -> None:
    """The quick reading gives up on each malformed file above (and a comment among a
    glyph's rows), so the line-by-line reading reports it."""
    broken = [
        "; header\nA\n" + _rows(8),
        "U+0041\n" + _rows(3) + "\n; a comment\n" + _rows(5),
        "U+0041\n" + _rows(8) + "\nstray\n",
        "U+110000\n" + _rows(8),
        GOOD_GLYPH + GOOD_GLYPH,
    ]
    for text in broken:
        assert font._parse_well_formed(text, (8, 8)) is None, text
    assert font._parse_well_formed(GOOD_GLYPH, (8, 8)) is not None


def test_duplicate_error_points_at_first_definition() -> None:
    text = GOOD_GLYPH + GOOD_GLYPH
    with pytest.raises(font.FontError, match=r"first defined on line 1"):
        font.parse_glyphs(text, "dup.txt")


def test_parsed_bitmaps_are_read_only() -> None:
    bitmap = font.parse_glyphs(GOOD_GLYPH, "t")[0x41]
    with pytest.raises(ValueError, match="read-only"):
        bitmap[0, 0] = False


# --- tilesets --------------------------------------------------------------


def test_glyph_codepoints_is_frozenset_with_everything_parsed(font_size: str) -> None:
    codepoints = font.glyph_codepoints(font_size)
    assert isinstance(codepoints, frozenset)
    assert len(codepoints) == len(font.builtin_glyphs(font_size))


def test_builtin_tileset_shapes() -> None:
    # tile_shape is (height, width): the default font is 8 wide and 16 tall.
    assert font.builtin_tileset().tile_shape == (16, 8)
    assert font.builtin_tileset(2).tile_shape == (32, 16)
    assert font.builtin_tileset(3).tile_shape == (48, 24)
    assert font.builtin_tileset(1, "8x8").tile_shape == (8, 8)
    assert font.builtin_tileset(2, "8x8").tile_shape == (16, 16)


def test_builtin_tileset_rejects_bad_scale_and_size() -> None:
    with pytest.raises(ValueError, match="scale"):
        font.builtin_tileset(0)
    with pytest.raises(ValueError, match="unknown font size"):
        font.builtin_tileset(1, "16x16")


def test_builtin_tileset_contains_every_glyph(font_size: str) -> None:
    tileset = font.builtin_tileset(1, font_size)
    missing = [f"U+{cp:04X}" for cp in font.glyph_codepoints(font_size) if cp not in tileset]
    assert missing == []


@pytest.mark.parametrize("scale", [1, 2, 3])
def test_builtin_tileset_render_matches_scaled_glyphs(font_size: str, scale: int) -> None:
    tileset = font.builtin_tileset(scale, font_size)
    width, height = font.cell_size(font_size)
    cell_w, cell_h = width * scale, height * scale
    console = tcod.console.Console(4, 1, order="F")
    console.print(0, 0, "A#", fg=(255, 255, 255), bg=(0, 0, 0))
    pixels = tileset.render(console)
    assert pixels.shape == (cell_h, 4 * cell_w, 4)

    glyphs = font.builtin_glyphs(font_size)
    expected = np.zeros((cell_h, 4 * cell_w), dtype=np.uint8)
    for x, char in enumerate("A#"):
        scaled = np.kron(
            glyphs[ord(char)].astype(np.uint8), np.ones((scale, scale), dtype=np.uint8)
        )
        expected[:, x * cell_w : (x + 1) * cell_w] = scaled * 255
    for channel in range(3):
        np.testing.assert_array_equal(pixels[:, :, channel], expected)
    # The glyphs must actually differ, or this test proves nothing.
    assert not np.array_equal(expected[:, :cell_w], expected[:, cell_w : 2 * cell_w])
    assert expected[:, : 2 * cell_w].any()
    assert not expected[:, 2 * cell_w :].any()


def _rendered_cells(text: str, scale: int = 1) -> list[NDArray[np.bool_]]:
    """``text`` printed into a console and rendered with the default font, headless,
    cut back into one lit-pixel mask per cell."""
    console = tcod.console.Console(len(text), 1, order="F")
    console.print(0, 0, text, fg=(255, 255, 255), bg=(0, 0, 0))
    lit = font.builtin_tileset(scale).render(console)[..., 1] > 127
    width = font.cell_size()[0] * scale
    return [lit[:, i * width : (i + 1) * width] for i in range(len(text))]


@pytest.mark.parametrize("scale", [1, 2])
def test_a_rendered_log_line_shows_distinct_letters(scale: int) -> None:
    cells = _rendered_cells("@co 0O1lI", scale)
    at, c, o, space = cells[0], cells[1], cells[2], cells[3]
    assert not space.any()
    assert (at != c).sum() >= 12 * scale * scale
    assert (at != o).sum() >= 12 * scale * scale
    # @ is as tall as a capital; c and o stand at the x-height, lower down.
    assert np.flatnonzero(at.any(axis=1))[0] < np.flatnonzero(c.any(axis=1))[0]
    for first, second in [(4, 5), (6, 7), (6, 8), (7, 8)]:  # 0/O, 1/l, 1/I, l/I
        assert not np.array_equal(cells[first], cells[second])


def test_rendered_lines_keep_spacing_between_rows_of_text() -> None:
    # Two log lines one above the other: a clear gap of empty pixel rows between them.
    console = tcod.console.Console(10, 2, order="F")
    console.print(0, 0, "Hdlbk|jgpq", fg=(255, 255, 255))
    console.print(0, 1, "ABCDEFGHIJ", fg=(255, 255, 255))
    lit = font.builtin_tileset(1).render(console)[..., 0] > 0
    empty_rows = np.flatnonzero(~lit.any(axis=1))
    assert {15, 16, 17} <= set(empty_rows.tolist())


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


def test_the_font_size_setting_offers_exactly_the_built_in_fonts() -> None:
    from emberdeep import config

    assert config.choices("font_size") == font.FONT_SIZES
    assert config.Settings().font_size == font.DEFAULT_FONT_SIZE
    settings, problems = config.parse_settings("s.toml", 'font_size = "8x8"\n')
    assert settings.font_size == "8x8" and problems == []
    settings, problems = config.parse_settings("s.toml", 'font_size = "12x24"\n')
    assert settings.font_size == "8x16"
    assert len(problems) == 1 and "font_size" in problems[0] and "8x8" in problems[0]
