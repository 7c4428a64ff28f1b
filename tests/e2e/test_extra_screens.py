"""Browser tests of the rules, settings, live tally and connect-a-phone screens.

Tests that only read use the session server; tests that change the stored
defaults or need a match start their own (a match is put in the data folder
through the repository before the server starts, so these tests do not depend
on the new-match screen). The LAN test serves on every interface, as
``python main.py --lan`` does.
"""

from __future__ import annotations

import base64
import re

import pytest
import segno
from playwright.sync_api import expect

from scorekeeper.core.model import MatchSetup, Rules
from scorekeeper.storage import open_repository
from scorekeeper.ui.kit import palette
from tests.e2e.helpers import (
    BACK,
    FOLLOW_FOCUS,
    choose,
    painted,
    ready_to_type,
    tap_until_shown,
)

pytestmark = pytest.mark.e2e


def pixel(page, x: int, y: int) -> tuple[int, int, int]:
    """The colour drawn at (x, y): the browser decodes its own screenshot."""
    # as the shot fixture: semantics can be ready before CanvasKit has painted
    data = base64.b64encode(painted(page)).decode()
    return tuple(
        page.evaluate(
            """async ([data, x, y]) => {
                const img = new Image();
                img.src = "data:image/png;base64," + data;
                await img.decode();
                const c = document.createElement("canvas");
                c.width = img.width; c.height = img.height;
                const g = c.getContext("2d");
                g.drawImage(img, 0, 0);
                return Array.from(g.getImageData(x, y, 1, 1).data.slice(0, 3));
            }""",
            [data, x * 2, y * 2],  # device scale factor 2
        )
    )


def rgb(hex_colour: str) -> tuple[int, int, int]:
    value = hex_colour.lstrip("#")
    return (int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16))


def shows_surface(page, surface: str, tries: int) -> bool:
    """Whether the app's page is painted in ``surface`` (polled: a page just
    opened is blank white, then shows flet's "Working..." on the browser's
    theme, for a moment after its semantics tree is there)."""
    wanted = rgb(surface)
    for _ in range(tries):
        colour = pixel(page, 180, 700)
        if all(abs(a - b) <= 3 for a, b in zip(colour, wanted, strict=True)):
            return True
        page.wait_for_timeout(250)
    return False


def is_dark(page, tries: int = 20) -> bool:
    """Whether the app is painted in its dark theme."""
    return shows_surface(page, palette.DARK.surface, tries)


def is_light(page, tries: int = 20) -> bool:
    """Whether the app is painted in its light theme."""
    return shows_surface(page, palette.LIGHT.surface, tries)


def type_over(page, field, text: str) -> None:
    """Tap the field, select what is there and type, as a player does (a
    ``fill`` right after a redraw of the theme was sometimes lost)."""
    page.evaluate(FOLLOW_FOCUS)
    field.click()
    # keys go to this field's editing element once it holds the focus: any
    # input focused, the one tapped before, took "B" of "Bruno" (r2 of stop
    # 45: "Mazziere sorteggiato: runo")
    ready_to_type(page, field)
    page.keyboard.press("Control+A")
    page.keyboard.type(text)


RULES_IT = (
    "Vince la partita chi per primo raggiunge o supera 31 punti.",
    "vince chi ha più punti",
    "Bagari: prendere con una carta due o tre carte dello stesso seme: un punto "
    "per ogni carta, compresa quella giocata, quindi 3 o 4.",
    "la carta appena giocata dal giocatore precedente",
    "le carte rimaste in tavola vanno a chi ha fatto l'ultima presa",
    "Le figure (F, C, R) non prendono mai una somma",
    "un 5 vale 5 punti",
    "Scelta di questa app: la soglia per dichiararsi è il traguardo, 31.",
    "Scelta di questa app: nella mano fermata carte e spade vanno solo a chi ne "
    "ha di più",
    "Scelta di questa app: nello spareggio non ci si può dichiarare vincenti.",
)
RULES_EN = (
    "The match is won by the first side to reach or pass 31 points.",
    "the one with more points wins",
    "Bagari: taking, with one card, two or three cards of the same suit: one "
    "point for each card, the played one included, so 3 or 4.",
    "the card the previous player just played",
    "the cards left on the table go to the side that made the last capture",
    "Face cards (F, C, R) never take a sum",
    "the ace, two and three of spades",
    "This app's choice: the threshold for declaring is the match target, 31.",
    "This app's choice: in a stopped hand carte and spades go only to the side",
    "This app's choice: no declaration in a tie-break hand.",
)
TALL_PHONE = {"width": 360, "height": 2400}
"""A 360 px phone as tall as the rules screen: one screenshot shows it all."""


