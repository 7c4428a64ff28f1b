"""The night's result (issue 37, item 12): the standings' picture for the
club's group chat and the page to print, drawn from the tournament as the
server holds it, and the organizer's buttons for them. The browser's side
is tests/e2e/test_club_monitor.py."""

from __future__ import annotations

import io
import re
from dataclasses import replace
from datetime import date

import pytest
from PIL import Image

from scorekeeper.core import Rules
from scorekeeper.core.tournament import System, standings
from scorekeeper.sharing.night_page import standings_page
from scorekeeper.sharing.night_picture import (
    ROW,
    TOP,
    picture_height,
    standings_picture,
)
from scorekeeper.sharing.picture import DARK, LIGHT, MARGIN, WIDTH, Look
from scorekeeper.ui import routes
from scorekeeper.ui.app import new_session
from scorekeeper.ui.screens.club.result import page_html, picture_png
from scorekeeper.ui.screens.club.state import ClubState
from tests.tournament_builders import one_hand, tournament
from tests.unit.fakes import FakePage, find

pytestmark = pytest.mark.memory


def night_of_eight():
    """Eight entrants, one round: three tables won, one not finished."""
    return tournament(
        8,
        [[(0, 1, (31, 20)), (2, 3, (25, 31)), (4, 5, (31, 5)), (6, 7, "open")]],
    )


def rgb(colour: str) -> tuple[int, int, int]:
    return tuple(int(colour[i : i + 2], 16) for i in (1, 3, 5))  # type: ignore[return-value]


def test_the_picture_is_a_line_an_entrant_the_leader_in_the_first_sides_colour():
    t = night_of_eight()
    for look, colours in ((Look(), LIGHT), (Look(lang="en", dark=True), DARK)):
        picture = Image.open(io.BytesIO(standings_picture(t, look, day=date.today())))
        assert picture.size == (WIDTH, picture_height(8)) == (WIDTH, TOP + 9 * ROW + 90)
        leader = picture.convert("RGB").getpixel((MARGIN + 4, TOP + ROW + ROW // 2))
        assert leader == rgb(colours.side_fill[0])
        # the second line is the page's own colour (every other line filled)
        second = picture.convert("RGB").getpixel((MARGIN + 4, TOP + 2 * ROW + ROW // 2))
        assert second == rgb(colours.page)


def test_the_page_lists_the_standings_in_order_and_each_rounds_results():
    t = replace(night_of_eight(), name="Sera <b>&</b>")
    html = standings_page(t, "it", day=date(2026, 12, 4))
    names = re.findall(r'<td class="name">([^<]*)</td>', html)
    assert names == [t.entrant_name(s.entrant) for s in standings(t)]
    assert "<h1>Sera &lt;b&gt;&amp;&lt;/b&gt;</h1>" in html
    assert "04/12/2026 · Girone all&#x27;italiana · 8 iscritti · turni: 1" in html
    assert (
        '<li>Tavolo 1 · <span class="winner">Anna</span> - Bruno: 31 - 20</li>' in html
    )
    assert (
        '<li>Tavolo 2 · Carla - <span class="winner">Dario</span>: 25 - 31</li>' in html
    )
    assert re.search(r"<li>Tavolo 4 · Gina - Ugo: \d+ - \d+, non finita</li>", html)
    english = standings_page(t, "en")
    assert "Round robin · 8 entrants · rounds: 1" in english
    assert "<script" not in html and "http" not in html  # nothing from elsewhere


def test_the_organizers_screen_offers_the_result_drawn_from_the_night_now(table):
    made = table.club.create(
        "Circolo", Rules(), [["Anna"], ["Bruno"], ["Carla"], ["Dario"]], System.SWISS
    ).value
    stored = table.club.start_round(made.id).value
    for size in ((1280, 720), (360, 740)):  # a laptop's monitor, a phone's column
        page = FakePage(routes.CLUB_NIGHT)
        page.width, page.height = size
        organizer = new_session(page, table)  # type: ignore[arg-type]
        organizer.states.put(replace(organizer.states.of(ClubState), night=made.id))
        organizer.render(routes.CLUB_NIGHT)
        for ident in ("club-result-share", "club-result-picture", "club-result-print"):
            assert find(page.views[-1], ident).on_click is not None
    table.add_hand(stored.match_id(1, 1), one_hand(31, 20))
    now = table.club.get(made.id)
    picture = Image.open(io.BytesIO(picture_png(organizer, now)))
    assert picture.size == (WIDTH, picture_height(4))
    html = page_html(organizer, now).decode("utf-8")
    leader = standings(now.tournament)[0]
    first = re.search(r'<td class="name">([^<]*)</td>', html)
    assert first and first.group(1) == now.tournament.entrant_name(leader.entrant)


def test_a_phone_in_the_dark_theme_gets_the_dark_picture(table):
    import flet as ft

    made = table.club.create(
        "Circolo", Rules(), [["Anna"], ["Bruno"]], System.ROUND_ROBIN
    ).value
    page = FakePage(routes.CLUB_NIGHT)
    organizer = new_session(page, table)  # type: ignore[arg-type]
    for mode, colours in ((ft.ThemeMode.DARK, DARK), (ft.ThemeMode.LIGHT, LIGHT)):
        page.theme_mode = mode
        png = picture_png(organizer, table.club.get(made.id))
        corner = Image.open(io.BytesIO(png)).convert("RGB").getpixel((2, 2))
        assert corner == rgb(colours.page)
