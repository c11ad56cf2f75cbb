"""Every test runs headless (SDL's dummy video driver), with settings, saves and the
parsed-content cache in throwaway folders so no test touches a player's files."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
# Content is loaded once, as test modules are imported, before any fixture runs.
os.environ["EMBERDEEP_CACHE_DIR"] = tempfile.mkdtemp(prefix="emberdeep-test-cache-")


@pytest.fixture(autouse=True)
def _isolated_config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("EMBERDEEP_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("EMBERDEEP_DATA_DIR", str(tmp_path / "data"))
    yield
