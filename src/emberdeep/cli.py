"""Command line: ``emberdeep [play]``, ``emberdeep mapgen``, ``emberdeep bench``,
``emberdeep sprites``, ``emberdeep screenshots``, ``emberdeep serve``.

The only module that knows about arguments; it wires settings, content, engine and UI.
"""

from __future__ import annotations

import argparse
import functools
import gc
import os
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

# Before numpy is first imported: the game never multiplies matrices, and OpenBLAS
# starting a thread per core is half of numpy's import (a tenth of a start-up).
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

# Nothing of the game at the top: `--version`, `--help` and a command's help need none
# of it, and each command imports what it runs inside its own function.
from emberdeep import __version__, argtypes

if TYPE_CHECKING:
    from emberdeep.content.loader import Content
    from emberdeep.ui.app import App
    from emberdeep.ui.screens import Screen

    Then = Callable[[], None] | None

COMMAND_HELP = {
    "play": "play the game (the default)",
    "mapgen": "print a generated floor as text",
    "replay": "watch a recorded game, or --verify it headless",
    "balance": "the bot plays whole games: win rate, deaths",
    "soak": "let the bot play many games, checking everything",
    "bench": "measure every speed figure, next to the classic tutorial approach",
    "screenshots": "render every screen (each render mode, 80x24 and full size) to PNGs, headless",
    "sprites": "draw every sprite of the tiles mode to a PNG",
    "serve": "serve the game to web browsers (the `web` extra)",
    "scores": "print the hall of fame: the best finished games",
    "train": "train a PPO baseline on an agent environment, with its learning curve (`rl` extra)",
}
COMMANDS = tuple(COMMAND_HELP)
FULL_USAGE = """%(prog)s [play's options]     play (the default command)
       %(prog)s COMMAND [options]    `%(prog)s COMMAND --help` lists a command's options
       %(prog)s --version [--seed S]"""


class GeneratorNames:
    """The floor generators' names as an option's choices, looked up only when argparse
    checks a value given or lists them in a help (the option's ``metavar`` and its
    ``%(choices)s`` help, since without a metavar argparse lists the choices as the
    option is added): the generators import most of the engine, which a line without
    ``--generator`` never needs."""

    def __contains__(self, name: object) -> bool:
        from emberdeep import mapgen

        return name in mapgen.GENERATORS

    def __iter__(self) -> Iterator[str]:
        from emberdeep import mapgen

        return iter(sorted(mapgen.GENERATORS))


class Parser(argparse.ArgumentParser):
    """argparse's parser, whose mistakes are one line on standard error (what is wrong
    and where to read more), not the usage block above it: at 80x24 a newcomer sees
    the reason, and a script's log holds one line per failure."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {message} (see `{self.prog} --help`)\n")


def unknown_command(word: str) -> str:
    """The line for a first word that is no command, naming the closest one if any."""
    import difflib

    close = difflib.get_close_matches(word, COMMANDS, n=1)
    hint = f"; did you mean '{close[0]}'?" if close else f" (commands: {', '.join(COMMANDS)})"
    return f"emberdeep: unknown command '{word}'{hint}"


def _add_generator_params(parser: argparse.ArgumentParser) -> dict[str, set[str]]:
    """One option per generator parameter (from the params dataclasses); returns who owns what."""
    import dataclasses

    from emberdeep import mapgen

    owners: dict[str, set[str]] = {}
    specs: dict[str, dataclasses.Field[Any]] = {}
    for name, generator in mapgen.GENERATORS.items():
        for spec in dataclasses.fields(generator.params_type):
            owners.setdefault(spec.name, set()).add(name)
            specs.setdefault(spec.name, spec)
    for field_name, spec in specs.items():
        flag = "--" + field_name.replace("_", "-")
        users = ", ".join(sorted(owners[field_name]))
        help_text = f"{spec.metadata.get('help', '')} [{users}; default {spec.default}]"
        if spec.type in (bool, "bool"):
            parser.add_argument(flag, action=argparse.BooleanOptionalAction, help=help_text)
        else:
            parser.add_argument(flag, type=argtypes.natural, metavar="N", help=help_text)
    return owners


def build_parser(command: str | None = None) -> tuple[argparse.ArgumentParser, dict[str, set[str]]]:
    """Every command's options when ``command`` is None (the full ``--help``), otherwise
    only that command's: parsing its line needs no other, and building them all was a
    hundredth of a start-up. Returns the parser and ``mapgen``'s option owners."""
    parser = Parser(
        prog="emberdeep",
        description="A classic roguelike on python-tcod.",
        # The full help lists play's options at the top level too (below), but they go
        # before no other command: say so rather than let argparse list them together.
        usage=None if command is not None else FULL_USAGE,
    )
    parser.add_argument(
        "--version",
        action="store_true",
        help="print the version (and, with --seed, the number a seed stands for)",
    )
    if command is None:
        # A newcomer's first `emberdeep --help` should show how to play, not only what
        # else there is: play is the default command, so its options work right here
        # (`emberdeep --seed 7` is `emberdeep play --seed 7`). Only the full help builds them.
        _play_options(
            parser.add_argument_group(
                "play's options (play is the default: `emberdeep --seed 7` plays seed 7)"
            )
        )
    sub = parser.add_subparsers(dest="command")
    owners: dict[str, set[str]] = {}
    for name in COMMANDS:  # in the order --help lists them
        if command in (None, name):
            options = sub.add_parser(name, help=COMMAND_HELP[name])
            owners |= OPTIONS[name](options) or {}
    return parser, owners


