"""The history: the list of matches, its filters, export and import, the
deleted matches."""

WORDS: dict[str, tuple[str, str]] = {
    "hist.title": ("Storico", "History"),
    "hist.empty": ("Nessuna partita trovata.", "No match found."),
    "hist.more": ("Mostra altre", "Show more"),
    "hist.count": ("{shown} partite mostrate", "{shown} matches shown"),
    "hist.filter.player": ("Giocatore", "Player"),
    "hist.filter.opponent": ("Avversario", "Opponent"),
    "hist.filter.status": ("Stato", "Status"),
    "hist.filter.period": ("Periodo", "Period"),
    "hist.filter.any": ("Tutti", "All"),
    "hist.status.in_progress": ("In corso", "In progress"),
    "hist.status.tie_break": ("Spareggio", "Tie-break"),
    "hist.status.won": ("Finita", "Finished"),
    "hist.status.abandoned": ("Abbandonata", "Abandoned"),
    "hist.period.all": ("Sempre", "Any time"),
    "hist.period.week": ("Ultimi 7 giorni", "Last 7 days"),
    "hist.period.month": ("Ultimi 30 giorni", "Last 30 days"),
    "hist.period.year": ("Quest'anno", "This year"),
    "hist.won_by": ("Vince {name}", "{name} won"),
    "hist.ending.target": ("al traguardo", "target reached"),
    "hist.ending.tie_break": ("allo spareggio", "after a tie-break"),
    "hist.ending.declaration_right": ("dichiarazione giusta", "right declaration"),
    "hist.ending.declaration_wrong": ("dichiarazione sbagliata", "wrong declaration"),
    "hist.hands": ("{n} mani", "{n} hands"),
    "hist.hands.one": ("{n} mano", "{n} hand"),
    "hist.series": ("Serie {score}", "Series {score}"),
    "hist.rivincita": ("Rivincita", "Rematch"),
    "hist.bella": ("Bella", "Decider"),
    "hist.stats": ("Statistiche", "Statistics"),
    "hist.export_all": ("Esporta tutto (JSON)", "Export all (JSON)"),
    "hist.export_all_csv": ("Esporta tutto (CSV)", "Export all (CSV)"),
    "hist.import": ("Importa una partita", "Import a match"),
    "hist.deleted": ("Partite eliminate", "Deleted matches"),
    "hist.deleted_n": ("Partite eliminate ({n})", "Deleted matches ({n})"),
    "hist.deleted_empty": ("Nessuna partita eliminata.", "No deleted match."),
    "hist.deleted_at": ("eliminata il {date}", "deleted on {date}"),
    "hist.deleted_snack": ("Partita eliminata.", "Match deleted."),
    "hist.undo": ("Annulla", "Undo"),
    "hist.corrected": ("corretta", "corrected"),
    "hist.damaged": (
        "Danneggiata: non si può aprire né esportare. Avviata con --recover, l'app "
        "riscrive il suo file con le altre partite e lo conserva così com'è.",
        "Damaged: it cannot be opened or exported. Started with --recover, the app "
        "writes its file again with the other matches and keeps it as found.",
    ),
    "hist.restore": ("Ripristina", "Restore"),
    "hist.restored": ("Partita ripristinata.", "Match restored."),
    "hist.compact": ("Compatta storico", "Compact the history"),
    "hist.compact_confirm": (
        "Compattare lo storico? Le partite eliminate ({n}) saranno cancellate per "
        "sempre e non si potranno più ripristinare.",
        "Compact the history? The deleted matches ({n}) will be erased for good and "
        "can no longer be restored.",
    ),
    "hist.compacted": (
        "Storico compattato: {n} partite cancellate per sempre.",
        "History compacted: {n} matches erased for good.",
    ),
    "hist.compacted.one": (
        "Storico compattato: 1 partita cancellata per sempre.",
        "History compacted: 1 match erased for good.",
    ),
    "hist.compact_help": (
        "Le partite eliminate si possono ripristinare finché lo storico non viene "
        "compattato.",
        "Deleted matches can be restored until the history is compacted.",
    ),
}
