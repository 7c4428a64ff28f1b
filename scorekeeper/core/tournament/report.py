"""The standings as ``tournament standings`` prints them: a JSON document
(docs/TOURNAMENT.md) and a table a person reads in a terminal."""

from __future__ import annotations

from typing import Any

from .model import Tournament
from .standings import Standing, live_tables, standings


def _entrant(t: Tournament, index: int) -> str | list[str]:
    names = t.entrants[index]
    return names[0] if t.players_per_side == 1 else list(names)


def standing_dict(t: Tournament, s: Standing) -> dict[str, Any]:
    return {
        "rank": s.rank,
        "entrant": _entrant(t, s.entrant),
        "played": s.played,
        "won": s.won,
        "lost": s.lost,
        "byes": s.byes,
        "points_for": s.points_for,
        "points_against": s.points_against,
        "difference": s.difference,
        "missed": s.missed,
        "withdrawn": t.withdrawn_after(s.entrant) is not None,
    }


def standings_document(t: Tournament) -> dict[str, Any]:
    """The ``--json`` output: ``{"standings": [...]}``, best first."""
    return {"standings": [standing_dict(t, s) for s in standings(t)]}


_HEADERS = ("#", "entrant", "played", "won", "lost", "byes", "for", "against", "diff")


def standings_table(t: Tournament) -> str:
    """The standings, then the matches still being played, as lines of text."""
    rows = [
        (
            str(s.rank),
            t.entrant_name(s.entrant),
            str(s.played),
            str(s.won),
            str(s.lost),
            str(s.byes),
            str(s.points_for),
            str(s.points_against),
            f"{s.difference:+d}",
        )
        for s in standings(t)
    ]
    widths = [max(len(r[i]) for r in [_HEADERS, *rows]) for i in range(len(_HEADERS))]

    def line(cells: tuple[str, ...]) -> str:
        out = [cells[0].rjust(widths[0]), cells[1].ljust(widths[1])]
        out += [c.rjust(w) for c, w in zip(cells[2:], widths[2:], strict=True)]
        return "  ".join(out).rstrip()

    rounds = len(t.rounds)
    lines = [
        f"{t.name} · {t.system.value} · {len(t.entrants)} entrants · "
        f"{rounds} round{'s' if rounds != 1 else ''} drawn",
        line(_HEADERS),
        *(line(r) for r in rows),
    ]
    for e, first in t.joined:
        lines.append(
            f"{t.entrant_name(e)} joined in round {first}: "
            f"{first - 1} round{'s' if first != 2 else ''} missed, each a loss "
            "without points"
        )
    for e, after in t.withdrawn:
        lines.append(
            f"{t.entrant_name(e)} withdrew after round {after}: "
            "not paired again, results stand"
        )
    live = live_tables(t)
    if live:
        lines.append("not finished (not counted):")
        for x in live:
            a, b = (t.entrant_name(e) for e in x.entrants)
            state = (
                f"{x.totals[0]}-{x.totals[1]} after {x.hands} hand"
                f"{'s' if x.hands != 1 else ''}"
                if x.started
                else "not started"
            )
            lines.append(f"  round {x.round}, table {x.table}: {a} v {b}, {state}")
    return "\n".join(lines)
