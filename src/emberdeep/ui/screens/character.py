"""The character sheet (``c``): who you are, how far you have come, what you wear.

Short enough for the 80x24 map view (20 rows): numbers that belong together share a
line, so the equipment, rings included, is never below the box's last row (hand play
found the rings missing there), and the seed is as the player typed it."""

from __future__ import annotations

from typing import TYPE_CHECKING

import tcod.console

from emberdeep.engine.core.actors import Actor
from emberdeep.engine.creatures import hunger, statuses
from emberdeep.engine.play.world import ACTION_TIME, World
from emberdeep.session.names import describe
from emberdeep.ui import palette, render
from emberdeep.ui.fitting import fit
from emberdeep.ui.input import Click, InputEvent, KeyPress
from emberdeep.ui.screens import Pop, Result, Stay

if TYPE_CHECKING:
    from emberdeep.ui.play_view import PlayView

WIDTH = 56


def sheet(screen: PlayView) -> list[str]:
    world = screen.world
    player = world.player
    worn = [
        f"  {item.kind.slot}: {describe(world.identity, item)}"
        for item in world.inventory
        if item.equipped
    ]
    kills = sum(world.kills.values())
    return [
        f"Level: {player.level}",
        f"Experience: {player.xp} / {world.xp_to_next} to the next level",
        f"Hit points: {player.hp} / {player.max_hp}",
        f"Power: {player.power} · Defense: {player.defense} · Strength: {world.strength}",
        f"Stomach: {world.nourishment} of {hunger.STOMACH} turns"
        + (f" ({state})" if (state := hunger.state(world.nourishment)) else ""),
        speed(player),
        "",
        f"Depth: {world.depth} · Turns: {world.turn} · Kills: {kills}",
        f"Seed: {screen.seed_name}",
        "",
        "Equipment:",
        *(worn or ["  nothing"]),
        *keys(world),
    ]


def keys(world: World) -> list[str]:
    """The keys carried and what they are for, when there are any: a tester who read
    "You pick up a vault key" looked for it here (it was in the pack, listed with the
    rest, until a vault door took it)."""
    held = [describe(world.identity, item) for item in world.inventory if item.kind.facts.opens]
    return [f"Keys: {', '.join(held)} (walk into a locked vault door)"] if held else []


def speed(player: Actor) -> str:
    """The time a move and an attack take, as the engine charges them (armour's weight,
    a ring of quickness, haste or slowness), in percent of an ordinary turn: the only
    place the player reads how fast they are."""
    move = statuses.cost(player, player.move_time) * 100 // ACTION_TIME
    attack = statuses.cost(player, player.attack_time) * 100 // ACTION_TIME
    return f"Speed: a move takes {move}% of a turn, an attack {attack}%"


class CharacterScreen:
    def __init__(self, parent: PlayView) -> None:
        self.parent = parent

    def handle(self, event: InputEvent) -> Result:
        match event:
            case KeyPress() | Click():
                return Pop()
        return Stay()

    def draw(self, console: tcod.console.Console) -> None:
        lines = sheet(self.parent)
        view = self.parent.layout.map
        width, height = min(WIDTH, view.width), min(len(lines) + 4, view.height)
        x = view.x + (view.width - width) // 2
        y = view.y + max(0, (view.height - height) // 2)
        region = render.Region(x, y, width, height)
        render.draw_box(console, region, "Character", fg=palette.FRAME_FG, bg=palette.BOX_BG)
        for row, line in enumerate(lines[: height - 4]):
            console.print(x + 2, y + 2 + row, fit(line, width - 4), fg=palette.TEXT_FG)
        console.print(x + 2, y + height - 1, " any key to close ", fg=palette.INFO_FG)
