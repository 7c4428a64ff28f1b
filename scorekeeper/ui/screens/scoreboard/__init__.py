"""The scoreboard of the match being played: totals, who deals, the hands."""
