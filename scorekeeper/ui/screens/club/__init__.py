"""The club night's screens (issue 26): "Torneo", the organizer's screen, the
sheet of QR cards, a table's phone and the club's board."""
