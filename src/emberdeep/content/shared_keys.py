"""Keys more than one content file has, checked one way wherever they appear: weights
and counts by depth (``by_depth``), a name's ``plural`` and ``article``, and the bounds on
any number or depth.

Its own module so that the parsers of each file agree on them without importing one
another.
"""

from __future__ import annotations

from emberdeep.content.tomldata import Table
from emberdeep.engine.creatures.spawning import ByDepth

MAX_STAT = 10_000
MAX_DEPTH = 1_000


def by_depth(table: Table, name: str, lo: int = 0) -> ByDepth:
    """``[[from_depth, value], ...]`` with depths rising and values >= ``lo``."""
    raw = table.get(name, list)
    steps: list[tuple[int, int]] = []
    for step in raw:
        ok = (
            isinstance(step, list)
            and len(step) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in step)
        )
        if not ok or not 1 <= step[0] <= MAX_DEPTH or not lo <= step[1] <= MAX_STAT:
            raise table.error(name, f"expected [[from_depth, value], ...] pairs, got {step!r}")
        if steps and step[0] <= steps[-1][0]:
            raise table.error(name, "depths must rise from one step to the next")
        steps.append((step[0], step[1]))
    return ByDepth(tuple(steps))


ARTICLES = ("a", "an", "the")
"""What a name's ``article`` key may say (``session/grammar.py`` writes them)."""


MAX_NAME = 40
"""The longest name or plural a message may carry."""


def plural_key(table: Table) -> str:
    """The ``plural`` key: how the log names more than one (a short, non-empty name)."""
    value = table.get("plural", str, "")
    if "plural" in table and not 0 < len(value.strip()) <= MAX_NAME:
        raise table.error("plural", f"expected a name of 1 to {MAX_NAME} characters")
    return value
