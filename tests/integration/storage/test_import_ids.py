"""Importing matches without ids: each gets an id of its own, however many
there are, and a match already stored is not stored again."""

from __future__ import annotations

import functools

import pytest

from scorekeeper.core import Match, MatchSetup, Rules, Status, evaluate
from scorekeeper.core.matchfile import dump_match
from scorekeeper.core.model import Declaration
from tests.builders import declared_hand, plain_hand
from tests.integration.storage.helpers import BIG, SMALL, setup

BULK = 10_000


def numbered_match(i: int) -> Match:
    """A won match of its own for each ``i`` below 10,000 (its digits choose
    the extra points of the first two hands)."""
    d = [int(c) for c in f"{i:04d}"]
    setup_ = MatchSetup(("Anna", "Bruno"), "Anna", Rules(target=31))
    hands = [plain_hand(d[0], d[1]), plain_hand(d[2], d[3])]
    m = Match(setup_, tuple(hands))
    while evaluate(m).status is not Status.WON:
        m = Match(setup_, (*m.hands, plain_hand(20)))
    return m


def id_less(match: Match) -> dict:
    return dump_match(match)


@functools.cache
def bulk_docs() -> tuple[dict, ...]:
    """The 10,000 documents without ids, built once for both stores (the
    import does not change them)."""
    return tuple(id_less(numbered_match(i)) for i in range(BULK))


# -- ids ---------------------------------------------------------------------------
@pytest.mark.slow
def test_a_bulk_import_of_ten_thousand_matches_without_ids_gives_each_its_own_id(
    file_store,
):
    """On a real folder only: the ids are made the same way in memory (the
    next test runs on both), and the 10,000 cost 15 s of CI each."""
    docs = list(bulk_docs())
    repo = file_store.open()
    results = repo.import_documents(docs)
    assert all(r.created for r in results)
    assert len({r.id for r in results}) == BULK
    assert file_store.open().count() == BULK


def test_a_new_id_is_none_stored_nor_given_before_in_the_same_import(
    store, monkeypatch
):
    # the random part gives the same digits twice, then new ones
    draws = iter(["aaaaaaaaaaaa", "aaaaaaaaaaaa", "aaaaaaaaaaaa", "bbbbbbbbbbbb"])
    monkeypatch.setattr(
        "scorekeeper.storage.matches.secrets.token_hex", lambda n: next(draws)
    )
    repo = store.open()
    docs = [id_less(numbered_match(1)), id_less(numbered_match(2))]
    first, second = repo.import_documents(docs)
    assert first.id.endswith("-aaaaaaaaaaaa")
    assert second.id.endswith("-bbbbbbbbbbbb")
    assert store.open().count() == 2


def test_a_new_id_is_not_one_a_later_match_of_the_file_gives_itself(store, monkeypatch):
    repo = store.open()
    day = f"{store.clock.now:%Y%m%d}"
    draws = iter(["aaaaaaaaaaaa", "cccccccccccc"])
    monkeypatch.setattr(
        "scorekeeper.storage.matches.secrets.token_hex", lambda n: next(draws)
    )
    given = id_less(numbered_match(2))
    given["meta"] = {"id": f"{day}-aaaaaaaaaaaa", "created": f"{day}T10:00:00+00:00"}
    without = id_less(numbered_match(1))
    without["meta"] = {"created": f"{day}T09:00:00+00:00"}
    first, second = repo.import_documents([without, given])
    assert (first.id, second.id) == (f"{day}-cccccccccccc", f"{day}-aaaaaaaaaaaa")
    assert store.open().count() == 2


def test_a_new_id_has_twelve_random_hex_digits(store):
    repo = store.open()
    m = repo.create_match(setup())
    day, random_part = m.id.split("-")
    assert len(day) == 8 and len(random_part) == 12
    int(random_part, 16)


# -- identical matches ---------------------------------------------------------------
def test_a_file_without_ids_imported_twice_is_stored_once(store):
    docs = [id_less(numbered_match(i)) for i in (1, 2, 3)]
    in_progress = dump_match(Match(setup("Carla", "Dario"), (SMALL,)))
    docs.append(in_progress)
    repo = store.open()
    first = repo.import_documents(docs)
    assert [r.created for r in first] == [True] * 4

    again = store.open().import_documents(docs)
    assert [r.created for r in again] == [False] * 4
    assert [r.id for r in again] == [r.id for r in first]
    assert store.open().count() == 4


