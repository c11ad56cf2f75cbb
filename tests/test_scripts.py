"""The shell scripts a newcomer meets first. scripts/ensure-venv, which ./play, ./test and
the other scripts start with, installs only what is missing, so ./play right after ./test
starts at once; scripts/test-tools, which ./test runs before pytest, says which programs
the tests need are missing and how to get them."""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[1]
SCRIPT = ROOT / "scripts" / "ensure-venv"

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


def run_test_tools(path: Path) -> subprocess.CompletedProcess[str]:
    """scripts/test-tools run with only ``path`` on PATH, and PostgreSQL looked for in
    ``path``/postgresql as Debian's /usr/lib/postgresql."""
    return subprocess.run(
        ["/bin/sh", str(ROOT / "scripts" / "test-tools")],
        capture_output=True, text=True, timeout=30, check=False,
        env={"PATH": str(path), "POSTGRESQL_LIB": str(path / "postgresql")},
    )  # fmt: skip


def install(folder: Path, *programs: str) -> None:
    """Stand-ins on PATH for ``programs`` (test-tools only looks them up)."""
    for program in programs:
        (folder / program).write_text("#!/bin/sh\n")
        (folder / program).chmod(0o755)


def test_missing_test_programs_get_one_line_saying_how_to_install_them(tmp_path: Path) -> None:
    result = run_test_tools(tmp_path)
    assert result.returncode == 0 and result.stdout == ""  # a note: ./test carries on
    [line] = result.stderr.splitlines()
    assert "tmux (for the terminal end-to-end tests)" in line
    assert "chromium (for the browser tests)" in line
    assert "PostgreSQL (for the shared-database tests)" in line
    assert line.endswith("sudo apt-get install tmux chromium postgresql")
    install(tmp_path, "tmux")
    [line] = run_test_tools(tmp_path).stderr.splitlines()
    assert "tmux" not in line and line.endswith("sudo apt-get install chromium postgresql")
    install(tmp_path, "chromium")
    [line] = run_test_tools(tmp_path).stderr.splitlines()
    assert line.endswith("sudo apt-get install postgresql")
    (tmp_path / "postgresql" / "16" / "bin").mkdir(parents=True)
    install(tmp_path / "postgresql" / "16" / "bin", "initdb")
    assert run_test_tools(tmp_path).stderr == ""  # nothing to say when all are there


def test_test_notes_missing_programs_before_it_installs_or_runs_anything() -> None:
    lines = [line for line in (ROOT / "test").read_text().splitlines() if line[:1] not in "#"]
    note = next(n for n, line in enumerate(lines) if line.startswith("scripts/test-tools"))
    setup = next(n for n, line in enumerate(lines) if line.startswith("scripts/ensure-venv"))
    assert note < setup  # before the first run's minutes of installing
    assert lines[-1].startswith("exec .venv/bin/python -m pytest")


def test_the_first_install_shows_what_it_installs(checkout: Path) -> None:
    """pip's lines reach the terminal: a quiet install of the dev extra looked hung."""
    text = (checkout / "scripts" / "ensure-venv").read_text()
    (install_line,) = [line for line in text.splitlines() if "-m pip install" in line]
    assert "--quiet" not in install_line and install_line.rstrip().endswith(">&2")
    assert ensure(checkout, "dev") == ".[dev]"
