"""The home screen: the match in progress, the last results, the way in."""
