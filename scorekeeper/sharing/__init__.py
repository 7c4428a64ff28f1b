"""Sharing a match: its picture (PNG, Pillow) and the ``share`` command.

The link that carries a match is pure and lives in ``core/sharelink.py``;
this package adds what needs an imaging library or the data folder.
"""
