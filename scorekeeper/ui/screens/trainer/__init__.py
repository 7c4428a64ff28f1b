"""The contatori trainer (issue 39, "Allenamento: contatori"): its state
(``state.py``, pure) and its screen with the handlers (``view.py``)."""
