"""Screens say what comes next, and the stack does it without guessing: each result kind
is carried out as named, the stack reads no flag of the screens it is given, and the
overlays over a game know it only through the ``PlayView`` protocol."""

from __future__ import annotations

import ast
import typing
from pathlib import Path

import pytest
import tcod.console

from emberdeep.config import Settings
from emberdeep.content import loader
from emberdeep.engine.things.items import Item
from emberdeep.ui.input import InputEvent, KeyPress
from emberdeep.ui.screens import Pop, PopTo, Push, Quit, Reset, Result, Stay
from emberdeep.ui.screens.inventory import InventoryScreen
from emberdeep.ui.screens.level_up import LevelUpScreen
from emberdeep.ui.screens.play import PlayScreen
from emberdeep.ui.screens.targeting import TargetingScreen
from emberdeep.ui.stack import ScreenStack
from tests.helpers import ORC, add_monster, world_from_text

UI = Path(__file__).resolve().parents[2] / "src" / "emberdeep" / "ui"
PLAY_OWNERS = {"play.py", "main_menu.py", "replay.py"}
"""Modules under ``ui/screens`` that may name ``PlayScreen``: itself, the title (it starts
a game) and the replay (it plays a journal through one)."""


class Says:
    """A screen that answers every input with the result it is given."""

    def __init__(self, then: Result | None = None) -> None:
        self.then: Result = then or Stay()

    def handle(self, event: InputEvent) -> Result:
        return self.then

    def draw(self, console: tcod.console.Console) -> None:
        pass


def stack_saying(then: Result) -> tuple[ScreenStack, list[Says]]:
    """Three screens on a stack, the top one answering ``then``."""
    screens = [Says(), Says(), Says(then)]
    stack = ScreenStack(screens[0])
    for screen in screens[1:]:
        stack.follow(Push(screen))
    return stack, screens


def test_each_result_is_carried_out_as_named() -> None:
    opened = Says()
    expected: list[tuple[Result, list[int | Says]]] = [
        (Stay(), [0, 1, 2]),
        (Push(opened), [0, 1, 2, opened]),
        (Pop(), [0, 1]),
        (Reset(opened), [opened]),
        (Quit(), []),
    ]
    for result, shown in expected:
        stack, screens = stack_saying(result)
        stack.handle(KeyPress("x"))
        assert stack.screens == [s if isinstance(s, Says) else screens[s] for s in shown], result
    for below in (0, 1, 2):
        stack, screens = stack_saying(Stay())
        screens[2].then = PopTo(screens[below])
        stack.handle(KeyPress("x"))
        assert stack.screens == screens[: below + 1]
    assert stack_saying(Quit())[0].top is not None  # nothing happens before an input


def test_going_back_to_a_screen_not_shown_is_a_bug_said_at_once() -> None:
    stack, _ = stack_saying(PopTo(Says()))
    with pytest.raises(ValueError, match="not on the stack"):
        stack.handle(KeyPress("x"))


def test_a_screen_lower_down_returned_inside_push_is_pushed_again_not_popped_to() -> None:
    """The old stack went back down to any screen it already held; now only ``PopTo``
    does, and a ``Push`` always opens."""
    stack, screens = stack_saying(Stay())
    screens[2].then = Push(screens[0])
    stack.handle(KeyPress("x"))
    assert stack.screens == [*screens, screens[0]]


def test_a_command_from_an_overlay_on_an_overlay_goes_back_to_the_play_screen() -> None:
    """Aiming from the inventory: the fireball is cast and both close (``PopTo``); a
    level gained opens its choice over what is open, and spending it closes them all."""
    kinds = {kind.key: kind for kind in loader.load().population.items.kinds}
    world = world_from_text("##############\n#.@..........#\n##############")
    world.inventory.append(Item(kinds["fireball_scroll"]))
    world.identity.learn(kinds["fireball_scroll"])
    add_monster(world, ORC, 7, 1, hunting=False)
    world.refresh_fov()
    play = PlayScreen.of(world, loader.load(), Settings())
    stack = ScreenStack(play)
    stack.handle(KeyPress("i"))
    stack.handle(KeyPress("a"))
    assert [type(s) for s in stack.screens] == [PlayScreen, InventoryScreen, TargetingScreen]
    world.player.xp = world.xp_to_next  # the next turn levels up
    stack.handle(KeyPress("enter"))  # at the orc, the nearest foe
    assert not world.inventory and world.turn == 1
    assert [type(s) for s in stack.screens][-1] is LevelUpScreen
    stack.handle(KeyPress("a"))
    assert stack.screens == [play] and world.player.level == 2


def imported_names(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            names |= {f"{node.module}.{alias.name}" for alias in node.names}
        elif isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
    return names


def names_used(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {node.id for node in ast.walk(tree) if isinstance(node, ast.Name)} | {
        node.attr for node in ast.walk(tree) if isinstance(node, ast.Attribute)
    }


def test_overlays_and_the_cursor_know_the_play_view_only_by_its_protocol() -> None:
    modules = [*sorted((UI / "screens").glob("*.py")), UI / "cursor.py", UI / "play_view.py"]
    naming = [
        path.name
        for path in modules
        if path.name not in PLAY_OWNERS
        and (
            "PlayScreen" in names_used(path)
            or any(name.startswith("emberdeep.ui.screens.play") for name in imported_names(path))
        )
    ]
    assert naming == []


def test_the_stack_follows_results_by_kind_and_reads_no_screen_flag() -> None:
    source = (UI / "stack.py").read_text(encoding="utf-8")
    tree = ast.parse(source)
    (follow,) = [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef) and n.name == "follow"]
    (match,) = [n for n in follow.body if isinstance(n, ast.Match)]
    matched = set()
    for case in match.cases:
        assert isinstance(case.pattern, ast.MatchClass), ast.dump(case.pattern)
        assert isinstance(case.pattern.cls, ast.Name)
        matched.add(case.pattern.cls.id)
    assert matched == {kind.__name__ for kind in typing.get_args(Result)}
    calls = {
        node.func.id
        for node in ast.walk(follow)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
    }
    assert not calls & {"getattr", "hasattr", "isinstance", "is_overlay"}
    assert '"overlay"' not in source
    flagged = [
        path.name
        for path in sorted(UI.rglob("*.py"))
        if any(
            isinstance(node, ast.Name) and node.id == "overlay"
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        )
    ]
    assert flagged == []  # no screen says "overlay = True" for the stack to guess from
