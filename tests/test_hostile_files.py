"""Hostile settings and content files: malformed TOML, wrong types, unknown keys and
out-of-range values, generated from the shipped files and at random.

Players edit ``settings.toml`` and modders edit the content files by hand, so every
mistake must come back as a message naming the file, the key (and its line when it is
written down) and the problem: for settings as a list of problems with defaults kept,
for content as one ``DataError``. Any other exception is a crash at start-up, and a
file that is accepted must give a game that can be played.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Iterator
from importlib import resources
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from emberdeep import config
from emberdeep.config import Settings, parse_settings
from emberdeep.content import (
    creature_kinds,
    floors,
    item_kinds,
    loader,
    looks,
    setpieces,
    shared_keys,
)
from emberdeep.content.parsed import ParsedCache
from emberdeep.content.tomldata import DataError, Table
from emberdeep.engine.acts.actions import Move, Wait
from emberdeep.session.setup import new_world
from emberdeep.ui import render
from emberdeep.ui.screens.play import PlayScreen

CONTENT = loader.load()
CONSOLE = render.new_console()

WRONG_LITERALS = ['"x"', "-1", str(2**70), "1.5", "true", "[]", "{}", '"🐉🐉"', "[[1]]"]
"""TOML values of every type, each wrong for most keys (and all valid TOML)."""

# ---------------------------------------------------------------------------- settings

FIELDS = {spec.name: spec for spec in dataclasses.fields(Settings)}


def literal(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):  # a TOML basic string: escape what it may not hold raw
        return (
            '"'
            + "".join(f"\\u{ord(ch):04x}" if ch in '"\\\x7f' or ch < " " else ch for ch in value)
            + '"'
        )
    return str(value)


def assert_settings_valid(result: Settings) -> None:
    """Whatever the file said, every setting ends up allowed."""
    for name, spec in FIELDS.items():
        value = getattr(result, name)
        assert type(value) is type(spec.default), name
        if "choices" in spec.metadata:
            assert value in spec.metadata["choices"], name
        if "range" in spec.metadata:
            lo, hi = spec.metadata["range"]
            assert lo <= value <= hi, name


@pytest.mark.parametrize("name", sorted(FIELDS))
def test_each_setting_with_each_wrong_value_names_file_line_key_and_problem(name: str) -> None:
    spec = FIELDS[name]
    wrong = [v for v in WRONG_LITERALS if not (v == "true" and isinstance(spec.default, bool))]
    if "range" in spec.metadata:
        lo, hi = spec.metadata["range"]
        wrong += [str(lo - 1), str(hi + 1)]
    if "choices" in spec.metadata or spec.default == "":
        wrong.remove('"x"')  # a string is right for a path; "x" is a wrong choice below
        wrong.remove('"🐉🐉"')
    if "choices" in spec.metadata:
        wrong.append('"not-a-choice"')
    for value in wrong:
        text = f"window_scale = 3\n# a comment\n{name} = {value}\nlight_walls = false\n"
        if name in ("window_scale", "light_walls"):
            text = f"# a comment\n\n{name} = {value}\n"
        result, problems = parse_settings("settings.toml", text)
        assert len(problems) == 1, (value, problems)
        assert problems[0].startswith(f"settings.toml:3: {name}: expected "), problems
        assert problems[0].endswith(f"(using {spec.default!r})")
        assert getattr(result, name) == spec.default
        if name not in ("window_scale", "light_walls"):  # the other keys still apply
            assert result.window_scale == 3 and result.light_walls is False
        assert_settings_valid(result)


def test_unknown_settings_are_named_with_their_line_and_ignored() -> None:
    text = 'render_mode = "solid"\n\nrender-mode = "ascii"\nRENDER_MODE = 1\n[font]\nsize = 3\n'
    result, problems = parse_settings("settings.toml", text)
    assert result.render_mode == "solid"
    assert problems == [
        "settings.toml:3: render-mode: unknown setting, ignored",
        "settings.toml:4: RENDER_MODE: unknown setting, ignored",
        "settings.toml:5: font: expected a string, got {'size': 3} (using '')",
    ]


@pytest.mark.parametrize(
    "text",
    [
        "render_mode = ",
        'render_mode = "solid',
        "torch_radius = 1 2",
        "[[[",
        "light_walls = True",
        "a = 1\na = 2",
        "x = " + "[" * 5000,
        "x = " + "{a = " * 5000,
        "\x00",
        "\ufeffrender_mode = 'solid'",
    ],
)
def test_malformed_settings_give_defaults_and_one_message_naming_the_file(text: str) -> None:
    result, problems = parse_settings("settings.toml", text)
    assert result == Settings()
    assert len(problems) == 1
    assert problems[0].startswith("settings.toml: not valid TOML: ")


TOML_TOKENS = st.sampled_from(
    [*"[]{}=,.#\"'\n \t", "[[", "]]", "true", "1", "-7", "1e9", "2**70", "inf", "nan",
     "1979-05-27", '"""', "'''", "\\u00e9", "render_mode", "torch_radius", "font",
     "window_scale", "a.b", "é", "🐉"]
)  # fmt: skip


