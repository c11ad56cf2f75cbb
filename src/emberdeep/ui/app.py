"""The running game's surroundings: content, settings, and the save file.

Screens reach saving and starting games through this one object instead of each
knowing about files, so the play screen can be tested without touching the disk
(``App.saving`` off) and the rules — save on every new floor, on quit and on close;
delete on death — live in one place.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path

from emberdeep.config import Settings
from emberdeep.content.loader import Content
from emberdeep.engine.world import FloorBuilder, World
from emberdeep.session import setup
from emberdeep.storage import morgue, replays, saves, scores
from emberdeep.ui.keys import DEFAULT_KEYS
from emberdeep.ui.messages import MessageLog


@dataclass
class App:
    content: Content
    settings: Settings
    notices: list[str] = field(default_factory=list)
    """Problems found at start-up (settings, font), shown to the player once."""
    save_file: Path | None = field(default_factory=saves.save_path)
    """None turns saving off (tests, replays)."""
    generator: str | None = None
    """A generator forced from the command line for this run."""
    started: str = ""
    """When the current game began (ISO 8601, UTC); names its replay file."""
    keymap: dict[str, str] = field(default_factory=lambda: dict(DEFAULT_KEYS))
    """Key name -> command name: the player's ``keys.toml`` (``keys.load_keymap()``)."""

    @property
    def generator_setting(self) -> str:
        return self.generator or self.settings.generator

    def builder_for(self, generator: str) -> FloorBuilder:
        return setup.floor_builder(self.settings, self.content, generator)

    def new_world(self, seed: int) -> World:
        self.started = datetime.now(timezone.utc).isoformat(timespec="seconds")
        return setup.new_world(seed, self.settings, self.content, self.generator)

    def has_save(self) -> bool:
        return self.save_file is not None and self.save_file.exists()

    def load(self, path: Path | None = None) -> World:
        """The saved world (or the one at ``path``, e.g. the backup); raises
        ``saves.SaveError`` with a message for the player."""
        path = path or self.save_file
        if path is None:
            raise saves.SaveError("saving is turned off")
        kinds = {kind.key: kind for kind in self.content.population.items.kinds}
        world, info = saves.read_save(
            self.builder_for, kinds, path, creature_kinds=self.content.looks
        )
        self.started = info.started
        world.set_fov(self.settings.fov)
        return world

    def save(self, world: World, log: MessageLog | None = None) -> bool:
        """Save now; a failure is told to the player (in ``log``) and play goes on."""
        if self.save_file is None or not world.player.alive:
            return False
        info = saves.current_info(self.generator_setting, self.started)
        try:
            saves.write_save(world, info, self.save_file)
        except saves.SaveError as exc:
            if log is not None:
                log.add(f"{exc}. Your game goes on, unsaved.")
            return False
        self.write_replay(world, log)
        return True

    def replay_path(self, world: World) -> Path | None:
        if self.save_file is None:
            return None
        return self.save_file.parent / "replays" / replays.replay_name(world.seed, self.started)

    def write_replay(self, world: World, log: MessageLog | None = None) -> Path | None:
        """The game so far as a replay file, beside the save."""
        path = self.replay_path(world)
        if path is None:
            return None
        try:
            replays.write(replays.record(world, self.generator_setting), path)
        except replays.ReplayError as exc:
            if log is not None:
                log.add(str(exc))
            return None
        return path

    def end_game(self, world: World, log: MessageLog) -> list[str]:
        """A death: the replay, the hall of fame, the morgue, then the save goes.
        Returns what to tell the player; a failure in one step never stops the others."""
        notes = []
        when = datetime.now(timezone.utc)
        cause = world.cause_of_death or "died"
        if self.save_file is not None:
            folder = self.save_file.parent
            try:
                entry = scores.score_entry(world, cause, when)
                rank = scores.record(entry, folder / scores.SCORES_NAME)
                notes.append(f"You rank #{rank} in the hall of fame.")
            except scores.ScoresError as exc:
                notes.append(str(exc))
            names = {kind.key: kind.name for kind in self.content.population.monsters.kinds}
            lines = [entry.full_text for entry in log.entries]
            try:
                path = morgue.write_morgue(
                    world, lines, cause, when, folder / "morgue", names=names
                )
                notes.append(f"Morgue file: {path}.")
            except morgue.MorgueError as exc:
                notes.append(str(exc))
            replay = self.write_replay(world, log)
            if replay is not None:
                notes.append(f"Replay: {replay}.")
        if self.forget():
            notes.append("Death is permanent: your saved game is gone.")
        return notes

    def forget(self) -> bool:
        """Permadeath: remove the save. Returns whether there was one to remove."""
        if self.save_file is None:
            return False
        existed = self.save_file.exists()
        saves.delete_save(self.save_file)
        return existed
