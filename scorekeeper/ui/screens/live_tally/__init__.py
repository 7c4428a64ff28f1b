"""The live tally: what happens in play counted as it happens, on any phone."""