def read_rules(phone, by_id, shot, name: str, title: str, lines) -> None:
    expect(by_id(phone, "rules-section-0")).to_have_text(title)
    for line in lines:
        expect(phone.get_by_text(line, exact=False).first).to_be_visible()
    shot(phone, f"{name}-top")  # what the phone shows first
    phone.set_viewport_size(TALL_PHONE)
    expect(by_id(phone, "rules-section-4")).to_be_in_viewport()
    shot(phone, f"{name}-full")
    phone.set_viewport_size({"width": 360, "height": 740})


def test_the_rules_screen_reads_in_italian_then_in_english(
    phone, app_server, by_id, shot
):
    phone.get_by_role("button", name="Regole").click()
    expect(by_id(phone, "rules-summary")).to_have_text("Classico, si gioca a 31 punti.")
    read_rules(phone, by_id, shot, "italian", "Come si prende", RULES_IT)
    expect(phone.get_by_text("punteggio più alto", exact=False)).to_have_count(0)

    phone.go_back()
    phone.get_by_role("button", name="English").click()
    phone.get_by_role("button", name="Rules").click()
    expect(by_id(phone, "rules-summary")).to_have_text("Classico, played to 31 points.")
    read_rules(phone, by_id, shot, "english", "How to take", RULES_EN)
    expect(phone.get_by_text("3 of spade", exact=False)).to_have_count(0)


@pytest.mark.pixels
def test_variante_nord_and_41_are_the_tables_english_and_dark_this_phones_alone(
    fresh_server, new_phone, open_app, by_id, shot
):
    page = new_phone(fresh_server.url)
    open_app(page, fresh_server.url + "/impostazioni")
    expect(page.get_by_role("heading", name="Impostazioni")).to_be_visible()
    assert is_light(page)
    choose(by_id(page, "settings-theme"), "Scuro", by_position=True)
    choose(by_id(page, "settings-language"), "English", by_position=True)
    # the heading is drawn by the server: both changes have been handled
    expect(page.get_by_role("heading", name="Settings")).to_be_visible()
    target = page.get_by_role("textbox", name="Target")
    type_over(page, target, "600")
    expect(page.get_by_text("Enter a whole number from 1 to 500.")).to_be_visible()
    type_over(page, target, "41")
    expect(page.get_by_text("Saved.")).to_be_visible()
    choose(by_id(page, "settings-preset"), "Variante Nord", by_position=True)
    expect(by_id(page, "settings-preset-help")).to_contain_text("no scaluneddu")
    shot(page, "changed")

    # Load the page again (flet reattaches the same session), then open
    # another tab of this phone (a new session): its browser kept its choice.
    open_app(page, fresh_server.url + "/impostazioni")
    expect(page.get_by_role("heading", name="Settings")).to_be_visible()
    tab = page.context.new_page()
    open_app(tab, fresh_server.url + "/impostazioni")
    expect(tab.get_by_role("heading", name="Settings")).to_be_visible()
    for identifier, name in (
        ("settings-theme", "Dark"),
        ("settings-preset", "Variante Nord"),
        ("settings-language", "English"),
    ):
        segment = by_id(tab, identifier).get_by_role("button", name=name)
        expect(segment).to_have_attribute("aria-current", "true")
    assert is_dark(tab)

    # A phone that never saw the app: its browser's Italian and light theme,
    # the table's rules.
    other = new_phone(fresh_server.url)
    open_app(other, fresh_server.url + "/impostazioni")
    expect(other.get_by_role("heading", name="Impostazioni")).to_be_visible()
    for identifier, name in (
        ("settings-theme", "Sistema"),
        ("settings-preset", "Variante Nord"),
        ("settings-language", "Italiano"),
    ):
        segment = by_id(other, identifier).get_by_role("button", name=name)
        expect(segment).to_have_attribute("aria-current", "true")
    assert is_light(other)
    shot(other, "new-phone")

    # The rules of a new match follow the stored defaults (the target too: a
    # reloaded text field's semantics node has no value to read).
    other.get_by_role("button", name=BACK).click()
    other.get_by_role("button", name="Regole").click()
    expect(by_id(other, "rules-summary")).to_have_text(
        "Variante Nord, si gioca a 41 punti."
    )
    shot(other, "rules-variante-nord")