def _play_options(parser: argparse._ActionsContainer) -> None:
    """Play's options; also shown by the top-level ``--help`` (hence any container:
    a parser or an argument group), since play is what a bare ``emberdeep`` runs."""
    parser.add_argument("--seed", type=argtypes.typed_seed, help="game seed: a number or any word")
    parser.add_argument(
        "--generator", choices=GeneratorNames(), metavar="NAME", help="floor generator: %(choices)s"
    )
    parser.add_argument(
        "--terminal",
        action="store_true",
        help="play in this terminal (also over SSH) instead of a window; used anyway "
        "when no window can open",
    )
    # `emberdeep bench` times start-up to the first frame: quit after presenting N frames.
    parser.add_argument("--frames", type=argtypes.positive, metavar="N", help=argparse.SUPPRESS)


def _mapgen_options(parser: argparse.ArgumentParser) -> dict[str, set[str]]:
    parser.add_argument(
        "--generator",
        default="rooms",
        choices=GeneratorNames(),
        metavar="NAME",
        help="floor generator: %(choices)s (default %(default)s)",
    )
    parser.add_argument(
        "--seed", type=argtypes.seed, default=0, help="game seed: a number or any word"
    )
    parser.add_argument(
        "--level", type=argtypes.positive, default=1, help="dungeon depth of the floor (default 1)"
    )
    parser.add_argument(
        "--dungeon",
        action="store_true",
        help="the game's own floor (plan, creatures, items, traps, set pieces) with its contents",
    )
    return _add_generator_params(parser)


def _replay_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", type=Path, help="a .replay.json file (saved games keep theirs "
                       "in the data folder's replays/)")  # fmt: skip
    parser.add_argument("--verify", action="store_true", help="re-run it headless and check it")
    parser.add_argument("--events", action="store_true",
                        help="print what the player perceived, a JSON line per event")  # fmt: skip
    parser.add_argument("--terminal", action="store_true", help="watch in this terminal")


def _balance_options(parser: argparse.ArgumentParser) -> None:
    from emberdeep.tools.balance import add_arguments  # only for this command: it is big

    add_arguments(parser)


def _soak_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--games", type=argtypes.positive, default=20, help="how many games (default 20)"
    )
    parser.add_argument(
        "--turns", type=argtypes.positive, default=1000, help="turns per game at most"
    )
    parser.add_argument(
        "--seed", type=argtypes.seed, default=0, help="seed of the whole run: a number or any word"
    )
    parser.add_argument("--jobs", type=argtypes.positive, help="processes (default: one per core)")
    parser.add_argument("--out", type=Path, help="folder for replays of failed games")


def _train_options(parser: argparse.ArgumentParser) -> None:
    from emberdeep.tools.train import add_arguments  # no torch: that waits for training

    add_arguments(parser)


