"""What happens to a creature: harm and death, statuses, hunger, what it knows of the
player, its allies, a blow in melee, and the gear it wears with its runics; and which
creatures a floor is given (spawning).
"""
