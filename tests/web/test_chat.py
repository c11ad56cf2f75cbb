"""The chat's rules: guests watch in silence, lines are cleaned and capped, a fast talker
is slowed, and the player can mute the watchers."""

from __future__ import annotations

import json

import pytest

from emberdeep.web import chat, protocol


def test_lines_are_one_line_of_plain_characters() -> None:
    assert chat.clean("  hi\n\tthere\u202e\u0007 ") == "hi there"


def test_who_may_say_what() -> None:
    now = [0.0]
    room = chat.Chat(clock=lambda: now[0])
    kind, text = room.say("page1", None, False, "hello")
    assert kind == "note" and "Log in" in json.loads(text)["text"]
    said = [room.say("page2", "wren", False, f"line {n}")[0] for n in range(6)]
    assert said == ["chat"] * 4 + ["note"] * 2  # a burst of four, then wait
    now[0] = 2.0
    assert room.say("page2", "wren", False, "later")[0] == "chat"
    assert json.loads(room.history[-1]) == {
        "t": "chat", "from": "wren", "player": False, "text": "later"
    }  # fmt: skip
    room.mute(True)
    now[0] = 10.0
    kind, text = room.say("page2", "wren", False, "muted?")
    assert kind == "note" and "muted" in json.loads(text)["text"]
    assert room.say("page3", "vic", True, "the player still talks")[0] == "chat"


def test_watchers_are_listed_with_guests_counted() -> None:
    assert json.loads(chat.watchers(["b", None, "a", None])) == {
        "t": "watchers", "names": ["a", "b"], "guests": 2
    }  # fmt: skip


@pytest.mark.parametrize(
    "text",
    [
        '{"t": "chat", "text": 3}',
        '{"t": "chat", "text": "' + "x" * 201 + '"}',
        '{"t": "chat", "text": "hi", "s": 1}',
        '{"t": "mute", "on": 1}',
        '{"t": "mute"}',
    ],
)
def test_bad_chat_messages_are_refused(text: str) -> None:
    with pytest.raises(protocol.ProtocolError):
        protocol.parse_input(text)
