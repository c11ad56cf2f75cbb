"""The layers the architecture promises (``docs/architecture.md``), checked on the source.

``LAYERS`` is the one order, lowest first. A module may import modules of its own
package and of any lower tier, never of a higher one; packages that share a tier never
import each other. Every module of ``src/emberdeep`` belongs to exactly one layer, so a
new package fails here until someone decides where it sits. ``NOT_PAST`` adds the few
narrower rules the order alone cannot say, and no modules may import one another in a
circle at run time.

Imports are read from the source, including those inside functions (a lazy import is
still a dependency, only a later one), but not those under ``if TYPE_CHECKING:``, which
never run.
"""

from __future__ import annotations

import ast
from collections.abc import Mapping, Set
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parent.parent / "src"
PACKAGE = SRC / "emberdeep"
ROOT = "emberdeep"

LAYERS: tuple[tuple[str, ...], ...] = (
    # The package itself: __version__ and APP_NAME, plain names that import nothing.
    ("emberdeep",),
    # The bounds every loader checks before it parses or runs anything, the methods
    # records share and the reading of the files shipped in the package (they import
    # nothing of the game, so any layer may use them).
    ("emberdeep.bounds", "emberdeep.records", "emberdeep.shipped"),
    # The simulation: no UI, no files, no clocks.
    ("emberdeep.engine",),
    # The types of the command line's options, shared with every module that adds its
    # own (tools, the web server's command: a seed means the same everywhere), and what
    # ``--version`` prints; both read seeds with the engine's rng and import nothing else.
    ("emberdeep.argtypes", "emberdeep.about"),
    # Floor generators, building floors of the engine's tiles.
    ("emberdeep.mapgen",),
    # TOML data and its loader (it checks generator names against mapgen).
    ("emberdeep.content",),
    # Saves, replays, the journal, the hall of fame, locks, atomic writes.
    ("emberdeep.storage",),
    # Settings: plain data read by the session and everything above it. Its choices come
    # from the vocabularies below (render modes, palettes, FOV algorithms, generators)
    # and it is written with storage's atomic write, so it sits just above storage; as
    # it reads no game state, nothing below needs it.
    ("emberdeep.config",),
    # A game's life: new, continue, save policy, end (and its morgue file).
    ("emberdeep.session",),
    # Programs that play: the bot.
    ("emberdeep.agents",),
    # Screens, the stack, the loop, presenters, rendering, keys.
    ("emberdeep.ui",),
    # Both built on ui and unknown to it: env draws its frames with ui's renderer, web
    # runs ui's screens with its own presenter; both take their words from the session.
    # Side by side: neither imports the other.
    ("emberdeep.env", "emberdeep.web"),
    # Developer tools (bench, soak, balance, screenshots): never imported by the game.
    ("emberdeep.tools",),
    # The command line: with the modules it hands a command's options to, the only code
    # that reads arguments.
    ("emberdeep.cli",),
    # ``python -m emberdeep``: runs the command line.
    ("emberdeep.__main__",),
)
"""The import order, lowest first; each tier holds the top-level modules and packages of
``emberdeep`` that sit side by side."""

NOT_PAST: Mapping[str, tuple[str, ...]] = {
    # The screens reach saves, listings and the hall of fame through the session
    # (session/records.py), so how games are kept on disk is known below it only.
    "emberdeep.ui": ("emberdeep.storage",),
    # Storage keeps what the engine made: whatever a save needs of content or of the
    # generators (a floor builder, the item and creature kinds) its caller hands in.
    "emberdeep.storage": ("emberdeep.mapgen", "emberdeep.content"),
}
"""Lower layers a layer must still not import directly, beyond what ``LAYERS`` forbids."""


def module_name(path: Path) -> str:
    parts = path.relative_to(SRC).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = frozenset(module_name(p) for p in PACKAGE.rglob("*.py"))


def run_time_nodes(tree: ast.AST) -> list[ast.AST]:
    """Every node but those under ``if TYPE_CHECKING:`` (never imported at run time)."""
    nodes: list[ast.AST] = []
    todo = [tree]
    while todo:
        node = todo.pop()
        nodes.append(node)
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                todo.extend(child.orelse)
            else:
                todo.append(child)
    return nodes


