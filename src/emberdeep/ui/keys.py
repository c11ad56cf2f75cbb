"""Key bindings players can change: shipped presets, plus ``keys.toml`` in the config folder.

vi-keys suit a QWERTY keyboard; on AZERTY or Dvorak, or for players who only want the
arrows and numpad, they are letters in the way. So bindings are data: the presets in
``content/keys/*.toml`` (``default``, ``vi``, ``no-vi``) and an optional user file in the
same format that names a preset and changes single keys::

    preset = "no-vi"          # optional; "default" when left out
    [keys]
    w = "move_n"              # key name = command name
    escape = ""               # "" unbinds the key

Like the settings file, a bad ``keys.toml`` never stops the game: each problem becomes a
message naming the file, the line and the key, and that key keeps the binding it had
before the entry (the preset's), while every other entry still applies.

Command names are checked against ``ui.commands.COMMANDS`` when a player's file is read,
not copied here, so commands added later can be bound with no change to this module.
That module is imported only when a command is wanted (``command_for``, a player's file
checked): the commands are the engine's actions, which the shipped presets and the
title screen's first frame do without.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Collection
from pathlib import Path
from typing import TYPE_CHECKING, Any

from emberdeep import shipped
from emberdeep.config import config_dir
from emberdeep.content.parsed import ParsedCache, cache_folder
from emberdeep.content.tomldata import DataError, Table

if TYPE_CHECKING:
    from emberdeep.ui.commands import Command

KEYS_FILE = "keys.toml"
DEFAULT_PRESET = "default"
PRESET_PACKAGE = "emberdeep.content"
PRESET_FOLDER = "keys"
_PRESET_NAME = re.compile(r"[a-z0-9_-]+")
PRESETS_CACHE = "keys-parsed.json"
"""The shipped presets' parsed TOML, kept in the cache folder as the content's is
(``content/parsed.py``): a start-up with no settings or key file of the player's then
imports no TOML parser at all."""
BaseLoader = Callable[[str], dict[str, str]]
"""Gives the bindings of a preset by name: what a file's ``preset = ...`` starts from."""

NAMED_KEYS: frozenset[str] = frozenset(
    {
        "up", "down", "left", "right", "home", "end", "pageup", "pagedown",
        "enter", "escape", "tab", "backspace", "delete", "insert", "clear",
        *(f"kp_{n}" for n in range(10)),
        *(f"f{n}" for n in range(1, 13)),
    }
)  # fmt: skip
"""Names of keys that type nothing, as the presenters (ui/sdl.py, ui/terminal.py) send
them; every other key is named by the one character it types."""
NAMED_KEYS_TEXT = (
    "up down left right home end pageup pagedown enter escape tab backspace delete "
    "insert clear kp_0..kp_9 f1..f12"
)


def keys_path() -> Path:
    """Where the player's bindings live (next to ``settings.toml``)."""
    return config_dir() / KEYS_FILE


def is_key_name(name: str) -> bool:
    return name in NAMED_KEYS or (len(name) == 1 and name.isprintable())


def toml_key(name: str) -> str:
    """``name`` as it is written in TOML: bare when it can be, else quoted (``">"``)."""
    return name if re.fullmatch(r"[A-Za-z0-9_-]+", name) else _quoted(name)


def _quoted(text: str) -> str:
    """``text`` quoted and escaped as JSON (and TOML's basic strings) write it: only in
    a key file's messages and when one is written (``json`` is imported then)."""
    import json

    return json.dumps(text)


def preset_names() -> list[str]:
    from importlib import resources  # zipfile and the readers: only when listing

    folder = resources.files(PRESET_PACKAGE).joinpath(PRESET_FOLDER)
    return sorted(
        entry.name.removesuffix(".toml")
        for entry in folder.iterdir()
        if entry.name.endswith(".toml")
    )


def preset(name: str) -> dict[str, str]:
    """The shipped preset ``name`` as key -> command name (a fresh copy).

    Raises ``DataError`` for an unknown preset or damaged shipped data: that is a bug in
    the game, not a player's mistake, so it is loud (the tests read every preset)."""
    return dict(_preset(name, ()))


