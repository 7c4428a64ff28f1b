"""The home screen, the app's name, the languages' names and Back."""

WORDS: dict[str, tuple[str, str]] = {
    "app.title": ("Spazzino segnapunti", "Spazzino scorekeeper"),
    "home.new_match": ("Nuova partita", "New match"),
    "home.history": ("Storico", "History"),
    "home.rules": ("Regole", "Rules"),
    "home.settings": ("Impostazioni", "Settings"),
    "home.language": ("Lingua", "Language"),
    "home.counter": ("Contatore condiviso: {count}", "Shared counter: {count}"),
    "home.counter_add": ("Aggiungi al contatore", "Add to counter"),
    "language.it": ("Italiano", "Italiano"),
    "language.en": ("English", "English"),
    "nav.back": ("Indietro", "Back"),
    "home.resume": (
        "Continua: {side1} {total1} - {side2} {total2}",
        "Continue: {side1} {total1} - {side2} {total2}",
    ),
    "home.recent": ("Ultime partite", "Last matches"),
    "home.backup_due": (
        "{n} partite finite non sono in nessuna copia: esportale da Impostazioni.",
        "{n} finished matches are in no copy yet: export them from Settings.",
    ),
    "home.backup_due.one": (
        "1 partita finita non è in nessuna copia: esportala da Impostazioni.",
        "1 finished match is in no copy yet: export it from Settings.",
    ),
    "home.club": ("Torneo", "Tournament"),
}
