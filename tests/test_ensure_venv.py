"""scripts/ensure-venv, which ./play, ./test and the other scripts start with: it installs
only what is missing, so a newcomer's ./play right after ./test starts at once."""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from pathlib import Path

import pytest

SCRIPT = Path(__file__).parents[1] / "scripts" / "ensure-venv"

FAKE_PYTHON = """#!/bin/sh
# Stands for the venv's python: notes what pip was asked to install, installs nothing.
echo "$*" >> "$(dirname "$0")/../pip.log"
"""


@pytest.fixture
def checkout(tmp_path: Path) -> Path:
    """A checkout with its .venv already made, whose python only logs pip's requests."""
    (tmp_path / "scripts").mkdir()
    shutil.copy(SCRIPT, tmp_path / "scripts" / "ensure-venv")
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'x'\n")
    python = tmp_path / ".venv" / "bin" / "python"
    python.parent.mkdir(parents=True)
    python.write_text(FAKE_PYTHON)
    python.chmod(0o755)
    return tmp_path


def ensure(checkout: Path, extras: str = "") -> str | None:
    """Run the script asking for ``extras``: what it installed (pip's target), or None."""
    log = checkout / ".venv" / "pip.log"
    log.unlink(missing_ok=True)
    result = subprocess.run(
        ["sh", str(checkout / "scripts" / "ensure-venv"), *([extras] if extras else [])],
        capture_output=True, text=True, timeout=30, check=True,
    )  # fmt: skip
    if not log.exists():
        assert "installing" not in result.stderr
        return None
    assert "installing dependencies" in result.stderr
    return log.read_text().split()[-1]


def test_a_dev_install_counts_as_a_plain_one(checkout: Path) -> None:
    assert ensure(checkout, "dev") == ".[dev]"  # ./test, first
    assert ensure(checkout) is None  # then ./play: nothing more to install
    assert ensure(checkout, "dev") is None


def test_smaller_installs_do_not_count_as_bigger_ones(checkout: Path) -> None:
    assert ensure(checkout) == "."  # ./play, first
    assert ensure(checkout, "dev") == ".[dev]"  # ./test still needs its tools
    assert ensure(checkout, "build") == ".[build]"
    assert ensure(checkout, "dev,build") is None  # both are in, from two installs
    assert ensure(checkout, "dev,web") == ".[dev,web]"


def test_a_changed_pyproject_installs_again_what_is_asked(checkout: Path) -> None:
    assert ensure(checkout, "dev") == ".[dev]"
    installed, edited = time.time() - 20, time.time() - 10  # edited after the install
    os.utime(checkout / ".venv" / ".installed-dev", (installed, installed))
    os.utime(checkout / "pyproject.toml", (edited, edited))
    assert ensure(checkout) == "."  # the old dev stamp no longer vouches for anything
    assert ensure(checkout) is None
    assert ensure(checkout, "dev") == ".[dev]"
