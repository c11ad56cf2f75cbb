"""How creatures close on a foe and whose side they are on: the chase (``pursuit.py``:
a batch of monsters' steps on the crowd map) and the sides (``allies.py``: foes, friends,
followers). Below the monsters' minds and abilities, which all ask both."""
