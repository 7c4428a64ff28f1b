"""A problem of a hand or a match as a player reads it on a screen.

The core's :class:`~scorekeeper.core.problems.Problem` is a code, a field, a
side and the values that show it; the command line prints it in FORMAT.md's
one line ("hand 2, side 2 (Bruno): napola: ..."). A screen says it as a
player at the table would: one short sentence, the side named by its players
("Anna ha 4 spade: una napola da 5 ne vuole almeno 5"), the cards as the
phone's deck names them. The sentences are the catalogs' ``say.*`` keys
(``i18n/catalogs/problems.py``); this module picks the key (a side of two
players, one card or many) and fills it in. Pure Python.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from scorekeeper.core.model import MatchSetup
from scorekeeper.core.problems import Code, Problem, Wording, shown_value
from scorekeeper.i18n import CATALOGS, DEFAULT_LANGUAGE, Translator
from scorekeeper.i18n.cards import card_key, problem_wording

VALUE_LENGTH = 16
"""The most characters of a typed value or name a sentence repeats
("«123456789012345…»"): a sentence stays two lines on a phone whatever was
typed."""

SHORTENED = ("value", "deal", "name", "by")
"""The parameters that hold what somebody typed: said in ``VALUE_LENGTH``."""

PAIR_JOIN = " & "
"""How ``MatchSetup.side_name`` joins the two players of a side."""

# The noun of the counts a sum of both sides adds up ("Anna 18 carte, Bruno 20").
SUM_NOUNS: Mapping[Code, str] = {
    Code.CARDS_SUM: "cards",
    Code.CARDS_OVER: "cards",
    Code.CARDS_OVER_DEALT: "cards",
    Code.SPADE_COUNT_SUM: "spades",
    Code.SPADE_COUNT_OVER: "spades",
    Code.PICCOLE_TOO_MANY: "piccole",
    Code.SPAZZINI_TOO_MANY: "spazzini",
}

# A count parameter said with its noun: parameter -> (the phrase's name, noun).
COUNT_PHRASES: Mapping[str, tuple[str, str]] = {
    "spades": ("spades_n", "spades"),
    "cards": ("cards_n", "cards"),
    "piccole": ("piccole_n", "piccole"),
    "spazzini": ("spazzini_n", "spazzini"),
}


@dataclass(frozen=True)
class Sides:
    """The two sides as a sentence names them: by their players."""

    names: tuple[str, str]
    pairs: bool = False  # two players a side: "Anna & Carla hanno"

    @classmethod
    def of(cls, setup: MatchSetup) -> Sides:
        """The sides of a match's setup."""
        return cls(
            (setup.side_name(0), setup.side_name(1)),
            len(setup.side_players(0)) > 1,
        )

    @classmethod
    def named(cls, names: tuple[str, str] | None) -> Sides:
        """The sides as a refused change names them (``HandError.side_names``,
        made by ``MatchSetup.side_name``); unnamed: "1" and "2"."""
        if names is None:
            return cls(("1", "2"))
        return cls(names, any(PAIR_JOIN in name for name in names))


def _key(lang: str, key: str, pair: bool, one: bool) -> str:
    """``key`` or its variant for a side of two (``.pair``), one thing
    (``.one``) or both, as the catalog has them."""
    catalog = CATALOGS.get(lang, CATALOGS[DEFAULT_LANGUAGE])
    suffixes = [
        s
        for s, wanted in (
            (".pair.one", pair and one),
            (".pair", pair),
            (".one", one),
        )
        if wanted
    ]
    for suffix in suffixes:
        if key + suffix in catalog:
            return key + suffix
    return key


def _value(value: object) -> str:
    """A typed value as a sentence repeats it: at most ``VALUE_LENGTH``
    characters, a number too long to print by its size."""
    text = str(shown_value(value))
    if len(text) > VALUE_LENGTH:
        return text[: VALUE_LENGTH - 1] + "…"
    return text


