"""The statistics: one player, one player against another, a pair."""
