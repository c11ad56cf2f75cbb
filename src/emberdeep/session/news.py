"""Whether news is good or bad for the player, as the log's colour says it.

The log colours a line by its kind (``ui/messages.py``): green (``STATUS``) reads as
good news. A status, a heal or a hurt is good or bad depending on whom it befalls: a
foe poisoned is good news, the player poisoned is not, and a foe hasted or healed is
danger. Hand play read "You are confused!" from a gas in green; every line about a
creature's condition asks here instead of choosing green by habit.
"""

from __future__ import annotations

from emberdeep.engine.core.actors import PLAYER_ID
from emberdeep.engine.core.events import MessageKind, Who
from emberdeep.engine.creatures.statuses import BANES
from emberdeep.session.names import Names


def ours(names: Names, who: Who) -> bool:
    """Whether ``who`` is the player or one of the player's allies."""
    return who.id == PLAYER_ID or who.id in names.allies


def news_kind(names: Names, who: Who, good_for_it: bool) -> MessageKind:
    """The kind of a line about something ``good_for_it`` (or not) befalling ``who``:
    good news for the player's side is green; bad news is what hurts you (red) when it
    befalls the player, danger stirring (violet) otherwise."""
    if good_for_it == ours(names, who):
        return MessageKind.STATUS
    return MessageKind.ENEMY_ATTACK if who.id == PLAYER_ID else MessageKind.ALERT


def status_kind(names: Names, who: Who, status: str, gained: bool) -> MessageKind:
    """A status begun (``gained``) or ended on ``who``: a bane begun, or a boon ended,
    is bad for its bearer (``statuses.BANES``)."""
    return news_kind(names, who, (status in BANES) != gained)
