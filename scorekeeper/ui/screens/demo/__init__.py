"""A trial match ("Partita di prova", issue 39): a match simulated card by
card, shown hand by hand as it would be entered (``state.py``, ``view.py``)."""
