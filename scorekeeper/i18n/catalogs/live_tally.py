"""The live tally: piccole, spazzini, bagari and scaluneddu counted during
play."""

WORDS: dict[str, tuple[str, str]] = {
    "live.title": ("Conta dal vivo", "Live tally"),
    "live.open": ("Conta dal vivo", "Live tally"),
    "live.no_match": ("Nessuna partita in corso.", "No match in progress."),
    "live.new_match": ("Nuova partita", "New match"),
    "live.hand": ("Mano {number}", "Hand {number}"),
    "live.deal": ("Tornata {deal} di {deals}", "Deal {deal} of {deals}"),
    "live.deal_previous": ("Tornata precedente", "Previous deal"),
    "live.deal_next": ("Tornata seguente", "Next deal"),
    "live.points": ("{points}", "{points}"),
    "live.points_help": (
        "Punti fatti in gioco in questa mano (il mazzo si conta alla fine).",
        "Points made in play this hand (the mazzo is counted at the end).",
    ),
    "live.piccola": ("Piccola", "Piccola"),
    "live.spazzino": ("Spazzino", "Spazzino"),
    "live.bagari": ("Bagari {value}", "Bagari {value}"),
    "live.scaluneddu": ("Scaluneddu", "Scaluneddu"),
    "live.spazzino_of": (
        "Spazzino di {side}: con quale carta?",
        "Spazzino by {side}: with which card?",
    ),
    "live.cancel": ("Annulla", "Cancel"),
    "live.count.piccole": ("Piccole: {count}", "Piccole: {count}"),
    "live.count.spazzini": ("Spazzini: {ranks}", "Spazzini: {ranks}"),
    "live.count.bagari": ("Bagari: {values}", "Bagari: {values}"),
    "live.count.scaluneddu": ("Scaluneddu: {count}", "Scaluneddu: {count}"),
    "live.none": ("-", "-"),
    "live.undo": ("Annulla l'ultima", "Undo the last one"),
    "live.undo.piccola": ("Annulla la piccola di {side}", "Undo {side}'s piccola"),
    "live.undo.spazzino": (
        "Annulla lo spazzino {rank} di {side}",
        "Undo {side}'s spazzino {rank}",
    ),
    "live.undo.bagari": (
        "Annulla il bagari da {value} di {side}",
        "Undo {side}'s bagari of {value}",
    ),
    "live.undo.scaluneddu": (
        "Annulla lo scaluneddu di {side}",
        "Undo {side}'s scaluneddu",
    ),
    "live.last_deal": (
        "Ultima tornata: l'ultima carta giocata della mano non fa piccola, spazzino "
        "né bagari.",
        "Last deal: the last card played in the hand makes no piccola, spazzino or "
        "bagari.",
    ),
    "live.to_hand_entry": ("Fine mano: conta il mazzo", "End of hand: count the mazzo"),
    "live.awake_on": ("Lo schermo resta acceso.", "The screen stays on."),
    "live.awake_off": (
        "Questo browser non tiene lo schermo acceso: toccalo ogni tanto o allunga lo "
        "spegnimento automatico.",
        "This browser does not keep the screen on: touch it now and then or lengthen "
        "the screen timeout.",
    ),
}
