"""Play in a terminal: the same screens and the same console as the window, over SSH too.

Many players run roguelikes on a server with no display. This presenter draws exactly
what the window draws (``render.new_console`` and each screen's ``draw``), encodes it
with ``ansi.FrameEncoder`` (only the changed cells go over the wire), and turns terminal
input into the presenter-neutral events of ``ui/input.py``, so screens never know which
presenter they are in. The loop keeps ``ui/sdl.run``'s contract: draw, then block until
input arrives, with a timeout only while a ticking screen is shown.

A terminal left in raw mode, on the alternate screen, with a hidden cursor and mouse
reporting on is unusable, so every way out restores it: the last screen closing, Ctrl-C
(read as a key in raw mode and sent to the screen as ``CloseRequested``), SIGTERM and
SIGHUP (``ui/loop.py`` turns them into closing the game, which saves it) and crashes.

A terminal can also vanish under the game (its window closed, ``tmux kill-session``, an
SSH link dropped): reading it, writing it or restoring its modes then fails with an I/O
error, in any order with the SIGHUP. None of those errors leaves this module: a failed
read is ``CloseRequested`` (so the stack closes and the game is saved), a failed write
marks the terminal gone and nothing more is written, restoring what is gone is skipped,
and what Python would still flush at exit goes to ``/dev/null`` rather than into a
traceback.

Mouse reports are read by this module, not by blessed: xterm's SGR reports
(``ESC [ < b ; x ; y M``) arrive from blessed as several keystrokes (a CSI prefix, or an
escape, then plain characters), so ``InputDecoder`` joins them back up.
"""

from __future__ import annotations

import contextlib
import os
import re
import sys
import time
import warnings
from collections.abc import Callable, Iterator
from types import FrameType, TracebackType
from typing import IO

import blessed
import tcod.console
from blessed.keyboard import Keystroke

from emberdeep.content.loader import Content
from emberdeep.ui import layout, loop
from emberdeep.ui.ansi import FrameEncoder, color_mode_from_env, is_utf8
from emberdeep.ui.input import (
    Click,
    CloseRequested,
    InputEvent,
    KeyPress,
    MouseMove,
    Resized,
    Wheel,
)
from emberdeep.ui.layout import MIN_SIZE
from emberdeep.ui.screens import Screen
from emberdeep.ui.stack import ScreenStack

MOUSE_ON = "\x1b[?1000h\x1b[?1003h\x1b[?1006h"
"""Report presses, every motion, and use SGR coordinates (no 223-column limit)."""
MOUSE_OFF = "\x1b[?1006l\x1b[?1003l\x1b[?1000l"
AUTOWRAP_OFF = "\x1b[?7l"
"""Writing the bottom-right cell must not scroll the screen."""
AUTOWRAP_ON = "\x1b[?7h"
RESET_COLOURS = "\x1b[0m"
CLEAR = "\x1b[0m\x1b[2J"
SEQUENCE_TIMEOUT = 0.05
"""Seconds to wait for the rest of a mouse report once its first keystroke has arrived."""
ESC_DELAY = 0.05
"""Seconds blessed waits after an Escape for the rest of a key's sequence (its own 0.35
took a key pressed right after Escape into one keystroke with it, and it was lost);
a terminal sends a whole sequence at once."""
QUIT_WHILE_SMALL = frozenset({"escape", "q", "Q"})
"""Keys that still work on the "please enlarge" screen: they close the game (saving it)."""
CSI = "\x1b["
CTRL_C = "\x03"
CTRL_L = "\x0c"
"""Redraw everything: the usual cure for a screen garbled by something else writing."""

