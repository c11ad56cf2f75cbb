"""Dataclasses' generated methods, compiled once and kept between runs.

``@dataclass`` writes each class's ``__init__``, ``__repr__`` and ``__eq__`` (frozen:
``__hash__``, ``__setattr__`` and ``__delattr__`` too) as source text and compiles it
while the class is made: on Python 3.11 one ``compile`` per method, some 50 µs each. The
game makes about 190 dataclasses before its first frame (40 events alone), so compiling
their methods was a fifth of a start-up, about 50 ms of CPU, on every start, for text
that changes only when the game does.

``install`` hands ``dataclasses`` a code cache in place of ``exec``: each text is
compiled as ``exec`` would compile it (no future features inherited), once, and its code
object kept in the user's cache folder, marked with the interpreter's bytecode magic
number; the same text is then executed from the kept code. The same text compiles to the
same code, so every class is exactly the class a fresh compile makes. Like the parsed
content beside it (``content/parsed.py``), the cache is only ever a shortcut: a file that
is missing, damaged (its CRC-32 is checked before anything is unmarshalled), foreign or
unwritable is ignored, and rewritten at exit when a text was compiled afresh. It is
trusted as Python trusts the bytecode in its own ``__pycache__`` folders: whoever can
write the user's cache folder can already change what the user runs.
"""

from __future__ import annotations

import atexit
import binascii
import builtins
import contextlib
import dataclasses
import marshal
import os
import sys
from importlib.util import MAGIC_NUMBER
from pathlib import Path
from types import CodeType
from typing import Any

from emberdeep.content.parsed import cache_folder

CACHE_NAME = f"dataclass-code.{sys.implementation.cache_tag}.marshal"
"""One file per interpreter version (``cpython-311``), so two that share the cache folder
do not overwrite each other's code."""
MAX_BYTES = 16 * 2**20
"""A cache file larger than this is not read (the game's own methods make about 1 MB)."""
CRC_BYTES = 4
KEEP_BYTES = 4 * 2**20
"""Above this, a rewrite keeps only the texts this run used (old versions' methods go)."""


class CodeCache:
    """Compiled code by source text: ``kept`` (read from ``path``, and what was compiled
    since) and ``used`` (what this run executed)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.kept: dict[str, CodeType] = _read(path)
        self.used: dict[str, CodeType] = {}
        self.changed = False

    def compiled(self, text: str) -> CodeType:
        """``text`` compiled as ``exec`` compiles it when ``dataclasses`` calls it: the
        caller's future features not inherited (ours would turn the methods' annotations
        into strings)."""
        code = self.kept.get(text)
        if code is None:
            code = compile(text, "<string>", "exec", dont_inherit=True)
            self.kept[text] = code
            self.changed = True
        self.used[text] = code
        return code

    def exec(self, source: str, globals: dict[str, Any], locals: dict[str, Any]) -> None:
        """``exec`` as ``dataclasses`` calls it (always a text, its globals and a fresh
        namespace), with the text's code taken from the cache."""
        builtins.exec(self.compiled(source), globals, locals)

    def save(self) -> None:
        """Write the cache if a text was compiled afresh; quietly keep going if it cannot
        be written (a read-only home, a full disk)."""
        if not self.changed:
            return
        blob = marshal.dumps(self.kept)
        if len(blob) > KEEP_BYTES:
            blob = marshal.dumps(self.used)
        temporary = self.path.with_name(f"{self.path.name}.{os.getpid()}.tmp")
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            temporary.write_bytes(MAGIC_NUMBER + _crc(blob) + blob)
            os.replace(temporary, self.path)  # whole or not at all, even with two games
        except OSError:
            with contextlib.suppress(OSError):
                temporary.unlink(missing_ok=True)
            return
        self.changed = False


def _read(path: Path) -> dict[str, CodeType]:
    try:
        if path.stat().st_size > MAX_BYTES:
            return {}
        blob = path.read_bytes()
    except OSError:
        return {}
    head = len(MAGIC_NUMBER) + CRC_BYTES
    if blob[: len(MAGIC_NUMBER)] != MAGIC_NUMBER:  # another interpreter's bytecode
        return {}
    body = memoryview(blob)[head:]
    if blob[len(MAGIC_NUMBER) : head] != _crc(body):  # damaged
        return {}
    try:
        kept = marshal.loads(body)
    except (ValueError, EOFError, TypeError):
        return {}
    if not isinstance(kept, dict):
        return {}
    return {text: code for text, code in kept.items()
            if isinstance(text, str) and isinstance(code, CodeType)}  # fmt: skip


def _crc(blob: bytes | memoryview) -> bytes:
    return binascii.crc32(blob).to_bytes(CRC_BYTES, "little")


_installed: list[CodeCache] = []


def install() -> CodeCache:
    """Have every dataclass made from now on in this process use the code cache, written
    back at exit. Once per process: a second call returns the first's cache."""
    if not _installed:
        cache = CodeCache(cache_folder() / CACHE_NAME)
        setattr(dataclasses, "exec", cache.exec)  # noqa: B010 - the module's global, not an attribute it declares
        atexit.register(cache.save)
        _installed.append(cache)
    return _installed[0]
