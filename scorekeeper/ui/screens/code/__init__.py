"""The code screen: what a phone sees before it presents the table code."""
