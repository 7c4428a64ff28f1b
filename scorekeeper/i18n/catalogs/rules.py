"""The rules screen: the rules of a match as sentences (``rules_text.py``
picks them)."""

WORDS: dict[str, tuple[str, str]] = {
    "rules.title": ("Regole", "Rules"),
    "rules.of_match": (
        "Regole della partita in corso: {sides}.",
        "Rules of the match in progress: {sides}.",
    ),
    "rules.of_defaults": (
        "Regole predefinite per le nuove partite (Impostazioni).",
        "Default rules for new matches (Settings).",
    ),
    "rules.summary": (
        "{preset}, si gioca a {target} punti.",
        "{preset}, played to {target} points.",
    ),
    "rules.preset.classico": ("Classico", "Classico"),
    "rules.preset.variante_nord": ("Variante Nord", "Variante Nord"),
    "rules.preset.custom": ("Regole personalizzate", "Custom rules"),
    "rules.section.capture": ("Come si prende", "How to take"),
    "rules.section.play": ("Punti durante il gioco", "Points during play"),
    "rules.section.mazzo": (
        "Punti a fine mano (7 di mazzo) e napola",
        "End-of-hand points (7 of mazzo) and napola",
    ),
    "rules.section.end": ("Chi vince", "Who wins"),
    "rules.section.declare": (
        "Dichiararsi vincente",
        "Declaring victory (dichiararsi vincente)",
    ),
    "rules.french_deck": (
        "Mazzo francese: si tolgono i jolly, gli 8, i 9 e i 10; J, Q e K valgono come "
        "fante, cavallo e re, le picche sono le spade e il 7 di quadri è il "
        "settebello.",
        "French deck: drop the jokers, the 8s, 9s and 10s; J, Q and K stand for "
        "fante, cavallo and re, the spades stay the spades and the seven of diamonds "
        "is the settebello.",
    ),
    "rules.capture": (
        "Si prende con una carta un'altra carta dello stesso valore, oppure più carte "
        "la cui somma fa il valore della carta giocata.",
        "A card takes another card of the same value, or several cards whose values "
        "add up to the card played.",
    ),
    "rules.figures": (
        "Le figure ({figures}) non prendono mai una somma: prendono solo una figura "
        "uguale.",
        "Face cards ({figures}) never take a sum: they take only a face card of the "
        "same rank.",
    ),
    "rules.leftover": (
        "Alla fine della mano le carte rimaste in tavola vanno a chi ha fatto "
        "l'ultima presa, e contano nelle sue carte e nelle sue {spade}.",
        "At the end of the hand the cards left on the table go to the side that made "
        "the last capture, and count in its cards and {spade}.",
    ),
    "rules.piccola": (
        "Piccola: prendere con una carta la carta appena giocata dal giocatore "
        "precedente: 1 punto.",
        "Piccola: taking, with one card, the card the previous player just played: 1 "
        "point.",
    ),
    "rules.spazzino.face": (
        "Spazzino: prendere tutte le carte in tavola. Vale quanto la carta che "
        "prende: dall'asso al 7 il suo valore (un 5 vale 5 punti); {figure_values}.",
        "Spazzino: taking every card on the table. It is worth the card that takes: "
        "from the ace to the 7 its value (a 5 is worth 5 points); {figure_values}.",
    ),
    "rules.spazzino.one": (
        "Spazzino: prendere tutte le carte in tavola. Con una carta dall'asso al 7 "
        "vale 1 punto; {figure_values}.",
        "Spazzino: taking every card on the table. With a card from the ace to the 7 "
        "it is worth 1 point; {figure_values}.",
    ),
    "rules.figure_values": (
        "con una figura: {F} {f} punti, {C} {c}, {R} {r}",
        "with a figure: {F} {f} points, {C} {c}, {R} {r}",
    ),
    "rules.bagari": (
        "Bagari: prendere con una carta due o tre carte dello stesso seme: un punto "
        "per ogni carta, compresa quella giocata, quindi 3 o 4.",
        "Bagari: taking, with one card, two or three cards of the same suit: one "
        "point for each card, the played one included, so 3 or 4.",
    ),
    "rules.scaluneddu": (
        "Scaluneddu: chi riceve tre carte dello stesso seme in scala e lo dichiara fa "
        "{points} punti.",
        "Scaluneddu: a player dealt three cards of one suit in sequence who declares "
        "it scores {points} points.",
    ),
    "rules.last_card": (
        "L'ultima carta giocata nella mano non fa piccola, spazzino né bagari.",
        "The last card played in a hand makes no piccola, spazzino or bagari.",
    ),
    "rules.carte.none": (
        "Carte: {points} punti a chi ha preso più carte; a 20 pari nessuno li prende.",
        "Carte: {points} points to the side that took more cards; at 20-20 nobody "
        "scores them.",
    ),
    "rules.carte.split": (
        "Carte: {points} punti a chi ha preso più carte; a 20 pari 1 punto a testa.",
        "Carte: {points} points to the side that took more cards; at 20-20 1 point "
        "each.",
    ),
    "rules.spade.none": (
        "{Spade}: {points} punti a chi ha preso più {spade}; a 5 pari nessuno li "
        "prende.",
        "{Spade}: {points} points to the side that took more {spade}; at 5-5 nobody "
        "scores them.",
    ),
    "rules.spade.split": (
        "{Spade}: {points} punti a chi ha preso più {spade}; a 5 pari 1 punto a testa.",
        "{Spade}: {points} points to the side that took more {spade}; at 5-5 1 point "
        "each.",
    ),
    "rules.honours": (
        "Settebello (7 di denari), fante di spade e due di spade: {points} punto "
        "ciascuno.",
        "Settebello (seven of coins), fante di spade and due di spade (jack and two "
        "of spades): {points} point each.",
    ),
    "rules.honours.fr": (
        "Settebello (7 di quadri), fante di picche e due di picche: {points} punto "
        "ciascuno.",
        "Settebello (seven of diamonds), jack of spades and two of spades: {points} "
        "point each.",
    ),
    "rules.napola": (
        "Napola: chi prende asso, due e tre di {spade} fa 3 punti; ogni {spada} che "
        "segue senza buchi (4, 5, 6, 7, {F}, {C}, {R}) aggiunge un punto. Tutte e "
        "dieci le {spade} sono il napoleone: 10 punti.",
        "Napola: taking the ace, two and three of {spade} scores 3; each following "
        "{spada} with no gap (4, 5, 6, 7, {F}, {C}, {R}) adds a point. All ten "
        "{spade} are the napoleone: 10 points.",
    ),
    "rules.target": (
        "Vince la partita chi per primo raggiunge o supera {target} punti.",
        "The match is won by the first side to reach or pass {target} points.",
    ),
    "rules.both": (
        "Se tutti e due raggiungono o superano {target} nella stessa mano vince chi "
        "ha più punti; a punti pari si gioca una mano di spareggio alla volta, finché "
        "uno ne ha di più.",
        "If both sides reach or pass {target} in the same hand, the one with more "
        "points wins; on equal points tie-break hands are played, one at a time, "
        "until one side has more.",
    ),
    "rules.declare.on": (
        "Concordato prima di questa partita.",
        "Agreed before this match.",
    ),
    "rules.declare.off": (
        "Non concordato per questa partita: si gioca fino in fondo.",
        "Not agreed for this match: it is played to the end.",
    ),
    "rules.declare": (
        "Solo in due e solo se concordato prima di cominciare: fino alla penultima "
        "tornata chi crede di aver raggiunto {target} punti può dichiararsi vincente. "
        "Il gioco si ferma e si contano le prese fatte fin lì: se con questi punti "
        "arriva a {target} vince, altrimenti perde. Nell'ultima tornata non si "
        "dichiara.",
        "Two players only, and only if agreed before the start: up to the penultimate "
        "deal a player who believes they have reached {target} points may declare "
        "victory. Play stops and the captures so far are counted: if these points "
        "bring them to {target} they win, otherwise they lose. No declaration in the "
        "last deal.",
    ),
    "rules.choice.threshold": (
        "Scelta di questa app: la soglia per dichiararsi è il traguardo, {target}.",
        "This app's choice: the threshold for declaring is the match target, {target}.",
    ),
    "rules.choice.stopped": (
        "Scelta di questa app: nella mano fermata carte e {spade} vanno solo a chi ne "
        "ha di più; a pari (anche 0 a 0) nessuno le prende.",
        "This app's choice: in a stopped hand carte and {spade} go only to the side "
        "with more; on equal counts (0-0 included) nobody scores them.",
    ),
    "rules.choice.tie_break": (
        "Scelta di questa app: nello spareggio non ci si può dichiarare vincenti.",
        "This app's choice: no declaration in a tie-break hand.",
    ),
}
