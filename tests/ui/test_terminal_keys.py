from __future__ import annotations

import pytest
from blessed.keyboard import Keystroke

from emberdeep.ui import terminal
from emberdeep.ui.input import (
    Click,
    CloseRequested,
    InputEvent,
    KeyPress,
    MouseMove,
    Resized,
    Wheel,
)
from emberdeep.ui.terminal import InputDecoder, decode_key, parse_mouse


def key(ucs: str, name: str | None = None, code: int | None = None) -> Keystroke:
    return Keystroke(ucs, code, name)


@pytest.mark.parametrize(
    ("keystroke", "expected"),
    [
        (key("\x1b[A", "KEY_UP", 259), "up"),
        (key("\x1bOB", "KEY_DOWN", 258), "down"),
        (key("\x1b[D", "KEY_LEFT", 260), "left"),
        (key("\x1b[C", "KEY_RIGHT", 261), "right"),
        (key("\x1b[1~", "KEY_HOME", 262), "home"),
        (key("\x1b[4~", "KEY_END", 360), "end"),
        (key("\x1b[5~", "KEY_PGUP", 339), "pageup"),
        (key("\x1b[6~", "KEY_PGDOWN", 338), "pagedown"),
        (key("\r", "KEY_ENTER", 343), "enter"),
        (key("\x1b", "KEY_ESCAPE", 361), "escape"),
        (key("\t", "KEY_TAB", 512), "tab"),
        (key("\x7f", "KEY_BACKSPACE", 263), "backspace"),
        (key("\x1b[3~", "KEY_DELETE", 330), "delete"),
        (key("\x1bOP", "KEY_F1", 265), "f1"),
        (key("\x1b[24~", "KEY_F12", 276), "f12"),
        (key("\x1bOw", "KEY_KP_7", 527), "kp_7"),
        (key("\x1bOq", "KEY_KP_1", 521), "kp_1"),
        (key("\x1bOu", "KEY_KP_5", 525), "kp_5"),
        (key("\x1b[E", "KEY_CENTER", 350), "kp_5"),  # numpad 5 without application mode
        (key(">"), ">"),
        (key("g"), "g"),
        (key("G"), "G"),
        (key("."), "."),
        (key(" "), " "),
        (key("é"), "é"),
    ],
)
def test_keys_get_the_names_of_ui_input(keystroke: Keystroke, expected: str) -> None:
    assert decode_key(keystroke) == [KeyPress(expected)]


def test_ctrl_c_closes_and_noise_is_ignored() -> None:
    assert decode_key(key("\x03", "KEY_CTRL_C")) == [CloseRequested()]
    assert decode_key(key("\x03")) == [CloseRequested()]  # older blessed names nothing
    assert decode_key(key("\x0c")) == [Resized()]  # Ctrl-L: redraw everything
    assert decode_key(key("")) == []  # a timeout
    assert decode_key(key("\x01")) == []  # other control characters type nothing
    assert decode_key(key("\x1b[", "CSI")) == []  # a lone CSI prefix
    assert decode_key(key("\x1b[1;5P", "KEY_CTRL_F1", 999)) == []  # unbound combinations


@pytest.mark.parametrize(
    ("report", "expected"),
    [
        ("\x1b[<0;5;7M", Click(4, 6, 1)),  # left press, 1-based in, 0-based out
        ("\x1b[<1;1;1M", Click(0, 0, 2)),
        ("\x1b[<2;80;52M", Click(79, 51, 3)),
        ("\x1b[<0;5;7m", None),  # release
        ("\x1b[<35;10;3M", MouseMove(9, 2)),  # motion, no button
        ("\x1b[<32;10;3M", MouseMove(9, 2)),  # drag with the left button
        ("\x1b[<64;10;3M", Wheel(1)),
        ("\x1b[<65;10;3M", Wheel(-1)),
        ("\x1b[<66;10;3M", None),  # horizontal wheel
        ("\x1b[<16;3;4M", Click(2, 3, 1)),  # ctrl held: still a left click
        ("\x1b[<0;300;200M", Click(299, 199, 1)),  # SGR has no 223-column limit
        ("\x1b[M !!", Click(0, 0, 1)),  # legacy X10: 32 + button, 33 + cell
        ("\x1b[M#!!", None),  # X10 release
        ("\x1b[<0;0;5M", None),  # off the screen
        ("\x1b[A", None),
        ("\x1b[<0;5M", None),
        ("hello", None),
    ],
)
def test_sgr_mouse_reports(report: str, expected: InputEvent | None) -> None:
    assert parse_mouse(report) == expected


def test_a_whole_mouse_report_in_one_keystroke_is_decoded() -> None:
    assert decode_key(key("\x1b[<35;2;3M")) == [MouseMove(1, 2)]


def feed_all(decoder: InputDecoder, keystrokes: list[Keystroke]) -> list[InputEvent]:
    events: list[InputEvent] = []
    for keystroke in keystrokes:
        events += decoder.feed(keystroke)
    return events


def test_decoder_joins_a_report_that_blessed_splits_after_the_csi() -> None:
    decoder = InputDecoder()
    pieces = [key("\x1b[", "CSI"), *(key(c) for c in "<35;46;35M")]
    events = feed_all(decoder, pieces[:-1])
    assert events == [] and decoder.pending  # "<", "3", "5", ... must not become keys
    assert decoder.feed(pieces[-1]) == [MouseMove(45, 34)]
    assert not decoder.pending
    assert feed_all(decoder, [key("\x1b[", "CSI"), *(key(c) for c in "<64;1;1M"), key("j")]) == [
        Wheel(1),
        KeyPress("j"),
    ]


