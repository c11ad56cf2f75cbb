"""A game's life, below any screen: starting, continuing, saving and ending it.

The window, the terminal, the bot, soak and bench all start and end games through this
module, so the rules live in one place: a game is saved on every new floor, every
``CHECKPOINT_TURNS`` turns, when the player quits and when the window or terminal closes,
and between saves every command goes to the write-ahead journal (``storage/wal.py``), so a
killed process loses at most the last second;
a death writes the replay, the hall-of-fame entry and the morgue file, then deletes the
save (permadeath). Each step that can fail reports why in a sentence for the player and
never stops the others; nothing here raises at the player.
"""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

import msgspec

from emberdeep import bounds
from emberdeep.config import Settings
from emberdeep.content.loader import Content
from emberdeep.engine.core.floor import FloorBuilder
from emberdeep.engine.play import replay
from emberdeep.engine.play.journal import JournalError
from emberdeep.engine.play.world import World
from emberdeep.session import morgue, records, setup
from emberdeep.session.letters import ItemLetters
from emberdeep.session.log import MessageLog
from emberdeep.session.narration import narrator_for
from emberdeep.storage import games, replays, saves, scores, wal
from emberdeep.storage.durable import Durable
from emberdeep.storage.files import backup_path, fsync_file, keep_reserve, release_reserve
from emberdeep.storage.locks import GameLock, GameLockedError
from emberdeep.storage.wal import CommandLog

CHECKPOINT_LEVEL = 0
"""zlib's level for a checkpoint's save: the world stored as it is (a copy, where level 1
took a fifth of a checkpoint on a crowded floor: the cost would grow with the floor),
a kept floor at level 1 once, when it is left; a save on quitting takes the default, 6."""
CHECKPOINT_TURNS = 100
"""A game in progress is saved at least this often (in player turns), so a crash or a
killed process loses little."""


def now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


class GameSetup(msgspec.Struct):
    """What every game of one run shares: content, settings, the data folder."""

    content: Content
    settings: Settings
    data: Path | None = msgspec.field(default_factory=saves.data_dir)
    """Where games are saved (one folder each, see ``storage/games.py``), with the hall
    of fame, morgue files and replays; None turns saving off (tests, bots, benchmarks)."""
    generator: str | None = None
    """A generator forced from the command line for this run."""

    @property
    def generator_setting(self) -> str:
        return self.generator or self.settings.generator

    def builder_for(self, generator: str) -> FloorBuilder:
        return setup.floor_builder(self.settings, self.content, generator)

    def saved_games(self) -> list[games.Listing]:
        """The saved games, newest first; raises ``games.GameError`` if they can't be listed."""
        return records.saved_games(self.data)

    def delete_game(self, game: str) -> str | None:
        """Delete a saved game; None when done, else why not (for the player)."""
        if self.data is None:
            return None
        try:
            games.delete_game(self.data, game)
        except (games.GameError, GameLockedError) as exc:
            return str(exc)
        return None

    def read_world(self, path: Path) -> tuple[World, saves.SaveInfo]:
        """The world saved at ``path``, exactly as saved (the journal plays on it)."""
        item_kinds = {kind.key: kind for kind in self.content.population.items.kinds}
        return saves.read_save(
            self.builder_for,
            item_kinds,
            path,
            creature_kinds=self.content.looks,
            kinds=self.content.hero.kinds,
        )

    def new_game(self, seed: int, seed_name: str = "", *, lock: bool = True) -> GameSession:
        """A new game in a folder of its own (no other game's save is touched);
        ``seed_name``: the seed as the player typed it (a word), kept in every save.
        ``lock=False`` leaves its lock to ``GameSession.take_lock``, before its first
        save: no other process can find a folder with no save in it (``games``)."""
        started = now()
        save_file = None
        if self.data is not None:
            try:
                save_file = games.create(self.data, seed, started)
            except games.GameError:  # the first save says why, and the game goes on
                save_file = games.save_file(self.data, games.game_id(seed, started))
            keep_reserve(self.data)  # room for the score should the disk fill
        held = _lock(save_file) if lock else None
        world = setup.new_world(seed, self.settings, self.content, self.generator)
        name = seed_name.strip()[: saves.MAX_SEED_NAME]
        return GameSession(
            self, world, started=started, save_file=save_file, lock=held,
            seed_name="" if name == str(seed) else name,
        )  # fmt: skip

    def continue_game(self, game: str, from_backup: bool = False) -> GameSession:
        """Saved game ``game`` (or its backup, one save earlier); raises ``saves.SaveError``
        with a reason for the player, leaving the files untouched."""
        if self.data is None:
            raise saves.SaveError("saving is turned off")
        try:
            save_file = games.save_file(self.data, game)
            lock = _lock(save_file)
        except (games.GameError, GameLockedError) as exc:
            raise saves.SaveError(str(exc)) from None
        keep_reserve(self.data)
        ending = games.ending_of(save_file) is not None
        if ending and not save_file.exists():  # killed while its files were going
            if lock is not None:
                lock.release()
            raise GameOverError(forget(save_file))
        from_backup = from_backup and not ending  # the save and journal hold the end
        try:
            world, info = self.read_world(backup_path(save_file) if from_backup else save_file)
        except saves.SaveError:
            if lock is not None:
                lock.release()
            raise
        session = GameSession(
            self,
            world,
            info.started,
            save_file=save_file,
            lock=lock,
            letters=ItemLetters(zip(world.inventory, info.letters, strict=False)),
            seed_name=info.seed_name,
        )
        session.log.restore(info.log)
        if not from_backup:
            session.recovered = session.recover()
        if session.world.over:  # it was ending when its process stopped: end it now
            raise GameOverError(" ".join(session.end()))
        session.world.set_fov(self.settings.fov)  # this run's settings (a recorded command)
        if from_backup or session.recovered:
            session.save()  # the backup, or the save plus its journal, is the save again
        return session


