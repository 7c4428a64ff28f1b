"""Who may use this server: the table code, the club night's codes, the origin of a
connection, and the one guard every event from a phone passes."""
