"""Reading TOML that people edit by hand (settings, content) with errors that say where.

tomllib reports syntax errors with a line; it knows nothing of meaning. ``Table`` adds
typed access whose errors name the file, the dotted key and its line, so a designer or
player can fix a file without reading code.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Iterator, Sequence
from types import ModuleType
from typing import Any, TypeVar

from emberdeep import bounds

T = TypeVar("T")
TOML_LIMITS = bounds.Limits("the file", 4 * 1024 * 1024, 16, max_digits=100)
"""Settings, key files and content: none nests past a few tables or is megabytes long. A
number out of its key's range is that key's error (the readers name file, line and key);
only one too long to be a mistake of that kind (tomllib would convert up to 4,300
digits, in quadratic time) refuses the whole file."""
Color = tuple[int, int, int]


def toml_loads(text: str) -> dict[str, Any]:
    """``tomllib.loads``. Raises ``tomllib.TOMLDecodeError`` (a ValueError)."""
    data: dict[str, Any] = _tomllib().loads(text)
    return data


def _tomllib() -> ModuleType:
    """tomllib, imported when text is first parsed: a start-up whose files were all
    parsed before (``parsed``) never imports it (its regular expressions and parser are
    about 10 M instructions)."""
    if sys.version_info >= (3, 11):
        import tomllib

        return tomllib
    import tomli  # type: ignore[import-not-found, unused-ignore]  # pragma: no cover - 3.10

    return tomli  # type: ignore[no-any-return, unused-ignore]  # pragma: no cover


class DataError(ValueError):
    """A problem in a data file, already phrased for the person who edits it."""


def find_line(text: str, dotted: str) -> int | None:
    """Best-effort line number (1-based) where ``dotted`` (``a.b.key``) is written.

    Finds the deepest ``[table]`` header on the path (``name[n]`` is the n-th
    ``[[name]]``), then each remaining part in turn (inline tables such as
    ``dark = { fg = ... }`` share a line with their keys, so a key missing from one is
    reported on that line).
    """
    parts = dotted.split(".")
    lines = text.split("\n")  # TOML breaks lines only at \n; splitlines() also at \x85 etc.
    line, depth = 0, 0
    for depth in range(len(parts), 0, -1):
        found = _header_line(lines, parts[:depth])
        if found is not None:
            line = found
            break
    else:
        depth = 0
    inline = False
    for part in parts[depth:]:
        assignment = re.compile(r"(^|[{,])\s*\"?" + re.escape(part) + r"\"?\s*=\s*(\{)?")
        for i in range(line, len(lines)):
            if i > line and (inline or lines[i].lstrip().startswith("[")):
                return line + 1 if depth or inline else None
            match = assignment.search(lines[i])
            if match:
                line, inline = i, match.group(2) is not None
                break
        else:
            return line + 1 if depth or inline else None
    return line + 1


def _header_line(lines: list[str], parts: list[str]) -> int | None:
    """Index of the ``[a.b]`` header for ``parts``; for ``[..., "name[n]"]``, of the n-th
    ``[[a.name]]`` header."""
    *table, last = parts
    index = 0
    entry = re.fullmatch(r"(.+)\[(\d+)\]", last)
    if entry:
        last, index = entry.group(1), int(entry.group(2))
    header = re.compile(r"^\s*\[+\s*" + re.escape(".".join([*table, last])) + r"\s*\]+")
    found = [i for i, text_line in enumerate(lines) if header.match(text_line)]
    return found[index] if index < len(found) else None


class Table:
    """A TOML table plus where it came from, with validating getters."""

    def __init__(self, source: str, text: str, data: dict[str, Any], path: str = "") -> None:
        self.source = source
        self.text = text
        self.data = data
        self.path = path

    @classmethod
    def parse(
        cls, source: str, text: str, loads: Callable[[str], dict[str, Any]] | None = None
    ) -> Table:
        """``text`` as a table; ``loads`` is tomllib's (the default), or one that remembers
        (``parsed``). Text that nests or numbers beyond ``TOML_LIMITS`` is refused before
        parsing."""
        try:
            bounds.check_toml(text, TOML_LIMITS)
            return cls(source, text, (loads or toml_loads)(text))
        except bounds.InputError as exc:
            raise DataError(f"{source}: not valid TOML: {exc}") from None
        except RecursionError:  # tomllib recurses per nested [ or {
            raise DataError(
                f"{source}: not valid TOML: arrays or tables nested too deeply"
            ) from None
        except ValueError as exc:  # tomllib.TOMLDecodeError: imported once it has parsed
            if not isinstance(exc, _tomllib().TOMLDecodeError):
                raise
            raise DataError(f"{source}: not valid TOML: {exc}") from None

    def key(self, name: str) -> str:
        return f"{self.path}.{name}" if self.path else name

    def error(self, name: str, problem: str) -> DataError:
        dotted = self.key(name)
        line = find_line(self.text, dotted)
        where = f"{self.source}:{line}" if line else self.source
        return DataError(f"{where}: {dotted}: {problem}")

    def __contains__(self, name: str) -> bool:
        return name in self.data

    def names(self) -> list[str]:
        return list(self.data)

    def sub(self, name: str) -> Table:
        value = self.data.get(name)
        if not isinstance(value, dict):
            raise self.error(name, "expected a table")
        return Table(self.source, self.text, value, self.key(name))

    def subtables(self) -> Iterator[tuple[str, Table]]:
        for name in self.data:
            yield name, self.sub(name)

    def get(self, name: str, kind: type[T], default: T | None = None) -> T:
        if name not in self.data:
            if default is None:
                raise self.error(name, f"missing (expected {_describe(kind)})")
            return default
        value = self.data[name]
        # bool is an int in Python; a designer writing `true` for a number is a mistake.
        if not isinstance(value, kind) or (kind in (int, float) and isinstance(value, bool)):
            if kind is float and isinstance(value, int) and not isinstance(value, bool):
                return float(value)  # type: ignore[return-value]
            raise self.error(name, f"expected {_describe(kind)}, got {value!r}")
        return value

    def integer(self, name: str, lo: int, hi: int, default: int | None = None) -> int:
        value = self.get(name, int, default)
        if not lo <= value <= hi:
            raise self.error(name, f"expected an integer from {lo} to {hi}, got {value}")
        return value

    def choice(self, name: str, choices: Sequence[str], default: str | None = None) -> str:
        value = self.get(name, str, default)
        if value not in choices:
            raise self.error(name, f"expected one of {', '.join(choices)}; got {value!r}")
        return value

    def char(self, name: str, default: str | None = None) -> str:
        value = self.get(name, str, default)
        if len(value) != 1:
            raise self.error(name, f"expected exactly one character, got {value!r}")
        return value

    def color(self, name: str, default: Color | None = None) -> Color:
        if name not in self.data and default is not None:
            return default
        value = self.data.get(name)
        # One test of each part, not a generator: a thousand colours are read at each
        # start (every sprite's palette). ``type(c) is int`` refuses a bool, as TOML's
        # ``true`` is one.
        if type(value) is list and len(value) == 3:
            r, g, b = value
            if type(r) is type(g) is type(b) is int and min(r, g, b) >= 0 and max(r, g, b) <= 255:
                return (r, g, b)
        raise self.error(name, f"expected a colour [r, g, b] of integers 0-255, got {value!r}")

    def reject_unknown(self, known: Sequence[str]) -> None:
        for name in self.data:
            if name not in known:
                raise self.error(name, f"unknown key (known: {', '.join(known)})")


def _describe(kind: type) -> str:
    return {int: "an integer", float: "a number", str: "a string", bool: "true or false"}.get(
        kind, kind.__name__
    )