class _Say:
    """The words one sentence is filled in with, in one language and deck."""

    def __init__(self, translator: Translator, french: bool, sides: Sides) -> None:
        self.t = translator
        self.lang = translator.lang
        self.french = french
        self.sides = sides
        self.wording: Wording = problem_wording(self.lang, french)
        self.catalog = CATALOGS.get(self.lang, CATALOGS[DEFAULT_LANGUAGE])

    def count(self, noun: str, n: object) -> str:
        """``n`` with its noun: "1 spada", "3 spade" ("picche" with French cards)."""
        key = card_key(f"say.n.{noun}", self.french, self.catalog)
        return self.t(key, n=n)

    def the_rank(self, rank: str) -> str:
        """A rank with its article, a figure by its name: "il 7", "l'asso",
        "il re" ("il K" with French cards: its letter is its name)."""
        shown = self.wording.rank(rank)
        key = f"say.the_rank.{rank}"
        if shown != rank or key not in self.catalog:
            key = "say.the_rank"
        return self.t(key, rank=shown)

    def words(self, problem: Problem) -> dict[str, object]:
        """Every parameter the sentence of ``problem`` may use."""
        w = self.wording
        a_side, b_side = self.sides.names
        side = self.sides.names[problem.side] if problem.side is not None else a_side
        cards = {**w.words(), "side": side, "a_side": a_side, "b_side": b_side}
        params: dict[str, object] = {
            k: _value(v) if k in SHORTENED else v for k, v in problem.params.items()
        }
        if isinstance(rank := params.get("rank"), str):
            params["the_rank"] = self.the_rank(rank)
            params["rank"] = w.rank(rank)
        if isinstance(ranks := params.get("ranks"), str):
            listed = ranks.split(", ")
            params["the_rank"] = self.the_rank(listed[0])
            params["ranks"] = ", ".join(map(w.rank, listed))
        for name, (phrase, noun) in COUNT_PHRASES.items():
            if name in params:
                params[phrase] = self.count(noun, params[name])
        if (summed := SUM_NOUNS.get(problem.code)) is not None:
            params["a_n"] = self.count(summed, params["a"])
        if problem.code in (Code.SCALUNEDDU_TOO_MANY, Code.SCALUNEDDU_OVER_DEALT):
            params["value_n"] = self.count("scaluneddu", problem.params["value"])
        if problem.code is Code.PICCOLE_EXCEED_CARDS:
            params["need"] = _int(params["piccole"]) * 2 + _int(params["bagari_cards"])
        if problem.code is Code.SPAZZINI_EXCEED_CARDS:
            params["need"] = _int(params["spazzini"]) * 2
        params["plus_settebello"] = (
            self.t("say.plus_settebello") if params.get("plus_settebello") else ""
        )
        params["card"] = w.fante if problem.field == "fante_di_spade" else w.due
        thing = f"say.thing.{problem.field}"
        params["thing"] = (
            self.t(thing, **cards)
            if thing in self.catalog
            else w.fields.get(problem.field, problem.field.replace("_", " "))
        )
        return {**cards, **params}

    def sentence(self, problem: Problem) -> str:
        code = problem.code
        key = f"say.{code.value}"
        if code is Code.PICCOLE_EXCEED_CARDS and problem.params.get("bagari_cards"):
            key = "say.piccole_bagari_exceed_cards"
        one = False
        if code is Code.SPADE_MISSING:
            one = str(problem.params.get("ranks", "")).count(",") == 0
        elif code in (
            Code.SPADES_FEWER_THAN_HONOURS,
            Code.SPADES_MORE_THAN_HONOURS_ALLOW,
        ):
            one = problem.params.get("honours") == 1
        pair = self.sides.pairs and problem.side is not None
        return self.t(_key(self.lang, key, pair, one), **self.words(problem))

    def next_step(self, key: str) -> str:
        """What to do next in a section nobody has touched ("say.next.*")."""
        a_side, b_side = self.sides.names
        words = {**self.wording.words(), "a_side": a_side, "b_side": b_side}
        return self.t(_key(self.lang, key, self.sides.pairs, False), **words)


def _int(value: object) -> int:
    return value if isinstance(value, int) else 0


def sentence(
    problem: Problem,
    translator: Translator,
    sides: Sides,
    french: bool = False,
) -> str:
    """``problem`` as one sentence on a screen, in the translator's language,
    the sides named by their players, the cards by the deck (``french``).

    >>> p = Problem(Code.NAPOLA_TOO_FEW_SPADES, "napola", 0,
    ...             {"napola": 5, "spades": 2})
    >>> sentence(p, Translator("it"), Sides(("Anna", "Bruno")))
    'Anna ha 2 spade: una napola da 5 ne vuole almeno 5.'
    >>> sentence(p, Translator("en"), Sides(("Anna & Carla", "Bruno & Dario"), True))
    'Anna & Carla have 2 spades: a napola of 5 needs at least 5.'
    """
    return _Say(translator, french, sides).sentence(problem)


def next_step(key: str, translator: Translator, sides: Sides, french: bool) -> str:
    """What to do next in an untouched section: ``key`` is ``"spades"``,
    ``"spade_counts"`` or ``"settebello"`` ("Segna chi ha le spade: ...")."""
    return _Say(translator, french, sides).next_step(f"say.next.{key}")
