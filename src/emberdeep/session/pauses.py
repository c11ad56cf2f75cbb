"""Real time's pauses in words. The turn driver reports a pause as data
(``driver.Paused``: why, the newcomers that did it, whether it is the first of its
cause); the screen that shows it names the key that resumes, as the player bound it (a
rebound pause key is the one the sentence names), so the words live here and the key
comes from the screen's keymap.

Each pause is one line naming its cause ("You see an orc: the clock stops."); how to go
on is said with the first pause of each cause only, and a run the pause ended has no
other line (no "You are hurt." twice, no bare "Stopped.")."""

from __future__ import annotations

from emberdeep.session.driver import Pause, Paused
from emberdeep.session.narration import Narrator

WHY = {
    Pause.ASKED: ("Paused", ""),
    Pause.MONSTER: ("A monster comes into view", "the clock stops"),
    Pause.HURT: ("You are hurt", "the clock stops"),
    Pause.FOCUS: ("Paused while the window is in the background", ""),
}
"""What stopped the clock, by the driver's reason: (the cause, what it did)."""
OR_ACT = frozenset({Pause.MONSTER, Pause.HURT})
"""Pauses where acting at once (fight, flee, drink) is as good a way on as resuming."""


def pause_line(paused: Paused, key: str | None, narrator: Narrator) -> str:
    """The log's line for a pause: its cause (the newcomers by name, in ``narrator``'s
    words), what it did, and for the first pause of its cause how to go on with ``key``
    (the pause command's key; None when no key is bound to it, and any command
    resumes)."""
    cause, did = WHY[paused.why]
    if paused.monsters:
        cause = narrator.sighting(paused.monsters).rstrip(".")
    text = f"{cause}: {did}." if did else f"{cause}."
    if not paused.first:
        return text
    act = ", or act" if paused.why in OR_ACT else ""
    resume = f"Press {key} to resume{act}." if key is not None else "Act to resume."
    return f"{text} {resume}"
