from __future__ import annotations

import argparse
import gc
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from emberdeep import argtypes, cli, mapgen
from emberdeep.engine.core.events import EVENT_KINDS
from emberdeep.engine.core.rng import floor_stream, parse_seed
from emberdeep.mapgen.carve import to_text

REPLAYS = Path(__file__).parent / "replays"


def test_mapgen_prints_only_the_floor(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        cli.main(["mapgen", "--generator", "bsp", "--seed", "7", "--width", "50", "--height", "30"])
        == 0
    )
    out = capsys.readouterr().out
    expected = to_text(mapgen.floor_builder("bsp", width=50, height=30)(1, floor_stream(7, 1)))
    assert out == expected + "\n"
    rows = out.splitlines()
    assert len(rows) == 30 and {len(r) for r in rows} == {50}
    assert set(out) <= set("#.@>\n")


def test_every_generator_parameter_is_an_option(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["mapgen", "--generator", "bsp", "--seed", "ember", "--depth", "3",
                     "--min-size", "6", "--full-rooms"]) == 0  # fmt: skip
    full = capsys.readouterr().out
    assert cli.main(["mapgen", "--generator", "bsp", "--seed", "ember", "--depth", "3",
                     "--min-size", "6", "--no-full-rooms"]) == 0  # fmt: skip
    assert capsys.readouterr().out != full
    assert cli.main(["mapgen", "--generator", "rooms", "--max-rooms", "3", "--room-min-size",
                     "4", "--room-max-size", "5"]) == 0  # fmt: skip


def test_bad_generator_options_say_why(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["mapgen", "--generator", "rooms", "--depth", "3"]) == 2
    assert "--depth is not a parameter of rooms" in capsys.readouterr().err
    assert cli.main(["mapgen", "--room-min-size", "9", "--room-max-size", "4"]) == 2
    assert "room_min_size" in capsys.readouterr().err


