"""One phone's session and how it draws: its screens' states, the route trail,
the views drawn over the scoreboard, offers, work put off, drafts saved soon."""
