"""Browser tests of how the app looks on a 360 px phone: 40-character names
end in an ellipsis and never overlap the numbers, the score chart keeps the
totals and the target inside it, the hand table fits the width, and a lost
connection is told in the phone's language.

The server starts on a data folder seeded through the repository: a match
of two 40-character names, won past the target (31) after four hands, and an
open match of the same players.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect

from scorekeeper.core import MatchSetup, Rules
from scorekeeper.storage import open_repository
from tests.builders import plain_hand

# the looks are read on the pixels (contrast, ink, where a name ends)
pytestmark = [pytest.mark.e2e, pytest.mark.pixels]

LONG_1 = "Massimiliano Bartolomeo Ferdinando WWWWW"
LONG_2 = "Wilhelmina Maximiliana Gwendolyn MMMMMMM"
assert len(LONG_1) == len(LONG_2) == 40


def seed(data_dir: Path) -> dict[str, str]:
    repo = open_repository(data_dir)
    try:
        setup = MatchSetup((LONG_1, LONG_2), LONG_1, Rules())
        won = repo.create_match(setup)
        for extra in ((10, 2), (8, 12), (6, 9), (14, 3)):
            repo.add_hand(won.id, plain_hand(*extra))
        playing = repo.create_match(setup)
        repo.add_hand(playing.id, plain_hand(5, 3))
        return {"won": won.id, "playing": playing.id}
    finally:
        repo.close()


@pytest.fixture(scope="module")
def seeded(tmp_path_factory):
    from tests.e2e.conftest import start_server

    base = tmp_path_factory.mktemp("looks")
    ids = seed(base / "data")
    server = start_server(base / "data", base)
    yield server, ids
    server.stop()


WIDTH = 360  # the phone of the browser tests (conftest PHONE_VIEWPORT)


def box(locator) -> dict[str, float]:
    found = locator.bounding_box()
    assert found is not None, locator
    return found


def overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    return (
        a["x"] < b["x"] + b["width"]
        and b["x"] < a["x"] + a["width"]
        and a["y"] < b["y"] + b["height"]
        and b["y"] < a["y"] + a["height"]
    )


def inside_the_screen(b: dict[str, float]) -> bool:
    return b["x"] >= 0 and b["x"] + b["width"] <= WIDTH + 0.5


def test_forty_character_names_never_overlap_the_numbers_on_the_scoreboard(
    seeded, new_phone, open_app, by_id, shot
):
    server, _ = seeded
    page = new_phone(server.url)
    open_app(page, server.url)
    by_id(page, "home-resume").click()
    expect(by_id(page, "score-total-0")).to_have_text("7")
    shot(page)
    ids = [
        "score-side-0",
        "score-side-1",
        "score-total-0",
        "score-total-1",
        "score-missing-0",
        "score-missing-1",
        "score-hand-number",
        "score-dealer",
        "score-cutter",
        "score-first",
    ]
    boxes = {i: box(by_id(page, i)) for i in ids}
    outside = [i for i, b in boxes.items() if not inside_the_screen(b)]
    assert outside == []
    crossing = [
        (a, b)
        for n, a in enumerate(ids)
        for b in ids[n + 1 :]
        if overlap(boxes[a], boxes[b])
    ]
    assert crossing == []
    # the whole name is still what the phone says (and what a reader reads)
    expect(by_id(page, "score-side-0")).to_have_text(LONG_1)
    # Drawn cut with "…", not clipped at the edge: the ink of the line stops
    # before its box ends (a clipped text has ink up to the last pixel).
    for seat in ("score-dealer", "score-cutter", "score-first"):
        width, right = rightmost_ink(by_id(page, seat))
        assert right <= width - 3, (seat, right, width)


def test_forty_character_names_stay_inside_the_hand_entry(
    seeded, new_phone, open_app, by_id, shot
):
    server, _ = seeded
    page = new_phone(server.url)
    open_app(page, server.url)
    by_id(page, "home-resume").click()
    by_id(page, "score-add-hand").click()
    expect(by_id(page, "entry-save")).to_be_attached()
    shot(page)
    previews = [box(by_id(page, f"entry-preview-{s}")) for s in (0, 1)]
    assert all(inside_the_screen(b) for b in previews)
    assert not overlap(*previews)
    # the points stay in sight: a long name no longer grows the bottom bar
    # (it took four lines of the eight the bar has room for)
    assert all(b["height"] <= 56 for b in previews), previews
    # every text of the screen within the phone's width
    wide = page.evaluate(
        """(width) => Array.from(document.querySelectorAll('flt-semantics'))
            .map(e => [e.textContent, e.getBoundingClientRect()])
            .filter(([t, r]) => t && r.width > 0
                && (r.left < -0.5 || r.right > width + 0.5))
            .map(([t, r]) => t.slice(0, 40) + ' '
                + Math.round(r.left) + '..' + Math.round(r.right))""",
        WIDTH,
    )
    assert wide == []


def test_the_chart_and_the_hand_list_of_a_match_fit_a_360_px_phone(
    seeded, new_phone, open_app, by_id, shot
):
    server, ids = seeded
    page = new_phone(server.url)
    open_app(page, server.url + "/storico")
    by_id(page, f"history-row-{ids['won']}").click()
    chart = by_id(page, "detail-chart")
    expect(chart).to_be_visible()
    expect(chart).to_contain_text("Traguardo 31")
    assert inside_the_screen(box(chart))
    shot(page, "chart")
    for number in range(1, 5):
        hand = by_id(page, f"detail-hand-{number}")
        hand.scroll_into_view_if_needed()
        expect(hand).to_contain_text(f"Mano {number}")
        assert inside_the_screen(box(hand)), number
    expect(by_id(page, "detail-hand-4")).to_contain_text("46")
    shot(page, "hands")


def test_the_floating_labels_of_the_filters_are_whole(
    seeded, new_phone, open_app, by_id, shot
):
    server, _ = seeded
    page = new_phone(server.url)
    open_app(page, server.url + "/storico")
    first = by_id(page, "history-filter-player")
    expect(first).to_be_visible()
    shot(page, "history")
    # The label floats on the field's top border, half above it: the field
    # must start low enough below the app bar (56 px) and the screen's
    # padding (16 px) for that half to be drawn. The dropdown's semantics
    # node is its identifier's (one button): the field is its bottom 56 px.
    assert field_top(box(first)) >= 56 + 16 + 8
    open_app(page, server.url + "/statistiche")
    player = by_id(page, "stats-player")
    expect(player).to_be_visible()
    shot(page, "stats")
    assert field_top(box(player)) >= 56 + 16 + 8


def field_top(node: dict[str, float]) -> float:
    return node["y"] + node["height"] - 56


def test_a_lost_connection_is_told_in_the_phones_language_until_it_is_back(
    tmp_path, browser, new_phone, open_app, by_id, shot
):
    from tests.e2e import conftest

    server = conftest.start_server(tmp_path / "data", tmp_path)
    italian = new_phone(server.url)
    context = browser.new_context(
        viewport=conftest.PHONE_VIEWPORT, device_scale_factor=2, locale="en-GB"
    )
    try:
        context.set_default_timeout(conftest.UI_TIMEOUT_MS)
        context.route("**/*", conftest._offline_only(server.url))
        english = context.new_page()
        for page in (italian, english):
            open_app(page, server.url)
            expect(by_id(page, "home-new-match")).to_be_visible()
            expect(page.get_by_role("alert")).to_have_count(0)
        server.stop()
        expect(italian.get_by_role("alert")).to_contain_text("Connessione persa")
        expect(italian.get_by_role("alert")).to_contain_text("riprovo da solo")
        expect(english.get_by_role("alert")).to_contain_text("Connection lost")
        expect(english.get_by_role("alert")).to_contain_text("trying again")
        shot(italian, "lost")
        # the server comes back on the same address: flet reconnects by itself
        server = conftest.start_server(
            tmp_path / "data", tmp_path / "again", port=server.port
        )
        for page in (italian, english):
            expect(page.get_by_role("alert")).to_be_hidden(timeout=30_000)
        shot(italian, "back")
    finally:
        context.close()
        server.stop()


# -- the dark theme, measured on the drawn pixels ------------------------------------
def png_pixels(data: bytes) -> tuple[int, int, list[bytes]]:
    """Width, height and rows (RGBA bytes) of an 8-bit RGBA/RGB PNG, the
    kind Chromium's screenshots are (no imaging library needed)."""
    import struct
    import zlib

    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, chunks, header = 8, b"", b""
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos : pos + 4])
        kind = data[pos + 4 : pos + 8]
        body = data[pos + 8 : pos + 8 + length]
        if kind == b"IHDR":
            header = body
        elif kind == b"IDAT":
            chunks += body
        pos += 12 + length
    width, height, depth, color = struct.unpack(">IIBB", header[:10])
    assert depth == 8 and color in (2, 6), (depth, color)
    channels = 4 if color == 6 else 3
    raw = zlib.decompress(chunks)
    stride = width * channels
    rows: list[bytes] = []
    prev = bytearray(stride)
    i = 0
    for _ in range(height):
        kind, line = raw[i], bytearray(raw[i + 1 : i + 1 + stride])
        i += 1 + stride
        for x in range(stride):
            a = line[x - channels] if x >= channels else 0
            b = prev[x]
            c = prev[x - channels] if x >= channels else 0
            if kind == 1:
                line[x] = (line[x] + a) & 255
            elif kind == 2:
                line[x] = (line[x] + b) & 255
            elif kind == 3:
                line[x] = (line[x] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pred = a if pa <= pb and pa <= pc else b if pb <= pc else c
                line[x] = (line[x] + pred) & 255
        rows.append(
            bytes(line)
            if channels == 3
            else bytes(v for n, v in enumerate(line) if n % 4 != 3)
        )
        prev = line
    return width, height, rows


def rightmost_ink(locator) -> tuple[int, int]:
    """The width of ``locator``'s screenshot and its rightmost column that
    differs clearly from the background (device pixels)."""
    from collections import Counter

    width, _, rows = png_pixels(locator.screenshot())
    pixels = [[row[x : x + 3] for x in range(0, len(row), 3)] for row in rows]
    background = Counter(p for row in pixels for p in row).most_common(1)[0][0]
    right = -1
    for row in pixels:
        for x, p in enumerate(row):
            if (
                x > right
                and sum(abs(a - b) for a, b in zip(p, background, strict=True)) > 60
            ):
                right = x
    return width, right


def text_contrast(page, locator) -> float:
    """The contrast of a text as drawn: its most contrasting pixel (the core of
    a glyph) against the most common one (the background) in its box."""
    from collections import Counter

    from tests.wcag import contrast

    _, _, rows = png_pixels(locator.screenshot())
    pixels = [row[x : x + 3] for row in rows for x in range(0, len(row), 3)]
    background = Counter(pixels).most_common(1)[0][0]
    hex_of = lambda p: "#" + p.hex()  # noqa: E731
    return max(contrast(hex_of(p), hex_of(background)) for p in set(pixels))


@pytest.fixture
def dark_server(tmp_path):
    from tests.e2e.conftest import start_server

    repo = open_repository(tmp_path / "data")
    try:
        setup = MatchSetup(("Anna", "Bruno"), "Anna", Rules())
        playing = repo.create_match(setup)
        repo.add_hand(playing.id, plain_hand(5, 3))
    finally:
        repo.close()
    server = start_server(tmp_path / "data", tmp_path)
    yield server
    server.stop()


def test_in_the_dark_theme_side_names_and_errors_read_at_4_5_to_1(
    dark_server, new_phone, open_app, by_id, shot
):
    from tests.e2e.helpers import type_into

    page = new_phone(dark_server.url, color_scheme="dark")
    open_app(page, dark_server.url)
    by_id(page, "home-resume").click()
    by_id(page, "score-add-hand").click()
    preview = by_id(page, "entry-preview-0")
    expect(preview).to_have_text("Anna: -")
    shot(page, "entry")
    _, _, rows = png_pixels(page.screenshot())
    assert sum(rows[-10][:3]) < 150  # the phone's dark theme is the one drawn
    assert text_contrast(page, preview) >= 4.5
    open_app(page, dark_server.url + "/nuova")
    type_into(page, "Giocatore 1", "Anna", click=True)
    type_into(
        page, "Giocatore 2", "anna", (by_id(page, "new-problems"), "si chiamano anna")
    )
    problems = by_id(page, "new-problems")
    shot(page, "errors")
    assert text_contrast(page, problems) >= 4.5


# -- the match-over screen ------------------------------------------------------------
@pytest.fixture
def decided_server(tmp_path):
    """A server whose table is on a match Anna just won by declaring in hand 2.

    A restarted server reopens the newest match *still being played*, never
    a decided one: the match-over screen is only seen right after the last
    hand. The server process is told to reopen this match instead (a test's
    stand-in for the phone that just declared), so the test does not depend
    on the declaration and hand-entry screens.
    """

    from tests.builders import declared_hand
    from tests.e2e import conftest

    repo = open_repository(tmp_path / "data")
    try:
        setup = MatchSetup(("Anna", "Bruno"), "Anna", Rules(target=10, early_win=True))
        won = repo.create_match(setup)
        repo.add_hand(won.id, plain_hand(4, 0))  # Anna 6 - 1
        repo.record_declaration(won.id, declared_hand("Anna", 2, 4, 0))  # 10 - 1
    finally:
        repo.close()
    server = conftest.start_server(
        tmp_path / "data",
        tmp_path,
        prelude=(
            "import scorekeeper.table.service as service; "
            f"service.newest_open = lambda queries: queries.get_match({won.id!r}); "
        ),
    )
    yield server
    server.stop()


def test_the_match_over_screen_misses_nothing_and_keeps_dichiarazione_whole(
    decided_server, new_phone, open_app, by_id, shot
):
    page = new_phone(decided_server.url)
    open_app(page, decided_server.url + "/partita")
    expect(by_id(page, "over-winner")).to_have_text("Vince Anna")
    expect(by_id(page, "score-total-0")).to_have_text("10")
    # the match is over: no "mancano N" under the totals
    expect(by_id(page, "score-missing-0")).to_have_count(0)
    expect(by_id(page, "score-missing-1")).to_have_count(0)
    expect(page.get_by_text("mancano", exact=False)).to_have_count(0)
    row = by_id(page, "hand-row-2")
    row.scroll_into_view_if_needed()
    # the mark is a word of its own under the hand number ("2 dichiarazione"),
    # no longer "2 (dichiarazione)" squeezed into the hand column
    expect(row).to_contain_text("2 dichiarazione +4 = 10")
    shot(page, "over")
