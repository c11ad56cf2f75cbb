"""Every loader refuses, before parsing or running anything, what its format cannot hold:
integers too long, nesting too deep, too many commands, a clock run too far."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from emberdeep import bounds
from emberdeep.config import parse_settings
from emberdeep.content.tomldata import DataError, Table
from emberdeep.engine.play.replay import MAX_ADVANCE
from emberdeep.storage import replays, wal

LIMITS = bounds.Limits("the input", 10_000, 3)
REPLAY = Path(__file__).parent / "replays" / "bot-seed1.replay.json"


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("1" * 21, "longer than 20 digits"),
        ("-" + "9" * 5000, "longer than 20 digits"),
        ('{"a": [[[[1]]]]}', "nested 5 deep"),
        ("[" * 999, "nested 999 deep"),
        ("x" * 10_001, "too large"),
    ],
)
def test_json_beyond_its_format_is_refused_in_one_line(text: str, why: str) -> None:
    with pytest.raises(bounds.InputError, match=why) as refused:
        bounds.parse_json(text, LIMITS)
    assert "\n" not in str(refused.value)


def test_strings_may_hold_anything_and_the_rest_parses() -> None:
    text = json.dumps({"a": "[[[[[[" + "9" * 100, "b": [1, -(2**63), 2**64]})
    assert bounds.parse_json(text, LIMITS)["b"][2] == 2**64


def test_nesting_is_counted_across_chunks() -> None:
    """The count carries from one numpy chunk to the next."""
    text = b" " * (bounds._CHUNK - 2) + b"[[[[" + b"]]]]"
    assert bounds.deepest(text) == 4


@pytest.mark.parametrize(
    "text",
    [
        "a = " + "[" * 50 + "]" * 50,
        "a = " + "{b = " * 40 + "1" + "}" * 40,
        "a = " + "9" * 5000,
        "a = " + "9" * 101,
    ],
)
def test_toml_files_are_bounded_too(text: str) -> None:
    """Settings, key files and content go through ``Table.parse``: a clear error, never a
    RecursionError or tomllib's 4,300-digit ValueError."""
    with pytest.raises(DataError, match=r"settings\.toml: not valid TOML: the file"):
        Table.parse("settings.toml", text)
    _, problems = parse_settings("settings.toml", text)
    assert problems and "default settings" in problems[0]


def test_toml_strings_and_comments_are_not_counted() -> None:
    table = Table.parse("x.toml", 'a = "[[[[[[[[[[[[[[[[[[[[ 99999999999999999999999"  # [[[[[[[\n')
    assert table.data["a"].startswith("[[[")


def replay_with(commands: list[list[object]]) -> bytes:
    payload = json.loads(REPLAY.read_bytes())
    payload["commands"] = commands
    payload["checksums"] = [0] * len(commands)
    return json.dumps(payload).encode()


def test_a_replay_with_a_5000_digit_integer_is_refused_not_a_traceback() -> None:
    data = REPLAY.read_bytes().replace(b'"seed":1,', b'"seed":' + b"7" * 5000 + b",")
    with pytest.raises(replays.ReplayError, match="longer than 20 digits"):
        replays.decode(data)


def test_a_replay_of_many_maximal_advances_is_refused_before_it_runs() -> None:
    commands: list[list[object]] = [["t", MAX_ADVANCE * (n + 1), 0] for n in range(500)]
    started = time.perf_counter()
    with pytest.raises(replays.ReplayError, match="runs the clock to"):
        replays.decode(replay_with(commands))
    assert time.perf_counter() - started < 2


def test_a_replay_of_too_many_commands_is_refused() -> None:
    commands: list[list[object]] = [["s", "w"]] * (bounds.MAX_COMMANDS + 1)
    with pytest.raises(replays.ReplayError, match="commands"):
        replays.decode(replay_with(commands))


def test_the_recorded_replays_are_within_every_limit() -> None:
    recorded = replays.read(REPLAY)
    assert len(recorded.journal.commands) == 400


def test_a_journal_line_nested_too_deeply_is_damage() -> None:
    record = wal.Record(0, ["s", "w"], 1)
    assert wal.decode(wal.encode(record)) == record
    deep = wal.encode(wal.Record(0, [[[["s"]]]], 1))
    assert wal.decode(deep) is None


def test_each_line_s_nesting_is_counted_in_one_pass() -> None:
    text = b'{"a":[1]}\n[[[[]]]]\n\n[x]\n'
    assert bounds.line_depths(text).tolist() == [2, 4, 0, 1, 0]
    assert len(bounds.line_depths(text)) == len(text.split(b"\n"))
    assert bounds.line_depths(b"]]\n[").tolist() == [0, 1]  # a torn line carries nothing


def test_a_big_text_loses_its_strings_as_a_small_one_does() -> None:
    small = b'{"k":"[[[","v":[1,"]"]}'
    big = small * 20_000  # over the size where a mask is used instead of splitting
    assert bounds._without_strings(small) == b"{:,:[1,]}"
    assert bounds._without_strings(big) == b"{:,:[1,]}" * 20_000


@pytest.mark.parametrize("copies", [1, 30, 200])
def test_texts_of_close_strings_lose_them_as_the_mask_would(copies: int) -> None:
    """A page's input (``{"t":"key","s":7,"k":"h"}``, strings close together) is split at
    its quotes, not masked: both ways take out the same, and a long number outside a
    string, or deep nesting, is still found."""
    text = b'{"t":"key","s":7,"k":"["}' * copies
    assert bounds._without_strings(text) == bounds._JSON_STRING.sub(b"", text)
    with pytest.raises(bounds.InputError, match="longer than 20 digits"):
        bounds.parse_json('{"t":"key","s":' + "9" * 21 + ',"k":"h"}', LIMITS)
    with pytest.raises(bounds.InputError, match="nested 4 deep"):
        bounds.parse_json('{"t":[[["x","y"]]]}', LIMITS)


@pytest.mark.parametrize(
    ("text", "deep"),
    [
        ('{"a":[{"b":[]}]}', 4),
        ('[[["]"],{"x":"[[["}]]', 3),
        ('{"a":"x""[","b":[[[0]]]}', 4),  # a quote ends a string and the next opens
        ("[[[[]]]]" + "[]" * 50, 4),
        ("{[{[]}]}", 4),
    ],
)
def test_nesting_is_refused_one_past_the_limit_whichever_way_it_is_counted(
    text: str, deep: int
) -> None:
    """A text without escapes has its nesting read from its brackets, its strings taken
    out by pairs of quotes (each innermost pair taken out a level at a time): at the
    limit it parses, one level past it it is refused with its true depth."""
    bounds.check_json_texts([text.encode()], bounds.Limits("it", 10_000, deep))
    with pytest.raises(bounds.InputError, match=f"nested {deep} deep"):
        bounds.check_json_texts([text.encode()], bounds.Limits("it", 10_000, deep - 1))
