"""Snapshots of an environment in memory: the game's own save format, strictly checked.

A snapshot is the bytes a save file holds (``storage/saves.py``: header, summary line,
zlib-compressed JSON of the world and the newest messages), with the environment's own
counters (steps taken, the last refusal, truncation) under the payload's ``"extra"`` key.
So a snapshot can be written to a file and continued as a game, and restoring one goes
through every check a save gets on loading: damaged or foreign bytes give a
``RestoreError`` naming what is wrong, and the environment is left as it was.

Restoring the same bytes again and again (a search going back to its root) checks them
the first two times only: from then on ``Verified`` copies the game the checked load
made (``engine/saves/snapshot_copy.py``: what loading it again would make, object for object),
a seventh of the cost. Only bytes equal to ones that passed every check are copied.

A branch is its game's save round trip made in memory (``copied``): what restoring a
snapshot of it would give, without the bytes. With ``reseed`` its gameplay stream
(combat, waking, monster choices) is replaced by one derived from the game seed, the
stream's current state and the branch's index, so branches' futures differ from each
other deterministically, in any process; the floors not yet built still come from the
game seed, as in every game.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from emberdeep import __version__
from emberdeep.content.loader import Content
from emberdeep.engine.core import rng as rngs
from emberdeep.engine.core.floor import FloorBuilder
from emberdeep.engine.play.world import World
from emberdeep.engine.saves.snapshot_copy import copy_world
from emberdeep.engine.things.items import ItemKind
from emberdeep.storage import saves

GENERATOR = "auto"
"""The environment plays the content's plan of generators (default settings)."""
LEVEL = 1
"""zlib's fastest level: a snapshot is taken often and kept briefly."""
MAX_STEPS_SAVED = 2**62
REMEMBERED = 4
"""How many snapshots ``Verified`` remembers (a deep game's copy is a few hundred KB)."""


class RestoreError(ValueError):
    """The bytes are not a snapshot this environment can continue; the message says why."""


@dataclass(frozen=True)
class Restored:
    """What a snapshot holds: the world, the game log's newest lines and the
    environment's counters."""

    world: World
    log: tuple[saves.LogLine, ...]
    steps: int
    refused: str
    truncated: bool
    more: dict[str, object]
    """The rest of the payload's extras: a task's state (``env/tasks.py``), else empty."""


COUNTERS = ("steps", "refused", "truncated")


def _printable(text: str) -> str:
    text = text[: saves.MAX_LOG_TEXT]
    return text if text.isprintable() else "".join(c if c.isprintable() else " " for c in text)


def _kept(log: Sequence[saves.LogLine]) -> tuple[saves.LogLine, ...]:
    """The newest lines a snapshot keeps, their texts as a save may hold them."""
    return tuple(
        saves.LogLine(_printable(line.text), line.kind, line.count)
        for line in log[-saves.LOG_LINES :]
    )


def encode(
    world: World,
    log: Sequence[saves.LogLine],
    steps: int,
    refused: str,
    truncated: bool,
    *,
    more: Mapping[str, object] | None = None,
) -> bytes:
    """The snapshot of a game, its log's newest lines and the environment's counters
    (see the module's notes), with ``more`` (JSON values) beside the counters."""
    info = saves.SaveInfo(GENERATOR, __version__, "", _kept(log))
    extra = {**(more or {}), "steps": steps, "refused": _printable(refused),
             "truncated": truncated}  # fmt: skip
    return saves.encode(world, info, level=LEVEL, extra=extra)


def decode(data: object, content: Content, build: FloorBuilder) -> Restored:
    """The game and counters in ``data``, every field checked; ``RestoreError`` if not.
    ``build`` makes floors as the environment's games do (``GENERATOR``)."""
    if not isinstance(data, bytes | bytearray | memoryview):
        raise RestoreError(f"a snapshot is bytes, not {type(data).__name__}")

    def builder_for(generator: str) -> FloorBuilder:
        if generator != GENERATOR:
            raise ValueError(generator)
        return build

    item_kinds = _item_kinds(content)
    try:
        payload = saves.decode_payload(bytes(data))
        world, info = saves.decode_world(
            payload, builder_for, item_kinds, content.looks, content.hero.kinds
        )
    except saves.SaveError as exc:
        raise RestoreError(f"not a snapshot this environment can restore: {exc}") from None
    extra = payload.get("extra")
    if not isinstance(extra, dict):
        raise RestoreError("not an environment's snapshot: no step count (a plain save?)")
    steps, refused, truncated = (extra.get(k) for k in ("steps", "refused", "truncated"))
    if type(steps) is not int or not 0 <= steps <= MAX_STEPS_SAVED:
        raise RestoreError("snapshot damaged: steps is not a count")
    if not isinstance(refused, str) or len(refused) > saves.MAX_LOG_TEXT:
        raise RestoreError("snapshot damaged: refused is not a short text")
    if not isinstance(truncated, bool):
        raise RestoreError("snapshot damaged: truncated is not true or false")
    more = {key: value for key, value in extra.items() if key not in COUNTERS}
    return Restored(world, info.log, steps, refused, truncated, more)


