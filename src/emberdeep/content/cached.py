"""The loaded, validated content, kept between runs.

Reading and checking the fifteen content files was a sixth of what a game's start-up
does of its own (the files parsed, every key looked up and bounded, every sprite's rows
checked, the kinds built and cross-checked), every start, for files that change only
when the game is updated or modded. So once the loader has built and checked a
``Content``, it is kept in one file in the user's cache folder (``parsed.cache_folder``)
with what it was made from: the exact bytes of every content file, and the size and
modification time of every module then imported that could shape it (the loader, its
checks, the classes it builds and the engine it checks names against). A later start
uses it only when all of these are still the same; anything else (an edited file, an
updated game, a damaged, foreign or unreadable cache) is loaded and checked afresh, and
the cache rewritten.

The file is msgpack (``msgspec``) of a ``graph_codec`` graph, never ``pickle``: the
folder is the user's to write, and a file there can at most describe records of the
content's own classes, built by their own constructors, never name code to run. Its
graph carries a CRC-32, so a damaged file is noticed before it is decoded.
"""

from __future__ import annotations

import contextlib
import os
import sys
import zlib
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import TypeVar

import msgspec

from emberdeep import __version__
from emberdeep.content.graph_codec import Decoder, Encoder, GraphError
from emberdeep.content.parsed import cache_folder

T = TypeVar("T")
CACHE_NAME = "content-loaded.msgpack"
FORMAT = 1
"""Raised when the file's layout changes, so an older file is loaded afresh."""
MAX_BYTES = 16 * 2**20
"""A file larger than this is not read (the shipped content makes about 300 KB)."""


class _Header(msgspec.Struct, array_like=True):
    """What the content was made from, and its graph (msgpack, with its CRC-32)."""

    format: int
    made_by: str
    files: list[tuple[str, bytes]]
    code: list[tuple[str, int, int]]
    crc: int
    graph: bytes


def cache_path() -> Path:
    return cache_folder() / CACHE_NAME


def _made_by() -> str:
    """The game's version and the interpreter's: a file another made is not used."""
    return f"{__version__} {sys.implementation.cache_tag}"


def _code_stamp(modules: Iterable[str]) -> list[tuple[str, int, int]] | None:
    """Size and modification time of each named module's source (a namespace package
    has none), or None when one cannot be found on disk (then no cache is kept: it could
    not notice the code changing)."""
    stamp = []
    for name in sorted(modules):
        path = getattr(sys.modules.get(name), "__file__", None)
        if path is None:
            continue
        try:
            found = os.stat(path)
        except OSError:
            return None
        stamp.append((path, found.st_size, found.st_mtime_ns))
    return stamp


_CONTENT_LAYERS = ("emberdeep.content", "emberdeep.engine", "emberdeep.mapgen")
"""The packages whose code reads, checks or makes content: the loader and its parsers,
the kinds it builds, the names it checks them against (the engine's effects, the
generators' settings). Nothing above them (the session, the screens) can change it."""


def _shapes_content(module: str) -> bool:
    return module in (
        "emberdeep",
        "emberdeep.bounds",
        "emberdeep.records",
        "emberdeep.shipped",
    ) or any(module == layer or module.startswith(f"{layer}.") for layer in _CONTENT_LAYERS)


def _stamp_holds(stamp: list[tuple[str, int, int]]) -> bool:
    for path, size, mtime in stamp:
        try:
            found = os.stat(path)
        except (OSError, ValueError):
            return False
        if found.st_size != size or found.st_mtime_ns != mtime:
            return False
    return True


def read(
    root: type[T],
    files: Sequence[str],
    read_bytes: Callable[[str], bytes],
    classes: Sequence[type],
) -> T | None:
    """The ``root`` kept, when every one of ``files`` (each read with ``read_bytes``) and
    the code are as they were when it was kept, and it decodes as a ``root`` of
    ``classes``' records; else None."""
    try:
        path = cache_path()
        if path.stat().st_size > MAX_BYTES:
            return None
        header = msgspec.msgpack.decode(path.read_bytes(), type=_Header)
    except (OSError, msgspec.ValidationError, msgspec.DecodeError, RecursionError):
        return None
    if header.format != FORMAT or header.made_by != _made_by():
        return None
    if [name for name, _ in header.files] != list(files):
        return None
    try:
        if any(read_bytes(name) != data for name, data in header.files):
            return None
    except OSError:
        return None
    if not _stamp_holds(header.code) or zlib.crc32(header.graph) != header.crc:
        return None
    try:
        kept = Decoder(classes).decode(msgspec.msgpack.decode(header.graph))
    except (GraphError, msgspec.DecodeError, RecursionError):
        return None
    return kept if isinstance(kept, root) else None


def write(
    content: object,
    files: dict[str, bytes],
    classes: Sequence[type],
) -> None:
    """Keep ``content``, made from ``files`` (name -> bytes, in the loader's order) by the
    code now imported. Quietly keeps nothing when the content holds what the codec
    cannot name or the file cannot be written (a read-only home, a full disk)."""
    code = _code_stamp(name for name in list(sys.modules) if _shapes_content(name))
    if code is None:
        return
    try:
        graph = msgspec.msgpack.encode(Encoder(classes).encode(content))
    except TypeError:
        return
    header = _Header(FORMAT, _made_by(), list(files.items()), code, zlib.crc32(graph), graph)
    path = cache_path()
    temporary = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary.write_bytes(msgspec.msgpack.encode(header))
        os.replace(temporary, path)  # whole or not at all, even with two games
    except OSError:
        with contextlib.suppress(OSError):
            temporary.unlink(missing_ok=True)
