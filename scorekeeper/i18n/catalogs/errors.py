"""A refused change and the storage's errors (``err.*``); what the storage did
on its own, said on home (``notice.*``, ``TableService.warnings``)."""

WORDS: dict[str, tuple[str, str]] = {
    # what the storage did on its own (TableService.warnings), said on home
    "notice.title": ("Avviso sui dati salvati", "About the saved data"),
    "notice.ok": ("Ho capito", "Got it"),
    "notice.changed": (
        "Un file di dati ({file}) è stato modificato fuori dall'app: «python main.py "
        "check» dice cosa; niente è stato cancellato.",
        "A data file ({file}) was changed outside the app: `python main.py check` "
        "says what; nothing was deleted.",
    ),
    "notice.moved_aside": (
        "Un file di dati danneggiato ({file}) è stato messo da parte ({moved}): "
        "quello che conteneva non è nell'app.",
        "A damaged data file ({file}) was moved aside ({moved}): what it held is not "
        "in the app.",
    ),
    "notice.rebuilt_shard": (
        "Un file dello storico danneggiato ({file}) è stato riscritto con tutte le "
        "partite ancora leggibili; quello trovato è conservato come {moved}.",
        "A damaged history file ({file}) was written again with every match that can "
        "still be read; the file as found is kept as {moved}.",
    ),
    "notice.missing_shard": (
        "Un file dello storico ({file}) manca: le partite che conteneva non si "
        "possono aprire né esportare; «python main.py check» dice quali.",
        "A history file ({file}) is missing: the matches it held cannot be opened or "
        "exported; `python main.py check` says which.",
    ),
    "notice.lost_shard": (
        "Un file dello storico ({file}) mancava: le partite che conteneva sono perse "
        "e non sono più nello storico; le loro righe sono conservate come {moved}.",
        "A history file ({file}) was missing: the matches it held are lost and have "
        "left the history; their lines are kept as {moved}.",
    ),
    "notice.recreated": (
        "Un file di dati mancava ({file}): ne è stato creato uno nuovo, vuoto.",
        "A data file was missing ({file}): a new, empty one was created.",
    ),
    "notice.rebuilt_index": (
        "L'indice dello storico ({file}) è stato ricostruito: nessuna partita è "
        "andata persa.",
        "The history's index ({file}) was rebuilt: no match was lost.",
    ),
    "notice.migrated": (
        "I dati sono stati aggiornati al nuovo formato (il file precedente è "
        "conservato come {backup}).",
        "The data was upgraded to the new format (the previous file is kept as "
        "{backup}).",
    ),
    "notice.bad_settings": (
        "Le impostazioni salvate non erano leggibili: si usano quelle predefinite.",
        "The saved settings could not be read: the defaults are used.",
    ),
    "notice.roster_not_saved": (
        "L'elenco dei giocatori non è stato aggiornato; le partite sono salve.",
        "The list of players was not updated; the matches are safe.",
    ),
    "notice.pending_move": (
        "Non è stato possibile spostare nello storico una partita (è salvata): l'app "
        "riproverà da sola.",
        "A match (saved) could not be moved to the history: the app will try again by "
        "itself.",
    ),
    "notice.pending_round": (
        "Un turno del torneo era stato avviato quando l'app si è fermata: le sue "
        "partite sono state create ora.",
        "A tournament round was being started when the app stopped: its matches were "
        "made now.",
    ),
    "notice.pending_purge": (
        "Non è stato possibile togliere da tutti i file le partite eliminate: l'app "
        "riproverà da sola.",
        "Deleted matches could not be taken out of every file: the app will try again "
        "by itself.",
    ),
    "notice.drafts_reset": (
        "Una mano in corso di inserimento non si è potuta rileggere (file "
        "danneggiato) ed è stata scartata: nessuna mano già salvata è stata toccata.",
        "A hand being entered could not be read back (a damaged file) and was "
        "dropped: no saved hand is affected.",
    ),
    "notice.generic": (
        "Avviso sui dati ({code}): {message}",
        "About the data ({code}): {message}",
    ),
    # a refused change (ui/shell/refusals.py), the storage's errors
    "err.refused": (
        "Modifica rifiutata, non è cambiato nulla. {reason}",
        "Not accepted, nothing was changed. {reason}",
    ),
    "err.storage.disk_full": (
        "Disco pieno: la modifica non è stata salvata, non è cambiato nulla.",
        "Disk full: the change was not saved, nothing changed.",
    ),
    "err.storage.read_only": (
        "La cartella dei dati è di sola lettura: la modifica non è stata salvata.",
        "The data folder is read-only: the change was not saved.",
    ),
    "err.storage.write_failed": (
        "Scrittura non riuscita: la modifica non è stata salvata, non è cambiato "
        "nulla.",
        "Writing failed: the change was not saved, nothing changed.",
    ),
    "err.storage.not_found": (
        "Questa partita non è più tra i dati salvati.",
        "This match is no longer in the saved data.",
    ),
    "err.storage.match_abandoned": (
        "La partita è stata abbandonata: riprendila prima di modificarla.",
        "The match was abandoned: resume it before editing it.",
    ),
    "err.storage.nothing_to_undo": (
        "Non c'è nessuna modifica da annullare.",
        "There is no change to undo.",
    ),
    "err.storage.nothing_to_redo": (
        "Non c'è nessuna modifica da ripetere.",
        "There is no change to redo.",
    ),
    "err.storage.changed_meanwhile": (
        "Intanto la partita era già cambiata (da un altro telefono, o da un tocco "
        "doppio): non è cambiato nulla, ricontrolla e riprova.",
        "The match had already changed (on another phone, or after a double tap): "
        "nothing was changed. Check it and try again.",
    ),
    "err.storage.name_undrawable": (
        "Quel nome ha emoji o simboli che i telefoni non sanno mostrare: usa lettere, "
        "cifre e punteggiatura.",
        "That name has emoji or symbols the phones cannot show: use letters, digits "
        "and punctuation.",
    ),
    "err.storage.generic": (
        "Errore dei dati ({code}): non è cambiato nulla.",
        "Data error ({code}): nothing changed.",
    ),
    "err.unexpected": (
        "Errore inatteso ({kind}): non è cambiato nulla.",
        "Unexpected error ({kind}): nothing changed.",
    ),
    "err.draw_failed": (
        "Questa schermata non si apre per un errore dell'app ({kind}). I dati salvati "
        "non sono cambiati.",
        "This screen cannot open: an error in the app ({kind}). Nothing saved has "
        "changed.",
    ),
    "err.draw_failed_home": ("Torna all'inizio", "Back to the start"),
    "err.not_durable": (
        "Salvato su questo telefono, ma il browser non ha confermato la scrittura: "
        "esporta una copia da Impostazioni.",
        "Saved on this phone, but the browser did not confirm the write: export a "
        "copy from Settings.",
    ),
    "err.storage.result_confirmed": (
        "Il risultato di questa partita è confermato: per correggere una mano "
        "l'organizzatore la sblocca.",
        "This match's result is confirmed: the organizer unlocks it to correct a hand.",
    ),
    "err.storage.match_not_won": (
        "La partita non è finita: non c'è un risultato da confermare.",
        "The match is not over: there is no result to confirm.",
    ),
    "err.storage.not_acceptor": (
        "Il risultato lo conferma chi ha perso.",
        "Only a player who lost confirms the result.",
    ),
    "err.storage.bye": (
        "Chi riposa non ha un risultato da confermare.",
        "A bye has no result to confirm.",
    ),
}
