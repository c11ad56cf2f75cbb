"""``emberdeep replay --events``: a recorded game replayed headless, its perceived events
printed as JSON lines for tools and analysis."""

from __future__ import annotations

import json
import os
import sys

from emberdeep.content.loader import Content
from emberdeep.engine.core.events import as_dict
from emberdeep.engine.core.floor import FloorBuilder
from emberdeep.engine.play.journal import JournalError
from emberdeep.session.driver import Driver
from emberdeep.storage.replays import ReplayFile


def print_events(recorded: ReplayFile, build: FloorBuilder, content: Content) -> int:
    """Replay headless through the turn driver, printing each perceived event as a JSON
    line with the command and turn it came in (for tools and analysis)."""
    driver = Driver(recorded.fresh_world(build, content.hero))
    for number, command in enumerate(recorded.journal.commands, start=1):
        try:
            report = driver.replay(command)
        except JournalError as exc:
            print(f"emberdeep: the replay is damaged at command {number} ({exc})", file=sys.stderr)
            return 1
        turn = driver.world.turn
        lines = [{"command": number, "turn": turn, **as_dict(event)} for event in report.events]
        try:
            sys.stdout.writelines(json.dumps(line) + "\n" for line in lines)
        except BrokenPipeError:  # read by `head`, say: it has all it wanted
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # no flush error
            return 0
    return 0
