"""Spazzino segnapunti: a scorekeeper for the Italian card game Spazzino."""

__version__ = "0.1.0"
