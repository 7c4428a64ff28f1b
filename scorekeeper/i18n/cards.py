"""How a card is named on screen: the Italian deck, or the French one.

A display choice only (Settings ``french_cards``, RULES §1): the ranks
F, C, R read J, Q, K and the suits spade, denari read picche, quadri. The
rules, the match files and the CSV headers keep the Italian spelling.

A catalog key that names a card may have a French twin, the same key ending
in ``.fr`` (``pts.fante_di_spade`` -> ``pts.fante_di_spade.fr``): :func:`card_key`
picks it when the French names are on and the twin exists.
"""

from __future__ import annotations

from collections.abc import Mapping

from scorekeeper.core.model import Rank
from scorekeeper.core.problems import Field, Wording
from scorekeeper.i18n import CATALOGS, Translator

FRENCH_RANKS: Mapping[Rank, str] = {Rank.FANTE: "J", Rank.CAVALLO: "Q", Rank.RE: "K"}
"""The figures of a French deck: fante -> jack, cavallo -> queen, re -> king."""

FRENCH_SUFFIX = ".fr"


def rank_label(rank: Rank, french: bool) -> str:
    """The rank as a button shows it: ``"F"`` or, with French cards, ``"J"``."""
    return FRENCH_RANKS.get(rank, rank.value) if french else rank.value


def card_key(key: str, french: bool, catalog: Mapping[str, str]) -> str:
    """``key``, or its French twin (``key + ".fr"``) when ``french`` and the
    catalog has one."""
    twin = key + FRENCH_SUFFIX
    return twin if french and twin in catalog else key


def problem_wording(lang: str, french: bool) -> Wording:
    """The words a problem's text is shown with in ``lang``, from the catalog:
    the field names and the card words of the deck (``french``: picche, J Q K).

    >>> problem_wording("it", True).fields["due_di_spade"]
    'due di picche'
    """
    t = Translator(lang)
    catalog = CATALOGS[t.lang]

    def word(key: str) -> str:
        return t(card_key(key, french, catalog))

    return Wording(
        suit=word("card.spade"),
        due=word("card.due"),
        fante=word("card.fante"),
        due_and_fante=word("card.due_and_fante"),
        ranks={r.value: rank_label(r, french) for r in FRENCH_RANKS},
        fields={f: word(f"problem.field.{f}") for f in Field},
    )
