"""Command line: ``emberdeep [play]``, ``emberdeep mapgen``, ``emberdeep bench``.

The only module that knows about arguments; it wires settings, content, engine and UI.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import secrets
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from emberdeep import __version__, mapgen
from emberdeep.engine import rng
from emberdeep.tomldata import DataError

COMMANDS = ("play", "mapgen", "bench")


def _seed(text: str) -> int:
    try:
        return rng.parse_seed(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _add_generator_params(parser: argparse.ArgumentParser) -> dict[str, set[str]]:
    """One option per generator parameter (from the params dataclasses); returns who owns what."""
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
            parser.add_argument(flag, type=int, metavar="N", help=help_text)
    return owners


def build_parser() -> tuple[argparse.ArgumentParser, dict[str, set[str]]]:
    parser = argparse.ArgumentParser(
        prog="emberdeep", description="A classic roguelike on python-tcod."
    )
    parser.add_argument("--version", action="version", version=f"emberdeep {__version__}")
    sub = parser.add_subparsers(dest="command")

    play = sub.add_parser("play", help="play the game (the default)")
    play.add_argument("--seed", type=_seed, help="game seed: a number or any word")
    play.add_argument("--generator", choices=sorted(mapgen.GENERATORS))
    play.add_argument(
        "--terminal",
        action="store_true",
        help="play in this terminal (also over SSH) instead of a window; used anyway "
        "when no window can open",
    )

    gen = sub.add_parser("mapgen", help="print a generated floor as text")
    gen.add_argument("--generator", default="rooms", choices=sorted(mapgen.GENERATORS))
    gen.add_argument("--seed", type=_seed, default=0, help="game seed: a number or any word")
    gen.add_argument("--level", type=int, default=1, help="dungeon depth of the floor (default 1)")
    owners = _add_generator_params(gen)

    bench = sub.add_parser("bench", help="measure generation, FOV and rendering speed")
    bench.add_argument("--json", type=Path, metavar="FILE", help="also write the figures as JSON")
    bench.add_argument("--quick", action="store_true", help="fewer repetitions")
    return parser, owners


def run_mapgen(args: argparse.Namespace, owners: dict[str, set[str]]) -> int:
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
    try:
        build = mapgen.floor_builder(args.generator, **overrides)
        floor = build(args.level, rng.floor_stream(args.seed, args.level))
    except ValueError as exc:
        print(f"emberdeep: {exc}", file=sys.stderr)
        return 2
    print(to_text(floor))
    return 0


def run_play(args: argparse.Namespace) -> int:
    from emberdeep import config
    from emberdeep.content import loader
    from emberdeep.game import new_world
    from emberdeep.ui import sdl, terminal
    from emberdeep.ui.messages import MessageLog
    from emberdeep.ui.screens.play import PlayScreen

    settings, problems = config.load_settings()
    try:
        content = loader.load()
    except DataError as exc:
        print(f"emberdeep: the game's data is damaged: {exc}", file=sys.stderr)
        return 1
    seed = args.seed if args.seed is not None else secrets.randbelow(rng.MAX_SEED)
    world = new_world(seed, settings, content, args.generator)

    log = MessageLog()
    tileset, font_problem = sdl.load_tileset(settings)
    for problem in [*problems, *([font_problem] if font_problem else [])]:
        log.add(f"Settings: {problem}")
    log.add("Welcome to Emberdeep. Find the stairs down.")
    screen = PlayScreen(world, content, settings, log)
    in_a_terminal = sys.stdin.isatty() and sys.stdout.isatty()
    if args.terminal:
        if not in_a_terminal:
            print("emberdeep: --terminal needs a terminal to play in.", file=sys.stderr)
            return 1
        terminal.run(screen)
        return 0
    try:
        context = sdl.open_window(tileset)
    except sdl.NoDisplayError as exc:
        if in_a_terminal:
            log.add("No window can open here: playing in the terminal.")
            terminal.run(screen)
            return 0
        print(
            f"emberdeep: cannot open a window here ({exc}). Run it where there is a desktop "
            "display or in a terminal, or over SSH with X forwarding (ssh -X).",
            file=sys.stderr,
        )
        return 1
    with context:
        sdl.run(screen, context)
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser, owners = build_parser()
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or argv[0] not in (*COMMANDS, "-h", "--help", "--version"):
        argv.insert(0, "play")
    args = parser.parse_args(argv)
    try:
        if args.command == "mapgen":
            return run_mapgen(args, owners)
        if args.command == "bench":
            from emberdeep import bench

            return bench.main(quick=args.quick, json_path=args.json)
        return run_play(args)
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":  # pragma: no cover
    os.environ.setdefault("PYTHONUTF8", "1")
    raise SystemExit(main())
