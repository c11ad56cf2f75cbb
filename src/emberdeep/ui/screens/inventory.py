"""The inventory as a menu, for using or dropping an item.

It is an overlay on the play screen: the map stays visible (dimmed) underneath and the
panel stays readable, so the player can check their health before drinking a potion.
It never touches the world itself: a choice becomes an engine action carried out by the
play screen's ``perform`` (so turn-based and real-time play treat it alike, and the log
shows what happened or why it was refused). Items that must be aimed open the targeting
screen instead; what is spent on an item (a known scroll of enchanting or of identify)
opens this menu again, to choose among the items it fits (``Effect.fits``). Each item
has its own letter (the game's ``session/letters.ItemLetters``): dealt when it is first
carried, kept while the list scrolls, from turn to turn and in the save, so a letter
learnt still means that item. The throw menu lists what is made for throwing first, and
what is worn last (it must come off first); with nothing made for throwing it says so
and highlights nothing, so Enter alone throws no potion.

Every item letter picks its item, item (i) too (the key that opened the inventory once
closed it instead, and hand play could not read scroll (i) by its letter); Esc closes
it. What is worn comes off only after a question naming it, so that a slip of one key
(hand play pressed ``i`` again to close the inventory, and a worn ring came off) takes
nothing off. A letter that no item has picks nothing and moves nothing, and the menu
says so (``Menu.missing``); the arrows and the numpad move.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

import tcod.console
from msgspec.structs import replace

from emberdeep.engine.acts.actions import Drop, Use
from emberdeep.engine.acts.targets import fits
from emberdeep.engine.things.effects import AIMED, Aim
from emberdeep.engine.things.identify import display_key
from emberdeep.engine.things.items import SLOT_SIZES, Item
from emberdeep.session.letters import LETTERS
from emberdeep.session.names import describe, details, item_name
from emberdeep.ui.input import InputEvent, KeyPress
from emberdeep.ui.menu import Cancelled, Chosen, Menu, Option
from emberdeep.ui.screens import Pop, Push, Result, Stay
from emberdeep.ui.screens.confirm import ConfirmScreen
from emberdeep.ui.screens.details import DetailsScreen
from emberdeep.ui.screens.targeting import TargetingScreen

if TYPE_CHECKING:
    from emberdeep.ui.play_view import PlayView

Purpose = Literal["use", "drop", "throw", "on", "instead"]
TITLES: dict[Purpose, str] = {
    "use": "Select an item to use",
    "drop": "Select an item to drop",
    "throw": "Select an item to throw",
    "on": "{name} on which item?",
    "instead": "Take off which ring for the {name}?",
}
"""Each menu's title; "on" chooses the item another (``scroll``) is spent on, "instead"
the worn ring another (``scroll``) is put on in place of: a third ring asks, where it
once swapped the oldest off without a word."""
VERBS: dict[Purpose, str] = {"use": "use", "drop": "drop", "throw": "throw"}
FOOTER = "letter: {verb} · ?: details · Esc: back"
"""What the keys do, in the menu's bottom border: "(? about it)" in the title left a
tester guessing whether ``?`` asked for a letter next."""
TAKE_OFF = "Take off the {name}?"
"""Asked before worn gear chosen in the inventory comes off."""
NO_ITEM = "No item ({key})."
"""Said on the menu for a letter that no item has (hand play: ``j`` in the throw menu
moved the highlight, and Enter then threw a scroll of teleportation)."""
EMPTY = "You are not carrying anything."
NOTHING_TO_THROW = "You have nothing made for throwing. Throw something else?"
ABOUT = "?"
"""Opens the highlighted item's details (``screens/details.py``)."""
PARENT_DIM = 0.5
RING_HANDS = SLOT_SIZES["ring"]


def option(parent: PlayView, item: Item, key: str = "") -> Option:
    """An item's line: its glyph (as the player knows it: an unknown potion shows the
    potions' look), its name or look with the count and charges, and on the right what
    is known of it (or that it is worn)."""
    identity = parent.world.identity
    look = parent.content.looks.get(display_key(identity, item.kind))
    glyph = look.glyph if look is not None else "?"
    known = details(identity, item, parent.world.strength)
    detail = f"worn; {known}" if item.equipped else known
    return Option(f"{glyph} {describe(identity, item)}", detail, key=key)


