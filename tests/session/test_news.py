"""Bad news is never green: the log's colour for a creature's condition asks whom it
befalls (``session/news.py``). Hand play read a gas's "You are confused!" in the colour
of good news."""

from __future__ import annotations

from emberdeep.content import loader
from emberdeep.engine.core.actors import PLAYER_ID
from emberdeep.engine.core.events import Cloud, Healed, Hurt, MessageKind, StatusChanged, Who
from emberdeep.session.narration import narrator_for

YOU = Who(PLAYER_ID, "player")
FOE = Who(5, "goblin")
FRIEND = Who(6, "goblin")
GOOD = MessageKind.STATUS


def kinds(*events: object) -> list[MessageKind]:
    narrator = narrator_for(loader.load())
    narrator.names.allies = {FRIEND.id}
    return [line.kind for line in narrator.lines(events)]  # type: ignore[arg-type]


def test_a_bane_on_you_or_an_ally_is_bad_news_and_on_a_foe_good() -> None:
    for status in ("confused", "poisoned", "paralysed", "slowed"):
        on_you = StatusChanged(YOU, (1, 1), status, True, 5, "gas")
        on_ally = StatusChanged(FRIEND, (1, 1), status, True, 5, "gas")
        on_foe = StatusChanged(FOE, (1, 1), status, True, 5, "gas")
        assert kinds(on_you, on_ally, on_foe) == [MessageKind.ENEMY_ATTACK, MessageKind.ALERT, GOOD]


def test_a_boon_on_a_foe_is_danger_and_a_boon_ending_on_you_is_no_good_news() -> None:
    hasted = StatusChanged(FOE, (1, 1), "hasted", True, 5, "frenzy")
    yours_ends = StatusChanged(YOU, (1, 1), "hasted", False)
    poison_ends = StatusChanged(YOU, (1, 1), "poisoned", False)
    assert kinds(hasted, yours_ends, poison_ends) == [
        MessageKind.ALERT,
        MessageKind.ENEMY_ATTACK,
        GOOD,
    ]


def test_a_foe_healed_an_ally_burnt_and_a_cloud_are_not_green() -> None:
    healed = Healed(FOE, (1, 1), 5, "potion")
    burnt = Hurt(FRIEND, (1, 1), 3, "fire")
    found = kinds(healed, burnt, Cloud((1, 1), "caustic"))
    assert GOOD not in found and len(found) == 3
