"""Player settings: ``settings.toml`` in the platform's config folder, every key optional.

A bad file never stops the game: each problem becomes a message naming the file, the key
and what was expected, and that key keeps its default while the others still apply.
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, overload

import platformdirs

from emberdeep import APP_NAME
from emberdeep.content.looks import RENDER_MODES
from emberdeep.content.palettes import DEFAULT, PALETTE_NAMES
from emberdeep.content.tomldata import DataError, Table
from emberdeep.engine.core.fov import ALGORITHMS, FovSettings
from emberdeep.records import Record
from emberdeep.storage.files import write_atomically

FONT_LAYOUTS = ("cp437", "tcod")
FONT_SIZES = ("8x16", "8x8")
"""The built-in fonts (``ui/font.py`` holds their glyphs; config may not import ui)."""


def _choice(*choices: str) -> dict[str, Any]:
    return {"choices": choices}


class GeneratorChoices(Sequence[str]):
    """``generator``'s values, "auto" and the floor generators' names, looked up only when
    a value other than "auto" is checked or the list is read (the options screen): the
    generators import most of the engine, which reading the settings for the title
    screen never needs."""

    AUTO = "auto"

    @staticmethod
    def _names() -> tuple[str, ...]:
        from emberdeep.mapgen import GENERATORS

        return (GeneratorChoices.AUTO, *GENERATORS)

    def __contains__(self, value: object) -> bool:
        return value == self.AUTO or value in self._names()

    @overload
    def __getitem__(self, index: int) -> str: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[str]: ...
    def __getitem__(self, index: int | slice) -> str | Sequence[str]:
        return self._names()[index]

    def __len__(self) -> int:
        return len(self._names())


def _range(lo: int, hi: int) -> dict[str, Any]:
    return {"range": (lo, hi)}


@dataclass(frozen=True, eq=False, repr=False)
class Settings(Record):
    """Every setting with its default. Field metadata is the validation rule."""

    render_mode: str = field(default="ascii", metadata=_choice(*RENDER_MODES))
    palette: str = field(default=DEFAULT, metadata=_choice(*PALETTE_NAMES))
    """Colours: the default, high contrast, or safe for colour-blind players."""
    fov_algorithm: str = field(default="symmetric", metadata=_choice(*ALGORITHMS))
    torch_radius: int = field(default=10, metadata=_range(0, 200))
    light_walls: bool = True
    lighting: bool = True
    """Draw the dungeon's light (torches, lava, your own): off draws every cell in view
    in its tile's full colours."""
    animation: str = field(default="normal", metadata=_choice("normal", "fast", "slow", "off"))
    """How fast missiles fly and blows flash (``ui/motion.py``); off shows none."""
    generator: str = field(default=GeneratorChoices.AUTO, metadata={"choices": GeneratorChoices()})
    mode: str = field(default="turn-based", metadata=_choice("turn-based", "real-time"))
    ticks_per_second: int = field(default=20, metadata=_range(1, 240))
    pace: int = field(default=3, metadata=_range(1, 10))
    """Real time: ordinary actions per second (yours and the monsters' alike)."""
    auto_pickup: bool = True
    explore_stop_hp: int = field(default=50, metadata=_range(0, 100))
    """Auto-explore stops below this percent of full health (travel, the player's own
    choice of a place, never does: fleeing to the stairs is no time to stop)."""
    pause_on_monster: bool = True
    """Real time: stop the clock when a monster comes into view."""
    pause_on_hurt: bool = True
    """Real time: stop the clock when you are hurt, so a blow is never the last thing an
    idle player misses."""
    pause_on_focus_loss: bool = True
    """Real time: stop the clock when the window loses the keyboard."""
    window_scale: int = field(default=1, metadata=_range(1, 8))
    font_size: str = field(default="8x16", metadata=_choice(*FONT_SIZES))
    font: str = ""
    font_columns: int = field(default=16, metadata=_range(1, 256))
    font_rows: int = field(default=16, metadata=_range(1, 256))
    font_layout: str = field(default="cp437", metadata=_choice(*FONT_LAYOUTS))

    @property
    def fov(self) -> FovSettings:
        return FovSettings(self.fov_algorithm, self.torch_radius, self.light_walls)


def choices(name: str) -> tuple[object, ...]:
    """The values setting ``name`` may take, from its metadata (the options screen's list)."""
    spec = next(spec for spec in dataclasses.fields(Settings) if spec.name == name)
    if spec.type in (bool, "bool"):
        return (True, False)
    return tuple(spec.metadata["choices"])


def config_dir() -> Path:
    """Where settings live; ``EMBERDEEP_CONFIG_DIR`` overrides it (tests, portable installs)."""
    override = os.environ.get("EMBERDEEP_CONFIG_DIR")
    return Path(override) if override else platformdirs.user_config_path(APP_NAME)


def _read_field(table: Table, spec: dataclasses.Field[Any]) -> Any:
    if "choices" in spec.metadata:
        return table.choice(spec.name, spec.metadata["choices"])
    if "range" in spec.metadata:
        return table.integer(spec.name, *spec.metadata["range"])
    return table.get(spec.name, type(spec.default))


def parse_settings(source: str, text: str) -> tuple[Settings, list[str]]:
    """Settings from TOML text, plus one message per problem found (defaults fill the gaps)."""
    try:
        table = Table.parse(source, text)
    except DataError as exc:
        return Settings(), [f"{exc} (using default settings)"]
    fields = {spec.name: spec for spec in dataclasses.fields(Settings)}
    values: dict[str, Any] = {}
    problems: list[str] = []
    for name in table.names():
        if name not in fields:
            problems.append(str(table.error(name, "unknown setting, ignored")))
            continue
        try:
            values[name] = _read_field(table, fields[name])
        except DataError as exc:
            problems.append(f"{exc} (using {fields[name].default!r})")
    return Settings(**values), problems


def load_settings(path: Path | None = None) -> tuple[Settings, list[str]]:
    """Read ``settings.toml``; a missing file simply means defaults."""
    path = path or config_dir() / "settings.toml"
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return Settings(), []
    except (OSError, UnicodeDecodeError) as exc:
        return Settings(), [f"{path}: cannot be read ({exc}); using default settings"]
    return parse_settings(str(path), text)


def format_settings(settings: Settings) -> str:
    """TOML for ``settings``: every key, so the file documents what can be set."""
    lines = ["# Emberdeep settings. Every key is optional; see the README for what each does.", ""]
    for spec in dataclasses.fields(Settings):
        value = getattr(settings, spec.name)
        text = ("true" if value else "false") if isinstance(value, bool) else _quoted(value)
        lines.append(f"{spec.name} = {text}")
    return "\n".join(lines) + "\n"


def save_settings(settings: Settings, path: Path | None = None) -> str | None:
    """Write ``settings.toml``; returns a message for the player if that failed."""
    path = path or config_dir() / "settings.toml"
    try:
        write_atomically(path, format_settings(settings).encode("utf-8"))
    except OSError as exc:
        return f"could not save settings to {path}: {exc.strerror or exc}"
    return None


def _quoted(value: object) -> str:
    """A value as TOML writes it (JSON's text: a string quoted and escaped), when a
    setting is saved (``json`` is not imported at start-up)."""
    import json

    return json.dumps(value)
