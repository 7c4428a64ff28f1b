"""The spectator board (read-only, for a TV or a tablet)."""

WORDS: dict[str, tuple[str, str]] = {
    "board.title": ("Tabellone", "Scoreboard"),
    "board.none": ("Nessuna partita in corso.", "No match in progress."),
    "board.hands": (
        "Mani giocate: {n} · si gioca a {target}",
        "Hands played: {n} · playing to {target}",
    ),
    "board.dealer": ("Mescola: {name}", "Dealer: {name}"),
    "board.won": ("Ha vinto {side}!", "{side} won!"),
}
