"""What can be wrong with a hand or a match, as codes a UI can translate.

A :class:`Problem` is a stable code, the side (0 or 1, or ``None`` for the whole
hand) and field it belongs to, and the parameters that show the bad value. Its
text comes from :data:`MESSAGES`, in English (the CLI) or Italian (the UI's
default). :class:`HandError` and :class:`MatchError` carry every problem found,
not just the first, and are ``ValueError``\\ s.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from dataclasses import field as dataclass_field
from enum import StrEnum


class Code(StrEnum):
    NOT_WHOLE = "not_whole"
    NOT_BOOL = "not_bool"
    NOT_A_LIST = "not_a_list"
    CARDS_SUM = "cards_sum"
    CARDS_OVER = "cards_over"
    CARDS_SIDE_OVER = "cards_side_over"
    CARDS_OVER_DEALT = "cards_over_dealt"
    SPADE_BAD_RANK = "spade_bad_rank"
    SPADE_DUPLICATE = "spade_duplicate"
    SPADE_BOTH = "spade_both"
    SPADE_MISSING = "spade_missing"
    SPADE_FORMS_MIXED = "spade_forms_mixed"
    SPADE_COUNT_SUM = "spade_count_sum"
    SPADE_COUNT_OVER = "spade_count_over"
    SPADE_COUNT_SIDE_OVER = "spade_count_side_over"
    SPADES_EXCEED_CARDS = "spades_exceed_cards"
    SPADES_FEWER_THAN_HONOURS = "spades_fewer_than_honours"
    SPADES_MORE_THAN_HONOURS_ALLOW = "spades_more_than_honours_allow"
    NAPOLEONE_NOT_TEN = "napoleone_not_ten"
    SETTEBELLO_BOTH = "settebello_both"
    SETTEBELLO_NOBODY = "settebello_nobody"
    HONOUR_BOTH = "honour_both"
    HONOUR_NOBODY = "honour_nobody"
    NAPOLA_BAD_VALUE = "napola_bad_value"
    NAPOLA_TOO_FEW_SPADES = "napola_too_few_spades"
    NAPOLA_BOTH = "napola_both"
    NAPOLA_WITHOUT_DUE = "napola_without_due"
    NAPOLA_WITHOUT_FANTE = "napola_without_fante"
    NAPOLA_FANTE_TOO_FEW_SPADES = "napola_fante_too_few_spades"
    PICCOLE_TOO_MANY = "piccole_too_many"
    PICCOLE_EXCEED_CARDS = "piccole_exceed_cards"
    SPAZZINO_BAD_RANK = "spazzino_bad_rank"
    SPAZZINI_TOO_MANY = "spazzini_too_many"
    SPAZZINI_EXCEED_CARDS = "spazzini_exceed_cards"
    BAGARI_BAD_VALUE = "bagari_bad_value"
    BAGARI_EXCEED_CARDS = "bagari_exceed_cards"
    SCALUNEDDU_TOO_MANY = "scaluneddu_too_many"
    SCALUNEDDU_OVER_DEALT = "scaluneddu_over_dealt"
    SCALUNEDDU_OFF = "scaluneddu_off"
    DECLARATION_NOT_AGREED = "declaration_not_agreed"
    DECLARATION_FOUR_PLAYERS = "declaration_four_players"
    DECLARATION_BAD_DEAL = "declaration_bad_deal"
    DECLARATION_UNKNOWN_PLAYER = "declaration_unknown_player"
    DECLARATION_TIE_BREAK = "declaration_tie_break"
    MATCH_ALREADY_DECIDED = "match_already_decided"
    HAND_INDEX = "hand_index"
    TOO_MANY_HANDS = "too_many_hands"
    PLAYERS_COUNT = "players_count"
    PLAYER_NAME_EMPTY = "player_name_empty"
    PLAYER_NAME_TOO_LONG = "player_name_too_long"
    PLAYER_NAME_UNDRAWABLE = "player_name_undrawable"
    PLAYER_NAME_CHARACTER = "player_name_character"
    PLAYER_DUPLICATE = "player_duplicate"
    FIRST_DEALER_UNKNOWN = "first_dealer_unknown"
    TARGET_RANGE = "target_range"
    EARLY_WIN_FOUR_PLAYERS = "early_win_four_players"


class Field(StrEnum):
    """What a problem is about, as the match file names it: a field of a hand
    (``table/hand_fields.py`` declares them for the hand entry, whose spade
    counts are ``spades`` here) or of the match and its setup."""

    CARDS = "cards"
    SPADES = "spades"
    SETTEBELLO = "settebello"
    DUE_DI_SPADE = "due_di_spade"
    FANTE_DI_SPADE = "fante_di_spade"
    NAPOLA = "napola"
    PICCOLE = "piccole"
    SPAZZINI = "spazzini"
    BAGARI = "bagari"
    SCALUNEDDU = "scaluneddu"
    DECLARATION = "declaration"
    HANDS = "hands"
    PLAYERS = "players"
    FIRST_DEALER = "first_dealer"
    TARGET = "target"
    EARLY_WIN = "early_win"


MESSAGES: dict[str, dict[Code, str]] = {
    "en": {
        Code.NOT_WHOLE: "{value!r} is not a whole number of 0 or more",
        Code.NOT_BOOL: "{value!r} is not true or false",
        Code.NOT_A_LIST: "{value!r} is not a list",
        Code.CARDS_SUM: "the two sides' cards add up to {total} ({a} + {b}), not 40",
        Code.CARDS_OVER: "the two sides' cards add up to {total} ({a} + {b}), "
        "more than 40",
        Code.CARDS_SIDE_OVER: "{value} is more than 40",
        Code.CARDS_OVER_DEALT: "the two sides' cards add up to {total} "
        "({a} + {b}), more than the {max} put on the table up to deal {deal}",
        Code.SPADE_BAD_RANK: "{value!r} is not a card of {suit} ({rank_list})",
        Code.SPADE_DUPLICATE: "'{rank}' is listed twice",
        Code.SPADE_BOTH: "'{rank}' is taken by both sides",
        Code.SPADE_MISSING: "nobody has {ranks}: each of the 10 {suit} must be "
        "with one side",
        Code.SPADE_FORMS_MIXED: "one side lists its {suit} and the other counts "
        "them: use the same form on both sides",
        Code.SPADE_COUNT_SUM: "the two sides' {suit} add up to {total} ({a} + {b}), "
        "not 10",
        Code.SPADE_COUNT_OVER: "the two sides' {suit} add up to {total} "
        "({a} + {b}), more than 10",
        Code.SPADE_COUNT_SIDE_OVER: "{value} is more than 10",
        Code.SPADES_EXCEED_CARDS: "{spades} {suit}{plus_settebello} do not fit in "
        "{cards} captured cards",
        Code.SPADES_FEWER_THAN_HONOURS: "{spades} {suit} are fewer than the "
        "{honours} the side has of the {due_and_fante}",
        Code.SPADES_MORE_THAN_HONOURS_ALLOW: "{spades} {suit} are more than {max}, "
        "the most a side with {honours} of the {due_and_fante} can have",
        Code.NAPOLEONE_NOT_TEN: "all 10 {suit} are the napoleone: the napola is "
        "10, not {napola}",
        Code.SETTEBELLO_BOTH: "both sides have the settebello",
        Code.SETTEBELLO_NOBODY: "nobody has the settebello: it must be with one side",
        Code.HONOUR_BOTH: "both sides have it",
        Code.HONOUR_NOBODY: "nobody has it: it must be with one side",
        Code.NAPOLA_BAD_VALUE: "{value!r} is not a napola value (0, or 3 to 10)",
        Code.NAPOLA_TOO_FEW_SPADES: "a napola of {napola} needs {napola} {suit}, "
        "the side has {spades}",
        Code.NAPOLA_BOTH: "both sides have a napola",
        Code.NAPOLA_WITHOUT_DUE: "a napola of {napola} needs the {due}, "
        "which the side does not have",
        Code.NAPOLA_WITHOUT_FANTE: "a napola of {napola} needs the {fante}, "
        "which the side does not have",
        Code.NAPOLA_FANTE_TOO_FEW_SPADES: "a napola of {napola} and the {fante} "
        "need {needed} {suit}, the side has {spades}",
        Code.PICCOLE_TOO_MANY: "the two sides' piccole add up to {total} "
        "({a} + {b}), more than {max}",
        Code.PICCOLE_EXCEED_CARDS: "{piccole} piccole (2 cards each) and bagari of "
        "{bagari_cards} cards do not fit in {cards} captured cards",
        Code.SPAZZINO_BAD_RANK: "{value!r} is not a card rank ({rank_list})",
        Code.SPAZZINI_TOO_MANY: "the two sides' spazzini add up to {total} "
        "({a} + {b}), more than {max}",
        Code.SPAZZINI_EXCEED_CARDS: "{spazzini} spazzini (2 cards at least each) "
        "do not fit in {cards} captured cards",
        Code.BAGARI_BAD_VALUE: "{value!r} is not a bagari value (3 or 4)",
        Code.BAGARI_EXCEED_CARDS: "bagari of {bagari_cards} cards do not fit in "
        "{cards} captured cards",
        Code.SCALUNEDDU_TOO_MANY: "{value} scaluneddu is more than the {max} "
        "possible in a hand",
        Code.SCALUNEDDU_OVER_DEALT: "{value} scaluneddu is more than the {max} "
        "possible up to deal {deal}",
        Code.SCALUNEDDU_OFF: "scaluneddu is off in this match's rules, "
        "but {value} was entered",
        Code.DECLARATION_NOT_AGREED: "no early-win declaration was agreed "
        "before this match (the early-win rule is off)",
        Code.DECLARATION_FOUR_PLAYERS: "an early-win declaration is only "
        "allowed with 2 players",
        Code.DECLARATION_BAD_DEAL: "deal {deal!r}: a declaration is allowed "
        "from deal 1 to deal {last}, never in the last deal",
        Code.DECLARATION_UNKNOWN_PLAYER: "'{by}' is not a player of this match",
        Code.DECLARATION_TIE_BREAK: "no early-win declaration in a tie-break "
        "hand: both sides are already past the target",
        Code.MATCH_ALREADY_DECIDED: "the match was already decided after hand "
        "{decided_after}: no hand can follow",
        Code.HAND_INDEX: "there is no hand {number}",
        Code.TOO_MANY_HANDS: "a match has at most {max} hands, not {count}",
        Code.PLAYERS_COUNT: "a match has 2 or 4 players, not {count}",
        Code.PLAYER_NAME_EMPTY: "player {seat} has no name",
        Code.PLAYER_NAME_TOO_LONG: "'{name}' is longer than {max} characters",
        Code.PLAYER_NAME_CHARACTER: "'{name}' has {char}: a name "
        "has letters, digits, punctuation and spaces only (no emoji, symbols or "
        "control characters)",
        Code.PLAYER_NAME_UNDRAWABLE: "player {seat}'s name has emoji or symbols "
        "the phones cannot show: use letters, digits and punctuation",
        Code.PLAYER_DUPLICATE: "'{name}' is named twice",
        Code.FIRST_DEALER_UNKNOWN: "'{name}' is not one of the players",
        Code.TARGET_RANGE: "{value!r} is not a whole number from {min} to {max}",
        Code.EARLY_WIN_FOUR_PLAYERS: "the early-win declaration is only for 2 players",
    },
    "it": {
        Code.NOT_WHOLE: "{value!r} non è un numero intero da 0 in su",
        Code.NOT_BOOL: "{value!r} non è né sì né no",
        Code.NOT_A_LIST: "{value!r} non è un elenco",
        Code.CARDS_SUM: "le carte delle due parti fanno {total} ({a} + {b}), non 40",
        Code.CARDS_OVER: "le carte delle due parti fanno {total} ({a} + {b}), "
        "più di 40",
        Code.CARDS_SIDE_OVER: "{value} è più di 40",
        Code.CARDS_OVER_DEALT: "le carte delle due parti fanno {total} "
        "({a} + {b}), più delle {max} messe in tavola fino alla tornata {deal}",
        Code.SPADE_BAD_RANK: "{value!r} non è una carta di {suit} ({rank_list})",
        Code.SPADE_DUPLICATE: "'{rank}' è segnato due volte",
        Code.SPADE_BOTH: "'{rank}' è preso da tutte e due le parti",
        Code.SPADE_MISSING: "nessuno ha {ranks}: ognuna delle 10 {suit} va a una "
        "delle parti",
        Code.SPADE_FORMS_MIXED: "una parte elenca le {suit} e l'altra le conta: "
        "usate la stessa forma",
        Code.SPADE_COUNT_SUM: "le {suit} delle due parti fanno {total} "
        "({a} + {b}), non 10",
        Code.SPADE_COUNT_OVER: "le {suit} delle due parti fanno {total} "
        "({a} + {b}), più di 10",
        Code.SPADE_COUNT_SIDE_OVER: "{value} è più di 10",
        Code.SPADES_EXCEED_CARDS: "{spades} {suit}{plus_settebello} non stanno in "
        "{cards} carte prese",
        Code.SPADES_FEWER_THAN_HONOURS: "{spades} {suit} sono meno dei {honours} "
        "tra {due_and_fante} che la parte ha",
        Code.SPADES_MORE_THAN_HONOURS_ALLOW: "{spades} {suit} sono più di {max}, "
        "il massimo per una parte con {honours} tra {due_and_fante}",
        Code.NAPOLEONE_NOT_TEN: "tutte e 10 le {suit} sono il napoleone: la "
        "napola è 10, non {napola}",
        Code.SETTEBELLO_BOTH: "tutte e due le parti hanno il settebello",
        Code.SETTEBELLO_NOBODY: "nessuno ha il settebello: deve averlo una parte",
        Code.HONOUR_BOTH: "ce l'hanno tutte e due le parti",
        Code.HONOUR_NOBODY: "non ce l'ha nessuno: deve averlo una parte",
        Code.NAPOLA_BAD_VALUE: "{value!r} non è una napola valida (0, o da 3 a 10)",
        Code.NAPOLA_TOO_FEW_SPADES: "una napola da {napola} richiede {napola} "
        "{suit}, la parte ne ha {spades}",
        Code.NAPOLA_BOTH: "tutte e due le parti hanno la napola",
        Code.NAPOLA_WITHOUT_DUE: "una napola da {napola} richiede il {due}, "
        "che la parte non ha",
        Code.NAPOLA_WITHOUT_FANTE: "una napola da {napola} richiede il {fante}, "
        "che la parte non ha",
        Code.NAPOLA_FANTE_TOO_FEW_SPADES: "una napola da {napola} e il {fante} "
        "richiedono {needed} {suit}, la parte ne ha {spades}",
        Code.PICCOLE_TOO_MANY: "le piccole delle due parti fanno {total} "
        "({a} + {b}), più di {max}",
        Code.PICCOLE_EXCEED_CARDS: "{piccole} piccole (2 carte l'una) e bagari per "
        "{bagari_cards} carte non stanno in {cards} carte prese",
        Code.SPAZZINO_BAD_RANK: "{value!r} non è una carta ({rank_list})",
        Code.SPAZZINI_TOO_MANY: "gli spazzini delle due parti fanno {total} "
        "({a} + {b}), più di {max}",
        Code.SPAZZINI_EXCEED_CARDS: "{spazzini} spazzini (almeno 2 carte l'uno) "
        "non stanno in {cards} carte prese",
        Code.BAGARI_BAD_VALUE: "{value!r} non è un valore di bagari (3 o 4)",
        Code.BAGARI_EXCEED_CARDS: "bagari per {bagari_cards} carte non stanno in "
        "{cards} carte prese",
        Code.SCALUNEDDU_TOO_MANY: "{value} scaluneddu sono più dei {max} "
        "possibili in una mano",
        Code.SCALUNEDDU_OVER_DEALT: "{value} scaluneddu sono più dei {max} "
        "possibili fino alla tornata {deal}",
        Code.SCALUNEDDU_OFF: "lo scaluneddu non si gioca in questa partita, "
        "ma ne è stato segnato {value}",
        Code.DECLARATION_NOT_AGREED: "la dichiarazione di vittoria non è stata "
        "concordata prima della partita",
        Code.DECLARATION_FOUR_PLAYERS: "ci si può dichiarare vincenti solo in "
        "due giocatori",
        Code.DECLARATION_BAD_DEAL: "tornata {deal!r}: si può dichiarare dalla "
        "tornata 1 alla {last}, mai nell'ultima",
        Code.DECLARATION_UNKNOWN_PLAYER: "'{by}' non gioca in questa partita",
        Code.DECLARATION_TIE_BREAK: "niente dichiarazione di vittoria in una mano "
        "di spareggio: tutte e due le parti hanno già raggiunto il traguardo",
        Code.MATCH_ALREADY_DECIDED: "la partita era già decisa dopo la mano "
        "{decided_after}: non può seguire un'altra mano",
        Code.HAND_INDEX: "la mano {number} non esiste",
        Code.TOO_MANY_HANDS: "una partita ha al massimo {max} mani, non {count}",
        Code.PLAYERS_COUNT: "una partita ha 2 o 4 giocatori, non {count}",
        Code.PLAYER_NAME_EMPTY: "il giocatore {seat} non ha nome",
        Code.PLAYER_NAME_TOO_LONG: "'{name}' è più lungo di {max} caratteri",
        Code.PLAYER_NAME_CHARACTER: "'{name}' ha {char}: un nome "
        "ha solo lettere, cifre, punteggiatura e spazi (niente emoji, simboli o "
        "caratteri di controllo)",
        Code.PLAYER_NAME_UNDRAWABLE: "il nome del giocatore {seat} ha emoji o "
        "simboli che i telefoni non sanno mostrare: usa lettere, cifre e "
        "punteggiatura",
        Code.PLAYER_DUPLICATE: "'{name}' compare due volte",
        Code.FIRST_DEALER_UNKNOWN: "'{name}' non è tra i giocatori",
        Code.TARGET_RANGE: "{value!r} non è un numero intero da {min} a {max}",
        Code.EARLY_WIN_FOUR_PLAYERS: "la dichiarazione di vittoria è solo per "
        "2 giocatori",
    },
}

RANK_LIST = ("A", "2", "3", "4", "5", "6", "7", "F", "C", "R")
"""The ranks as the rules spell them (RULES §1), in order."""


@dataclass(frozen=True)
class Wording:
    """The words of a problem's text that are not the rules' own: the field
    names and the card words, which a display may change (the French deck's
    "picche", "J Q K"). The defaults (:data:`WORDING`) are the Italian deck's,
    as the command line prints them; the UI builds its own from its catalog.

    >>> w = Wording("picche", "due di picche", "fante di picche",
    ...             "due e fante di picche", {"F": "J"}, {"spades": "picche"})
    >>> Problem(Code.SPADE_BOTH, "spades", None, {"rank": "F"}).text("it", w)
    "picche: 'J' è preso da tutte e due le parti"
    """

    suit: str
    due: str
    fante: str
    due_and_fante: str
    ranks: Mapping[str, str] = dataclass_field(default_factory=dict)
    fields: Mapping[str, str] = dataclass_field(default_factory=dict)

    def rank(self, rank: str) -> str:
        """A stored rank (``"F"``) as this wording shows it."""
        return self.ranks.get(rank, rank)

    def words(self) -> dict[str, str]:
        """The template fields this wording fills in."""
        return {
            "suit": self.suit,
            "due": self.due,
            "fante": self.fante,
            "due_and_fante": self.due_and_fante,
            "rank_list": " ".join(self.rank(r) for r in RANK_LIST),
        }


WORDING: dict[str, Wording] = {
    # English: a field by its name in the match file ("first_dealer: ...")
    "en": Wording("spades", "due di spade", "fante di spade", "due and fante di spade"),
    "it": Wording(
        "spade",
        "due di spade",
        "fante di spade",
        "due e fante di spade",
        {},
        {
            Field.CARDS: "carte",
            Field.SPADES: "spade",
            Field.SETTEBELLO: "settebello",
            Field.DUE_DI_SPADE: "due di spade",
            Field.FANTE_DI_SPADE: "fante di spade",
            Field.NAPOLA: "napola",
            Field.PICCOLE: "piccole",
            Field.SPAZZINI: "spazzini",
            Field.BAGARI: "bagari",
            Field.SCALUNEDDU: "scaluneddu",
            Field.DECLARATION: "dichiarazione",
            Field.HANDS: "mani",
            Field.PLAYERS: "giocatori",
            Field.FIRST_DEALER: "primo mazziere",
            Field.TARGET: "traguardo",
            Field.EARLY_WIN: "dichiarazione di vittoria",
        },
    ),
}
"""The command line's wording per language (the Italian deck). The Italian
field words are the screens' too: the catalog's ``problem.field.*`` take them
from here (``i18n/catalogs/problems.py``)."""


@dataclass(frozen=True)
class Problem:
    """One thing wrong, where it is, and the values that show it."""

    code: Code
    field: str  # a Field's value
    side: int | None = None
    # dataclass_field: a bare ``field`` here would be the ``field: str`` above
    params: Mapping[str, object] = dataclass_field(default_factory=dict)

    def text(self, lang: str = "en", wording: Wording | None = None) -> str:
        """The problem alone, e.g. ``spades: '7' is taken by both sides``."""
        if wording is None:
            wording = WORDING.get(lang, WORDING["en"])
        template = MESSAGES.get(lang, MESSAGES["en"])[self.code]
        field_name = wording.fields.get(self.field, self.field)
        params = dict(self.params)
        if isinstance(rank := params.get("rank"), str):
            params["rank"] = wording.rank(rank)
        if isinstance(ranks := params.get("ranks"), str):
            params["ranks"] = ", ".join(map(wording.rank, ranks.split(", ")))
        try:
            body = template.format(**wording.words(), **params)
        except ValueError:  # an int past sys.get_int_max_str_digits() cannot print
            shown = {k: shown_value(v) for k, v in params.items()}
            body = template.format(**wording.words(), **shown)
        return f"{field_name}: {body}"

    def __hash__(self) -> int:
        return hash((self.code, self.field, self.side))


class _Huge(int):
    """A whole number too long to print: shown by its size instead."""

    def __repr__(self) -> str:
        return f"<a number of about {int(self.bit_length() * 0.30103)} digits>"

    __str__ = __repr__

    def __format__(self, spec: str) -> str:
        return repr(self)


def shown_value(value: object) -> object:
    """``value`` as a message may print it: a whole number of over 3000
    digits by its size (``str`` refuses to print it)."""
    if isinstance(value, bool) or not isinstance(value, int):
        return value
    if value.bit_length() > 10_000:  # over 3000 digits
        return _Huge(value)
    return value


def _side_label(side: int, side_names: tuple[str, str] | None, lang: str) -> str:
    word = "parte" if lang == "it" else "side"
    if side_names is None:
        return f"{word} {side + 1}"
    return f"{word} {side + 1} ({side_names[side]})"


def locate(
    problem: Problem,
    hand_number: int | None = None,
    side_names: tuple[str, str] | None = None,
    lang: str = "en",
    wording: Wording | None = None,
) -> str:
    """The problem with its place: ``hand 2, side 2 (Bruno): spades: …``."""
    place = []
    if hand_number is not None:
        place.append(f"{'mano' if lang == 'it' else 'hand'} {hand_number}")
    if problem.side is not None:
        place.append(_side_label(problem.side, side_names, lang))
    prefix = ", ".join(place)
    text = problem.text(lang, wording)
    return f"{prefix}: {text}" if prefix else text


class HandError(ValueError):
    """A hand that cannot have happened; ``problems`` lists every reason."""

    def __init__(
        self,
        problems: tuple[Problem, ...],
        hand_number: int | None = None,
        side_names: tuple[str, str] | None = None,
    ) -> None:
        self.problems = tuple(problems)
        self.hand_number = hand_number
        self.side_names = side_names
        super().__init__(self.message())

    def message(self, lang: str = "en", wording: Wording | None = None) -> str:
        return "; ".join(
            locate(p, self.hand_number, self.side_names, lang, wording)
            for p in self.problems
        )


class MatchError(HandError):
    """A change to a match that the rules refuse (nothing was changed)."""


class SetupError(HandError):
    """Players, first dealer or rule options that cannot make a match."""
