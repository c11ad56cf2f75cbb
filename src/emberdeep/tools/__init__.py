"""Developer tools: benchmarks, the reference implementation, soak and balance runs.

Nothing the game imports at run time lives here (the bot they drive is ``agents/bot.py``,
which the agent environment uses too)."""