@settings(max_examples=300, deadline=None)
@given(text=st.lists(TOML_TOKENS, max_size=40).map("".join) | st.text(max_size=80))
def test_any_settings_text_gives_valid_settings_and_messages_naming_the_file(text: str) -> None:
    result, problems = parse_settings("settings.toml", text)
    assert_settings_valid(result)
    assert all(p.startswith("settings.toml") for p in problems)


SETTING_VALUES = st.one_of(
    st.booleans(),
    st.integers(min_value=-(2**63), max_value=2**63 - 1),
    st.text(max_size=10),
    st.lists(st.integers(-5, 5), max_size=3),
)


@settings(max_examples=300, deadline=None)
@given(values=st.dictionaries(st.sampled_from([*FIELDS, "zoom", "Font"]), SETTING_VALUES))
def test_any_well_formed_settings_keep_the_good_values_and_name_each_bad_one(
    values: dict[str, Any],
) -> None:
    text = "".join(
        f"{name} = [{', '.join(map(str, v))}]\n"
        if isinstance(v, list)
        else f"{name} = {literal(v)}\n"
        for name, v in values.items()
    )
    result, problems = parse_settings("settings.toml", text)
    assert_settings_valid(result)
    named = [re.match(r"settings\.toml:(\d+): (\w+): ", p) for p in problems]
    assert None not in named, problems
    for match in named:
        assert match is not None
        line, name = int(match.group(1)), match.group(2)
        assert list(values)[line - 1] == name  # the message points at the right line
    for name, value in values.items():
        if name in FIELDS and not any(f": {name}: " in p for p in problems):
            assert getattr(result, name) == value  # every accepted value is applied


def test_the_settings_the_game_writes_read_back_without_problems() -> None:
    written = config.format_settings(Settings(render_mode="solid", torch_radius=0))
    assert parse_settings("settings.toml", written) == (
        Settings(render_mode="solid", torch_radius=0),
        [],
    )


# ----------------------------------------------------------------------------- content

CONTENT_FILES = (
    "tiles.toml", "monsters.toml", "items.toml", "player.toml", "spawns.toml", "dungeon.toml",
    "traps.toml", "appearances.toml", "statuses.toml", "captives.toml", "setpieces.toml",
)  # fmt: skip
SHIPPED = {
    name: resources.files("emberdeep.content").joinpath(name).read_text(encoding="utf-8")
    for name in CONTENT_FILES
}
SPAWNS = Table.parse("spawns.toml", SHIPPED["spawns.toml"])
MONSTERS_PER_ROOM = shared_keys.by_depth(SPAWNS, "monsters_per_room")
ITEMS_PER_ROOM = shared_keys.by_depth(SPAWNS, "items_per_room")
TRAPS, _ = floors.parse_traps(Table.parse("traps.toml", SHIPPED["traps.toml"]), ITEMS_PER_ROOM)