_KEY_NAMES: dict[str, str] = {
    "KEY_UP": "up", "KEY_DOWN": "down", "KEY_LEFT": "left", "KEY_RIGHT": "right",
    "KEY_HOME": "home", "KEY_END": "end",
    "KEY_PGUP": "pageup", "KEY_PPAGE": "pageup", "KEY_PGDOWN": "pagedown", "KEY_NPAGE": "pagedown",
    "KEY_ENTER": "enter", "KEY_KP_ENTER": "enter", "KEY_ESCAPE": "escape",
    "KEY_TAB": "tab", "KEY_BTAB": "tab", "KEY_BACKSPACE": "backspace",
    "KEY_DELETE": "delete", "KEY_DC": "delete", "KEY_INSERT": "insert", "KEY_IC": "insert",
    # the numpad, where the terminal tells it apart (application keypad mode)
    **{f"KEY_KP_{n}": f"kp_{n}" for n in range(10)},
    "KEY_A1": "kp_7", "KEY_A3": "kp_9", "KEY_B2": "kp_5", "KEY_C1": "kp_1", "KEY_C3": "kp_3",
    "KEY_CENTER": "kp_5", "KEY_BEGIN": "kp_5",
    "KEY_KP_ADD": "+", "KEY_KP_SUBTRACT": "-", "KEY_KP_MULTIPLY": "*", "KEY_KP_DIVIDE": "/",
    "KEY_KP_DECIMAL": ".", "KEY_KP_SEPARATOR": ",", "KEY_KP_EQUAL": "=",
    **{f"KEY_F{n}": f"f{n}" for n in range(1, 13)},
}  # fmt: skip

try:
    import termios

    TTY_ERRORS: tuple[type[Exception], ...] = (OSError, EOFError, ValueError, termios.error)
except ImportError:  # pragma: no cover - Windows has no termios
    TTY_ERRORS = (OSError, EOFError, ValueError)
"""What using a terminal that is gone raises: EIO or EPIPE, blessed's end of input, a
closed stream, and termios's own error (not an OSError) when its modes are set back."""

_SGR_MOUSE = re.compile(r"\x1b\[<(\d+);(\d+);(\d+)([Mm])")
_X10_MOUSE = re.compile(r"\x1b\[M([\s\S])([\s\S])([\s\S])")
_MOUSE_PREFIX = re.compile(r"\x1b(\[(<(\d+(;(\d+(;\d*)?)?)?)?|M[\s\S]{0,2})?)?")
"""Every proper beginning of a mouse report (the escape alone included)."""


def parse_mouse(seq: str) -> InputEvent | None:
    """An xterm mouse report (SGR, or legacy X10) as input with 0-based terminal cells.

    Motion (with or without a button held) is ``MouseMove``; a press is ``Click``
    (1 left, 2 middle, 3 right); the wheel is ``Wheel`` (+1 up). Releases, horizontal
    wheels and anything that is not a mouse report give None."""
    if match := _SGR_MOUSE.fullmatch(seq):
        code, x, y = (int(group) for group in match.groups()[:3])
        pressed = match[4] == "M"
    elif match := _X10_MOUSE.fullmatch(seq):
        code, x, y = (ord(char) - 32 for char in match.groups())
        pressed = code & 3 != 3
    else:
        return None
    if x < 1 or y < 1:
        return None
    x, y, button = x - 1, y - 1, code & 3
    if code & 64:
        return {0: Wheel(1), 1: Wheel(-1)}.get(button)
    if code & 32:
        return MouseMove(x, y)
    if pressed and button != 3:
        return Click(x, y, button + 1)
    return None


def decode_key(keystroke: Keystroke) -> list[InputEvent]:
    """One blessed keystroke as presenter-neutral input: named keys by the names of
    ``ui/input.py``, printable characters as themselves, Ctrl-C as ``CloseRequested``,
    Ctrl-L as ``Resized`` (redraw), a whole mouse report as its mouse event; anything
    else as nothing."""
    text = str(keystroke)
    if text == CTRL_C:
        return [CloseRequested()]
    if text == CTRL_L:
        return [Resized()]
    if text.startswith(CSI):
        mouse = parse_mouse(text)
        if mouse is not None:
            return [mouse]
    name = keystroke.name
    if name is not None and name in _KEY_NAMES:
        return [KeyPress(_KEY_NAMES[name])]
    if text and not keystroke.is_sequence and text.isprintable():
        return [KeyPress(char) for char in text]
    return escape_then(text)


_AFTER_ESCAPE: dict[str, str] = {
    "\x1b": "escape", "\r": "enter", "\n": "enter", "\t": "tab", "\x7f": "backspace",
    "\x08": "backspace",
}  # fmt: skip
"""The named keys an Escape may be read together with, by what the terminal sends."""


