"""The night's result as a page to print (issue 37, item 12): one HTML file,
no script, no font or picture from elsewhere, its style made for paper (A4,
black on white, the standings' table kept on one page where it fits): the
standings as ``tournament standings`` prints them (rank, entrant, played,
won, lost, byes, points for and against, difference), then each round's
tables and results. Every word from the i18n catalogs, in the organizer's
language; every name escaped.

>>> from scorekeeper.core import Rules
>>> from scorekeeper.core.tournament import System, Tournament
>>> t = Tournament("<Circolo>", Rules(), 1, (("Anna",), ("Bruno",)), System.SWISS)
>>> "<h1>&lt;Circolo&gt;</h1>" in standings_page(t, "it")
True
"""

from __future__ import annotations

from datetime import date, datetime
from html import escape

from scorekeeper.core.engine import Status, evaluate
from scorekeeper.core.tournament import Tournament, standings
from scorekeeper.i18n import Translator
from scorekeeper.sharing.picture import when

STYLE = """
@page { size: A4; margin: 15mm; }
body { font-family: Roboto, Arial, sans-serif; color: #000; background: #fff;
  margin: 2em auto; max-width: 60em; padding: 0 1em; }
h1 { font-size: 1.6em; margin: 0 0 .2em; }
p.meta { color: #444; margin: 0 0 1em; }
table { border-collapse: collapse; width: 100%; margin-bottom: 1.5em; }
th, td { border-bottom: 1px solid #999; padding: .25em .5em; text-align: right; }
th { border-bottom: 2px solid #000; }
th.name, td.name { text-align: left; }
tr.first td { font-weight: bold; }
h2 { font-size: 1.3em; margin: 1em 0 .3em; page-break-after: avoid; }
h3 { font-size: 1.1em; margin: .8em 0 .2em; page-break-after: avoid; }
ul.round { margin: 0 0 1em; padding-left: 0; list-style: none; }
.winner { font-weight: bold; }
p.hint { color: #444; }
@media print { p.hint { display: none; } body { margin: 0; max-width: none; } }
"""


def standings_page(
    t: Tournament, lang: str, *, day: datetime | date | None = None
) -> str:
    """The page of *t*'s standings and rounds (see the module's docstring)."""
    tr = Translator(lang)
    name = escape(t.name)
    meta = tr(
        "night.summary",
        entrants=len(t.entrants),
        rounds=len(t.rounds),
        system=tr(f"night.system.{t.system.value}"),
    )
    if day is not None:
        meta = f"{when(day, tr.lang)} · {meta}"
    heads = [
        ("", "#"),
        ("name", tr("club.standings")),
        ("", tr("night.played")),
        ("", tr("club.board_won")),
        ("", tr("club.board_lost")),
        ("", tr("night.byes")),
        ("", tr("night.for")),
        ("", tr("night.against")),
        ("", tr("club.board_diff")),
    ]
    head_cells = "".join(
        f'<th class="{cls}">{escape(text)}</th>' if cls else f"<th>{escape(text)}</th>"
        for cls, text in heads
    )
    rows = []
    for s in standings(t):
        cells = [
            str(s.rank),
            escape(t.entrant_name(s.entrant)),
            str(s.played),
            str(s.won),
            str(s.lost),
            str(s.byes),
            str(s.points_for),
            str(s.points_against),
            f"{s.difference:+d}",
        ]
        tds = "".join(
            f'<td class="name">{c}</td>' if i == 1 else f"<td>{c}</td>"
            for i, c in enumerate(cells)
        )
        first = ' class="first"' if s.rank == 1 else ""
        rows.append(f"<tr{first}>{tds}</tr>")
    rounds = []
    for number, tables in enumerate(t.rounds, start=1):
        items = []
        for tb in tables:
            where = escape(tr("club.table", table=tb.number)) + " ·"
            if tb.bye:
                who = escape(t.entrant_name(tb.entrants[0]))
                items.append(f"<li>{where} {who}: {escape(tr('night.bye'))}</li>")
                continue
            a, b = (escape(t.entrant_name(e)) for e in tb.entrants)
            if tb.match is None or not tb.match.hands:
                items.append(f"<li>{where} {a} - {b}: {escape(tr('night.open'))}</li>")
                continue
            state = evaluate(tb.match)
            x, y = state.totals
            if state.status is not Status.WON or state.winner is None:
                said = f"{x} - {y}, {escape(tr('night.open'))}"
                items.append(f"<li>{where} {a} - {b}: {said}</li>")
                continue
            if state.winner == 0:
                a = f'<span class="winner">{a}</span>'
            else:
                b = f'<span class="winner">{b}</span>'
            items.append(f"<li>{where} {a} - {b}: {x} - {y}</li>")
        title = escape(tr("club.round", round=number))
        rounds.append(f'<h3>{title}</h3>\n<ul class="round">{"".join(items)}</ul>')
    title = escape(tr("night.page_title", name=t.name))
    return "\n".join(
        [
            "<!DOCTYPE html>",
            f'<html lang="{escape(tr.lang)}">',
            "<head>",
            '<meta charset="utf-8">',
            '<meta name="viewport" content="width=device-width, initial-scale=1">',
            f"<title>{title}</title>",
            f"<style>{STYLE}</style>",
            "</head>",
            "<body>",
            f"<h1>{name}</h1>",
            f'<p class="meta">{escape(meta)}</p>',
            f'<p class="hint">{escape(tr("night.print_hint"))}</p>',
            f"<table><thead><tr>{head_cells}</tr></thead>",
            f"<tbody>{''.join(rows)}</tbody></table>",
            *([f"<h2>{escape(tr('night.results'))}</h2>", *rounds] if rounds else []),
            "</body>",
            "</html>",
            "",
        ]
    )
