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