def escape_then(text: str) -> list[InputEvent]:
    """An Escape and the key after it, when blessed read the two as one Alt keystroke
    (both arrived within its ``esc_delay``: ESC x is KEY_ALT_X, ESC ESC KEY_ALT_ESCAPE):
    that named nothing here and both keys were lost (a tester's Escape then x). The game
    binds no Alt key, so it is the two keys; anything else (a lone CSI, "ESC [", which
    begins the sequences and is bound to nothing) gives nothing."""
    if len(text) != 2 or text[0] != "\x1b" or text == CSI:
        return []
    after = text[1]
    if after in _AFTER_ESCAPE:
        return [KeyPress("escape"), KeyPress(_AFTER_ESCAPE[after])]
    return [KeyPress("escape"), KeyPress(after)] if after.isprintable() else []


class InputDecoder:
    """Keystrokes in, input events out; joins the pieces a mouse report arrives in.

    blessed does not know mouse reports: it hands one over as a CSI prefix (or a bare
    escape) followed by plain characters. While what has arrived could still be the
    start of a report, ``pending`` is true and the presenter should read on (briefly);
    if nothing more comes, ``flush`` says what the pieces were (a lone escape is the
    Escape key; a broken report is dropped rather than typed)."""

    def __init__(self) -> None:
        self._buffer = ""

    @property
    def pending(self) -> bool:
        return bool(self._buffer)

    def feed(self, keystroke: Keystroke) -> list[InputEvent]:
        text = str(keystroke)
        if self._buffer:
            joined = self._buffer + text
            if _SGR_MOUSE.fullmatch(joined) or _X10_MOUSE.fullmatch(joined):
                self._buffer = ""
                mouse = parse_mouse(joined)
                return [] if mouse is None else [mouse]
            if _MOUSE_PREFIX.fullmatch(joined):
                self._buffer = joined
                return []
            return [*self.flush(), *self.feed(keystroke)]
        if text.startswith("\x1b") and _MOUSE_PREFIX.fullmatch(text):
            self._buffer = text
            return []
        return decode_key(keystroke)

    def flush(self) -> list[InputEvent]:
        buffer, self._buffer = self._buffer, ""
        return [KeyPress("escape")] if buffer == "\x1b" else []


def enlarge_message(width: int, height: int) -> list[str]:
    return [
        f"Please enlarge the terminal to at least {MIN_SIZE[0]}x{MIN_SIZE[1]} "
        f"(now {width}x{height}).",
        "The game is paused. Esc or q saves and quits.",
    ]


