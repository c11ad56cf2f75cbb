"""When a played game's long-lived objects leave the cyclic garbage collector.

Python's full collection walks every tracked object: the content, the screens, every
kept floor. In two bot games to depth 10 that was a 47 ms pause every few thousand
turns (a frame at 60 Hz is 16.7 ms), though none of those objects ever becomes garbage
while the game is played. ``gc.freeze`` moves everything tracked so far to a permanent
generation no collection walks; the young collections that stay keep catching the
short-lived cycles of a turn.

Two moments, both already slow ones: a game started (content, the first floor and the
screens are all made) and a floor entered (its monsters, items and maps). A floor's
freeze first collects the young generations, so the cycles made just before (the BSP
tree a floor was cut from, a turn's batches) are freed rather than frozen for good.

The title screen's ``start_game`` and the play screen call these, but they act only in
a process that said it plays one game at a time (``activate``: ``emberdeep play``, a
web game's worker); tools, tests and the agent environment make and drop thousands of
worlds in one process, where frozen worlds would pile up (and each new game's full
collection would walk a test runner's whole heap). Nothing here touches a game: the
collector frees memory, it never changes what the simulation does.
"""

from __future__ import annotations

import gc


class Frozen:
    """What this process has frozen (the collector's state is the process's too)."""

    active = False
    """Whether this process plays games one at a time and freezes them (``activate``)."""
    game = False
    """Whether a game was frozen: a later game's start must free it."""


def activate(on: bool = True) -> None:
    """This process plays one game at a time: settle its games and floors (or, with
    ``on`` false, no longer)."""
    Frozen.active = on


def settle_start() -> None:
    """The program is up (its modules, the content, the app, the title screen), made
    with the collector off (``cli.run_play``): all of it lives as long as the process,
    so it is frozen before the collector comes back on. Otherwise the first young
    collection after would walk it all, since everything made while the collector was
    off is young: a tenth of the CPU to the title screen's first frame."""
    if Frozen.active:
        gc.freeze()


def settle_game() -> None:
    """A game has just started (new or continued). A game played before it in this
    process was frozen, and is garbage now: out of the permanent generation and
    collected at once, on the title screen's way into the new game, rather than kept
    for good. The first game freezes whatever was loaded before it, without a
    collection: the game starts with the collector off (``cli.run_play``), so its young
    generation is then the whole program, and walking it was a tenth of the start-up,
    to free the few hundred objects of the first floor's BSP tree (a fork server's
    frozen objects stay frozen, never walked)."""
    if not Frozen.active:
        return
    if Frozen.game:
        gc.unfreeze()
        gc.collect()
    gc.freeze()
    Frozen.game = True


def settle_floor() -> None:
    """The player has just arrived on a floor: it, and everything made so far, frozen."""
    if not Frozen.active:
        return
    gc.collect(1)
    gc.freeze()
