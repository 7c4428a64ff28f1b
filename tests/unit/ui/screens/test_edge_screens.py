"""A screen never fails on stored data (issue 34): a property test.

Hypothesis builds a table at the edges of what the doors accept: matches
imported through the match file's door, dated at the ends of the calendar in
any UTC offset, with notes of up to 2,000 characters in any script, 40
characters names in any script the name rule takes (Arabic and Hebrew,
CJK, combining marks...), every rule option, many hands, long tie-breaks and
a declaration; a match being played with a half-entered hand; a club night
of such names with a round drawn. Every screen is then drawn from it, below
the browser, by a phone of the table and by a phone seated at the club
table, in Italian and in English; and every shared part: the picture, the
link, the exports, the statistics' figures and picture.

A draw that raises is no longer seen as an exception (``Drawing.render``
shows the failure instead): the test reads ``Drawing.failed`` and the
traceback logged. How many hands the door takes is not assumed: a match
refused for its length is imported again shorter.
"""

from __future__ import annotations

import json
import logging
import random
import string
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from datetime import datetime, timedelta, timezone
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.core import (
    Hand,
    Match,
    MatchSetup,
    Rules,
    SideTally,
    declaration_allowed,
    evaluate,
)
from scorekeeper.core.export import match_csv, matches_csv, summary_text
from scorekeeper.core.matchfile import dump_match
from scorekeeper.core.model import MAX_NOTES_LENGTH
from scorekeeper.core.names import MAX_NAME_LENGTH, clean_name, name_fault, name_key
from scorekeeper.core.sharelink import link_document, match_link
from scorekeeper.core.stats import player_stats
from scorekeeper.core.tournament import System
from scorekeeper.sharing.picture import Look, match_picture, record_picture
from scorekeeper.storage import StorageError
from scorekeeper.table import TableService
from scorekeeper.ui import routes
from scorekeeper.ui.access.club_codes import Place, codes_of
from scorekeeper.ui.app import SCREENS
from scorekeeper.ui.kit.formatting import played
from scorekeeper.ui.screens.club.state import ClubState
from scorekeeper.ui.screens.history.state import HistoryState
from scorekeeper.ui.screens.match_detail.state import MatchPage
from scorekeeper.ui.screens.stats.state import StatsChoice
from scorekeeper.ui.shell.session import Session
from tests.builders import memory_table, plain_hand
from tests.event_loops import run_coroutine
from tests.long_match import table_hand
from tests.strategies import declared_hand_st, hand_st, rules_st
from tests.unit.fakes import click, find, make_session, type_into
from tests.unit.hands import hand_a

# -- the edges of the doors -------------------------------------------------------
EDGE_TIMES = (
    "9999-12-31T23:59:59-14:00",
    "9999-12-31T23:59:59+14:00",
    "0001-01-01T00:00:00+14:00",
    "0001-01-01T00:00:00-14:00",
)

offsets_st = st.integers(-14 * 60, 14 * 60).map(
    lambda minutes: timezone(timedelta(minutes=minutes))
)
times_st = st.sampled_from(EDGE_TIMES) | st.datetimes(
    min_value=datetime(1, 1, 1), max_value=datetime(9999, 12, 31, 23, 59, 59)
).flatmap(
    lambda t: offsets_st.map(lambda tz: t.replace(tzinfo=tz).isoformat("T", "seconds"))
)
"""A match file's date: an end of the calendar, or any date in any offset."""

SCRIPTS = (
    "".join(map(chr, range(0x0621, 0x064B))),  # Arabic (right to left)
    "".join(map(chr, range(0x05D0, 0x05EB))),  # Hebrew (right to left)
    "".join(map(chr, range(0x4E00, 0x4E80))),  # CJK ideographs (wide)
    "".join(map(chr, range(0xAC00, 0xAC80))),  # Hangul
    "".join(map(chr, range(0x0905, 0x0940))),  # Devanagari, with its marks
    "ÀÉÎÕÜŁŒßŸæøåčšžğışţ" + string.ascii_letters,
    "ＷＭ＠＃ｗｍ",  # full-width: the widest letters
    "W" * 3 + "M" * 3,  # the widest Latin letters
)

name_text_st = st.sampled_from(SCRIPTS).flatmap(
    lambda alphabet: st.text(alphabet + " -'.", min_size=1, max_size=40)
) | st.text(
    st.characters(categories=("L", "M", "N", "P", "Zs"), codec="utf-8"),
    min_size=1,
    max_size=40,
)


