"""What ``emberdeep --version`` prints: the game's version, the libraries that shape a
game, and what a seed word stands for. Read from installed metadata, never by importing
the libraries, so that it costs about as much as starting Python."""

from __future__ import annotations

import os
import sys

from emberdeep import __version__


def print_version(argv: list[str]) -> int:
    """``emberdeep 0.1.0`` plus the libraries that shape a game; with ``--seed S``, the
    number S stands for, so players can check they share the same dungeon. The
    libraries' versions are read from their installed metadata, not by importing them:
    importing numpy and tcod is most of a start-up, and this prints two strings."""
    tcod, numpy = installed_version("tcod"), installed_version("numpy")
    print(f"emberdeep {__version__} (tcod {tcod}, numpy {numpy})")
    if "--seed" in argv and argv.index("--seed") + 1 < len(argv):
        text = argv[argv.index("--seed") + 1]
        from emberdeep.engine.core import rng

        try:
            print(f"seed {text!r} = {rng.parse_seed(text)}")
        except ValueError as exc:
            print(f"emberdeep: bad seed: {exc}", file=sys.stderr)
            return 2
    return 0


def installed_version(name: str) -> str:
    """The version of the installed distribution ``name``, from the name of its
    ``NAME-VERSION.dist-info`` folder on ``sys.path`` (the wheel format's rule), or else
    from ``importlib.metadata``, which says the same but whose import (the email parser)
    would be most of a ``--version``."""
    prefix = f"{name}-"
    for entry in sys.path:
        try:
            names = os.listdir(entry or ".")
        except OSError:  # a zip file, a folder gone
            continue
        for found in names:
            if found.startswith(prefix) and found.endswith(".dist-info"):
                return found[len(prefix) : -len(".dist-info")]
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version(name)
    except PackageNotFoundError:
        return "not installed"
