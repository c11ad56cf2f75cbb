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
