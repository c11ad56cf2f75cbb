"""The wire format between the page, the server and a game's worker (docs/web-protocol.md).

Page -> server, JSON text, at most ``MAX_MESSAGE`` bytes, every input numbered by the page
(``s``, per page ``client`` id) so that none is lost or applied twice across a reconnect:

    {"t": "key", "s": 7, "k": "h"}            a key, named as in ``ui/input.py``
    {"t": "move", "s": 8, "x": 3, "y": 4}     the pointer is over console cell (x, y)
    {"t": "click", "s": 9, "x": 3, "y": 4, "b": 1}
    {"t": "wheel", "s": 10, "dy": -1}
    {"t": "chat", "text": "hello"}             a line to the game's chat (player or watcher)
    {"t": "mute", "on": true}                 the player mutes (or unmutes) the watchers

Anything else (another type, a missing or extra field, a value out of range) is refused:
``parse_input`` raises ``ProtocolError`` and the server closes the connection.

Worker -> server -> page: frames of the 80x52 console, cells row by row, each cell a
codepoint and two colours packed as 0xRRGGBB. The first frame a page gets is whole
(``"full": true`` with ``ch``, ``fg``, ``bg``, ``acks`` = every client's last applied
input, and the worker's ``instance``); later ones list only changed cells as flat runs of
four numbers ``[index, ch, fg, bg, ...]`` in ``d``, with ``ack`` = ``[client, seq]`` of the
last input applied before it. WebSocket permessage-deflate compresses them. They are
written by msgspec (``bounds.to_json``): a turn's frame of some 150 changed cells took
70 us with ``json.dumps``, 17 us so.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import tcod.console
from numpy.typing import NDArray

from emberdeep import bounds
from emberdeep.ui.input import Click, InputEvent, KeyPress, MouseMove, Wheel
from emberdeep.ui.render import SCREEN_HEIGHT, SCREEN_WIDTH, bench_turn

MAX_MESSAGE = 1024
"""Bytes in one message from a page: an input is about 40."""
MAX_CHAT = 200
"""Characters in one chat line."""
LIMITS = bounds.Limits("the message", MAX_MESSAGE, 1, max_digits=16)
"""One flat object of short fields; sequence numbers stay under 2**53 (16 digits)."""

FULL = b"F"
DIFF = b"D"
STATUS = b"S"
RECORD = b"R"
READER = b"A"
FILES = b"W"
"""Worker -> server message kinds (the first byte; the rest is the page's JSON, for
STATUS what the front page lists, for RECORD a finished game's hall-of-fame entry; READER
is the page's JSON for screen-reader pages only; FILES the game's changed files, for the
shared database, ``mirror.pack``)."""

NAMED_KEYS = frozenset(
    {
        "up", "down", "left", "right", "home", "end", "pageup", "pagedown", "enter",
        "escape", "tab", "backspace", "delete", "insert", "clear",
        *(f"kp_{n}" for n in range(10)),
        *(f"f{n}" for n in range(1, 13)),
    }
)  # fmt: skip
"""Keys that type nothing, as ``ui/input.py`` names them; a printable character is its own
name."""

MAX_SEQ = 2**53
"""Sequence numbers stay exact in JavaScript."""

_FIELDS: dict[str, dict[str, tuple[int, int]]] = {
    "key": {"s": (0, MAX_SEQ)},
    "move": {"s": (0, MAX_SEQ), "x": (0, SCREEN_WIDTH - 1), "y": (0, SCREEN_HEIGHT - 1)},
    "click": {
        "s": (0, MAX_SEQ),
        "x": (0, SCREEN_WIDTH - 1),
        "y": (0, SCREEN_HEIGHT - 1),
        "b": (1, 3),
    },
    "wheel": {"s": (0, MAX_SEQ), "dy": (-10, 10)},
}
"""Every input type and its whole-number fields with their ranges (``key`` also has ``k``)."""


class ProtocolError(ValueError):
    """A message from a page that is not one of ours; the text says why, in one line."""


def parse_input(text: str) -> dict[str, Any]:
    """A page's message, checked field by field; ``ProtocolError`` if it is anything else."""
    try:
        message = bounds.parse_json(text, LIMITS)
    except bounds.InputError as exc:
        raise ProtocolError(str(exc)) from None
    if not isinstance(message, dict):
        raise ProtocolError("not an object")
    kind = message.get("t")
    if kind in ("chat", "mute"):
        return _social(message)
    if not isinstance(kind, str) or kind not in _FIELDS:
        raise ProtocolError(f"unknown message type {str(kind)[:20]!r}")
    fields = _FIELDS[kind]
    expected = {"t", *fields} | ({"k"} if kind == "key" else set())
    if set(message) != expected:
        raise ProtocolError(f"{kind}: expected the fields {sorted(expected)}")
    for name, (low, high) in fields.items():
        value = message[name]
        if type(value) is not int or not low <= value <= high:
            raise ProtocolError(f"{kind}: {name} must be a whole number from {low} to {high}")
    if kind == "key":
        key = message["k"]
        if not isinstance(key, str) or not (
            key in NAMED_KEYS or (len(key) == 1 and key.isprintable())
        ):
            raise ProtocolError("key: unknown key name")
    return message


def _social(message: dict[str, Any]) -> dict[str, Any]:
    """A chat line or a mute, checked."""
    if message["t"] == "chat":
        if set(message) != {"t", "text"}:
            raise ProtocolError("chat: expected the fields ['t', 'text']")
        if not isinstance(message["text"], str) or len(message["text"]) > MAX_CHAT:
            raise ProtocolError(f"chat: text must be at most {MAX_CHAT} characters")
    elif set(message) != {"t", "on"} or type(message["on"]) is not bool:
        raise ProtocolError("mute: expected the fields ['on', 't'], on true or false")
    return message


