"""An early-win declaration: who declared, in which deal, the verdict."""

WORDS: dict[str, tuple[str, str]] = {
    "declare.title": ("Dichiaro vittoria", "I declare victory"),
    "declare.who": ("Chi si dichiara vincente", "Who declares"),
    "declare.deal": ("In quale tornata", "In which deal"),
    "declare.hint": (
        "Contate quello che avete preso finora, tutti e due.",
        "Count what you have both taken so far.",
    ),
    "declare.choose_by": (
        "Scegli chi si dichiara vincente.",
        "Choose who is declaring.",
    ),
    "declare.choose_deal": ("Scegli la tornata.", "Choose the deal."),
    "declare.confirm": ("Conferma la dichiarazione", "Confirm the declaration"),
    "declare.verdict_right": (
        "Con questa mano {by} arriva a {total}: la dichiarazione è giusta, {by} vince.",
        "With this hand {by} reaches {total}: the declaration is right, {by} wins.",
    ),
    "declare.verdict_wrong": (
        "Con questa mano {by} arriva a {total} (ne servono {target}): la "
        "dichiarazione è sbagliata, vince {winner}.",
        "With this hand {by} reaches {total} ({target} needed): the declaration is "
        "wrong, {winner} wins.",
    ),
    "declare.end_title": ("Chiudere la partita?", "End the match?"),
    "declare.end": ("Chiudi la partita", "End the match"),
}
