"""The rules as text for the Rules screen, in Italian or English.

Built from a :class:`Rules` value and the core's own scoring constants, so the
text always says what the scorer does with the current options (a spazzino di
cinque is worth what :func:`spazzino_value` says, the target is the match's).
"""

from __future__ import annotations

from dataclasses import dataclass

from .core.model import MAX_PICCOLE, MAX_SPAZZINI, Rank, Rules, Ties
from .core.scoring import (
    HONOUR_POINTS,
    MOST_POINTS,
    SCALUNEDDU_POINTS,
    spazzino_value,
)


@dataclass(frozen=True)
class Section:
    title: str
    lines: tuple[str, ...]


def _spazzino_line(rules: Rules, lang: str) -> str:
    values = {r: spazzino_value(r, rules) for r in Rank}
    numerals = ", ".join(f"{r.value}={values[r]}" for r in Rank if not r.is_figure)
    figures = ", ".join(f"{r.value}={values[r]}" for r in Rank if r.is_figure)
    if lang == "it":
        return (
            f"Spazzino (prendere tutte le carte in tavola): vale secondo la carta "
            f"che prende: {numerals}; {figures}."
        )
    return (
        f"Spazzino (taking every card on the table): worth the capturing card: "
        f"{numerals}; {figures}."
    )


def rules_sections(rules: Rules, lang: str = "it") -> tuple[Section, ...]:
    """The rules, section by section, for these options."""
    it = lang == "it"
    tie_it = (
        "in parità 1 punto a testa"
        if rules.ties is Ties.SPLIT
        else "in parità nessuno li prende"
    )
    tie_en = (
        "on a tie 1 point each"
        if rules.ties is Ties.SPLIT
        else "on a tie nobody scores them"
    )
    play = [
        (
            f"Piccola: prendere con una carta la carta appena giocata dall'avversario "
            f"precedente: 1 punto (al massimo {MAX_PICCOLE} in una mano)."
            if it
            else f"Piccola: taking, with one card, the card the previous player "
            f"just played: 1 point (at most {MAX_PICCOLE} in a hand)."
        ),
        _spazzino_line(rules, lang)
        + (
            f" Al massimo {MAX_SPAZZINI} in una mano."
            if it
            else f" At most {MAX_SPAZZINI} in a hand."
        ),
        (
            "Bagari: una presa di due o più carte dello stesso seme vale quante "
            "carte prende, compresa quella giocata: 3 o 4."
            if it
            else "Bagari: one capture of two or more cards of the same suit is worth "
            "the cards in it, the played card included: 3 or 4."
        ),
    ]
    if rules.scaluneddu:
        play.append(
            f"Scaluneddu: tre carte dello stesso seme in scala ricevute e "
            f"dichiarate: {SCALUNEDDU_POINTS} punti."
            if it
            else f"Scaluneddu: being dealt three cards of one suit in sequence, "
            f"declared: {SCALUNEDDU_POINTS} points."
        )
    play.append(
        "L'ultima carta giocata nella mano non fa piccola, spazzino né bagari."
        if it
        else "The last card played in a hand makes no piccola, spazzino or bagari."
    )
    mazzo = [
        f"Carte: {MOST_POINTS} punti a chi ne ha di più ({tie_it})."
        if it
        else f"Carte: {MOST_POINTS} points for the most cards ({tie_en}).",
        f"Spade: {MOST_POINTS} punti a chi ne ha di più ({tie_it})."
        if it
        else f"Spade: {MOST_POINTS} points for the most spades ({tie_en}).",
        f"Settebello, fante di spade, due di spade: {HONOUR_POINTS} punto ciascuno."
        if it
        else f"Settebello, fante di spade, due di spade: {HONOUR_POINTS} point each.",
        "Napola: asso, due e tre di spade valgono 3; ogni spada seguente senza buchi "
        "(4, 5, 6, 7, F, C, R) aggiunge 1; tutte e dieci: napoleone, 10."
        if it
        else "Napola: ace, two and three of spade are worth 3; each following "
        "spade without a gap (4, 5, 6, 7, F, C, R) adds 1; all ten: napoleone, 10.",
    ]
    end = [
        f"Vince chi arriva per primo a {rules.target} punti; se tutti e due ci "
        f"arrivano nella stessa mano vince il punteggio più alto, e in parità si "
        f"gioca lo spareggio, una mano alla volta."
        if it
        else f"The first side to reach {rules.target} wins; if both reach it in "
        f"the same hand the higher total wins, and on a tie tie-break hands are "
        f"played one at a time.",
    ]
    if rules.early_win:
        end.append(
            "Dichiararsi vincente (solo in due): fino alla penultima tornata chi "
            "crede di aver raggiunto il punteggio può dichiararlo; si contano le "
            "prese fatte fin lì. Se ha ragione vince, altrimenti perde."
            if it
            else "Early-win declaration (2 players only): up to the penultimate "
            "deal a player who believes they have reached the target may declare; "
            "the captures so far are counted. Right, they win; wrong, they lose."
        )
    else:
        end.append(
            "Dichiararsi vincente: non concordato per questa partita."
            if it
            else "Early-win declaration: not agreed for this match."
        )
    titles = (
        (
            "Punti durante il gioco",
            "Punti di mazzo (7 in tutto) e napola",
            "Fine della partita",
        )
        if it
        else (
            "Points during play",
            "End-of-hand points (7 in all) and napola",
            "Winning the match",
        )
    )
    return (
        Section(titles[0], tuple(play)),
        Section(titles[1], tuple(mazzo)),
        Section(titles[2], tuple(end)),
    )