def to_event(message: dict[str, Any]) -> InputEvent:
    """A checked input message as the presenter-neutral event the screens handle."""
    match message["t"]:
        case "key":
            return KeyPress(message["k"])
        case "move":
            return MouseMove(message["x"], message["y"])
        case "click":
            return Click(message["x"], message["y"], message["b"])
        case _:
            return Wheel(message["dy"])


Cells = NDArray[np.uint32]
"""A copy of a console's cells, row by row, as tcod keeps them: three 32-bit words a cell,
the codepoint and the foreground's and background's bytes (red, green, blue, alpha)."""
Screen = NDArray[np.int64]
"""(3, width * height): codepoint, foreground and background as 0xRRGGBB, row by row: the
page's screen (``apply``, ``text``)."""


def cells(console: tcod.console.Console) -> Cells:
    """A copy of the console's cells, row by row (the console is indexed [x, y], so its
    buffer is the transpose): one copy of its memory, nothing converted (a frame sends
    only the cells that changed, and only those are unpacked)."""
    words: Cells = np.array(console.rgba.T.view(np.uint32), copy=True).reshape(-1)
    return words


_BYTES_IN_ORDER = np.dtype(">u4")
"""A colour word read with its first byte (red) highest, on any machine: shifted right
by 8 (dropping alpha) it is 0xRRGGBB in one step."""


def _unpack(words: Cells, index: NDArray[np.intp] | slice) -> NDArray[np.int64]:
    """The cells at ``index`` as rows of codepoint, foreground and background."""
    picked = words.reshape(-1, 3)[index]
    rows = np.empty((len(picked), 3), np.int64)
    _unpack_into(rows, picked)
    return rows


def _unpack_into(rows: NDArray[np.int64], picked: NDArray[np.uint32]) -> None:
    """Cells (rows of three words) written into ``rows`` as codepoint, foreground and
    background (tcod's colour words are bytes red, green, blue, alpha; the page's
    0xRRGGBB)."""
    rows[:, 0] = picked[:, 0]
    rows[:, 1:] = picked[:, 1:].view(_BYTES_IN_ORDER) >> 8


def unpack(now: Cells) -> Screen:
    """Every cell as the page keeps it (codepoints and 0xRRGGBB colours)."""
    screen: Screen = _unpack(now, slice(None)).T
    return screen


def full_frame(frame: int, now: Cells, width: int, acks: dict[str, int], instance: str) -> bytes:
    ch, fg, bg = (row.tolist() for row in unpack(now))
    message = {
        "t": "frame", "n": frame, "full": True, "w": width, "h": now.size // 3 // width,
        "ch": ch, "fg": fg, "bg": bg, "acks": acks, "instance": instance,
    }  # fmt: skip
    return bounds.to_json(message)


def changed(before: Cells, now: Cells) -> NDArray[np.int64]:
    """Flat runs [index, ch, fg, bg, ...] of the cells that differ: the words compared
    (a frame changes a few dozen of 4,160 cells), only the changed cells unpacked."""
    words = np.flatnonzero(before != now)
    words //= 3  # the cells: sorted, so a cell's changed words are together
    first = np.empty(words.size, np.bool_)
    first[:1] = True
    np.not_equal(words[1:], words[:-1], out=first[1:])
    index = words[first]
    runs = np.empty((index.size, 4), np.int64)
    runs[:, 0] = index
    _unpack_into(runs[:, 1:], now.reshape(-1, 3)[index])
    flat: NDArray[np.int64] = runs.ravel()
    return flat


def diff_frame(frame: int, runs: NDArray[np.int64], ack: tuple[str, int] | None) -> bytes:
    message: dict[str, Any] = {"t": "frame", "n": frame, "d": runs.tolist()}
    if ack is not None:
        message["ack"] = list(ack)
    return bounds.to_json(message)


def apply(screen: Screen, message: dict[str, Any]) -> Screen:
    """A frame applied to a screen, as the page does it (tests and the load script)."""
    if message.get("full"):
        whole: Screen = np.array([message["ch"], message["fg"], message["bg"]], dtype=np.int64)
        return whole
    runs = np.array(message["d"], dtype=np.int64).reshape(-1, 4)
    result: Screen = screen.copy()
    result[:, runs[:, 0]] = runs[:, 1:].T
    return result


def text(screen: Screen, width: int = SCREEN_WIDTH) -> list[str]:
    """A screen as lines of text (sprites and blanks as spaces), for tests."""
    chars = [chr(c) if 32 <= c < 0x10000 else " " for c in screen[0].tolist()]
    return ["".join(chars[i : i + width]) for i in range(0, len(chars), width)]


def bench_cases(console: tcod.console.Console) -> list[tuple[str, Callable[[], object]]]:
    """Figures for ``emberdeep bench``: what the worker does to send a frame of
    ``console`` (a drawn play screen). "typical" is a turn (the player and a monster step,
    four cells, and the turn counter changes): the cells copied, compared with the last
    frame's and the changed ones written as JSON; "full" is a whole frame (a page
    attached)."""
    last = [cells(console)]
    step = [0]

    def typical_frame() -> object:
        step[0] += 1
        bench_turn(console, step[0])
        now = cells(console)
        frame = diff_frame(step[0], changed(last[0], now), ("page", step[0]))
        last[0] = now
        return frame

    def whole_frame() -> object:
        return full_frame(1, cells(console), console.width, {"page": 1}, "bench")

    size = f"{console.width}x{console.height}"
    return [
        (f"web frame full {size}", whole_frame),
        (f"web frame typical {size} (few cells changed)", typical_frame),
    ]
