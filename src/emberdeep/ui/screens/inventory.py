"""The inventory as a menu, for using or dropping an item.

It is an overlay on the play screen: the map stays visible (dimmed) underneath and the
panel stays readable, so the player can check their health before drinking a potion.
It never touches the world itself: a choice becomes an engine action carried out by the
play screen's ``perform`` (so turn-based and real-time play treat it alike, and the log
shows what happened or why it was refused). Items that must be aimed open the targeting
screen instead. Letters match inventory slots: (a) is the first item carried.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

import tcod.console

from emberdeep.engine.actions import Drop, Use
from emberdeep.engine.identify import display_key
from emberdeep.engine.items import Item
from emberdeep.session.names import describe, details
from emberdeep.ui.input import InputEvent
from emberdeep.ui.menu import Cancelled, Chosen, Menu, Option
from emberdeep.ui.screens import Next
from emberdeep.ui.screens.targeting import AIMED, TargetingScreen

if TYPE_CHECKING:
    from emberdeep.ui.screens.play import PlayScreen

Purpose = Literal["use", "drop", "throw"]
TITLES: dict[Purpose, str] = {
    "use": "Select an item to use",
    "drop": "Select an item to drop",
    "throw": "Select an item to throw",
}
EMPTY = "You are not carrying anything."
PARENT_DIM = 0.5


def option(parent: PlayScreen, item: Item) -> Option:
    """An item's line: its glyph (as the player knows it: an unknown potion shows the
    potions' look), its name or look with the count and charges, and on the right what
    is known of it (or that it is worn)."""
    identity = parent.world.identity
    look = parent.content.looks.get(display_key(identity, item.kind))
    glyph = look.glyph if look is not None else "?"
    known = details(identity, item)
    detail = f"worn; {known}" if item.equipped else known
    return Option(f"{glyph} {describe(identity, item)}", detail)


class InventoryScreen:
    overlay = True

    def __init__(self, parent: PlayScreen, purpose: Purpose) -> None:
        self.parent = parent
        self.purpose = purpose
        options = [option(parent, item) for item in parent.world.inventory]
        self.menu = Menu(TITLES[purpose], options, empty_text=EMPTY, bounds=parent.layout.map)

    def handle(self, event: InputEvent) -> Next:
        match self.menu.handle(event):
            case Chosen(slot):
                return self.choose(slot)
            case Cancelled():
                return self.parent
        return self

    def choose(self, slot: int) -> Next:
        if self.purpose == "drop":
            return self.parent.perform(Drop(slot))
        if self.purpose == "throw":
            return TargetingScreen(self.parent, slot, throw=True)
        if self.parent.world.inventory[slot].kind.targeting in AIMED:
            return TargetingScreen(self.parent, slot)
        return self.parent.perform(Use(slot))

    def draw(self, console: tcod.console.Console) -> None:
        # Over the map only, so the sidebar's health stays where the eye expects it.
        self.menu.draw(console, self.parent.layout.map)
