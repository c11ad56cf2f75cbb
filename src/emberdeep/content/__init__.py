"""Game data (TOML, glyph bitmaps) and the loader that validates it."""