def imports_of(path: Path) -> set[str]:
    """Every emberdeep module ``path`` imports at run time, at the top or in a function."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in run_time_nodes(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(package.split(".")[: len(package.split(".")) - node.level + 1])
                base = f"{base}.{node.module}" if node.module else base
            found.add(base)
            found |= {f"{base}.{alias.name}" for alias in node.names}
    return {m for m in found if m in MODULES and m != name}


GRAPH = {module_name(p): imports_of(p) for p in sorted(PACKAGE.rglob("*.py"))}
"""Module -> the emberdeep modules it imports at run time."""


def unit(module: str) -> str:
    """The layer member ``module`` belongs to: the package itself (only the root
    ``__init__``), or the top-level module or package of ``emberdeep`` it is in."""
    parts = module.split(".")
    return ROOT if len(parts) == 1 else ".".join(parts[:2])


def tier_of(layers: tuple[tuple[str, ...], ...]) -> dict[str, int]:
    """Layer member -> its tier's index in ``layers`` (lowest 0)."""
    return {member: index for index, tier in enumerate(layers) for member in tier}


def order_breaches(graph: Mapping[str, Set[str]], layers: tuple[tuple[str, ...], ...]) -> list[str]:
    """Every import of a higher tier, or of another package in the same tier."""
    tier = tier_of(layers)
    bad = []
    for module, targets in sorted(graph.items()):
        for target in sorted(targets):
            mine, theirs = unit(module), unit(target)
            if tier[theirs] > tier[mine]:
                bad.append(f"{module} imports {target}, a higher layer")
            elif tier[theirs] == tier[mine] and theirs != mine:
                bad.append(f"{module} imports {target}, beside it in the same tier")
    return bad


def cycles(graph: Mapping[str, Set[str]]) -> list[list[str]]:
    """The import circles: Tarjan's strongly connected components of more than one
    module. A module's import of a package it is inside is left out: that package's
    ``__init__`` has already run, whatever it imports of its own modules."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def edges(module: str) -> list[str]:
        return sorted(t for t in graph[module] if not module.startswith(t + "."))

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        on_stack.add(module)
        for target in edges(module):
            if target not in index:
                visit(target)
                low[module] = min(low[module], low[target])
            elif target in on_stack:
                low[module] = min(low[module], index[target])
        if low[module] == index[module]:
            component = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == module:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for module in sorted(graph):
        if module not in index:
            visit(module)
    return found


def test_every_module_is_in_exactly_one_layer() -> None:
    members = [member for tier in LAYERS for member in tier]
    assert sorted(m for m in set(members) if members.count(m) > 1) == [], "placed twice"
    unplaced = sorted({unit(module) for module in GRAPH} - set(members))
    assert unplaced == [], "new packages or modules: add each to LAYERS where it belongs"
    assert sorted(set(members) - {unit(module) for module in GRAPH}) == [], "no such module"


@pytest.mark.parametrize("member", [member for tier in LAYERS for member in tier])
def test_a_layer_imports_only_lower_layers(member: str) -> None:
    graph = {module: GRAPH[module] for module in GRAPH if unit(module) == member}
    assert order_breaches(graph, LAYERS) == []


@pytest.mark.parametrize("member", sorted(NOT_PAST))
def test_a_layer_does_not_reach_past_the_layers_between(member: str) -> None:
    bad = [
        f"{module} imports {target}"
        for module, targets in sorted(GRAPH.items())
        if unit(module) == member
        for target in sorted(targets)
        if unit(target) in NOT_PAST[member]
    ]
    assert bad == []


def test_no_import_cycles_at_run_time() -> None:
    """No two modules import each other, nor any longer circle: each module can be
    understood, tested and imported after the ones it uses."""
    assert cycles(GRAPH) == []


def test_the_graph_sees_real_imports() -> None:
    assert "emberdeep.engine.play.world" in GRAPH["emberdeep.session.setup"]
    assert any(t.startswith("emberdeep.engine") for t in GRAPH["emberdeep.mapgen.populate"])
    assert "emberdeep.tools.soak" in GRAPH["emberdeep.cli"]  # imported inside a function
    assert "emberdeep.ui.screens" not in GRAPH["emberdeep.ui.app"]  # only for TYPE_CHECKING


def test_the_checks_catch_what_they_are_for() -> None:
    """On a made-up graph: a higher import, an import beside, and a circle are found."""
    layers = (("emberdeep",), ("emberdeep.low",), ("emberdeep.left", "emberdeep.right"))
    graph = {
        "emberdeep": set(),
        "emberdeep.low": {"emberdeep.right"},  # up a tier
        "emberdeep.left": {"emberdeep.left.a"},  # a package importing its own module
        "emberdeep.left.a": {"emberdeep.left", "emberdeep.left.b", "emberdeep.low"},
        "emberdeep.left.b": {"emberdeep.left.a", "emberdeep.right"},  # back, and beside
        "emberdeep.right": {"emberdeep"},
    }
    assert order_breaches(graph, layers) == [
        "emberdeep.left.b imports emberdeep.right, beside it in the same tier",
        "emberdeep.low imports emberdeep.right, a higher layer",
    ]
    assert cycles(graph) == [["emberdeep.left.a", "emberdeep.left.b"]]


ENGINE = PACKAGE / "engine"
ENGINE_ROOMS: tuple[str, ...] = (
    # Words every part of the engine shares: events, the seeded streams, the floor and
    # its maps (field of view, distances, flights), creatures as bodies with a place.
    "core",
    # What can be carried: item kinds, their effects' facts, identification.
    "things",
    # What happens to a creature: harm, statuses, hunger, awareness, allies, combat and
    # the gear it wears.
    "creatures",
    # What the floor does to those on it: gas, traps, water, lava, chasms.
    "terrain",
    # What a creature can do: actions, magic, using and throwing items, their targets.
    "acts",
    # How creatures close on a foe and whose side they are on: the chase, the sides.
    "chase",
    # How monsters decide and come and go: minds, abilities, arrivals, the stairs.
    "monsters",
    # The game as a whole: the world, its clock, runs, the journal and the invariants.
    "play",
    # The save format: snapshots and their readers.
    "saves",
)
"""The engine's sub-packages, lowest first: a room imports only rooms below it."""


