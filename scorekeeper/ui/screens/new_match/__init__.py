"""A new match: players, seats, first dealer, rules; each side's chance."""