def _bench_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", type=Path, metavar="FILE", help="also write the figures as JSON")
    parser.add_argument("--quick", action="store_true", help="fewer repetitions")
    parser.add_argument(
        "--compare-nle",
        action="store_true",
        help="also step NLE's NetHackScore-v0 in the same run (where nle is installed)",
    )
    parser.add_argument(
        "--compare",
        type=Path,
        metavar="REF",
        help="instead, the start-up, turn-time and crowded monster-phase figures of this "
        "checkout and of the checkout at REF, in new processes in turns (three rounds), "
        "with the ratio",
    )


def _screenshots_options(parser: argparse.ArgumentParser) -> None:
    from emberdeep.content.palettes import PALETTE_NAMES

    parser.add_argument("--out", type=Path, default=Path("screenshots"), metavar="DIR")
    parser.add_argument(
        "--palette",
        default="default",
        choices=PALETTE_NAMES,
        help="the colours (default: %(default)s)",
    )


def _sprites_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--out", type=Path, default=Path("sprites.png"), metavar="FILE")
    parser.add_argument(
        "--scale", type=int, default=2, choices=range(1, 9), metavar="N",
        help="font pixels per screen pixel, as window_scale (default 2: 16x16 tiles)",
    )  # fmt: skip


def _serve_options(parser: argparse.ArgumentParser) -> None:
    from emberdeep.web.command import add_arguments  # stdlib only: the web stack waits

    add_arguments(parser)


def _scores_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--count",
        type=argtypes.natural,
        default=20,
        metavar="N",
        help="how many games (default 20)",
    )


OPTIONS: dict[str, Callable[[argparse.ArgumentParser], dict[str, set[str]] | None]] = {
    "play": _play_options,
    "mapgen": _mapgen_options,
    "replay": _replay_options,
    "balance": _balance_options,
    "soak": _soak_options,
    "bench": _bench_options,
    "screenshots": _screenshots_options,
    "sprites": _sprites_options,
    "serve": _serve_options,
    "scores": _scores_options,
    "train": _train_options,
}


def run_mapgen(args: argparse.Namespace, owners: dict[str, set[str]]) -> int:
    from emberdeep import mapgen
    from emberdeep.engine.core import rng
    from emberdeep.mapgen.carve import to_text

    overrides: dict[str, Any] = {}
    for field_name, users in owners.items():
        value = getattr(args, field_name)
        if value is None:
            continue
        if args.generator not in users:
            flag = "--" + field_name.replace("_", "-")
            print(f"emberdeep: {flag} is not a parameter of {args.generator}", file=sys.stderr)
            return 2
        overrides[field_name] = value
    if args.dungeon:
        from emberdeep.content import loader
        from emberdeep.session.setup import dungeon_floor

        print(to_text(dungeon_floor(args.seed, args.level, loader.load()), contents=True))
        return 0
    try:
        build = mapgen.floor_builder(args.generator, **overrides)
        floor = build(args.level, rng.floor_stream(args.seed, args.level))
    except ValueError as exc:
        print(f"emberdeep: {exc}", file=sys.stderr)
        return 2
    print(to_text(floor))
    return 0


def run_screenshots(args: argparse.Namespace) -> int:
    from emberdeep.tools import screenshots

    try:
        return screenshots.main(args.out, palette=args.palette)
    except OSError as exc:
        print(f"emberdeep: cannot write the screenshots to {args.out}: {exc}", file=sys.stderr)
        return 1


def run_sprites(args: argparse.Namespace) -> int:
    from emberdeep.content import loader
    from emberdeep.content.tomldata import DataError
    from emberdeep.ui.contact_sheet import contact_sheet
    from emberdeep.ui.png import write_png

    try:
        pixels = contact_sheet(loader.load(), args.scale)
        write_png(args.out, pixels)
    except DataError as exc:
        print(f"emberdeep: the game's data is damaged: {exc}", file=sys.stderr)
        return 1
    except OSError as exc:
        print(f"emberdeep: cannot write {args.out}: {exc.strerror or exc}", file=sys.stderr)
        return 1
    height, width = pixels.shape[:2]
    print(f"{args.out}: {width}x{height} pixels")
    return 0


