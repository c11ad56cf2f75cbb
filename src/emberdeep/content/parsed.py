"""Content's TOML, parsed once and kept between runs.

tomllib is pure Python: parsing the content files is a twentieth of the game's start-up,
every start-up, for files that change only when the game is updated or modded. So each
file's parsed tables are kept in one JSON file in the user's cache folder, beside the
exact text they came from, and used again only for that same text: an edited file is
parsed afresh. The cache is only ever a shortcut. A cache file that is missing, damaged,
foreign or unwritable is ignored (and rewritten when it can be), and what comes from it
is validated by the loader exactly like a fresh parse.
"""

from __future__ import annotations

import contextlib
import functools
import os
from pathlib import Path
from typing import Any

import msgspec
import platformdirs

from emberdeep import APP_NAME, shipped
from emberdeep.content.tomldata import toml_loads

CACHE_NAME = "content.json"
FORMAT = 1
"""Raised when what is kept changes shape, so an older cache is parsed afresh."""
MAX_BYTES = 8 * 2**20
"""A cache file larger than this is not read (the shipped content makes about 120 KB)."""


def cache_folder() -> Path:
    """The game's cache folder (this file's):
    ``EMBERDEEP_CACHE_DIR`` overrides the user's cache folder (tests, portable installs)."""
    override = os.environ.get("EMBERDEEP_CACHE_DIR")
    return Path(override) if override else platformdirs.user_cache_path(APP_NAME)


def cache_path() -> Path:
    return cache_folder() / CACHE_NAME


def content_text(name: str) -> str:
    """Content file ``name``'s text (``shipped``: found from any working directory and
    inside a frozen binary). Raises OSError, UnicodeDecodeError."""
    return shipped.as_text(content_bytes(name))


@functools.cache
def content_bytes(name: str) -> bytes:
    """Content file ``name``'s bytes, as ``content_text`` finds it. Read once a process
    (the files never change while the game runs: ``loader.load`` is cached too): a
    start-up checks them against the stamp (``validated``) and then the kept content
    (``cached``). Raises OSError."""
    return shipped.read_bytes("emberdeep.content", name)


class ParsedCache:
    """Parsed tables by file name, each with the text it was parsed from."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.entries: dict[str, dict[str, Any]] = _read(path)
        self.read: dict[str, str] = {}
        """The text of each file asked for (``loads``), in order."""
        self.changed = False

    def loads(self, name: str, text: str) -> dict[str, Any]:
        """``tomllib.loads(text)``, from the cache when ``name`` was last this ``text``.
        Raises what tomllib raises."""
        self.read[name] = text
        entry = self.entries.get(name)
        if entry is not None and entry.get("text") == text and isinstance(entry.get("data"), dict):
            data: dict[str, Any] = entry["data"]
            return data
        data = toml_loads(text)
        self.entries[name] = {"text": text, "data": data}
        self.changed = True
        return data

    def save(self) -> None:
        """Write the cache if anything was parsed afresh; quietly keep going if it cannot
        be written (a read-only home, a full disk) or holds what JSON cannot (dates)."""
        if not self.changed:
            return
        try:
            import json  # its NaN and Infinity, which msgspec refuses to read back

            document = json.dumps({"format": FORMAT, "files": self.entries})
        except (TypeError, ValueError):
            return
        temporary = self.path.with_name(f"{self.path.name}.{os.getpid()}.tmp")
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            temporary.write_text(document, encoding="utf-8")
            os.replace(temporary, self.path)  # whole or not at all, even with two games
        except OSError:
            with contextlib.suppress(OSError):
                temporary.unlink(missing_ok=True)
            return
        self.changed = False


def _read(path: Path) -> dict[str, dict[str, Any]]:
    try:
        if path.stat().st_size > MAX_BYTES:
            return {}
        # msgspec reads it in half json's time (a twentieth of the content's load); what
        # it refuses (a cache json.dumps wrote with NaN or Infinity) is parsed afresh.
        document = msgspec.json.decode(path.read_bytes())
    except (OSError, ValueError, RecursionError):
        return {}
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        return {}
    files = document.get("files")
    if not isinstance(files, dict):
        return {}
    return {name: entry for name, entry in files.items() if isinstance(entry, dict)}
