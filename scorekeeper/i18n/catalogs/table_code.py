"""The table code: the gate a phone passes to change the match
(``code.*``, ``access.*``)."""

WORDS: dict[str, tuple[str, str]] = {
    "code.title": ("Codice del tavolo", "Table code"),
    "code.ask": (
        "Questo segnapunti è del tavolo. Chiedi il codice a chi l'ha avviato: è sul "
        "suo schermo, in Impostazioni > Collega un telefono.",
        "This scorekeeper is in use at a table. Ask the person who started it for the "
        "code: it is on their screen, under Settings > Connect a phone.",
    ),
    "code.ask_club": (
        "Torneo in corso: inquadra il QR sul cartoncino del tuo tavolo, o chiedi il "
        "codice all'organizzatore.",
        "A club night is on: scan the QR card on your table, or ask the organizer for "
        "the code.",
    ),
    "code.field": ("Codice", "Code"),
    "code.enter": ("Entra", "Enter"),
    "code.wrong": ("Codice errato.", "Wrong code."),
    "code.wait": (
        "Troppi codici errati da questo dispositivo: riprova tra {seconds} s.",
        "Too many wrong codes from this device: try again in {seconds} s.",
    ),
    "code.new": ("Nuovo codice", "New code"),
    "code.new_confirm": (
        "Con un nuovo codice tutti gli altri telefoni escono dal tavolo e dovranno "
        "inserirlo. Cambiare il codice?",
        "With a new code every other phone leaves the table and must enter it. Change "
        "the code?",
    ),
    "code.renewed": (
        "Nuovo codice: {code}. Gli altri telefoni devono inserirlo.",
        "New code: {code}. The other phones must enter it.",
    ),
    "code.current": ("Codice del tavolo: {code}", "Table code: {code}"),
    "access.refused": (
        "Questo dispositivo non può modificare la partita.",
        "This device cannot change the match.",
    ),
}
