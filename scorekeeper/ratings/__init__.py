"""Players' ratings: OpenSkill's Plackett-Luce model over the finished
matches (``rating.py``), derived, never stored, and the ``ratings`` command
that prints them (``commands.py``)."""