@pytest.mark.pixels
def test_a_new_phone_opens_in_its_browsers_language_and_theme_and_keeps_its_own(
    fresh_server, new_phone, open_app, by_id, shot
):
    """Issue 35, item 11: a fresh it-IT phone opened in English and dark after
    another phone had chosen them."""
    url = fresh_server.url
    english = new_phone(url, locale="en-US", color_scheme="dark")
    open_app(english, url)
    expect(english.get_by_role("button", name="New match")).to_be_visible()
    assert is_dark(english)
    shot(english, "en-us-dark")

    # It chooses Italian and the light theme: for itself alone.
    open_app(english, url + "/impostazioni")
    choose(by_id(english, "settings-theme"), "Light", by_position=True)
    choose(by_id(english, "settings-language"), "Italiano", by_position=True)
    expect(english.get_by_role("heading", name="Impostazioni")).to_be_visible()
    chosen = by_id(english, "settings-theme").get_by_role("button", name="Chiaro")
    expect(chosen).to_have_attribute("aria-current", "true")

    italian = new_phone(url)
    open_app(italian, url)
    expect(italian.get_by_role("button", name="Nuova partita")).to_be_visible()
    assert is_light(italian)
    open_app(italian, url + "/impostazioni")
    choose(by_id(italian, "settings-theme"), "Scuro", by_position=True)
    choose(by_id(italian, "settings-language"), "English", by_position=True)
    expect(italian.get_by_role("heading", name="Settings")).to_be_visible()

    # Another English phone after both chose: its own browser's, again.
    second = new_phone(url, locale="en-GB", color_scheme="dark")
    open_app(second, url)
    expect(second.get_by_role("button", name="New match")).to_be_visible()
    assert is_dark(second)

    # The first phone's choice outlived its tab: a new one is Italian, light.
    tab = english.context.new_page()
    open_app(tab, url)
    expect(tab.get_by_role("button", name="Nuova partita")).to_be_visible()
    assert is_light(tab)
    shot(tab, "kept-italian-light")


@pytest.fixture
def match_server(tmp_path, request):
    """A fresh server whose data folder holds a match in progress."""
    with open_repository(tmp_path / "data") as repo:
        repo.create_match(MatchSetup(("Anna", "Bruno"), "Anna", Rules()))
    return request.getfixturevalue("fresh_server")


def test_the_live_tally_on_one_phone_shows_its_running_points_on_another(
    match_server, new_phone, open_app, by_id, shot
):
    first, second = new_phone(match_server.url), new_phone(match_server.url)
    open_app(first, match_server.url + "/live")
    open_app(second, match_server.url + "/live")
    expect(by_id(second, "live-points-0")).to_have_text("0")

    # each tap waits for the server's redraw before the next, as a player does
    by_id(first, "live-piccola-0").get_by_role("button").click()
    expect(by_id(first, "live-points-0")).to_have_text("1")
    by_id(first, "live-spazzino-1").get_by_role("button").click()
    expect(first.get_by_text("Spazzino di Bruno: con quale carta?")).to_be_visible()
    shot(first, "spazzino-card")
    by_id(first, "live-rank-5").get_by_role("button").click()
    expect(by_id(first, "live-points-1")).to_have_text("5")
    by_id(first, "live-deal-next").get_by_role("button").click()

    expect(by_id(second, "live-points-0")).to_have_text("1")
    expect(by_id(second, "live-points-1")).to_have_text("5")
    expect(by_id(second, "live-deal")).to_have_text("Tornata 2 di 6")
    expect(by_id(second, "live-undo")).to_contain_text("Annulla lo spazzino 5 di Bruno")
    for name in ("live-piccola-0", "live-spazzino-1", "live-undo"):
        box = by_id(second, name).bounding_box()
        assert box is not None and box["height"] >= 48, (name, box)
    expect(by_id(first, "live-awake")).to_have_text("Lo schermo resta acceso.")
    shot(second, "second-phone")


