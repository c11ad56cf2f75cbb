"""The seams the architecture promises, checked on the source: the engine writes no
English, the screens never run the world themselves, and nothing outside the engine
decides what a monster is up to from anything but the mode the engine set."""

from __future__ import annotations

import ast
import re
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "src" / "emberdeep"
DIAGNOSTICS = {"invariants.py", "rules.py"}
"""Engine modules whose words are diagnostics (the rule a soak run reports broken, or a
damaged save's reason), never narration."""
SENTENCE = re.compile(r"[A-Za-z]+ [a-z]+ [a-z]+")
"""Three words in a row: a sentence in the making (keys and codes are single words)."""


def sources(folder: str) -> list[Path]:
    return sorted((PACKAGE / folder).rglob("*.py"))


def prose(path: Path) -> list[str]:
    """String constants that read as English and are neither docstrings nor the message
    of an exception (a bug or a corrupt file, said by the caller's own words)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skipped: set[int] = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr):
            skipped.add(id(body[0].value))
        if isinstance(node, ast.Expr):  # an attribute's docstring
            skipped.add(id(node.value))
        if isinstance(node, ast.Raise):
            skipped |= {id(sub) for sub in ast.walk(node)}
    return [
        f"{path.name}:{node.lineno}: {node.value!r}"
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and id(node) not in skipped
        and SENTENCE.search(node.value)
    ]


def test_the_engine_composes_no_english() -> None:
    engine = [path for path in sources("engine") if path.name not in DIAGNOSTICS]
    assert [line for path in engine for line in prose(path)] == []


def test_the_check_finds_english_where_there_is_some(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text('"""Doc."""\nX = "The orc hits you."\nraise ValueError("a bad thing here")\n')
    assert prose(sample) == ["sample.py:2: 'The orc hits you.'"]


def world_calls(path: Path) -> list[str]:
    """Calls that advance a world (``step``, ``advance``, ``player_act``, ``perform``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [
        f"{path.name}:{node.lineno}: {ast.unparse(node.func)}()"
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr in ("step", "advance", "player_act", "perform")
        and "world" in ast.unparse(node.func.value)
    ]


def test_screens_drive_the_game_only_through_the_turn_driver() -> None:
    assert [line for path in sources("ui") for line in world_calls(path)] == []


MINDS = ("FLEE_BELOW", "HUNT_MEMORY", "flees_below", "guards", "hunting", "strays")
"""What the engine decides a monster's mode from: read above it, it is being recomputed."""


def behaviour_tests(path: Path) -> list[str]:
    """Comparisons with a creature's ``behaviour`` name, or reads of what the engine
    decides modes from."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            parts = [node.left, *node.comparators]
            if any(isinstance(p, ast.Attribute) and p.attr == "behaviour" for p in parts):
                found.append(f"{path.name}:{node.lineno}: compares .behaviour")
        if isinstance(node, ast.Attribute) and node.attr in MINDS:
            found.append(f"{path.name}:{node.lineno}: reads {node.attr}")
    return found


def test_nothing_above_the_engine_tests_a_behaviour_name() -> None:
    found = [
        line
        for folder in ("ui", "env", "agents", "session", "web")
        for path in sources(folder)
        for line in behaviour_tests(path)
    ]
    assert found == []


def test_the_mode_check_finds_a_recomputed_mode(tmp_path: Path) -> None:
    made_up = tmp_path / "screen.py"
    made_up.write_text("def doing(a):\n    return 'hunting you' if a.hunting else ''\n")
    assert behaviour_tests(made_up) == ["screen.py:2: reads hunting"]
