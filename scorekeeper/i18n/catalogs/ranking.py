"""The ranking (the players' ratings)."""

WORDS: dict[str, tuple[str, str]] = {
    "ranking.title": ("Classifica", "Leaderboard"),
    "ranking.open": ("Classifica", "Leaderboard"),
    "ranking.how": (
        "Il punteggio parte da 1000 e sale con le vittorie: 1000 + 20 × (abilità - 3 "
        "× incertezza), dal sistema OpenSkill.",
        "Everyone starts at 1000 and climbs by winning: 1000 + 20 × (skill - 3 × "
        "uncertainty), from the OpenSkill system.",
    ),
    "ranking.none": (
        "Ancora nessuna partita finita: la classifica nasce con la prima.",
        "No finished match yet: the leaderboard starts with the first.",
    ),
    "ranking.loading": ("Calcolo la classifica...", "Working out the leaderboard..."),
    "ranking.line": ("{rank}. {name}: {rating}", "{rank}. {name}: {rating}"),
    "ranking.record": ("{matches} · vinte {won}", "{matches} · won {won}"),
    "ranking.trend_flat": ("=", "="),
    "ranking.chart": ("{name} nel tempo", "{name} over time"),
    "ranking.chart_hint": (
        "Tocca un giocatore per vedere il suo punteggio nel tempo.",
        "Tap a player to see their rating over time.",
    ),
    "ranking.pairs": ("Le coppie migliori", "The best pairs"),
    "ranking.pair_line": (
        "{a} e {b}: vinte {won}, perse {lost}",
        "{a} and {b}: won {won}, lost {lost}",
    ),
    "ranking.chance": (
        "Probabilità di vincere: {a} {pa} · {b} {pb}",
        "Chance to win: {a} {pa} · {b} {pb}",
    ),
}
