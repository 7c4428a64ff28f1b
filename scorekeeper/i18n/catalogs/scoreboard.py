"""The scoreboard: the running totals, a hand's dialog, the changes it
offers to undo."""

WORDS: dict[str, tuple[str, str]] = {
    "score.title": ("Partita", "Match"),
    "score.no_match": ("Nessuna partita in corso.", "No match in progress."),
    "score.missing": ("mancano {count}", "{count} to go"),
    "score.missing.one": ("manca {count}", "{count} to go"),
    "score.hand_number": ("Mano {number}", "Hand {number}"),
    "score.dealer": ("Mescola e dà le carte: {name}", "Shuffles and deals: {name}"),
    "score.cutter": ("Taglia: {name}", "Cuts: {name}"),
    "score.first_player": ("Gioca per primo: {name}", "Plays first: {name}"),
    "score.tie_break": (
        "Spareggio: pari a {total}, traguardo raggiunto. Si gioca un'altra mano.",
        "Tie-break: level at {total}, target reached. Play another hand.",
    ),
    "score.add_hand": ("Segna la mano {number}", "Score hand {number}"),
    "score.resume_hand": ("Riprendi la mano {number}", "Resume hand {number}"),
    "score.declare": ("Dichiaro vittoria", "I declare victory"),
    "score.undo": ("Annulla l'ultima modifica", "Undo the last change"),
    "score.undo_short": ("Annulla", "Undo"),
    "score.hand_column": ("Mano", "Hand"),
    "score.hand_cell": ("+{points} = {total}", "+{points} = {total}"),
    "score.all_hands": ("Mostra tutte le mani ({count})", "Show all {count} hands"),
    "score.tie_break_mark": ("spareggio", "tie-break"),
    "score.declaration_mark": ("dichiarazione", "declaration"),
    # a hand's dialog, then the changes offered to undo
    "hand.title": ("Mano {number}", "Hand {number}"),
    "hand.dealt_by": ("Mazziere: {dealer}", "Dealer: {dealer}"),
    "hand.totals_after": (
        "Totali dopo la mano: {total1} - {total2}",
        "Totals after the hand: {total1} - {total2}",
    ),
    "change.points": (
        "{side0} {points0} - {side1} {points1}",
        "{side0} {points0} - {side1} {points1}",
    ),
    "change.delete": (
        "Eliminata la mano {number} ({points})",
        "Hand {number} deleted ({points})",
    ),
    "change.add": (
        "Rimessa la mano {number} ({points})",
        "Hand {number} put back ({points})",
    ),
    "change.replace": (
        "Corretta di nuovo la mano {number} ({points})",
        "Hand {number} corrected again ({points})",
    ),
    "change.abandon": ("Partita abbandonata di nuovo", "Match abandoned again"),
    "change.resume": ("Partita ripresa di nuovo", "Match resumed again"),
    "change.undo.add": (
        "Tolta la mano {number} ({points})",
        "Hand {number} taken off ({points})",
    ),
    "change.undo.delete": (
        "Rimessa la mano {number} ({points})",
        "Hand {number} put back ({points})",
    ),
    "change.undo.replace": (
        "La mano {number} è tornata com'era ({points})",
        "Hand {number} is back as it was ({points})",
    ),
    "change.undo.abandon": (
        "Partita di nuovo in corso",
        "The match is being played again",
    ),
    "change.undo.resume": (
        "Partita di nuovo abbandonata",
        "The match is abandoned again",
    ),
    "change.other": ("Modifica annullata", "Change undone"),
    "offer.stale": (
        "Troppo tardi per annullare: non è cambiato nulla.",
        "Too late to undo: nothing was changed.",
    ),
}