def test_version_and_seed(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["--version", "--seed", "42"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("emberdeep 0.1.0") and out[1] == "seed '42' = 42"


def test_replay_verify_from_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    stored = sorted(REPLAYS.glob("*.replay.json"))[0]
    assert cli.main(["replay", str(stored), "--verify"]) == 0
    assert "final state matches" in capsys.readouterr().out


def test_replay_events_prints_what_the_player_perceived_as_json_lines(
    capsys: pytest.CaptureFixture[str],
) -> None:
    stored = sorted(REPLAYS.glob("*.replay.json"))[0]
    assert cli.main(["replay", str(stored), "--events"]) == 0
    events = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    kinds = {event["type"] for event in events}
    assert {"Moved", "Attacked", "Died"} <= kinds <= {k.__name__ for k in EVENT_KINDS}
    commands = [event["command"] for event in events]
    assert commands == sorted(commands) and commands[-1] <= 400
    blows = [e for e in events if e["type"] == "Attacked"]
    assert all({"attacker", "target", "hit", "damage", "verb"} <= e.keys() for e in blows)


def test_replay_verify_reports_divergence(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    stored = sorted(REPLAYS.glob("*.replay.json"))[0]
    tampered = tmp_path / "t.replay.json"
    tampered.write_text(stored.read_text().replace('"final_hash":"', '"final_hash":"0', 1))
    assert cli.main(["replay", str(tampered), "--verify"]) == 1
    assert "final state differs" in capsys.readouterr().err
    assert cli.main(["replay", str(tmp_path / "missing.json"), "--verify"]) == 1
    assert "could not read" in capsys.readouterr().err


def test_no_display_and_no_terminal_gives_one_clear_line(tmp_path: Path) -> None:
    env = {"PATH": "/usr/bin:/bin", "SDL_VIDEODRIVER": "nosuchdriver",
           "EMBERDEEP_CONFIG_DIR": str(tmp_path), "EMBERDEEP_DATA_DIR": str(tmp_path)}  # fmt: skip
    result = subprocess.run(
        [sys.executable, "-m", "emberdeep", "--seed", "1"],
        capture_output=True, text=True, env=env, stdin=subprocess.DEVNULL, timeout=60, check=False,
    )  # fmt: skip
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "cannot open a window here" in lines[0]


@pytest.mark.parametrize("flag", ["--help", "-h"])
def test_top_level_help_lists_plays_options(flag: str, capsys: pytest.CaptureFixture[str]) -> None:
    """A newcomer's first `emberdeep --help` must say how to play: play is the default
    command, so its options belong in the top-level help, not only in `play --help`."""
    with pytest.raises(SystemExit) as exited:
        cli.main([flag])
    assert exited.value.code == 0
    out = capsys.readouterr().out
    plays = out[out.index("play's options") :]
    for option in ("--seed", "--terminal", "--generator"):
        assert option in plays, option
    assert "game seed" in plays  # with their help, not only their names
    assert "--frames" not in out  # bench's hidden clock stays hidden
    for command in cli.COMMANDS:  # and still every command
        assert command in out


def test_top_level_options_are_play_options(capsys: pytest.CaptureFixture[str]) -> None:
    """What the top-level help promises works: play's options before anything else play."""
    parser, _ = cli.build_parser("play")
    args = parser.parse_args(["play", "--seed", "7", "--terminal"])
    assert (args.command, args.seed, args.terminal) == ("play", "7", True)  # as typed
    with pytest.raises(SystemExit):
        cli.main(["--seed", "7", "--generator", "nosuch"])
    assert "invalid choice: 'nosuch'" in capsys.readouterr().err


BAD_VALUES: dict[object, list[str]] = {
    argtypes.positive: ["0", "-1", "many"],
    argtypes.natural: ["-1", "many"],
    argtypes.port: ["0", "-1", "70000", "many"],
    argtypes.minutes: ["-1", "many", "nan"],
    argtypes.unit: ["-0.1", "1.5", "many", "nan"],
    argtypes.seed: ["", "99999999999999999999999"],
    argtypes.typed_seed: ["", "99999999999999999999999"],
}
"""What each kind of number refuses; a seed is any word, so only an empty or too big one."""


def bad_lines() -> list[list[str]]:
    """Every command line a newcomer can get wrong, found by walking the parser: each
    command with an unknown option, each option with a value of the wrong kind (and with
    none), a command that does not exist."""
    parser, _ = cli.build_parser()
    (commands,) = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    lines = [["score"], ["frob"], ["scores", "extra"], ["--no-such-option"]]
    for name, command in commands.choices.items():
        lines.append([name, "--no-such-option"])
        for action in command._actions:
            if (
                not action.option_strings
                or action.nargs in (0, "?")
                or action.help == argparse.SUPPRESS
            ):
                if action.option_strings and action.dest == "frames":  # hidden, still checked
                    lines += [[name, "--frames", value] for value in BAD_VALUES[argtypes.positive]]
                continue
            flag = action.option_strings[-1]
            lines.append([name, flag])  # the value left out
            values = list(BAD_VALUES.get(action.type, []))
            if action.choices is not None:
                values += ["nosuch", "0", "-1"]
            lines += [[name, flag, value] for value in values]
    return lines


@pytest.mark.parametrize("argv", bad_lines(), ids=" ".join)
def test_bad_input_exits_2_with_one_line_and_no_traceback(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    try:
        code = cli.main(argv)
    except SystemExit as exc:
        code = exc.code  # type: ignore[assignment]
    err = capsys.readouterr().err
    assert code == 2, err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err, err
    assert err.startswith("emberdeep")


def test_bad_play_input_leaves_the_collector_on(capsys: pytest.CaptureFixture[str]) -> None:
    """``main`` turns the collector off while a play command's arguments are read (the
    collections numpy's import would run are start-up time); a refused line gives it
    back to a process that goes on (a test runner, a tool calling ``main``)."""
    with pytest.raises(SystemExit):
        cli.main(["play", "--seed"])
    assert gc.isenabled() and "emberdeep" in capsys.readouterr().err


def test_every_numeric_option_is_checked_by_kind() -> None:
    """No option takes a bare int or float (which accepts 0 and negatives everywhere):
    each says what it accepts, so the walk above covers them all."""
    parser, _ = cli.build_parser()
    (commands,) = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    for command in commands.choices.values():
        for action in command._actions:
            assert action.type not in (int, float) or action.choices is not None, action.dest


def test_an_unknown_command_names_the_closest(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["score"]) == 2
    assert capsys.readouterr().err == "emberdeep: unknown command 'score'; did you mean 'scores'?\n"


def test_word_seeds_work_for_the_bots_commands_as_for_play() -> None:
    for command in ("balance", "soak", "mapgen", "play"):
        parser, _ = cli.build_parser(command)
        seed = parser.parse_args([command, "--seed", "ember"]).seed
        assert (parse_seed(seed) if command == "play" else seed) == parse_seed("ember")


def test_version_and_help_import_nothing_of_the_game() -> None:
    """`--version` and a command's help never import numpy, tcod or the engine: they
    were most of a start-up (854 ms of CPU for a line of text)."""
    code = (
        "import contextlib, io, sys; from emberdeep.cli import main; main(['--version'])\n"
        "with contextlib.suppress(SystemExit), contextlib.redirect_stdout(io.StringIO()):\n"
        "    main(['scores', '--help'])\n"
        "print(sorted(m for m in ('numpy', 'tcod', 'emberdeep.engine', 'emberdeep.mapgen')"
        " if m in sys.modules))\n"
        # play's line is read before the game is imported (inside the class cache):
        "from emberdeep.cli import build_parser\n"
        "build_parser('play')[0].parse_args(['play', '--seed', '7'])\n"
        "print('emberdeep.mapgen' in sys.modules)"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True,
        env=os.environ | {"PYTHONPATH": str(Path(__file__).resolve().parents[1] / "src")},
    )  # fmt: skip
    assert done.stdout.splitlines()[-2:] == ["[]", "False"]
    assert done.stdout.startswith("emberdeep ") and "tcod " in done.stdout


def test_the_generator_option_lists_the_generators_in_its_help() -> None:
    for command in ("play", "mapgen"):
        parser, _ = cli.build_parser(command)
        sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
        text = sub.choices[command].format_help()
        assert "--generator NAME" in text and ", ".join(sorted(mapgen.GENERATORS)) in text