def test_an_identical_match_is_found_whatever_the_case_and_spaces_of_the_names(
    store,
):
    repo = store.open()
    stored = repo.create_match(setup("Anna Rossi", "Bruno"))
    repo.add_hand(stored.id, SMALL)
    doc = dump_match(Match(setup("anna  rossi", "BRUNO"), (SMALL,)))
    [result] = store.open().import_documents([doc])
    assert (result.id, result.created) == (stored.id, False)
    assert store.open().count() == 1


def test_a_match_that_differs_in_anything_is_a_new_match(store):
    repo = store.open()
    stored = repo.create_match(setup("Anna", "Bruno"))
    repo.add_hand(stored.id, SMALL)
    others = [
        Match(setup("Anna", "Bruno"), (SMALL, SMALL)),  # another hand
        Match(setup("Anna", "Bruno"), (plain_hand(1),)),  # another hand
        Match(setup("Bruno", "Anna"), (SMALL,)),  # other seats
        Match(MatchSetup(("Anna", "Bruno"), "Bruno", Rules()), (SMALL,)),  # dealer
        Match(setup("Anna", "Bruno", target=21), (SMALL,)),  # rules
        Match(setup("Anna", "Carla"), (SMALL,)),  # players
    ]
    results = store.open().import_documents([dump_match(m) for m in others])
    assert [r.created for r in results] == [True] * len(others)
    assert store.open().count() == 1 + len(others)


def test_a_declaration_by_the_same_player_in_other_letters_is_the_same_hand(store):
    rules = Rules(target=31, early_win=True)
    declared = declared_hand("Anna", 4, 5, 2)
    hand = declared
    repo = store.open()
    stored = repo.create_match(MatchSetup(("Anna", "Bruno"), "Anna", rules))
    repo.add_hand(stored.id, hand)
    other = type(declared)(declared.sides, Declaration("anna", 4))
    doc = dump_match(Match(MatchSetup(("anna", "Bruno"), "anna", rules), (other,)))
    [result] = store.open().import_documents([doc])
    assert (result.id, result.created) == (stored.id, False)


def test_two_identical_matches_in_a_file_are_two_matches_and_stay_two(store):
    doc = id_less(numbered_match(7))
    repo = store.open()
    first = repo.import_documents([doc, doc])
    assert [r.created for r in first] == [True, True]
    assert first[0].id != first[1].id
    again = store.open().import_documents([doc, doc, doc])
    assert [r.created for r in again] == [False, False, True]
    assert {r.id for r in again[:2]} == {r.id for r in first}
    assert store.open().count() == 3


def test_a_match_with_an_id_of_its_own_is_stored_even_if_another_is_identical(
    store,
):
    repo = store.open()
    stored = repo.create_match(setup())
    repo.add_hand(stored.id, BIG)
    doc = dump_match(Match(setup(), (BIG,)), {"id": "from-another-phone"})
    [result] = store.open().import_documents([doc])
    assert (result.id, result.created) == ("from-another-phone", True)
    assert store.open().count() == 2


def test_a_deleted_identical_match_does_not_count_as_stored(store):
    repo = store.open()
    stored = repo.create_match(setup())
    repo.add_hand(stored.id, SMALL)
    repo.delete_match(stored.id)
    doc = dump_match(Match(setup(), (SMALL,)))
    [result] = store.open().import_documents([doc])
    assert result.created and result.id != stored.id
    assert store.open().count() == 1


def test_an_archived_identical_match_is_found_in_its_archive_file(store):
    repo = store.open()
    ids = [
        r.id
        for r in repo.import_documents([id_less(numbered_match(i)) for i in range(300)])
    ]
    # 300 won matches fill two archive shards; ask for one of each
    docs = [id_less(numbered_match(5)), id_less(numbered_match(280))]
    results = store.open().import_documents(docs)
    assert [(r.id, r.created) for r in results] == [(ids[5], False), (ids[280], False)]
    assert store.repo.count() == 300


def test_a_file_with_an_id_and_no_date_imported_again_later_is_stored_once(store):
    """A document that gives its id but no ``created`` is dated by the import;
    importing it again a minute later is the same match, not a different one
    with that id (the second import was refused when the clock had moved)."""
    doc = dump_match(numbered_match(7), {"id": "undated"})
    repo = store.open()  # its clock moves a minute at every call
    [first] = repo.import_documents([doc])
    [again] = repo.import_documents([doc])
    assert (first.created, again.created) == (True, False)
    assert again.id == first.id == "undated"
    assert repo.count() == 1
