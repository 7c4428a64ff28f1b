"""The rules as a card player's rule sheet, in Italian or English.

Every sentence is a key of the translation catalogs (``rules.*``, in
``i18n/catalogs/rules.py``); this module picks the sentences the match's
options call for and fills them in from a :class:`Rules` value and the core's
own scoring constants, so the text always says what the scorer does (a
spazzino di cinque is worth what :func:`spazzino_value` says, the target is
the match's). With French cards the ranks and suits take their French names.
"""

from __future__ import annotations

from dataclasses import dataclass

from .core.model import Rank, Rules, Ties
from .core.scoring import (
    HONOUR_POINTS,
    MOST_POINTS,
    SCALUNEDDU_POINTS,
    spazzino_value,
)
from .i18n import CATALOGS, DEFAULT_LANGUAGE, Translator
from .i18n.cards import card_key, rank_label

FIGURES = (Rank.FANTE, Rank.CAVALLO, Rank.RE)


@dataclass(frozen=True)
class Section:
    title: str
    lines: tuple[str, ...]


def _spazzino_line(rules: Rules, say: _Say, french: bool) -> str:
    values = {r: spazzino_value(r, rules) for r in Rank}
    numerals = [values[r] for r in Rank if not r.is_figure]
    kind = "face" if numerals == [r.number for r in Rank if not r.is_figure] else "one"
    f, c, r = (rank_label(x, french) for x in FIGURES)
    figure_values = say(
        "rules.figure_values",
        F=f,
        C=c,
        R=r,
        f=values[Rank.FANTE],
        c=values[Rank.CAVALLO],
        r=values[Rank.RE],
    )
    return say(f"rules.spazzino.{kind}", figure_values=figure_values)


class _Say:
    """Translate with the French twin of a key when French cards are on."""

    def __init__(self, lang: str, french: bool) -> None:
        self.translator = Translator(lang)
        self.french = french
        self.catalog = CATALOGS.get(self.translator.lang, CATALOGS[DEFAULT_LANGUAGE])

    def __call__(self, key: str, **params: object) -> str:
        return self.translator.t(card_key(key, self.french, self.catalog), **params)


def rules_sections(
    rules: Rules, lang: str = "it", french: bool = False
) -> tuple[Section, ...]:
    """The rules, section by section, for these options."""
    say = _Say(lang, french)
    spade = say("card.spade")
    cards = {
        "spade": spade,
        "Spade": spade.capitalize(),
        "spada": say("card.spada"),
        "denari": say("card.denari"),
    }
    f, c, r = (rank_label(x, french) for x in FIGURES)
    ties = "split" if rules.ties is Ties.SPLIT else "none"
    target = rules.target

    capture = [say("rules.capture"), say("rules.figures", figures=f"{f}, {c}, {r}")]
    if french:
        capture.insert(0, say("rules.french_deck"))
    capture.append(say("rules.leftover", **cards))

    play = [
        say("rules.piccola"),
        _spazzino_line(rules, say, french),
        say("rules.bagari"),
    ]
    if rules.scaluneddu:
        play.append(say("rules.scaluneddu", points=SCALUNEDDU_POINTS))
    play.append(say("rules.last_card"))

    mazzo = [
        say(f"rules.carte.{ties}", points=MOST_POINTS),
        say(f"rules.spade.{ties}", points=MOST_POINTS, **cards),
        say("rules.honours", points=HONOUR_POINTS),
        say("rules.napola", F=f, C=c, R=r, **cards),
    ]
    end = [say("rules.target", target=target), say("rules.both", target=target)]
    declare = [
        say("rules.declare.on" if rules.early_win else "rules.declare.off"),
        say("rules.declare", target=target),
        say("rules.choice.threshold", target=target),
        say("rules.choice.stopped", **cards),
        say("rules.choice.tie_break"),
    ]
    return (
        Section(say("rules.section.capture"), tuple(capture)),
        Section(say("rules.section.play"), tuple(play)),
        Section(say("rules.section.mazzo"), tuple(mazzo)),
        Section(say("rules.section.end"), tuple(end)),
        Section(say("rules.section.declare"), tuple(declare)),
    )
