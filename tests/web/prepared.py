"""A saved game made to order in a player's folder, so a browser test starts where it
needs to (the Ember Heart in the pack, a step from the way out) instead of playing there."""

from __future__ import annotations

from pathlib import Path

from emberdeep.config import Settings
from emberdeep.content import loader
from emberdeep.engine.acts.actions import DIRECTIONS
from emberdeep.engine.core.floor import TILE_WALKABLE
from emberdeep.engine.things.items import Item
from emberdeep.session.setup import new_world
from emberdeep.storage import games, saves
from emberdeep.web.accounts import player_folder

STARTED = "2024-05-01T12:00:00"


def heart_by_the_way_out(data: Path, name: str, seed: int = 5) -> None:
    """Depth 1 of a new game with ``seed``, emptied of creatures, the player (hurt) a step
    from the stairs up with the Ember Heart, three darts and a ration in the pack: saved in
    ``name``'s folder of the server's ``data``, where their next Play continues it."""
    content = loader.load()
    settings = Settings()
    world = new_world(seed, settings, content)
    floor, player = world.floor, world.player
    for actor in [a for a in floor.actors.values() if a is not player]:
        floor.remove_actor(actor)
    sx, sy = floor.start
    x, y = next(
        (sx + dx, sy + dy) for dx, dy in DIRECTIONS if TILE_WALKABLE[floor.tiles[sx + dx, sy + dy]]
    )
    floor.move_actor(player, x, y)
    player.hp = player.max_hp - 10  # something to rest for
    kinds = {kind.key: kind for kind in content.population.items.kinds}
    world.inventory += [
        Item(kinds["ember_heart"]),
        Item(kinds["darts"], count=3),
        Item(kinds["ration"]),
    ]
    save = games.create(player_folder(data, name), seed, STARTED)
    saves.write_save(world, saves.current_info(settings.generator, STARTED), save)
