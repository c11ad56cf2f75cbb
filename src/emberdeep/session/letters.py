"""The carried items' letters: each item keeps the letter it was dealt when first
carried, for as long as it is carried, so a letter learnt still means that item.

One set of letters a game, below every screen (``session/playing.py``), as the log is:
the inventory and throw menus show them, and a save keeps them beside the log's lines
(``storage/saves.SaveInfo.letters``), so a continued game starts with the letters it was
saved with; a save made before letters were kept deals them again, in inventory order.
"""

from __future__ import annotations

from collections.abc import Iterable

from emberdeep.engine.things.items import Item
from emberdeep.storage.saves import fits_letters

LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
"""Item letters, dealt in this order: an inventory never holds more than 26 things."""
RESERVED = 3
"""How many of the letters that left last a new item passes over: enough for a hand
that still types the lost staff's letter, few enough that letters stay low."""


class ItemLetters:
    """Each carried item's letter, for as long as it is carried: a new item gets the
    letter its kind last had, when that is free (the darts thrown to the last and
    gathered up again are still (b): hand play saw them come back as (a)), else the
    first letter neither held nor one of the last to leave (hand play lost the staff
    (n) in deep water, picked up a scroll, and ``i n`` read the scroll)."""

    def __init__(self, kept: Iterable[tuple[Item, str]] = ()) -> None:
        self.held: dict[int, tuple[Item, str]] = {id(item): (item, key) for item, key in kept}
        """id(item) -> (the item, kept so its id is not reused, its letter)."""
        self.left: dict[str, str] = {}
        """Item kind -> the letter of the last of its kind to leave the pack."""

    def of(self, inventory: list[Item]) -> list[str]:
        """The letter of each item of ``inventory``, in its order."""
        carried = {id(item) for item in inventory}
        for gone in [key for key in self.held if key not in carried]:
            item, letter = self.held.pop(gone)
            self.left.pop(item.kind.key, "")  # the newest last: ``free`` looks at those
            self.left[item.kind.key] = letter
        taken = {letter for _, letter in self.held.values()}
        out = []
        for item in inventory:
            if id(item) not in self.held:
                letter = self.left.pop(item.kind.key, "")
                if not letter or letter in taken:
                    letter = self.free(taken)
                self.held[id(item)] = (item, letter)
                taken.add(letter)
            out.append(self.held[id(item)][1])
        return out

    def free(self, taken: set[str]) -> str:
        """The first letter not ``taken`` nor among the ``RESERVED`` last to leave (they
        still mean what left, to a hand that learnt them); else the first not taken."""
        recent = set(list(self.left.values())[-RESERVED:])
        letter = next((free for free in LETTERS if free not in taken | recent), "")
        return letter or next((free for free in LETTERS if free not in taken), "?")

    def saved(self, inventory: list[Item]) -> str:
        """Each item's letter, in inventory order, as a save keeps them ("" when they
        cannot all be kept: the letters are dealt again on Continue)."""
        dealt = "".join(self.of(inventory))
        return dealt if fits_letters(dealt, len(inventory)) else ""
