"""This phone's language and theme, and the table's shared settings."""
