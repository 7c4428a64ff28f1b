"""How dates, percentages, decimals and match statuses read in each language."""

from __future__ import annotations

from datetime import date, datetime

from scorekeeper.core.engine import MatchState, Status
from scorekeeper.core.model import MatchSetup, Rank
from scorekeeper.core.problems import Problem
from scorekeeper.core.stats import PlayedMatch, SeriesEntry, SeriesScore, series_score
from scorekeeper.i18n import CATALOGS, DEFAULT_LANGUAGE
from scorekeeper.i18n.cards import card_key, rank_label
from scorekeeper.i18n.sentences import Sides, sentence
from scorekeeper.storage import StorageError, StoredMatch
from scorekeeper.storage.repository import MatchSummary
from scorekeeper.ui.shell.session import Session


def played(stored: StoredMatch) -> PlayedMatch:
    """A stored match as the statistics see it (its state is reused)."""
    return PlayedMatch(
        stored.match,
        stored.id,
        stored.created,
        stored.abandoned,
        stored.rematch_of,
        stored.state,
    )


# -- card names -------------------------------------------------------------------
def rank_text(session: Session, rank: Rank) -> str:
    """A rank as this phone names it: F, C, R or, with French cards, J, Q, K."""
    return rank_label(rank, session.french_cards)


def card_text(session: Session, key: str, **params: object) -> str:
    """Translate ``key``, by its French twin (``key.fr``) with French cards."""
    catalog = CATALOGS.get(session.lang, CATALOGS[DEFAULT_LANGUAGE])
    return session.t(card_key(key, session.french_cards, catalog), **params)


def problem_text(
    session: Session, problem: Problem, setup: MatchSetup | None = None
) -> str:
    """A problem of a hand or a setup as one sentence in this phone's
    language and deck, a side named by its players (``setup``'s)."""
    sides = Sides.of(setup) if setup is not None else Sides.named(None)
    return sentence(problem, session.translator, sides, session.french_cards)


def item_label(session: Session, item: str) -> str:
    """A scoring item's name (``carte``, ``spades``, ``fante_di_spade`` ...)."""
    return card_text(session, f"pts.{item}")


# -- formatting -------------------------------------------------------------------
def missing_text(session: Session, state: MatchState, side: int) -> str:
    """What a side still needs ("mancano 12"); in a tie-break both are past
    the target and nothing is "missing": the line says it is a tie-break."""
    if state.status is Status.TIE_BREAK:
        return session.t("score.tie_break_mark")
    return session.t("score.missing", count=state.missing(side))


def local_time(t: datetime) -> datetime:
    """``t`` in this server's time zone, or as written when that zone cannot
    hold it: a match file may be dated at an end of the calendar
    (``9999-12-31T23:59:59-14:00`` is in year 10000 east of UTC-14), and
    FORMAT.md takes any ISO 8601 date-time."""
    try:
        return t.astimezone()
    except (OverflowError, ValueError):
        return t


def when(session: Session, t: datetime | date) -> str:
    """A match's date (and time, in this server's zone) as this phone's
    language writes it."""
    if isinstance(t, datetime):
        t = local_time(t)
        return f"{_day(session, t.date())} {t.hour:02}:{t.minute:02}"
    return _day(session, t)


def _day(session: Session, d: date) -> str:
    # the year with its four digits: ``%Y`` writes year 1 as "1"
    return (
        f"{d.day:02}/{d.month:02}/{d.year:04}"
        if session.lang == "it"
        else d.isoformat()
    )


def percent(rate: float | None) -> str:
    return "-" if rate is None else f"{round(rate * 100)}%"


def decimal(session: Session, value: float) -> str:
    text = f"{value:.1f}"
    return text.replace(".", ",") if session.lang == "it" else text


def status_line(session: Session, s: MatchSummary) -> str:
    """Who won and how (or how the match stands), and "corretta" for a
    match whose hands were changed after it was won."""
    if s.status == "won" and s.winner_name is not None:
        text = session.t("hist.won_by", name=s.winner_name)
        if s.ending:
            text += " · " + session.t(f"hist.ending.{s.ending}")
    else:
        text = session.t(f"hist.status.{s.status}")
    if s.corrected:
        text += " · " + session.t("hist.corrected")
    return text


def _entry(s: MatchSummary) -> SeriesEntry:
    return SeriesEntry(s.id, s.players, s.winner, s.rematch_of)


def series_of(session: Session, s: MatchSummary) -> SeriesScore | None:
    if s.rematch_of is None:
        return None
    repo = session.table.queries

    def lookup(match_id: str) -> SeriesEntry | None:
        try:
            return _entry(repo.summary(match_id))
        except StorageError:
            return None

    return series_score(_entry(s), lookup)


def series_label(session: Session, score: SeriesScore) -> str:
    kind = "hist.bella" if score.is_bella else "hist.rivincita"
    return f"{session.t(kind)} · {session.t('hist.series', score=score.text())}"


def counted(text: str, count: int) -> str:
    """A button's label with how many times it was tapped: "7", "7 ×3"."""
    return text if count == 0 else f"{text} ×{count}"


def runs_text(items: list[str]) -> str:
    """Items in the order entered, a run of equal ones as one: "5, 7 ×3, R"."""
    runs: list[tuple[str, int]] = []
    for item in items:
        if runs and runs[-1][0] == item:
            runs[-1] = (item, runs[-1][1] + 1)
        else:
            runs.append((item, 1))
    return ", ".join(item if n == 1 else counted(item, n) for item, n in runs)
