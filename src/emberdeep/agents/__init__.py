"""Players that are programs: they read a world and send only the commands a player can.

A layer of its own, above the session and below the presenters (``ui``) and the agent
environment (``env``): the environment offers the bot as its baseline policy, and
``tools`` (soak, balance, screenshots) drive it over many seeds, so it cannot live in
``tools``, which nothing in the game may import.
"""
