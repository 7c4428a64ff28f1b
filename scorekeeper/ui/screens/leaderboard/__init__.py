""" "Classifica": the players by rating, a player's chart, the best pairs."""