_KINDS_OF: list[tuple[Content, dict[str, ItemKind]]] = []
"""The last content's item kinds by key (content never changes once loaded)."""


def _item_kinds(content: Content) -> dict[str, ItemKind]:
    """The content's item kinds by key, made once per content, not per restore."""
    if not _KINDS_OF or _KINDS_OF[0][0] is not content:
        _KINDS_OF[:] = [(content, {kind.key: kind for kind in content.population.items.kinds})]
    return _KINDS_OF[0][1]


def copied(
    world: World, log: Sequence[saves.LogLine], steps: int, refused: str, truncated: bool
) -> Restored:
    """What ``decode(encode(...))`` of these gives, made in memory (``copy_world``), the
    texts cut as a snapshot keeps them: a branch's game, with no bytes to check."""
    return Restored(copy_world(world), _kept(log), steps, _printable(refused), truncated, {})


def _again(restored: Restored) -> Restored:
    """A kept game handed out anew: the kept one is never played (nor its log)."""
    return Restored(
        copy_world(restored.world), restored.log, restored.steps, restored.refused,
        restored.truncated, restored.more,
    )  # fmt: skip


class Verified:
    """``decode`` for an environment that may restore the same snapshot many times: the
    first time every check runs (and the bytes are remembered), the second time too, and
    its game is kept, never played; from then on the game is a copy of that one
    (``copy_world``). Only bytes equal to ones that passed every check are copied: any
    other bytes, a single bit apart, are decoded and checked afresh. The newest
    ``REMEMBERED`` snapshots are remembered. An environment's branches share its
    ``Verified`` (their content and floor builder are its own); asked with another
    content or builder, it forgets what it kept, made with the old ones."""

    def __init__(self, remembered: int = REMEMBERED) -> None:
        self.remembered = remembered
        self._games: OrderedDict[bytes, Restored | None] = OrderedDict()
        """Snapshot -> its checked game, or None when restored once."""
        self._made_with: tuple[Content, FloorBuilder] | None = None

    def __len__(self) -> int:
        return len(self._games)

    def decode(self, data: object, content: Content, build: FloorBuilder) -> Restored:
        """``decode(data, content, build)``, by a copy when ``data`` was checked before."""
        if not isinstance(data, bytes | bytearray | memoryview):
            return decode(data, content, build)  # refused, with the reason
        made_with = self._made_with
        if made_with is None or made_with[0] is not content or made_with[1] is not build:
            self._games.clear()
            self._made_with = (content, build)
        key = bytes(data)
        kept = self._games.get(key)
        if kept is not None:
            self._games.move_to_end(key)
            return _again(kept)
        restored = decode(key, content, build)
        again = key in self._games
        self._games[key] = restored if again else None
        self._games.move_to_end(key)
        while len(self._games) > self.remembered:
            self._games.popitem(last=False)
        return _again(restored) if again else restored


def reseed(world: World, index: int) -> None:
    """Give ``world`` a gameplay stream of its own for branch ``index``: from the game
    seed, the stream's state now and the index, never from anything of this process."""
    if index < 0:
        raise ValueError(f"a branch index is not negative, not {index}")
    state = int(world.rng.bit_generator.state["state"]["state"])
    world.rng = rngs.stream(world.seed, "branch", state, index)


def next_resets(parent: np.random.Generator, index: int | None) -> np.random.Generator:
    """A branch's generator for its own unseeded ``reset()`` calls: the parent's, copied
    (the same next games), or with a branch ``index`` one of its own from it."""
    state = parent.bit_generator.state
    if index is None:
        copied = type(parent.bit_generator)()
        copied.state = state
        return np.random.Generator(copied)
    return np.random.Generator(np.random.PCG64([int(state["state"]["state"]), index]))
