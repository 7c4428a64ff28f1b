"""A problem of a hand or a match as a player reads it on a screen
(``i18n/sentences.py`` picks and fills the sentences) and the field it is about.

One key per problem code (``say.<code>``), said as at a card table: the side
by its players (``{side}``; ``{a_side}`` and ``{b_side}`` when both are
meant), never a field's key. A key ending in ``.pair`` is the same sentence
for a side of two players (the verb agrees: "Anna ha", "Anna & Carla
hanno"). ``{spades_n}``, ``{cards_n}``... are a count with its noun ("1
spada", "3 spade"). The command line keeps ``core/problems.py``'s own words
(FORMAT.md's one line "place: problem").

The Italian word of a field a problem is about (``problem.field.*``) is the
core's own (``core/problems.py``, ``WORDING["it"]``: the command line's
Italian says it too), written there once.
"""

from scorekeeper.core.problems import WORDING, Field

CORE_FIELD = WORDING["it"].fields
"""The core's Italian word of each :class:`Field`."""

WORDS: dict[str, tuple[str, str]] = {
    # the field a problem is about, in Italian the core's word; ".fr": the
    # French deck's
    "problem.field.cards": (CORE_FIELD[Field.CARDS], "cards"),
    "problem.field.spades": (CORE_FIELD[Field.SPADES], "spades"),
    "problem.field.spades.fr": ("picche", "spades"),
    "problem.field.settebello": (CORE_FIELD[Field.SETTEBELLO], "settebello"),
    "problem.field.due_di_spade": (CORE_FIELD[Field.DUE_DI_SPADE], "due di spade"),
    "problem.field.due_di_spade.fr": ("due di picche", "two of spades"),
    "problem.field.fante_di_spade": (
        CORE_FIELD[Field.FANTE_DI_SPADE],
        "fante di spade",
    ),
    "problem.field.fante_di_spade.fr": ("fante di picche", "jack of spades"),
    "problem.field.napola": (CORE_FIELD[Field.NAPOLA], "napola"),
    "problem.field.piccole": (CORE_FIELD[Field.PICCOLE], "piccole"),
    "problem.field.spazzini": (CORE_FIELD[Field.SPAZZINI], "spazzini"),
    "problem.field.bagari": (CORE_FIELD[Field.BAGARI], "bagari"),
    "problem.field.scaluneddu": (CORE_FIELD[Field.SCALUNEDDU], "scaluneddu"),
    "problem.field.declaration": (CORE_FIELD[Field.DECLARATION], "declaration"),
    "problem.field.hands": (CORE_FIELD[Field.HANDS], "hands"),
    "problem.field.players": (CORE_FIELD[Field.PLAYERS], "players"),
    "problem.field.first_dealer": (CORE_FIELD[Field.FIRST_DEALER], "first dealer"),
    "problem.field.target": (CORE_FIELD[Field.TARGET], "target"),
    "problem.field.early_win": (CORE_FIELD[Field.EARLY_WIN], "early-win declaration"),
    # a count with its noun, singular when it is 1
    "say.n.spades": ("{n} spade", "{n} spades"),
    "say.n.spades.one": ("{n} spada", "{n} spade"),
    "say.n.spades.fr": ("{n} picche", "{n} spades"),
    "say.n.spades.fr.one": ("{n} picca", "{n} spade"),
    "say.n.cards": ("{n} carte", "{n} cards"),
    "say.n.cards.one": ("{n} carta", "{n} card"),
    "say.n.piccole": ("{n} piccole", "{n} piccole"),
    "say.n.piccole.one": ("{n} piccola", "{n} piccola"),
    "say.n.spazzini": ("{n} spazzini", "{n} spazzini"),
    "say.n.spazzini.one": ("{n} spazzino", "{n} spazzino"),
    "say.n.scaluneddu": ("{n} scaluneddu", "{n} scaluneddu"),
    "say.n.scaluneddu.one": ("{n} scaluneddu", "{n} scaluneddu"),
    # what a field holds, for the few sentences about any field
    "say.thing.cards": ("le carte di {side}", "{side}'s cards"),
    "say.thing.spades": ("le {suit} di {side}", "{side}'s {suit}"),
    "say.thing.settebello": ("il settebello di {side}", "{side}'s settebello"),
    "say.thing.due_di_spade": ("il {due} di {side}", "{side}'s {due}"),
    "say.thing.fante_di_spade": ("il {fante} di {side}", "{side}'s {fante}"),
    "say.thing.napola": ("la napola di {side}", "{side}'s napola"),
    "say.thing.piccole": ("le piccole di {side}", "{side}'s piccole"),
    "say.thing.spazzini": ("gli spazzini di {side}", "{side}'s spazzini"),
    "say.thing.bagari": ("i bagari di {side}", "{side}'s bagari"),
    "say.thing.scaluneddu": ("gli scaluneddu di {side}", "{side}'s scaluneddu"),
    "say.plus_settebello": (" e il settebello", " and the settebello"),
    "say.the_rank": ("il {rank}", "the {rank}"),
    "say.the_rank.A": ("l'asso", "the ace"),
    "say.the_rank.F": ("il fante", "the fante"),
    "say.the_rank.C": ("il cavallo", "the cavallo"),
    "say.the_rank.R": ("il re", "the re"),
    # what to do next in a section nobody has touched yet
    "say.next.spades": (
        "Segna chi ha le {suit}: tocca ogni carta.",
        "Mark who has the {suit}: tap each card.",
    ),
    "say.next.spade_counts": (
        "Scrivi quante {suit} ha preso {a_side}.",
        "Type how many {suit} {a_side} took.",
    ),
    "say.next.spade_counts.pair": (
        "Scrivi quante {suit} hanno preso {a_side}.",
        "Type how many {suit} {a_side} took.",
    ),
    "say.next.settebello": (
        "Chi ha il settebello? Tocca {a_side} o {b_side}.",
        "Who has the settebello? Tap {a_side} or {b_side}.",
    ),
    # a hand (core/validation.py)
    "say.not_whole": (
        "Scrivi in cifre {thing}, non «{value}».",
        'Type {thing} as a number, not "{value}".',
    ),
    "say.not_bool": (
        "Per {thing} serve sì o no, non «{value}».",
        '{thing} needs a yes or a no, not "{value}".',
    ),
    "say.not_a_list": (
        "«{value}» non va bene per {thing}.",
        '"{value}" does not fit {thing}.',
    ),
    "say.cards_sum": (
        "{a_side} {a_n}, {b_side} {b}: fanno {total}, non 40.",
        "{a_side} {a_n}, {b_side} {b}: that's {total}, not 40.",
    ),
    "say.cards_over": (
        "{a_side} {a_n}, {b_side} {b}: fanno {total}, più di 40.",
        "{a_side} {a_n}, {b_side} {b}: that's {total}, over 40.",
    ),
    "say.cards_side_over": (
        "{side} non può avere {value} carte: sono 40 in tutto.",
        "{side} can't have {value} cards: there are 40 in all.",
    ),
    "say.cards_side_over.pair": (
        "{side} non possono avere {value} carte: sono 40 in tutto.",
        "{side} can't have {value} cards: there are 40 in all.",
    ),
    "say.cards_over_dealt": (
        "{a_side} {a_n}, {b_side} {b}: fanno {total}, ma alla tornata {deal} ne erano "
        "uscite {max}.",
        "{a_side} {a_n}, {b_side} {b}: that's {total}, but only {max} were out by "
        "deal {deal}.",
    ),
    "say.spade_bad_rank": (
        "Tra le {suit} di {side} «{value}» non è una carta.",
        '"{value}" is not one of the {suit} ({side}).',
    ),
    "say.spade_duplicate": (
        "{side} ha {the_rank} di {suit} segnato due volte.",
        "{side} has {the_rank} of {suit} marked twice.",
    ),
    "say.spade_duplicate.pair": (
        "{side} hanno {the_rank} di {suit} segnato due volte.",
        "{side} have {the_rank} of {suit} marked twice.",
    ),
    "say.spade_both": (
        "Sia {a_side} che {b_side} hanno {the_rank} di {suit}.",
        "Both {a_side} and {b_side} have {the_rank} of {suit}.",
    ),
    "say.spade_missing": (
        "Mancano {ranks} di {suit}: di {a_side} o di {b_side}?",
        "Nobody has {ranks} of {suit} yet: {a_side} or {b_side}?",
    ),
    "say.spade_missing.one": (
        "Manca {the_rank} di {suit}: di {a_side} o di {b_side}?",
        "Nobody has {the_rank} of {suit} yet: {a_side} or {b_side}?",
    ),
    "say.spade_forms_mixed": (
        "Segna le {suit} di {a_side} e di {b_side} nello stesso modo.",
        "Enter {a_side}'s and {b_side}'s {suit} the same way.",
    ),
    "say.spade_count_sum": (
        "{a_side} {a_n}, {b_side} {b}: fanno {total}, non 10.",
        "{a_side} {a_n}, {b_side} {b}: that's {total}, not 10.",
    ),
    "say.spade_count_over": (
        "{a_side} {a_n}, {b_side} {b}: fanno {total}, più di 10.",
        "{a_side} {a_n}, {b_side} {b}: that's {total}, over 10.",
    ),
    "say.spade_count_side_over": (
        "{side} non può avere {value} {suit}: sono 10 in tutto.",
        "{side} can't have {value} {suit}: there are 10 in all.",
    ),
    "say.spade_count_side_over.pair": (
        "{side} non possono avere {value} {suit}: sono 10 in tutto.",
        "{side} can't have {value} {suit}: there are 10 in all.",
    ),
    "say.spades_exceed_cards": (
        "{side} ha {spades_n}{plus_settebello} ma solo {cards_n}.",
        "{side} has {spades_n}{plus_settebello} but only {cards_n}.",
    ),
    "say.spades_exceed_cards.pair": (
        "{side} hanno {spades_n}{plus_settebello} ma solo {cards_n}.",
        "{side} have {spades_n}{plus_settebello} but only {cards_n}.",
    ),
    # honours: how many of the due and the fante the side has (".one": 1)
    "say.spades_fewer_than_honours": (
        "Con {due_and_fante}, {side} non può avere solo {spades_n}.",
        "With the {due_and_fante}, {side} can't have only {spades_n}.",
    ),
    "say.spades_fewer_than_honours.pair": (
        "Con {due_and_fante}, {side} non possono avere solo {spades_n}.",
        "With the {due_and_fante}, {side} can't have only {spades_n}.",
    ),
    "say.spades_fewer_than_honours.one": (
        "Con il {due} o il {fante}, {side} non può avere {spades_n}.",
        "With the {due} or the {fante}, {side} can't have {spades_n}.",
    ),
    "say.spades_fewer_than_honours.pair.one": (
        "Con il {due} o il {fante}, {side} non possono avere {spades_n}.",
        "With the {due} or the {fante}, {side} can't have {spades_n}.",
    ),
    "say.spades_more_than_honours_allow": (
        "{side} ha {spades_n} senza {due_and_fante}: al massimo {max}.",
        "{side} has {spades_n} without the {due_and_fante}: {max} at most.",
    ),
    "say.spades_more_than_honours_allow.pair": (
        "{side} hanno {spades_n} senza {due_and_fante}: al massimo {max}.",
        "{side} have {spades_n} without the {due_and_fante}: {max} at most.",
    ),
    "say.spades_more_than_honours_allow.one": (
        "{side} ha {spades_n} e solo uno tra {due_and_fante}: al massimo {max}.",
        "{side} has {spades_n} and only one of the {due_and_fante}: {max} at most.",
    ),
    "say.spades_more_than_honours_allow.pair.one": (
        "{side} hanno {spades_n} e solo uno tra {due_and_fante}: al massimo {max}.",
        "{side} have {spades_n} and only one of the {due_and_fante}: {max} at most.",
    ),
    "say.napoleone_not_ten": (
        "{side} ha tutte le {suit}: è napoleone, la napola vale 10.",
        "{side} has all the {suit}: that's napoleone, napola 10.",
    ),
    "say.napoleone_not_ten.pair": (
        "{side} hanno tutte le {suit}: è napoleone, la napola vale 10.",
        "{side} have all the {suit}: that's napoleone, napola 10.",
    ),
    "say.settebello_both": (
        "Il settebello è uno solo: di {a_side} o di {b_side}?",
        "There is one settebello: {a_side}'s or {b_side}'s?",
    ),
    "say.settebello_nobody": (
        "Chi ha il settebello? {a_side} o {b_side}?",
        "Who has the settebello? {a_side} or {b_side}?",
    ),
    "say.honour_both": (
        "Il {card} è uno solo: di {a_side} o di {b_side}?",
        "There is one {card}: {a_side}'s or {b_side}'s?",
    ),
    "say.honour_nobody": (
        "Chi ha il {card}? {a_side} o {b_side}?",
        "Who has the {card}? {a_side} or {b_side}?",
    ),
    "say.napola_bad_value": (
        "La napola di {side} va da 3 a 10 (0 se non c'è), non «{value}».",
        '{side}\'s napola is 3 to 10 (0 if none), not "{value}".',
    ),
    "say.napola_too_few_spades": (
        "{side} ha {spades_n}: una napola da {napola} ne vuole almeno {napola}.",
        "{side} has {spades_n}: a napola of {napola} needs at least {napola}.",
    ),
    "say.napola_too_few_spades.pair": (
        "{side} hanno {spades_n}: una napola da {napola} ne vuole almeno {napola}.",
        "{side} have {spades_n}: a napola of {napola} needs at least {napola}.",
    ),
    "say.napola_both": (
        "La napola è di uno solo: di {a_side} o di {b_side}?",
        "Only one side can have a napola: {a_side} or {b_side}?",
    ),
    "say.napola_without_due": (
        "{side} non ha il {due}: senza, niente napola.",
        "{side} has no {due}: no napola without it.",
    ),
    "say.napola_without_due.pair": (
        "{side} non hanno il {due}: senza, niente napola.",
        "{side} have no {due}: no napola without it.",
    ),
    "say.napola_without_fante": (
        "{side} non ha il {fante}: una napola da {napola} lo vuole.",
        "{side} has no {fante}: a napola of {napola} needs it.",
    ),
    "say.napola_without_fante.pair": (
        "{side} non hanno il {fante}: una napola da {napola} lo vuole.",
        "{side} have no {fante}: a napola of {napola} needs it.",
    ),
    "say.napola_fante_too_few_spades": (
        "{side} ha {spades_n}: napola da {napola} e fante ne vogliono {needed}.",
        "{side} has {spades_n}: napola {napola} and the fante need {needed}.",
    ),
    "say.napola_fante_too_few_spades.pair": (
        "{side} hanno {spades_n}: napola da {napola} e fante ne vogliono {needed}.",
        "{side} have {spades_n}: napola {napola} and the fante need {needed}.",
    ),
    "say.piccole_too_many": (
        "{a_side} {a_n}, {b_side} {b}: fanno {total}, al massimo {max}.",
        "{a_side} {a_n}, {b_side} {b}: that's {total}, {max} at most.",
    ),
    "say.piccole_exceed_cards": (
        "{side} ha {cards_n}: per {piccole_n} ne servono almeno {need}.",
        "{side} has {cards_n}: {piccole_n} take at least {need}.",
    ),
    "say.piccole_exceed_cards.pair": (
        "{side} hanno {cards_n}: per {piccole_n} ne servono almeno {need}.",
        "{side} have {cards_n}: {piccole_n} take at least {need}.",
    ),
    "say.piccole_bagari_exceed_cards": (
        "{side} ha {cards_n}: per {piccole_n} e i bagari ne servono {need}.",
        "{side} has {cards_n}: {piccole_n} and the bagari take {need}.",
    ),
    "say.piccole_bagari_exceed_cards.pair": (
        "{side} hanno {cards_n}: per {piccole_n} e i bagari ne servono {need}.",
        "{side} have {cards_n}: {piccole_n} and the bagari take {need}.",
    ),
    "say.spazzino_bad_rank": (
        "Uno spazzino di {side} è «{value}», che non è una carta.",
        '{side} has a spazzino of "{value}", which is not a card.',
    ),
    "say.spazzini_too_many": (
        "{a_side} {a_n}, {b_side} {b}: fanno {total}, al massimo {max}.",
        "{a_side} {a_n}, {b_side} {b}: that's {total}, {max} at most.",
    ),
    "say.spazzini_exceed_cards": (
        "{side} ha {cards_n}: per {spazzini_n} ne servono almeno {need}.",
        "{side} has {cards_n}: {spazzini_n} take at least {need}.",
    ),
    "say.spazzini_exceed_cards.pair": (
        "{side} hanno {cards_n}: per {spazzini_n} ne servono almeno {need}.",
        "{side} have {cards_n}: {spazzini_n} take at least {need}.",
    ),
    "say.bagari_bad_value": (
        "Un bagari vale 3 o 4: {side} ne ha uno da «{value}».",
        'A bagari is 3 or 4: {side} has one of "{value}".',
    ),
    "say.bagari_bad_value.pair": (
        "Un bagari vale 3 o 4: {side} ne hanno uno da «{value}».",
        'A bagari is 3 or 4: {side} have one of "{value}".',
    ),
    "say.bagari_exceed_cards": (
        "Per i bagari servono {bagari_cards} carte: {side} ne ha {cards}.",
        "The bagari take {bagari_cards} cards: {side} has {cards}.",
    ),
    "say.bagari_exceed_cards.pair": (
        "Per i bagari servono {bagari_cards} carte: {side} ne hanno {cards}.",
        "The bagari take {bagari_cards} cards: {side} have {cards}.",
    ),
    "say.scaluneddu_too_many": (
        "{side} non può fare {value_n}: al massimo {max} in una mano.",
        "{side} can't make {value_n}: {max} at most in a hand.",
    ),
    "say.scaluneddu_too_many.pair": (
        "{side} non possono fare {value_n}: al massimo {max} in una mano.",
        "{side} can't make {value_n}: {max} at most in a hand.",
    ),
    "say.scaluneddu_over_dealt": (
        "{side} non può fare {value_n}: al massimo {max} fino alla tornata {deal}.",
        "{side} can't make {value_n}: {max} at most by deal {deal}.",
    ),
    "say.scaluneddu_over_dealt.pair": (
        "{side} non possono fare {value_n}: al massimo {max} fino alla tornata {deal}.",
        "{side} can't make {value_n}: {max} at most by deal {deal}.",
    ),
    "say.scaluneddu_off": (
        "Lo scaluneddu non si gioca in questa partita: togli quelli di {side}.",
        "No scaluneddu in this match: take {side}'s off.",
    ),
    # a declaration, a match (core/validation.py, core/engine.py)
    "say.declaration_not_agreed": (
        "La dichiarazione non era stata concordata prima della partita.",
        "Declaring a win was not agreed before this match.",
    ),
    "say.declaration_four_players": (
        "In quattro non ci si dichiara vincenti.",
        "No declaring a win with 4 players.",
    ),
    "say.declaration_bad_deal": (
        "Si dichiara dalla tornata 1 alla {last}, non alla «{deal}».",
        'Declare in deal 1 to {last}, not "{deal}".',
    ),
    "say.declaration_unknown_player": (
        "{by} non gioca in questa partita.",
        "{by} is not playing in this match.",
    ),
    "say.declaration_tie_break": (
        "Allo spareggio non ci si dichiara: tutti hanno già passato il traguardo.",
        "No declaring in a tie-break: everyone is past the target.",
    ),
    "say.match_already_decided": (
        "La partita era già finita alla mano {decided_after}.",
        "The match was already over after hand {decided_after}.",
    ),
    "say.hand_index": ("La mano {number} non c'è.", "There is no hand {number}."),
    "say.too_many_hands": (
        "Una partita ha al massimo {max} mani: questa sarebbe la {count}ª.",
        "A match has at most {max} hands: this would be hand {count}.",
    ),
    # a new match (core/setup_checks.py)
    "say.players_count": (
        "Si gioca in 2 o in 4, non in {count}.",
        "A match has 2 or 4 players, not {count}.",
    ),
    "say.player_name_empty": (
        "Scrivi il nome del giocatore {seat}.",
        "Type player {seat}'s name.",
    ),
    "say.player_names_empty": (
        "Scrivi i nomi dei giocatori {seats}.",
        "Type the names of players {seats}.",
    ),
    "say.and": ("{first} e {last}", "{first} and {last}"),
    "say.player_name_too_long": (
        "«{name}» è troppo lungo: al massimo {max} caratteri.",
        '"{name}" is too long: {max} characters at most.',
    ),
    "say.player_name_character": (
        "«{name}» ha emoji o simboli: usa lettere, cifre e punteggiatura.",
        '"{name}" has emoji or symbols: use letters, digits and punctuation.',
    ),
    "say.player_name_undrawable": (
        "Il nome del giocatore {seat} ha emoji o simboli che i telefoni non mostrano.",
        "Player {seat}'s name has emoji or symbols phones can't show.",
    ),
    "say.player_duplicate": (
        "Due giocatori si chiamano {name}.",
        "Two players are called {name}.",
    ),
    "say.first_dealer_unknown": (
        "{name} non è tra i giocatori.",
        "{name} is not one of the players.",
    ),
    "say.target_range": (
        "Il traguardo va da {min} a {max}, non «{value}».",
        'The target is {min} to {max}, not "{value}".',
    ),
    "say.early_win_four_players": (
        "La dichiarazione di vittoria è solo in 2 giocatori.",
        "Declaring a win is for 2 players only.",
    ),
}