def test_a_local_only_server_tells_how_to_let_other_phones_in(
    phone, app_server, open_app, by_id, shot
):
    open_app(phone, app_server.url + "/collega")
    expect(phone.get_by_text("python main.py --lan")).to_be_visible()
    expect(phone.locator("flt-semantics img, [role='img']")).to_have_count(0)
    shot(phone)


@pytest.fixture
def lan_server(tmp_path, harness):
    """A server listening on every interface (``--lan``)."""
    server = harness.start_server(tmp_path / "data", tmp_path, host="0.0.0.0")
    yield server
    server.stop()


@pytest.mark.pixels
def test_the_connect_screen_shows_the_lan_address_and_its_qr_code(
    lan_server, new_phone, open_app, by_id, shot
):
    # The address is read off the screen, never looked up or connected to
    # here: tests send traffic to 127.0.0.1 only.
    page = new_phone(lan_server.url)
    open_app(page, lan_server.printed_url())  # --lan asks for the table code
    page.get_by_role("button", name="Impostazioni").click()
    page.get_by_role("button", name="Collega un telefono").click()
    message = by_id(page, "connect-message")
    expect(message).to_be_visible()
    if not by_id(page, "connect-url").count():  # it says "no network"
        pytest.skip("this machine has no LAN address")
    port = lan_server.port
    code = lan_server.printed_url().rsplit("=", 1)[1]
    shown = re.compile(rf"^http://\d+\.\d+\.\d+\.\d+:{port}/\?t={code}$")
    expect(by_id(page, "connect-url")).to_have_text(shown)
    url = by_id(page, "connect-url").inner_text().strip()
    qr = by_id(page, "connect-qr")
    expect(qr).to_be_visible()
    box = qr.bounding_box()
    assert box is not None and box["width"] >= 200, box
    # the QR code is drawn: the centre of its top-left finder pattern (3.5
    # modules in, after a quiet zone of 4) is black, the quiet zone white
    modules = segno.make(url, error="m").symbol_size(scale=1)[0]
    module = box["width"] / modules
    at = int(box["x"] + 7.5 * module), int(box["y"] + 7.5 * module)
    assert sum(pixel(page, *at)) < 100
    assert sum(pixel(page, int(box["x"] + 2 * module), at[1])) > 600
    shot(page)


def test_french_cards_and_the_first_dealer_drawn_by_lot(
    fresh_server, new_phone, open_app, by_id, shot
):
    """Carte francesi in Impostazioni renames the cards on the rules screen;
    Sorteggia on the new-match form says who deals first."""
    page = new_phone(fresh_server.url)
    open_app(page, fresh_server.url)  # then on by taps: a reload shows "Working..."
    page.get_by_role("button", name="Impostazioni").click()
    switch = page.get_by_role("switch", name="Carte francesi")
    switch.click()
    expect(switch).to_be_checked()
    shot(page, "settings")

    page.go_back()
    page.get_by_role("button", name="Regole").click()
    expect(
        page.get_by_text("Settebello (7 di quadri), fante di picche e due di picche")
    ).to_be_visible()
    expect(page.get_by_text("Le figure (J, Q, K)", exact=False)).to_be_visible()
    shot(page, "rules")

    page.go_back()
    page.get_by_role("button", name="Nuova partita").click()
    type_over(page, page.get_by_role("textbox", name="Giocatore 1"), "Anna")
    type_over(page, page.get_by_role("textbox", name="Giocatore 2"), "Bruno")
    drawn = by_id(page, "new-drawn-dealer")
    tap_until_shown(by_id(page, "new-draw-dealer"), drawn)
    expect(drawn).to_contain_text(re.compile(r"Mazziere sorteggiato: (Anna|Bruno)"))
    name = drawn.inner_text().rsplit(": ", 1)[1]
    expect(
        by_id(page, "new-first-dealer").get_by_role("button", name=name)
    ).to_have_attribute("aria-current", "true")
    shot(page, "new-match")
