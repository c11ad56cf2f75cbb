"""The running game's surroundings: content, settings, and the save file.

Screens reach saving and starting games through this one object instead of each
knowing about files, so the play screen can be tested without touching the disk
(``App.saving`` off) and the rules — save on every new floor, on quit and on close;
delete on death — live in one place.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from emberdeep import game, saves
from emberdeep.config import Settings
from emberdeep.content.loader import Content
from emberdeep.engine.world import FloorBuilder, World
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

    @property
    def generator_setting(self) -> str:
        return self.generator or self.settings.generator

    def builder_for(self, generator: str) -> FloorBuilder:
        return game.floor_builder(self.settings, self.content, generator)

    def new_world(self, seed: int) -> World:
        return game.new_world(seed, self.settings, self.content, self.generator)

    def has_save(self) -> bool:
        return self.save_file is not None and self.save_file.exists()

    def load(self, path: Path | None = None) -> World:
        """The saved world (or the one at ``path``, e.g. the backup); raises
        ``saves.SaveError`` with a message for the player."""
        path = path or self.save_file
        if path is None:
            raise saves.SaveError("saving is turned off")
        kinds = {kind.key: kind for kind in self.content.population.items.kinds}
        world, _ = saves.read_save(self.builder_for, kinds, path)
        world.set_fov(self.settings.fov)
        return world

    def save(self, world: World, log: MessageLog | None = None) -> bool:
        """Save now; a failure is told to the player (in ``log``) and play goes on."""
        if self.save_file is None or not world.player.alive:
            return False
        try:
            saves.write_save(world, saves.current_info(self.generator_setting), self.save_file)
        except saves.SaveError as exc:
            if log is not None:
                log.add(f"{exc}. Your game goes on, unsaved.")
            return False
        return True

    def forget(self) -> bool:
        """Permadeath: remove the save. Returns whether there was one to remove."""
        if self.save_file is None:
            return False
        existed = self.save_file.exists()
        saves.delete_save(self.save_file)
        return existed
