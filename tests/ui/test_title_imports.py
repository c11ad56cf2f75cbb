"""The title screen is a player's first frame: it is made and drawn without the
session's machinery, the play screen or ``filelock`` (a third of a start-up), which its
choices import when one is chosen; and without the world, the journal or the snapshot
code (content names the hero and mapgen the floor builder from modules of their own;
the saves and replays import them where a world is written or read)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

LATER = ("emberdeep.session.game", "emberdeep.session.playing", "emberdeep.ui.screens.play",
         "filelock", "emberdeep.engine.play.world", "emberdeep.engine.play.journal",
         "emberdeep.engine.saves.snapshot")  # fmt: skip


def test_the_title_screen_is_drawn_without_what_its_choices_lead_to(tmp_path: Path) -> None:
    code = (
        "import sys\n"
        "from emberdeep.config import Settings\n"
        "from emberdeep.content import loader\n"
        "from emberdeep.ui import render\n"
        "from emberdeep.ui.app import App\n"
        "from emberdeep.ui.screens.main_menu import MainMenu\n"
        "from pathlib import Path\n"
        f"app = App(loader.load(), Settings(), data=Path({str(tmp_path)!r}))\n"
        "MainMenu(app).draw(render.new_console(100, 52))\n"
        f"print(sorted(m for m in {LATER!r} if m in sys.modules))\n"
        "print(type(app.setup).__name__)\n"
        f"print(sorted(m for m in {LATER!r} if m in sys.modules))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True,
        env=os.environ | {"PYTHONPATH": str(Path(__file__).resolve().parents[2] / "src")},
    )  # fmt: skip
    before, chosen, after = done.stdout.splitlines()[-3:]
    assert before == "[]"
    assert chosen == "GameSetup" and "emberdeep.session.game" in after  # imported when asked


UNNEEDED = ("emberdeep.content.loader", "emberdeep.mapgen", "emberdeep.engine.monsters",
            "emberdeep.engine.acts", "numpy.random", "hashlib", "secrets",
            "importlib.resources", "zipfile", "difflib", "tomllib", "json")  # fmt: skip
"""What the title screen's first frame never needs when the content files are the ones
last found valid (``content/validated.py``): the content's loader and through it the
engine's kinds and the generators, numpy's random streams (a seed is drawn when a new
game is chosen) and ``secrets`` with ``hashlib``; nor ``importlib.resources`` with
``zipfile`` (the shipped files are read by ``shipped``), ``difflib`` (a key file's
suggestions), a TOML parser (the key presets' parse is kept, as the content's is) or
the standard library's ``json`` (msgspec's reads the stamp; saves write with it)."""


def test_a_start_up_on_content_found_valid_draws_the_title_without_loading_it(
    tmp_path: Path,
) -> None:
    env = os.environ | {
        "PYTHONPATH": str(Path(__file__).resolve().parents[2] / "src"),
        "EMBERDEEP_CACHE_DIR": str(tmp_path / "cache"),
        "EMBERDEEP_CONFIG_DIR": str(tmp_path / "config"),
        "EMBERDEEP_DATA_DIR": str(tmp_path / "data"),
    }
    start_up = (
        "import argparse, sys\n"
        "from emberdeep import cli\n"
        "from emberdeep.ui import render\n"
        "from emberdeep.ui.screens.main_menu import MainMenu\n"
        "app = cli.load_app(argparse.Namespace())\n"
        "MainMenu(app).draw(render.new_console(100, 52))\n"
        f"print(sorted(m for m in {UNNEEDED!r} if m in sys.modules))\n"
        "print(len(app.content.population.monsters.kinds) > 0)\n"
    )
    runs = [
        subprocess.run([sys.executable, "-c", start_up], capture_output=True, text=True,
                       check=True, env=env).stdout.splitlines()[-2:]
        for _ in range(2)
    ]  # fmt: skip
    first, second = runs
    assert first[0] != "[]"  # nothing said the files were valid: loaded, checked, stamped
    assert second == ["[]", "True"]  # then the title needed none of it; a game gets it all
