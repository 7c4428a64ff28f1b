"""The club night: tournaments, rounds, tables, standings, the season."""

WORDS: dict[str, tuple[str, str]] = {
    "club.title": ("Torneo", "Tournament"),
    "club.new": ("Nuovo torneo", "New tournament"),
    "club.night_line": ("{name} (turni: {rounds})", "{name} (rounds: {rounds})"),
    "club.join_title": ("Unisciti a un tavolo", "Join a table"),
    "club.join_help": (
        "Scrivi il codice del tavolo (sul cartoncino col QR): questo telefono vedrà "
        "solo la partita di quel tavolo.",
        "Type the table's code (on the card with the QR): this phone will see that "
        "table's match only.",
    ),
    "club.code_field": ("Codice del tavolo", "Table code"),
    "club.join": ("Unisciti", "Join"),
    "club.name": ("Nome del torneo", "Tournament name"),
    "club.rules": ("Regole (per tutte le partite)", "Rules (for every match)"),
    "club.players": ("2 giocatori", "2 players"),
    "club.pairs": ("Coppie", "Pairs"),
    "club.round_robin": ("Girone all'italiana", "Round robin"),
    "club.season_field": ("Stagione (facoltativa)", "Season (optional)"),
    "club.season": ("Stagione {name}", "Season {name}"),
    "club.season_line": (
        "{rank}. {entrant}: {points} in {nights}, vinte {first}",
        "{rank}. {entrant}: {points} in {nights}, {first} won",
    ),
    "club.season_none": (
        "Nessuna serata conclusa: una serata conta quando tutti i suoi turni sono "
        "finiti.",
        "No night over yet: a night counts once all its rounds are over.",
    ),
    "club.season_mixed": (
        "Le serate di questa stagione sono di singoli e di coppie: non si sommano.",
        "This season's nights are of players and of pairs: they do not add up.",
    ),
    "club.swiss": ("Danese (svizzero)", "Swiss"),
    "club.entrants": ("Iscritti: {n}", "Entrants: {n}"),
    "club.player_name": ("Nome del giocatore", "Player's name"),
    "club.pair_name": (
        "Nome di un giocatore della coppia",
        "Name of a player of the pair",
    ),
    "club.add": ("Aggiungi", "Add"),
    "club.remove": ("Togli", "Remove"),
    "club.remove_name": ("Togli {name}", "Remove {name}"),
    "club.paste_hint": (
        "Un nome e Invio, o incolla una lista",
        "A name and Enter, or paste a list",
    ),
    "club.half_pair": (
        "{name}: manca il compagno di coppia.",
        "{name}: the partner is missing.",
    ),
    "club.create": ("Crea il torneo", "Create the tournament"),
    "club.none": (
        "Questo torneo non è più tra i dati salvati.",
        "This tournament is no longer in the saved data.",
    ),
    "club.round": ("Turno {round}", "Round {round}"),
    "club.draw_seed": (
        "Sorteggio n. {seed}: con lo stesso numero, lo stesso abbinamento.",
        "Draw no. {seed}: the same number gives the same pairings.",
    ),
    "club.no_round": ("Nessun turno ancora iniziato.", "No round started yet."),
    "club.start_round": ("Inizia il turno {round}", "Start round {round}"),
    "club.table": ("Tavolo {table}", "Table {table}"),
    "club.table_code": ("Codice: {code}", "Code: {code}"),
    "club.status.bye": (
        "Riposa: {name} (vale una vittoria).",
        "Bye: {name} (counts as a win).",
    ),
    "club.status.waiting": ("Nessuna mano ancora.", "No hand yet."),
    "club.status.playing": (
        "In corso: {totals} dopo {n} mani.",
        "Playing: {totals} after {n} hands.",
    ),
    "club.status.playing.one": (
        "In corso: {totals} dopo 1 mano.",
        "Playing: {totals} after 1 hand.",
    ),
    "club.status.won": (
        "Finita {totals}: ha vinto {name}; da confermare.",
        "Over {totals}: {name} won; to be confirmed.",
    ),
    "club.status.confirmed": (
        "Finita {totals}: ha vinto {name}; confermata da {by}.",
        "Over {totals}: {name} won; confirmed by {by}.",
    ),
    "club.status.confirmed_organizer": (
        "Finita {totals}: ha vinto {name}; confermata dall'organizzatore.",
        "Over {totals}: {name} won; confirmed by the organizer.",
    ),
    "club.status.entered": ("Segnata da {name}.", "Entered by {name}."),
    "club.confirm_table": ("Conferma per il tavolo", "Confirm for the table"),
    "club.correct": ("Correggi una mano", "Correct a hand"),
    "club.back_to_night": ("Torna al torneo {name}", "Back to the tournament {name}"),
    "club.rounds": ("Turni", "Rounds"),
    "club.redrawn.one": (
        "Con i risultati corretti il turno {rounds} sarebbe stato abbinato "
        "diversamente: resta com'è stato sorteggiato.",
        "With the corrected results round {rounds} would have been paired "
        "differently: it stays as drawn.",
    ),
    "club.redrawn": (
        "Con i risultati corretti i turni {rounds} sarebbero stati abbinati "
        "diversamente: restano come sono stati sorteggiati.",
        "With the corrected results rounds {rounds} would have been paired "
        "differently: they stay as drawn.",
    ),
    "club.wait.title": ("Risultati da confermare", "Results to confirm"),
    "club.wait.body": (
        "Non ancora confermati: {tables}.",
        "Not confirmed yet: {tables}.",
    ),
    "club.wait.table": (
        "tavolo {table} (turno {round})",
        "table {table} (round {round})",
    ),
    "club.wait.accept": ("Conferma tu e inizia", "Confirm them and start"),
    "club.wait.start": ("Inizia lo stesso", "Start anyway"),
    "club.confirm_table_n": (
        "Conferma per il tavolo {table}",
        "Confirm for table {table}",
    ),
    "club.correct_table": (
        "Correggi una mano del tavolo {table}",
        "Correct a hand of table {table}",
    ),
    "club.tile_label": ("Tavolo {table}: {sides}", "Table {table}: {sides}"),
    "club.tile.bye": ("Riposo", "Bye"),
    "club.tile.waiting": ("Da iniziare", "Not begun"),
    "club.tile.playing": ("In corso", "Playing"),
    "club.tile.to_confirm": ("Da confermare", "To confirm"),
    "club.tile.confirmed": ("Confermata", "Confirmed"),
    "club.standings": ("Classifica", "Standings"),
    "club.standing": (
        "{rank}. {name}: {won} V, {lost} P, diff. {diff}, {points} punti",
        "{rank}. {name}: {won} W, {lost} L, diff. {diff}, {points} points",
    ),
    "club.standing_late": ("{name} (dal turno {round})", "{name} (from round {round})"),
    "club.standing_withdrawn": ("{name} (ritiro)", "{name} (withdrawn)"),
    "club.roster": ("Arrivi e ritiri", "Late arrivals, withdrawals"),
    "club.roster_help": (
        "Chi arriva tardi gioca dal prossimo turno, il {round}: ogni turno che ha "
        "perso conta come una partita persa, senza punti. Chi si ritira non viene più "
        "sorteggiato; le partite che ha giocato restano.",
        "A late arrival plays from the next round, round {round}: each round missed "
        "counts as a lost match, without points. A player who withdraws is not drawn "
        "again; the matches played stand.",
    ),
    "club.roster_help_first": (
        "Nessun turno ancora iniziato: chi arriva ora gioca dal turno 1, chi si "
        "ritira esce dalla lista.",
        "No round started yet: who arrives now plays from round 1, who withdraws "
        "leaves the list.",
    ),
    "club.roster_fixed": (
        "Nel girone all'italiana il calendario è fatto per gli iscritti: a torneo "
        "iniziato nessuno entra e nessuno si ritira.",
        "In a round robin the schedule is drawn for the entrants: once it has started "
        "nobody joins and nobody withdraws.",
    ),
    "club.roster_late_name": ("Chi arriva tardi", "Late arrival"),
    "club.roster_late_first": (
        "Primo giocatore della coppia",
        "First player of the pair",
    ),
    "club.roster_late_second": (
        "Secondo giocatore della coppia",
        "Second player of the pair",
    ),
    "club.roster_add": ("Aggiungi dal turno {round}", "Add from round {round}"),
    "club.roster_added": (
        "{name}: in gioco dal turno {round}; i {n} turni persi contano come partite "
        "perse, senza punti.",
        "{name}: in from round {round}; the {n} rounds missed count as lost matches, "
        "without points.",
    ),
    "club.roster_added.one": (
        "{name}: in gioco dal turno {round}; il turno perso conta come partita persa, "
        "senza punti.",
        "{name}: in from round {round}; the round missed counts as a lost match, "
        "without points.",
    ),
    "club.roster_added_first": (
        "{name}: in gioco dal turno 1.",
        "{name}: in from round 1.",
    ),
    "club.roster_line": ("{name}", "{name}"),
    "club.roster_line_late": (
        "{name}: dal turno {round}, {n} turni persi",
        "{name}: from round {round}, {n} rounds missed",
    ),
    "club.roster_line_late.one": (
        "{name}: dal turno {round}, 1 turno perso",
        "{name}: from round {round}, 1 round missed",
    ),
    "club.roster_line_gone": (
        "{name}: ritiro dopo il turno {round}",
        "{name}: withdrew after round {round}",
    ),
    "club.roster_withdraw": ("Ritira", "Withdraw"),
    "club.roster_withdraw_name": ("Ritira {name}", "Withdraw {name}"),
    "club.roster_sure": (
        "Ritirare {name} dal torneo? Niente più sorteggi; le partite giocate restano.",
        "Withdraw {name} from the tournament? No more draws; the matches played stand.",
    ),
    "club.roster_yes": ("Sì, ritira", "Yes, withdraw"),
    "club.roster_no": ("Annulla", "Cancel"),
    "club.roster_gone": (
        "{name}: ritiro dopo il turno {round}; le partite giocate restano.",
        "{name}: withdrawn after round {round}; the matches played stand.",
    ),
    "club.roster_removed": (
        "{name} non è più tra gli iscritti.",
        "{name} is no longer entered.",
    ),
    "club.board": ("Tabellone", "Board"),
    "club.board_code": (
        "Codice del tabellone (sola lettura): {code}",
        "The board's code (read only): {code}",
    ),
    "club.board_table": (
        "Tavolo {table}: {sides} {total1} - {total2}",
        "Table {table}: {sides} {total1} - {total2}",
    ),
    "club.board_tables": ("Tavoli", "Tables"),
    "club.board_totals": ("Punti", "Score"),
    "club.board_bye": ("riposa", "bye"),
    "club.board_won": ("V", "W"),
    "club.board_lost": ("P", "L"),
    "club.board_diff": ("Diff.", "Diff."),
    "club.board_points": ("Punti", "Points"),
    "club.board_nights": ("Serate", "Nights"),
    "club.board_page": ("{page}/{pages}", "{page}/{pages}"),
    "club.cards": ("Stampa i codici QR", "Print the QR codes"),
    "club.cards_help": (
        "Un cartoncino per tavolo: i telefoni del tavolo inquadrano il QR o scrivono "
        "il codice. Vale per tutta la serata.",
        "One card per table: the table's phones scan the QR or type the code. It "
        "holds for the whole night.",
    ),
    "club.seat_where": (
        "Tavolo {table} · Turno {round}",
        "Table {table} · Round {round}",
    ),
    "club.seat_moved": (
        "Eri al tavolo {old}: ora sei al tavolo {new}.",
        "You were at table {old}: now you are at table {new}.",
    ),
    "club.seat_new_round": (
        "Turno {round}: a questo tavolo ora giocano altri.",
        "Round {round}: other players at this table now.",
    ),
    "club.seat_before": (
        "Nel turno {round} qui giocavano:",
        "In round {round} here played:",
    ),
    "club.follow": ("Segui {name} al tavolo {table}", "Follow {name} to table {table}"),
    "club.follow_here": (
        "{name}: ancora a questo tavolo.",
        "{name}: at this table again.",
    ),
    "club.follow_bye": ("{name}: riposo in questo turno.", "{name}: a bye this round."),
    "club.follow_gone": ("{name}: ritiro dal torneo.", "{name}: withdrawn."),
    "club.seat_wait": (
        "Aspetta che l'organizzatore inizi il turno.",
        "Wait for the organizer to start the round.",
    ),
    "club.seat_free": (
        "In questo turno non si gioca a questo tavolo.",
        "Nobody plays at this table this round.",
    ),
    "club.seat_totals": (
        "{side1} {total1} - {total2} {side2}",
        "{side1} {total1} - {total2} {side2}",
    ),
    "club.seat_open": ("Apri la partita", "Open the match"),
    "club.confirm_who": (
        "Ha vinto {winner}: {loser} conferma il risultato.",
        "{winner} won: {loser} confirms the result.",
    ),
    "club.confirm_pass": (
        "Ha vinto {winner}: passa il telefono a {loser}, che conferma.",
        "{winner} won: hand the phone to {loser}, who confirms.",
    ),
    "club.confirm": ("Confermo il risultato", "I confirm the result"),
    "club.confirm_as": ("Sono {name}: confermo", "I'm {name}: I confirm"),
    "club.confirmed": (
        "Risultato confermato da {name}. Per correggere una mano chiedi "
        "all'organizzatore.",
        "Result confirmed by {name}. To correct a hand, ask the organizer.",
    ),
    "club.confirmed_organizer": (
        "Risultato confermato dall'organizzatore.",
        "Result confirmed by the organizer.",
    ),
    "club.me_ask": ("Di chi è questo telefono?", "Whose phone is this?"),
    "club.me": ("Telefono di {name}", "{name}'s phone"),
    "club.me_change": ("Cambia", "Change"),
    "club.leave": ("Lascia il tavolo", "Leave the table"),
    "club.target": ("Traguardo", "Target"),
    "club.err.target": (
        "Il traguardo è un numero intero da {min} a {max}.",
        "The target is a whole number from {min} to {max}.",
    ),
    "club.err.no_name": ("Dai un nome al torneo.", "Give the tournament a name."),
    "club.err.half_pair": (
        "L'ultima coppia ha un solo giocatore.",
        "The last pair has one player only.",
    ),
    "club.err.few": ("Servono almeno 2 iscritti.", "At least 2 entrants are needed."),
    "club.err.long_name": (
        "{name}: troppo lungo, un nome ha al massimo {n} lettere.",
        "{name}: too long, a name has at most {n} letters.",
    ),
    "club.err.undrawable": (
        "Il nome {name} ha caratteri che i telefoni non sanno mostrare ({chars}).",
        "The name {name} has characters the phones cannot show ({chars}).",
    ),
    "club.err.name_character": (
        "Il nome {name} ha {char}: usa solo lettere, cifre, punteggiatura e spazi.",
        "The name {name} has {char}: use letters, digits, punctuation and spaces only.",
    ),
    "club.err.refused": ("Torneo rifiutato: {reason}", "Tournament refused: {reason}"),
    "club.err.round_open": (
        "Il turno {round} non è finito (tavoli {tables}).",
        "Round {round} is not over (tables {tables}).",
    ),
    "club.err.all_rounds": (
        "Tutti i turni del girone sono stati giocati.",
        "Every round of the round robin has been played.",
    ),
    "club.err.no_pairing": (
        "Non c'è un altro turno senza rivincite.",
        "No other round is possible without a rematch.",
    ),
    "club.err.roster_fixed": (
        "Nel girone all'italiana, a torneo iniziato, nessuno entra e nessuno si "
        "ritira.",
        "In a round robin under way nobody joins and nobody withdraws.",
    ),
    "club.err.still_playing": (
        "Al tavolo {table} si gioca ancora ({name}): il ritiro a partita finita.",
        "Table {table} is still playing ({name}): withdraw once the match is over.",
    ),
    "club.err.last_two": (
        "Resterebbe un solo iscritto da sorteggiare.",
        "Only one entrant would be left to draw.",
    ),
    "club.err.no_late_name": (
        "Scrivi il nome di chi arriva.",
        "Type the late arrival's name.",
    ),
    "club.err.entered": (
        "{name} è già tra gli iscritti.",
        "{name} is already entered.",
    ),
    "club.err.code": ("Nessun tavolo ha questo codice.", "No table has this code."),
    "night.summary": (
        "{system} · {entrants} iscritti · turni: {rounds}",
        "{system} · {entrants} entrants · rounds: {rounds}",
    ),
    "night.system.round-robin": ("Girone all'italiana", "Round robin"),
    "night.system.swiss": ("Danese (svizzero)", "Swiss"),
    "night.not_counted": (
        "Partite non finite, non contate: {n}.",
        "Matches not finished, not counted: {n}.",
    ),
    "night.result": ("Risultato della serata", "The night's result"),
    "night.share_picture": ("Condividi la classifica", "Share the standings"),
    "night.download_picture": ("Scarica l'immagine", "Download the picture"),
    "night.print_page": ("Pagina da stampare", "Page to print"),
    "night.page_title": ("{name}: classifica", "{name}: standings"),
    "night.results": ("Risultati dei turni", "Round by round"),
    "night.played": ("Giocate", "Played"),
    "night.byes": ("Riposi", "Byes"),
    "night.for": ("Fatti", "For"),
    "night.against": ("Subiti", "Against"),
    "night.bye": ("riposa", "bye"),
    "night.open": ("non finita", "not finished"),
    "night.print_hint": (
        "Per stampare: Ctrl+P (o Condividi > Stampa sul telefono).",
        "To print: Ctrl+P (or Share > Print on a phone).",
    ),
}
