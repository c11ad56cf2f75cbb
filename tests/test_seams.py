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


SCREENS = "emberdeep.ui.screens"
"""The screens' package: what the web may show, never what it may look for."""


def screen_type_tests(path: Path) -> list[str]:
    """``isinstance``/``issubclass`` checks and ``case`` class patterns naming a screen
    class (a name imported from ``ui/screens``): finding a screen by its type to read
    the game from it, where the game object (``session/playing.py``) says it."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    screens: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith(SCREENS):
            screens |= {alias.asname or alias.name for alias in node.names}
        if isinstance(node, ast.Import):
            screens |= {a.asname or a.name for a in node.names if a.name.startswith(SCREENS)}

    def names(node: ast.AST) -> set[str]:
        return {ast.unparse(sub) for sub in ast.walk(node) if isinstance(sub, ast.Name)} | {
            ast.unparse(sub) for sub in ast.walk(node) if isinstance(sub, ast.Attribute)
        }

    found = []
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in ("isinstance", "issubclass")
            and len(node.args) == 2
            and names(node.args[1]) & screens
        ):
            found.append(f"{path.name}:{node.lineno}: {ast.unparse(node)}")
        if isinstance(node, ast.MatchClass) and names(node.cls) & screens:
            found.append(f"{path.name}:{node.lineno}: case {ast.unparse(node.cls)}()")
    return sorted(found)


def test_the_web_finds_no_screen_by_type() -> None:
    """The screen-reader mode (and all of ``web/``) reads the game from the game object
    the app holds, never by digging a screen out of the stack."""
    assert [line for path in sources("web") for line in screen_type_tests(path)] == []


def test_the_screen_type_check_finds_a_screen_looked_for(tmp_path: Path) -> None:
    made_up = tmp_path / "reader.py"
    made_up.write_text(
        "from emberdeep.ui.screens.play import PlayScreen\n"
        "from emberdeep.ui.screens import main_menu as menus\n"
        "def play(stack):\n"
        "    return [s for s in stack.screens if isinstance(s, (int, PlayScreen))]\n"
        "def menu(screen):\n"
        "    match screen:\n"
        "        case menus.MainMenu():\n"
        "            return isinstance(screen, str)\n"
    )
    assert screen_type_tests(made_up) == [
        "reader.py:4: isinstance(s, (int, PlayScreen))",
        "reader.py:7: case menus.MainMenu()",
    ]


NAMED = ("effect", "behaviour")
"""What an item's or a creature's registry entry is named by: read outside the engine
and content only through the entry's facts (``ItemKind.facts``), never by its name."""
OUTSIDE = tuple(
    folder.name
    for folder in sorted(PACKAGE.iterdir())
    if folder.is_dir() and folder.name not in ("engine", "content", "__pycache__")
)


def _named(node: ast.AST) -> bool:
    """``x.effect``, ``x.behaviour``, or a plain ``effect`` variable."""
    if isinstance(node, ast.Attribute):
        return node.attr in NAMED
    return isinstance(node, ast.Name) and node.id in NAMED


def name_tests(path: Path) -> list[str]:
    """Where an effect's or a behaviour's name is decided on: compared (``==``, ``in``,
    with a literal or a set of them), used as a key (``TABLE[kind.effect]``,
    ``.get(kind.effect)``) or asked about (``kind.effect.startswith(...)``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare) and any(map(_named, [node.left, *node.comparators])):
            found.append(f"{path.name}:{node.lineno}: compares a name")
        if isinstance(node, ast.Subscript) and any(map(_named, ast.walk(node.slice))):
            found.append(f"{path.name}:{node.lineno}: looks up by a name")
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            keyed = node.func.attr == "get" and any(map(_named, node.args[:1]))
            if keyed or _named(node.func.value):
                found.append(f"{path.name}:{node.lineno}: asks a name")
    return found


def test_nothing_outside_the_engine_decides_on_an_effect_or_behaviour_name() -> None:
    found = [line for folder in OUTSIDE for path in sources(folder) for line in name_tests(path)]
    assert found == []


def test_the_name_check_finds_every_form(tmp_path: Path) -> None:
    made_up = tmp_path / "bot.py"
    made_up.write_text(
        "def f(kind, effect, TABLE):\n"
        "    a = kind.effect == 'thrown'\n"
        "    b = kind.effect in ('thrown', 'key')\n"
        "    c = effect == 'fireball'\n"
        "    d = TABLE[kind.effect]\n"
        "    e = TABLE.get(kind.effect)\n"
        "    f = kind.effect.startswith('bo')\n"
        "    g = monster.behaviour != 'still'\n"
        "    return kind.facts.thrown\n"
    )
    assert [line.split(": ")[0] for line in name_tests(made_up)] == [
        f"bot.py:{n}" for n in range(2, 9)
    ]
