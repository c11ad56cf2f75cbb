"""The wire format: what a page may send, and frames that rebuild the screen exactly."""

from __future__ import annotations

import json
import re
import socket
from typing import Any

import numpy as np
import pytest

from emberdeep.ui import loop, render
from emberdeep.ui.input import Click, KeyPress, MouseMove, Wheel
from emberdeep.web import protocol
from emberdeep.web.pipe import PipeEnd
from emberdeep.web.presenter import WebPresenter


@pytest.mark.parametrize(
    ("text", "event"),
    [
        ('{"t": "key", "s": 1, "k": "h"}', KeyPress("h")),
        ('{"t": "key", "s": 2, "k": "kp_7"}', KeyPress("kp_7")),
        ('{"t": "move", "s": 3, "x": 79, "y": 51}', MouseMove(79, 51)),
        ('{"t": "click", "s": 4, "x": 0, "y": 0, "b": 3}', Click(0, 0, 3)),
        ('{"t": "wheel", "s": 5, "dy": -1}', Wheel(-1)),
    ],
)
def test_inputs_become_the_screens_events(text: str, event: object) -> None:
    assert protocol.to_event(protocol.parse_input(text)) == event


@pytest.mark.parametrize(
    "text",
    [
        "not json",
        "[1, 2]",
        '{"t": "shell", "s": 1}',
        '{"t": "key", "s": 1, "k": "rm -rf"}',
        '{"t": "key", "s": 1, "k": "\\u0007"}',
        '{"t": "key", "s": -1, "k": "h"}',
        '{"t": "key", "s": 1.5, "k": "h"}',
        '{"t": "key", "s": true, "k": "h"}',
        '{"t": "key", "s": 1, "k": "h", "extra": 1}',
        '{"t": "move", "s": 1, "x": 100, "y": 0}',
        '{"t": "click", "s": 1, "x": 1, "y": 1, "b": 4}',
        '{"t": "wheel", "s": 1}',
        '{"t": "key", "s": 1, "k": "' + "x" * 2000 + '"}',
        "[" * 999,  # was a RecursionError out of json.loads
        '{"t": "key", "s": {"a": 1}, "k": "h"}',
        '{"t": "key", "s": ' + "9" * 1000 + ', "k": "h"}',
        '{"t": "key", "s": 1, "k": "\ud800"}',
        '{"t": "key", "s": 1e999, "k": "h"}',  # short and flat: parsed at once, then refused
        '{"t": "key", "s": NaN, "k": "h"}',
        '{"t": "key", "s": ' + "9" * 200 + ', "k": "h"}',
        '{"t": "key", "s": 1, "k": "h"',
        '{"t": "chat", "text": "' + "x" * 300 + '"}',
    ],
)
def test_anything_else_is_refused(text: str) -> None:
    with pytest.raises(protocol.ProtocolError):
        protocol.parse_input(text)


def console_with(text: str, x: int = 0) -> Any:
    console = render.new_console()
    console.print(x, 3, text, fg=(10, 20, 30), bg=(200, 100, 0))
    return console


def test_frames_rebuild_the_console() -> None:
    before, after = console_with("hello"), console_with("help!", 2)
    width = render.SCREEN_WIDTH
    first = json.loads(protocol.full_frame(1, protocol.cells(before), width, {}, "x"))
    screen = protocol.apply(np.zeros((3, 0), np.int64), first)
    assert protocol.text(screen)[3].startswith("hello")
    runs = protocol.changed(protocol.cells(before), protocol.cells(after))
    assert 0 < runs.size // 4 < 10  # only the changed cells
    screen = protocol.apply(screen, json.loads(protocol.diff_frame(2, runs, None)))
    assert np.array_equal(screen, protocol.unpack(protocol.cells(after)))
    assert screen[1, 3 * width + 2] == 0x0A141E and screen[2, 3 * width + 2] == 0xC86400


def test_a_change_of_colour_alone_is_sent() -> None:
    before, after = console_with("hello"), console_with("hello")
    after.bg[4, 3] = (1, 2, 3)  # [x, y]: one cell's background
    runs = protocol.changed(protocol.cells(before), protocol.cells(after))
    assert runs.tolist() == [3 * render.SCREEN_WIDTH + 4, ord("o"), 0x0A141E, 0x010203]
    assert protocol.changed(protocol.cells(after), protocol.cells(after)).size == 0


