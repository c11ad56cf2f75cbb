"""Morgue files: a plain-text record of a finished game, kept after the save is gone.

Permadeath deletes the save, and the game-over screen is gone with the next key; the
morgue file is what is left to read, compare and share (the tradition of NetHack's
dumplogs and Crawl's morgues). It is plain text so it pastes anywhere: a header (game
version, seed, date), the character, what was carried, the last messages, the kills,
and the final floor as the player knew it.

The time comes from the caller, like every clock: the engine has none. Files are named
by date and seed, so they sort by time and say which dungeon to replay.

It belongs to the session (a game's end), not to storage: it is written once and never
read back, and it is made of the whole game (content's monster names, the floor in the
generators' text glyphs), while storage keeps the files the game reads back and knows
neither generators nor settings.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime, timezone
from pathlib import Path

import numpy as np

from emberdeep import __version__
from emberdeep.content.tomldata import DataError
from emberdeep.engine.core.actors import Mode
from emberdeep.engine.creatures.fellowship import Loss
from emberdeep.engine.play.world import World
from emberdeep.mapgen.carve import TEXT_GLYPHS
from emberdeep.session.names import describe
from emberdeep.storage import saves
from emberdeep.storage.files import write_atomically

MORGUE_FOLDER = "morgue"
LAST_MESSAGES = 20
UNEXPLORED = " "
PLAYER = "@"
RULE = "-" * 60


class MorgueError(Exception):
    """The morgue file could not be written; the message is for the player."""


def morgue_dir() -> Path:
    return saves.data_dir() / MORGUE_FOLDER


def monster_names() -> dict[str, str]:
    """Content kind key -> display name; empty if the content cannot be loaded."""
    from emberdeep.content import loader

    try:
        return {kind.key: kind.name for kind in loader.load().population.monsters.kinds}
    except DataError:
        return {}


def known_map(world: World) -> str:
    """The current floor as the player knew it: explored tiles as ``#`` ``.`` ``>``,
    the player as ``@``, the rest blank; cropped to what was explored."""
    floor = world.floor
    glyphs = np.where(floor.explored, TEXT_GLYPHS[floor.tiles], UNEXPLORED)
    glyphs[world.player.position] = PLAYER
    seen = floor.explored.copy()
    seen[world.player.position] = True
    columns, rows = np.flatnonzero(seen.any(axis=1)), np.flatnonzero(seen.any(axis=0))
    glyphs = glyphs[columns[0] : columns[-1] + 1, rows[0] : rows[-1] + 1]
    return "\n".join("".join(row).rstrip() for row in glyphs.T)


def morgue_text(
    world: World,
    log_lines: list[str],
    cause: str,
    when: datetime,
    names: Mapping[str, str] | None = None,
) -> str:
    """The whole file. ``names`` maps monster kind keys to names (default: content's)."""
    names = monster_names() if names is None else names
    player = world.player
    date = when.astimezone(timezone.utc).strftime("%Y-%m-%d %H:%M:%S UTC")
    worn = [item for item in world.inventory if item.equipped]
    carried = [item for item in world.inventory if not item.equipped]
    kills = sorted(world.kills.items(), key=lambda kv: (-kv[1], names.get(kv[0], kv[0])))
    last = log_lines[-LAST_MESSAGES:]
    lines = [
        f"Emberdeep {__version__} morgue file",
        f"Seed: {world.seed}",
        f"Date: {date}",
        f"Fate: {cause}, on depth {world.depth} after {world.turn} turns",
        *story(world, names),
        "",
        RULE,
        "Character",
        f"  Level {player.level}   Experience {player.xp} ({world.xp_to_next} for the next level)",
        f"  Hit points {player.hp}/{player.max_hp}   Power {player.power}   "
        f"Defense {player.defense}   Strength {world.strength}",
        f"  Depth {world.depth}   Turns {world.turn}",
        "",
        "Equipment",
        *(
            [f"  {item.kind.slot}: {describe(world.identity, item)}" for item in worn]
            or ["  nothing"]
        ),
        "",
        "Inventory",
        *([f"  {describe(world.identity, item)}" for item in carried] or ["  nothing"]),
        "",
        RULE,
        f"Last {len(last)} messages",
        *(f"  {line}" for line in last),
        "",
        RULE,
        f"Kills ({sum(world.kills.values())})",
        *([f"  {count:4}  {names.get(kind, kind)}" for kind, count in kills] or ["  none"]),
        "",
        *allies_section(world, names),
        RULE,
        f"Map of depth {world.depth}",
        known_map(world),
        "",
    ]
    return "\n".join(lines)


def allies_section(world: World, names: Mapping[str, str]) -> list[str]:
    """The allies: how many were freed, who is still alive and where, whom they killed,
    how each one lost died. Nothing in a game that freed none."""
    record = world.fellowship
    if not record.freed:
        return []
    living = [
        (depth, actor)
        for depth, floor in sorted({**world.kept, world.depth: world.floor}.items())
        for actor in floor.actors.values()
        if actor.alive and actor.mode == Mode.ALLY
    ]
    kills = sorted(record.kills.items(), key=lambda kv: (-kv[1], names.get(kv[0], kv[0])))
    lost = [
        f"  {names.get(x.kind, x.kind)}, {fate(x, names)} on depth {x.depth}" for x in record.lost
    ]
    alive = [
        f"  {actor.name} ({actor.hp}/{actor.max_hp} HP, "
        + ("at your side)" if depth == world.depth and not actor.stays else f"on depth {depth})")
        for depth, actor in living
    ]
    return [
        RULE,
        f"Allies (freed {record.freed})",
        *(alive or ["  none left alive"]),
        f"Their kills ({sum(record.kills.values())})",
        *([f"  {count:4}  {names.get(kind, kind)}" for kind, count in kills] or ["  none"]),
        "Lost",
        *(lost or ["  none"]),
        "",
    ]


def fate(loss: Loss, names: Mapping[str, str]) -> str:
    """How an ally died: "slain by the ogre", "faded", "killed by poison"."""
    if loss.killer == "player":
        return "slain by you"
    if loss.killer:
        return f"slain by the {names.get(loss.killer, loss.killer).lower()}"
    if loss.cause == "faded":
        return "faded away"
    return f"killed by {loss.cause}" if loss.cause else "died"


def story(world: World, names: Mapping[str, str]) -> list[str]:
    """A won game's tale in a sentence or two: how deep, what became of the guardian."""
    if not world.won:
        return [f"Deepest floor reached: {world.deepest}"]
    treasure = next(i.name for i in world.inventory if i.kind.facts.wins)
    guardians = [names.get(k, k) for k in world.kills if k == "warden"]
    deed = f"slew the {guardians[0]}" if guardians else "slipped past its guardian"
    return [
        f"Went down to depth {world.deepest}, took the {treasure}, {deed}, and climbed",
        f"back into the daylight after {world.turn} turns: a victory.",
    ]


def morgue_name(world: World, when: datetime) -> str:
    stamp = when.astimezone(timezone.utc).strftime("%Y%m%d-%H%M%S")
    return f"morgue-{stamp}-seed{world.seed}"


def write_morgue(
    world: World,
    log_lines: list[str],
    cause: str,
    when: datetime,
    folder: Path | None = None,
    *,
    names: Mapping[str, str] | None = None,
) -> Path:
    """Write the morgue file into ``folder`` (default ``morgue_dir()``) and return its
    path; a name already taken gets a number. Raises ``MorgueError``."""
    folder = folder or morgue_dir()
    text = morgue_text(world, log_lines, cause, when, names)
    base = morgue_name(world, when)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"{base}.txt"
        number = 1
        while path.exists():
            number += 1
            path = folder / f"{base}-{number}.txt"
        write_atomically(path, text.encode("utf-8"))
    except OSError as exc:
        reason = exc.strerror or str(exc)
        raise MorgueError(f"could not write the morgue file in {folder}: {reason}") from None
    return path