def parse_spawns(table: Table) -> None:
    table.reject_unknown(floors.SPAWN_KEYS)
    shared_keys.by_depth(table, "monsters_per_room")
    shared_keys.by_depth(table, "items_per_room")
    shared_keys.by_depth(table, "traps_per_floor")
    floors.parse_placed(table, CONTENT.population.items)


PARSERS: dict[str, Callable[[Table], object]] = {
    "tiles.toml": looks.parse_tiles,
    "monsters.toml": lambda t: creature_kinds.parse_monsters(t, MONSTERS_PER_ROOM),
    "items.toml": lambda t: item_kinds.parse_items(
        t, ITEMS_PER_ROOM, [kind.key for kind in CONTENT.population.monsters.kinds]
    ),
    "player.toml": lambda t: creature_kinds.parse_hero(
        t, CONTENT.population.items, CONTENT.population.monsters
    ),
    "spawns.toml": parse_spawns,
    "dungeon.toml": lambda t: floors.parse_dungeon(
        t, CONTENT.population.items, CONTENT.population.monsters
    ),
    "traps.toml": lambda t: floors.parse_traps(t, ITEMS_PER_ROOM),
    "appearances.toml": lambda t: item_kinds.parse_appearances(t, CONTENT.population.items),
    "statuses.toml": looks.parse_statuses,
    "captives.toml": lambda t: floors.parse_captives(t, CONTENT.population.monsters),
    "setpieces.toml": lambda t: setpieces.parse_setpieces(
        t, CONTENT.population.monsters, TRAPS
    ),
}  # fmt: skip


def parse(name: str, text: str) -> bool:
    """True if ``name`` with contents ``text`` is accepted; False after a DataError that
    names the file. Any other exception fails the test."""
    try:
        PARSERS[name](Table.parse(name, text))
    except DataError as exc:
        assert str(exc).startswith(name), exc
        return False
    return True


