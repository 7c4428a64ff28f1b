"""The Italian catalog of the app's own strings (the reference catalog)."""

from scorekeeper.i18n.it_problems import PROBLEMS
from scorekeeper.i18n.it_sharing import SHARING
from scorekeeper.i18n.it_tables import TABLES

_SCREENS: dict[str, str] = {
    # -- home and navigation
    "app.title": "Spazzino segnapunti",
    "home.new_match": "Nuova partita",
    "home.history": "Storico",
    "home.rules": "Regole",
    "home.settings": "Impostazioni",
    "home.language": "Lingua",
    "home.counter": "Contatore condiviso: {count}",
    "home.counter_add": "Aggiungi al contatore",
    "language.it": "Italiano",
    "language.en": "English",
    "nav.back": "Indietro",
    # -- the match flows: new match, scoreboard, hand entry, declaration, match over
    # home
    "home.resume": "Continua: {side1} {total1} - {side2} {total2}",
    "home.recent": "Ultime partite",
    "home.backup_due": "{n} partite finite non sono in nessuna copia: "
    "esportale da Impostazioni.",
    # what the storage did on its own (TableService.warnings), on home
    "notice.title": "Avviso sui dati salvati",
    "notice.ok": "Ho capito",
    "notice.changed": "Un file di dati ({file}) è stato modificato fuori "
    "dall'app: «python main.py check» dice cosa; niente è stato cancellato.",
    "notice.moved_aside": "Un file di dati danneggiato ({file}) è stato messo da "
    "parte ({moved}): quello che conteneva non è nell'app.",
    "notice.rebuilt_shard": "Un file dello storico danneggiato ({file}) è stato "
    "riscritto con tutte le partite ancora leggibili; quello trovato è "
    "conservato come {moved}.",
    "notice.missing_shard": "Un file dello storico ({file}) manca: le partite "
    "che conteneva non si possono aprire né esportare; «python main.py check» "
    "dice quali.",
    "notice.lost_shard": "Un file dello storico ({file}) mancava: le partite che "
    "conteneva sono perse e non sono più nello storico; le loro righe sono "
    "conservate come {moved}.",
    "notice.recreated": "Un file di dati mancava ({file}): ne è stato creato uno "
    "nuovo, vuoto.",
    "notice.rebuilt_index": "L'indice dello storico ({file}) è stato ricostruito: "
    "nessuna partita è andata persa.",
    "notice.migrated": "I dati sono stati aggiornati al nuovo formato (il file "
    "precedente è conservato come {backup}).",
    "notice.bad_settings": "Le impostazioni salvate non erano leggibili: si usano "
    "quelle predefinite.",
    "notice.roster_not_saved": "L'elenco dei giocatori non è stato aggiornato; "
    "le partite sono salve.",
    "notice.pending_move": "Non è stato possibile spostare nello storico una "
    "partita (è salvata): l'app riproverà da sola.",
    "notice.pending_round": "Un turno del torneo era stato avviato quando l'app "
    "si è fermata: le sue partite sono state create ora.",
    "notice.pending_purge": "Non è stato possibile togliere da tutti i file le "
    "partite eliminate: l'app riproverà da sola.",
    "notice.drafts_reset": "Una mano in corso di inserimento non si è potuta "
    "rileggere (file danneggiato) ed è stata scartata: nessuna mano già salvata "
    "è stata toccata.",
    "notice.generic": "Avviso sui dati ({code}): {message}",
    # new match
    "new.players": "Giocatori",
    "new.two_players": "2 giocatori",
    "new.four_players": "4 giocatori",
    "new.seat_order": "In ordine di posto, in senso antiorario.",
    "new.player": "Giocatore {seat}",
    "new.teams": "{side1} contro {side2}",
    "new.first_dealer": "Primo mazziere",
    "new.rules": "Regole",
    "new.target": "Traguardo",
    "new.early_win": "Dichiarazione di vittoria concordata",
    "new.start": "Inizia la partita",
    "new.in_progress.title": "Una partita è in corso",
    "new.in_progress.body": "{side1} {total1} - {side2} {total2} non è finita: "
    "riprenderla, abbandonarla o tenerle entrambe e iniziare la nuova?",
    "new.in_progress.resume": "Riprendi quella partita",
    "new.in_progress.abandon": "Abbandonala, inizia la nuova",
    "new.in_progress.keep": "Tienile entrambe",
    "opt.preset.classico": "Classico",
    "opt.preset.variante_nord": "Variante Nord",
    "opt.preset.custom": "Personalizzate",
    "opt.spazzino_numeral": "Spazzino con una carta numerale",
    "opt.spazzino_numeral.face": "Valore della carta",
    "opt.spazzino_numeral.one": "1 punto",
    "opt.ties": "Carte 20-20 o spade 5-5",
    "opt.ties.none": "Nessun punto",
    "opt.ties.split": "1 punto a testa",
    "opt.scaluneddu": "Scaluneddu",
    # scoreboard
    "score.title": "Partita",
    "score.no_match": "Nessuna partita in corso.",
    "score.missing": "mancano {count}",
    "score.hand_number": "Mano {number}",
    "score.dealer": "Mescola e dà le carte: {name}",
    "score.cutter": "Taglia: {name}",
    "score.first_player": "Gioca per primo: {name}",
    "score.tie_break": "Spareggio: pari a {total}, traguardo raggiunto. "
    "Si gioca un'altra mano.",
    "score.add_hand": "Segna la mano {number}",
    "score.resume_hand": "Riprendi la mano {number}",
    "score.declare": "Dichiaro vittoria",
    "score.undo": "Annulla l'ultima modifica",
    "score.undo_short": "Annulla",
    "score.hand_column": "Mano",
    "score.hand_cell": "+{points} = {total}",
    "score.all_hands": "Mostra tutte le mani ({count})",
    "score.tie_break_mark": "spareggio",
    "score.declaration_mark": "dichiarazione",
    # a hand
    "hand.title": "Mano {number}",
    "hand.dealt_by": "Mazziere: {dealer}",
    "hand.totals_after": "Totali dopo la mano: {total1} - {total2}",
    "act.edit": "Modifica",
    "act.delete": "Elimina",
    "act.close": "Chiudi",
    "act.cancel": "Annulla",
    "act.undo": "Annulla",
    "act.redo": "Ripeti",
    "change.points": "{side0} {points0} - {side1} {points1}",
    "change.delete": "Eliminata la mano {number} ({points})",
    "change.add": "Rimessa la mano {number} ({points})",
    "change.replace": "Corretta di nuovo la mano {number} ({points})",
    "change.abandon": "Partita abbandonata di nuovo",
    "change.resume": "Partita ripresa di nuovo",
    "change.undo.add": "Tolta la mano {number} ({points})",
    "change.undo.delete": "Rimessa la mano {number} ({points})",
    "change.undo.replace": "La mano {number} è tornata com'era ({points})",
    "change.undo.abandon": "Partita di nuovo in corso",
    "change.undo.resume": "Partita di nuovo abbandonata",
    "change.other": "Modifica annullata",
    "offer.stale": "Troppo tardi per annullare: non è cambiato nulla.",
    "pts.cards": "Carte",
    "pts.spades": "Spade",
    "pts.settebello": "Settebello",
    "pts.fante_di_spade": "Fante di spade",
    "pts.due_di_spade": "Due di spade",
    "pts.napola": "Napola",
    "pts.piccole": "Piccole",
    "pts.spazzini": "Spazzini",
    "pts.bagari": "Bagari",
    "pts.scaluneddu": "Scaluneddu",
    "pts.total": "Totale",
    # hand entry
    "entry.title": "Conta della mano {number}",
    "entry.edit_title": "Modifica la mano {number}",
    "entry.changed_elsewhere": "Intanto un altro telefono ha cambiato le mani "
    "della partita: la conta riparte da capo.",
    "entry.count_form": "Contiamo solo il numero di spade",
    "entry.spade_to": "Una carta toccata va a:",
    "entry.spade_rest": "Tutte le altre a {side}",
    "entry.spade_rest_ad": "Tutte le altre ad {side}",
    "entry.spade_count": "Spade di {side}",
    "entry.other_count": "{side}: {count} (il resto fino a {total})",
    "entry.other_rest": "{side}: il resto fino a {total}",
    "entry.napola_of": "Napola di {side}",
    "entry.napola_hint": "Napola: 0 se nessuna, altrimenti da 3 a 10.",
    "entry.nobody": "Nessuno",
    "entry.cards_of": "Carte prese da {side}",
    "entry.page.mazzo": "Spade e settebello",
    "entry.page.gioco": "Carte e gioco",
    "entry.play": "Punti fatti giocando",
    "entry.spazzini_hint": "Spazzini: tocca la carta che ha spazzato",
    "entry.remove_last": "Togli {item}",
    "entry.preview_title": "Punti di questa mano:",
    "entry.preview_side": "{side}: {points}",
    "entry.incomplete": "Mancano dei dati: completa la mano.",
    "entry.fix_problems": "{count} cose da correggere",
    "entry.fix_problems.one": "Una cosa da correggere",
    "entry.save": "Salva la mano",
    "entry.save_edit": "Salva le modifiche",
    "entry.taken": "L'altro telefono ha già salvato la mano {number}",
    "entry.taken_summary": "Salvata: {side1} {points1}, {side2} {points2} "
    "(carte {cards1} e {cards2})",
    "entry.taken_replace": "Sostituiscila con la mia",
    "entry.taken_drop": "Scarta la mia",
    "entry.counting": "Un altro telefono sta contando la mano {number}",
    "entry.counting_too": "Anche un altro telefono sta contando la mano "
    "{number}: salvatela da un telefono solo.",
    "entry.breakdown_item": "{item} +{points}",
    "entry.breakdown_none": "nessun punto",
    "entry.taken_why": "Non salvata: l'altro telefono ha già salvato la mano "
    "{number}. In cima: sostituiscila con la tua o scarta la tua.",
    "entry.live_added": "La conta dal vivo ha segnato altri punti dopo che questa "
    "mano è stata inserita: sono aggiunti a quelli già qui, nulla è stato tolto.",
    # declaration
    "declare.title": "Dichiaro vittoria",
    "declare.who": "Chi si dichiara vincente",
    "declare.deal": "In quale tornata",
    "declare.hint": "Contate quello che avete preso finora, tutti e due.",
    "declare.choose_by": "Scegli chi si dichiara vincente.",
    "declare.choose_deal": "Scegli la tornata.",
    "declare.confirm": "Conferma la dichiarazione",
    "declare.verdict_right": "Con questa mano {by} arriva a {total}: la "
    "dichiarazione è giusta, {by} vince.",
    "declare.verdict_wrong": "Con questa mano {by} arriva a {total} (ne servono "
    "{target}): la dichiarazione è sbagliata, vince {winner}.",
    "declare.end_title": "Chiudere la partita?",
    "declare.end": "Chiudi la partita",
    # match over
    "over.title": "Partita finita",
    "over.winner": "Vince {name}",
    "over.declared_wrongly": "{by} ha dichiarato a torto: vince {name}",
    "over.target": "Superato il traguardo di {target} punti.",
    "over.target_reached": "Raggiunto il traguardo di {target} punti.",
    "over.tie_break": "Decisa allo spareggio, dopo il pari a {level}.",
    "over.declaration_right": "Dichiarazione di {by} nella tornata {deal}: "
    "{total} punti su {target}, dichiarazione giusta.",
    "over.declaration_wrong": "Dichiarazione di {by} nella tornata {deal}: "
    "{total} punti, ne servivano {target}: dichiarazione sbagliata.",
    "over.rematch": "Rivincita",
    "over.home": "Torna all'inizio",
    # errors
    "err.refused": "Modifica rifiutata, non è cambiato nulla. {reason}",
    "err.storage.disk_full": "Disco pieno: la modifica non è stata salvata, "
    "non è cambiato nulla.",
    "err.storage.read_only": "La cartella dei dati è di sola lettura: la "
    "modifica non è stata salvata.",
    "err.storage.write_failed": "Scrittura non riuscita: la modifica non è "
    "stata salvata, non è cambiato nulla.",
    "err.storage.not_found": "Questa partita non è più tra i dati salvati.",
    "err.storage.match_abandoned": "La partita è stata abbandonata: "
    "riprendila prima di modificarla.",
    "err.storage.nothing_to_undo": "Non c'è nessuna modifica da annullare.",
    "err.storage.nothing_to_redo": "Non c'è nessuna modifica da ripetere.",
    "err.storage.changed_meanwhile": "Intanto la partita era già cambiata "
    "(da un altro telefono, o da un tocco doppio): non è cambiato nulla, "
    "ricontrolla e riprova.",
    "err.storage.name_undrawable": "Quel nome ha emoji o simboli che i telefoni "
    "non sanno mostrare: usa lettere, cifre e punteggiatura.",
    "err.storage.generic": "Errore dei dati ({code}): non è cambiato nulla.",
    "err.unexpected": "Errore inatteso ({kind}): non è cambiato nulla.",
    "err.draw_failed": "Questa schermata non si apre per un errore dell'app "
    "({kind}). I dati salvati non sono cambiati.",
    "err.draw_failed_home": "Torna all'inizio",
    "err.not_durable": "Salvato su questo telefono, ma il browser non ha "
    "confermato la scrittura: esporta una copia da Impostazioni.",
    # -- rules, settings, connect a phone, live tally
    # rules screen
    "rules.title": "Regole",
    "rules.of_match": "Regole della partita in corso: {sides}.",
    "rules.of_defaults": "Regole predefinite per le nuove partite (Impostazioni).",
    "rules.summary": "{preset}, si gioca a {target} punti.",
    "rules.preset.classico": "Classico",
    "rules.preset.variante_nord": "Variante Nord",
    "rules.preset.custom": "Regole personalizzate",
    "rules.section.capture": "Come si prende",
    "rules.section.play": "Punti durante il gioco",
    "rules.section.mazzo": "Punti a fine mano (7 di mazzo) e napola",
    "rules.section.end": "Chi vince",
    "rules.section.declare": "Dichiararsi vincente",
    "rules.french_deck": "Mazzo francese: si tolgono i jolly, gli 8, i 9 e i 10; "
    "J, Q e K valgono come fante, cavallo e re, le picche sono le spade e il 7 di "
    "quadri è il settebello.",
    "rules.capture": "Si prende con una carta un'altra carta dello stesso valore, "
    "oppure più carte la cui somma fa il valore della carta giocata.",
    "rules.figures": "Le figure ({figures}) non prendono mai una somma: prendono "
    "solo una figura uguale.",
    "rules.leftover": "Alla fine della mano le carte rimaste in tavola vanno a chi "
    "ha fatto l'ultima presa, e contano nelle sue carte e nelle sue {spade}.",
    "rules.piccola": "Piccola: prendere con una carta la carta appena giocata dal "
    "giocatore precedente: 1 punto.",
    "rules.spazzino.face": "Spazzino: prendere tutte le carte in tavola. Vale "
    "quanto la carta che prende: dall'asso al 7 il suo valore (un 5 vale 5 punti); "
    "{figure_values}.",
    "rules.spazzino.one": "Spazzino: prendere tutte le carte in tavola. Con una "
    "carta dall'asso al 7 vale 1 punto; {figure_values}.",
    "rules.figure_values": "con una figura: {F} {f} punti, {C} {c}, {R} {r}",
    "rules.bagari": "Bagari: prendere con una carta due o tre carte dello stesso "
    "seme: un punto per ogni carta, compresa quella giocata, quindi 3 o 4.",
    "rules.scaluneddu": "Scaluneddu: chi riceve tre carte dello stesso seme in "
    "scala e lo dichiara fa {points} punti.",
    "rules.last_card": "L'ultima carta giocata nella mano non fa piccola, spazzino "
    "né bagari.",
    "rules.carte.none": "Carte: {points} punti a chi ha preso più carte; a 20 pari "
    "nessuno li prende.",
    "rules.carte.split": "Carte: {points} punti a chi ha preso più carte; a 20 pari "
    "1 punto a testa.",
    "rules.spade.none": "{Spade}: {points} punti a chi ha preso più {spade}; a 5 "
    "pari nessuno li prende.",
    "rules.spade.split": "{Spade}: {points} punti a chi ha preso più {spade}; a 5 "
    "pari 1 punto a testa.",
    "rules.honours": "Settebello (7 di denari), fante di spade e due di spade: "
    "{points} punto ciascuno.",
    "rules.honours.fr": "Settebello (7 di quadri), fante di picche e due di picche: "
    "{points} punto ciascuno.",
    "rules.napola": "Napola: chi prende asso, due e tre di {spade} fa 3 punti; ogni "
    "{spada} che segue senza buchi (4, 5, 6, 7, {F}, {C}, {R}) aggiunge un punto. "
    "Tutte e dieci le {spade} sono il napoleone: 10 punti.",
    "rules.target": "Vince la partita chi per primo raggiunge o supera {target} punti.",
    "rules.both": "Se tutti e due raggiungono o superano {target} nella stessa "
    "mano vince chi ha più punti; a punti pari si gioca una mano di spareggio alla "
    "volta, finché uno ne ha di più.",
    "rules.declare.on": "Concordato prima di questa partita.",
    "rules.declare.off": "Non concordato per questa partita: si gioca fino in fondo.",
    "rules.declare": "Solo in due e solo se concordato prima di cominciare: fino "
    "alla penultima tornata chi crede di aver raggiunto {target} punti può "
    "dichiararsi vincente. Il gioco si ferma e si contano le prese fatte fin lì: "
    "se con questi punti arriva a {target} vince, altrimenti perde. Nell'ultima "
    "tornata non si dichiara.",
    "rules.choice.threshold": "Scelta di questa app: la soglia per dichiararsi è "
    "il traguardo, {target}.",
    "rules.choice.stopped": "Scelta di questa app: nella mano fermata carte e "
    "{spade} vanno solo a chi ne ha di più; a pari (anche 0 a 0) nessuno le "
    "prende.",
    "rules.choice.tie_break": "Scelta di questa app: nello spareggio non ci si "
    "può dichiarare vincenti.",
    "card.spade": "spade",
    "card.spade.fr": "picche",
    "card.spada": "carta di spade",
    "card.spada.fr": "carta di picche",
    "card.denari": "denari",
    "card.denari.fr": "quadri",
    "card.due": "due di spade",
    "card.due.fr": "due di picche",
    "card.fante": "fante di spade",
    "card.fante.fr": "fante di picche",
    "card.due_and_fante": "due e fante di spade",
    "card.due_and_fante.fr": "due e fante di picche",
    # the field a problem of a hand or a match is about (core/problems.py)
    "problem.field.cards": "carte",
    "problem.field.spades": "spade",
    "problem.field.spades.fr": "picche",
    "problem.field.settebello": "settebello",
    "problem.field.due_di_spade": "due di spade",
    "problem.field.due_di_spade.fr": "due di picche",
    "problem.field.fante_di_spade": "fante di spade",
    "problem.field.fante_di_spade.fr": "fante di picche",
    "problem.field.napola": "napola",
    "problem.field.piccole": "piccole",
    "problem.field.spazzini": "spazzini",
    "problem.field.bagari": "bagari",
    "problem.field.scaluneddu": "scaluneddu",
    "problem.field.declaration": "dichiarazione",
    "problem.field.hands": "mani",
    "problem.field.players": "giocatori",
    "problem.field.first_dealer": "primo mazziere",
    "problem.field.target": "traguardo",
    "problem.field.early_win": "dichiarazione di vittoria",
    # settings screen
    "settings.title": "Impostazioni",
    "settings.language": "Lingua",
    "settings.language_help": "Lingua e tema valgono solo per questo telefono.",
    "settings.theme": "Tema",
    "settings.theme.system": "Sistema",
    "settings.theme.light": "Chiaro",
    "settings.theme.dark": "Scuro",
    "settings.new_matches": "Nuove partite",
    "settings.preset": "Regole predefinite",
    "settings.preset_help.classico": "Spazzino di numerale: il valore della carta; "
    "carte o spade pari: nessuno prende i punti; con lo scaluneddu.",
    "settings.preset_help.variante_nord": "Spazzino di numerale: 1 punto; carte o "
    "spade pari: 1 punto a testa; senza scaluneddu.",
    "settings.target": "Traguardo",
    "settings.target_help": "Un numero intero da {low} a {high}.",
    "settings.target_error": "Scrivi un numero intero da {low} a {high}.",
    "settings.saved": "Salvato.",
    "settings.save_failed": "Non salvato: {error}",
    "settings.no_storage": "Archivio non disponibile: le impostazioni valgono "
    "solo per questo telefono.",
    "settings.connect": "Collega un telefono",
    "settings.backup": "Copia di sicurezza",
    "settings.backup_help": "Le partite stanno solo in questo browser, che può "
    "cancellarle per fare spazio. Ogni tanto esporta tutto in un file e tienilo "
    "al sicuro; Importa lo riporta qui, anche su un altro telefono.",
    "settings.persist.granted": "Il browser ha promesso di conservare i dati.",
    "settings.persist.denied": "Il browser non ha promesso di conservare i dati: "
    "esporta spesso una copia.",
    "settings.persist.unknown": "Non si sa se il browser conserverà i dati: "
    "esporta ogni tanto una copia.",
    "settings.unexported": "Partite finite dall'ultima copia: {n}.",
    # connect a phone (LAN address and QR code)
    "connect.title": "Collega un telefono",
    "connect.scan": "Sullo stesso Wi-Fi, inquadra il codice con la fotocamera "
    "del telefono o apri questo indirizzo:",
    "connect.qr": "Codice QR dell'indirizzo {url}",
    "connect.qr_too_long": "L'indirizzo è troppo lungo per un codice QR: "
    "scrivilo a mano.",
    "connect.local_only": "Questo server accetta solo questo dispositivo. Per "
    "collegare altri telefoni riavvialo con:",
    "connect.with_code": "Gli altri telefoni entrano con il codice del tavolo, "
    "qui sotto.",
    "connect.lan_command": "python main.py --lan",
    "connect.lan_would_be": "Poi gli altri telefoni apriranno: {url}",
    "connect.no_network": "Questo dispositivo non è collegato a una rete locale: "
    "collegalo al Wi-Fi e riapri questa schermata.",
    "connect.same_wifi": "Il telefono deve essere sulla stessa rete Wi-Fi.",
    # live tally
    "live.title": "Conta dal vivo",
    "live.open": "Conta dal vivo",
    "live.no_match": "Nessuna partita in corso.",
    "live.new_match": "Nuova partita",
    "live.hand": "Mano {number}",
    "live.deal": "Tornata {deal} di {deals}",
    "live.deal_previous": "Tornata precedente",
    "live.deal_next": "Tornata seguente",
    "live.points": "{points}",
    "live.points_help": "Punti fatti in gioco in questa mano (il mazzo si conta "
    "alla fine).",
    "live.piccola": "Piccola",
    "live.spazzino": "Spazzino",
    "live.bagari": "Bagari {value}",
    "live.scaluneddu": "Scaluneddu",
    "live.spazzino_of": "Spazzino di {side}: con quale carta?",
    "live.cancel": "Annulla",
    "live.count.piccole": "Piccole: {count}",
    "live.count.spazzini": "Spazzini: {ranks}",
    "live.count.bagari": "Bagari: {values}",
    "live.count.scaluneddu": "Scaluneddu: {count}",
    "live.none": "-",
    "live.undo": "Annulla l'ultima",
    "live.undo.piccola": "Annulla la piccola di {side}",
    "live.undo.spazzino": "Annulla lo spazzino {rank} di {side}",
    "live.undo.bagari": "Annulla il bagari da {value} di {side}",
    "live.undo.scaluneddu": "Annulla lo scaluneddu di {side}",
    "live.last_deal": "Ultima tornata: l'ultima carta giocata della mano non fa "
    "piccola, spazzino né bagari.",
    "live.to_hand_entry": "Fine mano: conta il mazzo",
    "live.awake_on": "Lo schermo resta acceso.",
    "live.awake_off": "Questo browser non tiene lo schermo acceso: toccalo ogni "
    "tanto o allunga lo spegnimento automatico.",
    # -- history, match detail, sharing, statistics
    "hist.title": "Storico",
    "hist.empty": "Nessuna partita trovata.",
    "hist.more": "Mostra altre",
    "hist.count": "{shown} partite mostrate",
    "hist.filter.player": "Giocatore",
    "hist.filter.opponent": "Avversario",
    "hist.filter.status": "Stato",
    "hist.filter.period": "Periodo",
    "hist.filter.any": "Tutti",
    "hist.status.in_progress": "In corso",
    "hist.status.tie_break": "Spareggio",
    "hist.status.won": "Finita",
    "hist.status.abandoned": "Abbandonata",
    "hist.period.all": "Sempre",
    "hist.period.week": "Ultimi 7 giorni",
    "hist.period.month": "Ultimi 30 giorni",
    "hist.period.year": "Quest'anno",
    "hist.won_by": "Vince {name}",
    "hist.ending.target": "al traguardo",
    "hist.ending.tie_break": "allo spareggio",
    "hist.ending.declaration_right": "dichiarazione giusta",
    "hist.ending.declaration_wrong": "dichiarazione sbagliata",
    "hist.hands": "{n} mani",
    "hist.series": "Serie {score}",
    "hist.rivincita": "Rivincita",
    "hist.bella": "Bella",
    "hist.stats": "Statistiche",
    "hist.export_all": "Esporta tutto (JSON)",
    "hist.export_all_csv": "Esporta tutto (CSV)",
    "hist.import": "Importa una partita",
    "detail.title": "Partita",
    "detail.missing": "Partita non trovata: torna allo storico e scegline una.",
    "detail.damaged": "Questa partita è danneggiata: il file che la contiene non "
    "si legge più. Avviata con --recover, l'app riscrive quel file con le altre "
    "partite e lo conserva così com'è (niente va perso).",
    "detail.chart": "Andamento dei punti",
    "detail.target_line": "Traguardo {target}",
    "detail.hands": "Mano per mano",
    "detail.hand_title": "Mano {number} · mazziere {dealer}",
    "detail.col.total": "Punti",
    "detail.col.running": "Totale",
    "detail.declared": "{by} si dichiara vincente (tornata {deal}): {verdict}",
    "detail.right": "giusto",
    "detail.wrong": "sbagliato",
    "detail.tie_break_hand": "spareggio",
    "detail.rules": "Regole",
    "detail.rule.target": "Traguardo: {target}",
    "detail.rule.spazzino_numeral.face": "Spazzino di 1-7: il valore della carta",
    "detail.rule.spazzino_numeral.one": "Spazzino con le carte 1-7: 1 punto",
    "detail.rule.ties.none": "Carte o spade pari: nessun punto",
    "detail.rule.ties.split": "Carte o spade pari: 1 punto a testa",
    "detail.rule.scaluneddu.on": "Scaluneddu: sì",
    "detail.rule.scaluneddu.off": "Scaluneddu: no",
    "detail.rule.early_win.on": "Dichiararsi vincente: ammesso",
    "detail.rule.early_win.off": "Dichiararsi vincente: no",
    "detail.notes": "Note",
    "detail.notes_save": "Salva le note",
    "detail.notes_saved": "Note salvate.",
    "detail.edits": "Modifiche",
    "detail.no_edits": "Nessuna modifica.",
    "detail.edit.add": "aggiunta la mano {hand}",
    "detail.edit.replace": "corretta la mano {hand}",
    "detail.edit.delete": "tolta la mano {hand}",
    "detail.edit.abandon": "partita abbandonata",
    "detail.edit.resume": "partita ripresa",
    "detail.edit.undo": "annullata la modifica {number}",
    "detail.edit.undone": "(annullata)",
    "detail.edit.by": "da {by}",
    "detail.abandon": "Abbandona la partita",
    "detail.abandon_confirm": "Abbandonare la partita? Resta nello storico, "
    "segnata come abbandonata, e non conta nelle percentuali di vittoria.",
    "detail.resume": "Riprendi la partita",
    "detail.confirm": "Sì",
    "detail.cancel": "No",
    "stats.title": "Statistiche",
    "stats.player": "Giocatore",
    "stats.opponent": "Contro (facoltativo)",
    "stats.choose": "Scegli un giocatore.",
    "stats.none": "Ancora nessuna partita.",
    "stats.played": "Partite: {played} (finite {finished}, in corso {open}, "
    "abbandonate {abandoned})",
    "stats.won": "Vinte {won}, perse {lost}",
    "stats.win_rate": "Vittorie: {rate}",
    "stats.win_rate_none": "Vittorie: -",
    "stats.per_hand": "Punti per mano: {avg} ({points} in {hands})",
    "stats.items": "Come fa i punti",
    "stats.col.item": "Voce",
    "stats.col.made": "Fatte",
    "stats.col.rate": "% mani",
    "stats.col.avg": "Media",
    "stats.napola_lengths": "Napole per lunghezza: {text}",
    "stats.spazzini_cards": "Spazzini per carta: {text}",
    "stats.bagari_values": "Bagari: {text}",
    "stats.scaluneddu": "Scaluneddu dichiarati: {n}",
    "stats.comeback": "Miglior rimonta: da {deficit} punti sotto (mano {hand}), "
    "partita del {date}",
    "stats.longest": "Partita più lunga: {hands}, del {date}",
    "stats.first_dealer": "Da primo mazziere: vinte {won} su {finished} ({rate})",
    "stats.h2h": "Testa a testa",
    "stats.h2h_line": "contro {name}: {won}-{lost}",
    "stats.versus": "{a} contro {b}: {won}-{lost} in {finished}, "
    "punti {pa}-{pb} in {hands}",
    "stats.breakdown": "Da dove vengono i punti",
    "hist.deleted": "Partite eliminate",
    "hist.deleted_n": "Partite eliminate ({n})",
    "hist.deleted_empty": "Nessuna partita eliminata.",
    "hist.deleted_at": "eliminata il {date}",
    "hist.deleted_snack": "Partita eliminata.",
    "demo.title": "Partita di prova",
    "demo.open": "Guarda una partita di prova",
    "demo.how": "Anna e Bruno giocano una partita simulata carta per carta. "
    "Tocca Mano successiva: ecco cosa si segna a fine mano e come crescono i "
    "totali.",
    "demo.hand": "Mano {number}: dà le carte {dealer}",
    "demo.cards": "{n} carte",
    "demo.spades": "spade {ranks}",
    "demo.points": "Punti: {items} = {total}",
    "demo.next": "Mano successiva",
    "demo.over": "Vince {name}, {won} a {lost}.",
    "demo.again": "Un'altra partita",
    "trainer.title": "Allenamento: contatori",
    "trainer.open": "Allenamento",
    "trainer.how": "Il telefono gioca una mano carta per carta. Tieni a mente le "
    "carte prese: a fine tornata segna i contatori, e prima dell'ultima di' "
    "cosa ha in mano l'avversario.",
    "trainer.level.counters": "Contatori (0 o 1)",
    "trainer.level.full": "Conto completo",
    "trainer.score": "Giuste {right} su {asked}",
    "trainer.deal": "tornata {deal} di {deals}",
    "trainer.progress": "Su questo telefono finora: giuste {right} su {asked} "
    "in {hands}.",
    "trainer.table": "In tavola",
    "trainer.yours": "Le tue carte",
    "trainer.empty": "nessuna carta",
    "trainer.start": "Tocca Avanti: si gioca la prima carta.",
    "trainer.you": "Tu",
    "trainer.opponent": "L'avversario",
    "trainer.plays": "{who}: {card}, resta in tavola.",
    "trainer.takes": "{who}: {card}, prende {took}.",
    "trainer.next": "Avanti",
    "trainer.check": "Controlla",
    "trainer.ask": "Fine della tornata {deal}: tocca i contatori che sono a 1.",
    "trainer.ask_full": "Fine della tornata {deal}: quante carte di ogni valore "
    "sono state prese? Tocca per contare.",
    "trainer.all_right": "Tutto giusto!",
    "trainer.wrong": "Sbagliati: {ranks}. Qui sopra quelli giusti.",
    "trainer.ask_last": "Ultima tornata: quali valori ha in mano l'avversario?",
    "trainer.guess_right": "Giusto, aveva proprio queste:",
    "trainer.guess_wrong": "Non proprio: aveva queste.",
    "trainer.done": "Mano finita: giuste {right} su {asked}.",
    "trainer.another": "Un'altra mano",
    "trainer.suit.spade": "spade",
    "trainer.suit.coppe": "coppe",
    "trainer.suit.denari": "denari",
    "trainer.suit.bastoni": "bastoni",
    "trainer.suit.spade.fr": "picche",
    "trainer.suit.coppe.fr": "cuori",
    "trainer.suit.denari.fr": "quadri",
    "trainer.suit.bastoni.fr": "fiori",
    "ranking.title": "Classifica",
    "ranking.open": "Classifica",
    "ranking.how": "Il punteggio parte da 1000 e sale con le vittorie: "
    "1000 + 20 × (abilità - 3 × incertezza), dal sistema OpenSkill.",
    "ranking.none": "Ancora nessuna partita finita: la classifica nasce con la prima.",
    "ranking.loading": "Calcolo la classifica...",
    "ranking.line": "{rank}. {name}: {rating}",
    "ranking.record": "{matches} · vinte {won}",
    "ranking.trend_flat": "=",
    "ranking.chart": "{name} nel tempo",
    "ranking.chart_hint": "Tocca un giocatore per vedere il suo punteggio nel tempo.",
    "ranking.pairs": "Le coppie migliori",
    "ranking.pair_line": "{a} e {b}: vinte {won}, perse {lost}",
    "ranking.chance": "Probabilità di vincere: {a} {pa} · {b} {pb}",
    "hist.undo": "Annulla",
    "correct.title": "Correzione di una mano",
    "correct.gone": "Non c'è più questa mano da correggere: la partita è cambiata "
    "o non c'è più.",
    "correct.back": "Torna alla partita",
    "correct.result_title": "Cambia il risultato",
    "correct.result_save": "Salva la correzione",
    "correct.wins": "vince {name}",
    "correct.wins_pair": "vincono {name}",
    "correct.result_winner": "Con questa correzione {wins}, {won} a {lost}.",
    "correct.result_ends": "Con questa correzione la partita finisce: {wins}, "
    "{won} a {lost}.",
    "correct.result_declared_wrongly": "Con questa correzione {by} ha dichiarato "
    "a torto: {wins}, {won} a {lost}.",
    "correct.result_reopens": "Con questa correzione la partita si riapre: "
    "{first} {a}, {second} {b}.",
    "correct.result_tie_break": "Con questa correzione la partita va allo "
    "spareggio: pari a {total}.",
    "detail.correct": "Correggi la mano {number}",
    "hist.corrected": "corretta",
    "hist.damaged": "Danneggiata: non si può aprire né esportare. Avviata con "
    "--recover, l'app riscrive il suo file con le altre partite e lo conserva "
    "così com'è.",
    "hist.restore": "Ripristina",
    "hist.restored": "Partita ripristinata.",
    "hist.compact": "Compatta storico",
    "hist.compact_confirm": "Compattare lo storico? Le partite eliminate ({n}) "
    "saranno cancellate per sempre e non si potranno più ripristinare.",
    "hist.compacted": "Storico compattato: {n} partite cancellate per sempre.",
    "hist.compact_help": "Le partite eliminate si possono ripristinare finché lo "
    "storico non viene compattato.",
    "detail.delete": "Elimina partita",
    "detail.delete_confirm": "Eliminare la partita? Sparisce dallo storico e "
    "dalle statistiche; si può ripristinare da «Partite eliminate» finché lo "
    "storico non viene compattato.",
    "detail.edit.delete_match": "partita eliminata",
    "detail.edit.restore_match": "partita ripristinata",
    "stats.loading": "Calcolo delle statistiche in corso",
    "stats.partner": "In coppia con (facoltativo)",
    "stats.team": "In coppia: {a} & {b}",
    # -- French card names (Settings: Carte francesi), first dealer by lot
    "pts.spades.fr": "Picche",
    "pts.fante_di_spade.fr": "Fante di picche",
    "pts.due_di_spade.fr": "Due di picche",
    "entry.settebello": "Settebello",
    "entry.page.mazzo.fr": "Picche e settebello",
    "entry.settebello.fr": "Settebello (7 di quadri)",
    "entry.count_form.fr": "Contiamo solo il numero di picche",
    "entry.spade_count.fr": "Picche di {side}",
    "opt.ties.fr": "Carte 20-20 o picche 5-5",
    "detail.rule.ties.none.fr": "Carte o picche pari: nessun punto",
    "detail.rule.ties.split.fr": "Carte o picche pari: 1 punto a testa",
    "settings.preset_help.classico.fr": "Spazzino di numerale: il valore della "
    "carta; carte o picche pari: nessuno prende i punti; con lo scaluneddu.",
    "settings.preset_help.variante_nord.fr": "Spazzino di numerale: 1 punto; carte "
    "o picche pari: 1 punto a testa; senza scaluneddu.",
    "settings.cards": "Carte",
    "settings.french_cards": "Carte francesi",
    "settings.french_cards_help": "Mostra J, Q, K, picche e quadri al posto di F, "
    "C, R, spade e denari. Le regole e i dati salvati non cambiano.",
    "new.draw_dealer": "Sorteggia",
    "new.drawn_dealer": "Mazziere sorteggiato: {name}",
    # -- singular forms: "key.one" is used when the count ("n" or "count") is 1
    "home.backup_due.one": "1 partita finita non è in nessuna copia: "
    "esportala da Impostazioni.",
    "score.missing.one": "manca {count}",
    "hist.hands.one": "{n} mano",
    "hist.compacted.one": "Storico compattato: 1 partita cancellata per sempre.",
    "count.hands": "{n} mani",
    "count.hands.one": "{n} mano",
    "count.finished_matches": "{n} partite finite",
    "count.finished_matches.one": "{n} partita finita",
    "count.matches": "{n} partite",
    "count.matches.one": "{n} partita",
    "count.nights": "{n} serate",
    "count.nights.one": "{n} serata",
    "count.points": "{n} punti",
    "count.points.one": "{n} punto",
    # -- the page's own message while the server cannot be reached
    # (assets/connection.js carries a copy: a unit test keeps them equal)
    "conn.lost": "Connessione persa",
    "conn.retrying": "Questo telefono non raggiunge il server del segnapunti: "
    "riprovo da solo a collegarmi. Quello che è già salvato non si perde.",
}

CATALOG: dict[str, str] = {**_SCREENS, **TABLES, **SHARING, **PROBLEMS}
"""Every key of the app; the table code's, the board's and the club night's
words are in ``it_tables.py``, sharing's and the browser build's page's in
``it_sharing.py``, a problem's sentences on a screen in
``it_problems.py``."""
