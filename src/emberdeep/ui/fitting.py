"""Text made to fit the cells it is given: the one place a line may be cut, and it says so.

Every screen fits its words to a width here. A text that fits is drawn whole; one that
does not is wrapped (``wrap``: between words, a path whole on a line of its own or, when
longer than a line, after a folder, the home folder as ``~``) or, where a screen has
chosen to, cut by ``fit`` with a closing "…". A cut is a word the player cannot read, so
``fit`` records each one it makes while someone is ``watching``: the screenshot checker
(``tools/screenshots.py``) draws every screen inside ``watching`` and fails on any cut,
so a layout that cuts text is found by the renderer's own account of it, not guessed
from pixels.
"""

from __future__ import annotations

import contextlib
import contextvars
import os
from collections.abc import Iterator
from pathlib import Path

import msgspec

ELLIPSIS = "…"
SEPARATORS = ("/", "\\")


class Cut(msgspec.Struct, frozen=True):
    """A text ``fit`` had to cut: what it was given and the width it was cut to."""

    text: str
    width: int

    def __str__(self) -> str:
        return f"cut to {self.width}: {self.text!r}"


_WATCHERS: contextvars.ContextVar[list[Cut] | None] = contextvars.ContextVar(
    "emberdeep_fitting_cuts", default=None
)
"""The cuts list of the innermost ``watching``, or None: no one asked, nothing kept."""


@contextlib.contextmanager
def watching() -> Iterator[list[Cut]]:
    """Every cut ``fit`` makes inside the ``with``, in order (a list filled as it goes)."""
    cuts: list[Cut] = []
    token = _WATCHERS.set(cuts)
    try:
        yield cuts
    finally:
        _WATCHERS.reset(token)


def fit(text: str, width: int) -> str:
    """``text`` in ``width`` cells: whole when it fits, else cut, ending in "…" (and the
    cut recorded for whoever is ``watching``)."""
    if len(text) <= width:
        return text
    cuts = _WATCHERS.get()
    if cuts is not None:
        cuts.append(Cut(text, width))
    return text[: width - 1] + ELLIPSIS if width > 0 else ""


def home_path(path: Path | str) -> str:
    """A path as the player reads it: the home folder as ``~`` (never the absolute path
    of someone's account on screen)."""
    word, home = str(path), str(Path.home())
    if home not in ("", os.sep) and (word == home or word.startswith(home + os.sep)):
        return "~" + word[len(home) :]
    return word


def _pieces(word: str, width: int) -> list[str]:
    """``word`` in pieces of at most ``width``: a path broken after a folder separator,
    any other word (or a folder name longer than a line) broken where the line ends."""
    pieces: list[str] = []
    while len(word) > width:
        head = word[:width]
        at = max(head.rfind(sep) for sep in SEPARATORS) + 1
        cut = at if at > 0 else width
        pieces.append(word[:cut])
        word = word[cut:]
    return [*pieces, word] if word else pieces


def _is_path(word: str) -> bool:
    """A folder path: a separator and a name. A count such as "[2/2]" or "10/30" is no
    path, and is never broken after its "/" (the sidebar showed "[2/" over "2]")."""
    return any(sep in word for sep in SEPARATORS) and any(ch.isalpha() for ch in word)


def path_line(text: str) -> int:
    """The width of ``text`` on one line as ``wrap`` shows it (paths from ``~``) when it
    holds a path, else 0: what a box widens to, where it can, so a path is read whole
    on the line that names it."""
    words = text.split()
    if not any(_is_path(word) for word in words):
        return 0
    return len(" ".join(home_path(word) if _is_path(word) else word for word in words))


def wrap(text: str, width: int) -> list[str]:
    """``text`` in lines of at most ``width`` cells, nothing left out: broken between
    words; a path shown from ``~``, whole on a line of its own when longer than the room
    left but not than a line (hand play read a morgue file's path broken across two
    lines), and only when longer than a line broken, after a folder; a word longer than
    a whole line broken where the line ends. [""] for no text."""
    if width <= 0:
        return [""]
    lines: list[str] = []
    line = ""
    for given in text.split():
        path = _is_path(given)
        word = home_path(given) if path else given
        room = width - len(line) - (1 if line else 0)
        if len(word) <= room:
            line = f"{line} {word}" if line else word
            continue
        head = _pieces(word, room)[0] if path and len(word) > width and line and room > 1 else ""
        if head.endswith(SEPARATORS):  # the path's first folders fit on this line
            line, word = f"{line} {head}", word[len(head) :]
        if line:
            lines.append(line)
        *whole, line = _pieces(word, width)
        lines += whole
    return [*lines, line] if line or not lines else lines
