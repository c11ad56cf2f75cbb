"""A short run of the hostile-file fuzzer: every case loads or is refused, none hangs."""

from __future__ import annotations

from pathlib import Path

import pytest

from emberdeep.engine.play.journal import JournalError, check_command, decode_action
from emberdeep.tools.fuzz import SLOW_SECONDS, fuzz, hostile_case, hostile_payload


def test_hostile_saves_journals_and_replays_are_refused_or_loaded(tmp_path: Path) -> None:
    tally = fuzz(40, 12, tmp_path, report=lambda line: None, hostile_count=12)
    assert tally["tried"] == 40 + 10 + 12 + 12
    assert tally["tracebacks"] == 0 and tally["hangs"] == 0
    assert tally["refused"] > 0 and tally["loaded"] > 0


@pytest.mark.parametrize("n", range(6))
def test_each_kind_of_legal_but_hostile_file_is_quick(n: int) -> None:
    """Many maximal advances, millions of cheap commands, deep nesting, huge integers,
    legal advances and waits: refused before they run, or verified, within 2 s of the
    game's time; and as a journal that Continue replays (n + 24: n % 5 == 4)."""
    for case in (n, n + 24):
        outcome, seconds = hostile_case(case, hostile_payload(case))
        assert outcome in ("loaded", "refused")
        assert seconds < SLOW_SECONDS


@pytest.mark.parametrize("command", [[["m"], 1, 0], ["s", ["w"]], ["f", ["fov"], 8, True]])
def test_lists_where_names_belong_are_refused_not_a_traceback(command: list[object]) -> None:
    with pytest.raises(JournalError):
        check_command(command)
    with pytest.raises(JournalError):
        decode_action(command)
