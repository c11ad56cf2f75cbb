from __future__ import annotations

from emberdeep.engine.events import MessageKind
from emberdeep.ui import render
from emberdeep.ui.messages import KIND_COLORS, MessageLog


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
    log.draw(console, 0, 0, 30, 4)
    lines = ["".join(map(chr, console.ch[:, y])).rstrip() for y in range(4)]
    assert lines[0] == "first"
    assert lines[-1].endswith("line")
    assert all(len(line) <= 30 for line in lines)
    assert tuple(console.rgb["fg"][0, 0]) == KIND_COLORS[MessageKind.INFO]


def test_log_is_bounded() -> None:
    log = MessageLog(limit=5)
    for i in range(20):
        log.add(str(i))
    assert [e.text for e in log.entries] == ["15", "16", "17", "18", "19"]
