"""Sharing a match: a CSV table and a plain-text summary for a chat.

Pure functions over a scored match (:class:`MatchState`). The CSV has one row
per hand and side, a header, every scoring item of FORMAT.md as a column, the
hand's total and the running match total, the dealer and the declaration, so
a spreadsheet can redo any statistic. The summary is short plain text (no
emoji or card-suit glyphs: they do not survive every chat or font) in Italian
or English.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable
from datetime import date, datetime

from .engine import Ending, MatchState, Status
from .model import Preset
from .scoring import ITEMS
from .stats import PlayedMatch

CSV_COLUMNS: tuple[str, ...] = (
    "match_id",
    "date",
    "hand",
    "side",
    "players",
    "dealer",
    "tie_break",
    "declaration_by",
    "declaration_deal",
    "declaration_correct",
    *ITEMS,
    "total",
    "running_total",
)
"""The CSV header: match and hand identity, then the items of FORMAT.md."""


def _iso_date(played: datetime | date | None) -> str:
    if played is None:
        return ""
    if isinstance(played, datetime):
        return played.isoformat(timespec="seconds")
    return played.isoformat()


def csv_rows(
    state: MatchState, match_id: str = "", played: datetime | date | None = None
) -> list[list[object]]:
    """The CSV rows of one match (no header): two per hand, side 1 first."""
    setup = state.setup
    when = _iso_date(played)
    rows: list[list[object]] = []
    for h in state.hands:
        d = h.declaration
        for side in (0, 1):
            p = h.points[side]
            rows.append(
                [
                    match_id,
                    when,
                    h.number,
                    side + 1,
                    setup.side_name(side),
                    h.seats.dealer,
                    "yes" if h.tie_break else "no",
                    "" if d is None else d.by,
                    "" if d is None else d.deal,
                    "" if d is None else ("yes" if d.correct else "no"),
                    *(getattr(p, item) for item in ITEMS),
                    p.total,
                    h.totals[side],
                ]
            )
    return rows


def _write(rows: Iterable[list[object]], delimiter: str) -> str:
    out = io.StringIO()
    # RFC 4180 line ends; the csv module quotes names holding the delimiter.
    writer = csv.writer(out, delimiter=delimiter, lineterminator="\r\n")
    writer.writerow(CSV_COLUMNS)
    writer.writerows(rows)
    return out.getvalue()


def match_csv(
    state: MatchState,
    match_id: str = "",
    played: datetime | date | None = None,
    *,
    delimiter: str = ",",
) -> str:
    """One match as CSV text: a header, then one row per hand and side."""
    return _write(csv_rows(state, match_id, played), delimiter)


def matches_csv(matches: Iterable[PlayedMatch], *, delimiter: str = ",") -> str:
    """Many matches in one CSV (one header; each match scored once)."""
    rows: list[list[object]] = []
    for pm in matches:
        rows += csv_rows(pm.evaluated(), pm.id, pm.played)
    return _write(rows, delimiter)


# -- the plain-text summary --------------------------------------------------
_TEXT: dict[str, dict[str, str]] = {
    "it": {
        "title": "Spazzino",
        "won.target": "Vince {winner}.",
        "won.tie_break": "Vince {winner} allo spareggio.",
        "won.declaration_right": "Vince {winner}: si è dichiarato vincente a ragione.",
        "won.declaration_wrong": (
            "Vince {winner}: la dichiarazione di {by} era sbagliata."
        ),
        "abandoned": "Partita abbandonata.",
        "in_progress": "In corso: a {a} mancano {ma}, a {b} {mb}.",
        "tie_break": "Pari al traguardo: si gioca lo spareggio.",
        "line.rules": "Traguardo {target} · {preset} · {hands} mani",
        "line.rules_one": "Traguardo {target} · {preset} · 1 mano",
        "hand": "Mano {n} (mazziere {dealer}): {pa}–{pb}, totale {ta}–{tb}",
        "declared": "  {by} si dichiara vincente nella tornata {deal}: {verdict}",
        "right": "giusto",
        "wrong": "sbagliato",
        "notable.napola": "napola di {n}",
        "notable.piccole": "piccole +{n}",
        "notable.spazzini": "spazzini +{n}",
        "notable.bagari": "bagari +{n}",
        "notable.scaluneddu": "scaluneddu +{n}",
        "series": "Serie: {a} {wa} – {wb} {b}",
        "notes": "Note: {notes}",
        "preset.classico": "Classico",
        "preset.variante_nord": "Variante Nord",
        "preset.custom": "regole su misura",
    },
    "en": {
        "title": "Spazzino",
        "won.target": "{winner} wins.",
        "won.tie_break": "{winner} wins after a tie-break.",
        "won.declaration_right": "{winner} wins by a right declaration.",
        "won.declaration_wrong": "{winner} wins: {by}'s declaration was wrong.",
        "abandoned": "Match abandoned.",
        "in_progress": "In progress: {a} needs {ma}, {b} needs {mb}.",
        "tie_break": "Tied at or past the target: a tie-break hand is due.",
        "line.rules": "Target {target} · {preset} · {hands} hands",
        "line.rules_one": "Target {target} · {preset} · 1 hand",
        "hand": "Hand {n} (dealer {dealer}): {pa}–{pb}, total {ta}–{tb}",
        "declared": "  {by} declares in deal {deal}: {verdict}",
        "right": "right",
        "wrong": "wrong",
        "notable.napola": "napola of {n}",
        "notable.piccole": "piccole +{n}",
        "notable.spazzini": "spazzini +{n}",
        "notable.bagari": "bagari +{n}",
        "notable.scaluneddu": "scaluneddu +{n}",
        "series": "Series: {a} {wa} – {wb} {b}",
        "notes": "Notes: {notes}",
        "preset.classico": "Classico",
        "preset.variante_nord": "Variante Nord",
        "preset.custom": "custom rules",
    },
}


def _format_date(played: datetime | date, lang: str) -> str:
    day = played.date() if isinstance(played, datetime) else played
    # the year with its four digits: ``%Y`` writes year 1 as "1"
    return (
        f"{day.day:02}/{day.month:02}/{day.year:04}"
        if lang == "it"
        else day.isoformat()
    )


def _outcome_line(state: MatchState, abandoned: bool, t: dict[str, str]) -> str:
    names = (state.setup.side_name(0), state.setup.side_name(1))
    if abandoned:
        return t["abandoned"]
    if state.status is Status.TIE_BREAK:
        return t["tie_break"]
    if state.status is Status.IN_PROGRESS:
        return t["in_progress"].format(
            a=names[0], b=names[1], ma=state.missing(0), mb=state.missing(1)
        )
    assert state.winner is not None and state.ending is not None
    by = ""
    if state.ending is Ending.DECLARATION_WRONG:
        by = state.hands[-1].declaration.by  # type: ignore[union-attr]
    return t[f"won.{state.ending.value}"].format(winner=names[state.winner], by=by)


def _notable(state: MatchState, hand_index: int, side: int, t: dict[str, str]) -> str:
    p = state.hands[hand_index].points[side]
    bits = []
    if p.napola:
        bits.append(t["notable.napola"].format(n=p.napola))
    # every point made in play: the piccole too (issue 23, item 11)
    for item in ("piccole", "spazzini", "bagari", "scaluneddu"):
        if getattr(p, item):
            bits.append(t[f"notable.{item}"].format(n=getattr(p, item)))
    return ", ".join(bits)


def summary_text(
    state: MatchState,
    lang: str = "it",
    *,
    played: datetime | date | None = None,
    abandoned: bool = False,
    notes: str = "",
    series: tuple[int, int] | None = None,
    hands: bool = True,
) -> str:
    """A plain-text summary of a match to paste into a chat.

    Title and date, the final score, how it ended, the rules in one line, one
    line per hand (points, running total, dealer, what stood out), a
    declaration's verdict, the series score (*series*: wins of side 1, side 2)
    and the notes.
    """
    t = _TEXT.get(lang, _TEXT["it"])
    setup = state.setup
    names = (setup.side_name(0), setup.side_name(1))
    title = t["title"]
    if played is not None:
        title += " · " + _format_date(played, lang)
    preset = t[f"preset.{Preset(setup.rules.preset_name).value}"]
    n = len(state.hands)
    rules_key = "line.rules_one" if n == 1 else "line.rules"
    lines = [
        title,
        f"{names[0]} {state.totals[0]} – {state.totals[1]} {names[1]}",
        _outcome_line(state, abandoned, t),
        t[rules_key].format(target=setup.rules.target, preset=preset, hands=n),
    ]
    if series is not None:
        lines.append(
            t["series"].format(a=names[0], b=names[1], wa=series[0], wb=series[1])
        )
    if hands and state.hands:
        lines.append("")
        for i, h in enumerate(state.hands):
            line = t["hand"].format(
                n=h.number,
                dealer=h.seats.dealer,
                pa=h.points[0].total,
                pb=h.points[1].total,
                ta=h.totals[0],
                tb=h.totals[1],
            )
            extra = [
                f"{names[s]}: {note}"
                for s in (0, 1)
                if (note := _notable(state, i, s, t))
            ]
            if extra:
                line += " (" + "; ".join(extra) + ")"
            lines.append(line)
            d = h.declaration
            if d is not None:
                verdict = t["right"] if d.correct else t["wrong"]
                lines.append(
                    t["declared"].format(by=d.by, deal=d.deal, verdict=verdict)
                )
    if notes.strip():
        lines += ["", t["notes"].format(notes=notes.strip())]
    return "\n".join(lines) + "\n"