def load_app(args: argparse.Namespace) -> App | None:
    """Settings and content for a session; None (after saying why) if the data is broken.
    Content in files last found valid (``content/validated.py``) is loaded when first
    needed (``App.content``): the title screen needs none of it."""
    from emberdeep import config
    from emberdeep.content import validated
    from emberdeep.ui import keys
    from emberdeep.ui.app import App, DeferredContent

    settings, problems = config.load_settings()
    known = validated.validated()
    source: Content | DeferredContent
    if known is not None:
        source = DeferredContent(load_content, known.plain_palettes)
    else:
        from emberdeep.content import loader
        from emberdeep.content.tomldata import DataError

        try:
            source = loader.load()
        except DataError as exc:
            print(f"emberdeep: the game's data is damaged: {exc}", file=sys.stderr)
            return None
    keymap, key_problems = keys.load_keymap()
    notices = [f"Settings: {problem}" for problem in problems]
    notices += [f"Keys: {problem}" for problem in key_problems]
    return App(source, settings, notices, generator=getattr(args, "generator", None), keymap=keymap)


def load_content() -> Content:
    """Deferred content (``load_app``): a problem now means the files changed since
    start-up, or their stamp lied; the game says what is wrong and ends, as at start-up."""
    from emberdeep.content import loader
    from emberdeep.content.tomldata import DataError

    try:
        return loader.load()
    except DataError as exc:
        raise SystemExit(f"emberdeep: the game's data is damaged: {exc}") from None


def present(
    screen: Screen, app: App, force_terminal: bool, frames: int | None = None, then: Then = None
) -> int:
    """Show ``screen`` in a window, or in this terminal when asked or when no window can
    open; say clearly when neither is possible. ``then``: ``loop.run``'s."""
    in_a_terminal = sys.stdin.isatty() and sys.stdout.isatty()
    if force_terminal:
        if not in_a_terminal:
            print("emberdeep: --terminal needs a terminal to play in.", file=sys.stderr)
            return 1
        from emberdeep.ui import terminal  # blessed: a tenth of a second, only when needed

        app.square_tiles = False
        terminal.run(screen, content=app.content, then=then)
        return 0
    from emberdeep.ui import sdl

    tileset, fits_sprites, font_problem = sdl.load_window_tileset(app.settings)
    sprites = fits_sprites and app.drawable
    untile = None if sprites else app.content
    sprites_of = (lambda: app.content) if sprites else None
    app.square_tiles = sprites
    if font_problem:
        app.notices.append(f"Settings: {font_problem}")
    try:
        context = sdl.open_window(tileset)
    except sdl.NoDisplayError as exc:
        if in_a_terminal:
            from emberdeep.ui import terminal

            app.square_tiles = False
            terminal.run(screen, content=app.content, then=then)
            return 0
        print(
            f"emberdeep: cannot open a window here ({exc}). Run it where there is a desktop "
            "display or in a terminal, or over SSH with X forwarding (ssh -X).",
            file=sys.stderr,
        )
        return 1
    with context:
        sdl.run(screen, context, untile=untile, frames=frames, tileset=tileset,
                sprites_of=sprites_of, then=then)  # fmt: skip
        if frames is not None:  # for `emberdeep bench`, whose clock this is
            print(f"presented {time.monotonic():.6f}")
    return 0


def run_play(args: argparse.Namespace) -> int:
    """The title screen; with ``--seed``, straight into a new game with that seed.

    The cyclic collector waits until the first screen is ready: starting up makes a
    hundred thousand objects that all live (the modules, the content, the first floor)
    and next to no garbage, and the collections it would run meanwhile were a sixth of
    the CPU before the first frame. ``start_game`` freezes them out of it after, or,
    for the title screen, ``collector.settle_start``. ``main`` turned it off already,
    before the arguments were read."""
    from emberdeep.session import collector

    collector.activate()  # one game at a time: frozen out of the collector as it plays
    gc.disable()
    try:
        from emberdeep.engine.core import rng
        from emberdeep.ui.screens.main_menu import MainMenu, first_save, start_game

        app = load_app(args)
        if app is None:
            return 1
        screen: Screen = MainMenu(app)
        then: Then = None
        if args.seed is not None:  # its lock and first save come after its first frame
            session = app.setup.new_game(rng.parse_seed(args.seed), args.seed, lock=False)
            screen = start_game(app, session, save=False)
            then = functools.partial(first_save, screen, session)
    finally:
        collector.settle_start()
        gc.enable()
    return present(screen, app, args.terminal, args.frames, then)


