"""A game's life below the screens: starting, continuing, saving and ending it."""
