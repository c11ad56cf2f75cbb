"""Whether the content files are the very ones the loader last found valid.

Then a start-up need not load the content before the title screen: loading it imports
the engine's kinds and checks every file, a sixth of a start-up, and a player may only
look at the title (``ui/app.py``'s ``DeferredContent``). That is only ever a reason to
load it later, never to skip a check: whatever is loaded, when it is, is validated in
full (``loader.load``), so a stamp that lies (damaged, foreign, hand-made) can at worst
make a damaged file be reported when a game starts instead of at start-up; a file
changed since its stamp is loaded, and so checked, at start-up.

The stamp is a small JSON file in the cache folder (``parsed.cache_folder``): each
file's length and CRC-32 as the loader read it, and the palettes that change no colour
(the title's boxes and log are drawn in those without any content). A CRC is enough to
notice an edited file, and its reading costs no import (``hashlib`` would be 3 ms).
"""

from __future__ import annotations

import contextlib
import os
import re
import zlib
from collections.abc import Iterable, Mapping
from typing import Any, NamedTuple

import msgspec

from emberdeep.content.parsed import cache_folder, content_text

STAMP_NAME = "content-valid.json"
FORMAT = 1
_FILE_NAME = re.compile(r"[a-z_]+\.toml")
MAX_BYTES = 64 * 1024
"""A stamp larger than this is not ours (the shipped content's is under 1 KB)."""


class Validated(NamedTuple):
    """What the loader found valid: the content files it read, in order, and the
    palettes that change no colour."""

    files: tuple[str, ...]
    plain_palettes: frozenset[str]


def _mark(text: str) -> list[int]:
    data = text.encode("utf-8")
    return [len(data), zlib.crc32(data)]


def validated() -> Validated | None:
    """What the loader last found valid, when every file it read is as it read it; None
    when one is not (or cannot be read), or no stamp says so."""
    try:
        path = cache_folder() / STAMP_NAME
        if path.stat().st_size > MAX_BYTES:
            return None
        stamp = msgspec.json.decode(path.read_bytes())
    except (OSError, ValueError, RecursionError):  # msgspec.DecodeError is a ValueError
        return None
    if not isinstance(stamp, dict) or stamp.get("format") != FORMAT:
        return None
    files, plain = stamp.get("files"), stamp.get("plain_palettes")
    if not (isinstance(files, dict) and files and isinstance(plain, list)):
        return None
    for name, mark in files.items():
        if not _FILE_NAME.fullmatch(name):  # a content file's own name, nothing elsewhere
            return None
        try:
            if _mark(content_text(name)) != mark:
                return None
        except (OSError, UnicodeDecodeError):
            return None
    return Validated(tuple(files), frozenset(p for p in plain if isinstance(p, str)))


def record(texts: Mapping[str, str], plain_palettes: Iterable[str]) -> None:
    """Stamp ``texts`` (file name -> the text the loader found valid) and the palettes
    that change nothing, unless the stamp says so already; quietly keep going if it
    cannot be written (a read-only home, a full disk)."""
    stamp: dict[str, Any] = {
        "format": FORMAT,
        "files": {name: _mark(text) for name, text in texts.items()},
        "plain_palettes": sorted(plain_palettes),
    }
    path = cache_folder() / STAMP_NAME
    document = msgspec.json.encode(stamp)
    with contextlib.suppress(OSError):
        if path.read_bytes() == document:
            return
    temporary = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary.write_bytes(document)
        os.replace(temporary, path)  # whole or not at all, even with two games
    except OSError:
        with contextlib.suppress(OSError):
            temporary.unlink(missing_ok=True)
