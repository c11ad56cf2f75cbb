"""A throwaway PostgreSQL cluster (Debian's ``postgresql`` package; ``.ci/run`` installs
it): ``initdb`` in a fresh folder, the server on a Unix socket only (no TCP port), trust
authentication, stopped and removed at the end. PostgreSQL refuses to run as root, so as
root the cluster is run by the ``postgres`` user the package creates."""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

from tests.web.live import free_port


def binaries() -> Path:
    """The newest installed PostgreSQL's ``bin`` folder; the test fails if there is none."""
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"), key=lambda p: p.parts)
    if not found:
        pytest.fail("PostgreSQL is missing: apt-get install postgresql (.ci/run installs it)")
    return found[-1].parent


class Cluster:
    """One cluster: ``url`` is what ``emberdeep serve --database`` is given."""

    def __init__(self) -> None:
        self.bin = binaries()
        self.root = Path(tempfile.mkdtemp(prefix="emberdeep-pg-"))
        self.port = free_port()
        self.as_root = os.geteuid() == 0
        self.user = "postgres" if self.as_root else os.environ.get("USER", "postgres")
        if self.as_root:
            shutil.chown(self.root, "postgres", "postgres")

    @property
    def url(self) -> str:
        return f"postgresql://{self.user}@/postgres?host={self.root}&port={self.port}"

    def run(self, *command: str) -> None:
        prefix = ["runuser", "-u", "postgres", "--"] if self.as_root else []
        subprocess.run([*prefix, *command], check=True, capture_output=True, timeout=120)

    def start(self) -> Cluster:
        data = str(self.root / "data")
        self.run(
            str(self.bin / "initdb"), "-D", data, "--auth=trust", "-U", self.user, "-E", "UTF8"
        )
        options = f"-k {self.root} -p {self.port} -c listen_addresses='' -c fsync=off"
        log = str(self.root / "log")
        self.run(str(self.bin / "pg_ctl"), "-D", data, "-o", options, "-l", log, "-w", "start")
        return self

    def stop(self) -> None:
        try:
            self.run(str(self.bin / "pg_ctl"), "-D", str(self.root / "data"), "-m", "fast", "stop")
        finally:
            shutil.rmtree(self.root, ignore_errors=True)
