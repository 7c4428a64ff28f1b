"""The history ("Storico"): the matches newest first, filtered, a page at a time."""
