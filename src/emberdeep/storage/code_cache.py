"""The dataclasses' generated methods, compiled once and kept between runs.

``@dataclass`` writes the source of each class's ``__init__``, ``__repr__``, ``__eq__``
and the rest and compiles it with ``exec``, at every start: the game's 160-odd classes
make nearly a thousand such methods, and compiling them was a fifth of the CPU the game
adds to the platform's own start-up (numpy, tcod, a window). The source of a method
depends only on the class's fields and options, so the same text compiles to the same
code every time. While ``cached_dataclasses`` is active, the ``dataclasses`` module's
``exec`` is this cache's: a text seen before runs its kept code object, a new one is
compiled as Python would compile it and kept for the next start.

Only ever a shortcut, like ``content/parsed.py``'s cache: a file that is missing,
damaged, from another Python (its name and its header carry the interpreter's version)
or too big is ignored, and rewritten when it can be. The file holds code, as Python's
own ``__pycache__`` does, in the user's cache folder, which only they can write.
"""

from __future__ import annotations

import builtins
import contextlib
import dataclasses
import marshal
import os
import sys
from collections.abc import Iterator, Mapping
from pathlib import Path
from types import CodeType
from typing import Any

FORMAT = 1
MAX_BYTES = 8 * 2**20
"""A cache file larger than this is not read, and so is written again with only what
that start compiled: texts of classes since changed are dropped at the latest then (the
game's classes make about 320 KB)."""
STAMP = f"{FORMAT} {sys.version}"
"""What a cache file's header must say: code objects are only valid for the Python
that compiled them."""


def cache_name() -> str:
    return f"dataclasses.{sys.implementation.cache_tag}.marshal"


class CodeCache:
    """Compiled code by its source text: what was read from the file, and what was
    compiled since."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.kept = _read(path)
        self.fresh: dict[str, CodeType] = {}

    def exec(
        self,
        source: str,
        globals: dict[str, Any] | None = None,
        locals: Mapping[str, object] | None = None,
    ) -> None:
        """``exec(source, globals, locals)``, from the kept code when there is some."""
        code = self.kept.get(source)
        if code is None:
            code = self.fresh[source] = compile(source, "<string>", "exec")
        builtins.exec(code, globals, locals)

    def save(self) -> None:
        """Write the cache if anything was compiled afresh; quietly keep going if it
        cannot be written."""
        if not self.fresh:
            return
        data = marshal.dumps({"stamp": STAMP, "code": self.kept | self.fresh})
        temporary = self.path.with_name(f"{self.path.name}.{os.getpid()}.tmp")
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            temporary.write_bytes(data)
            os.replace(temporary, self.path)  # whole or not at all, even with two games
        except OSError:
            with contextlib.suppress(OSError):
                temporary.unlink(missing_ok=True)


def _read(path: Path) -> dict[str, CodeType]:
    try:
        if path.stat().st_size > MAX_BYTES:
            return {}
        document = marshal.loads(path.read_bytes())
    except (OSError, EOFError, ValueError, TypeError):
        return {}
    if not isinstance(document, dict) or document.get("stamp") != STAMP:
        return {}
    code = document.get("code")
    if not isinstance(code, dict):
        return {}
    return {
        source: value
        for source, value in code.items()
        if isinstance(source, str) and isinstance(value, CodeType)
    }


@contextlib.contextmanager
def cached_dataclasses(folder: Path) -> Iterator[CodeCache]:
    """While active, dataclasses compile their methods through a cache kept in
    ``folder``; the cache is written on the way out if it grew."""
    cache = CodeCache(folder / cache_name())
    dataclasses.exec = cache.exec  # type: ignore[attr-defined]
    try:
        yield cache
    finally:
        del dataclasses.exec  # type: ignore[attr-defined]
        cache.save()
