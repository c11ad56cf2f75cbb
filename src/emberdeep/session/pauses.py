"""Real time's pauses in words. The turn driver reports why the clock stopped as data
(``driver.Pause``); the screen that shows it names the key that resumes, as the player
bound it (a rebound pause key is the one the sentence names), so the words live here and
the key comes from the screen's keymap."""

from __future__ import annotations

from emberdeep.session.driver import Pause

WHY = {
    Pause.ASKED: "Paused.",
    Pause.MONSTER: "A monster comes into view.",
    Pause.HURT: "You are hurt: the clock stops.",
    Pause.FOCUS: "Paused while the window is in the background.",
}
"""What stopped the clock, by the driver's reason."""


def pause_line(why: Pause, key: str | None) -> str:
    """The log's line for a pause: why, then how to go on with ``key`` (the pause
    command's key; None when no key is bound to it, and any command resumes)."""
    act = ", or act" if why is Pause.HURT else ""
    resume = f"Press {key} to resume{act}." if key is not None else "Act to resume."
    return f"{WHY[why]} {resume}"