@st.composite
def names_st(draw: Any, n: int) -> tuple[str, ...]:
    """*n* distinct names the name rule takes, often of exactly 40
    characters, in any script."""
    names: list[str] = []
    for i in range(n):
        stem = draw(name_text_st)
        tag = f"#{i}"
        name = clean_name(stem)[: MAX_NAME_LENGTH - len(tag)] + tag
        if draw(st.booleans()):  # padded to the longest name
            name = (clean_name(stem) * 40)[: MAX_NAME_LENGTH - len(tag)] + tag
        name = clean_name(name)
        if name_fault(name) is not None or any(
            name_key(name) == name_key(m) for m in names
        ):
            name = f"Giocatore {i}"
        names.append(name)
    return tuple(names)


def max_notes(seed: int) -> str:
    """2,000 characters of one script, as little compressible as it gets."""
    rng = random.Random(seed)
    alphabet = SCRIPTS[seed % len(SCRIPTS)] + " \n,."
    return "".join(rng.choice(alphabet) for _ in range(MAX_NOTES_LENGTH))


MAX_NOTES_ST = st.integers(0, 10**9).map(max_notes)
notes_st = st.one_of(
    MAX_NOTES_ST,
    st.just(""),
    st.text(st.characters(codec="utf-8"), max_size=200),
    MAX_NOTES_ST,
)
"""Notes: none, any text, or the 2,000 characters the field takes."""


def fill_hands(
    rules: Rules, hands: list[Hand], setup: MatchSetup, count: int, seed: int
) -> None:
    """Hands as a table plays them, added to *hands* until *count* or until
    the match is decided (a hand after the deciding one is refused)."""
    rng = random.Random(seed)
    while len(hands) < count and not evaluate(Match(setup, tuple(hands))).decided:
        hand = table_hand(rng)
        if not rules.scaluneddu:
            hand = Hand(
                tuple(
                    SideTally(
                        s.cards,
                        s.spades,
                        s.settebello,
                        s.piccole,
                        s.spazzini,
                        s.bagari,
                        0,
                    )
                    for s in hand.sides
                )
            )
        hands.append(hand)


@st.composite
def long_match_st(draw: Any) -> Match:
    """Any rule options, a few hands of any kind, then many as a table
    plays them; maybe a declaration to end it."""
    n = draw(st.sampled_from((2, 4)))
    players = draw(names_st(n))
    rules = draw(rules_st(n, st.sampled_from((1, 31, 250, 500)) | st.integers(1, 500)))
    setup = MatchSetup(players, draw(st.sampled_from(players)), rules)
    hands: list[Hand] = []
    for _ in range(draw(st.integers(0, 2))):
        if evaluate(Match(setup, tuple(hands))).decided:
            break
        hands.append(draw(hand_st(rules)))
    fill_hands(rules, hands, setup, draw(st.integers(0, 45)), draw(st.integers(0, 99)))
    state = evaluate(Match(setup, tuple(hands)))
    if not state.decided and declaration_allowed(state) and draw(st.booleans()):
        hands.append(draw(declared_hand_st(players, rules)))
    return Match(setup, tuple(hands))


@st.composite
def tie_break_st(draw: Any) -> Match:
    """A long tie-break: both sides past a small target with equal totals,
    hand after hand, maybe decided at the last one."""
    n = draw(st.sampled_from((2, 4)))
    setup = MatchSetup(draw(names_st(n)), None, Rules(target=draw(st.integers(1, 5))))
    setup = replace(setup, first_dealer=setup.players[-1])
    hands = [plain_hand(0, 1)] * draw(st.integers(1, 45))
    if draw(st.booleans()):
        hands.append(plain_hand(6, 0))
    return Match(setup, tuple(hands))


@st.composite
def document_st(draw: Any) -> dict[str, Any]:
    """A match file at the edges of its door (FORMAT.md)."""
    match = draw(long_match_st() | tie_break_st())
    created = draw(times_st)
    meta: dict[str, Any] = {
        "created": created,
        "updated": draw(st.just(created) | times_st),
        "notes": draw(notes_st),
    }
    if not evaluate(match).decided and draw(st.booleans()):
        meta["abandoned"] = True
    return dump_match(match, meta)


