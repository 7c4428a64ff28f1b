"""Sharing a match: the picture, the link and its QR code, the JSON and CSV
files, importing them."""

WORDS: dict[str, tuple[str, str]] = {
    "share.title": ("Condividi", "Share"),
    "share.json": ("Scarica la partita (JSON)", "Download the match (JSON)"),
    "share.csv": ("Scarica la tabella (CSV)", "Download the table (CSV)"),
    "share.copy": ("Copia il riassunto", "Copy the summary"),
    "share.copied": (
        "Riassunto copiato: incollalo nella chat.",
        "Summary copied: paste it into the chat.",
    ),
    "share.summary": ("Riassunto", "Summary"),
    "share.downloaded": ("File pronto: {name}", "File ready: {name}"),
    "share.imported": ("Importate {n} partite.", "{n} matches imported."),
    "share.imported_one": ("Partita importata.", "Match imported."),
    "share.already": (
        "Partita già presente: niente di cambiato.",
        "Match already stored: nothing changed.",
    ),
    "share.refused": (
        "File rifiutato, nulla è cambiato: {reason}",
        "File refused, nothing changed: {reason}",
    ),
    "share.not_json": ("non è un file JSON ({error})", "not a JSON file ({error})"),
    "share.cancelled": ("Nessun file scelto.", "No file chosen."),
    "share.picture": ("Condividi l'immagine", "Share the picture"),
    "share.link": ("Condividi il link", "Share the link"),
    "share.copy_link": ("Copia il link", "Copy the link"),
    "share.link_copied": (
        "Link copiato: chi lo apre vede la partita e può salvarla.",
        "Link copied: whoever opens it sees the match and can save it.",
    ),
    "share.download_picture": ("Scarica l'immagine", "Download the picture"),
    "share.no_picture": (
        "Questa versione dell'app non sa disegnare l'immagine.",
        "This version of the app cannot draw the picture.",
    ),
    "share.qr": (
        "Inquadra il codice per aprire la partita su un altro telefono.",
        "Scan the code to open the match on another phone.",
    ),
    "share.qr_too_long": (
        "Il link è troppo lungo per un codice QR: mandalo con «Condividi il link».",
        'The link is too long for a QR code: send it with "Share the link".',
    ),
    "share.shared_title": ("Partita condivisa", "Shared match"),
    "share.save": ("Salva nel mio storico", "Save to my history"),
    "share.saved": ("Partita salvata nel tuo storico.", "Match saved to your history."),
    "share.close": ("Chiudi", "Close"),
    "share.bad_link": (
        "Il link è danneggiato o incompleto: nulla è cambiato.",
        "The link is damaged or incomplete: nothing changed.",
    ),
    "share.link_refused": (
        "Link rifiutato, nulla è cambiato: {reason}",
        "Link refused, nothing changed: {reason}",
    ),
    "share.winners": ("Vincono {name}", "{name} win"),
    "share.early_win": ("con dichiarazione", "with declarations"),
    "share.too_big": (
        "File troppo grande (oltre {mb} MB): non è stato letto.",
        "File too large (over {mb} MB): it was not read.",
    ),
}
