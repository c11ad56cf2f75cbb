"""Where a game is kept: saves, replays, the hall of fame, morgue files, atomic writes."""
