"""The hands of a match are bounded (issue 34 item 4): ``MAX_HANDS``.

A match file, a link or the table brings in at most 400 hands; more is
refused with one line, exit 2 (``score``, ``import``, ``import LINK``), and a
sentence in the phone's language (a hand added). A longer match stored before
the bound keeps opening.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scorekeeper.core import Match, MatchSetup, Rules, engine, matchfile
from scorekeeper.core.engine import MAX_HANDS, Status, evaluate
from scorekeeper.core.matchfile import MatchFileError, dump_match, parse_match
from scorekeeper.core.problems import Code, MatchError
from scorekeeper.core.sharelink import match_link
from scorekeeper.i18n import Translator
from scorekeeper.storage.repository import open_repository
from scorekeeper.ui.shell.refusals import error_sentence
from tests.builders import plain_hand
from tests.integration.commands import run

#: 2 points a side: from 32-32 on, every hand is a tie-break hand
EVEN = plain_hand(0, 1)


def tie_break_match(hands: int) -> Match:
    """A match to 31 of *hands* even hands: in a tie-break from hand 16."""
    return Match(
        MatchSetup(("Anna", "Bruno"), "Anna", Rules(target=31)), (EVEN,) * hands
    )


def test_a_match_takes_hands_up_to_the_bound_and_not_one_more():
    full = tie_break_match(MAX_HANDS)
    assert evaluate(full).status is Status.TIE_BREAK
    engine.add_hand(tie_break_match(MAX_HANDS - 1), EVEN)
    with pytest.raises(MatchError) as refused:
        engine.add_hand(full, EVEN)
    (problem,) = refused.value.problems
    assert problem.code is Code.TOO_MANY_HANDS
    assert refused.value.message() == (
        "hand 401: hands: a match has at most 400 hands, not 401"
    )


def test_a_phone_adding_a_hand_past_the_bound_is_told_why_in_its_language():
    with pytest.raises(MatchError) as refused:
        engine.add_hand(tie_break_match(MAX_HANDS), EVEN)
    it = error_sentence(refused.value, Translator("it"))
    en = error_sentence(refused.value, Translator("en"))
    assert it.endswith("Una partita ha al massimo 400 mani: questa sarebbe la 401ª.")
    assert en.endswith("A match has at most 400 hands: this would be hand 401.")


def test_a_match_file_past_the_bound_is_refused_before_its_hands_are_read():
    doc = dump_match(tie_break_match(MAX_HANDS))
    assert len(parse_match(doc).match.hands) == MAX_HANDS
    doc["hands"] = doc["hands"] * 40  # 16,000 hands
    with pytest.raises(MatchFileError, match=r"^hands: a match has at most 400 "):
        parse_match(doc)
    doc["hands"][-1] = "not a hand"  # never read: the bound refuses first
    with pytest.raises(MatchFileError, match=r"not 16000$"):
        parse_match(doc)
    stored = parse_match(doc | {"hands": doc["hands"][:401]}, stored=True)
    assert len(stored.match.hands) == 401  # what the app stored is read back


def _long_file(tmp_path: Path, hands: int = MAX_HANDS + 1) -> Path:
    path = tmp_path / "long.json"
    path.write_text(json.dumps(dump_match(tie_break_match(hands))))
    return path


def test_score_refuses_a_match_past_the_bound_with_one_line(tmp_path):
    status, out, err = run("score", str(_long_file(tmp_path)))
    assert (status, out) == (2, "")
    assert err.count("\n") == 1 and "at most 400 hands, not 401" in err
    assert run("score", str(_long_file(tmp_path, MAX_HANDS)))[0] == 0


def test_import_refuses_a_file_or_a_link_past_the_bound_with_one_line(tmp_path):
    data = str(tmp_path / "data")
    status, out, err = run("--data", data, "import", str(_long_file(tmp_path)))
    assert (status, out) == (2, "")
    assert err.count("\n") == 1 and "at most 400 hands, not 401" in err
    link = match_link(dump_match(tie_break_match(MAX_HANDS + 1)), "https://x.example/")
    status, out, err = run("--data", data, "import", link)
    assert (status, out) == (2, "")
    assert err.count("\n") == 1 and "at most 400 hands, not 401" in err
    assert run("--data", data, "history", "--json")[1] == "[]\n"


def test_a_longer_match_stored_before_the_bound_keeps_opening(tmp_path, monkeypatch):
    folder = tmp_path / "data"
    doc = dump_match(tie_break_match(MAX_HANDS + 5))
    with monkeypatch.context() as before:  # a version without the bound
        before.setattr(matchfile, "MAX_HANDS", 10**6)
        with open_repository(folder) as repo:
            (stored,) = repo.import_documents([doc])
    with open_repository(folder) as repo:
        m = repo.get_match(stored.id)
        assert len(m.match.hands) == MAX_HANDS + 5
        assert repo.list_history().items[0].hands == MAX_HANDS + 5
        with pytest.raises(MatchError):
            repo.add_hand(stored.id, EVEN)
        shortened = repo.delete_hand(stored.id, 0)
        assert len(shortened.match.hands) == MAX_HANDS + 4
