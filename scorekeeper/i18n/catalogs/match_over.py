"""The match-over screen."""

WORDS: dict[str, tuple[str, str]] = {
    "over.title": ("Partita finita", "Match over"),
    "over.winner": ("Vince {name}", "{name} wins"),
    "over.declared_wrongly": (
        "{by} ha dichiarato a torto: vince {name}",
        "{by} declared wrongly: {name} wins",
    ),
    "over.target": (
        "Superato il traguardo di {target} punti.",
        "Past the target of {target} points.",
    ),
    "over.target_reached": (
        "Raggiunto il traguardo di {target} punti.",
        "Reached the target of {target} points exactly.",
    ),
    "over.tie_break": (
        "Decisa allo spareggio, dopo il pari a {level}.",
        "Decided by a tie-break, after a tie at {level}.",
    ),
    "over.declaration_right": (
        "Dichiarazione di {by} nella tornata {deal}: {total} punti su {target}, "
        "dichiarazione giusta.",
        "{by} declared victory in deal {deal} with {total} points of {target}: the "
        "declaration was right.",
    ),
    "over.declaration_wrong": (
        "Dichiarazione di {by} nella tornata {deal}: {total} punti, ne servivano "
        "{target}: dichiarazione sbagliata.",
        "{by} declared victory in deal {deal} with {total} points, {target} needed: "
        "the declaration was wrong.",
    ),
    "over.rematch": ("Rivincita", "Rematch"),
    "over.home": ("Torna all'inizio", "Back to home"),
}