@functools.cache
def _preset(name: str, chain: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    if name in chain:
        raise DataError(f"key presets include each other: {' -> '.join((*chain, name))}")
    source = f"{PRESET_FOLDER}/{name}.toml"
    try:  # a preset's own name only: nothing outside the presets' folder
        if not _PRESET_NAME.fullmatch(name):
            raise FileNotFoundError(name)
        text = shipped.read_text(PRESET_PACKAGE, source)
    except FileNotFoundError:
        raise DataError(
            f"unknown key preset {name!r} (known: {', '.join(preset_names())})"
        ) from None
    parsed = ParsedCache(cache_folder() / PRESETS_CACHE)
    reader = _Reader(source, text, commands=None, loads=functools.partial(parsed.loads, source))
    keymap = reader.read(
        base=lambda base_name: dict(_preset(base_name, (*chain, name))), default_base=None
    )
    parsed.save()
    if reader.problems:
        raise DataError("; ".join(reader.problems))
    return tuple(keymap.items())


def parse_keys(
    source: str, text: str, commands: Collection[str] | None = None
) -> tuple[dict[str, str], list[str]]:
    """Bindings from the text of a user key file: its preset (default: ``default``) with
    its ``[keys]`` applied, plus one message per problem. ``commands`` are the valid
    command names (default: ``ui.commands.COMMANDS``, read now)."""
    if commands is None:
        from emberdeep.ui.commands import COMMANDS

        commands = COMMANDS
    reader = _Reader(source, text, commands)
    return reader.read(base=preset, default_base=DEFAULT_PRESET), reader.problems


def load_keymap(
    path: Path | None = None, commands: Collection[str] | None = None
) -> tuple[dict[str, str], list[str]]:
    """Read ``keys.toml`` (default: in the config folder) into key -> command name, plus
    messages for the player. A missing file means the default bindings."""
    path = path or keys_path()
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return preset(DEFAULT_PRESET), []
    except (OSError, UnicodeDecodeError) as exc:
        return preset(DEFAULT_PRESET), [f"{path}: cannot be read ({exc}); using the default keys"]
    return parse_keys(str(path), text, commands)


class _Reader:
    """One key file: its text (for line numbers), what is valid, and the problems found."""

    def __init__(
        self,
        source: str,
        text: str,
        commands: Collection[str] | None,
        loads: Callable[[str], dict[str, Any]] | None = None,
    ) -> None:
        self.source = source
        self.text = text
        self.loads = loads
        """tomllib's, or the shipped presets' kept parse (``PRESETS_CACHE``)."""
        self.commands = commands
        self.problems: list[str] = []

    def read(self, base: BaseLoader, default_base: str | None) -> dict[str, str]:
        """The bindings: ``preset`` (or ``default_base``; None: none) through ``base``,
        with ``[keys]`` applied."""
        try:
            table = Table.parse(self.source, self.text, self.loads)
        except DataError as exc:
            self.problems.append(f"{exc} (using the default keys)")
            return base(default_base) if default_base else {}
        keymap = self.base_keymap(table, base, default_base)
        for name in table.names():
            if name not in ("preset", "keys"):
                self.report(
                    self.line_of(None, name),
                    toml_key(name),
                    "unknown setting, ignored (bindings go in the [keys] table, "
                    f"e.g. [keys] {toml_key(name)} = ...)",
                )
        if "keys" in table:
            section = table.data["keys"]
            if isinstance(section, dict):
                for key, value in section.items():
                    self.bind(keymap, key, value)
            else:
                self.report(self.line_of(None, "keys"), "keys", "expected a [keys] table")
        return keymap

    def base_keymap(
        self, table: Table, base: BaseLoader, default_base: str | None
    ) -> dict[str, str]:
        fallback = default_base
        if "preset" not in table:
            return base(fallback) if fallback else {}
        name = table.data["preset"]
        line = self.line_of(None, "preset")
        using = f"using {fallback!r}" if fallback else "starting from no bindings"
        if not isinstance(name, str):
            self.report(line, "preset", f"expected a preset name, got {name!r}; {using}")
        elif name not in preset_names():
            known = ", ".join(preset_names())
            self.report(line, "preset", f"unknown preset {name!r} (known: {known}); {using}")
        else:
            return base(name)
        return base(fallback) if fallback else {}

    def bind(self, keymap: dict[str, str], key: str, value: object) -> None:
        """Apply one entry, or report it (only then is its line searched for: a search
        per binding was a twentieth of a start-up, and so is its name as written)."""
        current = keymap.get(key)
        kept = f"{key!r} keeps {current!r}" if current else f"{key!r} stays unbound"
        if not is_key_name(key):
            close = _close_matches(key.lower(), sorted(NAMED_KEYS))
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            self.report(
                self.line_of("keys", key),
                f"keys.{toml_key(key)}",
                f"unknown key name {key!r}{hint}: use the character the key types, or one "
                f"of {NAMED_KEYS_TEXT}; ignored",
            )
        elif not isinstance(value, str):
            problem = f"expected a command name in quotes, got {value!r}; {kept}"
            self.report(self.line_of("keys", key), f"keys.{toml_key(key)}", problem)
        elif value == "":
            keymap.pop(key, None)
        elif self.commands is not None and value not in self.commands:
            close = _close_matches(value, list(self.commands))
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            problem = f"unknown command {value!r}{hint}; {kept}"
            self.report(self.line_of("keys", key), f"keys.{toml_key(key)}", problem)
        else:
            keymap[key] = value

    def report(self, line: int | None, dotted: str, problem: str) -> None:
        where = f"{self.source}:{line}" if line else self.source
        self.problems.append(f"{where}: {dotted}: {problem}")

    def line_of(self, section: str | None, key: str) -> int | None:
        """Best-effort line (1-based) of ``key =`` in ``[section]`` (None: the top level,
        before any table). Key names may be bare or quoted, or dotted from the top level."""
        quoted = rf"(?:{re.escape(key)}|\"{re.escape(_quoted(key)[1:-1])}\"|'{re.escape(key)}')"
        plain = re.compile(rf"^\s*{quoted}\s*=")
        dotted = re.compile(rf"^\s*{re.escape(section)}\s*\.\s*{quoted}\s*=") if section else None
        header = re.compile(rf"^\s*\[\s*{re.escape(section)}\s*\]") if section else None
        inside, at_top = section is None, True
        for number, line in enumerate(self.text.splitlines(), start=1):
            if line.lstrip().startswith("["):
                inside, at_top = bool(header and header.match(line)), False
                continue
            if (inside and plain.match(line)) or (at_top and dotted and dotted.match(line)):
                return number
        return None


DEFAULT_KEYS: dict[str, str] = preset(DEFAULT_PRESET)
"""The shipped bindings (content/keys/default.toml): arrows, numpad and vi-keys. The
player's own, from ``keys.toml``, are ``load_keymap()``."""


def command_for(key: str, keymap: dict[str, str] | None = None) -> Command | None:
    from emberdeep.ui.commands import COMMANDS

    name = (DEFAULT_KEYS if keymap is None else keymap).get(key)
    return COMMANDS.get(name) if name else None


def first_key(command: str, keymap: dict[str, str] | None = None) -> str | None:
    """The key to show for ``command`` in a hint: a typed character if one is bound (the
    shortest thing to read), else the first named key; None when nothing is bound."""
    keys = [key for key, name in (DEFAULT_KEYS if keymap is None else keymap).items()
            if name == command]  # fmt: skip
    return min(keys, key=len) if keys else None


KEY_LABELS = {
    "up": "Up", "down": "Down", "left": "Left", "right": "Right", "home": "Home",
    "end": "End", "pageup": "Page Up", "pagedown": "Page Down", "enter": "Enter",
    "escape": "Esc", "tab": "Tab", "backspace": "Backspace", "delete": "Delete",
    "insert": "Insert", "clear": "Keypad 5", " ": "Space",
}  # fmt: skip
"""How players write the keys that type nothing (``keys.toml`` uses the names). ``clear``
is what SDL calls keypad 5 with Num Lock off: to a player, the same key."""


def key_label(name: str) -> str:
    """``name`` as a player writes it: "Keypad 7", "Page Up", "Esc", "F1", or the
    character a key types."""
    if name in KEY_LABELS:
        return KEY_LABELS[name]
    if name.startswith("kp_"):
        return f"Keypad {name[3:]}"
    if len(name) > 1 and name[0] == "f" and name[1:].isdigit():
        return name.upper()
    return name


def _close_matches(word: str, candidates: list[str]) -> list[str]:
    """The candidate most like ``word``, if any is close (``difflib``: imported only for a
    key file with a mistake in it, which a start-up without one never reads)."""
    import difflib

    return difflib.get_close_matches(word, candidates, n=1)
