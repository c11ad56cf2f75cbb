"""``emberdeep serve`` on the command line: clear refusals, and no cost to normal start-up."""

from __future__ import annotations

import socket
import subprocess
import sys
from pathlib import Path

import pytest

from emberdeep import cli


def test_a_taken_port_is_one_clear_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert cli.main(["serve", "--port", str(port), "--data", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"emberdeep: cannot listen on 127.0.0.1:{port}") and err.count("\n") == 1


def test_bad_numbers_are_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as refused:
        cli.main(["serve", "--port", "0", "--data", str(tmp_path)])
    assert refused.value.code == 2
    assert "argument --port: must be from 1 to 65535, not 0" in capsys.readouterr().err


def test_the_web_stack_is_imported_only_to_serve() -> None:
    code = (
        "import sys, emberdeep.cli; print(any(m in sys.modules for m in ('starlette', 'uvicorn')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_the_server_runs_on_uvloop_where_it_is_installed() -> None:
    """The web extra installs uvloop but on Windows (a fifth less of the server's CPU a
    key), and the server asks uvicorn for it; without it, asyncio's own loop."""
    from emberdeep.web import server

    assert server.event_loop() == ("asyncio" if sys.platform == "win32" else "uvloop")
