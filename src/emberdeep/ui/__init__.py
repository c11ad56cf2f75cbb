"""Everything the player sees and touches: input translation, drawing, screens, presenters."""
