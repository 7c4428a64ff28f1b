"""The new-match screen: players, first dealer, rules and their presets."""

WORDS: dict[str, tuple[str, str]] = {
    "new.players": ("Giocatori", "Players"),
    "new.two_players": ("2 giocatori", "2 players"),
    "new.four_players": ("4 giocatori", "4 players"),
    "new.seat_order": (
        "In ordine di posto, in senso antiorario.",
        "In seating order, counter-clockwise.",
    ),
    "new.player": ("Giocatore {seat}", "Player {seat}"),
    "new.teams": ("{side1} contro {side2}", "{side1} v {side2}"),
    "new.first_dealer": ("Primo mazziere", "First dealer"),
    "new.rules": ("Regole", "Rules"),
    "new.target": ("Traguardo", "Target"),
    "new.early_win": (
        "Dichiarazione di vittoria concordata",
        "Players may declare victory early",
    ),
    "new.start": ("Inizia la partita", "Start the match"),
    "new.in_progress.title": ("Una partita è in corso", "A match is in progress"),
    "new.in_progress.body": (
        "{side1} {total1} - {side2} {total2} non è finita: riprenderla, abbandonarla "
        "o tenerle entrambe e iniziare la nuova?",
        "{side1} {total1} - {side2} {total2} is not over: resume it, abandon it, or "
        "keep both and start the new one?",
    ),
    "new.in_progress.resume": ("Riprendi quella partita", "Resume that match"),
    "new.in_progress.abandon": (
        "Abbandonala, inizia la nuova",
        "Abandon it, start the new one",
    ),
    "new.in_progress.keep": ("Tienile entrambe", "Keep both"),
    "opt.preset.classico": ("Classico", "Classico"),
    "opt.preset.variante_nord": ("Variante Nord", "Variante Nord"),
    "opt.preset.custom": ("Personalizzate", "Custom"),
    "opt.spazzino_numeral": (
        "Spazzino con una carta numerale",
        "Spazzino with a number card",
    ),
    "opt.spazzino_numeral.one": ("1 punto", "1 point"),
    "opt.ties": ("Carte 20-20 o spade 5-5", "Cards 20-20 or spades 5-5"),
    "opt.ties.fr": ("Carte 20-20 o picche 5-5", "Cards 20-20 or spades 5-5"),
    "new.draw_dealer": ("Sorteggia", "Draw"),
    "new.drawn_dealer": ("Mazziere sorteggiato: {name}", "Dealer drawn by lot: {name}"),
    "opt.ties.none": ("Nessun punto", "No points"),
    "opt.ties.split": ("1 punto a testa", "1 point each"),
    "opt.scaluneddu": ("Scaluneddu", "Scaluneddu"),
    "opt.spazzino_numeral.face": ("Valore della carta", "Face value"),
}
