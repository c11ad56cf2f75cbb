from __future__ import annotations

from emberdeep.engine.core.events import MessageKind
from emberdeep.session.log import MessageLog
from emberdeep.storage.saves import LogLine
from emberdeep.ui import messages, render
from emberdeep.ui.messages import KIND_COLORS


def test_repeats_collapse_and_different_kinds_do_not() -> None:
    log = MessageLog()
    for _ in range(3):
        log.add("You wait.")
    log.add("You wait.", MessageKind.REFUSED)
    assert [e.full_text for e in log.entries] == ["You wait. (x3)", "You wait."]


def test_long_messages_wrap_and_newest_sit_at_the_bottom() -> None:
    log = MessageLog()
    log.add("first")
    log.add("a rather long message that certainly needs more than one line")
    console = render.new_console(30, 4)
    messages.draw(log, console, 0, 0, width=30, height=4)
    lines = ["".join(map(chr, console.ch[:, y])).rstrip() for y in range(4)]
    assert lines[0] == "first"
    assert lines[-1].endswith("line")
    assert all(len(line) <= 30 for line in lines)
    assert tuple(console.rgb["fg"][0, 0]) == KIND_COLORS[MessageKind.INFO]


def test_the_log_shows_whole_messages_never_a_wrapped_tail() -> None:
    """Hand play read "are full." alone on the log's top row: the tail of an older line
    whose start had scrolled off. An older message that cannot show whole is left out."""
    log = MessageLog()
    log.add("Your pack is full and the potions there are full.")
    log.add("You wait.")
    log.add("The orc hits you.")
    console = render.new_console(30, 3)
    messages.draw(log, console, 0, 0, width=30, height=3)
    lines = ["".join(map(chr, console.ch[:, y])).rstrip() for y in range(3)]
    assert lines == ["", "You wait.", "The orc hits you."]
    tall = MessageLog()
    tall.add("word " * 30)  # taller than the box alone: its beginning is shown
    messages.draw(tall, console, 0, 0, width=30, height=3)
    assert "".join(map(chr, console.ch[:, 0])).startswith("word word")


def test_log_is_bounded() -> None:
    log = MessageLog(limit=5)
    for i in range(20):
        log.add(str(i))
    assert [e.text for e in log.entries] == ["15", "16", "17", "18", "19"]


def test_every_kind_has_its_own_colour() -> None:
    assert set(KIND_COLORS) == set(MessageKind)
    assert len(set(KIND_COLORS.values())) == len(MessageKind)


def test_each_kind_is_drawn_in_its_colour() -> None:
    log = MessageLog()
    for kind in MessageKind:
        log.add(kind.value, kind)
    console = render.new_console(30, len(MessageKind))
    messages.draw(log, console, 0, 0, width=30, height=len(MessageKind))
    for row, kind in enumerate(MessageKind):
        assert tuple(console.rgb["fg"][0, row]) == KIND_COLORS[kind]


def test_a_saved_log_goes_before_the_new_lines_and_keeps_kinds_and_repeats() -> None:
    log = MessageLog(limit=4)
    log.add("Welcome back.")
    log.restore([LogLine("You hit the orc.", MessageKind.PLAYER_ATTACK, 2)] * 4)
    assert [e.full_text for e in log.entries][-2:] == ["You hit the orc. (x2)", "Welcome back."]
    assert len(log.entries) == 4  # still bounded
    assert log.last(2) == [
        LogLine("You hit the orc.", MessageKind.PLAYER_ATTACK, 2),
        LogLine("Welcome back.", MessageKind.INFO, 1),
    ]


def _rows(console: object, height: int) -> list[str]:
    return ["".join(map(chr, console.ch[:, y])).rstrip() for y in range(height)]  # type: ignore[attr-defined]


def test_the_remembered_wrapping_never_shows_stale_lines() -> None:
    """The log's lines are wrapped once and remembered (``messages.wrap``); each change a
    frame can see still shows: a new message, a repeat's count, a new width, a palette."""
    log = MessageLog()
    log.add("the first message, long enough to wrap onto a second line here")
    console = render.new_console(30, 4)
    messages.draw(log, console, 0, 0, width=30, height=4)
    messages.draw(
        log, console, 0, 0, width=30, height=4
    )  # the same lines again: from what was kept
    assert "first message" in " ".join(_rows(console, 4))
    log.add("news")
    messages.draw(log, console, 0, 0, width=30, height=4)
    assert _rows(console, 4)[-1] == "news"
    log.add("news")
    messages.draw(log, console, 0, 0, width=30, height=4)
    assert _rows(console, 4)[-1] == "news (x2)"
    narrow = render.new_console(12, 8)
    messages.draw(log, narrow, 0, 0, width=12, height=8)
    shown = [row for row in _rows(narrow, 8) if row]
    assert len(shown) == 7 and all(len(row) <= 12 for row in shown)  # rewrapped, not cut
    assert shown[0] == "the first" and shown[-1] == "news (x2)"
    assert messages.wrapped(log, 12)[0] == ("the first", KIND_COLORS[MessageKind.INFO])
    before = KIND_COLORS[MessageKind.INFO]
    KIND_COLORS[MessageKind.INFO] = (1, 2, 3)  # a palette changes the table in place
    try:
        messages.draw(log, console, 0, 0, width=30, height=4)
        assert tuple(console.rgb["fg"][0, 3]) == (1, 2, 3)
    finally:
        KIND_COLORS[MessageKind.INFO] = before
