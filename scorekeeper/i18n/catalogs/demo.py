"""The demo match."""

WORDS: dict[str, tuple[str, str]] = {
    "demo.title": ("Partita di prova", "Trial match"),
    "demo.open": ("Guarda una partita di prova", "Watch a trial match"),
    "demo.how": (
        "Anna e Bruno giocano una partita simulata carta per carta. Tocca Mano "
        "successiva: ecco cosa si segna a fine mano e come crescono i totali.",
        "Anna and Bruno play a match simulated card by card. Tap Next hand: this is "
        "what is entered at the end of a hand, and how the totals grow.",
    ),
    "demo.hand": (
        "Mano {number}: dà le carte {dealer}",
        "Hand {number}: {dealer} deals",
    ),
    "demo.cards": ("{n} carte", "{n} cards"),
    "demo.spades": ("spade {ranks}", "spades {ranks}"),
    "demo.points": ("Punti: {items} = {total}", "Points: {items} = {total}"),
    "demo.next": ("Mano successiva", "Next hand"),
    "demo.over": ("Vince {name}, {won} a {lost}.", "{name} wins, {won} to {lost}."),
    "demo.again": ("Un'altra partita", "Another match"),
}
