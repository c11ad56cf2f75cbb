"""The hunger clock: the stomach empties a turn at a time, warns at each state, may
faint the player, starves them at empty; a ration fills it, never past full."""

from __future__ import annotations

from emberdeep import mapgen
from emberdeep.content import loader
from emberdeep.engine.acts.actions import Use, Wait
from emberdeep.engine.core.events import Hunger, Refused, StatusChanged
from emberdeep.engine.creatures import hunger
from emberdeep.engine.play.world import World
from emberdeep.engine.saves import snapshot
from emberdeep.engine.things.items import Item
from emberdeep.session.narration import narrator_for
from tests.helpers import texts, world_from_text

RATION = next(k for k in loader.load().population.items.kinds if k.key == "ration")
ROOM = """
#######
#@....#
#######
"""


def test_the_clock_warns_at_each_state_then_starves_the_player() -> None:
    world = world_from_text(ROOM)
    world.nourishment = hunger.HUNGRY + 2
    told: list[str] = []
    states: list[str] = []
    for _ in range(hunger.HUNGRY + 5):
        world.player.hp = world.player.max_hp  # nothing else may kill it
        world.player.statuses.clear()  # nor keep it from waiting
        events = world.step(Wait())
        assert not isinstance(events, Refused)
        states += [e.state for e in events if isinstance(e, Hunger)]
        told += texts(events)
        if not world.player.alive:
            break
    assert states == ["hungry", "weak", "faint"]
    assert "You are hungry." in told and "You feel weak with hunger." in told
    assert not world.player.alive and world.nourishment == 0
    assert "You starve to death..." in told
    assert narrator_for(loader.load()).cause_of_death(world.death) == "starved to death"


def test_faint_with_hunger_the_player_sometimes_passes_out() -> None:
    world = world_from_text(ROOM)
    world.nourishment = hunger.FAINT - 1
    fainted = []
    for _ in range(hunger.FAINT - 5):
        events = world.step(Wait())
        if not isinstance(events, Refused):
            fainted += [e for e in events if isinstance(e, StatusChanged) and e.cause == "hunger"]
    assert fainted and fainted[0].status == "paralysed"
    assert "You faint from hunger!" in texts(fainted)


def test_a_ration_fills_the_stomach_but_is_refused_while_it_would_be_wasted() -> None:
    world = world_from_text(ROOM)
    world.inventory.append(Item(RATION, count=2))
    refused = world.step(Use(0))
    assert isinstance(refused, Refused) and refused.reason == "not_hungry"
    assert texts(refused) == ["You are not hungry enough to eat that yet."]
    world.nourishment = hunger.HUNGRY - 10
    events = world.step(Use(0))
    assert not isinstance(events, Refused)
    assert world.nourishment == hunger.HUNGRY - 10 + RATION.amount - 1  # a turn has passed
    assert "That food tasted delicious!" in texts(events)
    assert world.inventory[0].count == 1


def test_hunger_survives_a_save_and_counts_in_the_state_hash() -> None:
    world = World(3, mapgen.floor_builder("rooms"))
    world.nourishment = 777
    before = world.state_hash()
    world.nourishment = 778
    assert world.state_hash() != before
    world.nourishment = 777
    content = loader.load()
    kinds = {kind.key: kind for kind in content.population.items.kinds}
    back = snapshot.load(snapshot.dump(world), world.build_floor, kinds, content.hero.kinds)
    assert back.nourishment == 777 and back.state_hash() == world.state_hash()