def import_shortened(table: TableService, doc: dict[str, Any]) -> str:
    """Import *doc*; a match refused for its number of hands (a bound this
    test does not assume) is imported again with fewer."""
    while True:
        try:
            [result] = table.import_documents([doc]).value
            return result.id
        except StorageError as error:
            if "hand" not in str(error) or len(doc["hands"]) < 2:
                raise
            doc = {**doc, "hands": doc["hands"][: len(doc["hands"]) * 3 // 4]}


@st.composite
def table_st(draw: Any) -> dict[str, Any]:
    """What is stored: imported matches, one being played, a club night."""
    docs = draw(st.lists(document_st(), min_size=1, max_size=3))
    playing = draw(long_match_st())
    state = evaluate(playing)
    return {
        "docs": docs,
        "playing": playing if not state.decided else None,
        "club": draw(names_st(5)),
        "club_name": draw(names_st(1))[0],
        "lang": draw(st.sampled_from(("it", "en"))),
        "french_cards": draw(st.booleans()),
    }


# -- the table built, every screen drawn --------------------------------------
@contextmanager
def tracebacks() -> Iterator[list[logging.LogRecord]]:
    """The records logged with a traceback meanwhile."""
    caught: list[logging.LogRecord] = []

    class Catch(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            if record.exc_info is not None:
                caught.append(record)

    handler = Catch()
    root = logging.getLogger()
    root.addHandler(handler)
    try:
        yield caught
    finally:
        root.removeHandler(handler)


def build(table: TableService, world: dict[str, Any]) -> tuple[list[str], str]:
    """The stored table of *world*: the imported ids, the club night's id."""
    ids = [import_shortened(table, doc) for doc in world["docs"]]
    playing = world["playing"]
    if playing is not None:
        stored = table.start_match(playing.setup).value
        for hand in playing.hands[: min(len(playing.hands), 12)]:
            if evaluate(table.queries.get_match(stored.id).match).decided:
                break
            table.add_hand(stored.id, hand)
        table.set_notes(stored.id, world["docs"][0]["meta"]["notes"])
        if not table.queries.get_match(stored.id).state.decided:
            table.save_draft(
                stored.id, len(table.queries.get_match(stored.id).match.hands), hand_a()
            )
        ids.append(stored.id)
    night = table.club.create(
        world["club_name"], Rules(), [(n,) for n in world["club"]], System.ROUND_ROBIN
    ).value
    table.club.start_round(night.id, random.Random(1))
    table.update_settings(french_cards=world["french_cards"])
    return ids, night.id


def draw_every_screen(session: Session, caught: list[logging.LogRecord]) -> None:
    for route in SCREENS:
        session.render(route)
        if route == routes.STATS:  # the figures, computed off the loop
            for handler, args in list(session.page.tasks):  # type: ignore[attr-defined]
                run_coroutine(handler(*args))
            session.page.tasks.clear()  # type: ignore[attr-defined]
            session.render(route)
        assert session.drawing.failed is None, (
            f"{route} failed: {session.drawing.failed}\n"
            + "\n".join(logging.Formatter().formatException(r.exc_info) for r in caught)  # type: ignore[arg-type]
        )
    session.render(routes.HOME)
    assert session.drawing.failed is None


def shared_parts(table: TableService, match_id: str, lang: str) -> None:
    """The picture, the link, the exports of a stored match."""
    stored = table.queries.get_match(match_id)
    look = Look(lang=lang, dark=lang == "en", french_cards=lang == "it")
    png = match_picture(
        stored.state, look, played=stored.created, abandoned=stored.abandoned
    )
    assert png is not None and png.startswith(b"\x89PNG")
    doc = table.queries.export_match(match_id)
    assert link_document(match_link(doc, "http://127.0.0.1:8550/"))["players"]
    assert match_csv(stored.state, stored.id, stored.created)
    assert summary_text(stored.state, lang, played=stored.created, notes=stored.notes)


def record_picture_of(table: TableService, player: str, lang: str) -> None:
    """The picture of *player*'s record."""
    matches = [played(m) for m in table.queries.stored_matches(player)]
    png = record_picture(player_stats(matches, player), Look(lang=lang))
    assert png.startswith(b"\x89PNG")


@settings(
    max_examples=8,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(world=table_st())
def test_every_screen_draws_whatever_the_doors_accepted(world):
    table = memory_table()
    try:
        ids, night = build(table, world)
        with tracebacks() as caught:
            phone = make_session(table, routes.HOME, world["lang"])
            phone.refresh_settings()
            for match_id in ids:
                stored = table.queries.get_match(match_id)
                players = stored.match.setup.players
                phone.states.put(
                    replace(phone.states.of(HistoryState), player=players[0])
                )
                phone.states.put(MatchPage(match_id))
                phone.states.put(
                    StatsChoice(
                        player=players[0],
                        partner=players[2] if len(players) == 4 else None,
                    )
                )
                phone.states.put(replace(phone.states.of(ClubState), night=night))
                draw_every_screen(phone, caught)
                shared_parts(table, match_id, world["lang"])
            record_picture_of(table, stored.match.setup.players[-1], world["lang"])
            # "Esporta tutto": every match as JSON and as CSV
            everything = table.queries.export_all()
            assert len(everything) >= len(ids)
            assert json.dumps(everything, ensure_ascii=False)
            assert matches_csv(played(m) for m in table.queries.stored_matches())
            # a phone seated at the club night's first table
            seated = make_session(table, routes.CLUB, world["lang"])
            type_into(
                find(seated.page.views[-1], "club-code-field"),
                codes_of(table).code(Place(night, 1)),
            )
            click(find(seated.page.views[-1], "club-join"))
            assert seated.states.of(ClubState).seat is not None
            draw_every_screen(seated, caught)
            assert not caught, caught
    finally:
        table.close()
