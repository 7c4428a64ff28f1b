"""The deleted matches ("Cestino"): restore one or empty the bin."""