def run_replay(args: argparse.Namespace) -> int:
    from emberdeep.storage import replays
    from emberdeep.ui.screens.play import PlayScreen
    from emberdeep.ui.screens.replay import ReplayScreen

    app = load_app(args)
    if app is None:
        return 1
    try:
        recorded = replays.read(args.file)
    except replays.ReplayError as exc:
        print(f"emberdeep: {exc}", file=sys.stderr)
        return 1
    if recorded.game_version != __version__:
        print(
            f"emberdeep: note: recorded with version {recorded.game_version}, "
            f"this is {__version__}; it may play out differently.",
            file=sys.stderr,
        )
    if args.verify:
        problem = replays.verify(recorded, app.setup.builder_for, app.content.hero)
        if problem is not None:
            print(f"emberdeep: {args.file}: {problem}", file=sys.stderr)
            return 1
        count = len(recorded.journal.commands)
        print(f"{args.file}: ok, {count} commands, seed {recorded.seed}, final state matches")
        return 0
    try:
        build = app.setup.builder_for(recorded.generator)
    except ValueError as exc:
        print(f"emberdeep: {exc}", file=sys.stderr)
        return 1
    if args.events:
        from emberdeep.tools.replay_events import print_events

        return print_events(recorded, build, app.content)
    app.data = None  # watching never touches the player's saves
    world = recorded.fresh_world(build, app.content.hero)
    play = PlayScreen.of(world, app.content, app.settings)
    play.log.add(f"Replay of seed {recorded.seed}: space pauses, . steps, +/- speed, Esc leaves.")
    return present(ReplayScreen(play, recorded.journal), app, args.terminal)


def _import_shallow() -> None:
    """numpy and tcod, which every game needs, imported here, near the bottom of the call
    stack, rather than where a game first asks (a seed's type inside argparse, the window
    inside the loop). CPython 3.11 keeps a thread's frames in 16 KB chunks and frees a
    chunk whenever the stack falls back below it: numpy's and tcod's imports build their
    typing aliases (cached calls, each a few frames deeper) right at such an edge when
    imported deep, and crossed it about a thousand times, an mmap and a munmap each, some
    milliseconds of system time that an instruction count never shows."""
    import numpy  # noqa: F401
    import tcod.context  # noqa: F401


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if "--version" in argv:
        from emberdeep import about

        return about.print_version(argv)
    if argv and not argv[0].startswith("-") and argv[0] not in COMMANDS:
        print(unknown_command(argv[0]), file=sys.stderr)  # play takes no word of its own
        return 2
    if not argv or argv[0] not in (*COMMANDS, "-h", "--help"):
        argv.insert(0, "play")
    parser, owners = build_parser(argv[0] if argv[0] in COMMANDS else None)
    collecting = gc.isenabled()
    if argv[0] == "play":
        gc.disable()  # until the first screen is ready (``run_play``): a seed's type imports numpy
        if not {"-h", "--help"} & set(argv):
            _import_shallow()
    try:
        args = parser.parse_args(argv)
    except BaseException:
        if collecting:
            gc.enable()
        raise
    try:
        if args.command == "mapgen":
            return run_mapgen(args, owners)
        if args.command == "replay":
            return run_replay(args)
        if args.command == "balance":
            from emberdeep.tools import balance as balance_tool

            return balance_tool.main(args)
        if args.command == "soak":
            from emberdeep.tools import soak

            return soak.main(args)
        if args.command == "bench":
            from emberdeep.tools import bench

            return bench.main(
                quick=args.quick,
                json_path=args.json,
                compare_nle=args.compare_nle,
                compare_ref=args.compare,
            )
        if args.command == "train":
            from emberdeep.tools import train

            return train.main(args)
        if args.command == "sprites":
            return run_sprites(args)
        if args.command == "screenshots":
            return run_screenshots(args)
        if args.command == "serve":
            from emberdeep.web import command

            return command.main(args)
        if args.command == "scores":
            from emberdeep.storage import scores

            try:
                entries = scores.top(args.count)
            except scores.ScoresError as exc:
                print(f"emberdeep: {exc}", file=sys.stderr)
                return 1
            print(scores.format_table(entries))
            return 0
        return run_play(args)
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":  # pragma: no cover
    os.environ.setdefault("PYTHONUTF8", "1")
    raise SystemExit(main())