def room(module: str) -> str | None:
    parts = module.split(".")
    return parts[2] if len(parts) > 3 and parts[1] == "engine" else None


def test_every_engine_module_is_in_a_room() -> None:
    loose = sorted(p.name for p in ENGINE.glob("*.py") if p.name != "__init__.py")
    assert loose == [], "put each engine module in one of ENGINE_ROOMS"
    folders = sorted(p.name for p in ENGINE.iterdir() if p.is_dir() and p.name != "__pycache__")
    assert folders == sorted(ENGINE_ROOMS)


def test_an_engine_room_imports_only_lower_rooms() -> None:
    order = {name: index for index, name in enumerate(ENGINE_ROOMS)}
    bad = [
        f"{module} imports {target}"
        for module, targets in sorted(GRAPH.items())
        if (mine := room(module)) is not None
        for target in sorted(targets)
        if (theirs := room(target)) is not None and order[theirs] > order[mine]
    ]
    assert bad == []


@pytest.mark.parametrize("name", ENGINE_ROOMS)
def test_no_engine_room_is_over_2500_lines(name: str) -> None:
    lines = sum(
        len(p.read_text(encoding="utf-8").splitlines()) for p in (ENGINE / name).glob("*.py")
    )
    assert lines <= 2500


COMMAND_METHODS = frozenset({"perform", "refusal"})
"""A command's methods take ``(world, actor)`` whatever they read: one signature for
every command (``engine/acts/actions.py``), so anything may ask any command."""


def world_rules(tree: ast.AST) -> set[str]:
    """The functions a module lists in its ``WORLD_RULES`` table (``engine/play/rules.py``):
    each takes the world whatever it reads, one signature for every rule of a world."""
    return {
        element.id
        for node in ast.walk(tree)
        if isinstance(node, ast.AnnAssign | ast.Assign)
        and "WORLD_RULES"
        in ast.unparse(node.target if isinstance(node, ast.AnnAssign) else node.targets[0])
        and isinstance(node.value, ast.Tuple)
        for element in node.value.elts
        if isinstance(element, ast.Name)
    }


def world_only_for_floor_and_player(path: Path) -> list[str]:
    """Functions taking ``world`` that read nothing of it but ``world.floor`` and
    ``world.player``: they should take those instead (but a command's methods and a
    world's rules)."""
    found = []
    tree = ast.parse(path.read_text(encoding="utf-8"))
    shared_signature = COMMAND_METHODS | world_rules(tree)
    for function in ast.walk(tree):
        if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        if function.name in shared_signature:
            continue
        arguments = function.args.posonlyargs + function.args.args + function.args.kwonlyargs
        if "world" not in {argument.arg for argument in arguments}:
            continue
        parents = {
            child: node for node in ast.walk(function) for child in ast.iter_child_nodes(node)
        }
        uses: set[str] = set()
        for node in ast.walk(function):
            if isinstance(node, ast.Name) and node.id == "world":
                parent = parents[node]
                uses.add(parent.attr if isinstance(parent, ast.Attribute) else "<whole>")
        if uses and uses <= {"floor", "player"}:
            found.append(f"{path.relative_to(SRC)}:{function.lineno} {function.name}")
    return found


def test_no_engine_function_takes_the_world_for_its_floor_and_player() -> None:
    found = [
        name
        for path in sorted(ENGINE.rglob("*.py"))
        for name in world_only_for_floor_and_player(path)
    ]
    assert found == []
