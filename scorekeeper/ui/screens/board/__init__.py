"""The spectator board ("Tabellone"): the match being played, in big type."""
