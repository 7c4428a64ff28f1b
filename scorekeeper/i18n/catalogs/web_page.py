"""The browser page's own words, before and outside the app: the start
screen, the offline and update notes (``web.*``, from the web build) and the
connection-lost message (``conn.*``; ``assets/connection.js`` carries a copy, a
unit test keeps them equal)."""

WORDS: dict[str, tuple[str, str]] = {
    "conn.lost": ("Connessione persa", "Connection lost"),
    "conn.retrying": (
        "Questo telefono non raggiunge il server del segnapunti: riprovo da solo a "
        "collegarmi. Quello che è già salvato non si perde.",
        "This phone cannot reach the scorekeeper's server: trying again by itself. "
        "Nothing already saved is lost.",
    ),
    "web.start.loading": ("Carico l'app...", "Loading the app..."),
    "web.start.python": ("Avvio il segnapunti...", "Starting the scorekeeper..."),
    "web.start.opening": ("Apro le partite...", "Opening the matches..."),
    "web.offline_ready": (
        "Pronta: da ora funziona anche senza rete.",
        "Ready: from now on it works offline too.",
    ),
    "web.update_ready": ("Nuova versione pronta", "New version ready"),
    "web.update_action": ("Aggiorna", "Update"),
}
