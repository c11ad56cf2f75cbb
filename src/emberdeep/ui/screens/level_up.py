"""The level-up choice, as in the tutorial: one stat rises. It cannot be dismissed: the
level is spent before play goes on. Nothing is highlighted when it opens, so an Enter
meant for something else (it often opens in the middle of a fight) chooses nothing: a
letter, a click, or a move to a stat and then Enter does. It opens unbidden, so the keys
still coming in a stream when it appears are dropped too (``ui/stack.py``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import tcod.console

from emberdeep.engine.acts.actions import LEVEL_UP_STATS, LevelUp
from emberdeep.ui.input import InputEvent
from emberdeep.ui.menu import Chosen, Menu, Option
from emberdeep.ui.screens import Result, Stay

if TYPE_CHECKING:
    from emberdeep.ui.play_view import PlayView


class LevelUpScreen:
    unbidden = True
    """Opened by the game, not by a key: it settles before it takes input."""

    def __init__(self, parent: PlayView) -> None:
        self.parent = parent
        player, gains = parent.world.player, parent.world.progression
        self.menu = Menu(
            "Level up!",
            [
                Option(f"Constitution (+{gains.hp} HP)", f"from {player.max_hp}"),
                Option(
                    f"Might (+{gains.power} power, -{gains.might_costs} defense)",
                    f"from {player.power}/{player.defense}",
                ),
                Option(
                    f"Agility (+{gains.defense} defense, -{gains.agility_costs} power)",
                    f"from {player.defense}/{player.power}",
                ),
            ],
            header=f"Congratulations! You reach level {player.level + 1}. Choose a stat to raise:",
            preselect=False,
        )

    def handle(self, event: InputEvent) -> Result:
        result = self.menu.handle(event)
        if isinstance(result, Chosen):
            return self.parent.perform(LevelUp(LEVEL_UP_STATS[result.index]))
        return Stay()

    def draw(self, console: tcod.console.Console) -> None:
        self.menu.draw(console, self.parent.layout.map)
