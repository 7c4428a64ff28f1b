"""Correcting a finished match's hand, and what the correction changes."""

WORDS: dict[str, tuple[str, str]] = {
    "correct.title": ("Correzione di una mano", "Correcting a hand"),
    "correct.gone": (
        "Non c'è più questa mano da correggere: la partita è cambiata o non c'è più.",
        "This hand is no longer there to correct: the match has changed or is gone.",
    ),
    "correct.back": ("Torna alla partita", "Back to the match"),
    "correct.result_title": ("Cambia il risultato", "The result changes"),
    "correct.result_save": ("Salva la correzione", "Save the correction"),
    "correct.wins": ("vince {name}", "{name} wins"),
    "correct.wins_pair": ("vincono {name}", "{name} win"),
    "correct.result_winner": (
        "Con questa correzione {wins}, {won} a {lost}.",
        "With this correction {wins}, {won} to {lost}.",
    ),
    "correct.result_ends": (
        "Con questa correzione la partita finisce: {wins}, {won} a {lost}.",
        "With this correction the match ends: {wins}, {won} to {lost}.",
    ),
    "correct.result_declared_wrongly": (
        "Con questa correzione {by} ha dichiarato a torto: {wins}, {won} a {lost}.",
        "With this correction {by} declared wrongly: {wins}, {won} to {lost}.",
    ),
    "correct.result_reopens": (
        "Con questa correzione la partita si riapre: {first} {a}, {second} {b}.",
        "With this correction the match is open again: {first} {a}, {second} {b}.",
    ),
    "correct.result_tie_break": (
        "Con questa correzione la partita va allo spareggio: pari a {total}.",
        "With this correction the match goes to a tie-break: level at {total}.",
    ),
}
