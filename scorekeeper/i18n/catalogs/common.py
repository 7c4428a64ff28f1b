"""Words many screens share: the actions (``act.*``), a count with its noun
(``count.*``, "1 mano", "3 mani") and a text field's limits (``field.*``)."""

WORDS: dict[str, tuple[str, str]] = {
    "act.edit": ("Modifica", "Edit"),
    "act.delete": ("Elimina", "Delete"),
    "act.close": ("Chiudi", "Close"),
    "act.cancel": ("Annulla", "Cancel"),
    "act.undo": ("Annulla", "Undo"),
    "act.redo": ("Ripeti", "Redo"),
    "count.hands": ("{n} mani", "{n} hands"),
    "count.hands.one": ("{n} mano", "{n} hand"),
    "count.finished_matches": ("{n} partite finite", "{n} finished matches"),
    "count.finished_matches.one": ("{n} partita finita", "{n} finished match"),
    "count.matches": ("{n} partite", "{n} matches"),
    "count.matches.one": ("{n} partita", "{n} match"),
    "count.nights": ("{n} serate", "{n} nights"),
    "count.nights.one": ("{n} serata", "{n} night"),
    "count.points": ("{n} punti", "{n} points"),
    "count.points.one": ("{n} punto", "{n} point"),
    "field.too_long": (
        "Troppo lungo: al massimo {max} caratteri.",
        "Too long: at most {max} characters.",
    ),
    "field.not_offered": ("Scelta non valida.", "Not a valid choice."),
}
