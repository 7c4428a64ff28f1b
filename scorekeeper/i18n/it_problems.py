"""The Italian catalog's sentences of a problem as a player reads it on a
screen (``i18n/sentences.py`` picks and fills them); merged into
``i18n/it.py``'s ``CATALOG``.

One key per problem code (``say.<code>``), said as at a card table: the side
by its players (``{side}``; ``{a_side}`` and ``{b_side}`` when both are
meant), never a field's key. A key ending in ``.pair`` is the same sentence
for a side of two players (the verb agrees: "Anna ha", "Anna & Carla
hanno"). ``{spades_n}``, ``{cards_n}``... are a count with its noun ("1
spada", "3 spade"). The command line keeps ``core/problems.py``'s own words
(FORMAT.md's one line "place: problem").
"""

PROBLEMS: dict[str, str] = {
    # a count with its noun, singular when it is 1
    "say.n.spades": "{n} spade",
    "say.n.spades.one": "{n} spada",
    "say.n.spades.fr": "{n} picche",
    "say.n.spades.fr.one": "{n} picca",
    "say.n.cards": "{n} carte",
    "say.n.cards.one": "{n} carta",
    "say.n.piccole": "{n} piccole",
    "say.n.piccole.one": "{n} piccola",
    "say.n.spazzini": "{n} spazzini",
    "say.n.spazzini.one": "{n} spazzino",
    "say.n.scaluneddu": "{n} scaluneddu",
    "say.n.scaluneddu.one": "{n} scaluneddu",
    # what a field holds, for the few sentences about any field
    "say.thing.cards": "le carte di {side}",
    "say.thing.spades": "le {suit} di {side}",
    "say.thing.settebello": "il settebello di {side}",
    "say.thing.due_di_spade": "il {due} di {side}",
    "say.thing.fante_di_spade": "il {fante} di {side}",
    "say.thing.napola": "la napola di {side}",
    "say.thing.piccole": "le piccole di {side}",
    "say.thing.spazzini": "gli spazzini di {side}",
    "say.thing.bagari": "i bagari di {side}",
    "say.thing.scaluneddu": "gli scaluneddu di {side}",
    "say.plus_settebello": " e il settebello",
    "say.the_rank": "il {rank}",
    "say.the_rank.A": "l'asso",
    "say.the_rank.F": "il fante",
    "say.the_rank.C": "il cavallo",
    "say.the_rank.R": "il re",
    # what to do next in a section nobody has touched yet
    "say.next.spades": "Segna chi ha le {suit}: tocca ogni carta.",
    "say.next.spade_counts": "Scrivi quante {suit} ha preso {a_side}.",
    "say.next.spade_counts.pair": "Scrivi quante {suit} hanno preso {a_side}.",
    "say.next.settebello": "Chi ha il settebello? Tocca {a_side} o {b_side}.",
    # -- a hand (core/validation.py)
    "say.not_whole": "Scrivi in cifre {thing}, non «{value}».",
    "say.not_bool": "Per {thing} serve sì o no, non «{value}».",
    "say.not_a_list": "«{value}» non va bene per {thing}.",
    "say.cards_sum": "{a_side} {a_n}, {b_side} {b}: fanno {total}, non 40.",
    "say.cards_over": "{a_side} {a_n}, {b_side} {b}: fanno {total}, più di 40.",
    "say.cards_side_over": "{side} non può avere {value} carte: sono 40 in tutto.",
    "say.cards_side_over.pair": "{side} non possono avere {value} carte: sono 40 "
    "in tutto.",
    "say.cards_over_dealt": "{a_side} {a_n}, {b_side} {b}: fanno {total}, ma alla "
    "tornata {deal} ne erano uscite {max}.",
    "say.spade_bad_rank": "Tra le {suit} di {side} «{value}» non è una carta.",
    "say.spade_duplicate": "{side} ha {the_rank} di {suit} segnato due volte.",
    "say.spade_duplicate.pair": "{side} hanno {the_rank} di {suit} segnato due volte.",
    "say.spade_both": "Sia {a_side} che {b_side} hanno {the_rank} di {suit}.",
    "say.spade_missing": "Mancano {ranks} di {suit}: di {a_side} o di {b_side}?",
    "say.spade_missing.one": "Manca {the_rank} di {suit}: di {a_side} o di {b_side}?",
    "say.spade_forms_mixed": "Segna le {suit} di {a_side} e di {b_side} nello "
    "stesso modo.",
    "say.spade_count_sum": "{a_side} {a_n}, {b_side} {b}: fanno {total}, non 10.",
    "say.spade_count_over": "{a_side} {a_n}, {b_side} {b}: fanno {total}, più di 10.",
    "say.spade_count_side_over": "{side} non può avere {value} {suit}: sono 10 in "
    "tutto.",
    "say.spade_count_side_over.pair": "{side} non possono avere {value} {suit}: "
    "sono 10 in tutto.",
    "say.spades_exceed_cards": "{side} ha {spades_n}{plus_settebello} ma solo "
    "{cards_n}.",
    "say.spades_exceed_cards.pair": "{side} hanno {spades_n}{plus_settebello} ma "
    "solo {cards_n}.",
    # honours: how many of the due and the fante the side has (".one": 1)
    "say.spades_fewer_than_honours": "Con {due_and_fante}, {side} non può avere "
    "solo {spades_n}.",
    "say.spades_fewer_than_honours.pair": "Con {due_and_fante}, {side} non possono "
    "avere solo {spades_n}.",
    "say.spades_fewer_than_honours.one": "Con il {due} o il {fante}, {side} non "
    "può avere {spades_n}.",
    "say.spades_fewer_than_honours.pair.one": "Con il {due} o il {fante}, {side} "
    "non possono avere {spades_n}.",
    "say.spades_more_than_honours_allow": "{side} ha {spades_n} senza "
    "{due_and_fante}: al massimo {max}.",
    "say.spades_more_than_honours_allow.pair": "{side} hanno {spades_n} senza "
    "{due_and_fante}: al massimo {max}.",
    "say.spades_more_than_honours_allow.one": "{side} ha {spades_n} e solo uno tra "
    "{due_and_fante}: al massimo {max}.",
    "say.spades_more_than_honours_allow.pair.one": "{side} hanno {spades_n} e solo "
    "uno tra {due_and_fante}: al massimo {max}.",
    "say.napoleone_not_ten": "{side} ha tutte le {suit}: è napoleone, la napola "
    "vale 10.",
    "say.napoleone_not_ten.pair": "{side} hanno tutte le {suit}: è napoleone, la "
    "napola vale 10.",
    "say.settebello_both": "Il settebello è uno solo: di {a_side} o di {b_side}?",
    "say.settebello_nobody": "Chi ha il settebello? {a_side} o {b_side}?",
    "say.honour_both": "Il {card} è uno solo: di {a_side} o di {b_side}?",
    "say.honour_nobody": "Chi ha il {card}? {a_side} o {b_side}?",
    "say.napola_bad_value": "La napola di {side} va da 3 a 10 (0 se non c'è), non "
    "«{value}».",
    "say.napola_too_few_spades": "{side} ha {spades_n}: una napola da {napola} ne "
    "vuole almeno {napola}.",
    "say.napola_too_few_spades.pair": "{side} hanno {spades_n}: una napola da "
    "{napola} ne vuole almeno {napola}.",
    "say.napola_both": "La napola è di uno solo: di {a_side} o di {b_side}?",
    "say.napola_without_due": "{side} non ha il {due}: senza, niente napola.",
    "say.napola_without_due.pair": "{side} non hanno il {due}: senza, niente napola.",
    "say.napola_without_fante": "{side} non ha il {fante}: una napola da {napola} "
    "lo vuole.",
    "say.napola_without_fante.pair": "{side} non hanno il {fante}: una napola da "
    "{napola} lo vuole.",
    "say.napola_fante_too_few_spades": "{side} ha {spades_n}: napola da {napola} "
    "e fante ne vogliono {needed}.",
    "say.napola_fante_too_few_spades.pair": "{side} hanno {spades_n}: napola da "
    "{napola} e fante ne vogliono {needed}.",
    "say.piccole_too_many": "{a_side} {a_n}, {b_side} {b}: fanno {total}, al "
    "massimo {max}.",
    "say.piccole_exceed_cards": "{side} ha {cards_n}: per {piccole_n} ne servono "
    "almeno {need}.",
    "say.piccole_exceed_cards.pair": "{side} hanno {cards_n}: per {piccole_n} ne "
    "servono almeno {need}.",
    "say.piccole_bagari_exceed_cards": "{side} ha {cards_n}: per {piccole_n} e i "
    "bagari ne servono {need}.",
    "say.piccole_bagari_exceed_cards.pair": "{side} hanno {cards_n}: per "
    "{piccole_n} e i bagari ne servono {need}.",
    "say.spazzino_bad_rank": "Uno spazzino di {side} è «{value}», che non è una carta.",
    "say.spazzini_too_many": "{a_side} {a_n}, {b_side} {b}: fanno {total}, al "
    "massimo {max}.",
    "say.spazzini_exceed_cards": "{side} ha {cards_n}: per {spazzini_n} ne "
    "servono almeno {need}.",
    "say.spazzini_exceed_cards.pair": "{side} hanno {cards_n}: per {spazzini_n} ne "
    "servono almeno {need}.",
    "say.bagari_bad_value": "Un bagari vale 3 o 4: {side} ne ha uno da «{value}».",
    "say.bagari_bad_value.pair": "Un bagari vale 3 o 4: {side} ne hanno uno da "
    "«{value}».",
    "say.bagari_exceed_cards": "Per i bagari servono {bagari_cards} carte: {side} "
    "ne ha {cards}.",
    "say.bagari_exceed_cards.pair": "Per i bagari servono {bagari_cards} carte: "
    "{side} ne hanno {cards}.",
    "say.scaluneddu_too_many": "{side} non può fare {value_n}: al massimo {max} "
    "in una mano.",
    "say.scaluneddu_too_many.pair": "{side} non possono fare {value_n}: al massimo "
    "{max} in una mano.",
    "say.scaluneddu_over_dealt": "{side} non può fare {value_n}: al massimo {max} "
    "fino alla tornata {deal}.",
    "say.scaluneddu_over_dealt.pair": "{side} non possono fare {value_n}: al "
    "massimo {max} fino alla tornata {deal}.",
    "say.scaluneddu_off": "Lo scaluneddu non si gioca in questa partita: togli "
    "quelli di {side}.",
    # -- a declaration, a match (core/validation.py, core/engine.py)
    "say.declaration_not_agreed": "La dichiarazione non era stata concordata "
    "prima della partita.",
    "say.declaration_four_players": "In quattro non ci si dichiara vincenti.",
    "say.declaration_bad_deal": "Si dichiara dalla tornata 1 alla {last}, non "
    "alla «{deal}».",
    "say.declaration_unknown_player": "{by} non gioca in questa partita.",
    "say.declaration_tie_break": "Allo spareggio non ci si dichiara: tutti hanno "
    "già passato il traguardo.",
    "say.match_already_decided": "La partita era già finita alla mano {decided_after}.",
    "say.hand_index": "La mano {number} non c'è.",
    "say.too_many_hands": "Una partita ha al massimo {max} mani: questa "
    "sarebbe la {count}ª.",
    # -- a new match (core/setup_checks.py)
    "say.players_count": "Si gioca in 2 o in 4, non in {count}.",
    "say.player_name_empty": "Scrivi il nome del giocatore {seat}.",
    "say.player_names_empty": "Scrivi i nomi dei giocatori {seats}.",
    "say.and": "{first} e {last}",
    "say.player_name_too_long": "«{name}» è troppo lungo: al massimo {max} caratteri.",
    "say.player_name_character": "«{name}» ha emoji o simboli: usa lettere, cifre "
    "e punteggiatura.",
    "say.player_name_undrawable": "Il nome del giocatore {seat} ha emoji o simboli "
    "che i telefoni non mostrano.",
    "say.player_duplicate": "Due giocatori si chiamano {name}.",
    "say.first_dealer_unknown": "{name} non è tra i giocatori.",
    "say.target_range": "Il traguardo va da {min} a {max}, non «{value}».",
    "say.early_win_four_players": "La dichiarazione di vittoria è solo in 2 giocatori.",
}
