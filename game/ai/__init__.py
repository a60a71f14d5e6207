"""Computer players and the Harsh hint, one module per game and level. They see a seat's
view and its legal actions, never the full state."""
