from __future__ import annotations

import re

import numpy as np
import pytest
import tcod.console

from emberdeep.ui import ansi, render
from emberdeep.ui.ansi import FrameEncoder

CURSOR_MOVE = re.compile(r"\x1b\[(\d+);(\d+)H")


def small_console() -> tcod.console.Console:
    """3x2: a red-on-black "@", a grey-on-blue "#", the rest white dots on black."""
    console = tcod.console.Console(3, 2, order="F")
    console.rgb[:] = (ord("."), (255, 255, 255), (0, 0, 0))
    console.rgb[0, 0] = (ord("@"), (255, 0, 0), (0, 0, 0))
    console.rgb[1, 0] = (ord("#"), (128, 128, 128), (0, 0, 255))
    return console


def test_truecolor_frame_is_exact_escapes_row_by_row() -> None:
    out = FrameEncoder(3, 2, "truecolor").encode(small_console())
    assert out == (
        "\x1b[1;1H\x1b[38;2;255;0;0m\x1b[48;2;0;0;0m@"
        "\x1b[38;2;128;128;128m\x1b[48;2;0;0;255m#"
        "\x1b[38;2;255;255;255m\x1b[48;2;0;0;0m."
        "\x1b[2;1H..."  # same colours as the cell before: no escapes
    )


def test_256_colour_frame_uses_the_nearest_palette_entries() -> None:
    out = FrameEncoder(3, 2, "256").encode(small_console())
    assert out == (
        "\x1b[1;1H\x1b[38;5;196m\x1b[48;5;16m@"
        "\x1b[38;5;244m\x1b[48;5;21m#"
        "\x1b[38;5;231m\x1b[48;5;16m."
        "\x1b[2;1H..."
    )


def test_256_colour_mapping_of_pure_and_grey_colours() -> None:
    colours = np.array(
        [
            (255, 0, 0),  # pure red: cube corner
            (0, 0, 0),  # black: the cube's, not the grey ramp's 8
            (255, 255, 255),
            (128, 128, 128),  # grey ramp 8 + 10 * 12
            (130, 130, 130),
            (95, 135, 175),  # exactly on the cube
            (12, 12, 12),  # nearer grey 8 than cube black
            (250, 10, 10),
        ]
    )
    assert ansi.to_xterm256(colours).tolist() == [196, 16, 231, 244, 244, 67, 232, 196]


def test_an_unchanged_frame_costs_nothing() -> None:
    encoder = FrameEncoder(3, 2, "256")
    console = small_console()
    assert encoder.encode(console)
    assert encoder.encode(console) == ""


def test_one_changed_cell_is_one_move_and_one_character() -> None:
    console = render.new_console()
    console.rgb[:] = (ord("."), (200, 180, 110), (0, 0, 0))
    encoder = FrameEncoder(console.width, console.height, "256", origin=(10, 4))
    encoder.encode(console)
    console.rgb["ch"][37, 21] = ord("#")  # same colours, other glyph
    out = encoder.encode(console)
    assert out == "\x1b[26;48H#"  # 1-based row 21 + 4 + 1, column 37 + 10 + 1
    console.rgb[37, 21] = (ord("@"), (255, 255, 255), (0, 0, 0))
    out = encoder.encode(console)
    assert [m.groups() for m in CURSOR_MOVE.finditer(out)] == [("26", "48")]
    assert out == "\x1b[26;48H\x1b[38;5;231m@"  # bg unchanged, and the pen is remembered


def test_changes_far_apart_are_separate_runs_and_each_row_starts_with_a_move() -> None:
    console = render.new_console()
    encoder = FrameEncoder(console.width, console.height, "256")
    encoder.encode(console)
    console.rgb["ch"][[5, 6, 30], 2] = ord("x")
    console.rgb["ch"][79, 3] = ord("y")
    console.rgb["ch"][0, 4] = ord("z")  # next to the cell above in memory, not on screen
    out = encoder.encode(console)
    moves = [(int(r), int(c)) for r, c in CURSOR_MOVE.findall(out)]
    assert moves == [(3, 6), (3, 31), (4, 80), (5, 1)]
    assert CURSOR_MOVE.sub("", out).replace("\x1b[38;5;231m", "").replace("\x1b[48;5;16m", "") == (
        "xxxyz"
    )


def test_small_gaps_are_resent_instead_of_skipped() -> None:
    console = render.new_console()
    encoder = FrameEncoder(console.width, console.height, "256")
    encoder.encode(console)
    console.rgb["ch"][[10, 13], 0] = ord("x")  # two unchanged cells between
    out = encoder.encode(console)
    assert CURSOR_MOVE.findall(out) == [("1", "11")]
    assert out.endswith("x  x")


def test_invalidate_redraws_everything() -> None:
    console = small_console()
    encoder = FrameEncoder(3, 2, "truecolor")
    first = encoder.encode(console)
    encoder.invalidate()
    assert encoder.encode(console) == first


def test_ascii_only_replaces_what_the_terminal_cannot_show() -> None:
    console = tcod.console.Console(8, 1, order="F")
    console.print(0, 0, "─│┌█░·é@")
    ascii_out = FrameEncoder(8, 1, "256", ascii_only=True).encode(console)
    assert ascii_out.isascii()
    assert ascii_out.endswith("-|+##.?@")
    unicode_out = FrameEncoder(8, 1, "256", ascii_only=False).encode(console)
    assert unicode_out.endswith("─│┌█░·é@")


def test_control_and_wide_characters_never_reach_the_terminal() -> None:
    console = tcod.console.Console(3, 1, order="F")
    console.rgb["ch"][:, 0] = [0, 0x1B, ord("中")]
    out = FrameEncoder(3, 1, "256").encode(console)
    assert out.endswith("  ?") and out.count("\x1b") == 3  # the move and two colours


def test_output_encoding_decides_ascii_only() -> None:
    assert ansi.is_utf8("UTF-8") and ansi.is_utf8("utf8")
    assert not ansi.is_utf8("ascii") and not ansi.is_utf8("latin-1")
    assert not ansi.is_utf8(None) and not ansi.is_utf8("no-such-codec")


def test_colour_mode_from_colorterm() -> None:
    assert ansi.color_mode_from_env({"COLORTERM": "truecolor"}) == "truecolor"
    assert ansi.color_mode_from_env({"COLORTERM": "24bit"}) == "truecolor"
    assert ansi.color_mode_from_env({"COLORTERM": "rxvt"}) == "256"
    assert ansi.color_mode_from_env({}) == "256"


def test_wrong_sizes_and_modes_are_refused() -> None:
    with pytest.raises(ValueError, match="3x2"):
        FrameEncoder(4, 2).encode(small_console())
    with pytest.raises(ValueError, match="colour mode"):
        FrameEncoder(3, 2, "16")  # type: ignore[arg-type]


def test_bench_cases_encode_frames() -> None:
    cases = dict(ansi.bench_cases())
    assert set(cases) == {
        "terminal frame full 100x52",
        "terminal frame typical (few cells changed)",
    }
    full = cases["terminal frame full 100x52"]()
    assert isinstance(full, str) and full.count("H") >= render.SCREEN_HEIGHT
    typical = cases["terminal frame typical (few cells changed)"]()
    assert isinstance(typical, str) and 0 < len(typical) < 200