def test_decoder_joins_a_report_that_starts_with_a_bare_escape() -> None:
    decoder = InputDecoder()
    pieces = [key("\x1b", "KEY_ESCAPE", 361), *(key(c) for c in "[<0;3;4M")]
    assert feed_all(decoder, pieces) == [Click(2, 3, 1)]


def test_a_lone_escape_is_the_escape_key_once_nothing_follows() -> None:
    decoder = InputDecoder()
    assert decoder.feed(key("\x1b", "KEY_ESCAPE", 361)) == []
    assert decoder.pending
    assert decoder.flush() == [KeyPress("escape")]
    assert not decoder.pending
    # an escape followed by an ordinary key is both keys
    assert feed_all(decoder, [key("\x1b", "KEY_ESCAPE", 361), key("j")]) == [
        KeyPress("escape"),
        KeyPress("j"),
    ]


def test_a_broken_report_is_dropped_not_typed() -> None:
    decoder = InputDecoder()
    events = feed_all(decoder, [key("\x1b[", "CSI"), key("<"), key("1"), key("x")])
    assert events == [KeyPress("x")]
    assert feed_all(decoder, [key("\x1b[", "CSI"), key("<"), key("9")]) == []
    assert decoder.flush() == []


def test_ordinary_keys_pass_straight_through_the_decoder() -> None:
    decoder = InputDecoder()
    assert feed_all(decoder, [key("\x1b[A", "KEY_UP", 259), key(">"), key("\x03")]) == [
        KeyPress("up"),
        KeyPress(">"),
        CloseRequested(),
    ]
    assert not decoder.pending


def test_enlarge_screen_is_centred_and_names_both_sizes() -> None:
    lines = terminal.enlarge_message(60, 20)
    assert lines[0] == "Please enlarge the terminal to at least 80x24 (now 60x20)."
    out = terminal.centred_text(lines, 60, 20)
    assert out.startswith(terminal.CLEAR)
    assert "\x1b[10;2HPlease enlarge the terminal to at least 80x24 (now 60x20)." in out
    # narrower than the text: cut, never wrapped onto the next line
    assert "\x1b[10;1HPlease enlarge the" in terminal.centred_text(lines, 18, 20)


def test_mouse_cells_are_translated_to_the_centred_console() -> None:
    from emberdeep.ui.ansi import FrameEncoder

    encoder = FrameEncoder(80, 52, "256", origin=(10, 4))
    to_console = terminal._Session.to_console
    assert to_console(MouseMove(10, 4), encoder) == MouseMove(0, 0)
    assert to_console(Click(89, 55, 3), encoder) == Click(79, 51, 3)
    assert to_console(MouseMove(9, 4), encoder) is None  # left of the console
    assert to_console(Click(90, 10, 1), encoder) is None
    assert to_console(Wheel(1), encoder) == Wheel(1)
    assert to_console(KeyPress("j"), encoder) == KeyPress("j")
    # too small: paused, only closing and redrawing get through
    assert to_console(KeyPress("j"), None) is None
    assert to_console(MouseMove(1, 1), None) is None
    assert to_console(CloseRequested(), None) == CloseRequested()
    assert to_console(Resized(), None) == Resized()


class KeyedTerminal:
    """blessed's Terminal as far as reading keys goes, noting how long each read would
    wait after an Escape."""

    stream = None

    def __init__(self, keys: str) -> None:
        self.keys = list(keys)
        self.delays: list[float] = []

    def inkey(self, timeout: float | None = None, esc_delay: float = 0.35) -> Keystroke:
        self.delays.append(esc_delay)
        return Keystroke(self.keys.pop(0)) if self.keys else Keystroke("")

    def kbhit(self, timeout: float | None = None) -> bool:
        return bool(self.keys)


def test_a_key_right_after_escape_is_not_held_for_blessed_s_escape_delay() -> None:
    """Hand play in the terminal: a key pressed right after Escape was sometimes lost,
    taken with the Escape as one keystroke within blessed's 0.35 s."""
    term = KeyedTerminal("gh")
    session = terminal._Session(term)  # type: ignore[arg-type]
    assert session.read(0.0) == [KeyPress("g"), KeyPress("h")]
    assert term.delays and max(term.delays) <= 0.1


@pytest.mark.parametrize(
    ("keystroke", "expected"),
    [
        (key("\x1bx", "KEY_ALT_X"), ["escape", "x"]),
        (key("\x1bM", "KEY_ALT_SHIFT_M"), ["escape", "M"]),
        (key("\x1b>", "KEY_ALT_>"), ["escape", ">"]),
        (key("\x1b\x1b", "KEY_ALT_ESCAPE"), ["escape", "escape"]),
        (key("\x1b\n", "KEY_ALT_ENTER"), ["escape", "enter"]),
        (key("\x1b\t", "KEY_ALT_TAB"), ["escape", "tab"]),
        (key("\x1b\x7f", "KEY_ALT_BACKSPACE"), ["escape", "backspace"]),
    ],
)
def test_an_escape_read_with_the_next_key_is_both_keys(
    keystroke: Keystroke, expected: list[str]
) -> None:
    """blessed reads Escape and a key pressed right after it (both within its esc_delay)
    as one Alt keystroke, as these (what blessed 1.52 gave on a pty for ESC x, ESC M,
    ...): a tester's Escape then x lost both keys."""
    assert InputDecoder().feed(keystroke) == [KeyPress(name) for name in expected]
    assert decode_key(key("\x1b[A", "KEY_UP", 259)) == [KeyPress("up")]  # sequences stay
