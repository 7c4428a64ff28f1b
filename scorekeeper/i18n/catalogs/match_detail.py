"""One match's detail: its hands, chart, rules, notes and edits."""

WORDS: dict[str, tuple[str, str]] = {
    "detail.title": ("Partita", "Match"),
    "detail.missing": (
        "Partita non trovata: torna allo storico e scegline una.",
        "Match not found: go back to the history and pick one.",
    ),
    "detail.damaged": (
        "Questa partita è danneggiata: il file che la contiene non si legge più. "
        "Avviata con --recover, l'app riscrive quel file con le altre partite e lo "
        "conserva così com'è (niente va perso).",
        "This match is damaged: the file holding it can no longer be read. Started "
        "with --recover, the app writes that file again with the other matches and "
        "keeps it as found (nothing is lost).",
    ),
    "detail.chart": ("Andamento dei punti", "How the score went"),
    "detail.target_line": ("Traguardo {target}", "Target {target}"),
    "detail.hands": ("Mano per mano", "Hand by hand"),
    "detail.hand_title": (
        "Mano {number} · mazziere {dealer}",
        "Hand {number} · dealer {dealer}",
    ),
    "detail.col.total": ("Punti", "Points"),
    "detail.col.running": ("Totale", "Total"),
    "detail.declared": (
        "{by} si dichiara vincente (tornata {deal}): {verdict}",
        "{by} declared victory in deal {deal}: {verdict}",
    ),
    "detail.right": ("giusto", "right"),
    "detail.wrong": ("sbagliato", "wrong"),
    "detail.tie_break_hand": ("spareggio", "tie-break"),
    "detail.rules": ("Regole", "Rules"),
    "detail.rule.target": ("Traguardo: {target}", "Target: {target}"),
    "detail.rule.spazzino_numeral.face": (
        "Spazzino di 1-7: il valore della carta",
        "Spazzino with a 1-7: the card's value",
    ),
    "detail.rule.spazzino_numeral.one": (
        "Spazzino con le carte 1-7: 1 punto",
        "Spazzino with a 1-7: 1 point",
    ),
    "detail.rule.ties.none": (
        "Carte o spade pari: nessun punto",
        "Tied carte or spade: nobody scores",
    ),
    "detail.rule.ties.none.fr": (
        "Carte o picche pari: nessun punto",
        "Tied carte or spades: nobody scores",
    ),
    "detail.rule.ties.split": (
        "Carte o spade pari: 1 punto a testa",
        "Tied carte or spade: 1 point each",
    ),
    "detail.rule.ties.split.fr": (
        "Carte o picche pari: 1 punto a testa",
        "Tied carte or spades: 1 point each",
    ),
    "detail.rule.scaluneddu.on": ("Scaluneddu: sì", "Scaluneddu: yes"),
    "detail.rule.scaluneddu.off": ("Scaluneddu: no", "Scaluneddu: no"),
    "detail.rule.early_win.on": (
        "Dichiararsi vincente: ammesso",
        "Early-win declaration: allowed",
    ),
    "detail.rule.early_win.off": (
        "Dichiararsi vincente: no",
        "Early-win declaration: no",
    ),
    "detail.notes": ("Note", "Notes"),
    "detail.notes_save": ("Salva le note", "Save the notes"),
    "detail.notes_saved": ("Note salvate.", "Notes saved."),
    "detail.edits": ("Modifiche", "Edits"),
    "detail.no_edits": ("Nessuna modifica.", "No edits."),
    "detail.edit.add": ("aggiunta la mano {hand}", "hand {hand} added"),
    "detail.edit.replace": ("corretta la mano {hand}", "hand {hand} corrected"),
    "detail.edit.delete": ("tolta la mano {hand}", "hand {hand} removed"),
    "detail.edit.abandon": ("partita abbandonata", "match abandoned"),
    "detail.edit.resume": ("partita ripresa", "match resumed"),
    "detail.edit.undo": ("annullata la modifica {number}", "edit {number} undone"),
    "detail.edit.undone": ("(annullata)", "(undone)"),
    "detail.edit.by": ("da {by}", "by {by}"),
    "detail.abandon": ("Abbandona la partita", "Abandon the match"),
    "detail.abandon_confirm": (
        "Abbandonare la partita? Resta nello storico, segnata come abbandonata, e non "
        "conta nelle percentuali di vittoria.",
        "Abandon the match? It stays in the history, marked as abandoned, and does "
        "not count for win rates.",
    ),
    "detail.resume": ("Riprendi la partita", "Resume the match"),
    "detail.confirm": ("Sì", "Yes"),
    "detail.cancel": ("No", "No"),
    "detail.correct": ("Correggi la mano {number}", "Correct hand {number}"),
    "detail.delete": ("Elimina partita", "Delete the match"),
    "detail.delete_confirm": (
        "Eliminare la partita? Sparisce dallo storico e dalle statistiche; si può "
        "ripristinare da «Partite eliminate» finché lo storico non viene compattato.",
        "Delete the match? It leaves the history and the statistics; it can be "
        'restored from "Deleted matches" until the history is compacted.',
    ),
    "detail.edit.delete_match": ("partita eliminata", "match deleted"),
    "detail.edit.restore_match": ("partita ripristinata", "match restored"),
}