def plays_with(name: str, text: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """An accepted file must give content a game can start, draw and play with."""
    shipped = loader.read_table

    def read_table(file: str, cache: ParsedCache | None = None) -> Table:
        return Table.parse(name, text) if file == name else shipped(file, cache)

    with monkeypatch.context() as patch:
        patch.setattr(loader, "read_table", read_table)
        content = loader.load_checked()
    for depth_seed in (1, 2):
        world = new_world(depth_seed, Settings(), content)
        PlayScreen.of(world, content, Settings()).draw(CONSOLE)
        for action in (Wait(), Move(1, 0), Move(0, 1)):
            world.step(action)
    for plan in content.dungeon:  # every generator setting builds a floor
        world = new_world(1, Settings(generator=plan.generator), content)
        assert world.floor.width > 0


VALUE = r'"[^"\n]*"|\[(?:[^\[\]\n]|\[[^\[\]\n]*\])*\]|\{[^{}\n]*\}|[-+\w.]+'
ASSIGNMENT = re.compile(rf"(?P<key>[A-Za-z_][\w-]*)[ \t]*=[ \t]*(?P<value>{VALUE})")


def code_part(line: str) -> str:
    """The line without its comment (a ``#`` outside quotes)."""
    quoted = False
    for i, ch in enumerate(line):
        if ch == '"':
            quoted = not quoted
        elif ch == "#" and not quoted:
            return line[:i]
    return line


def located(text: str) -> Iterator[tuple[int, int, int, str]]:
    """(line, start, end, key) of every ``key = value`` in ``text``, also inside inline
    tables, never in comments; start and end are offsets of the value in ``text``."""
    position = 0
    for number, line in enumerate(text.splitlines(keepends=True), start=1):
        for match in ASSIGNMENT.finditer(code_part(line)):
            start, value = position + match.start("value"), match.group("value")
            yield number, start, start + len(value), match.group("key")
            if value.startswith("{"):
                for inner in ASSIGNMENT.finditer(value[1:-1]):
                    at = start + 1 + inner.start("value")
                    yield number, at, at + len(inner.group("value")), inner.group("key")
        position += len(line)


@pytest.mark.parametrize("name", CONTENT_FILES)
def test_the_shipped_content_parses(name: str) -> None:
    assert parse(name, SHIPPED[name])


@pytest.mark.parametrize("name", CONTENT_FILES)
def test_each_value_replaced_by_each_wrong_type_names_file_line_key_and_problem(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    text = SHIPPED[name]
    places = list(located(text))
    assert len(places) >= 2
    accepted = []
    for line, start, end, key in places:
        for value in WRONG_LITERALS:
            changed = text[:start] + value + text[end:]
            try:
                PARSERS[name](Table.parse(name, changed))
            except DataError as exc:
                message = str(exc)
                assert message.startswith(f"{name}:{line}: "), (key, value, message)
                assert re.search(rf"\b{re.escape(key)}\b", message), (key, value, message)
                assert message.split(": ", 2)[-1], message  # ...and says what is wrong
            else:
                accepted.append((key, value, changed))
    for _, _, changed in accepted:
        plays_with(name, changed, monkeypatch)


@pytest.mark.parametrize("name", CONTENT_FILES)
def test_unknown_keys_anywhere_are_named_with_their_line(name: str) -> None:
    lines = SHIPPED[name].splitlines(keepends=True)
    headers = [0] + [i + 1 for i, line in enumerate(lines) if line.lstrip().startswith("[")]
    for at in headers:
        changed = "".join([*lines[:at], "bogus_key = 1\n", *lines[at:]])
        with pytest.raises(DataError) as err:
            PARSERS[name](Table.parse(name, changed))
        message = str(err.value)
        assert message.startswith(f"{name}:{at + 1}: "), message
        assert "bogus_key" in message


@pytest.mark.parametrize("name", CONTENT_FILES)
def test_each_key_left_out_is_named_or_optional(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    text = SHIPPED[name]
    for _, start, end, key in located(text):
        line_start = text.rfind("\n", 0, start) + 1
        line_end = text.find("\n", end) + 1 or len(text)
        if text[line_start:line_end].lstrip().startswith(key):  # a whole line: drop it
            changed = text[:line_start] + text[line_end:]
            if parse(name, changed):
                plays_with(name, changed, monkeypatch)
            else:
                with pytest.raises(DataError, match=re.escape(key)):
                    PARSERS[name](Table.parse(name, changed))


@pytest.mark.parametrize("name", CONTENT_FILES)
def test_malformed_content_names_the_file(name: str) -> None:
    text = SHIPPED[name]
    lines = text.splitlines(keepends=True)
    for cut in range(len(lines)):  # cut at every line, and in the middle of every line
        parse(name, "".join(lines[:cut]))
        parse(name, "".join(lines[:cut]) + lines[cut][: len(lines[cut]) // 2])
    for garbage in ("=", "[", "]]", '"', "{", "= =", "[[levels]", "x = [1,", "\x00"):
        for at in range(0, len(text), max(1, len(text) // 40)):
            parse(name, text[:at] + garbage + text[at:])


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    name=st.sampled_from(CONTENT_FILES),
    text=st.lists(TOML_TOKENS, max_size=40).map("".join) | st.text(max_size=80),
)
def test_any_content_text_gives_a_clean_error_or_is_accepted(name: str, text: str) -> None:
    parse(name, text)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    name=st.sampled_from(CONTENT_FILES),
    where=st.floats(0, 1),
    garbage=st.lists(TOML_TOKENS, min_size=1, max_size=6).map("".join),
)
def test_garbage_spliced_into_shipped_content_gives_a_clean_error_or_is_accepted(
    name: str, where: float, garbage: str
) -> None:
    text = SHIPPED[name]
    at = int(where * len(text))
    parse(name, text[:at] + garbage + text[at:])
