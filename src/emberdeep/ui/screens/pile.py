"""The pile's menu: `g` where several things lie asks which to pick up (as Brogue and
DCSS do), top first; hand play pressed `g` on a pile and got back the item just dropped,
with no choice.

Like the inventory, it never touches the world: the choice becomes ``PickUp(which)``
carried out by the play screen's ``perform``. Things alike that stack (thrown darts
gathered in one cell) are one choice, and one press takes them all: a pile of nothing
else asks nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import tcod.console

from emberdeep.engine.acts.actions import PickUp
from emberdeep.engine.things.items import Item
from emberdeep.ui.input import InputEvent, KeyPress
from emberdeep.ui.menu import Cancelled, Chosen, Menu
from emberdeep.ui.screens import Pop, Push, Result, Stay
from emberdeep.ui.screens.details import DetailsScreen
from emberdeep.ui.screens.inventory import ABOUT, option

if TYPE_CHECKING:
    from emberdeep.engine.play.world import World
    from emberdeep.ui.play_view import PlayView

TITLE = "Pick up which? (? about it)"


def choices(pile: list[Item]) -> list[int]:
    """The pile's items worth a row each, top first (``Floor.items_at`` lists the top
    last): one per kind of what stacks, as a press takes all of it together."""
    rows: list[int] = []
    for index in reversed(range(len(pile))):
        kind = pile[index].kind
        if not (kind.stacks and any(pile[row].kind is kind for row in rows)):
            rows.append(index)
    return rows


def asks_which(world: World) -> bool:
    """Whether `g` here asks which: several things to choose from lie under the player."""
    return len(choices(world.floor.items_at(*world.player.position))) > 1


class PileScreen:
    def __init__(self, parent: PlayView) -> None:
        self.parent = parent
        world = parent.world
        self.pile = world.floor.items_at(*world.player.position)
        self.rows = choices(self.pile)
        """Menu row -> index in the pile."""
        options = [option(parent, self.pile[index]) for index in self.rows]
        self.menu = Menu(TITLE, options, bounds=parent.layout.map)

    def handle(self, event: InputEvent) -> Result:
        if event == KeyPress(ABOUT) and self.menu.highlight is not None:
            item = self.pile[self.rows[self.menu.highlight]]
            return Push(DetailsScreen.of_item(self.parent, item))
        match self.menu.handle(event):
            case Chosen(row):
                return self.parent.perform(PickUp(self.rows[row]))
            case Cancelled():
                return Pop()
        return Stay()

    def draw(self, console: tcod.console.Console) -> None:
        self.menu.draw(console, self.parent.layout.map)
