"""The statistics screen."""

WORDS: dict[str, tuple[str, str]] = {
    "stats.title": ("Statistiche", "Statistics"),
    "stats.player": ("Giocatore", "Player"),
    "stats.opponent": ("Contro (facoltativo)", "Against (optional)"),
    "stats.choose": ("Scegli un giocatore.", "Choose a player."),
    "stats.none": ("Ancora nessuna partita.", "No match yet."),
    "stats.played": (
        "Partite: {played} (finite {finished}, in corso {open}, abbandonate "
        "{abandoned})",
        "Matches: {played} (finished {finished}, in progress {open}, abandoned "
        "{abandoned})",
    ),
    "stats.won": ("Vinte {won}, perse {lost}", "Won {won}, lost {lost}"),
    "stats.win_rate": ("Vittorie: {rate}", "Win rate: {rate}"),
    "stats.win_rate_none": ("Vittorie: -", "Win rate: -"),
    "stats.per_hand": (
        "Punti per mano: {avg} ({points} in {hands})",
        "Points per hand: {avg} ({points} in {hands})",
    ),
    "stats.items": ("Come fa i punti", "How the points are made"),
    "stats.col.item": ("Voce", "Item"),
    "stats.col.made": ("Fatte", "Made"),
    "stats.col.rate": ("% mani", "% hands"),
    "stats.col.avg": ("Media", "Average"),
    "stats.napola_lengths": (
        "Napole per lunghezza: {text}",
        "Napole by length: {text}",
    ),
    "stats.spazzini_cards": ("Spazzini per carta: {text}", "Spazzini by card: {text}"),
    "stats.bagari_values": ("Bagari: {text}", "Bagari: {text}"),
    "stats.scaluneddu": ("Scaluneddu dichiarati: {n}", "Scaluneddu declared: {n}"),
    "stats.comeback": (
        "Miglior rimonta: da {deficit} punti sotto (mano {hand}), partita del {date}",
        "Best comeback: from {deficit} points behind (hand {hand}), in the match of "
        "{date}",
    ),
    "stats.longest": (
        "Partita più lunga: {hands}, del {date}",
        "Longest match: {hands}, on {date}",
    ),
    "stats.first_dealer": (
        "Da primo mazziere: vinte {won} su {finished} ({rate})",
        "As first dealer: won {won} of {finished} ({rate})",
    ),
    "stats.h2h": ("Testa a testa", "Head to head"),
    "stats.h2h_line": ("contro {name}: {won}-{lost}", "against {name}: {won}-{lost}"),
    "stats.versus": (
        "{a} contro {b}: {won}-{lost} in {finished}, punti {pa}-{pb} in {hands}",
        "{a} against {b}: {won}-{lost} in {finished}, points {pa}-{pb} in {hands}",
    ),
    "stats.breakdown": ("Da dove vengono i punti", "Where the points come from"),
    "stats.loading": ("Calcolo delle statistiche in corso", "Computing the statistics"),
    "stats.partner": ("In coppia con (facoltativo)", "Partnered with (optional)"),
    "stats.team": ("In coppia: {a} & {b}", "As a team: {a} & {b}"),
}
