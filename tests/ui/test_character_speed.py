"""The character sheet shows how fast the player is (no screen did: a ring of quickness
worn changed nothing the player could read), as the engine charges a move and an
attack, and still shows every worn item at 80x24."""

from __future__ import annotations

from pathlib import Path

import tcod.console

from emberdeep.config import Settings
from emberdeep.content import loader
from emberdeep.engine.acts.actions import Use
from emberdeep.engine.core.events import Refused
from emberdeep.engine.creatures import statuses
from emberdeep.engine.things.items import Item
from emberdeep.ui import render
from emberdeep.ui.app import App
from emberdeep.ui.input import KeyPress
from emberdeep.ui.screens.character import CharacterScreen, speed
from emberdeep.ui.screens.main_menu import MainMenu
from emberdeep.ui.screens.play import PlayScreen
from emberdeep.ui.stack import ScreenStack
from tests.helpers import drawn_on_stack


def rows(console: tcod.console.Console) -> list[str]:
    return ["".join(chr(c) for c in console.ch[:, y]) for y in range(console.ch.shape[1])]


def test_the_sheet_shows_a_ring_of_quickness_in_the_time_a_move_takes(tmp_path: Path) -> None:
    content = loader.load()
    kinds = {kind.key: kind for kind in content.population.items.kinds}
    stack = ScreenStack(MainMenu(App(content, Settings(), data=tmp_path)))
    stack.handle(KeyPress("a"))  # a new game
    play = stack.top
    assert isinstance(play, PlayScreen)
    world = play.world
    assert speed(world.player) == "Speed: a move takes 100% of a turn, an attack 80%"  # a dagger
    for key in ("quickness_ring", "stealth_ring"):
        world.inventory.append(Item(kinds[key], enchant=2, known=False))
        assert not isinstance(world.step(Use(len(world.inventory) - 1)), Refused)
    stack.handle(KeyPress("c"))
    sheet = stack.top
    assert isinstance(sheet, CharacterScreen)
    text = "\n".join(rows(drawn_on_stack(sheet, render.new_console(80, 24))))
    assert "Speed: a move takes 88% of a turn, an attack 80%" in text
    worn = [item for item in world.inventory if item.equipped]
    assert len(worn) == 4  # weapon, armour, two rings: all on the sheet at 80x24
    assert "ring: Ring of Stealth (?)" in text and "ring: +2 Ring of Quickness" in text
    world.player.statuses[statuses.HASTED] = 5
    assert speed(world.player) == "Speed: a move takes 44% of a turn, an attack 40%"
