"""The settings screen."""

WORDS: dict[str, tuple[str, str]] = {
    "settings.title": ("Impostazioni", "Settings"),
    "settings.language": ("Lingua", "Language"),
    "settings.language_help": (
        "Lingua e tema valgono solo per questo telefono.",
        "Language and theme are for this phone only.",
    ),
    "settings.theme": ("Tema", "Theme"),
    "settings.theme.system": ("Sistema", "System"),
    "settings.theme.light": ("Chiaro", "Light"),
    "settings.theme.dark": ("Scuro", "Dark"),
    "settings.new_matches": ("Nuove partite", "New matches"),
    "settings.preset": ("Regole predefinite", "Default rules"),
    "settings.preset_help.classico": (
        "Spazzino di numerale: il valore della carta; carte o spade pari: nessuno "
        "prende i punti; con lo scaluneddu.",
        "Numeral spazzino: the card's value; tied carte or spade: nobody scores; with "
        "scaluneddu.",
    ),
    "settings.preset_help.classico.fr": (
        "Spazzino di numerale: il valore della carta; carte o picche pari: nessuno "
        "prende i punti; con lo scaluneddu.",
        "Numeral spazzino: the card's value; tied carte or spades: nobody scores; "
        "with scaluneddu.",
    ),
    "settings.preset_help.variante_nord": (
        "Spazzino di numerale: 1 punto; carte o spade pari: 1 punto a testa; senza "
        "scaluneddu.",
        "Numeral spazzino: 1 point; tied carte or spade: 1 point each; no scaluneddu.",
    ),
    "settings.preset_help.variante_nord.fr": (
        "Spazzino di numerale: 1 punto; carte o picche pari: 1 punto a testa; senza "
        "scaluneddu.",
        "Numeral spazzino: 1 point; tied carte or spades: 1 point each; no scaluneddu.",
    ),
    "settings.cards": ("Carte", "Cards"),
    "settings.french_cards": ("Carte francesi", "French cards"),
    "settings.french_cards_help": (
        "Mostra J, Q, K, picche e quadri al posto di F, C, R, spade e denari. Le "
        "regole e i dati salvati non cambiano.",
        "Shows J, Q, K and the French suits instead of F, C, R and the Italian ones. "
        "The rules and the saved data do not change.",
    ),
    "settings.target": ("Traguardo", "Target"),
    "settings.target_help": (
        "Un numero intero da {low} a {high}.",
        "A whole number from {low} to {high}.",
    ),
    "settings.target_error": (
        "Scrivi un numero intero da {low} a {high}.",
        "Enter a whole number from {low} to {high}.",
    ),
    "settings.saved": ("Salvato.", "Saved."),
    "settings.save_failed": ("Non salvato: {error}", "Not saved: {error}"),
    "settings.no_storage": (
        "Archivio non disponibile: le impostazioni valgono solo per questo telefono.",
        "Storage not available: settings apply to this phone only.",
    ),
    "settings.connect": ("Collega un telefono", "Connect a phone"),
    "settings.backup": ("Copia di sicurezza", "Backup"),
    "settings.backup_help": (
        "Le partite stanno solo in questo browser, che può cancellarle per fare "
        "spazio. Ogni tanto esporta tutto in un file e tienilo al sicuro; Importa lo "
        "riporta qui, anche su un altro telefono.",
        "The matches live only in this browser, which may delete them to make room. "
        "Now and then export everything to a file and keep it safe; Import brings it "
        "back here, even on another phone.",
    ),
    "settings.persist.granted": (
        "Il browser ha promesso di conservare i dati.",
        "The browser has promised to keep the data.",
    ),
    "settings.persist.denied": (
        "Il browser non ha promesso di conservare i dati: esporta spesso una copia.",
        "The browser has not promised to keep the data: export a copy often.",
    ),
    "settings.persist.unknown": (
        "Non si sa se il browser conserverà i dati: esporta ogni tanto una copia.",
        "Whether the browser will keep the data is not known: export a copy now and "
        "then.",
    ),
    "settings.unexported": (
        "Partite finite dall'ultima copia: {n}.",
        "Finished matches since the last copy: {n}.",
    ),
}
