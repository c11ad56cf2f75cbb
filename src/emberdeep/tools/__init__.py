"""Developer tools: benchmarks, the reference implementation, the bot and soak.

Nothing the game imports at run time lives here."""