class GameOverError(Exception):
    """Continue found a game that was over (its process stopped while ending it, see
    ``GameSession.seal``): its ending was finished instead; the message says how."""

    def __init__(self, notes: str) -> None:
        super().__init__(f"That game was over: its ending is finished now. {notes}".strip())


def _lock(save_file: Path | None) -> GameLock | None:
    """This run's hold on a game; raises ``GameLockedError`` if another process has it."""
    if save_file is None:
        return None
    lock = GameLock(save_file)
    lock.acquire()
    return lock


class GameSession(msgspec.Struct, dict=True):
    """One game in progress and its save policy."""

    setup: GameSetup
    world: World
    started: str
    """When the game began (ISO 8601, UTC); names its replay file."""
    save_file: Path | None = None
    """Where this game is saved; None when saving is off."""
    saved_depth: int = 0
    saved_turn: int = -1
    lock: GameLock | None = None
    """Held while the game is played, so a second process cannot play it too."""
    recovered: int = 0
    """Commands replayed from the journal when the game was continued."""
    log: MessageLog = msgspec.field(default_factory=MessageLog)
    """The game's one log (``session/log.py``): a continued game's saved lines first;
    every save keeps its newest lines and the morgue its last ones. The game played
    (``session/playing.py``) writes into this same object."""
    letters: ItemLetters = msgspec.field(default_factory=ItemLetters)
    """The carried items' letters (``session/letters.py``): a continued game's as saved;
    the inventory menus show these and every save keeps them, as it keeps the log."""
    seed_name: str = ""
    """The seed as the player typed it when a word ("": the number), kept in the save:
    the character sheet shows what they typed, which they can share."""

    def __post_init__(self) -> None:
        self.writer = saves.SaveWriter()
        """Keeps the kept floors' encoded bytes between checkpoints."""
        self.saved_depth = self.world.depth
        save_file = self.save_file
        self.journal = CommandLog(wal.journal_path(save_file)) if save_file else None
        self.logged = self.world.journal.total
        """Commands already in the save, the replay or the journal on disk."""
        self.durable = Durable()
        """The fsyncs of the last checkpoint, run off the player's turn."""

    def log_commands(self) -> str | None:
        """Append the commands recorded since the last call to the journal on disk."""
        world_journal = self.world.journal
        base = world_journal.base
        new = range(self.logged, world_journal.total)
        if self.journal is None or not new:
            return None
        records = [
            wal.Record(i, world_journal.commands[i - base], world_journal.checksums[i - base])
            for i in new
        ]
        self.logged = world_journal.total
        return self.journal.append(records)

    def recover(self) -> int:
        """Replay the journal's commands that came after the save, each checked against
        its recorded checksum; returns how many were replayed. A torn or damaged tail is
        dropped; a command that plays out differently ends the recovery there. The
        journal's commands may move the clock by at most ``bounds.journal_time_limit`` of
        their number (checked before each runs), and at most
        ``bounds.MAX_JOURNAL_COMMANDS`` are read, so no journal holds the title screen for
        long."""
        if self.journal is None:
            return 0
        world = self.world
        start = world.journal.total
        records = [r for r in wal.read_both(self.journal.path) if r.index >= start]
        limit = world.time + bounds.journal_time_limit(len(records))
        good = 0
        for record in records:
            if record.index != start + good or replay.latest_time([record.command]) > limit:
                break
            if world.time > limit:
                break
            try:
                replay.apply(world, record.command)
            except JournalError:
                break
            if world.journal.checksums[-1] != record.checksum:
                # It went differently from the game that wrote it: back to the save, and
                # only the commands that matched.
                assert self.save_file is not None  # there is a journal
                world = self.setup.read_world(self.save_file)[0]
                for matched in records[:good]:
                    replay.apply(world, matched.command)
                self.world = world
                break
            good += 1
        self.logged = self.world.journal.total
        return good

    def save(self) -> str | None:
        """Save now, durably (fsynced before it returns); None when it worked (or there
        is nothing to save), else why not."""
        save_file, world = self.save_file, self.world
        self.durable.wait()  # the last checkpoint's failure, if any, is mended by this save
        if save_file is None or not world.player.alive:
            return None
        info = self.save_info()
        # The commands go to the replay first; only once they are on disk there does the
        # save stop holding them (so a failed append keeps them in the save instead).
        self.log_commands()  # the write-ahead journal holds all until the save is written
        replay_problem = self.append_replay()
        try:
            self.writer.write(world, info, save_file, saved=now())
        except saves.SaveError as exc:
            return sentence(f"{exc}. Your game goes on, unsaved.{self.log_problem()}")
        self.saved_depth, self.saved_turn = world.depth, world.turn
        self.logged = world.journal.total
        if self.journal is not None:
            self.journal.clear()
        return replay_problem

    def checkpoint(self) -> str | None:
        """A save on the player's turn as far as a ``kill -9`` can tell: the replay's new
        chunk and the save are given to the OS, and the journal so far is set aside
        (``CommandLog.rotate``); the fsyncs, the save's rename into place and the removal
        of the set-aside journal follow off the turn (``storage/durable.py``), in that
        order, so a power cut at any moment finds the old save with both journals or the
        new one with its replay. None when it worked, else why not (a failure of the last
        checkpoint's durable half is told here)."""
        save_file, world = self.save_file, self.world
        earlier = self.durable.wait()
        if save_file is None or not world.player.alive:
            return earlier
        info = self.save_info()
        self.log_commands()
        replay_problem = self.append_replay(sync=False)
        replay_path = self.replay_path() if replay_problem is None else None
        try:
            staged = self.writer.stage(world, info, save_file, now(), CHECKPOINT_LEVEL)
        except saves.SaveError as exc:
            return sentence(f"{exc}. Your game goes on, unsaved.{self.log_problem()}")
        self.saved_depth, self.saved_turn = world.depth, world.turn
        self.logged = world.journal.total
        journal = self.journal
        if journal is not None:
            journal.rotate()

        def durable() -> str | None:
            try:
                if replay_path is not None:
                    fsync_file(replay_path)
                saves.commit_staged(staged)
            except (OSError, saves.SaveError) as exc:
                staged.discard()
                return sentence(f"{exc}. Your game goes on, unsaved")
            if journal is not None:
                journal.forget_previous()
            return None

        self.durable.run(durable)
        return " ".join(p for p in (earlier, replay_problem) if p) or None

    def save_info(self) -> saves.SaveInfo:
        return saves.current_info(
            self.setup.generator_setting,
            self.started,
            tuple(self.log.last()),
            self.letters.saved(self.world.inventory),
            self.seed_name,
        )

    def log_problem(self) -> str:
        problem = self.log_commands()
        return f" {problem}." if problem else ""

    def after_turn(self) -> str | None:
        """The save policy after the world moved: every command to the journal; a save
        on a new floor, or when a checkpoint is due."""
        world = self.world
        if not world.player.alive:
            return None
        if world.depth != self.saved_depth or world.turn - self.saved_turn >= CHECKPOINT_TURNS:
            return self.checkpoint()
        return self.log_commands()

    def replay_path(self) -> Path | None:
        data = self.setup.data
        if data is None or self.save_file is None:
            return None
        name = replays.replay_name(self.world.seed, self.started, replays.CHUNKED)
        return data / "replays" / name

    def append_replay(self, final: bool = False, sync: bool = True) -> str | None:
        """The commands since the last append onto the game's replay file (and with
        ``final`` the end of the game); then the world's journal lets them go."""
        path = self.replay_path()
        if path is None:
            return None
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            return f"could not write the replay {path}: {exc.strerror or exc}"
        log = replays.ReplayLog(path, self.setup.generator_setting)
        problem = log.append(self.world, final, sync)
        if problem is None:
            self.world.journal.forget_before(self.world.journal.total)
        return problem

    def write_replay(self) -> tuple[Path | None, str | None]:
        """The game's end onto its replay file: (its path, a problem)."""
        path = self.replay_path()
        if path is None:
            return None, None
        problem = self.append_replay(final=True)
        return (None, problem) if problem else (path, None)

    def end(self) -> list[str]:
        """A death or a victory: the hall of fame, the morgue (with the log's last
        lines), the replay, then the save goes. Returns what to tell the player, one line
        per failure and, when anything failed, which of the three were kept; a failure
        never stops the steps after it.

        First the ending is made final (``seal``), so a kill or a power cut at any later
        moment leaves a game that is over, which Continue finishes ending with the same
        hall-of-fame row (``scores.record(once=True)``), never the character alive at the
        turn before. Then the order is by worth and size on a full disk: the score (a row)
        first, then the morgue file, then the replay (the largest). If the score cannot be
        written, the room set aside (``files.keep_reserve``) and then the game's own files
        (which permadeath removes anyway) are given back, trying again after each; the
        room is set aside again at once, before the morgue can take it, so the next
        ending on a disk that stays full keeps its score too."""
        self.durable.wait()  # the last checkpoint's files are in place before any goes
        notes: list[str] = []
        world, folder = self.world, self.setup.data
        narrator = narrator_for(self.setup.content)
        cause = scores.VICTORY if world.won else narrator.cause_of_death(world.death)
        forgotten = ""
        if folder is not None and self.save_file is not None:
            when, forgotten = self.seal()
            kept: list[str] = []
            lost: list[str] = []
            entry = scores.score_entry(world, cause, when)
            try:
                rank, gone = self.record_score(entry, folder)
                forgotten = forgotten or gone
                notes.append(f"You rank #{rank} in the hall of fame.")
                kept.append("your score")
            except scores.ScoresError as exc:
                notes.append(str(exc))
                lost.append("your score")
            keep_reserve(folder)  # before the morgue and the replay can take the room
            names = {kind.key: kind.name for kind in self.setup.content.population.monsters.kinds}
            try:
                last = self.log.texts(morgue.LAST_MESSAGES)
                path = morgue.write_morgue(world, last, cause, when, folder / "morgue", names=names)
                notes.append(f"Morgue file: {path.relative_to(folder)}.")
                kept.append("the morgue file")
            except morgue.MorgueError as exc:
                notes.append(str(exc))
                lost.append("the morgue file")
            replay, problem = self.write_replay()
            notes.append(f"Replay: {replay.relative_to(folder)}." if replay else problem or "")
            (kept if replay else lost).append("the replay")
            if len(lost) < 2:  # the files above are in it
                notes.append(f"In the data folder {folder}.")
            if lost:
                notes.append(f"Kept: {', '.join(kept) or 'nothing'}; not kept: {', '.join(lost)}")
        if self.journal is not None:
            self.journal.close()
        notes.append(forgotten or forget(self.save_file, won=world.won))
        if folder is not None:
            keep_reserve(folder)  # all of it again, where the game's files made room
        self.release()
        return [sentence(note) for note in notes if note]

    def seal(self) -> tuple[datetime, str]:
        """Make the ending final before anything else is written: the commands up to the
        fatal one go to the journal, fsynced (Continue replays them to the death), then
        the game's folder is marked with the ending's time (``games.mark_ending``: an
        ending finished again keeps it, hence its score row). Where the journal cannot
        take them (a full disk), the save goes at once: the save alone is the character
        alive. Returns the ending's time and what removing the save said, if it went."""
        assert self.save_file is not None  # only a saved game is sealed
        when = games.ending_of(self.save_file) or datetime.now(timezone.utc).replace(microsecond=0)
        problem = self.log_commands()
        if problem is None and self.journal is not None:
            try:
                self.journal.sync()
            except OSError as exc:
                problem = str(exc)
        if problem is not None:
            if self.journal is not None:
                self.journal.close()
            return when, forget(self.save_file, won=self.world.won)
        games.mark_ending(self.save_file, scores.iso_utc(when))
        return when, ""

    def record_score(self, entry: scores.ScoreEntry, folder: Path) -> tuple[int, str]:
        """The score's row, once (its rank), making room on a full disk: the room set
        aside first, then the game's own files; also what removing those said ("" if
        they stay). Raises ``scores.ScoresError`` when even then it cannot be written."""
        path = folder / scores.SCORES_NAME
        try:
            return scores.record(entry, path, once=True), ""
        except scores.ScoresError:
            if not release_reserve(folder):
                raise
        try:
            return scores.record(entry, path, once=True), ""
        except scores.ScoresError:
            if self.journal is not None:
                self.journal.close()
            gone = forget(self.save_file, won=self.world.won)
        return scores.record(entry, path, once=True), gone

    def take_lock(self) -> str | None:
        """The lock of a game made with ``new_game(lock=False)``: None once held (or when
        saving is off), else why the game goes on unsaved (another process opened its
        folder, which none lists before the first save: by name, in that instant)."""
        if self.save_file is None or self.lock is not None:
            return None
        try:
            self.lock = _lock(self.save_file)
        except GameLockedError:
            self.save_file = self.journal = None
            return "Another Emberdeep opened this game's folder: it goes on unsaved."
        return None

    def release(self) -> None:
        """The game is no longer played here (quit, or over)."""
        self.durable.close()
        if self.journal is not None:
            self.journal.close()
        if self.lock is not None:
            self.lock.release()
            self.lock = None


def sentence(text: str) -> str:
    """A reason as a sentence: a capital first, a full stop last."""
    text = text[:1].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def forget(save_file: Path | None, *, won: bool = False) -> str:
    """Permadeath (or a game won, which is as finished): remove the save; what to tell
    the player ("" if there was none)."""
    if save_file is None or not save_file.parent.exists():
        return ""
    try:
        games.remove(save_file)
    except (games.GameError, GameLockedError) as exc:
        return f"Your saved game could not be removed: {exc}."
    return SAVE_GONE[won]


SAVE_GONE = {
    False: "Death is permanent: your saved game is gone.",
    True: "The game is finished: its save is removed.",
}
"""What the end of a game says of its save, by whether it was won."""
