"""What a full pack leaves lying where the player stands, said once: once per item per
floor, and again only when the pack changes (an explore routed over a ring it could not
take said "Your pack is full: the ring of quickness stays here" ten times and more);
and, once each time the pack comes down to its last slot, that explore leaves items now
(``autopilot.explore_action``'s ``spare``: the last slot is the player's choice).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from emberdeep.engine.things import items

if TYPE_CHECKING:
    from emberdeep.engine.play.world import World
    from emberdeep.engine.things.items import Item

NEARLY_FULL = "Your pack is nearly full: explore leaves items now; pick up what you choose."


class FullPack:
    """The items already said to stay where they lie, for the pack as it was then."""

    def __init__(self) -> None:
        self.told: set[tuple[int, int, int, str]] = set()
        """(depth, x, y, kind) of each item said to stay."""
        self.pack: tuple[tuple[str, int], ...] = ()
        """The pack (kinds and counts) when they were said: a change makes all news."""
        self.warned = False
        """``NEARLY_FULL`` was said, and the pack has had no more room since."""

    def nearly_full(self, world: World) -> bool:
        """Whether to say ``NEARLY_FULL`` as an explore starts: one slot left, and not
        said since the pack last had more room."""
        left = items.INVENTORY_SIZE - len(world.inventory)
        news = left <= 1 and not self.warned
        self.warned = left <= 1
        return news

    def news(self, world: World) -> Item | None:
        """The item under the player a full pack leaves, if not said already."""
        left = items.none_fit(world.inventory, world.floor.items_at(*world.player.position))
        if left is None:
            return None
        pack = tuple((item.kind.key, item.count) for item in world.inventory)
        if pack != self.pack:
            self.told.clear()
            self.pack = pack
        where = (world.depth, left.x, left.y, left.kind.key)
        if where in self.told:
            return None
        self.told.add(where)
        return left
