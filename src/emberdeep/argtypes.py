"""Argument types for every command's options: a bad value is refused while the line is
parsed, with argparse's one-line error (``cli.Parser``), never later with a traceback.

Shared by ``cli.py`` and the tools that add their own options (``tools/balance.py``), so
a seed means the same on every command: a number, or any word, as ``play`` takes it.
"""

from __future__ import annotations

import argparse


def seed(text: str) -> int:
    """A game seed: a number or any word (``rng.parse_seed``). The engine's rng (and with
    it numpy) is imported only when a seed is read: a command's help or a line without
    ``--seed`` needs neither."""
    from emberdeep.engine.core import rng

    try:
        return rng.parse_seed(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def typed_seed(text: str) -> str:
    """A game seed checked as ``seed`` checks it, kept as typed: ``play`` keeps a word
    for the character sheet (``rng.parse_seed`` makes it the number)."""
    seed(text)
    return text.strip()


def _whole(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None


def positive(text: str) -> int:
    """A count that must be at least 1 (games, turns, a depth, processes)."""
    value = _whole(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def natural(text: str) -> int:
    """A count that may be 0 (none) but never negative."""
    value = _whole(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"must be 0 or more, not {value}")
    return value


def port(text: str) -> int:
    """A TCP port to listen on."""
    value = _whole(text)
    if not 0 < value < 65536:
        raise argparse.ArgumentTypeError(f"must be from 1 to 65535, not {value}")
    return value


def _number(text: str) -> float:
    try:
        return float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None


def minutes(text: str) -> float:
    """A length of time in minutes, 0 or more."""
    value = _number(text)
    if not 0 <= value < float("inf"):
        raise argparse.ArgumentTypeError(f"must be 0 or more, not {text}")
    return value


def seconds(text: str) -> float:
    """A length of time in seconds, more than 0."""
    value = _number(text)
    if not 0 < value < float("inf"):
        raise argparse.ArgumentTypeError(f"must be more than 0, not {text}")
    return value


def unit(text: str) -> float:
    """A number from 0 to 1 (a learner's discount, entropy bonus or learning rate)."""
    value = _number(text)
    if not 0 <= value <= 1:
        raise argparse.ArgumentTypeError(f"must be from 0 to 1, not {text}")
    return value
