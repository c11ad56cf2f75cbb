"""A player's page: what the server knows of one player, for ``/api/players/NAME``.

A page a player comes back to: the games they have under way (running now, on any host,
as the lobby lists them; and saved in their folder, as the title screen lists them, their
daily games' too), their finished games from the shared hall of fame (newest first, each
with its morgue and replay) and their best scores. Only a registered name has a page:
the name is checked (``accounts.check_name``) and looked up before any folder is read, so
nothing a request says reaches a folder that is not a player's.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from emberdeep.storage import games
from emberdeep.web import daily
from emberdeep.web.accounts import Accounts, player_folder
from emberdeep.web.hall import Hall

RECENT = 50
"""Finished games listed (their morgues), the newest first."""
BEST = 10
"""Best scores listed."""
DAY = re.compile(r"\d{4}-\d{2}-\d{2}")


def saved_games(folder: Path) -> list[dict[str, Any]]:
    """The games saved in a player's ``folder`` and in their daily games' folders, the
    most recently saved first; a save whose summary cannot be read is listed with its
    problem, as the title screen lists it."""
    places: list[tuple[Path, str | None]] = [(folder, None)]
    days = folder / "daily"
    if days.is_dir():
        places += [
            (daily.folder(folder, d.name), d.name) for d in days.iterdir() if DAY.fullmatch(d.name)
        ]
    found = []
    for place, day in places:
        try:
            listings = games.list_games(place)
        except games.GameError:
            continue  # the folder cannot be read: nothing to list from it
        for listing in listings:
            summary = listing.summary
            numbers = {
                key: None if summary is None else getattr(summary, key)
                for key in ("depth", "level", "turn")
            }
            found.append(
                {"game": listing.game, "daily": day, "saved": listing.when, **numbers,
                 "problem": listing.problem}
            )  # fmt: skip
    return sorted(found, key=lambda game: str(game["saved"]), reverse=True)


def page(
    name: str, accounts: Accounts, hall: Hall, data: Path, running: list[dict[str, Any]]
) -> dict[str, Any] | None:
    """The page of the player whose canonical name is ``name`` (``running``: the lobby's
    entries, every host's), or None if nobody has that name."""
    shown = accounts.shown(name)
    if shown is None:
        return None
    return {
        "name": name,
        "shown": shown,
        "running": [
            {**game, "daily": game["player"] != name}
            for game in running
            if game.get("player") in (name, name + daily.MARK)
        ],
        "saved": saved_games(player_folder(data, name)),
        "games": [entry.as_dict() for entry in hall.of(name, RECENT)],
        "best": [entry.as_dict() for entry in hall.of(name, BEST, best=True)],
    }
