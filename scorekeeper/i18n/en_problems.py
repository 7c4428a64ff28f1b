"""The English catalog's sentences of a problem as a player reads it on a
screen (``i18n/sentences.py`` picks and fills them); merged into
``i18n/en.py``'s ``CATALOG``. The keys and their parameters are the Italian
ones (``i18n/it_problems.py`` says how they are made)."""

PROBLEMS: dict[str, str] = {
    # a count with its noun, singular when it is 1
    "say.n.spades": "{n} spades",
    "say.n.spades.one": "{n} spade",
    "say.n.spades.fr": "{n} spades",
    "say.n.spades.fr.one": "{n} spade",
    "say.n.cards": "{n} cards",
    "say.n.cards.one": "{n} card",
    "say.n.piccole": "{n} piccole",
    "say.n.piccole.one": "{n} piccola",
    "say.n.spazzini": "{n} spazzini",
    "say.n.spazzini.one": "{n} spazzino",
    "say.n.scaluneddu": "{n} scaluneddu",
    "say.n.scaluneddu.one": "{n} scaluneddu",
    # what a field holds, for the few sentences about any field
    "say.thing.cards": "{side}'s cards",
    "say.thing.spades": "{side}'s {suit}",
    "say.thing.settebello": "{side}'s settebello",
    "say.thing.due_di_spade": "{side}'s {due}",
    "say.thing.fante_di_spade": "{side}'s {fante}",
    "say.thing.napola": "{side}'s napola",
    "say.thing.piccole": "{side}'s piccole",
    "say.thing.spazzini": "{side}'s spazzini",
    "say.thing.bagari": "{side}'s bagari",
    "say.thing.scaluneddu": "{side}'s scaluneddu",
    "say.plus_settebello": " and the settebello",
    "say.the_rank": "the {rank}",
    "say.the_rank.A": "the ace",
    "say.the_rank.F": "the fante",
    "say.the_rank.C": "the cavallo",
    "say.the_rank.R": "the re",
    # what to do next in a section nobody has touched yet
    "say.next.spades": "Mark who has the {suit}: tap each card.",
    "say.next.spade_counts": "Type how many {suit} {a_side} took.",
    "say.next.spade_counts.pair": "Type how many {suit} {a_side} took.",
    "say.next.settebello": "Who has the settebello? Tap {a_side} or {b_side}.",
    # -- a hand (core/validation.py)
    "say.not_whole": 'Type {thing} as a number, not "{value}".',
    "say.not_bool": '{thing} needs a yes or a no, not "{value}".',
    "say.not_a_list": '"{value}" does not fit {thing}.',
    "say.cards_sum": "{a_side} {a_n}, {b_side} {b}: that's {total}, not 40.",
    "say.cards_over": "{a_side} {a_n}, {b_side} {b}: that's {total}, over 40.",
    "say.cards_side_over": "{side} can't have {value} cards: there are 40 in all.",
    "say.cards_side_over.pair": "{side} can't have {value} cards: there are 40 in all.",
    "say.cards_over_dealt": "{a_side} {a_n}, {b_side} {b}: that's {total}, but only "
    "{max} were out by deal {deal}.",
    "say.spade_bad_rank": '"{value}" is not one of the {suit} ({side}).',
    "say.spade_duplicate": "{side} has {the_rank} of {suit} marked twice.",
    "say.spade_duplicate.pair": "{side} have {the_rank} of {suit} marked twice.",
    "say.spade_both": "Both {a_side} and {b_side} have {the_rank} of {suit}.",
    "say.spade_missing": "Nobody has {ranks} of {suit} yet: {a_side} or {b_side}?",
    "say.spade_missing.one": "Nobody has {the_rank} of {suit} yet: {a_side} or "
    "{b_side}?",
    "say.spade_forms_mixed": "Enter {a_side}'s and {b_side}'s {suit} the same way.",
    "say.spade_count_sum": "{a_side} {a_n}, {b_side} {b}: that's {total}, not 10.",
    "say.spade_count_over": "{a_side} {a_n}, {b_side} {b}: that's {total}, over 10.",
    "say.spade_count_side_over": "{side} can't have {value} {suit}: there are 10 "
    "in all.",
    "say.spade_count_side_over.pair": "{side} can't have {value} {suit}: there are "
    "10 in all.",
    "say.spades_exceed_cards": "{side} has {spades_n}{plus_settebello} but only "
    "{cards_n}.",
    "say.spades_exceed_cards.pair": "{side} have {spades_n}{plus_settebello} but "
    "only {cards_n}.",
    # honours: how many of the due and the fante the side has (".one": 1)
    "say.spades_fewer_than_honours": "With the {due_and_fante}, {side} can't have "
    "only {spades_n}.",
    "say.spades_fewer_than_honours.pair": "With the {due_and_fante}, {side} can't "
    "have only {spades_n}.",
    "say.spades_fewer_than_honours.one": "With the {due} or the {fante}, {side} "
    "can't have {spades_n}.",
    "say.spades_fewer_than_honours.pair.one": "With the {due} or the {fante}, "
    "{side} can't have {spades_n}.",
    "say.spades_more_than_honours_allow": "{side} has {spades_n} without the "
    "{due_and_fante}: {max} at most.",
    "say.spades_more_than_honours_allow.pair": "{side} have {spades_n} without the "
    "{due_and_fante}: {max} at most.",
    "say.spades_more_than_honours_allow.one": "{side} has {spades_n} and only one "
    "of the {due_and_fante}: {max} at most.",
    "say.spades_more_than_honours_allow.pair.one": "{side} have {spades_n} and "
    "only one of the {due_and_fante}: {max} at most.",
    "say.napoleone_not_ten": "{side} has all the {suit}: that's napoleone, napola 10.",
    "say.napoleone_not_ten.pair": "{side} have all the {suit}: that's napoleone, "
    "napola 10.",
    "say.settebello_both": "There is one settebello: {a_side}'s or {b_side}'s?",
    "say.settebello_nobody": "Who has the settebello? {a_side} or {b_side}?",
    "say.honour_both": "There is one {card}: {a_side}'s or {b_side}'s?",
    "say.honour_nobody": "Who has the {card}? {a_side} or {b_side}?",
    "say.napola_bad_value": '{side}\'s napola is 3 to 10 (0 if none), not "{value}".',
    "say.napola_too_few_spades": "{side} has {spades_n}: a napola of {napola} "
    "needs at least {napola}.",
    "say.napola_too_few_spades.pair": "{side} have {spades_n}: a napola of "
    "{napola} needs at least {napola}.",
    "say.napola_both": "Only one side can have a napola: {a_side} or {b_side}?",
    "say.napola_without_due": "{side} has no {due}: no napola without it.",
    "say.napola_without_due.pair": "{side} have no {due}: no napola without it.",
    "say.napola_without_fante": "{side} has no {fante}: a napola of {napola} needs it.",
    "say.napola_without_fante.pair": "{side} have no {fante}: a napola of {napola} "
    "needs it.",
    "say.napola_fante_too_few_spades": "{side} has {spades_n}: napola {napola} "
    "and the fante need {needed}.",
    "say.napola_fante_too_few_spades.pair": "{side} have {spades_n}: napola "
    "{napola} and the fante need {needed}.",
    "say.piccole_too_many": "{a_side} {a_n}, {b_side} {b}: that's {total}, {max} "
    "at most.",
    "say.piccole_exceed_cards": "{side} has {cards_n}: {piccole_n} take at least "
    "{need}.",
    "say.piccole_exceed_cards.pair": "{side} have {cards_n}: {piccole_n} take at "
    "least {need}.",
    "say.piccole_bagari_exceed_cards": "{side} has {cards_n}: {piccole_n} and the "
    "bagari take {need}.",
    "say.piccole_bagari_exceed_cards.pair": "{side} have {cards_n}: {piccole_n} and "
    "the bagari take {need}.",
    "say.spazzino_bad_rank": '{side} has a spazzino of "{value}", which is not a card.',
    "say.spazzini_too_many": "{a_side} {a_n}, {b_side} {b}: that's {total}, {max} "
    "at most.",
    "say.spazzini_exceed_cards": "{side} has {cards_n}: {spazzini_n} take at "
    "least {need}.",
    "say.spazzini_exceed_cards.pair": "{side} have {cards_n}: {spazzini_n} take at "
    "least {need}.",
    "say.bagari_bad_value": 'A bagari is 3 or 4: {side} has one of "{value}".',
    "say.bagari_bad_value.pair": 'A bagari is 3 or 4: {side} have one of "{value}".',
    "say.bagari_exceed_cards": "The bagari take {bagari_cards} cards: {side} has "
    "{cards}.",
    "say.bagari_exceed_cards.pair": "The bagari take {bagari_cards} cards: {side} "
    "have {cards}.",
    "say.scaluneddu_too_many": "{side} can't make {value_n}: {max} at most in a hand.",
    "say.scaluneddu_too_many.pair": "{side} can't make {value_n}: {max} at most in "
    "a hand.",
    "say.scaluneddu_over_dealt": "{side} can't make {value_n}: {max} at most by "
    "deal {deal}.",
    "say.scaluneddu_over_dealt.pair": "{side} can't make {value_n}: {max} at most "
    "by deal {deal}.",
    "say.scaluneddu_off": "No scaluneddu in this match: take {side}'s off.",
    # -- a declaration, a match (core/validation.py, core/engine.py)
    "say.declaration_not_agreed": "Declaring a win was not agreed before this match.",
    "say.declaration_four_players": "No declaring a win with 4 players.",
    "say.declaration_bad_deal": 'Declare in deal 1 to {last}, not "{deal}".',
    "say.declaration_unknown_player": "{by} is not playing in this match.",
    "say.declaration_tie_break": "No declaring in a tie-break: everyone is past "
    "the target.",
    "say.match_already_decided": "The match was already over after hand "
    "{decided_after}.",
    "say.hand_index": "There is no hand {number}.",
    "say.too_many_hands": "A match has at most {max} hands: this would be "
    "hand {count}.",
    # -- a new match (core/setup_checks.py)
    "say.players_count": "A match has 2 or 4 players, not {count}.",
    "say.player_name_empty": "Type player {seat}'s name.",
    "say.player_names_empty": "Type the names of players {seats}.",
    "say.and": "{first} and {last}",
    "say.player_name_too_long": '"{name}" is too long: {max} characters at most.',
    "say.player_name_character": '"{name}" has emoji or symbols: use letters, '
    "digits and punctuation.",
    "say.player_name_undrawable": "Player {seat}'s name has emoji or symbols phones "
    "can't show.",
    "say.player_duplicate": "Two players are called {name}.",
    "say.first_dealer_unknown": "{name} is not one of the players.",
    "say.target_range": 'The target is {min} to {max}, not "{value}".',
    "say.early_win_four_players": "Declaring a win is for 2 players only.",
}