def centred_text(lines: list[str], width: int, height: int) -> str:
    """Output that writes ``lines`` centred on a cleared screen of ``width`` x ``height``."""
    top = max(0, (height - len(lines)) // 2)
    out = [CLEAR]
    for row, line in enumerate(lines[: max(height, 1)]):
        text = line[:width]
        out.append(f"\x1b[{top + row + 1};{max(0, (width - len(text)) // 2) + 1}H{text}")
    return "".join(out)


class _Quietly(contextlib.AbstractContextManager[None]):
    """A terminal mode (raw, keypad) whose undoing may find the terminal gone: then it
    is left undone, and whatever was leaving the block goes on leaving it."""

    def __init__(self, mode: contextlib.AbstractContextManager[object]) -> None:
        self.mode = mode

    def __enter__(self) -> None:
        self.mode.__enter__()

    def __exit__(
        self,
        kind: type[BaseException] | None,
        value: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        with contextlib.suppress(*TTY_ERRORS):
            self.mode.__exit__(kind, value, traceback)


def _silence_stdout() -> None:
    """The terminal is gone: send what is still buffered for it (flushed at exit) to
    ``/dev/null``, so leaving raises nothing."""
    with contextlib.suppress(OSError, ValueError, AttributeError):
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.__stdout__.fileno() if sys.__stdout__ else 1)
        os.close(null)


class _WakeUpError(Exception):
    """SIGWINCH while blocked waiting for input: redraw at the new size."""


@contextlib.contextmanager
def _quiet_capabilities() -> Iterator[None]:
    """Around blessed's capability lookups: no warning for one this terminal lacks. In the
    one-file binary blessed cannot list the names it knows (it finds them with pkgutil,
    which PyInstaller's archive hides), so every lookup of a capability the terminal
    lacks warned, `unknown terminal capability: 'ssupm'` (superscript) was left on the
    terminal after every game. A missing capability is blessed's empty string either
    way, which ``_capability`` replaces with the usual sequence."""
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", "unknown terminal capability", UserWarning)
        yield


def open_terminal(
    kind: str | None = None, stream: IO[str] | None = None, *, force_styling: bool = False
) -> blessed.Terminal:
    """blessed's terminal (its own arguments), opened without its warnings."""
    with _quiet_capabilities():
        return blessed.Terminal(kind, stream, force_styling=force_styling)


def _capability(term: blessed.Terminal, name: str, default: str) -> str:
    with _quiet_capabilities():
        value = str(getattr(term, name, "") or "")
    return value or default


class _Session:
    """One run of the loop: the terminal, what it shows, and the input being decoded."""

    def __init__(self, term: blessed.Terminal) -> None:
        self.untile: Content | None = None
        self.term = term
        self.out: IO[str] = term.stream
        self.color_mode = color_mode_from_env()
        self.ascii_only = not is_utf8(getattr(self.out, "encoding", None))
        self.decoder = InputDecoder()
        self.waiting = False
        self.resized = False
        self.size: tuple[int, int] | None = None
        self.encoder: FrameEncoder | None = None
        self.pending: list[InputEvent] = []
        self.gone = False
        """The terminal failed a read or a write: it was closed under us."""

    # -- terminal state ----------------------------------------------------------------

    def write(self, text: str) -> None:
        if text and not self.gone:
            try:
                self.out.write(text)
            except TTY_ERRORS:
                self.gone = True

    def flush(self) -> None:
        if not self.gone:
            try:
                self.out.flush()
            except TTY_ERRORS:
                self.gone = True

    def enter(self) -> None:
        term = self.term
        self.write(
            _capability(term, "enter_fullscreen", "\x1b[?1049h")
            + _capability(term, "hide_cursor", "\x1b[?25l")
            + AUTOWRAP_OFF
            + MOUSE_ON
            + CLEAR
        )
        self.flush()

    def restore(self) -> None:
        """Undo ``enter``; never raises (the terminal may already be gone after SIGHUP)."""
        term = self.term
        self.write(
            MOUSE_OFF
            + AUTOWRAP_ON
            + RESET_COLOURS
            + _capability(term, "normal_cursor", "\x1b[?25h")
            + _capability(term, "exit_fullscreen", "\x1b[?1049l")
        )
        self.flush()

    def signals(self) -> contextlib.AbstractContextManager[None]:
        """SIGWINCH wakes the loop to redraw at the new size (in the main thread; elsewhere
        a resize is noticed at the next input)."""

        def window_changed(signum: int, frame: FrameType | None) -> None:
            self.resized = True
            if self.waiting:
                raise _WakeUpError

        return loop.signal_handlers({"SIGWINCH": window_changed})

    @contextlib.contextmanager
    def terminal_modes(self) -> Iterator[None]:
        with contextlib.ExitStack() as stack:
            stack.enter_context(_Quietly(self.term.raw()))
            stack.enter_context(_Quietly(self.term.keypad()))
            stack.callback(self.restore)
            self.enter()
            yield

    # -- input --------------------------------------------------------------------------

    def read(self, timeout: float | None) -> list[InputEvent]:
        """Input that arrives within ``timeout`` (None: wait for it), all of it that is
        ready; [] on timeout or resize; ``CloseRequested`` once the terminal is gone."""
        if self.gone:
            return [CloseRequested()]
        try:
            return self.read_terminal(timeout)
        except TTY_ERRORS:
            self.gone = True
            return [CloseRequested()]

    def read_terminal(self, timeout: float | None) -> list[InputEvent]:
        term = self.term
        # blessed's own buffer first: kbhit cannot see it
        keystroke = term.inkey(timeout=0, esc_delay=ESC_DELAY)
        if not keystroke:
            self.waiting = True
            try:
                if self.resized:
                    return []
                started = time.monotonic()
                if not term.kbhit(timeout=timeout):
                    # Only a closed or missing keyboard ends an endless wait, or ends a
                    # timed one early: then sleep the rest, rather than spin.
                    if timeout is None:
                        return [CloseRequested()]
                    time.sleep(max(0.0, timeout - (time.monotonic() - started)))
                    return []
            except _WakeUpError:
                return []
            finally:
                self.waiting = False
            keystroke = term.inkey(timeout=SEQUENCE_TIMEOUT, esc_delay=ESC_DELAY)
        events: list[InputEvent] = []
        while keystroke:
            events += self.decoder.feed(keystroke)
            try:
                keystroke = term.inkey(
                    timeout=SEQUENCE_TIMEOUT if self.decoder.pending else 0, esc_delay=ESC_DELAY
                )
            except TTY_ERRORS:  # gone: what was read still counts; the next read closes
                self.gone = True
                break
        return events + self.decoder.flush()

    # -- the presenter (``ui/loop.py``) ---------------------------------------------

    @property
    def paused(self) -> bool:
        """While the terminal is too small the game is paused: no ticks."""
        return self.encoder is None

    def console_size(self) -> tuple[int, int]:
        """The whole terminal, whatever its size from 80x24 up (a larger one shows more
        map); the full size while it is too small: nothing is shown then."""
        return layout.console_size((self.term.width, self.term.height)) or layout.FULL_SIZE

    def present(self, console: tcod.console.Console) -> None:
        """Show ``console`` centred, sending only the cells that changed; a new size lays
        the screen out again (and tells the screens, through the next ``wait``)."""
        self.resized = False
        now_size = (self.term.width, self.term.height)
        encoder = self.encoder
        fits = encoder is not None and (encoder.width, encoder.height) == (
            console.width,
            console.height,
        )
        if now_size != self.size or (encoder is not None and not fits):
            if self.size is not None:
                self.pending.append(Resized())
            self.size = now_size
            self.encoder = self.fit_screen(console, *now_size)
        if self.encoder is not None:
            self.write(self.encoder.encode(console))
        self.flush()

    def wait(self, timeout: float | None) -> list[InputEvent]:
        if self.pending:
            events, self.pending = self.pending, []
            return events
        events = []
        for raw_event in self.read(timeout):
            event = self.to_console(raw_event, self.encoder)
            if isinstance(event, Resized):
                self.size = None  # clear and redraw everything
            if event is not None:
                events.append(event)
        return events

    def fit_screen(
        self, console: tcod.console.Console, width: int, height: int
    ) -> FrameEncoder | None:
        """Clear the screen for a new size: an encoder for the console centred in it, or
        None and the "please enlarge" text when it does not fit."""
        if width < console.width or height < console.height:
            self.write(centred_text(enlarge_message(width, height), width, height))
            return None
        self.write(CLEAR)
        origin = ((width - console.width) // 2, (height - console.height) // 2)
        return FrameEncoder(console.width, console.height, self.color_mode, self.ascii_only, origin)

    @staticmethod
    def to_console(event: InputEvent, encoder: FrameEncoder | None) -> InputEvent | None:
        """Terminal cells to console cells; mouse reports off the console are dropped.
        While the terminal is too small the game is paused: only ``CloseRequested`` and
        ``Resized`` get through."""
        if encoder is None:
            if isinstance(event, KeyPress) and event.key in QUIT_WHILE_SMALL:
                return CloseRequested()
            return event if isinstance(event, CloseRequested | Resized) else None
        ox, oy = encoder.origin
        match event:
            case MouseMove(x, y) | Click(x, y):
                x, y = x - ox, y - oy
                if not (0 <= x < encoder.width and 0 <= y < encoder.height):
                    return None
                return (
                    MouseMove(x, y) if isinstance(event, MouseMove) else Click(x, y, event.button)
                )
        return event


def run(
    screen: Screen,
    *,
    term: blessed.Terminal | None = None,
    content: Content | None = None,
    then: Callable[[], None] | None = None,
) -> None:
    """Show ``screen`` (and the screens it leads to) in the terminal until the stack
    empties; the terminal is restored however this ends. With ``content``, cells drawn in
    the graphical ``tiles`` mode are shown as their ascii glyphs (a terminal has no
    sprites); ``then`` runs once the first frame is shown (``loop.run``)."""
    session = _Session(term if term is not None else open_terminal())
    try:
        with session.signals(), session.terminal_modes():
            loop.run(ScreenStack(screen), session, untile=content, then=then)
    finally:
        if session.gone:
            _silence_stdout()
