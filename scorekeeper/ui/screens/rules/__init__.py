"""The rules of the match being played, else of the defaults."""