class Worker:
    """A presenter on one end of a socket pair; the test is the server on the other."""

    def __init__(self) -> None:
        ours, theirs = socket.socketpair()
        self.server = PipeEnd(ours)
        self.presenter = WebPresenter(PipeEnd(theirs))

    def tell(self, message: dict[str, Any]) -> None:
        self.server.send(json.dumps(message).encode())

    def heard(self) -> list[bytes]:
        messages = []
        while (message := self.server.receive(0)) is not None:
            messages.append(message)
        return messages


def key(seq: int, name: str = "h", client: str = "page1") -> dict[str, Any]:
    return {"t": "in", "c": client, "s": seq, "m": {"t": "key", "s": seq, "k": name}}


def test_each_input_is_applied_once_and_acknowledged() -> None:
    worker = Worker()
    worker.presenter.present(console_with("a"))
    assert [m[:1] for m in worker.heard()] == [protocol.FULL]
    worker.tell(key(1, "j"))
    worker.tell(key(1, "j"))  # resent after a reconnect: dropped
    worker.tell(key(2, "k"))
    assert worker.presenter.wait(1) == [KeyPress("j"), KeyPress("k")]
    worker.tell(key(2, "k"))
    assert worker.presenter.wait(0.05) == []
    worker.presenter.present(console_with("a"))  # nothing changed, but inputs were applied
    (diff,) = worker.heard()
    assert json.loads(diff[1:]) == {"t": "frame", "n": 2, "d": [], "ack": ["page1", 2]}
    worker.tell({"t": "full"})
    assert worker.presenter.wait(0.05) == []
    (full,) = worker.heard()
    assert json.loads(full[1:])["acks"] == {"page1": 2}


def test_close_and_a_vanished_server_stop_the_game() -> None:
    worker = Worker()
    worker.tell({"t": "close"})
    with pytest.raises(loop.Stopped):
        worker.presenter.wait(None)
    worker.server.close()
    with pytest.raises(loop.Stopped):
        worker.presenter.wait(None)


def test_a_server_gone_while_a_frame_is_sent_stops_the_game_so_it_is_saved() -> None:
    worker = Worker()
    worker.server.close()  # the server was killed
    with pytest.raises(loop.Stopped):  # not an error that ends the process unsaved
        worker.presenter.present(console_with("a"))


def test_the_page_draws_the_console_size_the_game_sends() -> None:
    from importlib import resources

    script = resources.files("emberdeep.web").joinpath("static/game.js").read_text()
    found = re.search(r"const W = (\d+), H = (\d+);", script)
    assert found is not None
    assert (int(found[1]), int(found[2])) == (render.SCREEN_WIDTH, render.SCREEN_HEIGHT)


def test_the_bench_cases_send_a_turn_as_a_few_cells_and_a_whole_frame() -> None:
    console = console_with("a busy screen" * 5)
    cases = dict(protocol.bench_cases(console))
    size = f"{render.SCREEN_WIDTH}x{render.SCREEN_HEIGHT}"
    full = json.loads(cases[f"web frame full {size}"]())  # type: ignore[arg-type]
    screen = protocol.apply(np.zeros((3, 0), np.int64), full)
    for _ in range(3):
        turn = json.loads(cases[f"web frame typical {size} (few cells changed)"]())  # type: ignore[arg-type]
        assert 0 < len(turn["d"]) // 4 <= 15  # four map cells and the turn counter
        screen = protocol.apply(screen, turn)
    assert np.array_equal(screen, protocol.unpack(protocol.cells(console)))


def test_frames_are_the_compact_json_the_page_and_the_load_script_read() -> None:
    """Frames are written by msgspec: the same bytes as compact ``json.dumps`` (the load
    script finds the acknowledgement by its text, ``"ack":["page1",7]``)."""
    before, after = console_with("hello"), console_with("help!", 2)
    runs = protocol.changed(protocol.cells(before), protocol.cells(after))
    diff = protocol.diff_frame(7, runs, ("page1", 7))
    message = {"t": "frame", "n": 7, "d": runs.tolist(), "ack": ["page1", 7]}
    assert diff == json.dumps(message, separators=(",", ":")).encode()
    assert diff.endswith(b'"ack":["page1",7]}')
    full = protocol.full_frame(1, protocol.cells(after), render.SCREEN_WIDTH, {"p": 3}, "x")
    assert json.loads(full)["acks"] == {"p": 3} and b" " not in full
