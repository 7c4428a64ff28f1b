"""The widget kit: the building blocks, colours, themes and formatting every
screen is drawn with (no session, no screen)."""
