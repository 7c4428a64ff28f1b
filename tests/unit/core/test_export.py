"""CSV and plain-text summary of a match: shape, content, and totals that agree."""

from __future__ import annotations

import csv
import io
from datetime import UTC, date, datetime

from hypothesis import given, settings

from scorekeeper.core import Match, MatchSetup, Rules, evaluate
from scorekeeper.core.export import (
    CSV_COLUMNS,
    match_csv,
    matches_csv,
    summary_text,
)
from scorekeeper.core.scoring import ITEMS
from scorekeeper.core.stats import PlayedMatch
from tests.builders import declared_hand, hand, match, plain_hand, side
from tests.strategies import history_st, match_st

NAPOLA = hand(side(20, "A2345", sb=True, bag=(3,)), side(20, "67FCR", sca=1))
M = match(hands=[plain_hand(0, 8), NAPOLA, plain_hand(8, 0)], target=20)


def _rows(text: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(text)))


def test_the_csv_header_names_every_format_item_the_total_and_the_running_total():
    header = next(csv.reader(io.StringIO(match_csv(evaluate(M)))))
    assert header == list(CSV_COLUMNS)
    for item in (*ITEMS, "total", "running_total", "dealer", "hand", "side"):
        assert item in header


def test_the_csv_has_one_row_per_hand_and_side_side_one_first():
    rows = _rows(match_csv(evaluate(M), "m1", date(2026, 11, 29)))
    assert len(rows) == 2 * len(M.hands)
    assert [(r["hand"], r["side"], r["players"]) for r in rows[:2]] == [
        ("1", "1", "Anna"),
        ("1", "2", "Bruno"),
    ]
    assert {r["match_id"] for r in rows} == {"m1"}
    assert {r["date"] for r in rows} == {"2026-11-29"}
    assert [r["dealer"] for r in rows[::2]] == ["Anna", "Bruno", "Anna"]


def test_the_csv_items_are_the_scored_points():
    rows = _rows(match_csv(evaluate(M)))
    anna_hand_2 = rows[2]
    assert anna_hand_2["napola"] == "5"
    assert anna_hand_2["bagari"] == "3"
    assert rows[3]["scaluneddu"] == "3"
    assert anna_hand_2["total"] == "10"


def test_csv_totals_equal_the_match_totals():
    state = evaluate(M)
    rows = _rows(match_csv(state))
    for s in (0, 1):
        mine = [r for r in rows if r["side"] == str(s + 1)]
        assert sum(int(r["total"]) for r in mine) == state.totals[s]
        assert int(mine[-1]["running_total"]) == state.totals[s]


def test_a_declaration_and_a_name_with_a_comma_survive_the_csv():
    m = Match(
        MatchSetup(("Anna, la zia", "Bruno"), rules=Rules(target=5, early_win=True)),
        (declared_hand("Anna, la zia", 4, 6, 1),),
    )
    rows = _rows(match_csv(evaluate(m)))
    assert rows[0]["players"] == "Anna, la zia"
    assert (rows[0]["declaration_by"], rows[0]["declaration_deal"]) == (
        "Anna, la zia",
        "4",
    )
    assert rows[0]["declaration_correct"] == "yes"


def test_a_semicolon_csv_for_italian_spreadsheets_keeps_the_same_cells():
    text = match_csv(evaluate(M), delimiter=";")
    assert text.splitlines()[0].startswith("match_id;date;hand;side")
    rows = list(csv.DictReader(io.StringIO(text), delimiter=";"))
    assert rows == _rows(match_csv(evaluate(M)))


def test_all_matches_share_one_header_and_keep_their_ids():
    items = [PlayedMatch(M, id="a"), PlayedMatch(match(hands=[plain_hand()]), id="b")]
    text = matches_csv(items)
    assert text.count("match_id,") == 1
    rows = _rows(text)
    assert [r["match_id"] for r in rows] == ["a"] * 6 + ["b"] * 2


@settings(max_examples=60, deadline=None)
@given(match_st())
def test_for_any_match_csv_rows_sum_to_the_totals(m):
    """For any valid match, the CSV rows of each side add up to its totals."""
    state = evaluate(m)
    rows = _rows(match_csv(state))
    assert len(rows) == 2 * len(m.hands)
    for s in (0, 1):
        mine = [r for r in rows if r["side"] == str(s + 1)]
        assert sum(int(r["total"]) for r in mine) == state.totals[s]
        for r in mine:
            assert sum(int(r[i]) for i in ITEMS) == int(r["total"])


@settings(max_examples=20, deadline=None)
@given(history_st())
def test_all_matches_csv_has_two_rows_per_hand_of_every_match(history):
    """For any history, the CSV of all matches has one row per side per hand."""
    rows = _rows(matches_csv(history))
    assert len(rows) == sum(2 * len(pm.match.hands) for pm in history)


# -- summary ---------------------------------------------------------------------
def test_the_italian_summary_says_who_won_the_score_and_each_hand():
    text = summary_text(
        evaluate(M), "it", played=datetime(2026, 11, 29, 21, tzinfo=UTC)
    )
    lines = text.splitlines()
    assert lines[0] == "Spazzino · 29/11/2026"
    assert lines[1] == "Anna 22 – 14 Bruno"
    assert lines[2] == "Vince Anna."
    assert lines[3] == "Traguardo 20 · Classico · 3 mani"
    assert "Mano 2 (mazziere Bruno): 10–4, totale 12–13" in text
    assert "napola di 5" in text and "Bruno: scaluneddu +3" in text


def test_the_summary_names_the_piccole_of_a_hand():
    """plain_hand(1, 0): side 1's extra point is a piccola (issue 23, item 11)."""
    text = summary_text(evaluate(match(hands=[plain_hand(1, 5)])), "it")
    assert "Mano 1 (mazziere Anna): 3–6, totale 3–6 (Anna: piccole +1; " in text
    assert "Bruno: piccole +1, spazzini +4)" in text


def test_the_english_summary_of_an_open_match_says_what_each_side_needs():
    m = match(hands=[plain_hand()], target=31)
    text = summary_text(evaluate(m), "en", notes="  at Zia Pina's  ")
    assert "In progress: Anna needs 29, Bruno needs 30." in text
    assert "Target 31 · Classico · 1 hand" in text
    assert text.rstrip().endswith("Notes: at Zia Pina's")


def test_the_summary_tells_an_abandoned_match_a_wrong_declaration_and_a_series():
    m = match(hands=[plain_hand()])
    assert "Partita abbandonata." in summary_text(evaluate(m), abandoned=True)
    wrong = Match(
        MatchSetup(("Anna", "Bruno"), rules=Rules(target=31, early_win=True)),
        (declared_hand("Anna", 3, 6, 1),),
    )
    text = summary_text(evaluate(wrong), "it", series=(1, 1))
    assert "Vince Bruno: la dichiarazione di Anna era sbagliata." in text
    assert "Anna si dichiara vincente nella tornata 3: sbagliato" in text
    assert "Serie: Anna 1 – 1 Bruno" in text


def test_the_summary_uses_only_characters_every_chat_shows():
    text = summary_text(evaluate(M), "it") + summary_text(evaluate(M), "en")
    # Latin-1 plus the en dash and the middle dot: no emoji, no card suits
    assert all(ord(c) < 0x250 or c in "–·" for c in text)
