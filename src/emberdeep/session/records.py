"""What a run keeps for the player, as the screens see it: the saved games to continue or
delete, the log lines a save brings back, and the hall of fame.

``ui`` reaches storage only through the session (``tests/test_layers.py`` checks it), so
how games are kept on disk (file names, backups, the scores database) is known at the
session and below, never by a screen. The types are storage's own, named here rather than
wrapped: they are already what ``GameSetup`` and ``GameSession`` hand out and raise. What
a screen would otherwise work out from file names is answered here instead.
"""

from __future__ import annotations

from pathlib import Path

from emberdeep.storage.files import backup_path
from emberdeep.storage.games import GameError, Listing, list_games
from emberdeep.storage.locks import GameLockedError
from emberdeep.storage.replays import divergence_text
from emberdeep.storage.saves import LOG_LINES, LogLine, SaveError, data_dir
from emberdeep.storage.scores import SCORES_NAME, ScoreEntry, ScoresError, top

__all__ = [
    "LOG_LINES",
    "GameError",
    "GameLockedError",
    "Listing",
    "LogLine",
    "SaveError",
    "ScoreEntry",
    "ScoresError",
    "data_dir",
    "divergence_text",
    "has_backup",
    "scores_file",
    "top",
]


def saved_games(data: Path | None) -> list[Listing]:
    """The saved games in the data folder ``data``, newest first (none when saving is
    off); raises ``GameError`` if they can't be listed. Here, not only on ``GameSetup``:
    the title screen lists them before its first frame, without the session's machinery."""
    return [] if data is None else list_games(data)


def has_backup(listing: Listing) -> bool:
    """Whether ``listing``'s game can be continued from its backup (one save earlier):
    what the title screen offers when the save itself would not load."""
    return backup_path(listing.save).is_file()


def scores_file(data: Path | None) -> Path | None:
    """The hall of fame kept in the data folder ``data``; None (saving is off, so this
    run has no folder) means the player's own, which ``top`` reads by default."""
    return None if data is None else data / SCORES_NAME
