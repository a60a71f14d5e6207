"""Computer players. They see a seat's view and its legal actions, never the full state."""
