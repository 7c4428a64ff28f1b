"""The trainer (counting practice)."""

WORDS: dict[str, tuple[str, str]] = {
    "trainer.title": ("Allenamento: contatori", "Training: the counters"),
    "trainer.open": ("Allenamento", "Training"),
    "trainer.how": (
        "Il telefono gioca una mano carta per carta. Tieni a mente le carte prese: a "
        "fine tornata segna i contatori, e prima dell'ultima di' cosa ha in mano "
        "l'avversario.",
        "The phone plays a hand card by card. Keep the captured cards in mind: at the "
        "end of each deal tap the counters, and before the last one say what the "
        "opponent holds.",
    ),
    "trainer.level.counters": ("Contatori (0 o 1)", "Counters (0 or 1)"),
    "trainer.level.full": ("Conto completo", "Full count"),
    "trainer.score": ("Giuste {right} su {asked}", "{right} right of {asked}"),
    "trainer.deal": ("tornata {deal} di {deals}", "deal {deal} of {deals}"),
    "trainer.progress": (
        "Su questo telefono finora: giuste {right} su {asked} in {hands}.",
        "On this phone so far: {right} right of {asked} in {hands}.",
    ),
    "trainer.table": ("In tavola", "On the table"),
    "trainer.yours": ("Le tue carte", "Your cards"),
    "trainer.empty": ("nessuna carta", "no cards"),
    "trainer.start": (
        "Tocca Avanti: si gioca la prima carta.",
        "Tap Next: the first card is played.",
    ),
    "trainer.you": ("Tu", "You"),
    "trainer.opponent": ("L'avversario", "The opponent"),
    "trainer.plays": (
        "{who}: {card}, resta in tavola.",
        "{who}: {card}, left on the table.",
    ),
    "trainer.takes": ("{who}: {card}, prende {took}.", "{who}: {card}, takes {took}."),
    "trainer.next": ("Avanti", "Next"),
    "trainer.check": ("Controlla", "Check"),
    "trainer.ask": (
        "Fine della tornata {deal}: tocca i contatori che sono a 1.",
        "End of deal {deal}: tap the counters that are at 1.",
    ),
    "trainer.ask_full": (
        "Fine della tornata {deal}: quante carte di ogni valore sono state prese? "
        "Tocca per contare.",
        "End of deal {deal}: how many cards of each rank have been taken? Tap to "
        "count.",
    ),
    "trainer.all_right": ("Tutto giusto!", "All right!"),
    "trainer.wrong": (
        "Sbagliati: {ranks}. Qui sopra quelli giusti.",
        "Wrong: {ranks}. The right ones are above.",
    ),
    "trainer.ask_last": (
        "Ultima tornata: quali valori ha in mano l'avversario?",
        "Last deal: which ranks does the opponent hold?",
    ),
    "trainer.guess_right": (
        "Giusto, aveva proprio queste:",
        "Right, these were the cards:",
    ),
    "trainer.guess_wrong": (
        "Non proprio: aveva queste.",
        "Not quite: these were the cards.",
    ),
    "trainer.done": (
        "Mano finita: giuste {right} su {asked}.",
        "Hand over: {right} right of {asked}.",
    ),
    "trainer.another": ("Un'altra mano", "Another hand"),
    "trainer.suit.spade": ("spade", "spade"),
    "trainer.suit.spade.fr": ("picche", "spades"),
    "trainer.suit.coppe": ("coppe", "coppe"),
    "trainer.suit.coppe.fr": ("cuori", "hearts"),
    "trainer.suit.denari": ("denari", "denari"),
    "trainer.suit.denari.fr": ("quadri", "diamonds"),
    "trainer.suit.bastoni": ("bastoni", "bastoni"),
    "trainer.suit.bastoni.fr": ("fiori", "clubs"),
}
