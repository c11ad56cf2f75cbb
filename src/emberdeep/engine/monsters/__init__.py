"""How monsters decide and come and go: minds, abilities, pursuit, allies, followers
on the stairs, and those a calm floor draws in. The abilities kept in modules of their
own are gathered by ``repertoire.py``."""