def worn_ring(item: Item) -> bool:
    return item.equipped and item.kind.slot == "ring"


def throw_order(item: Item) -> tuple[int, int]:
    """Made for throwing (darts, javelins) first, then anything else, what is worn last."""
    return (int(item.equipped), int(not item.kind.facts.thrown))


class InventoryScreen:
    def __init__(self, parent: PlayView, purpose: Purpose, scroll: int = -1) -> None:
        self.parent = parent
        self.purpose = purpose
        self.scroll = scroll
        """For "on": the slot of the scroll being spent."""
        world = parent.world
        inventory = world.inventory
        letters = parent.letters.of(inventory)
        self.slots = sorted(range(len(inventory)), key=lambda slot: LETTERS.index(letters[slot]))
        """Menu row -> inventory slot, in the letters' order (a new item passes over the
        letters that just left, so the pack's order may be e, f, a); the throw menu is in
        its own order first."""
        if purpose == "throw":
            self.slots.sort(key=lambda slot: throw_order(inventory[slot]))
        if purpose == "instead":  # only the rings it could replace, each by its letter
            self.slots = [slot for slot in self.slots if worn_ring(inventory[slot])]
        options = []
        for slot in self.slots:
            entry = option(parent, inventory[slot], letters[slot])
            if purpose == "throw" and inventory[slot].equipped:
                entry = replace(entry, disabled=True, detail="worn: take it off to throw")
            if purpose == "on" and not fits(world, inventory[scroll], inventory[slot]):
                entry = replace(entry, disabled=True, detail="not for this")
            options.append(entry)
        title = TITLES[purpose]
        if purpose in ("on", "instead"):
            title = title.format(name=item_name(world.identity, inventory[scroll].kind))
        made_for_it = any(item.kind.facts.thrown for item in inventory)
        makeshift = purpose == "throw" and bool(inventory) and not made_for_it
        self.menu = Menu(
            title,
            options,
            header=NOTHING_TO_THROW if makeshift else "",
            empty_text=EMPTY,
            bounds=parent.layout.map,
            preselect=not makeshift,
            footer=FOOTER.format(verb=VERBS.get(purpose, "choose")),
            missing=NO_ITEM,
        )

    def handle(self, event: InputEvent) -> Result:
        if event == KeyPress(ABOUT) and self.menu.highlight is not None:
            item = self.parent.world.inventory[self.slots[self.menu.highlight]]
            return Push(DetailsScreen.of_item(self.parent, item))
        match self.menu.handle(event):
            case Chosen(row):
                return self.choose(self.slots[row])
            case Cancelled():
                return Pop()
        return Stay()

    def choose(self, slot: int) -> Result:
        if self.purpose == "drop":
            return self.parent.perform(Drop(slot))
        world = self.parent.world
        # What is made for throwing is used by throwing it (hand play met "Aim the Dart...
        # Enter to cast", then "Throw it instead (t)").
        if self.purpose == "throw" or (
            self.purpose == "use" and world.inventory[slot].kind.facts.thrown
        ):
            return Push(TargetingScreen(self.parent, slot, throw=True))
        if self.purpose in ("on", "instead"):
            return self.parent.perform(Use(self.scroll, on=slot))
        kind = world.inventory[slot].kind
        if world.inventory[slot].equipped:
            name = item_name(world.identity, kind)
            return Push(
                ConfirmScreen(
                    TAKE_OFF.format(name=name), yes=lambda: self.parent.perform(Use(slot))
                )
            )
        rings = sum(worn_ring(item) for item in world.inventory)
        if kind.slot == "ring" and not world.inventory[slot].equipped and rings >= RING_HANDS:
            return Push(InventoryScreen(self.parent, "instead", scroll=slot))
        if kind.facts.aims is Aim.ITEMS and world.identity.is_known(kind):
            return Push(InventoryScreen(self.parent, "on", scroll=slot))
        # An unknown scroll is read, not aimed: asking for a target would tell what it is.
        known = world.identity.is_known(kind) or kind.category != "scroll"
        if kind.facts.aims in AIMED and known:
            return Push(TargetingScreen(self.parent, slot))
        return self.parent.perform(Use(slot))

    def draw(self, console: tcod.console.Console) -> None:
        # Over the map only, so the sidebar's health stays where the eye expects it.
        self.menu.draw(console, self.parent.layout.map)
