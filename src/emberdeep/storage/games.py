"""Saved games, one folder each: ``<data>/games/<id>/`` holds the save, its backup, the
write-ahead journal and the lock of that one game.

A folder per game means two games never share a file: each is played, checkpointed,
locked and deleted on its own, so starting a game never touches another one's save, and
two processes on two games never meet. Listing them reads one short summary line per
save (``saves.read_summary``), never a whole world. A game's id is its start time and
seed (``20261123T101500-42``): ids sort by age and say which dungeon it is.

Emberdeep 0.1.0 kept one ``save.emberdeep`` at the top of the data folder; ``migrate``
(run by ``list_games``) renames it, with its backup and journal, into a folder of its
own, so the old game is listed, never lost.
"""

from __future__ import annotations

import contextlib
import os
import re
from datetime import datetime, timezone
from pathlib import Path

import msgspec

from emberdeep.storage import saves
from emberdeep.storage.files import (
    backup_path,
    fsync_folder,
    remove_stale_temps,
    write_atomically,
)
from emberdeep.storage.locks import GameLock, GameLockedError
from emberdeep.storage.wal import journal_path

GAMES_FOLDER = "games"
ENDING_NAME = "ending"
"""In a game's folder while its death (or victory) is being ended: when it ended, so a
process killed before the folder is gone finishes the same ending on Continue (the same
hall-of-fame row, never a second, and never the character alive again)."""
MAX_GAMES = 1_000
"""More saved games than this are not listed (a listing must stay quick)."""
_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,99}")


class GameError(Exception):
    """A game folder could not be made, read or deleted; the message is for the player."""


class Listing(msgspec.Struct, frozen=True):
    """One saved game as the title screen lists it: its summary, or why it can't be read."""

    game: str
    save: Path
    summary: saves.Summary | None
    when: str
    """When it was last saved (ISO 8601, UTC): the summary's time, else the file's."""
    problem: str = ""
    """Empty when the summary was read; else a one-line reason (the game is still listed,
    so it can be deleted, or continued from its backup)."""


def games_dir(data: Path) -> Path:
    return data / GAMES_FOLDER


def save_file(data: Path, game: str) -> Path:
    """Where game ``game`` is saved; an id that is not one of ours (``..``, ``/``) is
    refused, so nothing a caller passes reaches outside the games folder."""
    if not _ID.fullmatch(game):
        raise GameError(f"{game!r} is not the name of a saved game")
    return games_dir(data) / game / saves.SAVE_NAME


def game_id(seed: int, started: str) -> str:
    stamp = "".join(ch for ch in started if ch.isalnum())[:15] or "game"
    return f"{stamp}-{seed}"


def create(data: Path, seed: int, started: str) -> Path:
    """A new, empty folder for a new game (``-2``, ``-3``... when the id is taken); returns
    where its save goes."""
    base = game_id(seed, started)
    root = games_dir(data)
    try:
        root.mkdir(parents=True, exist_ok=True)
        for number in range(1, MAX_GAMES + 1):
            folder = root / (base if number == 1 else f"{base}-{number}")
            try:
                folder.mkdir()
            except FileExistsError:
                continue
            fsync_folder(root)
            return folder / saves.SAVE_NAME
    except OSError as exc:
        raise GameError(f"could not make a folder for the game in {root}: {_why(exc)}") from None
    raise GameError(f"could not make a folder for the game in {root}: too many named {base}")


def _why(exc: OSError) -> str:
    return exc.strerror or str(exc)


def _when(save: Path, summary: saves.Summary | None) -> str:
    if summary is not None and summary.saved:
        return summary.saved
    try:
        stamp = save.stat().st_mtime
    except OSError:
        return ""
    return datetime.fromtimestamp(stamp, timezone.utc).isoformat(timespec="seconds")


