"""What a full pack leaves lying where the player stands, said once: once per item per
floor, and again only when the pack changes (an explore routed over a ring it could not
take said "Your pack is full: the ring of quickness stays here" ten times and more).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from emberdeep.engine.things import items

if TYPE_CHECKING:
    from emberdeep.engine.play.world import World
    from emberdeep.engine.things.items import Item


class FullPack:
    """The items already said to stay where they lie, for the pack as it was then."""

    def __init__(self) -> None:
        self.told: set[tuple[int, int, int, str]] = set()
        """(depth, x, y, kind) of each item said to stay."""
        self.pack: tuple[tuple[str, int], ...] = ()
        """The pack (kinds and counts) when they were said: a change makes all news."""

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
