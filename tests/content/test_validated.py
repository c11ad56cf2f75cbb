"""The stamp that lets a start-up load content when first needed: it is believed only
for the very files it was made from, a stamp in any other state is ignored, and
believing a stamp that lies costs a clear message when a game starts, never a game on
damaged content or a traceback."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from emberdeep import cli
from emberdeep.config import Settings
from emberdeep.content import loader, parsed, validated
from emberdeep.content.tomldata import DataError
from emberdeep.ui.app import App, DeferredContent
from tests.helpers import load_fresh


@pytest.fixture
def stamp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("EMBERDEEP_CACHE_DIR", str(tmp_path / "cache"))
    return tmp_path / "cache" / validated.STAMP_NAME


def test_loading_stamps_the_files_it_found_valid(stamp: Path) -> None:
    assert validated.validated() is None  # nothing says so yet
    content = load_fresh()
    known = validated.validated()
    assert known is not None and "monsters.toml" in known.files and "sprites.toml" in known.files
    plain = {name for name, p in content.palettes.items() if content.recoloured(name) is content}
    assert known.plain_palettes == plain and "default" in plain and "high-contrast" not in plain
    before = stamp.read_bytes()
    load_fresh()
    assert stamp.read_bytes() == before  # the same files: the same stamp


def test_a_file_changed_since_its_stamp_is_not_believed_valid(
    stamp: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    load_fresh()
    real = parsed.content_text
    monkeypatch.setattr(
        parsed, "content_text", lambda name: real(name) + ("#\n" if name == "items.toml" else "")
    )
    monkeypatch.setattr(validated, "content_text", parsed.content_text)
    assert validated.validated() is None


@pytest.mark.parametrize(
    "damage",
    [
        b"",
        b"\xff\xfe",
        b"{not json",
        b"[1]",
        b'{"format": 99, "files": {"items.toml": [1, 2]}, "plain_palettes": []}',
        b'{"format": 1, "files": {}, "plain_palettes": []}',
        b'{"format": 1, "files": {"items.toml": [1, 2]}, "plain_palettes": []}',
        b'{"format": 1, "files": {"../cli.py": [1, 2]}, "plain_palettes": []}',
        b'{"format": 1, "files": {"nothing.toml": [0, 0]}, "plain_palettes": []}',
        b'{"format": 1, "files": {"items.toml": "x"}, "plain_palettes": "default"}',
        b"[" * 100_000,
    ],
)
def test_a_stamp_in_any_other_state_is_ignored_and_made_again(stamp: Path, damage: bytes) -> None:
    stamp.parent.mkdir(parents=True)
    stamp.write_bytes(damage)
    assert validated.validated() is None
    load_fresh()
    assert validated.validated() is not None


def test_the_title_waits_for_content_only_in_a_palette_that_changes_nothing(
    stamp: Path,
) -> None:
    loads: list[str] = []

    def load() -> loader.Content:
        loads.append("load")
        return loader.load()

    plain = App(DeferredContent(load, frozenset({"default"})), Settings(), data=None)
    assert not loads and plain.drawable  # nothing loaded for the title
    assert plain.content is loader.load() and loads == ["load"]
    bright = App(DeferredContent(load, frozenset({"default"})), Settings(palette="high-contrast"))
    assert loads == ["load", "load"] and bright.content.palette is not None  # its colours, now


def test_a_stamp_that_lied_ends_the_game_with_the_reason_when_content_is_needed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def damaged() -> loader.Content:
        raise DataError("items.toml:3: potion: expected a number")

    monkeypatch.setattr(loader, "load", damaged)
    app = App(DeferredContent(cli.load_content, frozenset({"default"})), Settings(), data=None)
    with pytest.raises(SystemExit) as ended:
        app.setup.new_game(1)
    assert str(ended.value) == (
        "emberdeep: the game's data is damaged: items.toml:3: potion: expected a number"
    )


def test_a_stamp_is_json_a_person_can_read(stamp: Path) -> None:
    load_fresh()
    said = json.loads(stamp.read_text(encoding="utf-8"))
    assert said["format"] == validated.FORMAT and said["plain_palettes"] == ["default"]
    assert all(len(mark) == 2 for mark in said["files"].values())


def test_a_game_started_on_a_stamp_that_lied_says_why_and_ends_without_a_traceback(
    tmp_path: Path,
) -> None:
    """End to end: the title is made on the stamp's word, the game's start finds the
    data damaged (a loader made to fail, as a file edited after the stamp would), and
    the process says so in one line and ends with status 1, its window closed."""
    env = os.environ | {
        "PYTHONPATH": str(Path(__file__).resolve().parents[2] / "src"),
        "EMBERDEEP_CACHE_DIR": str(tmp_path / "cache"),
        "EMBERDEEP_CONFIG_DIR": str(tmp_path / "config"),
        "EMBERDEEP_DATA_DIR": str(tmp_path / "data"),
        "SDL_VIDEODRIVER": "dummy",
    }
    stamped = "from emberdeep.content import loader; loader.load()"
    subprocess.run([sys.executable, "-c", stamped], check=True, env=env)
    lied = (
        "import sys\n"
        "from emberdeep import cli\n"
        "from emberdeep.content import loader\n"
        "from emberdeep.content.tomldata import DataError\n"
        "def damaged():\n"
        "    raise DataError('items.toml:3: potion: expected a number')\n"
        "loader.load = damaged\n"
        "sys.exit(cli.main(['play', '--seed', '1', '--frames', '1']))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", lied], check=False, capture_output=True, text=True, env=env
    )
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert done.stderr.strip().splitlines()[-1] == (
        "emberdeep: the game's data is damaged: items.toml:3: potion: expected a number"
    )