def list_games(data: Path) -> list[Listing]:
    """Every saved game, the most recently saved first. An unreadable save is listed with
    its problem; a folder with no save (nor backup) is left out. Raises GameError only
    when the games folder itself cannot be read."""
    migrate(data)
    tidy(data)
    root = games_dir(data)
    try:
        folders = sorted(p for p in root.iterdir() if _ID.fullmatch(p.name) and p.is_dir())
    except FileNotFoundError:
        return []
    except OSError as exc:
        raise GameError(f"could not list the saved games in {root}: {_why(exc)}") from None
    listings = []
    for folder in folders[-MAX_GAMES:]:
        save = folder / saves.SAVE_NAME
        if not save.is_file() and not backup_path(save).is_file():
            continue
        try:
            summary: saves.Summary | None = saves.read_summary(save)
            problem = ""
        except saves.SaveError as exc:
            summary, problem = None, str(exc)
        listings.append(Listing(folder.name, save, summary, _when(save, summary), problem))
    return sorted(listings, key=lambda listing: (listing.when, listing.game), reverse=True)


UPKEEP_FOLDERS = ("", "replays", "morgue")
"""Folders of the data folder where files are written atomically, besides each game's."""


def tidy(data: Path) -> int:
    """Remove the temp files that killed writers left in the data folder (each game's
    folder, the replays, the morgue files), never one a running game is writing
    (``files.remove_stale_temps``); how many went."""
    folders = [data / name for name in UPKEEP_FOLDERS]
    with contextlib.suppress(OSError):
        folders += [p for p in games_dir(data).iterdir() if _ID.fullmatch(p.name)]
    return sum(remove_stale_temps(folder) for folder in folders)


def delete_game(data: Path, game: str) -> None:
    """Remove a game and all its files (the player's choice). Raises GameLockedError while
    another process plays it, GameError when the files will not go."""
    remove(save_file(data, game))


def remove(save: Path) -> None:
    """Remove the game saved at ``save``, with its folder (a choice, or permadeath)."""
    folder = save.parent
    if not folder.is_dir():
        return
    lock = GameLock(save)
    lock.acquire()
    ending = folder / ENDING_NAME
    try:
        # The ending's mark goes last: until then a kill leaves a game that is over.
        for path in sorted(folder.iterdir(), key=lambda p: p == ending):
            if path != lock.path:
                path.unlink()
    except OSError as exc:
        raise GameError(f"could not delete the game in {folder}: {exc}") from None
    finally:
        lock.release()
    try:
        lock.path.unlink()
        folder.rmdir()
    except OSError:  # another process opened it meanwhile: an empty folder is harmless
        pass


def migrate(data: Path) -> Path | None:
    """Move a 0.1.0 save (with its backup and journal) into a folder of its own; returns
    where it went, or None when there was nothing to move or it could not be moved (the
    old file then stays where it was, and is tried again next time)."""
    old = data / saves.SAVE_NAME
    if not old.is_file():
        return None
    try:
        summary = saves.read_summary(old)
        seed, started = summary.seed, summary.started or summary.saved
    except saves.SaveError:  # moved all the same: listed with its problem, never lost
        seed, started = 0, ""
    if not started:
        started = _when(old, None) or "legacy"
    lock = GameLock(old)
    try:
        lock.acquire()
        save = create(data, seed, started)
        for source, target in (
            (journal_path(old), journal_path(save)),
            (backup_path(old), backup_path(save)),
            (old, save),
        ):
            if source.is_file():
                os.replace(source, target)
        fsync_folder(save.parent)
        fsync_folder(data)
    except (GameError, GameLockedError, OSError):
        return None
    finally:
        lock.release()
    return save


def mark_ending(save: Path, when: str) -> bool:
    """Note in the game's folder that its ending began at ``when`` (ISO 8601); whether
    it could be written (a full disk may refuse it: the ending goes on without)."""
    try:
        write_atomically(save.parent / ENDING_NAME, when.encode("ascii"))
    except OSError:
        return False
    return True


def ending_of(save: Path) -> datetime | None:
    """When the ending of the game saved at ``save`` began, if it began (``mark_ending``);
    None for a game in progress, or a mark that cannot be read."""
    try:
        text = (save.parent / ENDING_NAME).read_text("ascii")[:64]
        when = datetime.fromisoformat(text)
    except (OSError, ValueError):
        return None
    return when if when.tzinfo is not None else None
